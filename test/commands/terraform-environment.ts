import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {splitShellWords, withTerraformEnvironment} from '../../source/commands/terraform-environment.js';
import {cases, expressions} from '../fixtures/tf-cli-args/cases.js';
import {runMain} from '../helpers/run-main.js';
import {repositoryRoot} from '../helpers/tmux.js';

/*
TF_CLI_ARGS and TF_CLI_ARGS_<command> as Terraform reads them: the goldens of test/fixtures/tf-cli-args (terraform console 1.11, regenerate.ts) against tfscope console with the same environment and command line, then the splitting, the insertion point, the commands that read them and the warnings.
*/

const fixture = path.join(repositoryRoot, 'test/fixtures/tf-cli-args');
// Given as an absolute path: [dir] is read from the process's directory, the options' files from cwd.
const config = path.join(fixture, 'config');
const golden = JSON.parse(fs.readFileSync(path.join(fixture, 'cases.json'), 'utf8')) as {cases: Array<{name: string; stdout: string; exitCode: number}>};

async function run(argv: readonly string[], environment: Record<string, string>, stdin = ''): Promise<{code: number; stdout: string; stderr: string}> {
	return runMain(argv, {stdin, environment, cwd: path.join(fixture, 'config')});
}

for (const entry of cases) {
	test(`as terraform console: ${entry.name}`, async t => {
		const expected = golden.cases.find(each => each.name === entry.name);
		t.truthy(expected, 'regenerate.ts has run this case');
		const result = await run(['console', config, ...entry.arguments], entry.environment, `${expressions.join('\n')}\n`);
		t.is(result.stdout, expected!.stdout, result.stderr);
		t.is(result.code, expected!.exitCode);
	});
}

test('an option tfscope does not honour is a one-line warning; what it honours still applies', async t => {
	const result = await run(['console', config], {TF_CLI_ARGS_console: '-target=terraform_data.a -var=x=kept -plan', TF_CLI_ARGS: '-input=false'}, 'var.x\n');
	t.is(result.stdout, '"kept"\n');
	t.is(result.stderr, [
		'tfscope: warning: TF_CLI_ARGS_console: ignoring -target=terraform_data.a (to list part of a configuration, use tfscope instances DIR ADDRESS)',
		'tfscope: warning: TF_CLI_ARGS_console: ignoring -plan (tfscope console does not honour it)',
		'tfscope: warning: TF_CLI_ARGS: ignoring -input=false (tfscope never asks for input)',
		'',
	].join('\n'));
});

test('check reads TF_CLI_ARGS_validate (its twin) and honours what validate shares: -json, -no-color', async t => {
	const result = await run(['check', config], {TF_CLI_ARGS_validate: '-json -no-tests'});
	t.is(result.code, 0);
	t.is((JSON.parse(result.stdout) as {valid: boolean}).valid, true);
	t.is(result.stderr, 'tfscope: warning: TF_CLI_ARGS_validate: ignoring -no-tests (tfscope check does not honour it)\n');
	// terraform validate takes no -var: tfscope check does not take one from the environment either.
	const variable = await run(['check', config], {TF_CLI_ARGS: '-var=x=1'});
	t.regex(variable.stderr, /TF_CLI_ARGS: ignoring -var=x=1/);
});

test('graph reads TF_CLI_ARGS_graph; commands without a Terraform twin read neither variable', async t => {
	const graph = await run(['graph', config], {TF_CLI_ARGS_graph: '-type=plan -draw-cycles'});
	t.is(graph.code, 0);
	t.is(graph.stderr, 'tfscope: warning: TF_CLI_ARGS_graph: ignoring -type=plan (tfscope graph does not honour it)\ntfscope: warning: TF_CLI_ARGS_graph: ignoring -draw-cycles (tfscope graph does not honour it)\n');
	for (const command of ['instances', 'tree', 'why']) {
		// eslint-disable-next-line no-await-in-loop
		const result = await run([command, ...(command === 'why' ? ['var.x'] : []), config], {TF_CLI_ARGS: '-var=x=nope -bogus', TF_CLI_ARGS_instances: '-bogus'});
		t.is(result.stderr, '', command);
		t.is(result.code, 0, command);
	}
});

test('an unclosed quote is an error, as in Terraform', async t => {
	const result = await run(['console', config], {TF_CLI_ARGS_console: '-var \'x=1'}, 'var.x\n');
	t.is(result.code, 2);
	t.regex(result.stderr, /^tfscope: Error parsing extra CLI args from TF_CLI_ARGS_console: invalid command line string/);
	t.is(result.stdout, '');
});

const words: Array<[string, readonly string[] | 'error']> = [
	['', []],
	['  -a   -b  ', ['-a', '-b']],
	['-var \'x=two words\'', ['-var', 'x=two words']],
	['-var "y=say \\"hi\\""', ['-var', 'y=say "hi"']],
	['a\\ b', ['a b']],
	['\'\'', ['']],
	['a"b c"d', ['ab cd']],
	['\'a\\b\'', ['a\\b']],
	['-a ; -b', ['-a']],
	['-a|-b', ['-a']],
	['"unclosed', 'error'],
	['trailing\\', 'error'],
];

for (const [text, expected] of words) {
	test(`shell words of ${JSON.stringify(text)}`, t => {
		const split = splitShellWords(text);
		t.deepEqual('error' in split ? 'error' : split.words, expected);
	});
}

test('the words go right after the command\'s name, the command\'s own variable first', t => {
	const merged = withTerraformEnvironment(['--chdir', 'x', 'console', 'dir', '-var=a=3'], 'console', {TF_CLI_ARGS: '-var=a=2', TF_CLI_ARGS_console: '-var=a=1'});
	t.deepEqual(merged.argv, ['--chdir', 'x', 'console', '-var=a=1', '-var=a=2', 'dir', '-var=a=3']);
	t.deepEqual(withTerraformEnvironment(['console'], 'console', {TF_CLI_ARGS_console: '-var a=1 -state s.tfstate'}).argv, ['console', '-var', 'a=1', '-state', 's.tfstate']);
	// A value written as the next word of an ignored option goes with it.
	const ignored = withTerraformEnvironment(['console'], 'console', {TF_CLI_ARGS_console: '-target aws_instance.a -var a=1'});
	t.deepEqual(ignored.argv, ['console', '-var', 'a=1']);
	t.is(ignored.warnings.length, 1);
});
