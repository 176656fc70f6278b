import fs from 'node:fs';
import path from 'node:path';
import {PassThrough} from 'node:stream';
import test from 'ava';
import {consoleCommand} from '../../source/commands/console.js';
import {addConsoleLine} from '../../source/lang/console.js';
import {defaultFlags} from '../../source/commands/command.js';
import {loadExplorerData} from '../../source/ui/data/load.js';

/*
One console formatter (source/lang/console.ts) for the `console` command and the explorer's console pane: the same inputs, in the same scope, give the same bytes in both (the pane's text lacks only the final newline), and both are what `terraform console` printed (test/fixtures/console/config-cases.json, errors with their `(source code not available)` line included; resources aside, see below).
*/

type ConsoleCase = {expression: string; stdout: string; stderr: string; exitCode: number};

const directory = path.join('test', 'fixtures', 'console', 'config');
const cases = JSON.parse(fs.readFileSync(path.join('test', 'fixtures', 'console', 'config-cases.json'), 'utf8')) as ConsoleCase[];

async function command(expression: string, at?: string): Promise<string> {
	let output = '';
	const stdin = new PassThrough();
	stdin.end(`${expression}\n`);
	await consoleCommand({
		arguments: [directory],
		flags: {...defaultFlags, ...(at !== undefined && {at})},
		stdin,
		stdout: {write: (text: string) => (output += text)},
		stderr: {write: (text: string) => (output += text)},
		isTerminal: false,
		environment: {},
		cwd: process.cwd(),
	});
	return output;
}

test('the console pane and the console command print the same bytes, those of terraform console', async t => {
	const {data} = await loadExplorerData({directory, flags: defaultFlags, environment: {}, cwd: process.cwd()});
	const failed = cases.filter(each => each.exitCode !== 0);
	t.true(failed.length >= 10, 'errors are among the cases');
	for (const golden of cases) {
		const pane = data.evaluate(golden.expression, '');
		const printed = await command(golden.expression);
		t.is(`${pane.text}\n`, printed, golden.expression);
		// Resources are planned values in tfscope (as `terraform console -plan` has them); the goldens are of `terraform console` without state, where they are unknown.
		if (!golden.expression.includes('terraform_data.')) {
			t.is(printed, golden.stdout + golden.stderr, golden.expression);
			t.is(pane.ok, golden.exitCode === 0, golden.expression);
		}
	}
});

test('in a resource instance\'s scope too, and for type() and an address that does not exist', async t => {
	const {data} = await loadExplorerData({directory: 'examples/multi-region', flags: defaultFlags, environment: {}, cwd: process.cwd()});
	for (const at of ['aws_s3_bucket.logs["audit"]', 'module.network["eu"]', 'nothing.here']) {
		for (const expression of ['each.value', 'type(each.value)', 'var.nope', 'jsonencode({a = 1})', '1 + "a"']) {
			let output = '';
			const stdin = new PassThrough();
			stdin.end(`${expression}\n`);
			await consoleCommand({
				arguments: ['examples/multi-region'], flags: {...defaultFlags, at}, stdin, stdout: {write: (text: string) => (output += text)}, stderr: {write: (text: string) => (output += text)}, isTerminal: false, environment: {}, cwd: process.cwd(),
			});
			t.is(`${data.evaluate(expression, at).text}\n`, output, `${at}: ${expression}`);
		}
	}
});

/*
OpenTofu's console continues an expression after a line ending in one backslash (the cases of opentofu/opentofu internal/command/console_state_test.go, v1.11); Terraform's does not.
*/
const continuations: ReadonlyArray<readonly [lines: readonly string[], complete: boolean, text: string]> = [
	[['\\'], false, ''],
	[['"\\\\"'], true, '"\\\\"'],
	[['(\\'], false, '('],
	[['1 + \\', '2'], true, '1 + \n2'],
	[['upper( \\', '"a")'], true, 'upper( \n"a")'],
	[['{', '"}"', '}'], true, '{\n"}"\n}'],
];

for (const [lines, complete, text] of continuations) {
	test(`OpenTofu console lines ${JSON.stringify(lines)}`, t => {
		let entry = {text: '', complete: false};
		for (const line of lines) {
			entry = addConsoleLine(entry.complete ? '' : entry.text, line, {backslashContinuation: true});
		}

		t.deepEqual(entry, {text, complete});
	});
}

test('Terraform\'s console takes a trailing backslash as the end of the line (an error to evaluate)', t => {
	t.deepEqual(addConsoleLine('', '1 + \\'), {text: '1 + \\', complete: true});
});

test('tfscope console on an OpenTofu configuration joins lines ending in a backslash; on a Terraform one it does not', async t => {
	const run = async (directory: string): Promise<string> => {
		let output = '';
		const stdin = new PassThrough();
		stdin.end('upper( \\\n  "a") \\\n\n1 + \\\n2\n');
		await consoleCommand({
			arguments: [directory], flags: defaultFlags, stdin, stdout: {write: (text: string) => (output += text)}, stderr: {write: (text: string) => (output += text)}, isTerminal: false, environment: {}, cwd: process.cwd(),
		});
		return output;
	};

	t.is(await run('test/fixtures/configs/opentofu-files'), '"A"\n3\n');
	t.regex(await run(directory), /^\nError: Invalid character\n/);
});
