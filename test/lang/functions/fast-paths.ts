import test from 'ava';
import fc from 'fast-check';
import {encodeJson, jsonencode, jsonQuote} from '../../../source/lang/functions/encoding.js';
import {format} from '../../../source/lang/functions/string.js';
import {quoteWith} from '../../../source/lang/functions/support.js';
import {type FunctionContext, callFunction} from '../../../source/lang/function.js';
import {
	type Value, listValue, mapValue, numberValue, objectValue, stringValue, tupleValue,
} from '../../../source/lang/values.js';
import {stringType} from '../../../source/lang/types.js';

const context: FunctionContext = {baseDirectory: '.', impure: false};

/*
The quick paths of jsonencode (strings quoted as they are when nothing needs escaping, collections appended) and format (widths counted without an array, `%d` digits without a BigInt) give what the one-character-at-a-time versions gave.
*/

// The quoting before the quick path: one character at a time.
function slowQuote(text: string): string {
	return quoteWith(text, (character, code) => code < 0x20 || character === '<' || character === '>' || character === '&' || code === 0x20_28 || code === 0x20_29);
}

const special = fc.constantFrom('"', '\\', '\n', '\r', '\t', '\u0000', '\u001F', '\u007F', '<', '>', '&', '\u2028', '\u2029', '\uD800', '\uDC00', '😀', 'é', ' ', 'a');
const texts = fc.oneof(fc.string({unit: 'binary'}), fc.array(special).map(parts => parts.join('')), fc.string());

test('jsonQuote quotes every text as the per-character quoting does', t => {
	for (const text of ['', 'plain', 'arn:aws:s3:::bucket/*', 'a"b', 'back\\slash', 'line\nbreak', '<&>', '\u2028', '\uD800 lone', 'emoji 😀']) {
		t.is(jsonQuote(text), slowQuote(text), text);
	}

	fc.assert(fc.property(texts, text => jsonQuote(text) === slowQuote(text)), {numRuns: 2000});
});

// encodeJson before it appended: arrays of parts joined, object names sorted every time.
function slowEncode(value: Value): string {
	switch (value.kind) {
		case 'list':
		case 'set':
		case 'tuple': {
			return `[${value.elements.map(element => slowEncode(element)).join(',')}]`;
		}

		case 'map': {
			return `{${[...value.entries].map(([key, element]) => `${slowQuote(key)}:${slowEncode(element)}`).join(',')}}`;
		}

		case 'object': {
			return `{${[...value.attributes.keys()].sort((a, b) => (a < b ? -1 : (a > b ? 1 : 0))).map(key => `${slowQuote(key)}:${slowEncode(value.attributes.get(key)!)}`).join(',')}}`;
		}

		default: {
			return encodeJson(value);
		}
	}
}

const leaves: fc.Arbitrary<Value> = fc.oneof(texts.map(text => stringValue(text)), fc.integer().map(number => numberValue(number)));
const values = fc.letrec<{value: Value}>(tie => ({
	value: fc.oneof(
		{depthSize: 'small', withCrossShrink: true},
		leaves,
		fc.array(tie('value')).map(elements => tupleValue(elements)),
		fc.array(texts).map(elements => listValue(stringType, elements.map(text => stringValue(text)))),
		fc.array(fc.tuple(texts, texts)).map(entries => mapValue(stringType, new Map(entries.map(([key, text]) => [key, stringValue(text)])))),
		// Names in any order, so objects whose attributes are not kept sorted are encoded too.
		fc.array(fc.tuple(texts, tie('value'))).map(entries => ({kind: 'object', attributes: new Map(entries)}) as Value),
		fc.array(fc.tuple(texts, tie('value'))).map(entries => objectValue(entries)),
	),
})).value;

test('encodeJson writes every value as the joined parts did', t => {
	t.is(encodeJson(objectValue({Version: stringValue('2012-10-17'), Statement: tupleValue([objectValue({Effect: stringValue('Allow'), Action: tupleValue([stringValue('s3:GetObject')])})])})), '{"Statement":[{"Action":["s3:GetObject"],"Effect":"Allow"}],"Version":"2012-10-17"}');
	fc.assert(fc.property(values, value => encodeJson(value) === slowEncode(value)), {numRuns: 1000});
	t.is((callFunction(jsonencode, [{kind: 'object', attributes: new Map<string, Value>([['b', stringValue('<')], ['a', numberValue(1)]])}], context) as {value: string}).value, '{"a":1,"b":"\\u003c"}');
});

function formatted(pattern: string, ...values: Value[]): string {
	const result = callFunction(format, [stringValue(pattern), ...values], context);
	return result.kind === 'string' ? result.value : result.kind;
}

test('format pads by characters, not UTF-16 units, and writes integers in every base', t => {
	t.is(formatted('%5s|', stringValue('😀é')), '   😀é|');
	t.is(formatted('%-5s|', stringValue('😀\uD800')), '😀\uD800   |');
	t.is(formatted('%03s|', stringValue('\uDC00\uD800')), '0\uDC00\uD800|');
	t.is(formatted('%s-r002-%02d', stringValue('svc-000-prod'), numberValue(7)), 'svc-000-prod-r002-07');
	t.is(formatted('%05d %d %+d %x %X %o %b %#x', numberValue(-42), numberValue('123456789012345678901234567890'), numberValue(3), numberValue(255), numberValue(255), numberValue(8), numberValue(5), numberValue(255)), '-0042 123456789012345678901234567890 +3 ff FF 10 101 0xff');
	t.is(formatted('%d', numberValue('-0')), '0');
	t.is(formatted('%.5d|%8.3d', numberValue(42), numberValue(-7)), '00042|    -007');
	fc.assert(fc.property(fc.array(special, {maxLength: 8}).map(parts => parts.join('')), fc.integer({min: 0, max: 12}), (text, width) => {
		const expected = [...text].length >= width ? text : ' '.repeat(width - [...text].length) + text;
		return formatted(`%${width}s`, stringValue(text)) === expected;
	}), {numRuns: 500});
});
