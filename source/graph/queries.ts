import {createGraph, type Graph} from './cytoscape.js';
import {edgeKinds, nodeKinds, type EdgeKind, type GraphEdge, type GraphNode, type NodeKind} from './model.js';

/**
One neighbour of a node with the edge that links them.
*/
export type Neighbour = {
	readonly node: GraphNode;
	readonly edge: GraphEdge;
};

function byId(first: {readonly id: string}, second: {readonly id: string}): number {
	return compareIds(first.id, second.id);
}

/**
Stable ordering of ids for every printed listing: plain code-unit order, as Terraform's graph dump sorts.
*/
export function compareIds(first: string, second: string): number {
	if (first < second) {
		return -1;
	}

	return first > second ? 1 : 0;
}

/**
A node's edges to its dependencies in the order every listing prints them (by target id, then kind), made for this reading only: exporting the whole graph one node at a time never holds an object per edge.
*/
export function outgoingInOrder(graph: Graph, id: string): GraphEdge[] {
	return graph.index.outgoingOnce(id).toSorted((first, second) => compareIds(first.target, second.target) || compareIds(first.kind, second.kind));
}

/**
Every edge of the graph in that order, by source id first (`sortedIds` are the graph's node ids, sorted).
*/
export function * edgesInOrder(graph: Graph, sortedIds: readonly string[]): Generator<GraphEdge> {
	for (const id of sortedIds) {
		yield * outgoingInOrder(graph, id);
	}
}

/**
The direct dependencies of a node, each with the edge (kind and expressions) that makes it, sorted by id then edge kind.
*/
export function dependencies(graph: Graph, id: string): Neighbour[] {
	return graph.outgoing(id)
		.map(edge => ({node: graph.node(edge.target)!, edge}))
		.sort((first, second) => byId(first.node, second.node) || compareIds(first.edge.kind, second.edge.kind));
}

/**
The direct dependents of a node (what refers to it), sorted like `dependencies`.
*/
export function dependents(graph: Graph, id: string): Neighbour[] {
	return graph.incoming(id)
		.map(edge => ({node: graph.node(edge.source)!, edge}))
		.sort((first, second) => byId(first.node, second.node) || compareIds(first.edge.kind, second.edge.kind));
}

export type Direction = 'dependencies' | 'dependents';

/**
Every node reachable from `id` in one direction, with its distance (breadth-first on the adjacency index), the start excluded. `maxDepth` limits the distance.
*/
export function reachable(graph: Graph, id: string, direction: Direction, maxDepth = Number.POSITIVE_INFINITY): Map<string, number> {
	const distances = new Map<string, number>();
	if (!graph.has(id)) {
		return distances;
	}

	const {index} = graph;
	const seen = new Set<string>([id]);
	let frontier = [id];
	let depth = 0;
	while (frontier.length > 0 && depth < maxDepth) {
		depth++;
		const next: string[] = [];
		for (const current of frontier) {
			for (const other of direction === 'dependencies' ? index.targets(current) : index.sources(current)) {
				if (!seen.has(other)) {
					seen.add(other);
					distances.set(other, depth);
					next.push(other);
				}
			}
		}

		frontier = next;
	}

	return distances;
}

/**
Everything a node needs, directly or not, sorted.
*/
export function transitiveDependencies(graph: Graph, id: string): string[] {
	return [...reachable(graph, id, 'dependencies').keys()].sort(compareIds);
}

/**
Everything that needs a node, directly or not: the blast radius of a change to it, sorted.
*/
export function transitiveDependents(graph: Graph, id: string): string[] {
	return [...reachable(graph, id, 'dependents').keys()].sort(compareIds);
}

/**
One step of a path: the edge from `from` to `to`.
*/
export type PathStep = {
	readonly from: GraphNode;
	readonly to: GraphNode;
	readonly edge: GraphEdge;
};

/**
A shortest chain of dependency edges from `from` to `to` ("why does A depend on B"), or undefined when A does not depend on B. An empty list when they are the same node.
*/
export function shortestPath(graph: Graph, from: string, to: string): PathStep[] | undefined {
	const ids = graph.shortestPath(from, to);
	if (!ids) {
		return undefined;
	}

	const steps: PathStep[] = [];
	for (let position = 1; position < ids.length; position++) {
		const source = ids[position - 1]!;
		const target = ids[position]!;
		// Several kinds may link the same pair; name the most telling one.
		const edge = graph.outgoing(source)
			.filter(candidate => candidate.target === target)
			.sort((first, second) => edgeKinds.indexOf(first.kind) - edgeKinds.indexOf(second.kind))[0]!;
		steps.push({from: graph.node(source)!, to: graph.node(target)!, edge});
	}

	return steps;
}

/**
The cycles of the graph: each strongly connected component of more than one node, or a node that depends on itself, with its members sorted; the list sorted by first member. Iterative Tarjan on the adjacency index.
*/
export function cycles(graph: Graph): string[][] {
	const {index} = graph;
	const order = new Map<string, number>();
	const low = new Map<string, number>();
	const onStack = new Set<string>();
	const stack: string[] = [];
	const components: string[][] = [];
	let counter = 0;

	for (const start of index.ids()) {
		if (order.has(start)) {
			continue;
		}

		// Each frame: the node, its dependencies and the position of the next one to visit.
		const frames: Array<{id: string; targets: readonly string[]; next: number}> = [{id: start, targets: index.targets(start), next: 0}];
		order.set(start, counter);
		low.set(start, counter);
		counter++;
		stack.push(start);
		onStack.add(start);

		while (frames.length > 0) {
			const frame = frames.at(-1)!;
			if (frame.next < frame.targets.length) {
				const target = frame.targets[frame.next]!;
				frame.next++;
				if (!order.has(target)) {
					order.set(target, counter);
					low.set(target, counter);
					counter++;
					stack.push(target);
					onStack.add(target);
					frames.push({id: target, targets: index.targets(target), next: 0});
				} else if (onStack.has(target)) {
					low.set(frame.id, Math.min(low.get(frame.id)!, order.get(target)!));
				}

				continue;
			}

			frames.pop();
			const parent = frames.at(-1);
			if (parent) {
				low.set(parent.id, Math.min(low.get(parent.id)!, low.get(frame.id)!));
			}

			if (low.get(frame.id) === order.get(frame.id)) {
				const component: string[] = [];
				let member: string;
				do {
					member = stack.pop()!;
					onStack.delete(member);
					component.push(member);
				} while (member !== frame.id);

				const selfLoop = component.length === 1 && index.targets(member).includes(member);
				if (component.length > 1 || selfLoop) {
					components.push(component.sort(compareIds));
				}
			}
		}
	}

	return components.sort((first, second) => compareIds(first[0]!, second[0]!));
}

/**
A cycle as Terraform reports it: `Cycle: a, b, c`.
*/
export function formatCycle(members: readonly string[]): string {
	return `Cycle: ${members.join(', ')}`;
}

export type ApplyOrder = {
	/**
	Levels in apply order: every node of a level depends only on nodes of earlier levels, so a level can be applied in parallel. Each level sorted.
	*/
	readonly levels: string[][];
	/**
	Nodes that cannot be ordered: members of cycles and everything that depends on them.
	*/
	readonly blocked: string[];
};

/**
Topological levels (Kahn's algorithm on the adjacency index): dependencies first.
*/
export function applyOrder(graph: Graph): ApplyOrder {
	const {index} = graph;
	const remaining = new Map<string, number>();
	let level: string[] = [];
	for (const id of index.ids()) {
		// Count distinct dependencies: two edge kinds between the same pair are one dependency.
		const count = new Set(index.targets(id)).size;
		remaining.set(id, count);
		if (count === 0) {
			level.push(id);
		}
	}

	const levels: string[][] = [];
	let placed = 0;
	while (level.length > 0) {
		level.sort(compareIds);
		levels.push(level);
		placed += level.length;
		const next: string[] = [];
		for (const id of level) {
			const seen = new Set<string>();
			for (const source of index.sources(id)) {
				if (seen.has(source)) {
					continue;
				}

				seen.add(source);
				const count = remaining.get(source)! - 1;
				remaining.set(source, count);
				if (count === 0) {
					next.push(source);
				}
			}
		}

		level = next;
	}

	const blocked = placed === index.nodeCount ? [] : [...remaining].filter(([, count]) => count > 0).map(([id]) => id).sort(compareIds);
	return {levels, blocked};
}

export type Counts = {
	readonly nodes: Record<NodeKind, number>;
	readonly edges: Record<EdgeKind, number>;
	readonly totalNodes: number;
	readonly totalEdges: number;
};

/**
How many nodes of each kind and edges of each kind the graph has.
*/
export function countByKind(graph: Graph): Counts {
	const nodes = Object.fromEntries(nodeKinds.map(kind => [kind, 0])) as Record<NodeKind, number>;
	const edges = Object.fromEntries(edgeKinds.map(kind => [kind, 0])) as Record<EdgeKind, number>;
	for (const node of graph.nodes()) {
		nodes[node.kind]++;
	}

	for (const [kind, count] of graph.index.countKinds()) {
		edges[kind] = count;
	}

	return {nodes, edges, totalNodes: graph.nodeCount, totalEdges: graph.edgeCount};
}

/**
The nodes within `depth` edges of `focus` in either direction (dependencies of dependencies, dependents of dependents), the focus included.
*/
export function neighbourhood(graph: Graph, focus: string, depth: number): Set<string> {
	const ids = new Set<string>();
	if (!graph.has(focus)) {
		return ids;
	}

	ids.add(focus);
	for (const id of reachable(graph, focus, 'dependencies', depth).keys()) {
		ids.add(id);
	}

	for (const id of reachable(graph, focus, 'dependents', depth).keys()) {
		ids.add(id);
	}

	return ids;
}

/**
A new graph of the given nodes and the edges between them.
*/
export function subgraph(graph: Graph, ids: ReadonlySet<string>): Graph {
	const result = createGraph();
	for (const node of graph.nodes()) {
		if (ids.has(node.id)) {
			result.addNode(node);
		}
	}

	for (const edge of graph.edges()) {
		if (ids.has(edge.source) && ids.has(edge.target)) {
			for (const origin of edge.origins.length > 0 ? edge.origins : [undefined]) {
				result.addEdge(edge.source, edge.target, edge.kind, origin);
			}
		}
	}

	return result;
}

/**
The node with this id; otherwise the ids that start with it (`aws_instance.web` finds `aws_instance.web[0]`...), sorted, as suggestions.
*/
export function findNode(graph: Graph, address: string): {node?: GraphNode; suggestions: string[]} {
	const node = graph.node(address);
	if (node) {
		return {node, suggestions: []};
	}

	const suggestions = graph.nodes().map(candidate => candidate.id).filter(id => id.startsWith(address)).sort(compareIds);
	return {suggestions};
}
