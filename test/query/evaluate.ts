import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {instanceLines} from '../../source/commands/instances.js';
import {formatRangeShort} from '../../source/hcl/position.js';
import {formatValue} from '../../source/lang/format-value.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
List blocks expanded and evaluated as `terraform validate -query` evaluates them, nothing run: hashicorp/terraform v1.16 (commit fcd4f214004cd6eef0085e7fcbf5d8a001f79937) internal/terraform/node_resource_validate.go (ListResourceMode: config, then limit, then include_resource, stopping at the first with an error), eval_query.go (limit: a number >= 0, default 100; include_resource: a bool, default false), expressions.go (ExprEvaluator: null is an error, unknown allowed, a non-whole limit "unsuitable"), evaluate.go getListResource (a list's value is unknown at validate) and evaluate_valid.go staticValidateResourceReference (the steps after list.TYPE.NAME[KEY]: .data, an index, .state or .identity). Fixture: test/fixtures/query/basic.
*/

const fixture = path.join(import.meta.dirname, '..', 'fixtures', 'query', 'basic');
const workspace = loadWorkspace({directory: fixture, environment: {}});

test('list instances are addressed list.TYPE.NAME[KEY], after the root module\'s resources; an unknown count is a placeholder', async t => {
	const loaded = await workspace;
	t.deepEqual(loaded.diagnostics, []);
	t.deepEqual(instanceLines(loaded.instances).map(line => `${line.kind} ${line.instance.text}`), [
		'resource terraform_data.web[0]',
		'resource terraform_data.web[1]',
		'list list.aws_instance.by_count[0]',
		'list list.aws_instance.by_count[1]',
		'list list.aws_instance.by_region["eu-west-1"]',
		'list list.aws_instance.by_region["us-east-1"]',
		'list list.aws_s3_bucket.all',
		'list list.aws_instance.from_results[*]',
	]);
});

test('config, limit and include_resource are evaluated per instance with count.index, each, variables and locals of query files', async t => {
	const {root} = (await workspace).instances;
	const values = Object.fromEntries(root.lists.flatMap(list => list.instances.map(instance => [instance.text, formatValue(instance.value)])));
	t.is(values['list.aws_instance.by_count[1]'], '{\n  "config" = {\n    "filter" = tolist([\n      {\n        "name" = "tag:Name"\n        "values" = [\n          "staging-app-1",\n        ]\n      },\n    ])\n  }\n  "include_resource" = false\n  "limit" = 20\n}');
	t.is(values['list.aws_instance.by_region["us-east-1"]'], '{\n  "config" = {\n    "region" = "us-east-1"\n  }\n  "include_resource" = true\n  "limit" = 100\n}');
	t.is(values['list.aws_s3_bucket.all'], '{\n  "config" = null\n  "include_resource" = false\n  "limit" = 100\n}');
	// What a list finds is known only when the provider runs it.
	t.is(values['list.aws_instance.from_results[*]'], '{\n  "config" = {\n    "ids" = (known after apply)\n  }\n  "include_resource" = false\n  "limit" = 100\n}');
});

test('the console reads list.TYPE.NAME in the root module as unknown, and checks the traversal', async t => {
	const loaded = await workspace;
	const evaluate = (text: string) => {
		const result = loaded.evaluateAt(text);
		return {value: formatValue(result.value), errors: result.diagnostics.map(diagnostic => `${diagnostic.summary}: ${diagnostic.detail ?? ''}`)};
	};

	t.deepEqual(evaluate('list.aws_instance.by_count'), {value: '(known after apply)', errors: []});
	t.deepEqual(evaluate('list.aws_instance.by_count[0].data[1].identity'), {value: '(known after apply)', errors: []});
	t.deepEqual(evaluate('local.name_prefix'), {value: '"staging-app"', errors: []});
	t.deepEqual(evaluate('list.aws_instance.nope').errors, ['Reference to undeclared resource: A list resource "aws_instance" "nope" has not been declared in the root module.']);
	t.deepEqual(evaluate('list.aws_instance.by_count.results').errors, ['Invalid list resource traversal: The first step in the traversal for a list resource must be an attribute "data".']);
	t.deepEqual(evaluate('list.aws_instance.by_count.data.x').errors, ['Invalid list resource traversal: The second step in the traversal for a list resource must be an index.']);
	t.deepEqual(evaluate('list.aws_instance.by_count.data[0].tags').errors, ['Invalid list resource traversal: The third step in the traversal for a list resource must be an attribute "state" or "identity".']);
});

type Case = {readonly name: string; readonly query: string; readonly diagnostics: readonly string[]};

const cases: readonly Case[] = [
	{
		name: 'a negative limit',
		query: 'list "aws_instance" "a" {\n  provider = aws\n  limit = -1\n}\n',
		diagnostics: ['main.tfquery.hcl:3,11-13: Invalid limit argument; The given "limit" argument value is unsuitable: must be greater than or equal to zero.'],
	},
	{
		name: 'a limit that is not a whole number',
		query: 'list "aws_instance" "a" {\n  provider = aws\n  limit = 1.5\n}\n',
		diagnostics: ['main.tfquery.hcl:3,11-14: Invalid "limit" argument; The given "limit" argument value is unsuitable: value must be a whole number, between -9223372036854775808 and 9223372036854775807.'],
	},
	{
		name: 'a limit that is not a number',
		query: 'list "aws_instance" "a" {\n  provider = aws\n  limit = "many"\n}\n',
		diagnostics: ['main.tfquery.hcl:3,11-17: Incorrect value type; Invalid expression value: a number is required.'],
	},
	{
		name: 'a null include_resource',
		query: 'list "aws_instance" "a" {\n  provider = aws\n  include_resource = null\n}\n',
		diagnostics: ['main.tfquery.hcl:3,22-26: Invalid "include_resource" argument; The given "include_resource" argument value is null. A bool is required.'],
	},
	{
		name: 'limit and include_resource from a string that converts, unknown allowed',
		query: 'variable "n" {\n  type = number\n}\nlist "aws_instance" "a" {\n  provider = aws\n  limit = "5"\n  include_resource = "true"\n}\nlist "aws_instance" "b" {\n  provider = aws\n  limit = var.n\n}\n',
		diagnostics: ['main.tfquery.hcl:1,10-13: No value for required variable; The root module input variable "n" is not set, and has no default value. Use a -var or -var-file command line argument or set a TF_VAR_n environment variable to provide a value for this variable. Until then its value is unknown.'],
	},
	{
		name: 'an error in config stops before limit (validateResource returns at the first)',
		query: 'list "aws_instance" "a" {\n  provider = aws\n  limit = -1\n  config {\n    x = local.nope\n  }\n}\n',
		diagnostics: ['main.tfquery.hcl:5,9-19: Reference to undeclared local value; A local value with the name "nope" has not been declared.'],
	},
	{
		name: 'an invalid count',
		query: 'list "aws_instance" "a" {\n  provider = aws\n  count = -1\n}\n',
		diagnostics: ['main.tfquery.hcl:3,11-13: Invalid count argument; The given "count" argument value is unsuitable: must be greater than or equal to zero.'],
	},
];

for (const testCase of cases) {
	test(testCase.name, async t => {
		const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-query-'));
		try {
			fs.writeFileSync(path.join(directory, 'main.tf'), '');
			fs.writeFileSync(path.join(directory, 'main.tfquery.hcl'), testCase.query);
			const loaded = await loadWorkspace({directory, environment: {}});
			t.deepEqual(loaded.diagnostics.map(diagnostic => `${diagnostic.subject ? formatRangeShort({...diagnostic.subject, filename: path.relative(directory, diagnostic.subject.filename)}) : ''}: ${diagnostic.summary}; ${diagnostic.detail ?? ''}`), testCase.diagnostics);
		} finally {
			fs.rmSync(directory, {recursive: true, force: true});
		}
	});
}

test('a deprecated module output read by a list block warns as in a resource ("Deprecated value used", Terraform 1.15+; node_resource_validate.go ValidateAndUnmarkConfig on list config)', async t => {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-query-'));
	try {
		fs.mkdirSync(path.join(directory, 'm'));
		fs.writeFileSync(path.join(directory, 'main.tf'), 'module "m" {\n  source = "./m"\n}\n');
		fs.writeFileSync(path.join(directory, 'm', 'main.tf'), 'output "old" {\n  value = "x"\n  deprecated = "Use new instead."\n}\n');
		fs.writeFileSync(path.join(directory, 'main.tfquery.hcl'), 'list "aws_instance" "a" {\n  provider = aws\n  limit = length(module.m.old)\n  config {\n    name = module.m.old\n  }\n}\n');
		const loaded = await loadWorkspace({directory, environment: {}});
		t.deepEqual(loaded.diagnostics.map(diagnostic => `${diagnostic.severity} ${formatRangeShort({...diagnostic.subject!, filename: path.relative(directory, diagnostic.subject!.filename)})}: ${diagnostic.summary}; ${diagnostic.detail ?? ''}`), [
			'warning main.tfquery.hcl:3,18-30: Deprecated value used; Use new instead.',
			'warning main.tfquery.hcl:5,12-24: Deprecated value used; Use new instead.',
		]);
	} finally {
		fs.rmSync(directory, {recursive: true, force: true});
	}
});
