import {Readable} from 'node:stream';
import process from 'node:process';
import test from 'ava';
import {graphCommand} from '../../source/commands/graph.js';
import {defaultFlags, type CommandFlags} from '../../source/commands/command.js';
import {parseJsonOutput} from '../helpers/json-schema.js';

async function run(arguments_: string[], flags: Partial<CommandFlags>): Promise<{code: number; stdout: string; stderr: string}> {
	let stdout = '';
	let stderr = '';
	const code = await graphCommand({
		arguments: arguments_,
		flags: {...defaultFlags, ...flags},
		stdin: Readable.from([]),
		stdout: {write: (text: string) => (stdout += text)},
		stderr: {write: (text: string) => (stderr += text)},
		isTerminal: false,
		environment: {},
		cwd: process.cwd(),
	});
	return {code, stdout, stderr};
}

test('an unknown format is an error before loading anything', async t => {
	const result = await run(['test/fixtures/graph/basic'], {format: 'svg'});
	t.is(result.code, 2);
	t.is(result.stdout, '');
	t.is(result.stderr, 'Error: Unknown graph format "svg"\n\nThe --format flag takes one of: dot, mermaid, json, text, html.\n');
});

test('text format of a focus', async t => {
	const result = await run(['test/fixtures/graph/basic'], {format: 'text', focus: 'terraform_data.address', depth: 1});
	t.is(result.stderr, '');
	t.is(result.code, 0);
	t.is(result.stdout, [
		'output.first',
		'  terraform_data.address',
		'  terraform_data.upper',
		'provider["terraform.io/builtin/terraform"]',
		'terraform_data.address',
		'  provider["terraform.io/builtin/terraform"]',
		'  terraform_data.subnet',
		'terraform_data.monitor',
		'  provider["terraform.io/builtin/terraform"]',
		'  terraform_data.address',
		'terraform_data.subnet',
		'  provider["terraform.io/builtin/terraform"]',
		'terraform_data.upper',
		'  provider["terraform.io/builtin/terraform"]',
		'  terraform_data.address',
		'',
	].join('\n'));
});

test('instance-level focus with the instance keys', async t => {
	const result = await run(['test/fixtures/graph/basic'], {format: 'text', instances: true, focus: 'terraform_data.address[1]', depth: 1});
	t.is(result.code, 0);
	t.true(result.stdout.includes('terraform_data.address[1]\n  provider["terraform.io/builtin/terraform"]\n  terraform_data.subnet[1]\n'), result.stdout);
});

test('a focus that is not a node suggests addresses', async t => {
	const result = await run(['test/fixtures/graph/basic'], {format: 'text', instances: true, focus: 'terraform_data.address'});
	t.is(result.code, 1);
	t.is(result.stderr, 'Error: No node "terraform_data.address" in the graph\n\nDid you mean terraform_data.address[0], terraform_data.address[1], terraform_data.address[2]?\n');
});

test('cycles are named on stderr, as Terraform names them', async t => {
	const result = await run(['test/fixtures/graph/cycle'], {format: 'json'});
	t.is(result.code, 0);
	t.is(result.stderr, 'Warning: Cycle: local.from_a, terraform_data.a, terraform_data.b\n');
	const parsed = parseJsonOutput<{nodes: unknown[]; edges: unknown[]}>(t, 'graph', result.stdout);
	t.is(parsed.nodes.length, 5);
});

test('mermaid of a fixture', async t => {
	const result = await run(['test/fixtures/graph/basic'], {format: 'mermaid', focus: 'terraform_data.network', depth: 1});
	t.is(result.code, 0);
	t.is(result.stdout, [
		'flowchart RL',
		'\tn0("local.name")',
		'\tn1{{"provider[#quot;terraform.io/builtin/terraform#quot;]"}}',
		'\tn2["terraform_data.network"]',
		'\tn3["terraform_data.server"]',
		'\tn4["terraform_data.subnet"]',
		'\tn2 --> n0',
		'\tn2 -.->|provider| n1',
		'\tn3 -.->|provider| n1',
		'\tn3 -.->|replace_triggered_by| n2',
		'\tn4 -.->|provider| n1',
		'\tn4 --> n2',
		'',
	].join('\n'));
});

test('quoted references in depends_on make edges, as the deprecated form still does in Terraform', async t => {
	const {stdout} = await run(['test/fixtures/configs/quoted-references'], {format: 'text'});
	t.regex(stdout, /^module\.m\n {2}terraform_data\.x$/m);
	t.regex(stdout, /^terraform_data\.y\n {2}module\.m\.terraform_data\.inner$/m);
	// Refused in replace_triggered_by, so no edge from it.
	t.notRegex(stdout, /^terraform_data\.y\n(?: {2}.*\n)* {2}terraform_data\.x$/m);
});

test('in JSON syntax depends_on and replace_triggered_by strings are references', async t => {
	const {stdout} = await run(['test/fixtures/configs/json-references'], {format: 'text'});
	t.regex(stdout, /^output\.o\n {2}terraform_data\.y$/m);
	t.regex(stdout, /^terraform_data\.r\n(?: {2}.*\n)* {2}terraform_data\.x$/m);
	t.regex(stdout, /^terraform_data\.y\n(?: {2}.*\n)* {2}terraform_data\.x$/m);
});

test('instance addresses in the graph quote keys as Terraform prints them, on a terminal or a pipe', async t => {
	for (const isTerminal of [false, true]) {
		let stdout = '';
		await graphCommand({
			arguments: ['test/fixtures/plan/unprintable-keys'], flags: {...defaultFlags, format: 'text', instances: true}, stdin: Readable.from([]), stdout: {write: (text: string) => (stdout += text)}, stderr: {write() {}}, isTerminal, environment: {}, cwd: process.cwd(),
		});
		t.true(stdout.includes(String.raw`terraform_data.x["c\u202ed"]`));
		t.true(stdout.includes(String.raw`terraform_data.x["a\u001b[31mb"]`));
		t.false(/[\u0000-\u0008\u000B-\u001F\u007F\u202E]/.test(stdout));
	}
});
