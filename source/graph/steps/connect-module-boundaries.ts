import {walkModuleTree} from '../../config/module-tree.js';
import {join, modulePrefix, type GraphStep} from '../step.js';
import {modulesByPath, resolveBlockTargets} from './blocks.js';
import {moduleReferences} from './module-references.js';

/**
Edges across module boundaries: each child variable to what the call's argument for it refers to in the parent (`module-input`), and every block of the child to the call (`module-expansion`), as Terraform makes every node of a module wait for the module's expansion. References out of the module go to its output nodes (connect-references).
*/
export const connectModuleBoundaries: GraphStep = context => {
	const {graph, input} = context;
	const nodes = modulesByPath(input.moduleTree);
	for (const child of walkModuleTree(input.moduleTree)) {
		const {call} = child;
		const parent = nodes.get(child.path.slice(0, -1).join('.'));
		if (!call || !parent) {
			continue;
		}

		const childPrefix = modulePrefix(child);
		const callId = join(modulePrefix(parent), `module.${call.name}`);
		const unresolved = child.source.kind === 'unresolved';
		for (const argument of moduleReferences(parent, context).inputs.get(call.name) ?? []) {
			// A module that is not installed has no variables: the call keeps the edges of its arguments.
			const variable = unresolved ? callId : join(childPrefix, `var.${argument.name}`);
			if (!graph.has(variable)) {
				continue;
			}

			for (const {target, origin} of argument.references) {
				for (const id of target ? resolveBlockTargets(parent, target) : []) {
					graph.addEdge(variable, id, 'module-input', origin);
				}
			}
		}

		const {expansion} = moduleReferences(child, context);
		const {module} = child;
		for (const name of [
			...[...module.variables.keys()].map(key => `var.${key}`),
			...[...module.locals.keys()].map(key => `local.${key}`),
			...[...module.outputs.keys()].map(key => `output.${key}`),
			...module.resources.keys(),
			...module.checks.map(check => `check.${check.name}`),
			...module.actions.keys(),
			...[...module.moduleCalls.keys()].map(key => `module.${key}`),
		]) {
			graph.addEdge(join(childPrefix, name), callId, 'module-expansion', expansion!);
		}
	}
};
