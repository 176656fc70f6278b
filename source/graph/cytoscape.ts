import type {Core, ElementDefinition} from 'cytoscape';
import {cytoscape} from '../libraries.js';
import {AdjacencyIndex} from './adjacency.js';
import type {EdgeKind, EdgeOrigin, GraphEdge, GraphNode} from './model.js';

/**
The graph: our model kept in a headless cytoscape instance, with our adjacency index in step. This is the only file that uses cytoscape (loaded when first needed: it is most of the graph code's size).
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
	The node ids of a shortest directed path from `from` to `to` following dependency edges (cytoscape's A*), or undefined when there is none.
	*/
	shortestPath(from: string, to: string): string[] | undefined;
};

export function createGraph(): Graph {
	const index = new AdjacencyIndex();
	// cytoscape receives the elements in one batch when it is first needed, and what was added since on later calls: adding one element at a time during the build is several times slower.
	let core: Core | undefined;
	const syncedNodes = new Set<string>();
	let syncedEdges = 0;

	function cy(): Core {
		core ??= cytoscape()({headless: true, styleEnabled: false});
		const elements: ElementDefinition[] = [];
		if (syncedNodes.size < index.nodeCount) {
			for (const node of index.nodes()) {
				if (!syncedNodes.has(node.id)) {
					syncedNodes.add(node.id);
					elements.push({group: 'nodes', data: {id: node.id, kind: node.kind}});
				}
			}
		}

		for (const edge of index.edgesFrom(syncedEdges)) {
			elements.push({group: 'edges', data: {id: edge.id, source: edge.source, target: edge.target, kind: edge.kind}});
		}

		syncedEdges = index.edgeCount;
		if (elements.length > 0) {
			core.add(elements);
		}

		return core;
	}

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

			if (from === to) {
				return [from];
			}

			const core = cy();
			const result = core.elements().aStar({
				root: core.getElementById(from),
				goal: core.getElementById(to),
				directed: true,
			});
			if (!result.found) {
				return undefined;
			}

			return result.path.nodes().map(node => node.id());
		},
	};
}
