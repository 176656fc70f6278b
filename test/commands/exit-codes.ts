import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {commandTable} from '../../source/commands/command-table.js';
import {runMain} from '../helpers/run-main.js';
import {repositoryRoot} from '../helpers/tmux.js';

/*
Every command's exit codes, in one table (docs/exit-codes.md is its prose): 0 success, 1 an error in the configuration or in what the command line names, 2 usage; diff's --detailed-exitcode as terraform plan's (0 nothing changes, 1 an error, 2 changes). Every command of the command table must have rows here for 0 and 2: a new command fails this test until its exit codes are pinned down.
*/

const example = 'examples/multi-region';
const diffCases = 'test/fixtures/diff';
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-exit-'));
const broken = path.join(scratch, 'broken');
fs.mkdirSync(broken);
fs.writeFileSync(path.join(broken, 'main.tf'), 'resource "terraform_data" "a" {\n  input = 1\n}\n\noutput "bad" {\n  value = 1 + "one"\n}\n');
fs.writeFileSync(path.join(scratch, 'broken.tf'), 'resource "x" {\n');
test.after.always(() => {
	fs.rmSync(scratch, {recursive: true, force: true});
});

type Case = {
	readonly command: string;
	readonly name: string;
	readonly argv: readonly string[];
	readonly code: 0 | 1 | 2;
	readonly stdin?: string;
	/** What stderr must say (a usage error is one line). */
	readonly stderr?: RegExp;
	readonly notStderr?: RegExp;
};

const cases: Case[] = [
	{command: 'explorer', name: 'opens', argv: [example], code: 0},
	{command: 'explorer', name: 'a missing directory', argv: ['no/such/dir'], code: 1, stderr: /no such directory/},
	{command: 'explorer', name: 'a command option', argv: ['--format', 'dot', example], code: 2, stderr: /the explorer does not take --format/},
	{command: 'explorer', name: 'an unknown option near one it takes', argv: ['--mous'], code: 2, stderr: /did you mean --mouse\?/},
	{command: 'console', name: 'an expression', argv: ['console', example], stdin: 'var.regions\n', code: 0},
	{command: 'console', name: 'an expression that fails', argv: ['console', example], stdin: '1 + "a"\n', code: 1, stderr: /Invalid operand/},
	{command: 'console', name: 'two directories', argv: ['console', example, example], code: 2, stderr: /Too many arguments/},
	{command: 'console', name: 'an unknown option', argv: ['console', '--frob'], code: 2, stderr: /unknown option "--frob"/},
	{command: 'instances', name: 'a list', argv: ['instances', example], code: 0},
	{command: 'instances', name: 'an address with nothing at it', argv: ['instances', example, 'aws_instance.nothing'], code: 1, stderr: /No matching instances/},
	{command: 'instances', name: 'a malformed address', argv: ['instances', example, 'module.'], code: 2, stderr: /Invalid address/},
	{command: 'instances', name: 'a malformed --exclude', argv: ['instances', example, '--exclude', 'module.'], code: 2, stderr: /Invalid address/},
	{command: 'instances', name: 'a missing --state', argv: ['instances', '--state', 'nope.tfstate', example], code: 1, stderr: /no such file/},
	{command: 'tree', name: 'the tree', argv: ['tree', example], code: 0},
	{command: 'tree', name: 'two directories', argv: ['tree', example, example], code: 2, stderr: /Too many arguments/},
	{command: 'tree', name: 'a missing directory', argv: ['tree', 'no/such/dir'], code: 1},
	{command: 'graph', name: 'the graph', argv: ['graph', example], code: 0},
	{command: 'graph', name: 'a node that is not there', argv: ['graph', example, '--focus', 'aws_instance.nothing'], code: 1, stderr: /No node/},
	{command: 'graph', name: 'an unknown format', argv: ['graph', example, '--format', 'png'], code: 2, stderr: /Unknown graph format/},
	{command: 'graph', name: 'a bad depth', argv: ['graph', example, '--depth', 'x'], code: 2, stderr: /whole number/},
	{command: 'plan-summary', name: 'a plan', argv: ['plan-summary', 'test/fixtures/saved-plan/review/after', '--plan', 'test/fixtures/saved-plan/review/plan.json'], code: 0},
	{command: 'plan-summary', name: 'an errored plan', argv: ['plan-summary', 'test/fixtures/saved-plan/failing/after', '--plan', 'test/fixtures/saved-plan/failing/plan.json'], code: 1},
	{command: 'plan-summary', name: 'a plan of another configuration', argv: ['plan-summary', 'test/fixtures/saved-plan/failing/after', '--plan', 'test/fixtures/saved-plan/review/plan.json'], code: 1, stderr: /not made from this configuration/},
	{command: 'plan-summary', name: 'no --plan', argv: ['plan-summary', example], code: 2, stderr: /Missing --plan/},
	{command: 'plan-summary', name: 'an unknown format', argv: ['plan-summary', example, '--plan', 'test/fixtures/saved-plan/review/plan.json', '--format', 'dot'], code: 2, stderr: /Unknown format/},
	{command: 'parse', name: 'a file', argv: ['parse', `${example}/main.tf`], code: 0},
	{command: 'parse', name: 'a file with errors', argv: ['parse', path.join(scratch, 'broken.tf')], code: 1},
	{command: 'parse', name: 'a missing file', argv: ['parse', 'no-such.tf'], code: 1, stderr: /Cannot read/},
	{command: 'parse', name: 'no file', argv: ['parse'], code: 2, stderr: /No files given/},
	{command: 'parse', name: 'a workspace option', argv: ['parse', '--var', 'a=1', 'x.tf'], code: 2, stderr: /the parse command does not take --var/},
	{command: 'check', name: 'a valid configuration', argv: ['check', `${diffCases}/updates/old`], code: 0},
	{command: 'check', name: 'a configuration with an error', argv: ['check', broken], code: 1, stderr: /1 error/},
	{command: 'check', name: 'an unknown option suggests only check\'s own', argv: ['check', '--frob'], code: 2, stderr: /^tfscope: unknown option "--frob" \(see tfscope check --help\)\n$/, notStderr: /--from/},
	{command: 'check', name: 'a misspelt option it takes', argv: ['check', '--var-fil', 'x'], code: 2, stderr: /did you mean --var-file\?/},
	{command: 'check', name: 'two directories', argv: ['check', example, example], code: 2},
	{command: 'diff', name: 'nothing changes', argv: ['diff', `${diffCases}/updates/old`, '--from-dir', `${diffCases}/updates/old`], code: 0},
	{command: 'diff', name: 'something changes (success: the diff was made)', argv: ['diff', `${diffCases}/rename-without-moved/new`, '--from-dir', `${diffCases}/rename-without-moved/old`], code: 0},
	{command: 'diff', name: '--detailed-exitcode, nothing changes', argv: ['diff', `${diffCases}/updates/old`, '--from-dir', `${diffCases}/updates/old`, '--detailed-exitcode'], code: 0},
	{command: 'diff', name: '--detailed-exitcode, something changes', argv: ['diff', `${diffCases}/rename-without-moved/new`, '--from-dir', `${diffCases}/rename-without-moved/old`, '-detailed-exitcode'], code: 2},
	{command: 'diff', name: 'a side with configuration errors', argv: ['diff', broken, '--from-dir', `${diffCases}/updates/old`], code: 1, stderr: /configuration error/},
	{command: 'diff', name: '--detailed-exitcode, a side with configuration errors', argv: ['diff', broken, '--from-dir', `${diffCases}/updates/old`, '--detailed-exitcode'], code: 1, stderr: /configuration error/},
	{command: 'diff', name: 'a revision outside a repository', argv: ['diff', scratch, '--from', 'HEAD', '--chdir', scratch], code: 1, stderr: /not inside a git repository/},
	{command: 'diff', name: 'nothing to compare with', argv: ['diff', example], code: 2, stderr: /needs something to compare with/},
	{command: 'diff', name: '--detailed-exitcode, nothing to compare with (2 would say "changes")', argv: ['diff', example, '--detailed-exitcode'], code: 1, stderr: /needs something to compare with/},
	{command: 'diff', name: '--detailed-exitcode, an unknown option', argv: ['diff', '--detailed-exitcode', '--frm', 'main'], code: 1, stderr: /did you mean --from\?/},
	{command: 'diff', name: 'a format diff does not write', argv: ['diff', example, '--from-dir', example, '--format', 'dot'], code: 2},
	{command: 'diff', name: '--detailed-exitcode with a missing --var-file', argv: ['diff', example, '--from-dir', example, '--var-file', 'nope.tfvars', '--detailed-exitcode'], code: 1, stderr: /no such file/},
	{command: 'diff', name: 'a saved plan (a plan already is the comparison with the state)', argv: ['diff', example, '--from-dir', example, '--plan', 'test/fixtures/saved-plan/review/plan.json'], code: 2, stderr: /the diff command does not take --plan/},
	{command: 'why', name: 'a value', argv: ['why', 'aws_s3_bucket.logs["audit"].tags', example], code: 0},
	{command: 'why', name: 'an address with nothing at it', argv: ['why', 'aws_s3_bucket.nothing.tags', example], code: 1},
	{command: 'why', name: 'no address', argv: ['why'], code: 2, stderr: /Missing address/},
	{command: 'why', name: 'something that is not an address', argv: ['why', '1 +', example], code: 2, stderr: /Invalid address/},
	{command: 'version', name: 'the version', argv: ['version'], code: 0},
	{command: 'version', name: 'an argument', argv: ['version', 'x'], code: 2},
	{command: 'version', name: 'a workspace option', argv: ['version', '--var', 'a=1'], code: 2, stderr: /does not take --var/},
];

async function run(argv: readonly string[], stdin = ''): Promise<{code: number; stdout: string; stderr: string}> {
	return runMain(argv, {stdin, cwd: repositoryRoot});
}

for (const entry of cases) {
	test(`${entry.command}: ${entry.name} exits ${entry.code}`, async t => {
		const result = await run(entry.argv, entry.stdin);
		t.is(result.code, entry.code, result.stderr);
		if (entry.stderr) {
			t.regex(result.stderr, entry.stderr);
		}

		if (entry.notStderr) {
			t.notRegex(result.stderr, entry.notStderr);
		}

		if (result.stderr.startsWith('tfscope: ')) {
			// Errors found before a command runs are one line, with nothing on stdout.
			t.is(result.stderr.trim().split('\n').length, 1, result.stderr);
			t.is(result.stdout, '');
		}
	});
}

test('every command has its success and usage exit codes in the table', t => {
	for (const name of ['explorer', ...commandTable.map(command => command.name)]) {
		const codes = new Set(cases.filter(entry => entry.command === name).map(entry => entry.code));
		t.true(codes.has(0) && codes.has(2), `${name}: rows for exit 0 and exit 2`);
	}
});
