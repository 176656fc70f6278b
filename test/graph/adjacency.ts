import test from 'ava';
import {AdjacencyIndex, maximumEdges} from '../../source/graph/adjacency.js';

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

test('a graph of more edges than one chunk of its columns keeps every edge, merged, in the order added', t => {
	// 300 nodes and every ordered pair: 89,700 edges, with a repeat of an earlier edge after every hundredth, so merging moves edges across chunks.
	const ids = Array.from({length: 300}, (_, position) => `n${position}`);
	const index = indexOf(...ids);
	const expected: string[] = [];
	const origins = [{expression: 'first'}, {expression: 'second'}, {expression: 'third'}];
	let added = 0;
	for (const source of ids) {
		for (const target of ids) {
			if (source === target) {
				continue;
			}

			index.addEdge(source, target, 'reference', origins[added % 2]);
			expected.push(`${source} -> ${target} reference [${origins[added % 2]!.expression}${added % 100 === 0 ? ', third' : ''}]`);
			if (added % 100 === 0) {
				index.addEdge(source, target, 'reference', origins[2]);
			}

			added++;
		}
	}

	t.is(index.edgeCount, 89_700);
	t.deepEqual(index.edges().map(edge => `${edge.source} -> ${edge.target} ${edge.kind} [${edge.origins.map(origin => origin.expression).join(', ')}]`), expected);
	t.deepEqual(index.edges().map(edge => edge.id).slice(-2), ['e89698', 'e89699']);
	t.is(index.sources('n299').length, 299);
	t.deepEqual(index.targets('n299').slice(0, 2), ['n0', 'n1']);
});

test('addEdges adds an edge from each source to each target that are nodes, also when the same lists come again after a node is added', t => {
	const index = indexOf('a', 'b', 'c', 'x');
	const targets = ['b', 'missing', 'c'];
	index.addEdges(['a'], targets, 'reference', {expression: 'first'});
	index.addEdges(['x', 'gone', 'a'], targets, 'depends-on');
	index.addNode(node('missing'));
	index.addEdges(['c'], targets, 'reference', {expression: 'second'});
	t.deepEqual(describe(index, 'a'), ['a -> b reference [first]', 'a -> c reference [first]', 'a -> b depends-on []', 'a -> c depends-on []']);
	t.deepEqual(describe(index, 'x'), ['x -> b depends-on []', 'x -> c depends-on []']);
	t.deepEqual(describe(index, 'c'), ['c -> b reference [second]', 'c -> missing reference [second]', 'c -> c reference [second]']);
	t.is(index.edgeCount, 9);
});

test('edges stop at maximumEdges and the index says it was truncated (issue 20: two blocks of 20,000 instances referring to each other with [*])', t => {
	const index = new AdjacencyIndex();
	const sources = Array.from({length: 1500}, (_, at) => `terraform_data.b[${at}]`);
	const targets = Array.from({length: 1500}, (_, at) => `terraform_data.a[${at}]`);
	for (const id of [...sources, ...targets]) {
		index.addNode(node(id));
	}

	// 2.25 million pairs, more than the limit.
	index.addEdges(sources, targets, 'reference');
	t.true(index.truncated);
	t.true(index.edgeCount <= maximumEdges);
	t.true(index.edgeCount > maximumEdges - targets.length);
	t.true(index.addEdge(sources[0]!, targets[0]!, 'depends-on'));
	t.true(index.edgeCount <= maximumEdges);
});
