/*
JSON text written as Go's encoding/json writes maps (and so as `@cdktf/hcl2json` prints them): object keys sorted by their UTF-8 bytes, in JSON.stringify's layout (on one line or indented). JSON.stringify itself writes an object's keys in the order they were set, except integer-like keys, which JavaScript puts first: a value with such keys is written here instead.
*/

/**
How JSON text is laid out: `indent` is '' for one line, or the unit of indentation (as JSON.stringify's third argument).
*/
export type JsonLayout = {readonly indent: string};

/**
The order of two keys by their UTF-8 bytes, which is their order by code point. JavaScript compares UTF-16 code units, which differs only where a surrogate (a code point above U+FFFF) meets a unit from U+E000 up: those are lifted apart here.
*/
export function compareKeys(a: string, b: string): number {
	if (a === b) {
		return 0;
	}

	const length = a.length < b.length ? a.length : b.length;
	for (let index = 0; index < length; index++) {
		const x = a.charCodeAt(index);
		const y = b.charCodeAt(index);
		if (x !== y) {
			if (x >= 0xD8_00 && y >= 0xD8_00) {
				return codePointRank(x) - codePointRank(y);
			}

			return x - y;
		}
	}

	return a.length - b.length;
}

/**
A code unit from U+D800 up moved to where its code point sorts: surrogates after every other unit.
*/
function codePointRank(unit: number): number {
	return unit <= 0xDF_FF ? unit + 0x20_00 : unit - 0x8_00;
}

/**
The line break and indentation before an item at `depth` (the outermost value's own items are at depth 1); nothing on one line.
*/
function newline(layout: JsonLayout, depth: number): string {
	return layout.indent === '' ? '' : '\n' + layout.indent.repeat(depth);
}

/**
The text of an object whose keys are already sorted (as `compareKeys`) and whose values are the texts of values at `depth + 1`.
*/
function objectText(keys: readonly string[], values: readonly string[], depth: number, layout: JsonLayout): string {
	if (keys.length === 0) {
		return '{}';
	}

	const inner = newline(layout, depth + 1);
	const separator = layout.indent === '' ? ':' : ': ';
	let text = '{' + inner + JSON.stringify(keys[0]!) + separator + values[0]!;
	for (let index = 1; index < keys.length; index++) {
		text += ',' + inner + JSON.stringify(keys[index]!) + separator + values[index]!;
	}

	return text + newline(layout, depth) + '}';
}

/**
The text of an array whose items are the texts of values at `depth + 1`.
*/
function arrayText(items: readonly string[], depth: number, layout: JsonLayout): string {
	if (items.length === 0) {
		return '[]';
	}

	const inner = newline(layout, depth + 1);
	let text = '[' + inner + items[0]!;
	for (let index = 1; index < items.length; index++) {
		text += ',' + inner + items[index]!;
	}

	return text + newline(layout, depth) + ']';
}

/**
The JSON text of a plain value (what JSON.parse gives, or plain records of such values) with each object's keys sorted as `compareKeys`. Properties whose value is undefined or a function are left out, as JSON.stringify leaves them out.
*/
export function sortedJsonText(value: unknown, layout: JsonLayout, depth = 0): string {
	if (typeof value !== 'object' || value === null) {
		return JSON.stringify(value) ?? 'null';
	}

	if (Array.isArray(value)) {
		return arrayText(value.map((item: unknown) => sortedJsonText(item, layout, depth + 1)), depth, layout);
	}

	const record = value as Record<string, unknown>;
	const keys = Object.keys(record).filter(key => record[key] !== undefined && typeof record[key] !== 'function').sort(compareKeys);
	return objectText(keys, keys.map(key => sortedJsonText(record[key], layout, depth + 1)), depth, layout);
}

/**
Whether JavaScript takes a key for an array index, and so orders it before the other keys of an object whatever the order they were set in.
*/
export function isIndexKey(key: string): boolean {
	const first = key.charCodeAt(0);
	return first >= 48 && first <= 57 && /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) < 4_294_967_295;
}
