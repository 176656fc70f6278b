import {readFileSync} from 'node:fs';
import test from 'ava';
import {defaultFlags} from '../../source/commands/command.js';
import {workspaceOptions} from '../../source/commands/workspace-options.js';
import {estateOf} from '../../source/terragrunt/estate-commands.js';
import {createConsoleThread, threadOptions} from '../../source/ui/data/console-thread.js';
import {defaultFormatting} from '../../source/ui/data/formatting.js';
import {loadExplorerData} from '../../source/ui/data/load.js';
import {createWorkspaceData} from '../../source/ui/data/workspace-data.js';
import type {ExplorerData} from '../../source/ui/explorer-data.js';
import {runMain} from '../helpers/run-main.js';

/*
The explorer's console lines are evaluated in a worker thread that loads the Workspace again (source/ui/data/console-thread.ts): each prints exactly what it printed when evaluated in the explorer's own thread, which is what `tfscope console` prints (the console goldens); under `:assume` the thread loads the configuration with the assumptions; a line can be cancelled, and the next one still answers.
*/

// The worker is unref()'d, so that it never keeps the explorer's process alive (its terminal does): here a timer keeps the tests' process alive while they wait for it.
const keepAlive = setInterval(() => undefined, 60_000);
test.after.always(() => {
	clearInterval(keepAlive);
});

async function load(directory: string, flags = defaultFlags): Promise<ExplorerData> {
	return (await loadExplorerData({directory, flags, environment: {}, cwd: process.cwd()})).data;
}

/** The lines of a console fixture, less comments and impure functions (a new value at each call). */
function expressionsOf(file: string): string[] {
	return readFileSync(file, 'utf8').split('\n').filter(line => line.trim() !== '' && !line.startsWith('#') && !/timestamp|uuid|bcrypt/.test(line));
}

test('every console fixture line prints the same from the worker thread as in the explorer\'s thread', async t => {
	t.timeout(600_000);
	const cases: Array<[string, string, string[]]> = [
		['test/fixtures/console/config', '', expressionsOf('test/fixtures/console/config-expressions.txt')],
		// Context-free expressions (every built-in function and operator, errors included), at a resource instance of the example.
		['examples/multi-region', 'module.app["eu"].aws_instance.web[0]', expressionsOf('test/fixtures/console/expressions.txt')],
	];
	for (const [directory, context, expressions] of cases) {
		// eslint-disable-next-line no-await-in-loop
		const data = await load(directory);
		t.truthy(data.evaluateInThread, directory);
		// eslint-disable-next-line no-await-in-loop
		const threaded = await Promise.all(expressions.map(async expression => data.evaluateInThread!(expression, context)));
		for (const [index, expression] of expressions.entries()) {
			t.deepEqual(threaded[index], data.evaluate(expression, context), `${directory}: ${expression}`);
		}

		t.true(expressions.length > 50);
	}
});

test('the worker prints what tfscope console prints, hints included', async t => {
	const data = await load('examples/multi-region');
	const command = await runMain(['console', 'examples/multi-region', '--at', 'module.app["eu"]'], {stdin: 'each.value\n'});
	const result = await data.evaluateInThread!('each.value', 'module.app["eu"]');
	t.is(`${result.text}\n`, command.stdout + command.stderr);
	t.regex(result.hint ?? '', /^Hint: each belongs to the call module\.app in the root module/);
});

test('the worker loads the Workspace with the options given (--var) and, after :assume, with the assumptions', async t => {
	const data = await load('test/fixtures/configs/placeholders');
	t.is((await data.evaluateInThread!('length(aws_subnet.public)', '')).text, (data.evaluate('length(aws_subnet.public)', '')).text);
	const assumed = await data.withAssumptions!([{address: 'data.aws_availability_zones.available.names', expression: '["a", "b", "c"]', source: ':assume'}]);
	if (!assumed.ok) {
		t.fail(assumed.message);
		return;
	}

	const names = await assumed.data.evaluateInThread!('data.aws_availability_zones.available.names', '');
	t.deepEqual(names, {ok: true, text: '[\n  "a",\n  "b",\n  "c",\n] (assumed)'});
	t.deepEqual(names, assumed.data.evaluate('data.aws_availability_zones.available.names', ''));
	t.deepEqual(await assumed.data.evaluateInThread!('length(aws_subnet.public)', ''), {ok: true, text: '3'});

	const withVariable = await load('examples/multi-region', {...defaultFlags, variableArguments: [{kind: 'var', text: 'project=threaded'}]});
	t.deepEqual(await withVariable.evaluateInThread!('var.project', ''), {ok: true, text: '"threaded"'});
});

test('a line being evaluated can be cancelled; the next line starts a new worker and answers', async t => {
	t.timeout(300_000);
	const data = await load('examples/multi-region');
	const endless = data.evaluateInThread!('length([for a in range(1000): length([for b in range(1000): length([for c in range(1000): c])])])', '');
	const waiting = data.evaluateInThread!('1 + 1', '');
	data.cancelEvaluation!();
	t.deepEqual(await endless, {ok: false, text: 'cancelled'});
	t.deepEqual(await waiting, {ok: false, text: 'cancelled'});
	t.deepEqual(await data.evaluateInThread!('upper("again")', ''), {ok: true, text: '"AGAIN"'});
});

test('a unit opened from a Terragrunt estate: the worker opens the same estate and unit, and prints what the explorer\'s thread prints, after :assume too', async t => {
	t.timeout(300_000);
	const options = workspaceOptions(defaultFlags, 'test/fixtures/terragrunt/estate/live', {}, process.cwd());
	const estate = estateOf(options)!;
	const unit = estate.units.find(each => each.path === 'prod/eu-west-1/app')!;
	const opened = await estate.open(unit);
	// The unit's own options hold values computed here (its inputs) and its generated files: they cannot cross a thread.
	t.is(threadOptions(opened.workspace.options), undefined);
	const consoleOptions = threadOptions(options)!;
	const data = createWorkspaceData(opened.workspace, defaultFormatting(), {consoleThread: {workspace: {options: consoleOptions, unit: unit.directory}, start: createConsoleThread}});
	const expressions = ['var.cidr', 'var.db_endpoint', 'var.label', 'var.image', 'var.tags', 'terraform_data.server[1].input', 'path.module', 'length(terraform_data.server)', 'var.nope'];
	for (const expression of expressions) {
		// eslint-disable-next-line no-await-in-loop
		t.deepEqual(await data.evaluateInThread!(expression, ''), data.evaluate(expression, ''), expression);
	}

	t.deepEqual(await data.evaluateInThread!('var.cidr', ''), {ok: true, text: '"10.0.0.0/16"'});
	t.deepEqual(await data.evaluateInThread!('terraform_data.server[1].input.subnet', ''), {ok: true, text: '"10.0.1.0/24"'});
	const assumed = await data.withAssumptions!([{address: 'var.image', expression: '"ami-assumed"', source: ':assume'}]);
	if (!assumed.ok) {
		t.fail(assumed.message);
		return;
	}

	t.deepEqual(await assumed.data.evaluateInThread!('terraform_data.server[0].input.image', ''), assumed.data.evaluate('terraform_data.server[0].input.image', ''));
	t.regex((await assumed.data.evaluateInThread!('terraform_data.server[0].input.image', '')).text, /ami-assumed/);
});

test('a unit the worker cannot find in the estate is an answer saying so, not a hang', async t => {
	const options = threadOptions(workspaceOptions(defaultFlags, 'test/fixtures/terragrunt/estate/live', {}, process.cwd()))!;
	const thread = createConsoleThread({options, unit: '/nowhere/unit'});
	const answer = await thread.evaluate('1 + 1', '');
	t.false(answer.ok);
	t.regex(answer.text, /found no Terragrunt unit at \/nowhere\/unit/);
	thread.cancel();
});
