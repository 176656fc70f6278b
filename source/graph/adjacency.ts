import {edgeKey, type EdgeKind, type EdgeOrigin, type GraphEdge, type GraphNode} from './model.js';

type Entry = {
	readonly node: GraphNode;
	readonly outgoing: GraphEdge[];
	readonly incoming: GraphEdge[];
};

type MutableEdge = GraphEdge & {origins: EdgeOrigin[]};

/**
Our own adjacency lists over the graph model. Whole-graph traversals (transitive closure, cycles, ordering) run here, because cytoscape's `successors()` and `tarjanStronglyConnected()` are quadratic on large graphs.
*/
export class AdjacencyIndex {
	readonly #entries = new Map<string, Entry>();
	readonly #edges = new Map<string, MutableEdge>();

	get nodeCount(): number {
		return this.#entries.size;
	}

	get edgeCount(): number {
		return this.#edges.size;
	}

	/**
	Adds a node; returns false (and keeps the first) when the id exists.
	*/
	addNode(node: GraphNode): boolean {
		if (this.#entries.has(node.id)) {
			return false;
		}

		this.#entries.set(node.id, {node, outgoing: [], incoming: []});
		return true;
	}

	/**
	Adds an edge, or adds the origin to the existing edge of the same kind between the same nodes. Returns the edge and whether it is new; undefined when a node is missing.
	*/
	addEdge(source: string, target: string, kind: EdgeKind, origin?: EdgeOrigin): {edge: GraphEdge; created: boolean} | undefined {
		const from = this.#entries.get(source);
		const to = this.#entries.get(target);
		if (!from || !to) {
			return undefined;
		}

		const key = edgeKey(source, target, kind);
		const existing = this.#edges.get(key);
		if (existing) {
			if (origin && !existing.origins.some(known => sameOrigin(known, origin))) {
				existing.origins.push(origin);
			}

			return {edge: existing, created: false};
		}

		const edge: MutableEdge = {id: `e${this.#edges.size}`, source, target, kind, origins: origin ? [origin] : []};
		this.#edges.set(key, edge);
		from.outgoing.push(edge);
		to.incoming.push(edge);
		return {edge, created: true};
	}

	has(id: string): boolean {
		return this.#entries.has(id);
	}

	node(id: string): GraphNode | undefined {
		return this.#entries.get(id)?.node;
	}

	nodes(): GraphNode[] {
		return [...this.#entries.values()].map(entry => entry.node);
	}

	ids(): IterableIterator<string> {
		return this.#entries.keys();
	}

	edges(): GraphEdge[] {
		return [...this.#edges.values()];
	}

	edge(source: string, target: string, kind: EdgeKind): GraphEdge | undefined {
		return this.#edges.get(edgeKey(source, target, kind));
	}

	/**
	Edges to the dependencies of a node.
	*/
	outgoing(id: string): readonly GraphEdge[] {
		return this.#entries.get(id)?.outgoing ?? [];
	}

	/**
	Edges from the dependents of a node.
	*/
	incoming(id: string): readonly GraphEdge[] {
		return this.#entries.get(id)?.incoming ?? [];
	}
}

function sameOrigin(first: EdgeOrigin, second: EdgeOrigin): boolean {
	return first.expression === second.expression
		&& first.range?.filename === second.range?.filename
		&& first.range?.start.offset === second.range?.start.offset;
}
