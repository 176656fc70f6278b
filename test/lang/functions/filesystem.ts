import {mkdtempSync, mkdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import test from 'ava';
import {
	callTable, consoleContext, describeCall, filesDirectory,
} from '../../helpers/functions.js';
import {type FunctionContext, type FunctionFilesystem} from '../../../source/lang/function.js';
import {maximumFileSize} from '../../../source/lang/functions/filesystem.js';
import {createNodeFilesystem} from '../../../source/lang/functions/node-filesystem.js';
import {dynamicType, stringType} from '../../../source/lang/types.js';
import {
	markSensitive, nullValue, numberValue, objectValue, stringValue, unknownValue,
} from '../../../source/lang/values.js';

const s = stringValue;

callTable('filesystem', [
	['file', [unknownValue(stringType)], 'unknown(string)'],
	['file', [markSensitive(s('plain.txt'))], '"no newline" (sensitive)'],
	['file', [nullValue(stringType)], 'error[0]: argument must not be null'],
	['file', [s(path.join(filesDirectory, 'plain.txt'))], '"no newline"'],
	['filesha1', [unknownValue(stringType)], 'unknown(string)'],
	['fileexists', [s('sub/a.txt')], 'true'],
	['fileset', [s('.'), unknownValue(stringType)], 'unknown(set(string))'],
	// Terraform's doublestar v1.1.5 splits the glob at each / first: `{a,deeper` is an unclosed brace (terraform console; OpenTofu's v4 takes it, see dialects.ts).
	['fileset', [s('sub'), s('{a,deeper/c}.txt')], 'error: failed to glob pattern "sub/{a,deeper/c}.txt": syntax error in pattern'],
	['fileset', [s('.'), s('sub/[ab].*')], `toset([
  "sub/a.txt",
  "sub/b.md",
])`],
	// v1.1.5 negates with ^ only: [!a] is the class of ! and a (terraform console).
	['fileset', [s('.'), s('sub/[!a].*')], `toset([
  "sub/a.txt",
])`],
	['pathexpand', [s('~/x')], '"/home/tester/x"'],
	['pathexpand', [s('~')], '"/home/tester"'],
	['abspath', [s('a/../b')], JSON.stringify(path.join(filesDirectory, 'b'))],
	['basename', [unknownValue(stringType)], 'unknown(string)'],
	['dirname', [s('a/b/')], '"a/b"'],
	['templatefile', [s('vars.tftpl'), unknownValue(dynamicType)], 'unknown(dynamic)'],
	['templatefile', [s('vars.tftpl'), objectValue({x: markSensitive(numberValue(1))})], '"x = 1" (sensitive)'],
	// The vars object is known, so the template renders: its use of the unknown `x` makes the string unknown.
	['templatefile', [s('vars.tftpl'), objectValue({x: unknownValue(stringType)})], 'unknown(string)'],
	['templatestring', [s('${a}-${b}'), objectValue({a: s('1'), b: numberValue(2)})], '"1-2"'],
	// Unknown vars values reach the template: the result is unknown only if the template uses them (as Terraform).
	['templatestring', [s('${b}'), objectValue({a: unknownValue(stringType), b: s('x')})], '"x"'],
	['templatestring', [s('${a}'), objectValue({a: unknownValue(stringType), b: s('x')})], 'unknown(string)'],
	['templatestring', [s('${a}'), unknownValue(dynamicType)], 'unknown(dynamic)'],
	['templatestring', [s('%{ if x }yes%{ else }no%{ endif }'), objectValue({x: s('true')})], '"yes"'],
	['templatestring', [s('${templatestring("x", {})}'), objectValue({})], 'error: <templatestring>:1,3-18: Error in function call; Call to function "templatestring" failed: cannot recursively call templatestring from inside another template function.'],
]);

test('file refuses devices at once instead of reading them', t => {
	t.regex(describeCall('file', [s('/dev/zero')]), /^error\[0]: failed to read file: "\/dev\/zero" is not a regular file/);
	t.regex(describeCall('filebase64', [s('/dev/urandom')]), /not a regular file/);
	t.regex(describeCall('filemd5', [s('/dev/zero')]), /not a regular file/);
});

test('file refuses a directory', t => {
	t.is(describeCall('file', [s('sub')]), 'error[0]: failed to read file: read sub: is a directory');
});

test('the node filesystem refuses FIFOs without blocking and reads no more than the limit', t => {
	const directory = mkdtempSync(path.join(tmpdir(), 'tfscope-fs-'));
	try {
		writeFileSync(path.join(directory, 'big.txt'), 'x'.repeat(100));
		const filesystem = createNodeFilesystem();
		t.throws(() => filesystem.readFile(path.join(directory, 'big.txt'), 10), {message: /larger than 10 bytes/});
		t.is(filesystem.readFile(path.join(directory, 'big.txt'), 100).length, 100);
		t.throws(() => filesystem.readFile(directory, 10), {message: /is a directory/});
		t.throws(() => filesystem.readFile('/dev/zero', 10), {message: /not a regular file/});
		mkdirSync(path.join(directory, 'nested'));
		t.deepEqual(filesystem.listFiles!(directory), ['big.txt', 'nested']);
	} finally {
		rmSync(directory, {recursive: true, force: true});
	}
});

test('file reports files over the size cap with a clear error', t => {
	const fake: FunctionFilesystem = {
		readFile() {
			throw new Error('must not read');
		},
		stat: () => ({kind: 'file', size: maximumFileSize + 1}),
		cwd: '/',
	};
	const context: FunctionContext = {...consoleContext, filesystem: fake};
	t.is(describeCall('file', [s('huge.bin')], context), `error[0]: failed to read file: "huge.bin" is larger than ${maximumFileSize} bytes, the most tfscope reads`);
});

test('without a filesystem, file functions say so', t => {
	const context: FunctionContext = {baseDirectory: '/', impure: true};
	t.is(describeCall('file', [s('x')], context), 'error: file functions are not available here (no filesystem was given)');
});
