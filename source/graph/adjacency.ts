import {type EdgeKind, type EdgeOrigin, type GraphEdge, type GraphNode} from './model.js';

type Entry = {
	readonly node: GraphNode;
	readonly outgoing: GraphEdge[];
	readonly incoming: GraphEdge[];
	/** Outgoing edges by target, made on the first edge (most nodes have few targets, and no string keys to build). */
	byTarget?: Map<string, MutableEdge[]>;
};

type MutableEdge = GraphEdge & {origins: EdgeOrigin[]};

/**
Our own adjacency lists over the graph model. Whole-graph traversals (transitive closure, cycles, ordering) run here, because cytoscape's `successors()` and `tarjanStronglyConnected()` are quadratic on large graphs.
*/
export class AdjacencyIndex {
	readonly #entries = new Map<string, Entry>();
	readonly #edges: MutableEdge[] = [];

	get nodeCount(): number {
		return this.#entries.size;
	}

	get edgeCount(): number {
		return this.#edges.length;
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

		from.byTarget ??= new Map();
		let between = from.byTarget.get(target);
		let existing: MutableEdge | undefined;
		for (const edge of between ?? []) {
			if (edge.kind === kind) {
				existing = edge;
			}
		}

		if (existing) {
			if (origin && !existing.origins.some(known => sameOrigin(known, origin))) {
				existing.origins.push(origin);
			}

			return {edge: existing, created: false};
		}

		const edge: MutableEdge = {id: `e${this.#edges.length}`, source, target, kind, origins: origin ? [origin] : []};
		if (between) {
			between.push(edge);
		} else {
			between = [edge];
			from.byTarget.set(target, between);
		}

		this.#edges.push(edge);
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

	/**
	Every edge in the order added.
	*/
	edges(): GraphEdge[] {
		return [...this.#edges];
	}

	/**
	The edges added from position `start` on (for keeping a copy in step).
	*/
	edgesFrom(start: number): readonly GraphEdge[] {
		return this.#edges.slice(start);
	}

	edge(source: string, target: string, kind: EdgeKind): GraphEdge | undefined {
		return this.#entries.get(source)?.byTarget?.get(target)?.find(edge => edge.kind === kind);
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
