import {
	type Value, listValue, objectValue, tupleValue,
} from '../lang/values.js';

/*
Terragrunt's value merges (pkg/config/include.go, cty_helpers.go): a deep merge combines objects and maps key by key, recursively, and concatenates lists and tuples (mergo.WithAppendSlice); anything else is replaced by the later value.
*/

function entriesOf(value: Value): ReadonlyMap<string, Value> | undefined {
	if (value.kind === 'object') {
		return value.attributes;
	}

	if (value.kind === 'map') {
		return value.entries;
	}

	return undefined;
}

function itemsOf(value: Value): readonly Value[] | undefined {
	return value.kind === 'list' || value.kind === 'tuple' ? value.elements : undefined;
}

/**
`later` deep-merged over `earlier`.
*/
export function deepMergeValues(earlier: Value, later: Value): Value {
	const a = entriesOf(earlier);
	const b = entriesOf(later);
	if (a && b) {
		const merged = new Map(a);
		for (const [key, value] of b) {
			const previous = merged.get(key);
			merged.set(key, previous === undefined ? value : deepMergeValues(previous, value));
		}

		return objectValue(merged);
	}

	const left = itemsOf(earlier);
	const right = itemsOf(later);
	if (left && right) {
		return earlier.kind === 'list' && later.kind === 'list' && earlier.elementType.kind === later.elementType.kind
			? listValue(earlier.elementType, [...left, ...right])
			: tupleValue([...left, ...right]);
	}

	return later;
}

/**
`later`'s keys over `earlier`'s, one level (Terragrunt's shallow merge of `inputs` and of mock outputs).
*/
export function shallowMergeValues(earlier: Value, later: Value): Value {
	const a = entriesOf(earlier);
	const b = entriesOf(later);
	return a && b ? objectValue(new Map([...a, ...b])) : later;
}

export function attributesOf(value: Value | undefined): ReadonlyMap<string, Value> {
	return (value && entriesOf(value)) ?? new Map();
}
