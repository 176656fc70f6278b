import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {openEstate} from '../../source/terragrunt/estate.js';
import {fixtures, show, writeTree} from '../helpers/terragrunt.js';

/*
Stack `autoinclude` blocks, as gruntwork-io/terragrunt 286a33c generates and merges them (docs/src/content/docs/04-reference/01-hcl/02-blocks.mdx "autoinclude"; internal/hclparse/autoinclude.go, generate.go, partial_eval.go; pkg/config/config.go mergeAutoIncludeIfPresent; pkg/config/stack.go mergeStackAutoInclude). The expected values follow Terragrunt's own tests, cited at each: pkg/config/autoinclude_test.go and test/integration_stack_dependencies_test.go. See test/fixtures/terragrunt/autoinclude/README.md.
*/

const live = path.join(fixtures, 'autoinclude', 'live');

function inputsOf(estate: ReturnType<typeof openEstate>, unitPath: string) {
	const unit = estate.units.find(item => item.path === unitPath);
	if (!unit) {
		throw new Error(`no unit ${unitPath}`);
	}

	return estate.open(unit);
}

test('a unit block\'s autoinclude: stack-level values resolve in the stack file\'s context, dependency outputs in the unit, and it wins a shallow merge over the unit', async t => {
	const estate = openEstate({root: live});
	const {evaluation, workspace} = await inputsOf(estate, '.terragrunt-stack/app');
	const inputs = Object.fromEntries([...evaluation.inputs].map(([name, input]) => [name, show(input.value)]));
	t.deepEqual(inputs, {
		// TestStackDepsAutoIncludeGenerationAndDAG: a stack local renders at generate time.
		env: '"test"',
		// TestStackDepsAutoIncludeResolvesValuesReference: values.* from the stack file's terragrunt.values.hcl; get_terragrunt_dir() is the stack file's directory.
		region: '"us-east-1"',
		stack_dir: '"live"',
		// dependency.* stays for the unit: the vpc unit's output, read statically; mocks where the output is only known after apply.
		vpc_id: '"vpc-12345"',
		// TestStackDepsAutoIncludeTemplateLiteralInterpolation: "${0}-${dependency...}".
		label: '"0-vpc-12345"',
		pending: '"mock-pending"',
		// TestMergeAutoIncludeShallowInputMerge: the autoinclude's tags replace the unit's wholly; unit-only keys survive.
		tags: '{\n  "b" = "2"\n}',
		cidr: '"10.0.0.0/24"',
		unit_only: '"u"',
	});
	t.deepEqual(evaluation.inputs.get('pending')!.dependencyReads.map(read => `${read.dependency}.${read.output}: ${read.tier}`), ['vpc.pending: mock']);
	// The input's source is where it is written: the stack file.
	t.is(path.basename(evaluation.inputs.get('vpc_id')!.range!.filename), 'terragrunt.stack.hcl');
	// TestMergeAutoInclude_ValuesPlaceholderForOverriddenInputs: the unit's values.vpc_id, absent from its values file, is no error when the autoinclude sets vpc_id.
	t.deepEqual(workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error').map(diagnostic => diagnostic.summary), []);
	t.is(show(workspace.instances.root.output('result')), '"test-vpc-12345"');
	// The dependency is an edge of the unit graph (TestStackDepsAutoIncludeGenerationAndDAG: the DAG sees it).
	t.deepEqual(estate.graph().edges.map(edge => `${edge.from.path} -> ${edge.to?.path} (${edge.name})`), ['.terragrunt-stack/app -> .terragrunt-stack/vpc (vpc)']);
	t.false(fs.existsSync(path.join(live, '.terragrunt-stack')));
});

test('a stack block\'s autoinclude injects units into the stack it generates: a same-name unit is replaced wholesale, its own autoinclude dropped; a new name is added', async t => {
	// TestStackDepsStackLevelAutoIncludeOverridesSameNameUnit.
	const estate = openEstate({root: live});
	t.deepEqual(estate.units.map(unit => `${unit.path} <- ${unit.generatedBy?.address}`), [
		'.terragrunt-stack/app <- app',
		// The injected path reads the injecting stack file's local (TestStackDepsStackLevelAutoIncludeOverridePathUsesLocal).
		'.terragrunt-stack/networking/.terragrunt-stack/added-test <- added',
		'.terragrunt-stack/networking/.terragrunt-stack/sibling <- sibling',
		'.terragrunt-stack/networking/.terragrunt-stack/vpc <- vpc',
		'.terragrunt-stack/vpc <- vpc',
	]);
	const overridden = await inputsOf(estate, '.terragrunt-stack/networking/.terragrunt-stack/vpc');
	t.is(show(overridden.workspace.instances.root.output('name')), '"vpc-override"');
	t.deepEqual([...overridden.evaluation.inputs.keys()], []);
	const sibling = await inputsOf(estate, '.terragrunt-stack/networking/.terragrunt-stack/sibling');
	t.is(show(sibling.evaluation.inputs.get('ok')?.value), '"sibling-ok"');
	t.deepEqual(estate.graph().diagnostics.map(diagnostic => diagnostic.summary), []);
});

test('an autoinclude\'s mistakes are Terragrunt\'s generation errors, each at its block; the rest still loads', async t => {
	const root = writeTree({
		'terragrunt.stack.hcl': [
			'unit "a" {\n  source = "./u"\n  path = "a"\n  autoinclude {\n    locals {\n      x = 1\n    }\n  }\n}',
			'unit "b" {\n  source = "./u"\n  path = "b"\n  autoinclude {\n    autoinclude {\n    }\n  }\n}',
			'unit "c" {\n  source = "./u"\n  path = "c"\n  autoinclude {\n    dependency "x" {\n      config_path = unit.missing.path\n    }\n  }\n}',
			'unit "d" {\n  source = "./u"\n  path = "d"\n  autoinclude {\n    values = {\n      x = 1\n    }\n    inputs = {\n      role = "d"\n    }\n  }\n}',
			'stack "s" {\n  source = "./st"\n  path = "s"\n  autoinclude {\n    dependency "x" {\n      config_path = "../x"\n    }\n    unit "e" {\n      source = "../../u"\n      path = "e"\n      values = {\n        v = dependency.x.outputs.v\n      }\n    }\n    inputs = {}\n  }\n}',
		].join('\n'),
		'u/terragrunt.hcl': 'terraform {\n  source = "."\n}\n',
		'u/main.tf': 'variable "role" {\n  default = "none"\n}\n',
		'st/terragrunt.stack.hcl': 'unit "inner" {\n  source = "../../u"\n  path = "inner"\n}\n',
	});
	const estate = openEstate({root});
	const errors = estate.stacks[0]!.evaluation.diagnostics.filter(diagnostic => diagnostic.severity === 'error');
	t.deepEqual(errors.map(diagnostic => `${diagnostic.subject?.start.line}: ${diagnostic.summary}`), [
		'5: locals block is not allowed inside autoinclude',
		'14: autoinclude block is not allowed inside autoinclude',
		'23: Invalid config_path',
		'31: Unsupported argument',
		'43: dependency block is not allowed in a stack autoinclude',
		'49: stack autoinclude dependency outputs referenced by injected values',
		'53: Unsupported in a stack autoinclude',
	]);
	// The unit with only a values mistake keeps its autoinclude's inputs; the stack still generates its own unit.
	const d = await inputsOf(estate, '.terragrunt-stack/d');
	t.is(show(d.evaluation.inputs.get('role')?.value), '"d"');
	t.true(estate.units.some(unit => unit.path === '.terragrunt-stack/s/.terragrunt-stack/inner'));
	t.false(estate.units.some(unit => unit.path.endsWith('/e')));
});

test('a terragrunt.autoinclude.hcl beside a unit (an earlier terragrunt stack generate\'s, or written by hand) is merged over it, winning, with its dependency blocks', async t => {
	// pkg/config/autoinclude_test.go: TestMergeAutoIncludeDirectionAutoIncludeWins, TestMergeAutoIncludeShallowInputMerge, TestFoldSiblingAutoIncludeDeps_UsesAutoIncludeOwnLocals.
	const root = writeTree({
		'app/terragrunt.hcl': 'include "root" {\n  path = find_in_parent_folders("root.hcl")\n}\nterraform {\n  source = "./from-unit"\n}\ninputs = {\n  shared = "from-unit"\n  tags = { a = "1" }\n  unit_only = "u"\n  target = dependency.foo.outputs.val\n}\n',
		'app/terragrunt.autoinclude.hcl': 'locals {\n  target = "../foo"\n}\ndependency "foo" {\n  config_path = local.target\n  mock_outputs = {\n    val = "marker"\n  }\n}\nterraform {\n  source = "./from-autoinclude"\n}\ninputs = {\n  shared = "from-autoinclude"\n  tags = { b = "2" }\n}\n',
		'app/from-autoinclude/main.tf': 'variable "shared" {}\nvariable "tags" {}\nvariable "unit_only" {}\nvariable "target" {}\nvariable "root" {}\n',
		'root.hcl': 'inputs = {\n  shared = "from-root"\n  root = "r"\n}\n',
		'foo/terragrunt.hcl': '',
		'foo/main.tf': 'resource "terraform_data" "x" {}\noutput "val" {\n  value = terraform_data.x.id\n}\n',
	});
	const estate = openEstate({root});
	const {evaluation, workspace} = await inputsOf(estate, 'app');
	t.deepEqual(Object.fromEntries([...evaluation.inputs].map(([name, input]) => [name, show(input.value)])), {
		shared: '"from-autoinclude"', tags: '{\n  "b" = "2"\n}', unit_only: '"u"', target: '"marker"', root: '"r"',
	});
	t.is(evaluation.module.kind === 'unavailable' ? undefined : path.basename(evaluation.module.directory), 'from-autoinclude');
	t.deepEqual(workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error').map(diagnostic => diagnostic.summary), []);
	t.deepEqual(estate.graph().edges.map(edge => `${edge.from.path} -> ${edge.to?.path}`), ['app -> foo']);
});
