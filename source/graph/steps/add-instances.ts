import type {Expansion} from '../../expand/expansion.js';
import type {InstanceTree, ModuleInstance} from '../../expand/instance-tree.js';
import {type InstanceKey, keyValue} from '../../expand/addresses.js';
import type {ModuleNode} from '../../config/module-tree.js';
import type {Range} from '../../hcl/position.js';
import type {GraphNode} from '../model.js';
import {memberId, type MemberKind} from '../member-ids.js';
import {join, modulePrefix, type GraphStep} from '../step.js';
import {fullProviderName, providerInstanceName, providerName} from './blocks.js';
import {walkModuleTree} from '../../config/module-tree.js';

/**
The nodes of the instance graph: every module instance and resource instance, the variables, locals and outputs of each module instance, and the provider configurations (which do not expand). A resource whose instances are not known (count or for_each known only after apply) keeps one node with its block address.
*/
export const addInstances: GraphStep = ({graph, input}) => {
	const tree = input.instances;
	if (!tree) {
		return;
	}

	// A module node's first instance, which says how its providers with for_each expand (statically: the same in every instance).
	const firstInstances = new Map<ModuleNode, ModuleInstance>();
	for (const instance of tree.moduleInstances.values()) {
		if (!firstInstances.has(instance.node)) {
			firstInstances.set(instance.node, instance);
		}
	}

	for (const node of walkModuleTree(input.moduleTree)) {
		const prefix = modulePrefix(node);
		for (const provider of node.module.providers) {
			const name = providerName(fullProviderName(node, provider.name), provider.alias);
			graph.addNode({id: join(prefix, name), kind: 'provider', module: prefix, name, range: provider.range});
			// OpenTofu's provider for_each: one node per provider instance, `provider["…"].by_region["eu"]`.
			const instance = provider.forEach ? firstInstances.get(node) : undefined;
			for (const key of instance ? instance.providerKeys(provider) : []) {
				const keyed = providerInstanceName(name, key);
				graph.addNode({id: join(prefix, keyed), kind: 'provider', module: prefix, name: keyed, range: provider.range});
			}
		}
	}

	forEachInstanceNode(tree, node => {
		graph.addNode(node);
	});
};

/**
A node of the instance graph that expands from a block (every one but the provider configurations), with the module instances its edges are made in: `home`, whose edges include the node's own (for a module instance, its parent), and `base`, the module instance the node is, or is in.
*/
export type VisitInstanceNode = (node: GraphNode & {readonly block: string}, home: ModuleInstance, base: ModuleInstance) => void;

/**
Visits the instance graph's nodes other than provider configurations, module instance by module instance: resource instances of a resource one after the other.
*/
export function forEachInstanceNode(tree: InstanceTree, visit: VisitInstanceNode): void {
	for (const instance of tree.moduleInstances.values()) {
		visitModuleInstanceNodes(instance, visit);
	}
}

/**
What every instance of a module node shares in its nodes: the members' names, block ids and ranges, and each resource block's id and range (ranges are made on each read from the syntax tree's offsets, and these strings would otherwise be made again for every instance).
*/
type NodeParts = {
	readonly members: ReadonlyArray<{readonly kind: MemberKind; readonly key: string; readonly name: string; readonly block: string; readonly range: Range}>;
	readonly resources: ReadonlyMap<string, ResourceParts>;
	/** Each action block's id and range. */
	readonly actions: ReadonlyMap<string, {readonly block: string; readonly range: Range}>;
};

type ResourceParts = {
	readonly block: string;
	readonly range: Range;
	/** The short names of the instances last seen (`aws_subnet.this["a"]`), by position, with the text they were cut from: instances of the same key in other module instances share them. */
	readonly names: string[];
	readonly keys: InstanceKey[];
};

const parts = new WeakMap<ModuleNode, NodeParts>();

function partsOf(node: ModuleNode): NodeParts {
	let known = parts.get(node);
	if (!known) {
		const prefix = modulePrefix(node);
		const {module} = node;
		const members: Array<NodeParts['members'][number]> = [];
		const member = (kind: MemberKind, key: string, range: Range): void => {
			const name = `${kind}.${key}`;
			members.push({kind, key, name, block: join(prefix, name), range});
		};

		for (const variable of module.variables.values()) {
			member('var', variable.name, variable.range);
		}

		for (const local of module.locals.values()) {
			member('local', local.name, local.range);
		}

		for (const output of module.outputs.values()) {
			member('output', output.name, output.range);
		}

		for (const check of module.checks) {
			member('check', check.name, check.range);
		}

		const resources = new Map<string, ResourceParts>();
		for (const resource of module.resources.values()) {
			resources.set(resource.key, {block: join(prefix, resource.key), range: resource.range, names: [], keys: []});
		}

		const actions = new Map<string, {block: string; range: Range}>();
		for (const action of module.actions.values()) {
			actions.set(action.key, {block: join(prefix, action.key), range: action.range});
		}

		known = {members, resources, actions};
		parts.set(node, known);
	}

	return known;
}

function sameKey(first: InstanceKey | undefined, second: InstanceKey): boolean {
	return first !== undefined && first.kind === second.kind && keyValue(first) === keyValue(second);
}


const assumedModules = new WeakMap<ModuleInstance, boolean>();

/**
Whether a module instance exists only under a what-if assumption: its call's count/for_each, or an enclosing one's, comes from an assumed value.
*/
function moduleAssumed(instance: ModuleInstance): boolean {
	const {parent} = instance;
	if (!parent) {
		return false;
	}

	let known = assumedModules.get(instance);
	if (known === undefined) {
		const call = parent.calls.find(each => each.instances.includes(instance));
		known = moduleAssumed(parent) || (call !== undefined && isAssumed(call.expansion));
		assumedModules.set(instance, known);
	}

	return known;
}

function isAssumed(expansion: Expansion): boolean {
	return 'assumed' in expansion && expansion.assumed === true;
}

/**
Visits the nodes one module instance makes: the module instance itself (not the root), its variables, locals, outputs and checks, its resource instances and its action instances.
*/
export function visitModuleInstanceNodes(instance: ModuleInstance, visit: VisitInstanceNode): void {
	const {text, node, parent} = instance;
	const instanceAssumed = moduleAssumed(instance);
	if (parent) {
		const last = text.slice(parent.text === '' ? 0 : parent.text.length + 1);
		visit({id: text, kind: 'module-instance', module: parent.text, name: last, block: modulePrefix(node), ...(node.call ? {range: node.call.range} : {}), ...(instanceAssumed && {assumed: true})}, parent, instance);
	}

	const {members, resources, actions} = partsOf(node);
	for (const {kind, key, name, block, range} of members) {
		visit({id: memberId(instance, kind, key), kind: kind === 'var' ? 'variable' : kind, module: text, name, block, range}, instance, instance);
	}

	for (const resource of instance.resources) {
		const {block, range, names, keys} = resources.get(resource.block.key)!;
		if (resource.instances.length === 0) {
			if (resource.expansion.mode === 'unknown') {
				visit({id: resource.text, kind: resource.block.mode === 'managed' ? 'resource' : resource.block.mode, module: text, name: resource.block.key, block, range}, instance, instance);
			}

			continue;
		}

		// An index loop: entries() made a pair per instance.
		for (let position = 0; position < resource.instances.length; position++) {
			const resourceInstance = resource.instances[position]!;
			const {key} = resourceInstance;
			if (!sameKey(keys[position], key)) {
				names[position] = resourceInstance.text.slice(text === '' ? 0 : text.length + 1);
				keys[position] = key;
			}

			visit({
				id: resourceInstance.text, kind: 'resource-instance', module: text, name: names[position]!, block, range, ...((instanceAssumed || isAssumed(resource.expansion)) && {assumed: true}),
			}, instance, instance);
		}
	}

	// Action instances (Terraform 1.14+): an action whose count/for_each is not known has none.
	for (const action of node.module.actions.size === 0 ? [] : instance.actions) {
		const {block, range} = actions.get(action.block.key)!;
		for (const actionInstance of action.instances) {
			visit({
				id: actionInstance.text, kind: 'action-instance', module: text, name: actionInstance.text.slice(text === '' ? 0 : text.length + 1), block, range, ...((instanceAssumed || isAssumed(action.expansion)) && {assumed: true}),
			}, instance, instance);
		}
	}
}
