import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import test from 'ava';
import {defaultFlags, type CommandFlags} from '../../source/commands/command.js';
import {parseCommand} from '../../source/commands/parse.js';
import {parseJsonOutput} from '../helpers/json-schema.js';

const directory = mkdtempSync(path.join(tmpdir(), 'tfscope-parse-'));
writeFileSync(path.join(directory, 'main.tf'), 'variable "region" {\n  default = "eu-west-1"\n}\n\nlocals {\n  azs = [for s in ["a", "b"] : "${var.region}${s}"]\n}\n');
writeFileSync(path.join(directory, 'broken.tf'), 'a = [1 2]\n');
writeFileSync(path.join(directory, 'data.tf.json'), '{"locals": {"b": 1, "a": "x"}}');

async function run(arguments_: string[], flags: Partial<CommandFlags> = {}) {
	let stdout = '';
	let stderr = '';
	const code = await parseCommand({
		arguments: arguments_,
		flags: {...defaultFlags, ...flags},
		stdin: process.stdin,
		stdout: {write: (text: string) => (stdout += text)},
		stderr: {write: (text: string) => (stderr += text)},
		isTerminal: false,
		environment: {},
		cwd: directory,
	});
	return {code, stdout, stderr};
}

test('prints the parsed tree', async t => {
	const {code, stdout, stderr} = await run(['main.tf']);
	t.is(code, 0);
	t.is(stderr, '');
	t.is(stdout, 'variable "region" {\n  default = "eu-west-1"\n}\nlocals {\n  azs = (for[] s ["a" "b"] (template (${} (. var region)) (${} s)))\n}\n');
});

test('--json prints the hcl2json form with sorted keys', async t => {
	const {code, stdout} = await run(['main.tf'], {json: true});
	t.is(code, 0);
	t.deepEqual(parseJsonOutput(t, 'parse', stdout), {
		locals: [{azs: '${[for s in ["a", "b"] : "${var.region}${s}"]}'}],
		variable: {region: [{default: 'eu-west-1'}]},
	});
	t.true(stdout.indexOf('"locals"') < stdout.indexOf('"variable"'));
});

test('several files with --json give one line each, errors as diagnostics', async t => {
	const {code, stdout, stderr} = await run(['main.tf', 'broken.tf', 'data.tf.json'], {json: true});
	t.is(code, 1);
	const lines = stdout.trimEnd().split('\n').map(line => parseJsonOutput<{file: string; json?: unknown; diagnostics?: Array<{summary: string}>}>(t, 'parse', line));
	t.deepEqual(lines.map(line => line.file), ['main.tf', 'broken.tf', 'data.tf.json']);
	t.truthy(lines[0]!.json);
	t.deepEqual(lines[1]!.diagnostics!.map(diagnostic => diagnostic.summary), ['Missing item separator']);
	t.deepEqual(lines[2]!.json, {locals: {a: 'x', b: 1}});
	t.regex(stderr, /Error: Missing item separator/);
	t.regex(stderr, /on broken\.tf line 1:/);
});

test('syntax errors exit 1 with Terraform-style diagnostics on stderr', async t => {
	const {code, stdout, stderr} = await run(['broken.tf']);
	t.is(code, 1);
	t.is(stdout, 'a = [1]\n', 'the tree as recovered');
	t.is(stderr, '╷\n│ Error: Missing item separator\n│\n│   on broken.tf line 1:\n│    1: a = [1 2]\n│              ^\n│\n│ Expected a comma to mark the beginning of the next item.\n╵\n');
});

test('a missing file is an error', async t => {
	const {code, stderr} = await run(['nope.tf']);
	t.is(code, 1);
	t.regex(stderr, /Error: Cannot read nope\.tf/);
});

test('no files is a usage error', async t => {
	const {code, stderr} = await run([]);
	t.is(code, 2);
	t.regex(stderr, /Usage: tfscope parse/);
});

test('invalid UTF-8 is reported where it is, and a binary file is one diagnostic, as the loader does', async t => {
	const temporary = mkdtempSync(path.join(tmpdir(), 'tfscope-parse-'));
	writeFileSync(path.join(temporary, 'latin1.tf'), Buffer.concat([Buffer.from('locals {\n  name = "caf'), Buffer.from([0xE9]), Buffer.from('"\n}\n')]));
	writeFileSync(path.join(temporary, 'binary.tf'), Buffer.from([0x7F, 0x45, 0x4C, 0x46, 0, 0, 0, 0, 0xFF, 0xFE, 0, 1, 2, 3]));
	const latin = await run([path.join(temporary, 'latin1.tf')]);
	t.is(latin.code, 1);
	t.regex(latin.stderr, /Invalid character encoding/);
	t.regex(latin.stderr, /latin1\.tf line 2:/);
	const binary = await run([path.join(temporary, 'binary.tf')]);
	t.is(binary.code, 1);
	t.is(binary.stderr.match(/Invalid character encoding/g)?.length, 1);
	rmSync(temporary, {recursive: true});
});

test('--json sorts keys by their UTF-8 bytes as hcl2json does, integer-like keys among the others', async t => {
	writeFileSync(path.join(directory, 'keys.tf'), 'locals {\n  a = {"10" = 1, "9" = 2, b = 3, "B" = 4, "01" = 5, "\uFFFD" = 6, "\u{1F600}" = 7}\n}\nresource "x" "10" {}\nresource "x" "9" {}\n');
	const expected = '{"locals":[{"a":{"01":5,"10":1,"9":2,"B":4,"b":3,"\uFFFD":6,"\u{1F600}":7}}],"resource":{"x":{"10":[{}],"9":[{}]}}}';
	const several = await run(['keys.tf', 'keys.tf'], {json: true});
	t.is(several.code, 0);
	t.is(several.stdout, `{"file":"keys.tf","json":${expected}}\n`.repeat(2));
	const one = await run(['keys.tf'], {json: true});
	t.is(one.stdout, '{\n  "locals": [\n    {\n      "a": {\n        "01": 5,\n        "10": 1,\n        "9": 2,\n        "B": 4,\n        "b": 3,\n        "\uFFFD": 6,\n        "\u{1F600}": 7\n      }\n    }\n  ],\n  "resource": {\n    "x": {\n      "10": [\n        {}\n      ],\n      "9": [\n        {}\n      ]\n    }\n  }\n}\n');
});
