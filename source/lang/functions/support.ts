import {FunctionError} from '../function.js';
import {formatNumber} from '../numbers.js';
import {markedSet} from '../convert.js';
import {rawEquals} from '../operations.js';
import {type Type} from '../types.js';
import {unify} from '../unify.js';
import {
	type NumericValue, type Value, Numeric, compareStrings, isWhollyKnown,
} from '../values.js';

/*
Small value helpers the function families share: equality, cty's set order, type unification for the collection functions, and number/string conversions with Terraform's messages.
*/

/**
Deep equality of two known values of the same type (cty's RawEquals).
*/
export function valueEquals(a: Value, b: Value): boolean {
	return rawEquals(a, b);
}

/**
A set of the given elements (already of the element type): deduplicated and in cty's order, with marks on elements moved onto the set.
*/
export function makeSet(elementType: Type, elements: readonly Value[]): Value {
	return markedSet(elementType, elements);
}

/**
cty's type unification (unsafe flavour): the one type all the given types convert to, or undefined.
*/
export function unifyTypes(types: readonly Type[]): Type | undefined {
	return unify(types);
}

export function stringOf(value: Value): string {
	if (value.kind !== 'string') {
		throw new Error(`internal: expected a string, got ${value.kind}`);
	}

	return value.value;
}

export function numberOf(value: Value): NumericValue {
	if (value.kind !== 'number') {
		throw new Error(`internal: expected a number, got ${value.kind}`);
	}

	return value.value;
}

export const wholeNumberMessage = 'value must be a whole number, between -9223372036854775808 and 9223372036854775807';

const int64Limit = new Numeric('9223372036854775807');

/**
An integer argument as a JS number; a fraction or a number beyond int64 fails with gocty's message after `prefix`, as an argument error when `argumentIndex` is given.
*/
export function integerOf(value: Value, argumentIndex: number | undefined, prefix = ''): number {
	const number = numberOf(value);
	if (!number.isInteger() || number.abs().greaterThan(int64Limit)) {
		throw new FunctionError(prefix + wholeNumberMessage, argumentIndex);
	}

	return number.toNumber();
}

/**
The elements of a list, set or tuple (or the values of a map or object, in key order).
*/
export function elementsOf(value: Value): readonly Value[] {
	switch (value.kind) {
		case 'list':
		case 'set':
		case 'tuple': {
			return value.elements;
		}

		case 'map': {
			return [...value.entries.values()];
		}

		case 'object': {
			return [...value.attributes.keys()].sort(compareStrings).map(name => value.attributes.get(name)!);
		}

		default: {
			return [];
		}
	}
}

/**
How many elements a known list, set or tuple has, or undefined when that is not known yet (cty's Length): a tuple's length is in its type; a set with unknowns among more than one element may shrink once they are known (they could equal other elements), so only a wholly known set or a one-element set has a known length.
*/
export function knownLength(value: Value): number | undefined {
	if (value.kind === 'unknown') {
		return value.type.kind === 'tuple' ? value.type.elements.length : undefined;
	}

	if (value.kind === 'set' && value.elements.length > 1 && !isWhollyKnown(value)) {
		return undefined;
	}

	return elementsOf(value).length;
}

/**
Terraform measures strings in grapheme clusters for length, substr and strrev: the text split into user-perceived characters.
*/
// Made on first use: the first Intl.Segmenter of a process costs tens of milliseconds (ICU's data), too much for every start.
let segmenterMade: Intl.Segmenter | undefined;
const segmenter = {segment: (text: string) => (segmenterMade ??= new Intl.Segmenter('en', {granularity: 'grapheme'})).segment(text)};

// ASCII without a carriage return: every character is a cluster of its own (only CR LF joins, among ASCII characters).
const singleClusterCharacters = /^[\u0000-\u000C\u000E-\u007F]*$/;

export function graphemes(text: string): string[] {
	if (singleClusterCharacters.test(text)) {
		return text.split('');
	}

	if (text.length <= graphemeChunkLength) {
		return Array.from(segmenter.segment(text), segment => segment.segment);
	}

	// V8's segmenter takes time quadratic in the length of the text it is given (40,000 characters: over a second), so long text is segmented a chunk at a time. A chunk's last cluster may continue past the chunk, so it is dropped and the next chunk starts where it started: a cluster boundary, from which segmentation resumes exactly as from the text's start.
	const clusters: string[] = [];
	let start = 0;
	let size = graphemeChunkLength;
	while (start < text.length) {
		if (start + size >= text.length) {
			for (const segment of segmenter.segment(text.slice(start))) {
				clusters.push(segment.segment);
			}

			break;
		}

		// Never end a chunk inside a surrogate pair: the half would be taken for a character of its own.
		let end = start + size;
		const code = text.charCodeAt(end - 1);
		if (code >= 0xD8_00 && code <= 0xDB_FF) {
			end--;
		}

		const chunk = Array.from(segmenter.segment(text.slice(start, end)), segment => segment.segment);
		if (chunk.length < 2) {
			// One cluster fills the chunk (a letter with thousands of combining marks): look further.
			size *= 2;
			continue;
		}

		const last = chunk.pop()!;
		for (const cluster of chunk) {
			clusters.push(cluster);
		}

		start = end - last.length;
		size = graphemeChunkLength;
	}

	return clusters;
}

const graphemeChunkLength = 2048;

/**
How many grapheme clusters `text` has: `graphemes(text).length`, without making a string per character of ASCII text (a 43 MB `yamlencode` result took 6.4 s of CPU, nearly all in making them).
*/
export function graphemeCount(text: string): number {
	return singleClusterCharacters.test(text) ? text.length : graphemes(text).length;
}

/**
A number as Terraform writes it in strings: plain decimal, no exponent.
*/
export function numberText(number: NumericValue): string {
	return formatNumber(number);
}

const shortEscapes: Readonly<Record<string, string>> = {'"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t'};

/**
`text` in double quotes with the quote, backslash, newline, carriage return and tab escaped, and every character for which `needsUnicodeEscape` holds written as a `\u` escape: the quoting JSON encoding and HCL encoding share, differing only in which characters take a `\u` escape.
*/
export function quoteWith(text: string, needsUnicodeEscape: (character: string, code: number) => boolean): string {
	let result = '"';
	for (const character of text) {
		const code = character.codePointAt(0)!;
		result += shortEscapes[character] ?? (needsUnicodeEscape(character, code) ? `\\u${code.toString(16).padStart(4, '0')}` : character);
	}

	return `${result}"`;
}
