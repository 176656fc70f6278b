import {createHash} from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {deflateSync} from 'node:zlib';
import test from 'ava';
import {maximumRevisionDepth, maximumRevisionEntries, openGitRevision} from '../../source/config/git-source.js';
import {parseState} from '../../source/config/state.js';
import {jsonSyntaxError, nestsDeeperThan} from '../../source/files/json-text.js';
import {maximumPlanDepth, parsePlan} from '../../source/plan/read-plan.js';
import {readSchemaJson} from '../../source/schema/read-schema-json.js';
import {runMain} from '../helpers/run-main.js';

/*
Hostile git repositories, state and plan files, as a repository under review can carry them (a `terraform.tfstate` is read without an option) or a user can be handed them: JSON that is not a state, entries of the wrong shape, a plan nested tens of thousands deep, JSON cut short, a revision whose trees name the same subtree twice at every level (30 objects, 2^30 paths) or nest 300 directories deep. Each is one diagnostic naming the file (and the line and column where JSON.parse says), the rest still loads, and nothing ends in an internal error (exit 70) or a stack overflow. The files are made here, a few kilobytes each.
*/

const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-round-seven-'));
test.after.always(() => {
	fs.rmSync(parent, {recursive: true, force: true});
});

const noInternalError = /internal error|call stack|RangeError|TypeError|\n\s+at /;

/** A configuration whose `terraform_data.a.output` comes from the state when it has it. */
function configuration(files: Record<string, string>): string {
	const directory = fs.mkdtempSync(path.join(parent, 'case-'));
	fs.writeFileSync(path.join(directory, 'main.tf'), 'resource "terraform_data" "a" {\n  input = "x"\n}\n\noutput "o" {\n  value = terraform_data.a.output\n}\n');
	for (const [name, text] of Object.entries(files)) {
		fs.writeFileSync(path.join(directory, name), text);
	}

	return directory;
}

const nested = (depth: number, leaf = '1'): string => '['.repeat(depth) + leaf + ']'.repeat(depth);
const goodResource = '{"mode":"managed","type":"terraform_data","name":"a","instances":[{"attributes":{"id":"1","input":"x","output":"from state"}}]}';
const stateWith = (resources: string): string => `{"version":4,"serial":1,"lineage":"l","outputs":{},"resources":${resources}}`;

test('a state file that is not an object, or whose entries have the wrong shape: one diagnostic each, the well-formed entries still read', t => {
	for (const text of ['null', '5', '"state"', '[]']) {
		const {state, diagnostics} = parseState(text, 'terraform.tfstate');
		t.is(state.size, 0);
		t.deepEqual(diagnostics.map(each => `${each.severity}: ${each.summary}: ${each.detail}`), [`error: Invalid state file: terraform.tfstate holds ${text === '[]' ? 'a list' : (text === 'null' ? 'null' : `a ${typeof JSON.parse(text)}`)}, not a state (a JSON object with "version" and "resources"). Its values are ignored.`]);
	}

	const cases: Array<[string, string, number]> = [
		['5', '"resources" is a number, not a list', 0],
		[`[null, 1, "x", {"type": "t"}, ${goodResource}]`, 'resources[0] is null, not a resource; resources[1] is a number, not a resource; resources[2] is a string, not a resource; and 1 more', 1],
		[`[{"mode":"managed","type":"terraform_data","name":"b","instances":5}, ${goodResource}]`, 'resources[0].instances is a number, not a list', 1],
		['[{"mode":"managed","type":"terraform_data","name":"a","instances":[null, {"attributes":"text"}, {"attributes":{"id":"1","output":"kept"}}]}]', 'resources[0].instances[0] is null, not an instance; resources[0].instances[1] has attributes that are a string, not an object', 1],
	];
	for (const [resources, problems, read] of cases) {
		const {state, diagnostics} = parseState(stateWith(resources), 'terraform.tfstate');
		t.is(state.size, read, resources);
		t.deepEqual(diagnostics.map(each => `${each.severity}: ${each.summary}`), ['warning: Malformed state entries'], resources);
		t.true((diagnostics[0]!.detail ?? '').startsWith(`terraform.tfstate: ${problems}. `), diagnostics[0]!.detail);
	}
});

test('malformed state files through the commands: check warns and goes on, console answers from the entries it could read', async t => {
	const directory = configuration({'terraform.tfstate': stateWith(`[null, ${goodResource}]`)});
	const check = await runMain(['check', directory]);
	t.notRegex(check.stdout + check.stderr, noInternalError);
	t.regex(check.stdout + check.stderr, /warning: Malformed state entries/);
	const console = await runMain(['console', directory], {stdin: 'terraform_data.a.output\n'});
	t.regex(console.stdout, /Warning: Malformed state entries/);
	t.true(console.stdout.endsWith('\n"from state"\n'), console.stdout);
	for (const text of ['null', stateWith('5'), stateWith('[{"type":"t","name":"n","instances":7}]')]) {
		const hostile = configuration({'terraform.tfstate': text});
		// eslint-disable-next-line no-await-in-loop
		const result = await runMain(['check', hostile]);
		t.notRegex(result.stdout + result.stderr, noInternalError, text);
		t.regex(result.stdout + result.stderr, /Invalid state file|Malformed state entries/, text);
	}
});

test('a state file cut short names the line and column where the JSON stops', t => {
	const text = stateWith(`[\n  ${goodResource},\n  {"mode": "managed", "type": "terraform_data", "name": "b", "instances": [{"attributes": {"id": "unterminated`);
	const {diagnostics} = parseState(text, 'terraform.tfstate');
	t.is(diagnostics.length, 1);
	t.is(diagnostics[0]!.summary, 'Invalid state file');
	t.is(diagnostics[0]!.detail, 'terraform.tfstate is not valid JSON: Unterminated string.');
	t.deepEqual(diagnostics[0]!.subject?.start, {line: 3, column: text.length - text.lastIndexOf('\n'), offset: Buffer.byteLength(text)});
	t.is(diagnostics[0]!.subject?.filename, 'terraform.tfstate');
});

test('jsonSyntaxError: the place V8 names, the end for input cut short, none when V8 names none', t => {
	const at = (text: string) => {
		try {
			JSON.parse(text);
		} catch (error) {
			return jsonSyntaxError(text, error);
		}

		throw new Error(`${text} parsed`);
	};

	t.deepEqual(at('{"a":\n"x'), {message: 'Unterminated string', place: {line: 2, column: 3, offset: 8}});
	t.deepEqual(at('{"é":1}}'), {message: 'Unexpected non-whitespace character after JSON', place: {line: 1, column: 8, offset: 8}});
	t.deepEqual(at(''), {message: 'Unexpected end of JSON input', place: {line: 1, column: 1, offset: 0}});
	t.is(at('[1,,2]').place, undefined);
});

test('nestsDeeperThan counts arrays and objects, without recursion, 100,000 levels deep', t => {
	// The outermost level is depth 0: eleven arrays reach depth 10, twelve pass it.
	t.false(nestsDeeperThan(JSON.parse(nested(11)), 10));
	t.true(nestsDeeperThan(JSON.parse(nested(12)), 10));
	t.true(nestsDeeperThan(JSON.parse('{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)), 1000));
	t.false(nestsDeeperThan('text', 0));
	t.false(nestsDeeperThan({a: [1, 2, {b: []}]}, 3));
	t.true(nestsDeeperThan({a: [1, 2, {b: [[]]}]}, 3));
});

const planOf = (body: string): string => `{"format_version":"1.2","terraform_version":"1.11.0",${body}}`;
const change = (address: string, after: string, actions = '["create"]', extra = ''): string => `{"address":"${address}","mode":"managed","type":"terraform_data","name":"a","change":{"actions":${actions},"before":null,"after":${after},"after_unknown":{}${extra}}}`;

test('a plan nested past maximumPlanDepth is refused up front, naming the part, wherever the nesting is', t => {
	const deep = nested(20_000);
	let modules = '{"resources":[]}';
	for (let level = 0; level < 20_000; level += 1) {
		modules = `{"child_modules":[${modules}]}`;
	}

	const cases: Array<[string, string]> = [
		[planOf(`"resource_changes":[${change('terraform_data.ok', '{"input":"x"}')},${change('terraform_data.a', `{"input":${deep}}`)}]`), 'resource_changes[1] (terraform_data.a)'],
		[planOf(`"resource_changes":[${change('terraform_data.a', '{"input":"x"}', '["delete","create"]', `,"replace_paths":[${deep}]`)}]`), 'resource_changes[0] (terraform_data.a)'],
		[planOf(`"resource_changes":[],"deferred_changes":[{"reason":"r","resource_change":${change('terraform_data.d', `{"input":${deep}}`)}}]`), 'deferred_changes[0] (terraform_data.d)'],
		[planOf(`"resource_changes":[],"variables":{"fine":{"value":1},"v":{"value":${deep}}}`), 'variables.v'],
		[planOf(`"resource_changes":[],"output_changes":{"o":{"actions":["create"],"after":${deep}}}`), 'output_changes.o'],
		[planOf(`"resource_changes":[],"prior_state":{"values":{"root_module":${modules}}}`), 'prior_state'],
	];
	for (const [text, part] of cases) {
		const read = parsePlan(text, 'plan.json');
		t.deepEqual(read, {ok: false, message: `--plan plan.json: ${part} nests deeper than 1,000 levels, tfscope's limit (maximumPlanDepth); terraform show -json writes nothing near that deep`});
	}

	// At the limit it is read.
	t.true(parsePlan(planOf(`"resource_changes":[${change('terraform_data.a', `{"input":${nested(maximumPlanDepth - 5)}}`)}]`), 'plan.json').ok);
});

test('a deep plan through the commands: one line naming the file, exit 1, never an internal error', async t => {
	const directory = configuration({'plan.json': planOf(`"resource_changes":[],"output_changes":{"o":{"actions":["create"],"after":${nested(30_000)}}}`)});
	for (const command of ['check', 'plan-summary', 'instances']) {
		// eslint-disable-next-line no-await-in-loop
		const result = await runMain([command, directory, '--plan', path.join(directory, 'plan.json')]);
		t.is(result.code, 1, command);
		t.notRegex(result.stdout + result.stderr, noInternalError, command);
		t.regex(result.stderr, /plan\.json: output_changes\.o nests deeper than 1,000 levels/, command);
	}
});

/** A repository written object by object (loose objects, as git writes them), its HEAD the commit of `tree(write)`'s tree. */
function repositoryOf(tree: (write: (type: string, body: Buffer) => string) => string): string {
	const directory = fs.mkdtempSync(path.join(parent, 'repository-'));
	fs.mkdirSync(path.join(directory, '.git', 'refs', 'heads'), {recursive: true});
	const write = (type: string, body: Buffer): string => {
		const data = Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body]);
		const oid = createHash('sha1').update(data).digest('hex');
		const file = path.join(directory, '.git', 'objects', oid.slice(0, 2), oid.slice(2));
		fs.mkdirSync(path.dirname(file), {recursive: true});
		fs.writeFileSync(file, deflateSync(data));
		return oid;
	};

	const commit = write('commit', Buffer.from(`tree ${tree(write)}\nauthor a <a@example.com> 0 +0000\ncommitter a <a@example.com> 0 +0000\n\nm\n`));
	fs.writeFileSync(path.join(directory, '.git', 'HEAD'), 'ref: refs/heads/main\n');
	fs.writeFileSync(path.join(directory, '.git', 'refs', 'heads', 'main'), `${commit}\n`);
	fs.writeFileSync(path.join(directory, 'main.tf'), 'locals {\n  a = 1\n}\n');
	return directory;
}

const entry = (mode: string, name: string, oid: string): Buffer => Buffer.concat([Buffer.from(`${mode} ${name}\0`), Buffer.from(oid, 'hex')]);

test('a revision whose trees name one subtree twice at each of 30 levels (2^30 paths) stops at maximumRevisionEntries; one 300 directories deep at maximumRevisionDepth', async t => {
	t.timeout(300_000);
	const doubling = repositoryOf(write => {
		const configuration = write('blob', Buffer.from('locals {\n  a = 0\n}\n'));
		let subtree = write('tree', entry('100644', 'main.tf', configuration));
		for (let level = 0; level < 30; level += 1) {
			subtree = write('tree', Buffer.concat([entry('40000', 'a', subtree), entry('40000', 'b', subtree)]));
		}

		return write('tree', Buffer.concat([entry('100644', 'main.tf', configuration), entry('40000', 'd', subtree)]));
	});
	const deep = repositoryOf(write => {
		let subtree = write('tree', entry('100644', 'main.tf', write('blob', Buffer.from('locals {}\n'))));
		for (let level = 0; level < maximumRevisionDepth + 44; level += 1) {
			subtree = write('tree', entry('40000', 'd', subtree));
		}

		return subtree;
	});
	const opened = await openGitRevision({revision: 'HEAD', directory: doubling});
	t.deepEqual(opened, {ok: false, message: `Revision "HEAD" could not be read from ${path.join(doubling, '.git')}: its tree has more than ${maximumRevisionEntries.toLocaleString('en-US')} files and directories, tfscope's limit (maximumRevisionEntries).`});
	const nested = await openGitRevision({revision: 'HEAD', directory: deep});
	t.false(nested.ok);
	t.regex(nested.ok ? '' : nested.message, new RegExp(`its directories nest deeper than ${maximumRevisionDepth} levels \\(d/d/d/.*…\\), tfscope's limit \\(maximumRevisionDepth\\)\\.$`));
	// Through the command: one line, exit 1.
	const result = await runMain(['diff', doubling, '--from', 'HEAD']);
	t.is(result.code, 1);
	t.notRegex(result.stdout + result.stderr, noInternalError);
	t.regex(result.stderr, /^Error: Revision "HEAD" could not be read from .*: its tree has more than 250,000 files and directories/);
});

test('a subtree named in many places is read once and each place is listed', async t => {
	const shared = repositoryOf(write => {
		const module = write('tree', entry('100644', 'main.tf', write('blob', Buffer.from('variable "x" {}\n'))));
		return write('tree', Buffer.concat([entry('100644', 'main.tf', write('blob', Buffer.from('module "a" {\n  source = "./a"\n  x = 1\n}\nmodule "b" {\n  source = "./b"\n  x = 2\n}\n'))), entry('40000', 'a', module), entry('40000', 'b', module)]));
	});
	const opened = await openGitRevision({revision: 'HEAD', directory: shared});
	if (!opened.ok) {
		t.fail(opened.message);
		return;
	}

	const {source} = opened.revision;
	t.deepEqual(source.readDirectory(shared).sort(), ['a', 'b', 'main.tf']);
	for (const name of ['a', 'b']) {
		const read = source.read(path.join(shared, name, 'main.tf'), 1000);
		t.is(read.ok ? Buffer.from(read.bytes).toString() : '', 'variable "x" {}\n');
	}
});

const schemaDocument = (resource: unknown): string => JSON.stringify({format_version: '1.0', provider_schemas: {'registry.terraform.io/hashicorp/aws': {provider: {version: 0, block: {}}, resource_schemas: {aws_thing: resource}}}});

test('a provider schema whose entries lie about their shape: the entries are left out with one warning naming them, the rest is read', t => {
	const read = readSchemaJson(schemaDocument({version: 0, block: {
		attributes: {name: {type: 'string', required: true}, none: null, number: 5, untyped: {type: null, optional: true}, map: {type: ['map'], optional: true}},
		block_types: {
			fine: {nesting_mode: 'list', max_items: 1, block: {attributes: {v: {type: 'number', optional: true}}}},
			huge: {nesting_mode: 'list', min_items: 1e308, block: {}},
			negative: {nesting_mode: 'set', max_items: -5, block: {}},
			'no-block': {nesting_mode: 'list'},
			'not-object': 'x',
		},
	}}), 'schema.json');
	t.deepEqual(Object.keys(read.digests[0]!.resources['aws_thing']!.a ?? {}), ['name']);
	t.deepEqual(Object.keys(read.digests[0]!.resources['aws_thing']!.b ?? {}), ['fine']);
	t.deepEqual(read.diagnostics.map(each => `${each.severity}: ${each.summary}: ${each.detail}`), ['warning: Malformed provider schema entries: schema.json: aws_thing.none, aws_thing.number, aws_thing.untyped and 5 more are not in the shape "terraform providers schema -json" writes (an attribute without a valid type, a block that is not an object, a count of blocks that is not a whole number); they are left out of the schema.']);
	t.deepEqual(readSchemaJson(JSON.stringify({format_version: '1.0', provider_schemas: {a: 5, b: {resource_schemas: {t: null, u: {block: []}}}}}), 'schema.json').diagnostics.map(each => each.detail), ['schema.json: provider a, t, u are not in the shape "terraform providers schema -json" writes (an attribute without a valid type, a block that is not an object, a count of blocks that is not a whole number); they are left out of the schema.']);
});

test('the output of terraform providers schema -json reads without a warning; a schema file cut short is located', t => {
	const real = fs.readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'schema', 'builtin-schema.json'), 'utf8');
	const read = readSchemaJson(real, 'builtin-schema.json');
	t.deepEqual(read.diagnostics, []);
	t.true(read.digests.length > 0);
	const text = '{\n  "format_version": "1.0",\n  "provider_schemas": {"x';
	const cut = readSchemaJson(text, 'schema.json').diagnostics;
	t.is(cut.length, 1);
	t.deepEqual(cut[0]!.subject?.start, {line: 3, column: 26, offset: text.length});
	t.regex(cut[0]!.detail ?? '', /^schema\.json is not JSON \(Unterminated string\)/);
});

test('a plan cut short names the line and column', t => {
	const read = parsePlan('{\n  "format_version": "1.2",\n  "resource_changes": [{"address": "x', 'plan.json');
	t.deepEqual(read, {ok: false, message: '--plan plan.json:3:38: not JSON (Unterminated string); give the output of terraform show -json PLANFILE'});
});
