import type {ForExpression} from '../../hcl/ast.js';
import {type Diagnostic, errorDiagnostic, hasErrors} from '../../hcl/diagnostics.js';
import type {Range} from '../../hcl/position.js';
import {convert} from '../convert.js';
import {maximumCollectionElements} from '../functions/limits.js';
import {boolType, friendlyTypeName, stringType} from '../types.js';
import {type Mark, type Value, numberValue, objectValue, stringValue, tupleValue, typeOf, unmark, withMarks} from '../values.js';
import {type Context, type Evaluation, conversionText, unknown} from './context.js';
import {evaluateIn} from './evaluate.js';

/*
`for` expressions, and the iteration they share with template `for` directives.
*/

/**
What a `for` iterates over: its elements, and their keys (undefined for a list or tuple, whose keys are the positions). Two arrays rather than a pair per element; a list's or tuple's own elements are used as they are.
*/
type Items = {readonly keys: readonly Value[] | undefined; readonly elements: readonly Value[]};

/**
Binds a `for`'s names (expression or template directive) to the item at `position`: its element, and its key (the position itself for a list or tuple).
*/
export function bindItem(variables: Map<string, Value>, items: Items, position: number, valueVariable: string, keyVariable: string | undefined): void {
	variables.set(valueVariable, items.elements[position]!);
	if (keyVariable) {
		variables.set(keyVariable, items.keys === undefined ? numberValue(position) : items.keys[position]!);
	}
}

type Iteration = {
	items: Items | undefined;
	marks: Set<Mark> | undefined;
	diagnostics: Diagnostic[];
	/**
	Set when the collection is unknown: the result is unknown.
	*/
	unknown?: boolean;
};

/**
`keyed`: whether the `for` names a key variable; without one a map's or object's keys are not made (only bindItem reads them, for that variable).
*/
export function iterate(collection: Value, collectionNode: {readonly range: Range}, contextNode: {readonly range: Range}, keyed: boolean): Iteration {
	const [bare, marks] = unmark(collection);
	const ownMarks = marks ? new Set(marks) : undefined;
	if (bare.kind === 'null') {
		return {items: undefined, marks: ownMarks, diagnostics: [errorDiagnostic('Iteration over null value', 'A null value cannot be used as the collection in a \'for\' expression.', collectionNode.range, contextNode.range)]};
	}

	if (bare.kind === 'unknown') {
		const type = bare.type;
		if (type.kind === 'dynamic' || type.kind === 'list' || type.kind === 'set' || type.kind === 'map' || type.kind === 'tuple' || type.kind === 'object') {
			return {
				items: undefined, marks: ownMarks, diagnostics: [], unknown: true,
			};
		}
	}

	switch (bare.kind) {
		case 'list':
		case 'tuple': {
			return {items: {keys: undefined, elements: bare.elements}, marks: ownMarks, diagnostics: []};
		}

		case 'set': {
			return {items: {keys: bare.elements, elements: bare.elements}, marks: ownMarks, diagnostics: []};
		}

		case 'map': {
			const keys = keyed ? new Array<Value>(bare.entries.size) : undefined;
			const elements = new Array<Value>(bare.entries.size);
			let position = 0;
			for (const [key, element] of bare.entries) {
				if (keys) {
					keys[position] = stringValue(key);
				}

				elements[position] = element;
				position++;
			}

			return {items: {keys, elements}, marks: ownMarks, diagnostics: []};
		}

		case 'object': {
			const names = [...bare.attributes.keys()].sort();
			const keys = keyed ? new Array<Value>(names.length) : undefined;
			const elements = new Array<Value>(names.length);
			for (let position = 0; position < names.length; position++) {
				if (keys) {
					keys[position] = stringValue(names[position]!);
				}

				elements[position] = bare.attributes.get(names[position]!)!;
			}

			return {items: {keys, elements}, marks: ownMarks, diagnostics: []};
		}

		default: {
			return {items: undefined, marks: ownMarks, diagnostics: [errorDiagnostic('Iteration over non-iterable value', `A value of type ${friendlyTypeName(typeOf(bare))} cannot be used as the collection in a 'for' expression.`, collectionNode.range, contextNode.range)]};
		}
	}
}

const leafCounts = new WeakMap<Value, number>();

/**
How many primitive values (an empty collection counting as one) a value holds, at any depth; remembered per collection, since nested `for` results are counted again at each level.
*/
function leafCount(value: Value): number {
	switch (value.kind) {
		case 'list':
		case 'set':
		case 'tuple':
		case 'map':
		case 'object': {
			const cached = leafCounts.get(value);
			if (cached !== undefined) {
				return cached;
			}

			const children = value.kind === 'map' ? value.entries.values() : (value.kind === 'object' ? value.attributes.values() : value.elements);
			let count = 0;
			for (const child of children) {
				count += leafCount(child);
			}

			const total = Math.max(1, count);
			// Small values are cheaper to count again than to remember (every `for` element is counted).
			if (total > 64) {
				leafCounts.set(value, total);
			}

			return total;
		}

		default: {
			return 1;
		}
	}
}

function tooManyElements(expression: ForExpression): Evaluation {
	return {value: unknown(), diagnostics: [errorDiagnostic('Too many elements', `This 'for' expression would build more than ${maximumCollectionElements} values (maximumCollectionElements), tfscope's limit on what one expression builds; its value is unknown.`, expression.range)]};
}

export function evaluateFor(expression: ForExpression, context: Context): Evaluation {
	const collection = evaluateIn(expression.collection, context);
	const diagnostics = [...collection.diagnostics];
	if (hasErrors(diagnostics)) {
		return {value: unknown(), diagnostics};
	}

	const [bareCollection, collectionMarks] = unmark(collection.value);
	if (bareCollection.kind === 'object' && bareCollection.open) {
		// A resource without its schema: the provider may add attributes, so what iterating it gives is not known.
		return {value: withMarks(unknown(), collectionMarks), diagnostics};
	}

	const iteration = iterate(collection.value, expression.collection, expression, expression.keyVariable !== undefined);
	diagnostics.push(...iteration.diagnostics);
	if (!iteration.items) {
		return {value: withMarks(unknown(), iteration.marks), diagnostics};
	}

	const marks = new Set<Mark>(iteration.marks ?? []);
	const elements: Value[] = [];
	const keys: string[] = [];
	const groups = new Map<string, Value[]>();
	const objectValues = new Map<string, Value>();
	let known = true;
	// One scope for every iteration, its names rebound each time: evaluation is synchronous and no value keeps a scope.
	const variables = new Map<string, Value>();
	const inner: Context = {...context, scope: context.scope.child(variables)};
	// Leaf values built so far: nested `for` expressions over `range(1024)` multiply, and three levels would build 10^9.
	let built = 0;
	const {elements: items} = iteration.items;
	for (let position = 0; position < items.length; position++) {
		bindItem(variables, iteration.items, position, expression.valueVariable, expression.keyVariable);

		if (expression.condition) {
			const condition = evaluateIn(expression.condition, inner);
			diagnostics.push(...condition.diagnostics);
			if (hasErrors(condition.diagnostics)) {
				known = false;
				continue;
			}

			if (condition.value.kind === 'null') {
				// Terraform words a literal `null` and a null of type bool differently.
				const summary = condition.value.type.kind === 'dynamic' ? 'Condition is null' : 'Invalid \'for\' condition';
				diagnostics.push(errorDiagnostic(summary, 'The value of the \'if\' clause must not be null.', expression.condition.range, expression.range));
				known = false;
				continue;
			}

			const converted = convert(condition.value, boolType);
			if (!converted.ok) {
				diagnostics.push(errorDiagnostic('Invalid \'for\' condition', `The 'if' clause value is invalid: ${conversionText(converted, context)}.`, expression.condition.range, expression.range));
				known = false;
				continue;
			}

			const [bare, conditionMarks] = unmark(converted.value);
			for (const mark of conditionMarks ?? []) {
				marks.add(mark);
			}

			if (bare.kind === 'unknown') {
				known = false;
				continue;
			}

			if (bare.kind === 'bool' && !bare.value) {
				continue;
			}
		}

		if (expression.keyExpression) {
			const keyResult = evaluateIn(expression.keyExpression, inner);
			diagnostics.push(...keyResult.diagnostics);
			if (hasErrors(keyResult.diagnostics)) {
				known = false;
				continue;
			}

			if (keyResult.value.kind === 'null') {
				diagnostics.push(errorDiagnostic('Invalid object key', 'Key expression in \'for\' expression must not produce a null value.', expression.keyExpression.range, expression.range));
				known = false;
				continue;
			}

			const converted = convert(keyResult.value, stringType);
			if (!converted.ok) {
				diagnostics.push(errorDiagnostic('Invalid object key', `The key expression produced an invalid result: ${conversionText(converted, context)}.`, expression.keyExpression.range, expression.range));
				known = false;
				continue;
			}

			const [bareKey, keyMarks] = unmark(converted.value);
			for (const mark of keyMarks ?? []) {
				marks.add(mark);
			}

			const valueResult = evaluateIn(expression.valueExpression, inner);
			diagnostics.push(...valueResult.diagnostics);
			built += leafCount(valueResult.value);
			if (built > maximumCollectionElements) {
				return tooManyElements(expression);
			}

			if (bareKey.kind !== 'string') {
				known = false;
				continue;
			}

			if (expression.grouping) {
				const group = groups.get(bareKey.value);
				if (group) {
					group.push(valueResult.value);
				} else {
					keys.push(bareKey.value);
					groups.set(bareKey.value, [valueResult.value]);
				}
			} else {
				if (objectValues.has(bareKey.value)) {
					diagnostics.push(errorDiagnostic('Duplicate object key', `Two different items produced the key ${JSON.stringify(bareKey.value)} in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.`, expression.keyExpression.range, expression.range));
					known = false;
					continue;
				}

				objectValues.set(bareKey.value, valueResult.value);
			}

			continue;
		}

		const valueResult = evaluateIn(expression.valueExpression, inner);
		diagnostics.push(...valueResult.diagnostics);
		elements.push(valueResult.value);
		built += leafCount(valueResult.value);
		if (built > maximumCollectionElements) {
			return tooManyElements(expression);
		}
	}

	const resultMarks = marks.size > 0 ? marks : undefined;
	if (!known || hasErrors(diagnostics)) {
		return {value: withMarks(unknown(), resultMarks), diagnostics};
	}

	if (expression.keyExpression) {
		const entries: Array<[string, Value]> = expression.grouping
			? [...groups].map(([key, group]) => [key, tupleValue(group)])
			: [...objectValues];
		entries.sort(([a], [b]) => (a < b ? -1 : (a > b ? 1 : 0)));
		return {value: withMarks(objectValue(entries), resultMarks), diagnostics};
	}

	return {value: withMarks(tupleValue(elements), resultMarks), diagnostics};
}
