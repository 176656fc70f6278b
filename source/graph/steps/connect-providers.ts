import type {ModuleNode} from '../../config/module-tree.js';
import {walkModuleTree} from '../../config/module-tree.js';
import type {ActionBlock, ResourceBlock} from '../../config/module.js';
import {join, modulePrefix, type GraphStep} from '../step.js';
import type {Graph} from '../cytoscape.js';
import type {EdgeOrigin} from '../model.js';
import {PlacedOrigin} from '../origins.js';
import {fullProviderName, modulesByPath, providerName} from './blocks.js';

/**
Edges from resources and data sources to the provider configurations they use: an explicit `provider = aws.west`, or the default configuration implied by the resource type's prefix, found in the module, passed down by a parent's `providers = {}`, or inherited from the parent (default configurations only, and only when the call has no `providers`). When no module configures it, an implied empty configuration at the root, as Terraform adds. A module call's `providers = {}` is no edge of the call, as in Terraform's plan graph: only the resources inside that use a passed configuration wait for it.
*/
export const connectProviders: GraphStep = ({graph, input}) => {
	const nodes = modulesByPath(input.moduleTree);
	for (const node of walkModuleTree(input.moduleTree)) {
		const prefix = modulePrefix(node);
		for (const resource of node.module.resources.values()) {
			const target = providerFor(graph, nodes, node, resource);
			if (target) {
				graph.addEdge(join(prefix, resource.key), target.id, 'provider', target.origin);
			}
		}

		// An action is run by its provider (NodeActionConfig is a GraphNodeProviderConsumer, node_action.go at v1.16).
		for (const action of node.module.actions.values()) {
			const target = providerFor(graph, nodes, node, action);
			if (target) {
				graph.addEdge(join(prefix, action.key), target.id, 'provider', target.origin);
			}
		}
	}
};

/**
What says which provider configuration a block uses: a resource, data source or action.
*/
type ProviderConsumer = Pick<ResourceBlock | ActionBlock, 'provider' | 'type' | 'block' | 'range'>;

/**
Where provider configurations are looked up: a graph, which gets the root's implied configuration when it is missing.
*/
export type ProviderNodes = Pick<Graph, 'has' | 'addNode'>;

/**
The provider node a resource uses and the expression that says so.
*/
export function providerFor(graph: ProviderNodes, nodes: ReadonlyMap<string, ModuleNode>, node: ModuleNode, resource: ProviderConsumer): {id: string; origin: EdgeOrigin} | undefined {
	const explicit = resource.provider;
	const localName = explicit?.name ?? resource.type.split('_')[0]!;
	const id = resolveProvider(graph, nodes, node, localName, explicit?.alias);
	if (id === undefined) {
		return undefined;
	}

	return {id, origin: providerOrigin(resource)};
}

/**
The expression that says which provider configuration a resource uses (its `provider` argument, or its type), one per resource for every edge and graph, its range worked out when first read.
*/
function providerOrigin(resource: ProviderConsumer): EdgeOrigin {
	let origin = providerOrigins.get(resource);
	if (!origin) {
		const explicit = resource.provider;
		origin = explicit
			? new PlacedOrigin(explicit.alias === undefined ? explicit.name : `${explicit.name}.${explicit.alias}`, () => explicit.range)
			: new PlacedOrigin(resource.type, () => resource.block.labelRanges[0] ?? resource.range);
		providerOrigins.set(resource, origin);
	}

	return origin;
}

const providerOrigins = new WeakMap<ProviderConsumer, EdgeOrigin>();

/**
The id of the provider configuration that `localName` (with `alias`) means in module `node`, adding the root's implied configuration when needed; undefined for an alias nobody configures.
*/
export function resolveProvider(graph: ProviderNodes, nodes: ReadonlyMap<string, ModuleNode>, start: ModuleNode, startName: string, startAlias: string | undefined): string | undefined {
	let node = start;
	let fullName = fullProviderName(node, startName);
	let alias = startAlias;
	for (;;) {
		const configured = node.module.providers.find(provider => provider.alias === alias && fullProviderName(node, provider.name) === fullName);
		if (configured) {
			return join(modulePrefix(node), providerName(fullName, alias));
		}

		const parent = node.call ? nodes.get(node.path.slice(0, -1).join('.')) : undefined;
		if (!node.call || !parent) {
			break;
		}

		if (node.call.providers.length > 0) {
			const child = node;
			const passed = node.call.providers.find(entry => entry.child.alias === alias && fullProviderName(child, entry.child.name) === fullName);
			if (!passed) {
				break;
			}

			node = parent;
			alias = passed.parent.alias;
			fullName = fullProviderName(parent, passed.parent.name);
			continue;
		}

		if (alias !== undefined) {
			break;
		}

		node = parent;
	}

	if (alias !== undefined) {
		return undefined;
	}

	const id = providerName(fullName);
	if (!graph.has(id)) {
		graph.addNode({id, kind: 'provider', module: '', name: id});
	}

	return id;
}
