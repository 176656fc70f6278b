import type {Expression} from '../../hcl/ast.js';
import {type Diagnostic, hasErrors} from '../../hcl/diagnostics.js';
import {type TraversalStep, traversalOf} from '../references.js';
import {type Value, numberValue, stringValue} from '../values.js';
import {getAttribute, index} from './traverse.js';
import {mismatchWordingOf} from '../function.js';
import {ReferenceProblem} from './invariant.js';
import {type Context, type Evaluation, joined, none, resolutionOf, unknown} from './context.js';
import {evaluateIn} from './evaluate.js';
import {consumedBy, resolveTraversal} from './resolve.js';

/*
Traversals: attribute and index steps on a root name (resolved through the scope) or on any other expression.
*/

/**
A chain of attribute and index steps on a root name: the static part is read as a reference and resolved through the scope; what remains is applied step by step.
*/
export function evaluateTraversal(expression: Expression, context: Context): Evaluation {
	const chain = traversalOf(expression);
	if (!chain) {
		// A chain on something other than a name: `[1, 2][0]`, `f(x).a`.
		return applyStep(expression, context);
	}

	const {traversal, depth} = chain;
	const bound = context.scope.lookup(traversal.root);
	let value: Value;
	let consumed: number;
	let diagnostics = none;
	if (bound) {
		value = bound;
		consumed = 0;
	} else {
		const resolved = resolutionOf(context, traversal) ?? resolveTraversal(traversal, context.scope);
		if (resolved instanceof ReferenceProblem) {
			diagnostics = joined(diagnostics, resolved.diagnostics as Diagnostic[]);
			if (resolved.value === undefined) {
				return {value: unknown(), diagnostics};
			}

			value = resolved.value;
			consumed = resolved.consumed;
		} else {
			value = resolved;
			consumed = consumedBy(traversal);
		}
	}

	// Apply the static steps past the subject, then the rest of the chain (dynamic keys) as ordinary nodes.
	for (let position = consumed; position < depth; position++) {
		const step: TraversalStep | undefined = position < chain.staticDepth ? traversal.steps[position] : undefined;
		if (step) {
			// Most steps read an attribute or element that is there, of an unmarked value: no result object needed.
			const found = value.marks ? undefined : staticStep(value, step);
			if (found) {
				value = found;
				continue;
			}
		}

		const node = chain.nodeAt(position);

		let result: Evaluation;
		if (step) {
			result = step.kind === 'attribute' ? getAttribute(value, step.name, node) : index(value, typeof step.key === 'number' ? numberValue(step.key) : stringValue(step.key), node, mismatchWordingOf(context.scope.functionContext));
		} else if (node.kind === 'GetAttribute') {
			result = getAttribute(value, node.name, node);
		} else {
			const key = evaluateIn((node as Extract<Expression, {kind: 'Index'}>).key, context);
			diagnostics = joined(diagnostics, key.diagnostics);
			if (hasErrors(key.diagnostics)) {
				return {value: unknown(), diagnostics};
			}

			result = index(value, key.value, node, mismatchWordingOf(context.scope.functionContext));
		}

		diagnostics = joined(diagnostics, result.diagnostics);
		if (hasErrors(result.diagnostics)) {
			return {value: unknown(), diagnostics};
		}

		value = result.value;
	}

	return {value, diagnostics};
}

/**
The attribute or element a static step reads from an unmarked value when it is simply there (what getAttribute and index would give without diagnostics); undefined for everything else, which they handle.
*/
function staticStep(value: Value, step: TraversalStep): Value | undefined {
	if (step.kind === 'attribute') {
		if (value.kind === 'object') {
			return value.attributes.get(step.name);
		}

		return value.kind === 'map' ? value.entries.get(step.name) : undefined;
	}

	const {key} = step;
	if (typeof key === 'number') {
		return (value.kind === 'tuple' || value.kind === 'list') && key >= 0 ? value.elements[key] : undefined;
	}

	if (value.kind === 'object') {
		return value.attributes.get(key);
	}

	return value.kind === 'map' ? value.entries.get(key) : undefined;
}

function applyStep(expression: Expression, context: Context): Evaluation {
	if (expression.kind === 'GetAttribute') {
		const object = evaluateIn(expression.object, context);
		if (hasErrors(object.diagnostics)) {
			return {value: unknown(), diagnostics: object.diagnostics};
		}

		const result = getAttribute(object.value, expression.name, expression);
		return {value: result.value, diagnostics: [...object.diagnostics, ...result.diagnostics]};
	}

	if (expression.kind === 'Index') {
		const collection = evaluateIn(expression.collection, context);
		const key = evaluateIn(expression.key, context);
		const diagnostics = [...collection.diagnostics, ...key.diagnostics];
		if (hasErrors(diagnostics)) {
			return {value: unknown(), diagnostics};
		}

		const result = index(collection.value, key.value, expression, mismatchWordingOf(context.scope.functionContext));
		return {value: result.value, diagnostics: [...diagnostics, ...result.diagnostics]};
	}

	return evaluateIn(expression, context);
}
