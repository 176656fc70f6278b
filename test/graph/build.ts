import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {loadModuleTree} from '../../source/config/load-module-tree.js';
import {buildGraph} from '../../source/graph/build.js';
import {dependencies} from '../../source/graph/queries.js';
import {cycles, formatCycle} from '../../source/graph/queries.js';
import {toText} from '../../source/graph/to-text.js';
import {dotEdges, resourceEdges} from '../helpers/graph.js';
import {golden, graphFixtures, loadGraphFixture} from '../helpers/graph-fixtures.js';

const fixtures = ['basic', 'modules', 'cycle', 'providers', 'ephemeral'];

const dumpsLikeGolden = test.macro({
	exec(t, name: string) {
		const text = toText(buildGraph(loadGraphFixture(name)), {kinds: true});
		t.is(text, golden(`${name}/expected-graph.txt`, text));
	},
	title: (_title, name: string) => `block graph of ${name}`,
});

for (const name of fixtures) {
	test(dumpsLikeGolden, name);
}

/*
Terraform 1.11's `terraform graph` (no -type) prints resources only, with an edge where a resource reaches another through non-resource nodes, transitively reduced. Projecting our graph the same way gives the same edges for these fixtures. Our graph has one node per module call where Terraform's has two: "module.x (expand)", which every node inside the module depends on, is our call node (`module-expansion` edges); "module.x (close)", which a reference to the whole module (`depends_on = [module.single]`, `for network in module.network`) depends on, is replaced by edges straight to everything in the module. Both give the same resource-to-resource edges, `terraform_data.peering -> terraform_data.seed` included (through module.single.var.name), and plan/nested-modules' `terraform_data.summary` on resources that feed no output of module.region.
*/
const matchesTerraform = test.macro({
	exec(t, name: string) {
		const expected = dotEdges(fs.readFileSync(path.join(graphFixtures, name, 'terraform-graph.dot'), 'utf8'));
		t.deepEqual(resourceEdges(buildGraph(loadGraphFixture(name))), expected);
	},
	title: (_title, name: string) => `resource edges of ${name} match terraform graph`,
});

test(matchesTerraform, 'basic');
test(matchesTerraform, 'modules');
test(matchesTerraform, 'provider-aliases');

test('the cycle Terraform reports is the cycle we find', t => {
	const reported = fs.readFileSync(path.join(graphFixtures, 'cycle', 'terraform-graph.err'), 'utf8');
	const members = /Cycle: (.*)/.exec(reported)![1]!.split(', ').map(member => member.replace(' (expand)', '')).sort();
	const found = cycles(buildGraph(loadGraphFixture('cycle')));
	t.deepEqual(found, [members]);
	t.is(formatCycle(found[0]!), 'Cycle: local.from_a, terraform_data.a, terraform_data.b');
});

test('edges record the expression that makes them and its range', t => {
	const graph = buildGraph(loadGraphFixture('basic'));
	const edges = dependencies(graph, 'terraform_data.address').map(({node, edge}) => ({
		target: node.id,
		kind: edge.kind,
		origins: edge.origins.map(origin => `${origin.expression} @ ${origin.range!.start.line}:${origin.range!.start.column}-${origin.range!.end.line}:${origin.range!.end.column}`),
	}));
	t.deepEqual(edges, [
		{target: 'provider["terraform.io/builtin/terraform"]', kind: 'provider', origins: ['terraform_data @ 34:10-34:26']},
		{target: 'terraform_data.subnet', kind: 'reference', origins: ['terraform_data.subnet[count.index].output @ 36:11-36:52']},
	]);
	t.deepEqual(dependencies(graph, 'terraform_data.monitor').map(({node, edge}) => `${node.id} ${edge.kind}: ${edge.origins.map(origin => origin.expression).join(' | ')}`), [
		'provider["terraform.io/builtin/terraform"] provider: terraform_data',
		'terraform_data.address depends-on: terraform_data.address',
		'terraform_data.server reference: terraform_data.server',
	]);
	t.deepEqual(dependencies(graph, 'output.servers').map(({edge}) => edge.origins.map(origin => origin.expression).join(' | ')), ['terraform_data.server'], 'for-expression variables are not references');
});

// The hostile corpus (test/fixtures/hostile) records what terraform 1.11 says about its cycles.
for (const name of ['cycle-locals', 'cycle-module-output']) {
	test(`cycle members of hostile/${name} are those terraform reports`, t => {
		const directory = path.join('test', 'fixtures', 'hostile', name);
		const reported = fs.readFileSync(path.join(directory, 'terraform.txt'), 'utf8');
		const members = /Cycle: (.*)/.exec(reported)![1]!.split(', ').map(member => member.replace(' (expand)', '')).sort();
		const {root, sources} = loadModuleTree(directory);
		t.deepEqual(cycles(buildGraph({moduleTree: root, sources})), [members]);
	});
}

// More comparisons: the terraform_data configurations of the expansion tests (test/fixtures/plan), whose `terraform graph` regenerate.sh saves in plan-graphs/.
for (const file of fs.readdirSync(path.join(graphFixtures, 'plan-graphs')).filter(file => !file.endsWith('.plan.dot'))) {
	const name = file.replace(/\.dot$/, '');
	test(`resource edges of plan/${name} match terraform graph`, t => {
		const expected = dotEdges(fs.readFileSync(path.join(graphFixtures, 'plan-graphs', file), 'utf8'));
		const {root, sources} = loadModuleTree(path.join('test', 'fixtures', 'plan', name));
		t.deepEqual(resourceEdges(buildGraph({moduleTree: root, sources})), expected);
	});
}

/*
Provider edges of resources against `terraform graph -type=plan`: a default configuration that a module's `providers = {}` does not pass resolves to the root's implied one, an alias to the configuration passed down.
*/
test('provider edges of provider-aliases match terraform graph -type=plan', t => {
	const dot = fs.readFileSync(path.join(graphFixtures, 'provider-aliases', 'terraform-graph-plan.dot'), 'utf8');
	const expected = dotEdges(dot.replaceAll('[root] ', '').replaceAll(' (expand)', '').replaceAll(String.raw`\"`, '\u0001'))
		.map(line => line.replaceAll('\u0001', '"'))
		.filter(line => / -> provider\[/.test(line) && !line.startsWith('provider[') && !line.startsWith('root ->'));
	const graph = buildGraph(loadGraphFixture('provider-aliases'));
	const actual = graph.edges().filter(edge => edge.kind === 'provider' && graph.node(edge.source)!.kind === 'resource').map(edge => `${edge.source} -> ${edge.target}`).sort();
	t.deepEqual(actual, expected);
});

test('an ephemeral block is a node of kind ephemeral, with its provider and the references to it', t => {
	const graph = buildGraph(loadGraphFixture('ephemeral'));
	t.is(graph.node('ephemeral.random_password.db')?.kind, 'ephemeral');
	t.deepEqual(dependencies(graph, 'aws_db_instance.db').map(({node, edge}) => `${node.id} ${edge.kind} ${edge.origins.map(origin => origin.expression).join(', ')}`), [
		'ephemeral.random_password.db reference ephemeral.random_password.db[count.index].result',
		'provider["registry.terraform.io/hashicorp/aws"] provider aws_db_instance',
	]);
});

test('references to the outputs of a module that is not installed are edges to its call, and its arguments are the call\'s inputs', t => {
	const graph = buildGraph(loadGraphFixture('not-installed'));
	const describe = (id: string): string[] => dependencies(graph, id).filter(({edge}) => edge.kind !== 'provider').map(({node, edge}) => `${node.id} ${edge.kind} ${edge.origins.map(origin => origin.expression).join(', ')}`);
	t.deepEqual(describe('terraform_data.uses'), ['module.sg reference module.sg[1].id, module.sg[*].id', 'module.vpc reference module.vpc.vpc_id']);
	t.deepEqual(describe('output.subnets'), ['module.vpc reference module.vpc.private_subnets']);
	t.deepEqual(describe('module.vpc'), ['local.azs module-input local.azs']);
	t.deepEqual(describe('module.sg'), ['local.azs module-input local.azs[count.index]']);
});
