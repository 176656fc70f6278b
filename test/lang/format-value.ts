import test from 'ava';
import {formatType, formatValue, maximumPrintedCharacters, printType, printValue, quoteString} from '../../source/lang/format-value.js';
import {
	type Type, listType, mapType, numberType, objectType, stringType, tupleType,
} from '../../source/lang/types.js';
import {
	type Value, listValue, mapValue, nullValue, numberValue, objectValue, stringValue, tupleValue, unknownValue,
} from '../../source/lang/values.js';

/*
The console's printer (source/lang/format-value.ts): a bounded print is the whole print when it fits, and stops as it passes its limit instead of building the whole text first. The bytes themselves are checked against terraform console in test/lang/console.ts.
*/

const values: Array<[string, Value]> = [
	['a string with escapes', stringValue('tab\there "quoted" \\ \u001B[2J \u202E \u{E0041} é')],
	['a heredoc with its delimiter inside', objectValue({text: stringValue('one\nEOT\ntwo')})],
	['nested collections', tupleValue([listValue(stringType, [stringValue('a')]), mapValue(numberType, [['k', numberValue(1)]]), nullValue(listType(stringType)), unknownValue()])],
	['an object of objects', objectValue({b: objectValue({z: stringValue('1'), a: tupleValue([])}), a: objectValue({})})],
];

test('a bounded print that fits is the whole print, to the character; one character less and it stops', t => {
	for (const [name, value] of values) {
		const text = formatValue(value);
		t.deepEqual(printValue(value, text.length), {complete: true, text}, name);
		t.deepEqual(printValue(value, text.length - 1), {complete: false, limit: text.length - 1}, name);
		t.deepEqual(printValue(value), {complete: true, text}, name);
	}
});

test('the printer writes what terraform console writes', t => {
	t.is(formatValue(values[1]![1]), '{\n  "text" = <<-EOT_\n  one\n  EOT\n  two\n  EOT_\n}');
	t.is(formatValue(values[3]![1]), '{\n  "a" = {}\n  "b" = {\n    "a" = []\n    "z" = "1"\n  }\n}');
	t.is(quoteString('a"b\\c\u0007\u001B\u007F\u0085\u202E\u{E0041}\ud800'), String.raw`"a\"b\\c\a\x1b\x7f\u0085\u202e\U000e0041\ud800"`);
	t.is(formatType(objectType({b: listType(objectType({x: stringType})), a: mapType(stringType)})), 'object({\n    a: map(string),\n    b: list(\n        object({\n            x: string,\n        }),\n    ),\n})');
});

// 2^40 leaves through sharing: building its whole text (about 2^40 lines) could never finish, so these tests end only if the printer stops at its limit.
function doubledValue(levels: number): Value {
	let value: Value = stringValue('x');
	for (let level = 0; level < levels; level++) {
		value = objectValue({a: value, b: value});
	}

	return value;
}

function doubledType(levels: number): Type {
	let type: Type = stringType;
	for (let level = 0; level < levels; level++) {
		type = level % 2 === 0 ? objectType({a: type, b: type}) : tupleType([type, type]);
	}

	return type;
}

test('a value of 2^40 leaves stops at the limit', t => {
	t.deepEqual(printValue(doubledValue(40)), {complete: false, limit: maximumPrintedCharacters});
	t.deepEqual(printValue(doubledValue(40), 1000), {complete: false, limit: 1000});
	const small = printValue(doubledValue(3), 1000);
	t.true(small.complete && small.text.split('\n').length === 22, JSON.stringify(small));
});

test('a type of 2^40 leaves stops at the limit', t => {
	t.deepEqual(printType(doubledType(40)), {complete: false, limit: maximumPrintedCharacters});
	const small = printType(doubledType(2));
	t.deepEqual(small, {complete: true, text: formatType(doubledType(2))});
	t.is(formatType(doubledType(2)), 'tuple([\n    object({\n        a: string,\n        b: string,\n    }),\n    object({\n        a: string,\n        b: string,\n    }),\n])');
});

test('a string longer than the limit stops without being escaped whole', t => {
	const long = stringValue('"'.repeat(maximumPrintedCharacters));
	t.deepEqual(printValue(long), {complete: false, limit: maximumPrintedCharacters});
	const plain = stringValue('a'.repeat(maximumPrintedCharacters - 2));
	const printed = printValue(plain);
	t.true(printed.complete && printed.text.length === maximumPrintedCharacters);
	t.false(printValue(stringValue('a'.repeat(maximumPrintedCharacters - 1))).complete);
});
