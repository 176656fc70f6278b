import fs from 'node:fs';
import path from 'node:path';
import {Readable} from 'node:stream';
import test from 'ava';
import {flagTable} from '../../source/commands/flags.js';
import {main} from '../../source/commands/main.js';
import {jsonFormatVersion} from '../../source/json-format.js';
import {type JsonFormat, parseJsonOutput, schemaFile} from '../helpers/json-schema.js';
import {repositoryRoot} from '../helpers/tmux.js';

/*
Every command that takes --json, run through the dispatcher on real configurations, validates against its published schema (schemas/json/, shipped in the package) and carries the one format_version; rows of one kind have the same keys.
*/

const example = 'examples/multi-region';
const diffCases = 'test/fixtures/diff';

async function run(argv: readonly string[]): Promise<{code: number; stdout: string; stderr: string}> {
	let stdout = '';
	let stderr = '';
	const code = await main(argv, {
		stdin: Readable.from(['']),
		stdout: {write: (text: string) => (stdout += text)},
		stderr: {write: (text: string) => (stderr += text)},
		isTerminal: false,
		stdinIsTerminal: false,
		environment: {},
		cwd: repositoryRoot,
	});
	return {code, stdout, stderr};
}

const outputs: Array<[JsonFormat, readonly string[]]> = [
	['check', ['check', '--json', example]],
	['check', ['check', '--json', 'test/fixtures/configs/errors']],
	['instances', ['instances', '--json', example]],
	['instances', ['instances', '--json', example, '--exclude', 'module.network["eu"]']],
	['instances', ['instances', '--json', 'test/fixtures/configs/unknown-expansion']],
	['instances', ['instances', '--json', 'test/fixtures/terragrunt/estate/live']],
	['tree', ['tree', '--json', example]],
	['tree', ['tree', '--json', 'test/fixtures/configs/empty-for-each']],
	['graph', ['graph', '--json', example]],
	['graph', ['graph', '--format', 'json', '--instances', example]],
	['diff', ['diff', '--json', `${diffCases}/rename-without-moved/new`, '--from-dir', `${diffCases}/rename-without-moved/old`]],
	['diff', ['diff', '--json', `${diffCases}/import-for-each/new`, '--from-dir', `${diffCases}/import-for-each/old`]],
	['diff', ['diff', '--json', `${diffCases}/updates/new`, '--from-dir', `${diffCases}/updates/old`]],
	['diff', ['diff', '--json', `${diffCases}/actions/new`, '--from-dir', `${diffCases}/actions/old`]],
	['why', ['why', '--json', 'aws_s3_bucket.logs["audit"].tags', example]],
	['why', ['why', '--json', 'null_resource.counted', 'test/fixtures/configs/unknown-expansion']],
	['version', ['version', '--json']],
	['version', ['--version', '--json']],
	['parse', ['parse', '--json', `${example}/main.tf`]],
	['plan-summary', ['plan-summary', '--json', 'test/fixtures/saved-plan/review/after', '--plan', 'test/fixtures/saved-plan/review/plan.json']],
	['plan-summary', ['plan-summary', '--json', 'test/fixtures/saved-plan/failing/after', '--plan', 'test/fixtures/saved-plan/failing/plan.json']],
];

for (const [format, argv] of outputs) {
	test(`${argv.join(' ')} matches schemas/json/${format}.schema.json`, async t => {
		const {stdout, stderr} = await run(argv);
		t.not(stdout, '', stderr);
		parseJsonOutput(t, format, stdout);
	});
}

test('every command that takes --json has a schema, shipped in the package, and a row above', t => {
	const commands = flagTable.json.for;
	const packageJson = JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as {files: string[]};
	t.true(packageJson.files.includes('schemas'));
	for (const command of commands) {
		t.true(fs.existsSync(schemaFile(command as JsonFormat)), `schemas/json/${command}.schema.json`);
		t.true(outputs.some(([, argv]) => argv[0] === command), command);
	}
});

test('one format_version, a string, in every versioned format', async t => {
	t.is(typeof jsonFormatVersion, 'string');
	for (const [format, argv] of outputs.filter(([format]) => format !== 'parse')) {
		// eslint-disable-next-line no-await-in-loop
		t.is((JSON.parse((await run(argv)).stdout) as {format_version: unknown}).format_version, jsonFormatVersion, format);
	}
});

test('rows of one kind have the same keys: instances, graph nodes, diff changes, why steps', async t => {
	const keysOf = (rows: ReadonlyArray<Record<string, unknown>>) => new Set(rows.map(row => Object.keys(row).join(',')));
	const instances = JSON.parse((await run(['instances', '--json', example])).stdout) as {instances: Array<Record<string, unknown>>};
	t.is(keysOf(instances.instances).size, 1);
	const graph = JSON.parse((await run(['graph', '--json', '--instances', example])).stdout) as {nodes: Array<Record<string, unknown>>; edges: Array<{expressions: Array<Record<string, unknown>>}>};
	t.is(keysOf(graph.nodes).size, 1);
	t.is(keysOf(graph.edges.flatMap(edge => edge.expressions)).size, 1);
	const diff = JSON.parse((await run(['diff', '--json', `${diffCases}/rename-without-moved/new`, '--from-dir', `${diffCases}/rename-without-moved/old`])).stdout) as {resource_changes: Array<Record<string, unknown>>};
	t.is(keysOf(diff.resource_changes).size, 1);
	type Step = Record<string, unknown> & {children: Step[]};
	const why = JSON.parse((await run(['why', '--json', 'aws_s3_bucket.logs["audit"].tags', example])).stdout) as {trace: Step};
	const steps = (step: Step): Step[] => [step, ...step.children.flatMap(child => steps(child))];
	t.true(steps(why.trace).length > 1);
	t.is(keysOf(steps(why.trace)).size, 1);
});

test('--json is --format json wherever --format json exists; two formats at once are refused', async t => {
	t.is((await run(['graph', '--json', example])).stdout, (await run(['graph', '--format', 'json', example])).stdout);
	const both = await run(['graph', '--json', '--format', 'dot', example]);
	t.is(both.code, 2);
	t.regex(both.stderr, /--json and --format dot/);
	t.is((await run(['diff', '--json', '--format', 'markdown', example, '--from-dir', example])).code, 2);
});
