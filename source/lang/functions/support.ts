import {FunctionError} from '../function.js';
import {formatNumber} from '../numbers.js';
import {rawEquals, setFromElements} from '../operations.js';
import {type Type} from '../types.js';
import {unify} from '../unify.js';
import {
	type KnownValue, type NumericValue, type Value, Numeric, compareStrings, mapValue, nullValue, numberValue, stringValue, typeOf,
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
A set of the given elements (already of the element type): deduplicated and in cty's order.
*/
export function makeSet(elementType: Type, elements: readonly Value[]): Value {
	return setFromElements(elementType, elements);
}

/**
cty's type unification (unsafe flavour): the one type all the given types convert to, or undefined.
*/
export function unifyTypes(types: readonly Type[]): Type | undefined {
	return unify(types);
}

export function requireKnown(value: Value): KnownValue {
	if (value.kind === 'unknown' || value.kind === 'null') {
		throw new Error(`internal: expected a known value, got ${value.kind}`);
	}

	return value;
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

export function textValue(text: string): Value {
	return stringValue(text);
}

export function integerValue(number: number | bigint): Value {
	return numberValue(number);
}

export function emptyMapOf(type: Type): Value {
	return mapValue(type, []);
}

export function typedNull(type: Type): Value {
	return nullValue(type);
}

export function typeOfAll(values: readonly Value[]): Type[] {
	return values.map(value => typeOf(value));
}

/**
Go's utf8 handling: Terraform measures strings in grapheme clusters for length/substr/strrev; this splits text into user-perceived characters.
*/
const segmenter = new Intl.Segmenter('en', {granularity: 'grapheme'});

export function graphemes(text: string): string[] {
	return Array.from(segmenter.segment(text), segment => segment.segment);
}

/**
A number as Terraform writes it in strings: plain decimal, no exponent.
*/
export function numberText(number: NumericValue): string {
	return formatNumber(number);
}

/**
Go's strconv.Quote: double quotes, escapes for quote, backslash and non-printable characters.
*/
export function goQuoteString(text: string): string {
	let result = '"';
	for (const character of text) {
		const code = character.codePointAt(0)!;
		switch (character) {
			case '"': {
				result += '\\"';
				break;
			}

			case '\\': {
				result += '\\\\';
				break;
			}

			case '\n': {
				result += '\\n';
				break;
			}

			case '\r': {
				result += '\\r';
				break;
			}

			case '\t': {
				result += '\\t';
				break;
			}

			case '\u0007': {
				result += '\\a';
				break;
			}

			case '\b': {
				result += '\\b';
				break;
			}

			case '\f': {
				result += '\\f';
				break;
			}

			case '\v': {
				result += '\\v';
				break;
			}

			default: {
				if (code < 0x20 || code === 0x7F) {
					result += `\\x${code.toString(16).padStart(2, '0')}`;
				} else if ((code >= 0x80 && code < 0xA0) || code === 0xAD || (code >= 0xFF_F9 && code <= 0xFF_FB) || code === 0xFE_FF || (code >= 0x20_28 && code <= 0x20_2E) || (code >= 0x20_60 && code <= 0x20_6F) || (code >= 0x20_0B && code <= 0x20_0F)) {
					result += code > 0xFF ? `\\u${code.toString(16).padStart(4, '0')}` : `\\u00${code.toString(16).padStart(2, '0')}`;
				} else {
					result += character;
				}
			}
		}
	}

	return `${result}"`;
}
