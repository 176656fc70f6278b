import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {buildInstanceGraph} from '../../source/graph/build.js';
import {dependencies} from '../../source/graph/queries.js';
import {toText} from '../../source/graph/to-text.js';
import {golden, loadGraphWorkspace} from '../helpers/graph-fixtures.js';
import {loadWorkspace} from '../../source/workspace.js';
import {instanceEdgesOf} from '../../source/graph/index.js';

const dumpsLikeGolden = test.macro({
	async exec(t, name: string) {
		const text = toText(buildInstanceGraph(await loadGraphWorkspace(name)), {kinds: true});
		t.is(text, golden(`${name}/expected-instances.txt`, text));
	},
	title: (_title, name: string) => `instance graph of ${name}`,
});

test(dumpsLikeGolden, 'basic');
test(dumpsLikeGolden, 'modules');
test(dumpsLikeGolden, 'providers');
test(dumpsLikeGolden, 'ephemeral');

const pointsAt = test.macro({
	async exec(t, fixture: string, source: string, expected: string[]) {
		const graph = buildInstanceGraph(await loadGraphWorkspace(fixture));
		t.deepEqual(dependencies(graph, source).filter(({edge}) => edge.kind !== 'provider').map(({node, edge}) => `${node.id} <- ${edge.origins.map(origin => origin.expression).join(' | ')}`), expected);
	},
	title: (_title, _fixture: string, source: string) => `instance edges of ${source}`,
});

test(pointsAt, 'basic', 'terraform_data.address[2]', ['terraform_data.subnet[2] <- terraform_data.subnet[count.index].output']);
test(pointsAt, 'basic', 'terraform_data.monitor["b"]', [
	'terraform_data.address[0] <- terraform_data.address',
	'terraform_data.address[1] <- terraform_data.address',
	'terraform_data.address[2] <- terraform_data.address',
	'terraform_data.server["b"] <- terraform_data.server | each.value.input',
]);
test(pointsAt, 'basic', 'terraform_data.upper', [
	'terraform_data.address[0] <- terraform_data.address[*].output',
	'terraform_data.address[1] <- terraform_data.address[*].output',
	'terraform_data.address[2] <- terraform_data.address[*].output',
]);
test('instance edges of terraform_data.peering', async t => {
	const graph = buildInstanceGraph(await loadGraphWorkspace('modules'));
	const edges = dependencies(graph, 'terraform_data.peering');
	t.deepEqual(edges.filter(({edge}) => edge.kind === 'reference').map(({node, edge}) => `${node.id} <- ${edge.origins.map(origin => origin.expression).join(' | ')}`), [
		'module.network["eu"].output.subnet_ids <- module.network["eu"].subnet_ids',
		'module.network["us"].output.vpc_id <- module.network["us"].vpc_id',
	]);
	// `depends_on = [module.single]` waits for everything in the module, nested instances included.
	const dependsOn = edges.filter(({edge}) => edge.kind === 'depends-on').map(({node}) => node.id);
	t.true(dependsOn.includes('module.single.terraform_data.vpc'));
	t.true(dependsOn.includes('module.single.module.subnet[1].terraform_data.subnet'));
	t.true(dependsOn.includes('module.single.var.name'));
	t.is(dependsOn.length, 15);
});
test(pointsAt, 'modules', 'module.network["us"].var.cidr', ['local.cidrs <- local.cidrs[each.key]', 'module.network["us"] <- module.network']);

// An import into a child module's resource: only the instance `to` names waits for what the import block reads (terraform graph -type=plan, plan-fidelity).
test(pointsAt, 'plan-fidelity', 'module.counted[1].terraform_data.second', ['local.child_import_id <- local.child_import_id', 'module.counted[1] <- module.counted']);
test(pointsAt, 'plan-fidelity', 'module.counted[0].terraform_data.second', ['module.counted[0] <- module.counted']);

test('an import into a child module picks the instance by every index of to, one per element of its for_each, and every instance where the for_each is not known', async t => {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-child-import-'));
	t.teardown(() => {
		fs.rmSync(directory, {recursive: true, force: true});
	});
	fs.mkdirSync(path.join(directory, 'inner'));
	fs.mkdirSync(path.join(directory, 'outer'));
	fs.writeFileSync(path.join(directory, 'inner', 'main.tf'), 'resource "terraform_data" "r" {\n  for_each = toset(["x", "y"])\n}\n');
	fs.writeFileSync(path.join(directory, 'outer', 'main.tf'), 'module "inner" {\n  source = "../inner"\n  count  = 2\n}\nresource "terraform_data" "s" {\n  count = 2\n}\n');
	fs.writeFileSync(path.join(directory, 'main.tf'), [
		'locals {',
		'  id   = "the-id"',
		'  keys = {a = "1", b = "2"}',
		'}',
		'resource "terraform_data" "later" {}',
		'module "outer" {',
		'  source   = "./outer"',
		'  for_each = toset(["a", "b"])',
		'}',
		'import {',
		'  to = module.outer["b"].module.inner[1].terraform_data.r["y"]',
		'  id = local.id',
		'}',
		'import {',
		'  for_each = local.keys',
		'  to       = module.outer[each.key].terraform_data.s[0]',
		'  id       = each.value',
		'}',
		'import {',
		'  for_each = toset([terraform_data.later.id])',
		'  to       = module.outer[each.key].terraform_data.s[1]',
		'  id       = "later"',
		'}',
		'',
	].join('\n'));
	const workspace = await loadWorkspace({directory});
	const graph = buildInstanceGraph(workspace);
	// The explorer's per-node edges say the same, both ways.
	t.deepEqual(instanceEdgesOf(workspace, 'module.outer["b"].module.inner[1].terraform_data.r["y"]')?.filter(edge => edge.kind === 'reference').map(edge => `${edge.direction} ${edge.address}`), ['out local.id']);
	t.deepEqual(instanceEdgesOf(workspace, 'local.keys')?.map(edge => `${edge.direction} ${edge.address}`), ['in module.outer["a"].terraform_data.s[0]', 'in module.outer["b"].terraform_data.s[0]']);
	const reads = (id: string): string[] => dependencies(graph, id).filter(({edge}) => edge.kind === 'reference').map(({node}) => node.id);
	t.deepEqual(reads('module.outer["b"].module.inner[1].terraform_data.r["y"]'), ['local.id']);
	t.deepEqual(reads('module.outer["b"].module.inner[1].terraform_data.r["x"]'), []);
	t.deepEqual(reads('module.outer["a"].module.inner[1].terraform_data.r["y"]'), []);
	t.deepEqual(reads('module.outer["b"].module.inner[0].terraform_data.r["y"]'), []);
	// One import per element of the for_each: both keys of local.keys, but only s[0].
	t.deepEqual(reads('module.outer["a"].terraform_data.s[0]'), ['local.keys']);
	t.deepEqual(reads('module.outer["b"].terraform_data.s[0]'), ['local.keys']);
	// A for_each not known before apply: every instance at the step each.key indexes, but only s[1].
	t.deepEqual(reads('module.outer["a"].terraform_data.s[1]'), ['terraform_data.later']);
	t.deepEqual(reads('module.outer["b"].terraform_data.s[1]'), ['terraform_data.later']);
});

// test/fixtures/diff/import-into-modules: expected-plan.json is terraform plan's answer (regenerate.sh) to which instances three import blocks adopt (a literal module key, a map for_each with each.key in the module index, a list for_each with each.key and each.value). What each block reads (local.id, local.adopted, local.inner, nothing else reads them) is waited for by those instances only, in the instance graph and in the explorer's per-node edges.
test('the instances an import block makes wait for what it reads are the ones terraform plan imports', async t => {
	const fixture = path.join(import.meta.dirname, '..', 'fixtures', 'diff', 'import-into-modules');
	const plan = JSON.parse(fs.readFileSync(path.join(fixture, 'expected-plan.json'), 'utf8')) as Array<{address: string; importing?: unknown}>;
	const imported = plan.filter(change => change.importing).map(change => change.address).sort();
	t.is(imported.length, 4);
	const workspace = await loadWorkspace({directory: path.join(fixture, 'new')});
	const read = new Set(['local.id', 'local.adopted', 'local.inner']);
	const graph = buildInstanceGraph(workspace);
	const waiting = [...workspace.instances!.resourceInstances.keys()].filter(address => dependencies(graph, address).some(({node, edge}) => edge.kind === 'reference' && read.has(node.id))).sort();
	t.deepEqual(waiting, imported);
	const dependents = [...read].flatMap(local => instanceEdgesOf(workspace, local)!.filter(edge => edge.direction === 'in').map(edge => edge.address)).sort();
	t.deepEqual(dependents, imported);
	for (const address of imported) {
		t.true(instanceEdgesOf(workspace, address)!.some(edge => edge.direction === 'out' && read.has(edge.address)), address);
	}
});
