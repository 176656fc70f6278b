import type {InstanceTree, ModuleInstance} from '../../expand/instance-tree.js';
import type {GraphNode} from '../model.js';
import {join, modulePrefix, type GraphStep} from '../step.js';
import {fullProviderName, providerName} from './blocks.js';
import {walkModuleTree} from '../../config/module-tree.js';

/**
The nodes of the instance graph: every module instance and resource instance, the variables, locals and outputs of each module instance, and the provider configurations (which do not expand). A resource whose instances are not known (count or for_each known only after apply) keeps one node with its block address.
*/
export const addInstances: GraphStep = ({graph, input}) => {
	const tree = input.instances;
	if (!tree) {
		return;
	}

	for (const node of walkModuleTree(input.moduleTree)) {
		const prefix = modulePrefix(node);
		for (const provider of node.module.providers) {
			const name = providerName(fullProviderName(node, provider.name), provider.alias);
			graph.addNode({id: join(prefix, name), kind: 'provider', module: prefix, name, range: provider.range});
		}
	}

	for (const {node} of instanceNodes(tree)) {
		graph.addNode(node);
	}
};

/**
A node of the instance graph that expands from a block (every one but the provider configurations), with the module instances its edges are made in.
*/
export type InstanceNode = {
	readonly node: GraphNode & {readonly block: string};
	/** The module instance whose edges include the node's own (for a module instance, its parent). */
	readonly home: ModuleInstance;
	/** The module instance the node is, or is in. */
	readonly base: ModuleInstance;
};

/**
The instance graph's nodes other than provider configurations, module instance by module instance.
*/
export function * instanceNodes(tree: InstanceTree): Generator<InstanceNode> {
	for (const instance of tree.moduleInstances.values()) {
		yield * moduleInstanceNodes(instance);
	}
}

function * moduleInstanceNodes(instance: ModuleInstance): Generator<InstanceNode> {
	const {text, node, parent} = instance;
	const prefix = modulePrefix(node);
	if (parent) {
		const last = text.slice(parent.text === '' ? 0 : parent.text.length + 1);
		yield {node: {id: text, kind: 'module-instance', module: parent.text, name: last, block: prefix, ...(node.call ? {range: node.call.range} : {})}, home: parent, base: instance};
	}

	const own = {home: instance, base: instance};
	const {module} = node;
	for (const variable of module.variables.values()) {
		yield {node: {id: join(text, `var.${variable.name}`), kind: 'variable', module: text, name: `var.${variable.name}`, block: join(prefix, `var.${variable.name}`), range: variable.range}, ...own};
	}

	for (const local of module.locals.values()) {
		yield {node: {id: join(text, `local.${local.name}`), kind: 'local', module: text, name: `local.${local.name}`, block: join(prefix, `local.${local.name}`), range: local.range}, ...own};
	}

	for (const output of module.outputs.values()) {
		yield {node: {id: join(text, `output.${output.name}`), kind: 'output', module: text, name: `output.${output.name}`, block: join(prefix, `output.${output.name}`), range: output.range}, ...own};
	}

	for (const resource of instance.resources) {
		const block = join(prefix, resource.block.key);
		// Made on each read from the syntax tree's offsets: once for all the block's instances.
		const {range} = resource.block;
		if (resource.instances.length === 0) {
			if (resource.expansion.mode === 'unknown') {
				yield {node: {id: resource.text, kind: resource.block.mode === 'managed' ? 'resource' : resource.block.mode, module: text, name: resource.block.key, block, range}, ...own};
			}

			continue;
		}

		for (const resourceInstance of resource.instances) {
			yield {
				node: {
					id: resourceInstance.text, kind: 'resource-instance', module: text, name: resourceInstance.text.slice(text === '' ? 0 : text.length + 1), block, range,
				},
				...own,
			};
		}
	}
}
