import test from 'ava';
import {
	applyOrder, countByKind, cycles, dependencies, dependents, formatCycle, neighbourhood, shortestPath, subgraph, transitiveDependencies, transitiveDependents,
} from '../../source/graph/queries.js';
import {toText} from '../../source/graph/to-text.js';
import {graphFromLines} from '../helpers/graph.js';

const network = graphFromLines(`
	aws_instance.web -> aws_subnet.a
	aws_instance.web -> aws_security_group.sg
	aws_instance.web -> provider["registry.terraform.io/hashicorp/aws"] provider
	aws_subnet.a -> aws_vpc.main
	aws_subnet.a -> var.cidr
	aws_security_group.sg -> aws_vpc.main
	aws_security_group.sg -> aws_vpc.main depends-on
	aws_vpc.main -> var.cidr
	aws_eip.ip -> aws_instance.web
	output.ip -> aws_eip.ip
	var.unused
`);

test('direct dependencies and dependents, with the edge kind', t => {
	t.deepEqual(dependencies(network, 'aws_security_group.sg').map(({node, edge}) => `${node.id} ${edge.kind}`), [
		'aws_vpc.main depends-on',
		'aws_vpc.main reference',
	]);
	t.deepEqual(dependents(network, 'aws_vpc.main').map(({node}) => node.id), ['aws_security_group.sg', 'aws_security_group.sg', 'aws_subnet.a']);
	t.deepEqual(dependencies(network, 'var.unused'), []);
	t.deepEqual(dependencies(network, 'no.such'), []);
});

const transitive = test.macro({
	exec(t, query: typeof transitiveDependents, id: string, expected: string[]) {
		t.deepEqual(query(network, id), expected);
	},
	title: (_title, query: typeof transitiveDependents, id: string) => `${query.name}(${id})`,
});

test(transitive, transitiveDependents, 'var.cidr', ['aws_eip.ip', 'aws_instance.web', 'aws_security_group.sg', 'aws_subnet.a', 'aws_vpc.main', 'output.ip']);
test(transitive, transitiveDependents, 'aws_instance.web', ['aws_eip.ip', 'output.ip']);
test(transitive, transitiveDependents, 'output.ip', []);
test(transitive, transitiveDependencies, 'aws_eip.ip', ['aws_instance.web', 'aws_security_group.sg', 'aws_subnet.a', 'aws_vpc.main', 'provider["registry.terraform.io/hashicorp/aws"]', 'var.cidr']);
test(transitive, transitiveDependencies, 'var.unused', []);

test('shortest path explains why A depends on B', t => {
	const path = shortestPath(network, 'output.ip', 'var.cidr');
	t.deepEqual(path?.map(step => `${step.from.id} -> ${step.to.id}`), [
		'output.ip -> aws_eip.ip',
		'aws_eip.ip -> aws_instance.web',
		'aws_instance.web -> aws_subnet.a',
		'aws_subnet.a -> var.cidr',
	]);
	t.is(shortestPath(network, 'var.cidr', 'output.ip'), undefined, 'edges are directed');
	t.deepEqual(shortestPath(network, 'var.cidr', 'var.cidr'), []);
	t.is(shortestPath(network, 'var.cidr', 'nothing'), undefined);
});

test('shortest path names a reference over a depends_on between the same nodes', t => {
	t.deepEqual(shortestPath(network, 'aws_security_group.sg', 'aws_vpc.main')?.map(step => step.edge.kind), ['reference']);
});

test('cycles list their members as Terraform does', t => {
	const graph = graphFromLines(`
		aws_instance.a -> aws_instance.b
		aws_instance.b -> local.c
		local.c -> aws_instance.a
		local.c -> var.x
		local.self -> local.self
		output.o -> aws_instance.a
	`);
	const found = cycles(graph);
	t.deepEqual(found, [['aws_instance.a', 'aws_instance.b', 'local.c'], ['local.self']]);
	t.is(formatCycle(found[0]!), 'Cycle: aws_instance.a, aws_instance.b, local.c');
	t.deepEqual(cycles(network), []);
});

test('cycles on a long chain do not overflow the stack', t => {
	const lines: string[] = [];
	for (let index = 0; index < 50_000; index++) {
		lines.push(`local.n${index} -> local.n${index + 1}`);
	}

	lines.push('local.n50000 -> local.n0');
	const found = cycles(graphFromLines(lines.join('\n')));
	t.is(found.length, 1);
	t.is(found[0]!.length, 50_001);
});

test('apply order in levels, dependencies first', t => {
	t.deepEqual(applyOrder(network), {
		levels: [
			['provider["registry.terraform.io/hashicorp/aws"]', 'var.cidr', 'var.unused'],
			['aws_vpc.main'],
			['aws_security_group.sg', 'aws_subnet.a'],
			['aws_instance.web'],
			['aws_eip.ip'],
			['output.ip'],
		],
		blocked: [],
	});
});

test('apply order reports what a cycle blocks', t => {
	const graph = graphFromLines(`
		a.a -> b.b
		b.b -> a.a
		c.c -> a.a
		a.a -> var.x
	`);
	t.deepEqual(applyOrder(graph), {levels: [['var.x']], blocked: ['a.a', 'b.b', 'c.c']});
});

test('counts per kind', t => {
	const counts = countByKind(network);
	t.is(counts.totalNodes, 9);
	t.is(counts.nodes.resource, 5);
	t.is(counts.nodes.variable, 2);
	t.is(counts.nodes.output, 1);
	t.is(counts.nodes.provider, 1);
	t.is(counts.edges.reference, 8);
	t.is(counts.edges['depends-on'], 1);
	t.is(counts.edges.provider, 1);
	t.is(counts.totalEdges, 10);
});

test('neighbourhood and subgraph keep the nodes around a focus', t => {
	const ids = neighbourhood(network, 'aws_subnet.a', 1);
	t.deepEqual([...ids].sort(), ['aws_instance.web', 'aws_subnet.a', 'aws_vpc.main', 'var.cidr']);
	t.is(toText(subgraph(network, ids)), [
		'aws_instance.web',
		'  aws_subnet.a',
		'aws_subnet.a',
		'  aws_vpc.main',
		'  var.cidr',
		'aws_vpc.main',
		'  var.cidr',
		'var.cidr',
		'',
	].join('\n'));
});

test('an edge repeated by several expressions is one edge with every origin', t => {
	const graph = graphFromLines('a.a -> b.b');
	graph.addEdge('a.a', 'b.b', 'reference', {expression: 'b.b.id'});
	graph.addEdge('a.a', 'b.b', 'reference', {expression: 'b.b.id'});
	t.is(graph.edgeCount, 1);
	t.deepEqual(graph.edges()[0]!.origins.map(origin => origin.expression), ['b.b', 'b.b.id']);
	t.false(graph.addEdge('a.a', 'missing', 'reference'));
});

test('text dump marks edge kinds on request', t => {
	t.is(toText(graphFromLines('aws_security_group.sg -> aws_vpc.main depends-on\naws_security_group.sg -> aws_vpc.main'), {kinds: true}), 'aws_security_group.sg\n  aws_vpc.main (depends-on)\naws_vpc.main\n');
});

test('shortest path sees edges added after an earlier query', t => {
	const graph = graphFromLines('a.a -> b.b\nc.c');
	t.is(shortestPath(graph, 'a.a', 'c.c'), undefined);
	graph.addNode({id: 'd.d', kind: 'resource', module: '', name: 'd.d'});
	graph.addEdge('b.b', 'd.d', 'reference');
	graph.addEdge('d.d', 'c.c', 'depends-on');
	t.deepEqual(shortestPath(graph, 'a.a', 'c.c')?.map(step => `${step.to.id} ${step.edge.kind}`), ['b.b reference', 'd.d reference', 'c.c depends-on']);
});
