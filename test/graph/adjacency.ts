import test from 'ava';
import {AdjacencyIndex} from '../../source/graph/adjacency.js';

function node(id: string) {
	return {id, kind: 'resource' as const, module: '', name: id};
}

function indexOf(...ids: string[]): AdjacencyIndex {
	const index = new AdjacencyIndex();
	for (const id of ids) {
		index.addNode(node(id));
	}

	return index;
}

const describe = (index: AdjacencyIndex, id: string): string[] => index.outgoing(id).map(edge => `${edge.source} -> ${edge.target} ${edge.kind} [${edge.origins.map(origin => origin.expression).join(', ')}]`);

test('repeated edges become one with every origin, in the order added', t => {
	const index = indexOf('a', 'b', 'c');
	t.true(index.addEdge('a', 'b', 'reference', {expression: 'b.x'}));
	t.true(index.addEdge('a', 'c', 'reference', {expression: 'c.x'}));
	t.true(index.addEdge('a', 'b', 'depends-on', {expression: 'b'}));
	t.true(index.addEdge('a', 'b', 'reference', {expression: 'b.y'}));
	t.true(index.addEdge('a', 'b', 'reference', {expression: 'b.x'}));
	t.false(index.addEdge('a', 'missing', 'reference'));
	t.is(index.edgeCount, 3);
	t.deepEqual(describe(index, 'a'), ['a -> b reference [b.x, b.y]', 'a -> c reference [c.x]', 'a -> b depends-on [b]']);
	t.deepEqual(index.sources('b'), ['a', 'a']);
	t.deepEqual(index.targets('a'), ['b', 'c', 'b']);
});

test('edges and nodes added after a query are seen by the next one, and earlier edge objects stay the same', t => {
	const index = indexOf('a', 'b');
	index.addEdge('a', 'b', 'reference', {expression: 'b.x'});
	const [first] = index.outgoing('a');
	index.addNode(node('c'));
	index.addEdge('c', 'a', 'reference');
	index.addEdge('a', 'b', 'reference', {expression: 'b.z'});
	t.is(index.edgeCount, 2);
	t.is(index.outgoing('a')[0], first);
	t.deepEqual(first!.origins.map(origin => origin.expression), ['b.x', 'b.z']);
	t.deepEqual(index.sources('a'), ['c']);
	t.deepEqual(index.edge('c', 'a', 'reference')?.origins, []);
	t.deepEqual(Object.fromEntries(index.countKinds()), {reference: 2});
});
