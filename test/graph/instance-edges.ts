import test from 'ava';
import {buildInstanceGraph} from '../../source/graph/build.js';
import {drawNeighbourhood, instanceEdgesOf, instanceGraphView} from '../../source/graph/index.js';
import type {Graph} from '../../source/graph/cytoscape.js';
import type {GraphEdge} from '../../source/graph/model.js';
import {loadGraphWorkspace} from '../helpers/graph-fixtures.js';

const describe = (direction: string, address: string, edge: Pick<GraphEdge, 'kind' | 'origins'>): string =>
	`${direction} ${address} ${edge.kind} ${edge.origins.map(origin => `${origin.expression}@${origin.range?.filename ?? ''}:${origin.range?.start.offset ?? ''}`).join(' | ')}`;

const fromGraph = (graph: Graph, id: string): string[] => [
	...graph.incoming(id).map(edge => describe('in', edge.source, edge)),
	...graph.outgoing(id).map(edge => describe('out', edge.target, edge)),
].sort();

const sameAsInstanceGraph = test.macro({
	async exec(t, fixture: string) {
		const workspace = await loadGraphWorkspace(fixture);
		const graph = buildInstanceGraph(workspace);
		t.true(graph.nodeCount > 0);
		const differing: string[] = [];
		for (const node of graph.nodes()) {
			const edges = instanceEdgesOf(workspace, node.id);
			const actual = edges?.map(edge => describe(edge.direction, edge.address, edge)).sort();
			if (JSON.stringify(actual) !== JSON.stringify(fromGraph(graph, node.id))) {
				differing.push(node.id);
			}
		}

		t.deepEqual(differing, []);
	},
	title: (_title, fixture: string) => `instanceEdgesOf gives every node of ${fixture} the instance graph's edges`,
});

for (const fixture of ['basic', 'modules', 'providers', 'ephemeral', 'provider-aliases', 'cycle', 'plan-fidelity', 'not-installed', 'dotted-keys']) {
	test(sameAsInstanceGraph, fixture);
}

test('instanceEdgesOf lists incoming then outgoing edges, by address, with their expressions', async t => {
	const workspace = await loadGraphWorkspace('basic');
	const edges = instanceEdgesOf(workspace, 'terraform_data.address[2]');
	t.deepEqual(edges?.filter(edge => edge.kind !== 'provider').map(({direction, address, expression}) => `${direction} ${address} ${expression}`), [
		'in terraform_data.monitor["a"] terraform_data.address',
		'in terraform_data.monitor["b"] terraform_data.address',
		'in terraform_data.monitor["c"] terraform_data.address',
		'in terraform_data.upper terraform_data.address[*].output',
		'out terraform_data.subnet[2] terraform_data.subnet[count.index].output',
	]);
});

test('instanceEdgesOf is undefined for what is not an instance-graph node', async t => {
	const workspace = await loadGraphWorkspace('basic');
	t.is(instanceEdgesOf(workspace, 'terraform_data.address'), undefined);
	t.is(instanceEdgesOf(workspace, 'aws_nothing.here'), undefined);
});

test('instanceEdgesOf finds a node whose module instance keys look like addresses', async t => {
	const workspace = await loadGraphWorkspace('dotted-keys');
	const edges = (address: string) => instanceEdgesOf(workspace, address)?.filter(edge => edge.kind !== 'provider').map(({direction, address}) => `${direction} ${address}`);
	t.deepEqual(edges('module.m["x.var.y"].var.name'), [
		'in module.m["x.var.y"].local.upper',
		'in module.m["x.var.y"].terraform_data.c["p.q"]',
		'in module.m["x.var.y"].terraform_data.c["x.var.y"]',
		'in output.all',
		'out module.m["x.var.y"]',
	]);
	t.deepEqual(edges('module.m["module.m[\\"q\\"]"].local.upper'), [
		'in module.m["module.m[\\"q\\"]"].terraform_data.c["module.m[\\"q\\"]"]',
		'in module.m["module.m[\\"q\\"]"].terraform_data.c["p.q"]',
		'in output.all',
		'out module.m["module.m[\\"q\\"]"]',
		'out module.m["module.m[\\"q\\"]"].var.name',
	]);
	t.deepEqual(edges('terraform_data.r["k.local.v"]'), ['out module.m["a.b"].output.out']);
	t.is(edges('module.m["x.var'), undefined);
	t.is(edges('module.m["x.var.y"].var.other'), undefined);
	t.is(edges('module.m["nope"].var.name'), undefined);
});

test('instanceEdgesOf of a module instance\'s variable: its input from the parent and the expansion it waits for', async t => {
	const workspace = await loadGraphWorkspace('modules');
	t.deepEqual(instanceEdgesOf(workspace, 'module.network["us"].var.cidr')?.filter(edge => edge.direction === 'out').map(({address, kind, expression}) => `${address} ${kind} ${expression}`), [
		'local.cidrs module-input local.cidrs[each.key]',
		'module.network["us"] module-expansion module.network',
	]);
});

const drawsLikeInstanceGraph = test.macro({
	async exec(t, fixture: string) {
		const workspace = await loadGraphWorkspace(fixture);
		const graph = buildInstanceGraph(workspace);
		const view = instanceGraphView(workspace);
		const differing = graph.nodes().filter(node => JSON.stringify(drawNeighbourhood(view, node.id, 2, 100, 30)) !== JSON.stringify(drawNeighbourhood(graph, node.id, 2, 100, 30)));
		t.deepEqual(differing.map(node => node.id), []);
		t.deepEqual(view.node('terraform_data.nothing'), undefined);
	},
	title: (_title, fixture: string) => `instanceGraphView draws every node of ${fixture} as the instance graph does`,
});

for (const fixture of ['basic', 'modules', 'providers']) {
	test(drawsLikeInstanceGraph, fixture);
}

test('a module that is not installed keeps its edges: references to its outputs end at the module (call or instance), its arguments are its inputs', async t => {
	const workspace = await loadGraphWorkspace('not-installed');
	const edges = (address: string): string[] | undefined => instanceEdgesOf(workspace, address)?.filter(edge => edge.kind !== 'provider').map(({direction, address, kind, expression}) => `${direction} ${address} ${kind} ${expression}`);
	t.deepEqual(edges('terraform_data.uses'), [
		'out module.sg[0] reference module.sg[*].id',
		'out module.sg[1] reference module.sg[1].id, module.sg[*].id',
		'out module.vpc reference module.vpc.vpc_id',
	]);
	t.deepEqual(edges('module.vpc'), [
		'in output.subnets reference module.vpc.private_subnets',
		'in terraform_data.uses reference module.vpc.vpc_id',
		'out local.azs module-input local.azs',
	]);
	t.deepEqual(edges('module.sg[1]'), [
		'in terraform_data.uses reference module.sg[1].id, module.sg[*].id',
		'out local.azs module-input local.azs[count.index]',
	]);
});
