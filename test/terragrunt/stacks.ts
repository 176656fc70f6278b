import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {directorySource} from '../../source/config/source.js';
import {openEstate} from '../../source/terragrunt/estate.js';
import {stackOverlay} from '../../source/terragrunt/stack-overlay.js';
import {renderValuesFile} from '../../source/terragrunt/values-file.js';
import {numberValue, objectValue, stringValue, tupleValue} from '../../source/lang/values.js';
import {fixtures, show, writeTree} from '../helpers/terragrunt.js';

/*
Stacks: a terragrunt.stack.hcl expanded in memory into the units `terragrunt stack generate` writes (the layout asserted by gruntwork-io/terragrunt test/integration_stack_expansion_test.go at 286a33c; see test/fixtures/terragrunt/stacks/README.md), nothing written to the repository.
*/

const live = path.join(fixtures, 'stacks', 'live');

test('a stack file is expanded into the units Terragrunt generates: one per expansion element, nested stacks a level deeper, disabled units left out', t => {
	const estate = openEstate({root: live});
	t.deepEqual(estate.units.map(unit => `${unit.path} <- ${unit.generatedBy?.address}`), [
		'.terragrunt-stack/aurora/api <- aurora[api]',
		'.terragrunt-stack/aurora/web <- aurora[web]',
		'.terragrunt-stack/db <- db',
		'.terragrunt-stack/shard/0 <- shard[0]',
		'.terragrunt-stack/shard/1 <- shard[1]',
		'.terragrunt-stack/team/0/.terragrunt-stack/member <- member',
		'.terragrunt-stack/team/1/.terragrunt-stack/member <- member',
		'.terragrunt-stack/vpc <- vpc',
	]);
	const [top, ...nested] = estate.stacks;
	t.deepEqual(top!.evaluation.disabled, ['unit.legacy']);
	t.deepEqual(top!.evaluation.components.filter(component => component.kind === 'stack').map(component => component.address), ['team[0]', 'team[1]']);
	t.is(nested.length, 2);
	// Nothing was written: the generated directory exists only in memory.
	t.false(fs.existsSync(path.join(live, '.terragrunt-stack')));
});

test('values reach each unit as Terragrunt writes them into terragrunt.values.hcl, and a nested stack reads its own', async t => {
	const estate = openEstate({root: live});
	const roles: Record<string, string> = {};
	for (const unit of estate.units.filter(unit => unit.generatedBy?.address !== 'db')) {
		// eslint-disable-next-line no-await-in-loop -- one after another
		const {workspace} = await estate.open(unit);
		roles[unit.path] = show(workspace.instances.root.variable('role'));
		t.deepEqual(workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error'), [], unit.path);
	}

	t.deepEqual(roles, {
		'.terragrunt-stack/aurora/api': '"api"',
		'.terragrunt-stack/aurora/web': '"web"',
		'.terragrunt-stack/shard/0': '"shard-0"',
		'.terragrunt-stack/shard/1': '"shard-1"',
		'.terragrunt-stack/team/0/.terragrunt-stack/member': '"member-0"',
		'.terragrunt-stack/team/1/.terragrunt-stack/member': '"member-1"',
		'.terragrunt-stack/vpc': '"vpc"',
	});
	const text = estate.stacks[0]!.evaluation.components.find(component => component.address === 'shard[1]');
	t.is(text?.directory, path.join(live, '.terragrunt-stack', 'shard', '1'));
	// The generated file is readable in memory, as Terragrunt writes it.
	const vpc = estate.units.find(unit => unit.path === '.terragrunt-stack/vpc')!;
	const opened = await estate.open(vpc);
	t.true(opened.evaluation.evaluated.filesRead.includes(path.join(vpc.directory, 'terragrunt.hcl')));
});

test('unit.<name>.path names where a sibling is generated: a dependency on it reads its outputs statically', async t => {
	const estate = openEstate({root: live});
	const graph = estate.graph();
	t.deepEqual(graph.edges.map(edge => `${edge.from.path} -> ${edge.to?.path}`), ['.terragrunt-stack/db -> .terragrunt-stack/vpc']);
	const database = estate.units.find(unit => unit.path === '.terragrunt-stack/db')!;
	const {evaluation, workspace} = await estate.open(database);
	t.deepEqual(evaluation.inputs.get('network')!.dependencyReads.map(read => `${read.dependency}.${read.output}: ${read.tier}`), ['vpc.role: static']);
	t.is(show(workspace.instances.root.variable('network')), '"vpc"');
});

test('a remote source is read from the copy an earlier terragrunt stack generate left, or is named not available', async t => {
	const root = writeTree({
		'terragrunt.stack.hcl': 'unit "app" {\n  source = "git::https://example.com/catalog.git//units/app?ref=v1"\n  path   = "app"\n  values = { role = "fresh" }\n}\nunit "gone" {\n  source = "git::https://example.com/catalog.git//units/gone?ref=v1"\n  path   = "gone"\n}\n',
		'.terragrunt-stack/app/terragrunt.hcl': 'inputs = { role = values.role }\n',
		'.terragrunt-stack/app/main.tf': 'variable "role" {}\noutput "role" { value = var.role }\n',
		'.terragrunt-stack/app/terragrunt.values.hcl': 'role = "stale"\n',
		'.terragrunt-stack/stale/terragrunt.hcl': '',
	});
	const estate = openEstate({root});
	// The generated directory shows what the stack file generates now: `stale` is no longer one of its units.
	t.deepEqual(estate.units.map(unit => unit.path), ['.terragrunt-stack/app']);
	const {workspace} = await estate.open(estate.units[0]!);
	// The values are the stack file's, as a new `terragrunt stack generate` would write them.
	t.is(show(workspace.instances.root.variable('role')), '"fresh"');
	const errors = estate.graph().diagnostics.filter(diagnostic => diagnostic.severity === 'error').map(diagnostic => diagnostic.summary);
	t.deepEqual(errors, ['Stack source not available']);
	// With --source-map, the source is read from the mapped directory.
	const catalog = writeTree({'units/gone/terragrunt.hcl': '', 'units/gone/main.tf': ''});
	const mapped = openEstate({root, sourceMappings: [{from: 'git::https://example.com/catalog.git', to: catalog}]});
	t.deepEqual(mapped.units.map(unit => unit.path), ['.terragrunt-stack/app', '.terragrunt-stack/gone']);
});

test('a stack file\'s mistakes are Terragrunt\'s errors, each at its block', t => {
	const root = writeTree({
		'terragrunt.stack.hcl': [
			'unit "a" {\n  source = "./u"\n  path = "a"\n}',
			'unit "a" {\n  source = "./u"\n  path = "b"\n}',
			'unit "c" {\n  source = "./u"\n  path = "/abs"\n}',
			'unit "d" {\n  source = "./u"\n  path = "../../out"\n}',
			'unit "e" {\n  source = "./u"\n  path = "a"\n}',
			'unit "f" {\n  source = "./missing"\n  path = "f"\n}',
			'unit "g" {\n  source = "./u"\n  path = "g"\n  expansion {\n    count = -1\n  }\n}',
			'unit "h" {\n  path = "h"\n}',
		].join('\n'),
		'u/terragrunt.hcl': '',
	});
	const estate = openEstate({root});
	const diagnostics = estate.stacks[0]!.evaluation.diagnostics.filter(diagnostic => diagnostic.severity === 'error');
	t.deepEqual(diagnostics.map(diagnostic => `${diagnostic.subject?.start.line}: ${diagnostic.summary}`), [
		'5: Duplicate unit name',
		'11: Absolute component path',
		'15: Component path outside the stack',
		'17: Duplicate component path',
		'22: Stack source not available',
		'29: Invalid count',
		'32: Invalid unit',
	]);
	t.deepEqual(estate.units.map(unit => unit.path), ['.terragrunt-stack/a', 'u']);
	t.is(openEstate({root: writeTree({'terragrunt.stack.hcl': 'locals {\n  a = 1\n}\n'})}).stacks[0]!.evaluation.diagnostics[0]?.summary, 'Stack has no components');
});

test('no_dot_terragrunt_stack generates beside the stack file; enabled = false generates nothing', t => {
	const root = writeTree({
		'terragrunt.stack.hcl': 'unit "a" {\n  source = "./u"\n  path = "a"\n  no_dot_terragrunt_stack = true\n}\nunit "b" {\n  source = "./u"\n  path = "b"\n  enabled = false\n}\n',
		'u/terragrunt.hcl': '',
	});
	t.deepEqual(openEstate({root}).units.map(unit => unit.path), ['a', 'u']);
});

test('the overlay: a mount reads its source; a mount from a generated path reads that path\'s source; a generated directory hides what is on disk', t => {
	const root = writeTree({'src/a.tf': 'x', 'stack/.terragrunt-stack/old/terragrunt.hcl': ''});
	const overlay = stackOverlay(directorySource());
	overlay.addDirectory(path.join(root, 'stack', '.terragrunt-stack'));
	overlay.mount(path.join(root, 'stack', '.terragrunt-stack', 'one'), path.join(root, 'src'));
	overlay.mount(path.join(root, 'stack', '.terragrunt-stack', 'two', 'deep'), path.join(root, 'stack', '.terragrunt-stack', 'one'));
	overlay.addFile(path.join(root, 'stack', '.terragrunt-stack', 'one', 'terragrunt.values.hcl'), 'a = 1\n');
	const {source} = overlay;
	t.deepEqual(source.readDirectory(path.join(root, 'stack', '.terragrunt-stack')).sort(), ['one', 'two']);
	t.deepEqual(source.readDirectory(path.join(root, 'stack', '.terragrunt-stack', 'one')).sort(), ['a.tf', 'terragrunt.values.hcl']);
	t.deepEqual(source.readDirectory(path.join(root, 'stack', '.terragrunt-stack', 'two', 'deep')), ['a.tf']);
	t.deepEqual(new TextDecoder().decode(source.readFile(path.join(root, 'stack', '.terragrunt-stack', 'two', 'deep', 'a.tf'), 10)), 'x');
	t.is(source.stat(path.join(root, 'stack', '.terragrunt-stack', 'old')), undefined);
	t.deepEqual(source.readDirectory(path.join(root, 'stack')).sort(), ['.terragrunt-stack']);
});

test('terragrunt.values.hcl is written as Terragrunt writes it: a comment, attributes sorted by name', t => {
	t.is(renderValuesFile(objectValue({
		zone: stringValue('a ${b}'), count: numberValue(2), list: tupleValue([stringValue('x')]), nested: objectValue({'a-b': stringValue('c'), 'with space': stringValue('d')}),
	})), '# Auto-generated by the terragrunt.stack.hcl file by Terragrunt. Do not edit manually\ncount  = 2\nlist   = ["x"]\nnested = {\n  a-b          = "c"\n  "with space" = "d"\n}\nzone   = "a $${b}"\n');
});

test('try(values.x, default) gives the default where values has no x, or where no values file is beside the file, as HCL\'s try does in Terragrunt; without try it stays an error', async t => {
	// Terragrunt puts `values` in the eval context as a plain variable only when a terragrunt.values.hcl exists (pkg/config/config_helpers.go, createTerragruntEvalContext; pkg/config/stack.go, ReadValues at 286a33c), so a missing one is an evaluation error, and hcl's tryfunc turns evaluation errors into the next argument.
	const root = writeTree({
		'terragrunt.stack.hcl': [
			'stack "team" {\n  source = "./stacks/team"\n  path = "team"\n  values = {\n    team = "blue"\n  }\n}',
			'unit "solo" {\n  source = "./units/app"\n  path = "solo"\n  values = {\n    role = try(values.role, "solo")\n  }\n}',
		].join('\n'),
		'stacks/team/terragrunt.stack.hcl': 'unit "member" {\n  source = "../../units/app"\n  path = "member"\n  values = {\n    role = "${values.team}-${try(values.size, "small")}"\n  }\n}\n',
		'units/app/terragrunt.hcl': 'terraform {\n  source = "."\n}\ninputs = {\n  role = values.role\n  zone = try(values.zone, "default-zone")\n}\n',
		'units/app/main.tf': 'variable "role" {\n  type = string\n}\nvariable "zone" {\n  type = string\n}\n',
		'broken/terragrunt.stack.hcl': 'unit "x" {\n  source = "../units/app"\n  path = "x"\n  values = {\n    role = values.role\n  }\n}\n',
	});
	const estate = openEstate({root});
	const found: Record<string, string> = {};
	for (const unit of estate.units.filter(unit => unit.path.startsWith('.terragrunt-stack/'))) {
		// eslint-disable-next-line no-await-in-loop -- one after another
		const {workspace} = await estate.open(unit);
		t.deepEqual(workspace.diagnostics.map(diagnostic => diagnostic.summary), [], unit.path);
		found[unit.path] = `${show(workspace.instances.root.variable('role'))} ${show(workspace.instances.root.variable('zone'))}`;
	}

	t.deepEqual(found, {
		'.terragrunt-stack/solo': '"solo" "default-zone"',
		'.terragrunt-stack/team/.terragrunt-stack/member': '"blue-small" "default-zone"',
	});
	t.deepEqual(estate.stacks.flatMap(stack => stack.evaluation.diagnostics).filter(diagnostic => !/broken|stacks\/team/.test(diagnostic.subject?.filename ?? '')).map(diagnostic => diagnostic.summary), []);
	// Without try, a missing value is still Terragrunt's error.
	const broken = estate.stacks.find(stack => stack.evaluation.components.some(component => component.address === 'x'));
	t.deepEqual(broken?.evaluation.diagnostics.filter(diagnostic => diagnostic.severity === 'error').map(diagnostic => `${diagnostic.subject?.start.line}: ${diagnostic.summary}`), ['5: No stack values']);
});
