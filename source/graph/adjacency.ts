import {EdgeColumns} from './columns.js';
import {sameOrigin} from './origins.js';
import {edgeKinds, type EdgeKind, type EdgeOrigin, type GraphEdge, type GraphNode} from './model.js';

const kindCodes = new Map<EdgeKind, number>(edgeKinds.map((kind, code) => [kind, code]));
/** The kind code settling gives an edge merged into an earlier one, until it is dropped. */
const removedKind = 255;
const noIds: readonly string[] = Object.freeze([]);
const noEdges: readonly GraphEdge[] = Object.freeze([]);
const noOrigins: readonly EdgeOrigin[] = Object.freeze([]);

/**
Our own adjacency lists over the graph model. Whole-graph traversals (transitive closure, cycles, ordering) run here, because cytoscape's `successors()` and `tarjanStronglyConnected()` are quadratic on large graphs.

The instance graph of a large configuration has hundreds of thousands of edges, so edges are numbers in chunked columns (source and target node positions, kind, origin), repeated edges are merged in one pass when the edges are next read, and the edge objects of the model are made only when asked for (and then kept, so an edge is always the same object). An edge's origin is a code: 0 for none, `n > 0` for the origin `origins[n - 1]` (origins are shared by many edges, so each is stored once per run of edges that share it), `-n` for the list `originLists[n - 1]` (several origins, or an edge whose object is made, whose origins array is that list). The per-node lists of each direction are built in one pass when that direction is first asked for after a change.
*/
/**
The most edges a graph holds: 2 Mi (32 MB of columns; the largest benchmark configuration, 4x, has 630,000). Past it edges are left out and `truncated` says so: two blocks of 20,000 instances, each instance of one referring to every instance of the other (`[*]`), would make 400 million (6 GB), which no output could show anyway.
*/
export const maximumEdges = 2 * 1024 * 1024;

export class AdjacencyIndex {
	/**
	True once an edge was left out because the graph reached `maximumEdges`.
	*/
	truncated = false;
	/**
	The first edge left out (its dependent, dependency and origin), once `truncated`: where the graph outgrew the limit.
	*/
	firstLeftOut: {readonly source: string; readonly target: string; readonly origin?: EdgeOrigin} | undefined;
	readonly #nodes: GraphNode[] = [];
	readonly #positions = new Map<string, number>();
	readonly #edges = new EdgeColumns();
	readonly #origins: EdgeOrigin[] = [];
	readonly #originLists: EdgeOrigin[][] = [];
	#edgeCount = 0;
	/** Edges before this position are merged: no two of the same kind between the same nodes. */
	#settled = 0;
	readonly #made = new Map<number, GraphEdge>();
	#outgoing: Grouped | undefined;
	#incoming: Grouped | undefined;
	/** The edges grouped by source from the last merge that removed none, for the outgoing lists. */
	#bySource: Grouped | undefined;
	// The last ids looked up by addEdge: a build adds runs of edges from one node or to one node.
	#lastSource: string | undefined;
	#lastFrom = 0;
	#lastTarget: string | undefined;
	#lastTo = 0;
	/** The positions of the lists addEdges got (-1 for an id that is not a node), until a node is added or the edges are settled. */
	#listPositions = new WeakMap<readonly string[], Int32Array>();
	/** Whether `#listPositions` holds anything: a new one is made only then (a build adds tens of thousands of nodes, and made one per node: 7 MB of garbage at 4x). */
	#listPositionsUsed = false;
	readonly #oneSource = new Int32Array(1);
	readonly #oneTarget = new Int32Array(1);

	get nodeCount(): number {
		return this.#nodes.length;
	}

	get edgeCount(): number {
		this.settle();
		return this.#edgeCount;
	}

	/**
	Adds a node; returns false (and keeps the first) when the id exists.
	*/
	addNode(node: GraphNode): boolean {
		if (this.#positions.has(node.id)) {
			return false;
		}

		this.#positions.set(node.id, this.#nodes.length);
		this.#nodes.push(node);
		// A list looked up before may name this node.
		if (this.#listPositionsUsed) {
			this.#listPositions = new WeakMap();
			this.#listPositionsUsed = false;
		}

		this.#outgoing = undefined;
		this.#incoming = undefined;
		this.#bySource = undefined;
		return true;
	}

	/**
	Adds an edge, or adds the origin to the existing edge of the same kind between the same nodes (merged when the edges are next read). Returns false when a node is missing.
	*/
	addEdge(source: string, target: string, kind: EdgeKind, origin?: EdgeOrigin): boolean {
		const from = source === this.#lastSource ? this.#lastFrom : this.#positions.get(source);
		const to = target === this.#lastTarget ? this.#lastTo : this.#positions.get(target);
		if (from === undefined || to === undefined) {
			return false;
		}

		if (this.#edgeCount >= maximumEdges) {
			this.#leaveOut(source, target, origin);
			return true;
		}

		this.#lastSource = source;
		this.#lastFrom = from;
		this.#lastTarget = target;
		this.#lastTo = to;
		this.#edges.push(from, to, kindCodes.get(kind)!, origin === undefined ? 0 : this.#originCode(origin));
		this.#edgeCount++;
		return true;
	}

	/**
	Adds an edge of one kind and origin from each of `sources` to each of `targets` that are nodes, source by source (as `addEdge` each). A build gives the same lists many times: a list's ids are looked up once, so a list must not change once given.
	*/
	addEdges(sources: readonly string[], targets: readonly string[], kind: EdgeKind, origin?: EdgeOrigin): void {
		const froms = this.#positionsOf(sources, this.#oneSource);
		const tos = this.#positionsOf(targets, this.#oneTarget);
		const code = kindCodes.get(kind)!;
		const originCode = origin === undefined ? 0 : this.#originCode(origin);
		for (let source = 0; source < froms.length; source++) {
			if (this.#edgeCount + tos.length > maximumEdges) {
				this.#leaveOut(sources[source]!, targets[0]!, origin);
				return;
			}

			const from = froms[source]!;
			for (let target = 0; target < tos.length && from !== -1; target++) {
				const to = tos[target]!;
				if (to !== -1) {
					this.#edges.push(from, to, code, originCode);
					this.#edgeCount++;
				}
			}
		}
	}

	#leaveOut(source: string, target: string, origin: EdgeOrigin | undefined): void {
		if (!this.truncated) {
			this.truncated = true;
			this.firstLeftOut = {source, target, origin};
		}
	}

	// A list of one id is looked up each time (into `one`): most are made for one call.
	#positionsOf(ids: readonly string[], one: Int32Array): Int32Array {
		if (ids.length === 1) {
			one[0] = this.#positions.get(ids[0]!) ?? -1;
			return one;
		}

		let positions = this.#listPositions.get(ids);
		if (!positions) {
			positions = new Int32Array(ids.length);
			for (let at = 0; at < ids.length; at++) {
				positions[at] = this.#positions.get(ids[at]!) ?? -1;
			}

			this.#listPositions.set(ids, positions);
			this.#listPositionsUsed = true;
		}

		return positions;
	}

	has(id: string): boolean {
		return this.#positions.has(id);
	}

	node(id: string): GraphNode | undefined {
		const position = this.#positions.get(id);
		return position === undefined ? undefined : this.#nodes[position];
	}

	nodes(): GraphNode[] {
		return [...this.#nodes];
	}

	* ids(): IterableIterator<string> {
		for (const node of this.#nodes) {
			yield node.id;
		}
	}

	/**
	Every edge in the order added.
	*/
	edges(): GraphEdge[] {
		return this.edgesFrom(0);
	}

	/**
	The edges added from position `start` on (for keeping a copy in step).
	*/
	edgesFrom(start: number): GraphEdge[] {
		this.settle();
		const edges: GraphEdge[] = [];
		for (let edge = start; edge < this.#edgeCount; edge++) {
			edges.push(this.#edge(edge));
		}

		return edges;
	}

	edge(source: string, target: string, kind: EdgeKind): GraphEdge | undefined {
		return this.outgoing(source).find(edge => edge.target === target && edge.kind === kind);
	}

	/**
	Edges to the dependencies of a node.
	*/
	outgoing(id: string): readonly GraphEdge[] {
		return this.#edgesOf(id, 'out');
	}

	/**
	Edges to the dependencies of a node, made for one reading and not kept (the edge objects `outgoing` made are reused), with the origins they have now: an export of the whole instance graph then holds one node's edges at a time, not an object and an origins list per edge for as long as the graph lives.
	*/
	outgoingOnce(id: string): readonly GraphEdge[] {
		return this.#edgesOf(id, 'out', edge => this.#made.get(edge) ?? this.#edgeObject(edge, this.#originsOf(edge)));
	}

	/**
	Edges from the dependents of a node.
	*/
	incoming(id: string): readonly GraphEdge[] {
		return this.#edgesOf(id, 'in');
	}

	/**
	The ids of a node's dependencies, one per outgoing edge in the order of `outgoing` (without making edge objects, for traversals).
	*/
	targets(id: string): readonly string[] {
		return this.#endsOf(id, 'out');
	}

	/**
	The ids of a node's dependents, one per incoming edge in the order of `incoming`.
	*/
	sources(id: string): readonly string[] {
		return this.#endsOf(id, 'in');
	}

	/**
	How many edges of each kind.
	*/
	countKinds(): Map<EdgeKind, number> {
		this.settle();
		const counts = new Map<EdgeKind, number>();
		for (let edge = 0; edge < this.#edgeCount; edge++) {
			const kind = edgeKinds[this.#edges.kind(edge)]!;
			counts.set(kind, (counts.get(kind) ?? 0) + 1);
		}

		return counts;
	}

	#edgesOf(id: string, direction: 'in' | 'out', make: (edge: number) => GraphEdge = edge => this.#edge(edge)): readonly GraphEdge[] {
		const position = this.#positions.get(id);
		if (position === undefined) {
			return noEdges;
		}

		const {starts, edges} = this.#listsNow(direction);
		const result: GraphEdge[] = [];
		for (let at = starts[position]!; at < starts[position + 1]!; at++) {
			result.push(make(edges[at]!));
		}

		return result;
	}

	#endsOf(id: string, direction: 'in' | 'out'): readonly string[] {
		const position = this.#positions.get(id);
		if (position === undefined) {
			return noIds;
		}

		const {starts, edges} = this.#listsNow(direction);
		const result: string[] = [];
		for (let at = starts[position]!; at < starts[position + 1]!; at++) {
			const edge = edges[at]!;
			result.push(this.#nodes[direction === 'out' ? this.#edges.target(edge) : this.#edges.source(edge)]!.id);
		}

		return result;
	}

	#edge(edge: number): GraphEdge {
		let made = this.#made.get(edge);
		if (!made) {
			// The edge object shares its origins list with the index, so origins added later show in it.
			made = this.#edgeObject(edge, this.#listOf(edge));
			this.#made.set(edge, made);
		}

		return made;
	}

	#edgeObject(edge: number, origins: readonly EdgeOrigin[]): GraphEdge {
		return {
			id: `e${edge}`, source: this.#nodes[this.#edges.source(edge)]!.id, target: this.#nodes[this.#edges.target(edge)]!.id, kind: edgeKinds[this.#edges.kind(edge)]!, origins,
		};
	}

	/**
	The code of an origin added now: the last origin stored when it is the same object.
	*/
	#originCode(origin: EdgeOrigin): number {
		if (this.#origins.at(-1) !== origin) {
			this.#origins.push(origin);
		}

		return this.#origins.length;
	}

	#originsOf(edge: number): readonly EdgeOrigin[] {
		const code = this.#edges.origin(edge);
		return code === 0 ? noOrigins : (code > 0 ? [this.#origins[code - 1]!] : this.#originLists[-code - 1]!);
	}

	/**
	The edge's origins as a list of its own, stored as such from now on.
	*/
	#listOf(edge: number): EdgeOrigin[] {
		const code = this.#edges.origin(edge);
		if (code < 0) {
			return this.#originLists[-code - 1]!;
		}

		const list = code === 0 ? [] : [this.#origins[code - 1]!];
		this.#originLists.push(list);
		this.#edges.setOrigin(edge, -this.#originLists.length);
		return list;
	}

	#addOrigin(edge: number, origin: EdgeOrigin): void {
		const code = this.#edges.origin(edge);
		if (code === 0) {
			this.#edges.setOrigin(edge, this.#originCode(origin));
			return;
		}

		if (code > 0) {
			const first = this.#origins[code - 1]!;
			if (sameOrigin(first, origin)) {
				return;
			}

			// Two origins in a list of two: a one-element list grown by a push gets room for 17 (136 bytes), and most merged edges have two origins (tens of thousands in the 4x instance graph).
			this.#originLists.push([first, origin]);
			this.#edges.setOrigin(edge, -this.#originLists.length);
			return;
		}

		const origins = this.#listOf(edge);
		if (!origins.some(known => sameOrigin(known, origin))) {
			origins.push(origin);
		}
	}

	/**
	Merges repeated edges (same source, target and kind) into the first, with every origin: a pass over the edges grouped by source, with a stamp per (target, kind). Reading edges does it when needed; a build calls it at its end so that its cost is the build's.
	*/
	settle(): void {
		if (this.#settled === this.#edgeCount) {
			return;
		}

		const nodeCount = this.#nodes.length;
		const edgeCount = this.#edgeCount;
		const kindCount = edgeKinds.length;
		const bySource = group(this.#edges, 'source', nodeCount, edgeCount);
		const {starts, edges} = bySource;
		// Per (target, kind): the first edge to it from the source at hand, plus one (0 for none); an edge of an earlier source there is a stale entry. A repeated edge is marked by its kind (`removed`), not in a list of its own: what settling the 4x instance graph allocates at its end, where the heap is largest, is 2 MB less.
		const firsts = new Int32Array(nodeCount * kindCount);
		let removed = 0;
		for (let source = 0; source < nodeCount; source++) {
			for (let at = starts[source]!; at < starts[source + 1]!; at++) {
				const edge = edges[at]!;
				const slot = (this.#edges.target(edge) * kindCount) + this.#edges.kind(edge);
				const first = firsts[slot]! - 1;
				if (first !== -1 && this.#edges.source(first) === source) {
					for (const origin of this.#originsOf(edge)) {
						this.#addOrigin(first, origin);
					}

					this.#edges.setKind(edge, removedKind);
					removed++;
				} else {
					firsts[slot] = edge + 1;
				}
			}
		}

		if (removed > 0) {
			// Merged edges are always later than the edge they merge into, so settled edges keep their positions.
			let to = this.#settled;
			for (let edge = this.#settled; edge < edgeCount; edge++) {
				if (this.#edges.kind(edge) !== removedKind) {
					this.#edges.move(edge, to);
					to++;
				}
			}

			this.#edges.truncate(to);

			this.#edgeCount = to;
		}

		this.#settled = this.#edgeCount;
		this.#listPositions = new WeakMap();
		this.#listPositionsUsed = false;
		this.#outgoing = undefined;
		this.#incoming = undefined;
		this.#bySource = removed === 0 ? bySource : undefined;
	}

	// One direction's lists in compressed form (each node's edges contiguous, in the order added): one counting pass, made when that direction is first read and again only after a change. A graph asked only for dependents (a blast radius) never holds the other direction's (2.7 MB for the 4x instance graph).
	#listsNow(direction: 'in' | 'out'): Grouped {
		this.settle();
		if (direction === 'out') {
			this.#outgoing ??= this.#bySource ?? group(this.#edges, 'source', this.#nodes.length, this.#edgeCount);
			this.#bySource = undefined;
			return this.#outgoing;
		}

		this.#incoming ??= group(this.#edges, 'target', this.#nodes.length, this.#edgeCount);
		return this.#incoming;
	}
}

/**
Edge positions grouped by one end (a counting sort, stable): node `n`'s edges are `edges[starts[n]]` up to `edges[starts[n + 1]]`.
*/
type Grouped = {readonly starts: Int32Array; readonly edges: Int32Array};

function group(columns: EdgeColumns, by: 'source' | 'target', nodeCount: number, edgeCount: number): Grouped {
	const end = (edge: number): number => by === 'source' ? columns.source(edge) : columns.target(edge);
	const starts = new Int32Array(nodeCount + 1);
	for (let edge = 0; edge < edgeCount; edge++) {
		starts[end(edge) + 1]! += 1;
	}

	for (let position = 0; position < nodeCount; position++) {
		starts[position + 1]! += starts[position]!;
	}

	const next = starts.slice(0, nodeCount);
	const edges = new Int32Array(edgeCount);
	for (let edge = 0; edge < edgeCount; edge++) {
		edges[next[end(edge)]!++] = edge;
	}

	return {starts, edges};
}
