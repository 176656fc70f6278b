import {AdjacencyIndex} from './adjacency.js';
import type {EdgeKind, EdgeOrigin, GraphEdge, GraphNode} from './model.js';

/**
The graph: our model over our adjacency index. cytoscape draws it in the HTML page (source/web/graph-page.ts); it is not the headless model: its whole-graph traversals are quadratic on large graphs and the one query it served (a shortest path) is a breadth-first walk here, with no library to load (docs/graph.md says why and what was measured).
*/
export type Graph = {
	readonly nodeCount: number;
	readonly edgeCount: number;
	/**
	Adds a node unless one with the same id exists; returns the node in the graph.
	*/
	addNode(node: GraphNode): GraphNode;
	/**
	Adds an edge from the dependent `source` to the dependency `target`; a second edge of the same kind between the same nodes only adds its origin. Returns false when either node is missing.
	*/
	addEdge(source: string, target: string, kind: EdgeKind, origin?: EdgeOrigin): boolean;
	has(id: string): boolean;
	node(id: string): GraphNode | undefined;
	nodes(): GraphNode[];
	edges(): GraphEdge[];
	/** Edges to the direct dependencies of a node. */
	outgoing(id: string): readonly GraphEdge[];
	/** Edges from the direct dependents of a node. */
	incoming(id: string): readonly GraphEdge[];
	/** The adjacency index, for whole-graph traversals. */
	readonly index: AdjacencyIndex;
	/**
	The node ids of a shortest directed path from `from` to `to` following dependency edges, or undefined when there is none.
	*/
	shortestPath(from: string, to: string): string[] | undefined;
};

export function createGraph(): Graph {
	const index = new AdjacencyIndex();
	return {
		get nodeCount() {
			return index.nodeCount;
		},
		get edgeCount() {
			return index.edgeCount;
		},
		index,
		addNode(node) {
			return index.addNode(node) ? node : index.node(node.id)!;
		},
		addEdge(source, target, kind, origin) {
			return index.addEdge(source, target, kind, origin);
		},
		has: id => index.has(id),
		node: id => index.node(id),
		nodes: () => index.nodes(),
		edges: () => index.edges(),
		outgoing: id => index.outgoing(id),
		incoming: id => index.incoming(id),
		shortestPath(from, to) {
			if (!index.has(from) || !index.has(to)) {
				return undefined;
			}

			// Breadth first over the dependency edges: the first path found is a shortest one (every edge counts one).
			const previous = new Map<string, string>([[from, from]]);
			let frontier = [from];
			while (frontier.length > 0 && !previous.has(to)) {
				const next: string[] = [];
				for (const id of frontier) {
					for (const edge of index.outgoing(id)) {
						if (!previous.has(edge.target)) {
							previous.set(edge.target, id);
							next.push(edge.target);
						}
					}
				}

				frontier = next;
			}

			if (!previous.has(to)) {
				return undefined;
			}

			const path = [to];
			for (let at = to; at !== from; at = previous.get(at)!) {
				path.push(previous.get(at)!);
			}

			return path.reverse();
		},
	};
}
