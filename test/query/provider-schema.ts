import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {formatRangeShort} from '../../source/hcl/position.js';
import {formatValue} from '../../source/lang/format-value.js';
import {readSchemaJson} from '../../source/schema/read-schema-json.js';
import {providerSchemaOf} from '../../source/schema/digest.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
The provider-side checks of `terraform validate -query` on list blocks, from a schema file's `list_resource_schemas`. Terraform 1.16 is not on these machines; each expected diagnostic is taken from hashicorp/terraform v1.16 (commit fcd4f214004cd6eef0085e7fcbf5d8a001f79937; v1.14 and v1.15 the same):
- internal/terraform/node_resource_validate.go validateResource, ListResourceMode: "Invalid list resource" on the type label (provider address as terraform-registry-address ForDisplay shows it), nothing else of the block evaluated; then one ctx.EvaluateBlock of the body left after the list block's own arguments (configs/query_file.go decodeQueryListBlock `Config: remain`) against the list resource's full schema, stopping before `limit` and `include_resource` when it has errors;
- internal/plugin6/convert/schema.go ProtoToListSchema: the full schema is a computed `data` and a single `config` block, min and max 1 exactly when the provider's schema has a required argument or a block type with min_items > 0 (context_plan_query_test.go "with empty config when it is required": "Missing config block", `A block of type "config" is required here.`; "with empty optional config": no diagnostic);
- internal/command/jsonprovider/provider.go marshalProvider: `list_resource_schemas` holds each type's `config` block (the shape of test/fixtures/query/provider-schema/providers-schema.json, as internal/command/e2etest/providers_schema_test.go expects `terraform providers schema -json` to print it: the `config` block's own attributes, no wrapper), and is left out for a provider without list resources;
- internal/terraform/evaluate_valid.go staticValidateResourceReference, ListResourceMode: `.state` checked against the managed resource type of the same name (configschema validate_traversal.go StaticValidateTraversal; step ranges from the `.` or `[`), "Invalid resource type" without one, "Invalid resource count attribute" for `.count`;
- internal/builtin/providers/terraform/provider.go: the built-in provider has no list resource types.
The messages inside `config` are hcldec's and HCL's (Unsupported argument, Missing required argument, Incorrect attribute value type, Too many blocks), worded as tfscope words them for resources.
*/

const fixture = path.join(import.meta.dirname, '..', 'fixtures', 'query', 'provider-schema');
const schemaFile = path.join(fixture, 'providers-schema.json');
const requiredProviders = 'terraform {\n  required_providers {\n    test = {\n      source = "hashicorp/test"\n    }\n    other = {\n      source = "example/other"\n    }\n  }\n}\n';

type Case = {
	readonly name: string;
	readonly query: string;
	readonly diagnostics: readonly string[];
	/** Without the schema file (only the bundled digests). */
	readonly withoutSchema?: boolean;
	/** The file name of the query file (default main.tfquery.hcl). */
	readonly file?: string;
	/** A `terraform` block's `required_version`, choosing the release whose rules apply. */
	readonly requiredVersion?: string;
	/** The release whose rules the required version chooses. */
	readonly release?: string;
};

const cases: readonly Case[] = [
	{
		name: 'Terraform 1.14, the first release with query files, checks the same',
		query: 'list "test_database" "a" {\n  provider = test\n}\n',
		diagnostics: ['main.tfquery.hcl:1,6-21: Invalid list resource; The provider hashicorp/test does not support list resource "test_database".'],
		requiredVersion: '~> 1.14.0',
		release: '1.14',
	},
	{
		name: 'before Terraform 1.14 query files are not read, so nothing is checked',
		query: 'list "test_database" "a" {\n  provider = test\n}\n',
		diagnostics: [],
		requiredVersion: '< 1.14',
		release: '1.13',
	},
	{
		name: 'a valid list block: nothing to say',
		query: 'list "test_instance" "a" {\n  provider = test\n  config {\n    filter = {\n      attr = "x"\n    }\n  }\n}\n',
		diagnostics: [],
	},
	{
		name: 'a type the provider does not offer: "Invalid list resource" on the type, nothing else of the block evaluated',
		query: 'list "test_database" "a" {\n  provider = test\n  limit = -1\n  config {\n    x = local.nope\n  }\n}\n',
		diagnostics: ['main.tfquery.hcl:1,6-21: Invalid list resource; The provider hashicorp/test does not support list resource "test_database".'],
	},
	{
		name: 'the built-in provider has no list resources',
		query: 'list "terraform_data" "a" {\n  provider = terraform\n}\n',
		diagnostics: ['main.tfquery.hcl:1,6-22: Invalid list resource; The provider terraform.io/builtin/terraform does not support list resource "terraform_data".'],
	},
	{
		name: 'a required config block left out (context_plan_query_test.go "with empty config when it is required"); limit is not evaluated after it',
		query: 'list "test_instance" "a" {\n  provider = test\n  limit = "many"\n}\n',
		diagnostics: ['main.tfquery.hcl:1,26-27: Missing config block; A block of type "config" is required here.'],
	},
	{
		name: 'an optional config block left out ("with empty optional config")',
		query: 'list "test_bucket" "a" {\n  provider = test\n}\n',
		diagnostics: [],
	},
	{
		name: 'unsupported arguments and blocks, a missing required argument, too many blocks in config',
		query: 'list "test_instance" "a" {\n  provider = test\n  config {\n    regoin = "x"\n    tags = {}\n    tag {\n      key = "a"\n    }\n    tag {\n      key = "b"\n    }\n    tag {\n      values = []\n    }\n    lifecycle {}\n  }\n}\n',
		diagnostics: [
			'main.tfquery.hcl:3,10-11: Missing required argument; The argument "filter" is required, but no definition was found.',
			'main.tfquery.hcl:4,5-11: Unsupported argument; An argument named "regoin" is not expected here. Did you mean "region"?',
			'main.tfquery.hcl:5,5-9: Unsupported argument; An argument named "tags" is not expected here.',
			'main.tfquery.hcl:12,5-8: Too many tag blocks; No more than 2 "tag" blocks are allowed',
			'main.tfquery.hcl:12,9-10: Missing required argument; The argument "key" is required, but no definition was found.',
			'main.tfquery.hcl:15,5-14: Unsupported block type; Blocks of type "lifecycle" are not expected here.',
		],
	},
	{
		name: 'values of the wrong type, with what evaluating config finds, then limit not evaluated',
		query: 'list "test_instance" "a" {\n  provider = test\n  limit = -1\n  config {\n    filter = {\n      attr = ["x"]\n    }\n    max_age_days = "a week"\n    region = local.nope\n  }\n}\n',
		diagnostics: [
			'main.tfquery.hcl:5,14-7,6: Incorrect attribute value type; Inappropriate value for attribute "filter": attribute "attr": string required, but have tuple.',
			'main.tfquery.hcl:8,20-28: Incorrect attribute value type; Inappropriate value for attribute "max_age_days": a number is required.',
			'main.tfquery.hcl:9,14-24: Reference to undeclared local value; A local value with the name "nope" has not been declared.',
		],
	},
	{
		name: 'a provider the schema file describes without list_resource_schemas: nothing is said',
		query: 'list "other_thing" "a" {\n  provider = other\n  config {\n    whatever = 1\n  }\n}\nlist "other_nothing" "b" {\n  provider = other\n}\n',
		diagnostics: [],
	},
	{
		name: 'a provider only the bundled digests describe: nothing is said',
		query: 'list "aws_instance" "a" {\n  provider = aws\n  config {\n    anything = 1\n  }\n}\nlist "aws_nothing" "b" {\n  provider = aws\n}\n',
		diagnostics: [],
	},
	{
		name: 'without a schema file: nothing is said about the provider\'s list resources',
		query: 'list "test_database" "a" {\n  provider = test\n}\nlist "test_instance" "b" {\n  provider = test\n}\n',
		diagnostics: [],
		withoutSchema: true,
	},
	{
		name: 'a .tfquery.json file: its config property decoded as the block',
		file: 'main.tfquery.json',
		query: JSON.stringify({list: {test_instance: {a: {provider: 'test', config: {regoin: 'x', filter: {attr: 'y'}}}, b: {provider: 'test'}}, test_database: {c: {provider: 'test'}}}}),
		diagnostics: [
			// hcl's JSON body: a missing item at the object's closing brace, a label's range its key's.
			'main.tfquery.json:1,119-120: Missing config block; A block of type "config" is required here.',
			'main.tfquery.json:1,122-137: Invalid list resource; The provider hashicorp/test does not support list resource "test_database".',
			'main.tfquery.json:1,60-68: Extraneous JSON object property; No argument or block type is named "regoin". Did you mean "region"?',
		],
	},
	{
		name: 'references to list results: .state checked against the managed resource type of the same name, .identity not (evaluate_valid.go staticValidateResourceReference)',
		query: [
			'list "test_instance" "a" {\n  provider = test\n  config {\n    filter = {}\n  }\n}',
			'locals {',
			'  typo = list.test_instance.a.data[0].state.instance_typ',
			'  index = list.test_instance.a.data[0].state["instance_type"]',
			'  right = list.test_instance.a.data[0].state.instance_type',
			'  identity = list.test_instance.a.data[0].identity.anything',
			'  count = list.test_instance.a.data[0].state.count',
			'}',
			'',
		].join('\n'),
		diagnostics: [
			'main.tfquery.hcl:8,44-57: Unsupported attribute; This object has no argument, nested block, or exported attribute named "instance_typ". Did you mean "instance_type"?',
			'main.tfquery.hcl:9,45-62: Invalid index operation; Only attribute access is allowed here. Did you mean to access attribute "instance_type" using the dot operator?',
			'main.tfquery.hcl:12,11-51: Invalid resource count attribute; The special "count" attribute is no longer supported after Terraform v0.12. Instead, use length(list.test_instance.a) to count resource instances.',
		],
	},
	{
		name: 'the steps after a .state attribute or nested block, as StaticValidateTraversal takes them (HCL\'s errors on an unknown value of the attribute\'s type; each nesting mode)',
		query: [
			'list "test_instance" "a" {\n  provider = test\n  config {\n    filter = {}\n  }\n}',
			'locals {',
			'  primitive = list.test_instance.a.data[0].state.instance_type.foo',
			'  map = list.test_instance.a.data[0].state.tags.Name',
			'  list_not_indexed = list.test_instance.a.data[0].state.network.subnet',
			'  list_indexed = list.test_instance.a.data[0].state.network[0].subnet',
			'  list_typo = list.test_instance.a.data[0].state.network[0].subnt',
			'  set = list.test_instance.a.data[0].state.volume[0]',
			'  single = list.test_instance.a.data[0].state.options.mode',
			'  single_typo = list.test_instance.a.data[0].state.options.mod',
			'}',
			'',
		].join('\n'),
		diagnostics: [
			'main.tfquery.hcl:8,63-67: Unsupported attribute; Can\'t access attributes on a primitive-typed value (string).',
			'main.tfquery.hcl:10,64-71: Invalid operation; Block type "network" is represented by a list of objects, so it must be indexed using a numeric key, like .network[0].',
			'main.tfquery.hcl:12,60-66: Unsupported attribute; This object has no argument, nested block, or exported attribute named "subnt". Did you mean "subnet"?',
			'main.tfquery.hcl:13,50-53: Cannot index a set value; Block type "volume" is represented by a set of objects, and set elements do not have addressable keys. To find elements matching specific criteria, use a "for" expression with an "if" clause.',
			'main.tfquery.hcl:15,59-63: Unsupported attribute; This object has no argument, nested block, or exported attribute named "mod". Did you mean "mode"?',
		],
	},
	{
		name: 'a reference to a list whose type the provider has no managed resource type of: "Invalid resource type"',
		query: 'list "test_bucket" "b" {\n  provider = test\n}\nlocals {\n  b = list.test_bucket.b\n}\n',
		diagnostics: ['main.tfquery.hcl:5,7-25: Invalid resource type; A list resource type "test_bucket" is not supported by provider "registry.terraform.io/hashicorp/test".'],
	},
	{
		name: 'references to the list results of a provider only the bundled digests describe: not checked',
		query: 'list "aws_instance" "a" {\n  provider = aws\n}\nlist "aws_nothing" "b" {\n  provider = aws\n}\nlocals {\n  a = list.aws_instance.a.data[0].state.no_such_attribute\n  b = list.aws_nothing.b\n}\n',
		diagnostics: [],
	},
];

function writeDirectory(files: Readonly<Record<string, string>>): string {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-query-schema-'));
	for (const [name, text] of Object.entries(files)) {
		fs.writeFileSync(path.join(directory, name), text);
	}

	return directory;
}

function printed(diagnostic: {subject?: Parameters<typeof formatRangeShort>[0]; summary: string; detail?: string}, directory: string): string {
	return `${diagnostic.subject ? formatRangeShort({...diagnostic.subject, filename: path.relative(directory, diagnostic.subject.filename)}) : ''}: ${diagnostic.summary}; ${diagnostic.detail ?? ''}`;
}

for (const testCase of cases) {
	test(testCase.name, async t => {
		const version = testCase.requiredVersion === undefined ? '' : `terraform {\n  required_version = ${JSON.stringify(testCase.requiredVersion)}\n}\n`;
		const directory = writeDirectory({'main.tf': requiredProviders, 'version.tf': version, [testCase.file ?? 'main.tfquery.hcl']: testCase.query});
		try {
			const loaded = await loadWorkspace({directory, environment: {}, ...(!testCase.withoutSchema && {schemaFiles: [schemaFile]})});
			t.deepEqual(loaded.diagnostics.map(diagnostic => printed(diagnostic, directory)).sort(), [...testCase.diagnostics].sort());
			if (testCase.release) {
				t.is(loaded.language.rules.version, testCase.release);
			}
		} finally {
			fs.rmSync(directory, {recursive: true, force: true});
		}
	});
}

test('a list block\'s config is decoded as its schema says: every argument, converted, unset ones null', async t => {
	const directory = writeDirectory({
		'main.tf': requiredProviders,
		'main.tfquery.hcl': 'list "test_instance" "a" {\n  provider = test\n  config {\n    filter = {}\n    max_age_days = "30"\n  }\n}\n',
	});
	try {
		const loaded = await loadWorkspace({directory, environment: {}, schemaFiles: [schemaFile]});
		t.deepEqual(loaded.diagnostics, []);
		const [list] = loaded.instances.root.lists;
		t.is(formatValue(list!.instances[0]!.config), '{\n  "filter" = {\n    "attr" = tostring(null)\n  }\n  "max_age_days" = 30\n  "region" = tostring(null)\n  "tag" = tolist([])\n}');
	} finally {
		fs.rmSync(directory, {recursive: true, force: true});
	}
});

test('the fixture: every list block checked once, whatever its instances', async t => {
	const loaded = await loadWorkspace({directory: fixture, environment: {}});
	t.deepEqual(loaded.diagnostics.map(diagnostic => printed(diagnostic, fixture)).sort(), [
		'main.tfquery.hcl:24,6-21: Invalid list resource; The provider hashicorp/test does not support list resource "test_database".',
		'main.tfquery.hcl:32,39-40: Missing config block; A block of type "config" is required here.',
		'main.tfquery.hcl:41,5-11: Unsupported argument; An argument named "regoin" is not expected here. Did you mean "region"?',
		'main.tfquery.hcl:42,20-28: Incorrect attribute value type; Inappropriate value for attribute "max_age_days": a number is required.',
		'main.tfquery.hcl:43,9-10: Missing required argument; The argument "key" is required, but no definition was found.',
		'main.tfquery.hcl:57,6-22: Invalid list resource; The provider terraform.io/builtin/terraform does not support list resource "terraform_data".',
	]);
});

test('list_resource_schemas are read from a schema file; their absence says nothing', t => {
	const {digests, diagnostics} = readSchemaJson(fs.readFileSync(schemaFile, 'utf8'), schemaFile);
	t.deepEqual(diagnostics, []);
	const [test, other] = digests.map(digest => providerSchemaOf(digest, {kind: 'file', path: schemaFile}));
	t.deepEqual(test!.listResources?.types(), ['test_bucket', 'test_instance']);
	t.deepEqual([...test!.listResources!.config('test_instance')!.attributes.keys()], ['filter', 'region', 'max_age_days']);
	t.is(test!.listResources!.config('test_database'), undefined);
	// A list resource type is not a managed resource type.
	t.is(test!.block('resource', 'test_bucket'), undefined);
	t.is(other!.listResources, undefined);
});

test('a malformed list_resource_schemas entry is left out with the schema file\'s warning; the others are read', t => {
	const text = JSON.stringify({format_version: '1.0', provider_schemas: {'registry.terraform.io/hashicorp/test': {list_resource_schemas: {broken: 5, fine: {version: 0, block: {attributes: {prefix: {type: 'string', optional: true}}}}}}}});
	const {digests, diagnostics} = readSchemaJson(text, 'schema.json');
	t.deepEqual(diagnostics.map(diagnostic => `${diagnostic.severity} ${diagnostic.summary}: ${diagnostic.detail ?? ''}`), ['warning Malformed provider schema entries: schema.json: broken is not in the shape "terraform providers schema -json" writes (an attribute without a valid type, a block that is not an object, a count of blocks that is not a whole number); it is left out of the schema.']);
	const schema = providerSchemaOf(digests[0]!, {kind: 'file', path: 'schema.json'});
	t.deepEqual(schema.listResources?.types(), ['fine']);
	t.is(schema.listResources?.config('broken'), undefined);
});
