import test from 'ava';
import bcryptjs from 'bcryptjs';
import {callTable, describeCall, planContext} from '../../helpers/functions.js';
import {numberType, stringType} from '../../../source/lang/types.js';
import {
	markSensitive, nullValue, numberValue, stringValue, unknownValue,
} from '../../../source/lang/values.js';

const s = stringValue;

callTable('crypto', [
	['sha256', [unknownValue(stringType)], 'unknown(string)'],
	['sha256', [markSensitive(s(''))], '"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" (sensitive)'],
	['md5', [nullValue(stringType)], 'error[0]: argument must not be null'],
	['base64sha512', [s('')], '"z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg=="'],
	['uuidv5', [s('{6ba7b810-9dad-11d1-80b4-00c04fd430c8}'), s('www.terraform.io')], '"a5008fae-b28c-5ba5-96cd-82b4c53552d6"'],
	['uuidv5', [s('dns'), unknownValue(stringType)], 'unknown(string)'],
	['bcrypt', [s('x'), numberValue(4), numberValue(5)], 'error: bcrypt() takes no more than two arguments'],
	['bcrypt', [unknownValue(stringType)], 'unknown(string)'],
	['bcrypt', [s('x'), unknownValue(numberType)], 'unknown(string)'],
]);

// Impure functions give real values in the console and unknown ones when a configuration is expanded.
callTable('impure in plan', [
	['uuid', [], 'unknown(string)'],
	['timestamp', [], 'unknown(string)'],
	['bcrypt', [s('x')], 'unknown(string)'],
], planContext);

test('uuid is 32 random hex digits in the 8-4-4-4-12 layout', t => {
	const first = describeCall('uuid', []);
	t.regex(first, /^"[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}"$/);
	t.not(first, describeCall('uuid', []));
});

test('bcrypt hashes verify, with the $2a$ prefix Go writes and the given cost', t => {
	const hash = JSON.parse(describeCall('bcrypt', [s('hello'), numberValue(5)])) as string;
	t.regex(hash, /^\$2a\$05\$/);
	t.true(bcryptjs.compareSync('hello', hash));
	t.regex(JSON.parse(describeCall('bcrypt', [s('hello'), numberValue(3)])) as string, /^\$2a\$10\$/);
});

test('bcrypt of a sensitive string is sensitive', t => {
	t.regex(describeCall('bcrypt', [markSensitive(s('hello')), numberValue(4)]), /\(sensitive\)$/);
});
