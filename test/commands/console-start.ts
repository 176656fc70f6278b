import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {Readable} from 'node:stream';
import {fileURLToPath} from 'node:url';
import test from 'ava';
import {main} from '../../source/commands/main.js';

/*
What `tfscope console` prints before the first expression, against `terraform console` 1.11 on the same configurations (test/fixtures/console/start/, goldens made by `regenerate.ts --start`): the configuration's errors on stderr and warnings on stdout, with the source lines; errors of evaluation followed by "Due to the problems above..." and the console goes on; errors of loading stop it with exit 1.
*/

type StartCase = {configuration: string; expression: string; stdout: string; stderr: string; exitCode: number};

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/console');
const cases = JSON.parse(fs.readFileSync(path.join(fixtures, 'start-cases.json'), 'utf8')) as StartCase[];

async function runConsole(directory: string, input: string, terminal = false): Promise<{stdout: string; stderr: string; exitCode: number}> {
	let stdout = '';
	let stderr = '';
	// Run in the configuration's directory, as terraform console is, so files are named as it names them (the tests of this file are serial).
	const before = process.cwd();
	process.chdir(path.join(fixtures, directory));
	const exitCode = await main(['console', '.'], {
		stdin: Readable.from([input]),
		stdout: {write: (text: string) => (stdout += text)},
		stderr: {write: (text: string) => (stderr += text)},
		isTerminal: terminal,
		stdinIsTerminal: false,
		environment: {},
		cwd: path.join(fixtures, directory),
	}).finally(() => {
		process.chdir(before);
	});
	return {stdout, stderr, exitCode};
}

for (const golden of cases) {
	test.serial(`${golden.configuration}: ${golden.expression}`, async t => {
		const actual = await runConsole(path.join('start', golden.configuration), `${golden.expression}\n`);
		t.deepEqual(actual, {stdout: golden.stdout, stderr: golden.stderr, exitCode: golden.exitCode});
	});
}

test.serial('every configuration of start/ has goldens', t => {
	t.deepEqual(fs.readdirSync(path.join(fixtures, 'start')).sort(), [...new Set(cases.map(golden => golden.configuration))].sort());
});

test.serial('a configuration without problems prints nothing before the result', async t => {
	t.deepEqual(await runConsole('config', 'local.names\n').then(result => result.stderr), '');
});

test.serial('on a terminal the problems are drawn in colour, the subject underlined, and the console goes on', async t => {
	const {stdout, stderr, exitCode} = await runConsole(path.join('start', 'eval-error'), 'local.y\n', true);
	t.is(exitCode, 0);
	t.true(stderr.includes('\u001B[31m╷\u001B[0m\n'));
	t.true(stderr.includes('   2:   x = 1 + \u001B[4m"a"\u001B[0m\n'));
	t.true(stdout.includes('Due to the problems above, some expressions may produce unexpected results.'));
	t.true(stdout.endsWith('2\n'));
});

test.serial('a load error stops the console before it reads any expression', async t => {
	const {stdout, exitCode} = await runConsole(path.join('start', 'syntax-error'), '"never evaluated"\n');
	t.is(exitCode, 1);
	t.is(stdout, '');
});
