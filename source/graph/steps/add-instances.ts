import type {ModuleInstance} from '../../expand/instance-tree.js';
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

	for (const instance of tree.moduleInstances.values()) {
		addModuleInstance(graph, instance);
	}
};

function addModuleInstance(graph: Parameters<GraphStep>[0]['graph'], instance: ModuleInstance): void {
	const {text, node} = instance;
	const prefix = modulePrefix(node);
	if (instance.parent) {
		const last = text.slice(instance.parent.text === '' ? 0 : instance.parent.text.length + 1);
		graph.addNode({id: text, kind: 'module-instance', module: instance.parent.text, name: last, block: prefix, ...(node.call ? {range: node.call.range} : {})});
	}

	const {module} = node;
	for (const variable of module.variables.values()) {
		graph.addNode({id: join(text, `var.${variable.name}`), kind: 'variable', module: text, name: `var.${variable.name}`, block: join(prefix, `var.${variable.name}`), range: variable.range});
	}

	for (const local of module.locals.values()) {
		graph.addNode({id: join(text, `local.${local.name}`), kind: 'local', module: text, name: `local.${local.name}`, block: join(prefix, `local.${local.name}`), range: local.range});
	}

	for (const output of module.outputs.values()) {
		graph.addNode({id: join(text, `output.${output.name}`), kind: 'output', module: text, name: `output.${output.name}`, block: join(prefix, `output.${output.name}`), range: output.range});
	}

	for (const resource of instance.resources) {
		const block = join(prefix, resource.block.key);
		// Made on each read from the syntax tree's offsets: once for all the block's instances.
		const {range} = resource.block;
		if (resource.instances.length === 0) {
			if (resource.expansion.mode === 'unknown') {
				graph.addNode({id: resource.text, kind: resource.block.mode === 'managed' ? 'resource' : resource.block.mode, module: text, name: resource.block.key, block, range});
			}

			continue;
		}

		for (const resourceInstance of resource.instances) {
			graph.addNode({
				id: resourceInstance.text, kind: 'resource-instance', module: text, name: resourceInstance.text.slice(text === '' ? 0 : text.length + 1), block, range,
			});
		}
	}
}
