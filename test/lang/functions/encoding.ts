import test from 'ava';
import {callTable} from '../../helpers/functions.js';
import {encodeYaml} from '../../../source/lang/functions/yaml.js';
import {
	dynamicType, listType, numberType, stringType,
} from '../../../source/lang/types.js';
import {
	listValue, markSensitive, nullValue, numberValue, objectValue, stringValue, tupleValue, unknownValue, type Value,
} from '../../../source/lang/values.js';

const s = stringValue;

callTable('encoding', [
	['base64encode', [unknownValue(stringType)], 'unknown(string)'],
	['base64encode', [markSensitive(s('a'))], '"YQ==" (sensitive)'],
	['base64decode', [markSensitive(s('!'))], 'error: failed to decode base64 data (sensitive value)'],
	['base64decode', [nullValue(stringType)], 'error[0]: argument must not be null'],
	['jsonencode', [unknownValue(dynamicType)], 'unknown(string)'],
	['jsonencode', [listValue(stringType, [s('a'), unknownValue(stringType)])], 'unknown(string)'],
	['jsonencode', [nullValue(dynamicType)], '"null"'],
	['jsonencode', [objectValue({b: markSensitive(numberValue(1))})], '"{\\"b\\":1}" (sensitive)'],
	['jsondecode', [unknownValue(stringType)], 'unknown(dynamic)'],
	['jsondecode', [s('{"a": 1e2}')], `{
  "a" = 100
}`],
	['jsondecode', [s('[1,]')], 'error: invalid character \']\' looking for beginning of value'],
	['yamlencode', [nullValue(dynamicType)], `<<EOT
null
...

EOT`],
	['yamlencode', [unknownValue(listType(numberType))], 'unknown(string)'],
	['yamldecode', [s('a: [1, two]')], `{
  "a" = [
    1,
    "two",
  ]
}`],
	['yamldecode', [markSensitive(s('x: 1'))], `{
  "x" = 1
} (sensitive)`],
	['csvdecode', [unknownValue(stringType)], 'unknown(dynamic)'],
	['urlencode', [s('a b/ü')], '"a+b%2F%C3%BC"'],
	// OpenTofu's additions.
	['urldecode', [s('a+b%2F%C3%BC')], '"a b/ü"'],
	['urldecode', [s('%zz')], 'error: invalid URL escape "%zz"'],
	['urldecode', [unknownValue(stringType)], 'unknown(string)'],
	['base64gunzip', [s('H4sIAAAAAAAA/ypJLS4BAAAA//8BAAD//wx+f9gEAAAA')], '"test"'],
	['base64gunzip', [s('dGVzdA==')], 'error: failed to gunzip data: incorrect header check'],
	['base64gunzip', [markSensitive(s('H4sIAAAAAAAA/ypJLS4BAAAA//8BAAD//wx+f9gEAAAA'))], '"test" (sensitive)'],
	['textencodebase64', [s('Hi'), s('UTF-16BE')], '"AEgAaQ=="'],
	['textdecodebase64', [s('AEgAaQ=='), s('utf-16be')], '"Hi"'],
	['textencodebase64', [s('€'), s('ISO-8859-1')], 'error[0]: the given string contains characters that cannot be represented in ISO-8859-1'],
]);

test('yamlencode of 2^18 strings nested 18 deep writes each on a line of its own, in linear time (it read the column back from the whole text: 2^14 took 30 s, a fuzz run found 2^19 past 60 s)', t => {
	let value: Value = s('x');
	for (let level = 0; level < 18; level++) {
		value = tupleValue([value, value]);
	}

	const lines = encodeYaml(value).split('\n');
	t.is(lines.length, (2 ** 18) + 1);
	t.is(lines[0], `${'- '.repeat(18)}"x"`);
	t.is(lines[1], `${' '.repeat(34)}- "x"`);
	t.is(lines.at(-1), '');
	t.true(lines.slice(0, -1).every(line => line.endsWith('- "x"')));
});
