import path from 'node:path';
import test from 'ava';
import {directorySource} from '../../source/config/source.js';
import {type ConfigEnvironment, evaluateUnitConfig} from '../../source/terragrunt/evaluate-config.js';
import {openEstate} from '../../source/terragrunt/estate.js';
import {parseConfigBytes} from '../../source/config/parse-file.js';
import {unknownValue} from '../../source/lang/values.js';
import {readTfvarsValue} from '../../source/terragrunt/tfvars-value.js';
import {fixtures, show, writeTree} from '../helpers/terragrunt.js';

/*
A unit's configuration evaluated in Terragrunt's parse order: includes and their merge strategies, locals, read_terragrunt_config, read_tfvars_file, generate and remote_state, inputs. Expected values come from Terragrunt's own integration tests where one exists (cited at each test).
*/

function environmentFor(root: string, overrides: Partial<ConfigEnvironment> = {}): ConfigEnvironment {
	const files = directorySource();
	return {
		parse(filePath) {
			const read = files.read(filePath, 1_000_000);
			if (!read.ok) {
				return {body: undefined, diagnostics: [], text: ''};
			}

			const parsed = parseConfigBytes(read.bytes, filePath);
			return {body: parsed.value, diagnostics: parsed.diagnostics, text: parsed.text};
		},
		exists: filePath => files.stat(filePath) !== undefined,
		repoRoot: undefined,
		workingDirectory: root,
		environment: {},
		realEnvironment: false,
		dependencyOutputs: block => ({outputs: block.mockOutputs ?? unknownValue(), tiers: new Map()}),
		readTfvars: filePath => readTfvarsValue(filePath, files),
		...overrides,
	};
}

function inputsOf(configPath: string, root = path.dirname(configPath)): Record<string, string> {
	const evaluated = evaluateUnitConfig(configPath, environmentFor(root));
	return Object.fromEntries([...evaluated.config.inputs].map(([name, entry]) => [name, show(entry.value)]));
}

test('include-deep: the values of Terragrunt\'s TestTFTerragruntWorksWithIncludeDeepMerge (test/integration_include_test.go)', async t => {
	const estate = openEstate({root: path.join(fixtures, 'include-deep')});
	const child = estate.units.find(unit => unit.path === 'child')!;
	const {workspace, evaluation} = await estate.open(child);
	const output = (name: string) => show(workspace.instances.root.output(name));
	t.is(output('attribute'), '"mock"');
	t.is(output('new_attribute'), '"new val"');
	t.is(output('old_attribute'), '"old val"');
	t.is(output('list_attr'), 'tolist([\n  "hello",\n  "mock",\n])');
	t.is(output('map_attr'), 'tomap({\n  "bar" = "baz"\n  "foo" = "bar"\n  "test" = "new val"\n})');
	t.is(output('dep_out'), '{\n  "attribute" = "mock"\n  "list_attr" = [\n    "hello",\n    "mock",\n  ]\n  "map_attr" = {\n    "bar" = "baz"\n    "foo" = "bar"\n  }\n  "new_attribute" = "new val"\n  "old_attribute" = "old val"\n}');
	// The vpc unit declares no outputs: every output read is a mock.
	t.deepEqual([...evaluation.evaluated.config.dependencyTiers.get('vpc')!.values()], ['mock', 'mock', 'mock', 'mock', 'mock']);
	t.deepEqual(workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error'), []);
});

const parent = `
locals {
  region = "eu-west-1"
}
inputs = {
  region = local.region
  tags   = { team = "core", tier = "parent" }
  zones  = ["a"]
  parent_only = true
}
`;

const child = (strategy: string) => `
include "root" {
  path           = find_in_parent_folders("root.hcl")
  merge_strategy = "${strategy}"
}
inputs = {
  tags  = { tier = "child", app = "web" }
  zones = ["b"]
}
`;

for (const [strategy, expected] of [
	// include.go Merge: inputs merged one level, the child's key replacing the parent's.
	['shallow', {parent_only: 'true', region: '"eu-west-1"', tags: '{\n  "app" = "web"\n  "tier" = "child"\n}', zones: '[\n  "b",\n]'}],
	// include.go DeepMerge (mergo WithAppendSlice, WithOverride): maps merged recursively, lists concatenated.
	['deep', {parent_only: 'true', region: '"eu-west-1"', tags: '{\n  "app" = "web"\n  "team" = "core"\n  "tier" = "child"\n}', zones: '[\n  "a",\n  "b",\n]'}],
	// no_merge: the parent contributes nothing.
	['no_merge', {tags: '{\n  "app" = "web"\n  "tier" = "child"\n}', zones: '[\n  "b",\n]'}],
] as const) {
	test(`merge_strategy ${strategy}`, t => {
		const root = writeTree({'root.hcl': parent, 'unit/terragrunt.hcl': child(strategy)});
		t.deepEqual(inputsOf(path.join(root, 'unit', 'terragrunt.hcl')), expected);
	});
}

test('several includes: later includes win over earlier ones, the child over all; expose gives include.NAME', t => {
	const root = writeTree({
		'root.hcl': 'inputs = { a = "root", b = "root", c = "root" }\n',
		'common/app.hcl': 'locals { size = 3 }\ninputs = { b = "common", c = "common" }\n',
		'unit/terragrunt.hcl': `
include "root" {
  path = find_in_parent_folders("root.hcl")
}
include "common" {
  path   = "\${dirname(find_in_parent_folders("root.hcl"))}/common/app.hcl"
  expose = true
}
inputs = {
  c    = "child"
  size = include.common.locals.size * 2
  from = include.common.inputs.b
}
`,
	});
	t.deepEqual(inputsOf(path.join(root, 'unit', 'terragrunt.hcl')), {
		a: '"root"', b: '"common"', c: '"child"', size: '6', from: '"common"',
	});
});

test('an include that is not exposed cannot be read, and the error names it', t => {
	const root = writeTree({
		'root.hcl': 'locals { x = 1 }\n',
		'unit/terragrunt.hcl': 'include "root" {\n  path = find_in_parent_folders("root.hcl")\n}\ninputs = { x = include.root.locals.x }\n',
	});
	const evaluated = evaluateUnitConfig(path.join(root, 'unit', 'terragrunt.hcl'), environmentFor(root));
	t.is(evaluated.diagnostics[0]?.summary, 'Unknown include');
	t.is(evaluated.diagnostics[0]?.subject?.start.line, 4);
});

test('locals, read_terragrunt_config (find_in_parent_folders from the file read), read_tfvars_file, path helpers', t => {
	const root = writeTree({
		'root.hcl': '',
		'prod/account.hcl': 'locals { account_id = "111" }\n',
		'prod/eu/region.hcl': 'locals {\n  region  = "eu-west-1"\n  account = read_terragrunt_config(find_in_parent_folders("account.hcl")).locals.account_id\n}\n',
		'prod/eu/app/extra.tfvars': 'size = 3\nnames = ["a", "b"]\n',
		'prod/eu/app/terragrunt.hcl': `
include "root" {
  path = find_in_parent_folders("root.hcl")
}
locals {
  region = read_terragrunt_config(find_in_parent_folders("region.hcl"))
  vars   = read_tfvars_file("extra.tfvars")
  both   = "\${local.region.locals.region}-\${local.region.locals.account}"
}
inputs = {
  both      = local.both
  size      = local.vars.size
  relative  = path_relative_to_include()
  from      = path_relative_from_include()
  parentdir = basename(get_parent_terragrunt_dir())
  here      = basename(get_terragrunt_dir())
  missing   = read_terragrunt_config("nope.hcl", { fallback = true }).fallback
}
`,
	});
	t.deepEqual(inputsOf(path.join(root, 'prod', 'eu', 'app', 'terragrunt.hcl'), root), {
		both: '"eu-west-1-111"', size: '3', relative: '"prod/eu/app"', from: '"../../.."', parentdir: `"${path.basename(root)}"`, here: '"app"', missing: 'true',
	});
});

test('generate blocks and remote_state.generate become files; terraform.source is read after locals', t => {
	const root = writeTree({
		'unit/terragrunt.hcl': `
locals {
  region = "eu-west-1"
}
terraform {
  source = "../modules//vpc"
}
generate "provider" {
  path      = "provider.tf"
  if_exists = "overwrite_terragrunt"
  contents  = "provider \\"aws\\" { region = \\"\${local.region}\\" }"
}
generate "off" {
  path     = "off.tf"
  contents = ""
  disable  = true
}
remote_state {
  backend = "s3"
  config = {
    bucket = "state"
    key    = "\${path_relative_to_include()}/tf.tfstate"
  }
  generate = {
    path      = "backend.tf"
    if_exists = "overwrite"
  }
}
`,
		'modules/vpc/main.tf': 'variable "x" {\n  default = 1\n}\n',
	});
	const estate = openEstate({root});
	const evaluation = estate.shallow(estate.units[0]!);
	t.is(evaluation.module.kind, 'local');
	t.deepEqual([...evaluation.generated.keys()], ['provider.tf', 'backend.tf']);
	t.is(evaluation.generated.get('provider.tf'), 'provider "aws" { region = "eu-west-1" }');
	t.is(evaluation.generated.get('backend.tf'), '# Generated by Terragrunt (as tfscope reads it: nothing is written)\nterraform {\n  backend "s3" {\n    bucket = "state"\n    key = "./tf.tfstate"\n  }\n}\n');
});

test('try(local.missing, …) and try(dependency.x.outputs.y, …) give their default outside locals, as HCL\'s try does in Terragrunt; within locals and without try they stay errors', async t => {
	// Outside the locals block, `local` and `dependency` are plain objects of Terragrunt's eval context (pkg/config/config_helpers.go createTerragruntEvalContext; pkg/config/dependency.go), so a name they lack is an evaluation error that hcl's tryfunc turns into its next argument. Within the locals block, canEvaluateLocals (pkg/config/locals.go at 286a33c) refuses a reference to a local that is never evaluated, before any try: "Could not evaluate all locals in block".
	const root = writeTree({
		'vpc/terragrunt.hcl': '',
		'vpc/main.tf': 'output "id" {\n  value = "vpc-1"\n}\nresource "terraform_data" "x" {}\noutput "later" {\n  value = terraform_data.x.id\n}\n',
		'app/terragrunt.hcl': [
			'locals {\n  in_locals = try(local.missing, "d")\n}',
			'dependency "vpc" {\n  config_path = "../vpc"\n}',
			'dependency "mocked" {\n  config_path = "../vpc"\n  skip_outputs = true\n  mock_outputs = {\n    id = "m"\n  }\n}',
			'inputs = {',
			'  missing_local  = try(local.missing, "local-default")',
			'  can_local      = can(local.missing)',
			'  missing_output = try(dependency.vpc.outputs.nope, "output-default")',
			'  missing_dep    = try(dependency.nope.outputs.id, "dependency-default")',
			'  missing_mock   = try(dependency.mocked.outputs.nope, "mock-default")',
			'  known          = try(dependency.vpc.outputs.id, "unused")',
			'  after_apply    = try(dependency.vpc.outputs.later, "unused")',
			'  mocked         = try(dependency.mocked.outputs.id, "unused")',
			'}',
			'generate "x" {\n  path = "x.tf"\n  contents = local.missing\n}',
		].join('\n'),
		'app/main.tf': '',
	});
	const estate = openEstate({root});
	const {evaluation} = await estate.open(estate.units.find(unit => unit.path === 'app')!);
	t.deepEqual(Object.fromEntries([...evaluation.inputs].map(([name, input]) => [name, show(input.value)])), {
		missing_local: '"local-default"',
		can_local: 'false',
		missing_output: '"output-default"',
		missing_dep: '"dependency-default"',
		missing_mock: '"mock-default"',
		known: '"vpc-1"',
		// try of a value only a run knows is that unknown value (hcl's tryfunc).
		after_apply: '(known after apply)',
		mocked: '"m"',
	});
	t.deepEqual(evaluation.diagnostics.filter(diagnostic => diagnostic.severity === 'error').map(diagnostic => `${diagnostic.subject?.start.line}: ${diagnostic.summary}`), [
		'2: Reference to undeclared local value',
		'26: Reference to undeclared local value',
	]);
});

test('a stack file\'s try(local.missing, …) and try(unit.missing.path, …) give their default', t => {
	const root = writeTree({
		'terragrunt.stack.hcl': 'unit "a" {\n  source = "./u"\n  path = try(local.missing, "fallback")\n  values = {\n    other = try(unit.missing.path, "none")\n  }\n}\n',
		'u/terragrunt.hcl': '',
	});
	const estate = openEstate({root});
	t.deepEqual(estate.stacks[0]!.evaluation.diagnostics.map(diagnostic => diagnostic.summary), []);
	t.deepEqual(estate.stacks[0]!.evaluation.components.map(component => `${path.basename(component.directory)} ${show(component.values)}`), ['fallback {\n  "other" = "none"\n}']);
});
