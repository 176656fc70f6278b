import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {parseJsonOutput} from '../helpers/json-schema.js';
import {runMain} from '../helpers/run-main.js';

/*
Query files in the commands: `tree`, `instances` (a kind of its own), `check` (as `terraform validate -query`), `parse`, and nothing for `graph` (`terraform graph` never loads query files: only `terraform query` and `validate -query` set IncludeQueryFiles, hashicorp/terraform v1.16 internal/command/query.go and validate.go). Fixture: test/fixtures/query/basic.
*/

const repository = path.join(import.meta.dirname, '..', '..');
const fixture = 'test/fixtures/query/basic';
const run = async (...argv: string[]) => runMain(argv, {cwd: repository});

test('tree counts the root module\'s list blocks and their instances', async t => {
	const {code, stdout} = await run('tree', fixture);
	t.is(code, 0);
	t.is(stdout, 'root (1 resource, 2 instances; query: 4 list blocks, 5 list instances, 1 open-ended [*])\n');
	const json = await run('tree', '--json', fixture);
	const parsed = parseJsonOutput<Record<string, unknown>>(t, 'tree', json.stdout);
	t.like(parsed, {resources: 1, resource_instances: 2, list_blocks: 4, list_instances: 5});
});

test('instances lists list instances after the resources, kind list in --json', async t => {
	const {code, stdout} = await run('instances', fixture);
	t.is(code, 0);
	t.is(stdout, [
		'terraform_data.web[0]',
		'terraform_data.web[1]',
		'list.aws_instance.by_count[0]',
		'list.aws_instance.by_count[1]',
		'list.aws_instance.by_region["eu-west-1"]',
		'list.aws_instance.by_region["us-east-1"]',
		'list.aws_s3_bucket.all',
		'list.aws_instance.from_results[*]',
		'',
	].join('\n'));
	const json = parseJsonOutput<{instances: Array<Record<string, unknown>>}>(t, 'instances', (await run('instances', '--json', fixture)).stdout);
	t.deepEqual(json.instances[4], {
		address: 'list.aws_instance.by_region["eu-west-1"]', kind: 'list', module: '', type: 'aws_instance', name: 'by_region', key: 'eu-west-1', file: 'test/fixtures/query/basic/main.tfquery.hcl:30', placeholder: false, assumed: [], exists_by_assumption: false, skipped: null,
	});
});

test('check says which query files it checked, as terraform validate -query', async t => {
	const {code, stdout, stderr} = await run('check', fixture);
	t.is(code, 0);
	t.is(stdout, '');
	t.regex(stderr, /^Query files checked as terraform validate -query does: main\.tfquery\.hcl \(4 list blocks, 5 list instances\)\.$/m);
});

test('graph has no list blocks, as terraform graph has none', async t => {
	const {code, stdout} = await run('graph', fixture);
	t.is(code, 0);
	t.notRegex(stdout, /list\./);
	t.regex(stdout, /terraform_data\.web/);
});

test('parse reads a query file with the one parser', async t => {
	const {code, stdout} = await run('parse', '--json', `${fixture}/main.tfquery.hcl`);
	t.is(code, 0);
	const json = JSON.parse(stdout) as {list: Record<string, Record<string, unknown[]>>};
	t.deepEqual(Object.keys(json.list), ['aws_instance', 'aws_s3_bucket']);
	t.deepEqual(Object.keys(json.list['aws_instance']!), ['by_count', 'by_region', 'from_results']);
});

const schemaFixture = 'test/fixtures/query/provider-schema';

test('check reports the provider-side checks of validate -query from providers-schema.json, in text and --json', async t => {
	const {code, stdout} = await run('check', schemaFixture);
	t.is(code, 1);
	t.is(stdout.split('\n').filter(line => /: error: /.test(line)).join('\n'), [
		`${schemaFixture}/main.tfquery.hcl:24:6: error: Invalid list resource`,
		`${schemaFixture}/main.tfquery.hcl:32:39: error: Missing config block`,
		`${schemaFixture}/main.tfquery.hcl:41:5: error: Unsupported argument`,
		`${schemaFixture}/main.tfquery.hcl:42:20: error: Incorrect attribute value type`,
		`${schemaFixture}/main.tfquery.hcl:43:9: error: Missing required argument`,
		`${schemaFixture}/main.tfquery.hcl:57:6: error: Invalid list resource`,
	].join('\n'));
	t.regex(stdout, /^ {2}The provider hashicorp\/test does not support list resource "test_database"\.$/m);
	const json = await run('check', '--json', schemaFixture);
	t.is(json.code, 1);
	const parsed = parseJsonOutput<{error_count: number; diagnostics: Array<{summary: string; detail: string; range: {start: {line: number; column: number}}}>}>(t, 'check', json.stdout);
	t.is(parsed.error_count, 6);
	t.deepEqual(parsed.diagnostics[0], {
		severity: 'error',
		summary: 'Invalid list resource',
		detail: 'The provider hashicorp/test does not support list resource "test_database".',
		range: {filename: `${schemaFixture}/main.tfquery.hcl`, start: {line: 24, column: 6, byte: 420}, end: {line: 24, column: 21, byte: 435}},
	});
});

test('check --schema FILE: the same checks from a schema file given on the command line; without one, nothing about list resources', async t => {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-query-schema-'));
	t.teardown(() => {
		fs.rmSync(directory, {recursive: true, force: true});
	});
	fs.copyFileSync(path.join(repository, schemaFixture, 'main.tf'), path.join(directory, 'main.tf'));
	fs.writeFileSync(path.join(directory, 'main.tfquery.hcl'), 'list "test_database" "all" {\n  provider = test\n}\n');
	const without = await run('check', directory);
	t.is(without.code, 0);
	t.is(without.stdout, '');
	const given = await run('check', '--schema', `${schemaFixture}/providers-schema.json`, directory);
	t.is(given.code, 1);
	t.is(given.stdout, `${path.join(directory, 'main.tfquery.hcl')}:1:6: error: Invalid list resource\n  The provider hashicorp/test does not support list resource "test_database".\n`);
});
