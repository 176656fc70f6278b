import {dynamicType, listType, mapType} from '../lang/types.js';
import {type ObjectValue, type Value, compareStrings, nullValue, sortedEntries, tupleValue, unknownValue} from '../lang/values.js';
import type {InstanceKey} from './addresses.js';
import type {Expansion} from './expansion.js';

/*
The value of a repeated block: a tuple for count, an object for for_each.
*/

export function sortedObject(entries: Iterable<readonly [string, Value]>): ObjectValue {
	return {kind: 'object', attributes: new Map([...entries].sort(([a], [b]) => compareStrings(a, b)))};
}

/**
The object of a for_each block's instances by key. Their keys come sorted (expansion orders them) and distinct, so the object is a small map's entries, its keys shared with other objects of the same keys (the instances of every block over one for_each), rather than a Map of its own per block and module instance; in any other case the Map is sorted here.
*/
function forEachObject(pairs: ReadonlyArray<readonly [InstanceKey, Value]>): ObjectValue {
	const keys = new Array<string>(pairs.length);
	const values = new Array<Value>(pairs.length);
	let inOrder = true;
	for (let position = 0; position < pairs.length; position++) {
		const [key, value] = pairs[position]!;
		keys[position] = key.kind === 'string' ? key.value : '';
		values[position] = value;
		inOrder &&= position === 0 || compareStrings(keys[position - 1]!, keys[position]!) < 0;
	}

	return inOrder ? {kind: 'object', attributes: sortedEntries(keys, values)} : sortedObject(keys.map((key, position) => [key, values[position]!] as const));
}

/**
Collects the values of a block's instances the way references see them: the object itself, a tuple (count) or an object keyed by instance key (for_each).
*/
export function collectionValue(expansion: Expansion, values: () => Array<readonly [InstanceKey, Value]>): Value {
	switch (expansion.mode) {
		case 'single': {
			return values()[0]?.[1] ?? unknownValue();
		}

		case 'enabled': {
			// A disabled resource or module call is null (OpenTofu's internal/tofu/evaluate.go).
			return values()[0]?.[1] ?? nullValue();
		}

		case 'count': {
			return tupleValue(values().map(([, value]) => value));
		}

		case 'for_each': {
			return forEachObject(values());
		}

		case 'unknown': {
			// Not known how many: an unknown tuple (count) or object (for_each) of instances, which indexing, splats and functions read as unknown.
			return expansion.meta === 'count' ? unknownCountCollection : unknownForEachCollection;
		}

		default: {
			return unknownValue(dynamicType);
		}
	}
}

const unknownCountCollection = unknownValue(listType(dynamicType));
const unknownForEachCollection = unknownValue(mapType(dynamicType));
