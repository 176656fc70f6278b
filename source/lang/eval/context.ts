import type {Expression} from '../../hcl/ast.js';
import type {Diagnostic} from '../../hcl/diagnostics.js';
import type {Range} from '../../hcl/position.js';
import type {Traversal} from '../references.js';
import {type Type, dynamicType} from '../types.js';
import {type Mark, type Value, typeOf, unknownValue} from '../values.js';
import {maximumValueNodes, treeSize} from '../budget.js';
import {type ConversionFailure, conversionFailureText} from '../convert.js';
import {mismatchWordingOf} from '../function.js';
import type {Scope} from './scope.js';
import {type InvariantCache, type InvariantPoints, type Resolution, ReferenceProblem} from './invariant.js';

/*
What every expression kind's evaluation shares: the evaluation context, the result shape, diagnostics lists that are shared until added to, the budget charge, marks.
*/

export type Context = {
	readonly scope: Scope;
	/**
	The element a splat's `each` expression is applied to.
	*/
	readonly item?: Value;
	/**
	References already resolved by `evaluate`'s check before evaluating, so each is resolved once (resolvers are deterministic): the expression's own (cached) traversals, and their resolutions beside them (undefined for names bound by the scope). An expression has a handful of references, for which a scan beats a Map; `byTraversal` is the Map after all for a big one (a generated local with hundreds of references). In the context itself, not a record of their own: one object less per evaluation.
	*/
	readonly traversals?: readonly Traversal[];
	readonly resolutions?: Array<Resolution | undefined>;
	readonly byTraversal?: ReadonlyMap<Traversal, Value>;
	/**
	Records each node's evaluation, only when a provenance trace is asked for (`tfscope why`): absent on the normal path, where it costs one property check per node.
	*/
	readonly tracer?: EvaluationTracer;
	/**
	Evaluations of the parts of the expression that are the same for every instance of a repeated block, kept and reused (invariant.ts), and the expression's points: only when the caller passes a cache, never with a tracer.
	*/
	readonly invariantCache?: InvariantCache;
	readonly invariantPoints?: InvariantPoints;
};

/**
Told of every node as it is evaluated, with the scope (its `for` variables) and the splat element, then of its result: calls nest as the evaluation does.
*/
export type EvaluationTracer = {
	enter(expression: Expression, scope: Scope, item: Value | undefined): void;
	leave(expression: Expression, value: Value, diagnostics: readonly Diagnostic[]): void;
};

/**
The value `evaluate` resolved a traversal's subject to before evaluating. `traversalsOf` gives the traversal objects of the expression's own nodes (the ones `traversalOf` gives the evaluator), so they are matched by identity. A resolution with diagnostics is not reused: it is resolved again where it is read, as evaluation reports it.
*/
export function resolutionOf(context: Context, traversal: Traversal): Value | undefined {
	const {resolutions} = context;
	if (resolutions === undefined) {
		return undefined;
	}

	if (context.byTraversal !== undefined) {
		return context.byTraversal.get(traversal);
	}

	const position = context.traversals!.indexOf(traversal);
	const resolution = position === -1 ? undefined : resolutions[position];
	return resolution instanceof ReferenceProblem ? undefined : resolution;
}

/**
The clean resolutions of a big expression's traversals by traversal (see Context).
*/
export function resolutionsByTraversal(traversals: readonly Traversal[], resolutions: ReadonlyArray<Resolution | undefined>): ReadonlyMap<Traversal, Value> | undefined {
	if (traversals.length <= 32) {
		return undefined;
	}

	const byTraversal = new Map<Traversal, Value>();
	for (let position = 0; position < traversals.length; position++) {
		const resolution = resolutions[position];
		if (resolution !== undefined && !(resolution instanceof ReferenceProblem)) {
			byTraversal.set(traversals[position]!, resolution);
		}
	}

	return byTraversal;
}

export type Evaluation = {value: Value; diagnostics: Diagnostic[]};

/**
A failed conversion's message in the words of the scope's release (FunctionContext.mismatchWording).
*/
export function conversionText(failure: ConversionFailure, context: Context): string {
	return conversionFailureText(failure, mismatchWordingOf(context.scope.functionContext));
}

/**
The diagnostics of the (many) results without any: one shared, frozen array, so a result costs one object. Results' diagnostics are only read and copied, never added to (freezing makes a mistake throw in tests).
*/
export const none: Diagnostic[] = Object.freeze([]) as unknown as Diagnostic[];

/**
Diagnostics about references (undeclared names, invalid references). Terraform checks references before evaluating, so these survive where other diagnostics are dropped (the branch a conditional does not take, `try`, `can`).
*/
export const referenceDiagnostics = new WeakSet<Diagnostic>();

/**
Diagnostics a resolver reports about a reference that its language finds only by evaluating it, as HCL without Terraform's static checks does (Terragrunt's `values.NAME`): `try` and `can` catch them like any other evaluation error.
*/
export const evaluationReferenceDiagnostics = new WeakSet<Diagnostic>();

export function isReferenceDiagnostic(diagnostic: Diagnostic): boolean {
	return referenceDiagnostics.has(diagnostic);
}

export function keepReferenceDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
	return diagnostics.filter(diagnostic => referenceDiagnostics.has(diagnostic));
}

/**
`list` with `diagnostic` added: a new list when `list` is the shared empty one, else `list` itself, which must be the caller's own (made by `added` or `appended`).
*/
export function added(list: Diagnostic[], diagnostic: Diagnostic): Diagnostic[] {
	if (list === none) {
		return [diagnostic];
	}

	list.push(diagnostic);
	return list;
}

/**
`list` with `more` added, as `added` does: `more` is copied, never kept.
*/
export function appended(list: Diagnostic[], more: readonly Diagnostic[]): Diagnostic[] {
	if (list === none) {
		return [...more];
	}

	list.push(...more);
	return list;
}

/**
`list` followed by `more`: `list` itself when `more` is empty, a new array otherwise (results' arrays are never added to).
*/
export function joined(list: Diagnostic[], more: readonly Diagnostic[]): Diagnostic[] {
	if (more.length === 0) {
		return list;
	}

	return list.length === 0 ? more as Diagnostic[] : [...list, ...more];
}

/**
The evaluation unless it spends the evaluation's budget (budget.ts): then an unknown value of its type, with the diagnostic the first time. The node's range (line and column, computed when read) only then.
*/
export function charged(evaluation: Evaluation, node: {readonly range: Range}, context: Context): Evaluation {
	const {budget} = context.scope.functionContext;
	if (budget === undefined || budget.charge(evaluation.value)) {
		return evaluation;
	}

	// The type of a value refused for its size could be as big to compute (a doubled tuple's type is doubled too).
	const type = treeSize(evaluation.value) > maximumValueNodes ? dynamicType : typeOf(evaluation.value);
	return {value: unknown(type), diagnostics: [...evaluation.diagnostics, ...budget.exhausted(node.range)]};
}

/**
Whether the evaluation's budget lets an operation walk the whole of `values` (budget.ts; `deep`: building or writing something for each node, `maximumDeepWalkNodes`): undefined when it does; when not, the operation must not run, and these are its diagnostics (the budget's, the first time).
*/
export function walkRefused(values: readonly Value[], node: {readonly range: Range}, context: Context, deep = false): Diagnostic[] | undefined {
	const {budget} = context.scope.functionContext;
	return budget === undefined || budget.walks(values, deep) ? undefined : budget.exhausted(node.range);
}

export function unknown(type: Type = dynamicType): Value {
	return unknownValue(type);
}

export function marksOf(...values: Value[]): Set<Mark> | undefined {
	// The Set only when a value is marked: every operator and conditional asks.
	let marks: Set<Mark> | undefined;
	for (const value of values) {
		if (value.marks && value.marks.size > 0) {
			marks ??= new Set();
			for (const mark of value.marks) {
				marks.add(mark);
			}
		}
	}

	return marks;
}
