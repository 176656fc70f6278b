import {providerConfigurationOf} from './steps/blocks.js';
import type {ModuleInstance} from '../expand/instance-tree.js';
import type {Graph} from './cytoscape.js';
import type {EdgeKind, EdgeOrigin, GraphEdge, GraphNode} from './model.js';
import {compareIds} from './queries.js';
import {modulePrefix, type GraphInput} from './step.js';
import {createInstanceEdgePlans, emitModuleInstanceEdges, type EdgeSink, type InstanceEdgePlans} from './steps/connect-instances.js';
import {visitModuleInstanceNodes} from './steps/add-instances.js';
import type {GraphView} from './draw.js';
import {textOfTraversal} from './text-of.js';
import {sameOrigin} from './origins.js';

/*
The edges of one node of the instance graph without building the instance graph: the block graph says which blocks can make an edge to or from the node's block, and only those blocks' instances, in the module instances that can reach the node, are connected. The cost follows the node's neighbourhood, not the configuration's size; the result is the same as the full instance graph's `incoming` and `outgoing` (the tests compare them on every node of the fixtures).
*/

/**
One edge of an instance-graph node, in the Edges pane's shape: the direction seen from the node, the node at the other end, and the expressions that make the edge (joined with `, `; the edge kind when there are none).
*/
export type InstanceEdge = {
	readonly direction: 'in' | 'out';
	readonly address: string;
	readonly expression: string;
	readonly kind: EdgeKind;
	readonly origins: readonly EdgeOrigin[];
};

type Place = {
	readonly node: GraphNode;
	/** The module instance whose edges include the node's own (for a module instance, its parent). */
	readonly home: ModuleInstance;
	/** The node's block-level id. */
	readonly block: string;
	/** The module instance the node is, or is in. */
	readonly base: ModuleInstance;
};

type Lookup = {
	/** The place of an instance-graph node (not a provider configuration), or undefined when there is no such node. */
	readonly placeOf: (id: string) => Place | undefined;
	readonly plans: InstanceEdgePlans;
};

const lookups = new WeakMap<GraphInput, Lookup>();

function lookupOf(input: GraphInput): Lookup | undefined {
	const tree = input.instances;
	if (!tree) {
		return undefined;
	}

	let lookup = lookups.get(input);
	if (!lookup) {
		// The places of one module instance's nodes, made when one of them is first asked for: a node's edges reach a few module instances, and the places of every node of a large configuration (58,000 at the bench's 4x) took 20 MB and 200 ms to make.
		const placesIn = new Map<ModuleInstance, Map<string, Place>>();
		const placesOf = (instance: ModuleInstance): Map<string, Place> => {
			let places = placesIn.get(instance);
			if (!places) {
				const made = new Map<string, Place>();
				visitModuleInstanceNodes(instance, (node, home, base) => {
					made.set(node.id, {node, home, base, block: node.block});
				});
				places = made;
				placesIn.set(instance, places);
			}

			return places;
		};

		const placeOf = (id: string): Place | undefined => {
			const instance = tree.moduleInstances.get(id) ?? tree.moduleInstances.get(enclosingModuleInstance(id, tree.moduleInstances)) ?? tree.root;
			return placesOf(instance).get(id);
		};

		lookup = {placeOf, plans: createInstanceEdgePlans({input, textOf: textOfTraversal(input)})};
		lookups.set(input, lookup);
	}

	return lookup;
}

/**
The longest beginning of ID, cut at a dot, that is a module instance's address (`''`, the root's, when none is): the module instance a node's address is in. A cut inside a quoted key is never an address, so the longest that is one is the module instance's.
*/
function enclosingModuleInstance(id: string, moduleInstances: ReadonlyMap<string, ModuleInstance>): string {
	for (let dot = id.lastIndexOf('.'); dot > 0; dot = id.lastIndexOf('.', dot - 1)) {
		const prefix = id.slice(0, dot);
		if (moduleInstances.has(prefix)) {
			return prefix;
		}
	}

	return '';
}

/**
The incoming then outgoing edges (each sorted by address, then kind) of a node of the instance graph (a module or resource instance, a module instance's variable, local or output, a provider configuration), or undefined when the instance graph has no such node. `blockGraph` is the configuration's block-level graph (`graphOf(workspace)`), which says where edges can come from.
*/
export function instanceEdgesOf(input: GraphInput, blockGraph: Graph, address: string, direction?: 'in' | 'out'): InstanceEdge[] | undefined {
	const lookup = lookupOf(input);
	const tree = input.instances;
	if (!lookup || !tree) {
		return undefined;
	}

	const {placeOf, plans} = lookup;
	const place = placeOf(address);
	// An instance of a provider configuration with for_each (OpenTofu) has the configuration's edges, those to it ending at it.
	const configuration = place ? undefined : providerConfigurationOf(address);
	const provider = place ? undefined : blockGraph.node(configuration ?? address);
	if (!place && provider?.kind !== 'provider') {
		return undefined;
	}

	const exists = (id: string): boolean => placeOf(id) !== undefined || blockGraph.node(providerConfigurationOf(id) ?? id)?.kind === 'provider';
	const incoming = new Collector('in');
	const outgoing = new Collector('out');
	const collect: EdgeSink = {
		edge(source, target, kind, origin) {
			if (target === address && exists(source)) {
				incoming.add(source, kind, origin);
			}

			if (source === address && exists(target)) {
				outgoing.add(target, kind, origin);
			}
		},
		// A reference to every instance of a block, from each instance of another (20,000 × 20,000 with `[*]`): only the lists holding the node matter, found by a set made once per list.
		edges(sources, targets, kind, origin) {
			if (contains(targets, address)) {
				for (const source of sources) {
					collect.edge(source, address, kind, origin);
				}
			}

			if (contains(sources, address)) {
				for (const target of targets) {
					collect.edge(address, target, kind, origin);
				}
			}
		},
	};

	const blockId = place?.block ?? configuration ?? address;
	// Dependents of the block, and the module instances whose edges can reach the node: those of the dependents' modules (or their parents', for a child module's variables) that contain the node.
	const dependents = new Set(blockGraph.incoming(blockId).map(edge => edge.source));
	const prefixes = new Set<string>();
	for (const dependent of dependents) {
		const module = blockGraph.node(dependent)?.module ?? '';
		prefixes.add(module);
		prefixes.add(parentPrefix(module));
	}

	const candidates: ModuleInstance[] = [];
	if (place) {
		for (let current: ModuleInstance | undefined = place.base; current; current = current.parent) {
			candidates.push(current);
		}
	} else {
		candidates.push(...tree.moduleInstances.values());
	}

	const onlyDependents = (id: string): boolean => dependents.has(id);
	for (const instance of direction === 'out' ? [] : candidates) {
		if (prefixes.has(modulePrefix(instance.node))) {
			// Only provider edges end at a provider configuration.
			emitModuleInstanceEdges(plans, instance, blockGraph, collect, onlyDependents, !place);
		}
	}

	const onlyOwn = (id: string): boolean => id === blockId;
	const collectOwn: EdgeSink = configuration === undefined ? collect : {
		// The configuration's own edges (its arguments' references), as its instance's.
		edge(source, target, kind, origin) {
			collect.edge(source === configuration ? address : source, target, kind, origin);
		},
	};
	if (direction === 'in') {
		// Only the incoming edges were asked for.
	} else if (place) {
		emitModuleInstanceEdges(plans, place.home, blockGraph, collect, onlyOwn);
		// A child module's variables get their values in the parent module instance.
		if (place.home.parent && place.home === place.base && blockId.slice(modulePrefix(place.home.node).length).startsWith('.var.')) {
			emitModuleInstanceEdges(plans, place.home.parent, blockGraph, collect, onlyOwn);
		}

		// A resource imported by an `import` block of an ancestor module (the root) has that block's edges, made there.
		for (let ancestor = place.home.parent; ancestor; ancestor = ancestor.parent) {
			if (plans.plan(ancestor.node).imports.length > 0) {
				emitModuleInstanceEdges(plans, ancestor, blockGraph, collect, onlyOwn);
			}
		}
	} else {
		// A provider configuration does not expand, but its arguments are read in every instance of its module.
		for (const instance of tree.moduleInstances.values()) {
			if (modulePrefix(instance.node) === provider!.module) {
				emitModuleInstanceEdges(plans, instance, blockGraph, collectOwn, onlyOwn);
			}
		}
	}

	return [...incoming.edges(), ...outgoing.edges()];
}

const listSets = new WeakMap<readonly string[], ReadonlySet<string>>();

/**
Whether a list of ids the edge plans give (the same lists again and again, never changed) holds `id`: a short list is scanned, a long one looked up in a set made once.
*/
function contains(ids: readonly string[], id: string): boolean {
	if (ids.length <= 8) {
		return ids.includes(id);
	}

	let set = listSets.get(ids);
	if (!set) {
		set = new Set(ids);
		listSets.set(ids, set);
	}

	return set.has(id);
}

/**
`module.a.module.b` → `module.a`; `module.a` → `''`.
*/
function parentPrefix(prefix: string): string {
	const position = prefix.lastIndexOf('.module.');
	return position === -1 ? '' : prefix.slice(0, position);
}

class Collector {
	readonly #direction: 'in' | 'out';
	readonly #byKey = new Map<string, {address: string; kind: EdgeKind; origins: EdgeOrigin[]}>();

	constructor(direction: 'in' | 'out') {
		this.#direction = direction;
	}

	add(address: string, kind: EdgeKind, origin: EdgeOrigin): void {
		const key = `${kind}\u0000${address}`;
		const known = this.#byKey.get(key);
		if (!known) {
			this.#byKey.set(key, {address, kind, origins: [origin]});
		} else if (!known.origins.some(other => sameOrigin(other, origin))) {
			known.origins.push(origin);
		}
	}

	edges(): InstanceEdge[] {
		return [...this.#byKey.values()].sort((first, second) => compareIds(first.address, second.address) || compareIds(first.kind, second.kind)).map(({address, kind, origins}) => {
			const expressions = [...new Set(origins.map(origin => origin.expression))];
			return {direction: this.#direction, address, kind, origins, expression: expressions.length === 0 ? kind : expressions.join(', ')};
		});
	}
}

/**
The instance graph as a view for drawing (`drawNeighbourhood`): each node's edges are found when first asked for, with `instanceEdgesOf`, and kept.
*/
export function instanceGraphView(input: GraphInput, blockGraph: Graph): GraphView {
	const lookup = lookupOf(input);
	const outgoing = new Map<string, readonly GraphEdge[]>();
	const incoming = new Map<string, readonly GraphEdge[]>();
	const edgesOf = (id: string, direction: 'in' | 'out'): readonly GraphEdge[] => {
		const cache = direction === 'in' ? incoming : outgoing;
		let edges = cache.get(id);
		if (!edges) {
			edges = (instanceEdgesOf(input, blockGraph, id, direction) ?? []).map(edge => ({
				id: `${direction === 'in' ? edge.address : id}\u0000${direction === 'in' ? id : edge.address}\u0000${edge.kind}`,
				source: direction === 'in' ? edge.address : id,
				target: direction === 'in' ? id : edge.address,
				kind: edge.kind,
				origins: edge.origins,
			}));
			cache.set(id, edges);
		}

		return edges;
	};

	const node = (id: string): GraphNode | undefined => {
		const found = lookup?.placeOf(id)?.node;
		if (found) {
			return found;
		}

		const provider = blockGraph.node(id);
		return lookup && provider?.kind === 'provider' ? provider : undefined;
	};

	return {
		has: id => node(id) !== undefined,
		node,
		outgoing: id => edgesOf(id, 'out'),
		incoming: id => edgesOf(id, 'in'),
	};
}
