import {walkModuleTree} from '../../config/module-tree.js';
import {join, modulePrefix, type GraphStep} from '../step.js';
import {fullProviderName, providerName} from './blocks.js';

/**
A node for every block of every module: variables, locals, outputs, resources, data sources (those scoped in a check too), module calls, check blocks, actions (Terraform 1.14+) and provider configurations.
*/
export const addBlocks: GraphStep = ({graph, input}) => {
	for (const node of walkModuleTree(input.moduleTree)) {
		const prefix = modulePrefix(node);
		const {module} = node;
		const add = (name: string, kind: Parameters<typeof graph.addNode>[0]['kind'], range: Parameters<typeof graph.addNode>[0]['range']): void => {
			graph.addNode({id: join(prefix, name), kind, module: prefix, name, ...(range ? {range} : {})});
		};

		for (const variable of module.variables.values()) {
			add(`var.${variable.name}`, 'variable', variable.range);
		}

		for (const local of module.locals.values()) {
			add(`local.${local.name}`, 'local', local.range);
		}

		for (const output of module.outputs.values()) {
			add(`output.${output.name}`, 'output', output.range);
		}

		for (const resource of module.resources.values()) {
			add(resource.key, resource.mode === 'managed' ? 'resource' : resource.mode, resource.range);
		}

		for (const call of module.moduleCalls.values()) {
			add(`module.${call.name}`, 'module', call.range);
		}

		for (const check of module.checks) {
			add(`check.${check.name}`, 'check', check.range);
		}

		for (const action of module.actions.values()) {
			add(action.key, 'action', action.range);
		}

		for (const provider of module.providers) {
			add(providerName(fullProviderName(node, provider.name), provider.alias), 'provider', provider.range);
		}
	}
};
