import type {ObjectConstructor} from '../../hcl/ast.js';
import {errorDiagnostic, hasErrors} from '../../hcl/diagnostics.js';
import {convert} from '../convert.js';
import {stringType} from '../types.js';
import {type Mark, type Value, compareStrings, sortedEntriesOf, unmark, withMarks} from '../values.js';
import {keepOwnAnalysis, ownAnalysis} from '../node-analysis.js';
import {type Context, type Evaluation, conversionText, joined, none, unknown} from './context.js';
import {evaluateIn} from './evaluate.js';

/*
Object constructors.
*/

/**
The names of an object constructor whose keys are all bare names (or `null`/`true`/`false`), each once: in lexical order (`sorted`), and the place in that order of each item's name (`places`, by the item's position in the source). Undefined when a key is computed or repeated. Kept for the life of the syntax tree, so only what evaluateObject reads, and names already in order (most objects) are kept once with places shared by every such object (identityPlaces).
*/
type StaticKeys = {readonly sorted: readonly string[]; readonly places: readonly number[]};

function staticKeysOf(expression: ObjectConstructor): StaticKeys | undefined {
	// Kept in the node's analysis.
	let keys = ownAnalysis(expression) as StaticKeys | null | undefined;
	if (keys === undefined) {
		const names: string[] = [];
		for (const item of expression.items) {
			const name = item.key.kind === 'Variable'
				? item.key.name
				: (item.key.kind === 'Literal' && item.key.value.type !== 'number' ? (item.key.value.type === 'bool' ? String(item.key.value.value) : 'null') : undefined);
			if (name === undefined || names.includes(name)) {
				break;
			}

			names.push(name);
		}

		keys = names.length === expression.items.length ? sortedKeys(names) : null;
		keepOwnAnalysis(expression, keys);
	}

	return keys ?? undefined;
}

/**
The static keys of distinct names, sorted by insertion into arrays of their final length (sort() with a comparator allocates a work array, and every object constructor of a configuration is analysed).
*/
function sortedKeys(names: readonly string[]): StaticKeys {
	const count = names.length;
	const order = new Array<number>(count);
	if (count > 64) {
		// Insertion is quadratic: a big object (a generated local) is sorted.
		for (let position = 0; position < count; position++) {
			order[position] = position;
		}

		order.sort((a, b) => compareStrings(names[a]!, names[b]!));
	} else {
		for (let position = 0; position < count; position++) {
			const name = names[position]!;
			let at = position;
			while (at > 0 && compareStrings(names[order[at - 1]!]!, name) > 0) {
				order[at] = order[at - 1]!;
				at--;
			}

			order[at] = position;
		}
	}

	let inOrder = true;
	for (let place = 0; place < count && inOrder; place++) {
		inOrder = order[place] === place;
	}

	if (inOrder) {
		// A copy of its final length: `names` was grown by push.
		return {sorted: names.slice(), places: identityPlaces(count)};
	}

	const places = new Array<number>(count);
	const sorted = new Array<string>(count);
	for (let place = 0; place < count; place++) {
		places[order[place]!] = place;
		sorted[place] = names[order[place]!]!;
	}

	return {sorted, places};
}

/**
0, 1, 2, ... at least `count` of them: the places of names already in order, one array for every object constructor (only the first `count` are read).
*/
function identityPlaces(count: number): readonly number[] {
	while (sharedPlaces.length < count) {
		sharedPlaces.push(sharedPlaces.length);
	}

	return sharedPlaces;
}

const sharedPlaces: number[] = [];

/**
Objects of up to this many names keep them in arrays (as small maps do, see sortedEntries).
*/
const smallObjectNames = 32;

export function evaluateObject(expression: ObjectConstructor, context: Context): Evaluation {
	const keys = staticKeysOf(expression);
	if (keys) {
		// The common object: every key a name, so the values go straight into an object in key order (no second map to sort them into).
		// Each value put straight at its name's place in key order (evaluated in source order).
		let diagnostics = none;
		const {items} = expression;
		const sortedValues = new Array<Value>(items.length);
		for (let position = 0; position < items.length; position++) {
			const value = evaluateIn(items[position]!.value, context);
			diagnostics = joined(diagnostics, value.diagnostics);
			sortedValues[keys.places[position]!] = value.value;
		}

		if (keys.sorted.length <= smallObjectNames) {
			// Names and values in two arrays (sortedEntriesOf), not a Map: `{Name = ..., Index = count.index}` is built for every instance, mostly to be merged into tags.
			return {value: {kind: 'object', attributes: sortedEntriesOf(keys.sorted, sortedValues)}, diagnostics};
		}

		const attributes = new Map<string, Value>();
		for (let place = 0; place < sortedValues.length; place++) {
			attributes.set(keys.sorted[place]!, sortedValues[place]!);
		}

		return {value: {kind: 'object', attributes}, diagnostics};
	}

	let diagnostics = none;
	const attributes = new Map<string, Value>();
	let marks: Set<Mark> | undefined;
	let known = true;
	for (const item of expression.items) {
		let name: string | undefined;
		let key: Evaluation | undefined;
		if (item.key.kind === 'Variable') {
			name = item.key.name;
		} else if (item.key.kind === 'Literal' && item.key.value.type !== 'number') {
			// `null`, `true` and `false` as bare keys are names, as in HCL.
			name = item.key.value.type === 'bool' ? String(item.key.value.value) : 'null';
		} else {
			key = evaluateIn(item.key, context);
		}

		const value = evaluateIn(item.value, context);
		if (name !== undefined) {
			// A bare name: a string key, no conversion.
			diagnostics = joined(diagnostics, value.diagnostics);
			attributes.set(name, value.value);
			continue;
		}

		diagnostics = joined(joined(diagnostics, key!.diagnostics), value.diagnostics);
		if (hasErrors(key!.diagnostics)) {
			known = false;
			continue;
		}

		if (key!.value.kind === 'null') {
			diagnostics = joined(diagnostics, [errorDiagnostic('Null value as key', 'Can\'t use a null value as a key.', item.value.range)]);
			known = false;
			continue;
		}

		const [bareKey, keyMarks] = unmark(key!.value);
		for (const mark of keyMarks ?? []) {
			marks ??= new Set();
			marks.add(mark);
		}

		const converted = convert(bareKey, stringType);
		if (!converted.ok) {
			diagnostics = joined(diagnostics, [errorDiagnostic('Incorrect key type', `Can't use this value as a key: ${conversionText(converted, context)}.`, item.key.range)]);
			known = false;
			continue;
		}

		if (converted.value.kind !== 'string') {
			known = false;
			continue;
		}

		attributes.set(converted.value.value, value.value);
	}

	if (!known) {
		return {value: unknown(), diagnostics};
	}

	return {value: withMarks({kind: 'object', attributes: inKeyOrder(expression, attributes)}, marks), diagnostics};
}

const keyOrders = new WeakMap<object, readonly string[]>();

/**
The attributes in lexical key order, as objects keep them. The order is sorted once per node (an object constructor's keys are nearly always the same names each time) and checked against the keys at hand.
*/
function inKeyOrder(node: object, attributes: ReadonlyMap<string, Value>): Map<string, Value> {
	let order = keyOrders.get(node);
	if (!order || order.length !== attributes.size || !order.every(name => attributes.has(name))) {
		order = [...attributes.keys()].sort(compareStrings);
		keyOrders.set(node, order);
	}

	const sorted = new Map<string, Value>();
	for (const name of order) {
		sorted.set(name, attributes.get(name)!);
	}

	return sorted;
}
