import {walkModuleTree} from '../../config/module-tree.js';
import {join, modulePrefix, type GraphStep} from '../step.js';
import {interpretTraversal} from '../references.js';
import {walkTraversals} from '../traversals.js';
import {modulesByPath, resolveBlockTarget} from './blocks.js';

/**
Edges across module boundaries: each child variable to what the call's argument for it refers to in the parent (`module-input`), and each module call to its child's outputs (`module-output`), so that depending on a whole module (`depends_on = [module.net]`) depends on what it exports.
*/
export const connectModuleBoundaries: GraphStep = ({graph, input, textOf}) => {
	const nodes = modulesByPath(input.moduleTree);
	for (const child of walkModuleTree(input.moduleTree)) {
		const {call} = child;
		const parent = nodes.get(child.path.slice(0, -1).join('.'));
		if (!call || !parent) {
			continue;
		}

		const childPrefix = modulePrefix(child);
		const callId = join(modulePrefix(parent), `module.${call.name}`);
		for (const argument of call.inputs) {
			const variable = join(childPrefix, `var.${argument.name}`);
			if (!graph.has(variable)) {
				continue;
			}

			walkTraversals(argument.expression, traversal => {
				const target = interpretTraversal(traversal);
				const id = target && resolveBlockTarget(parent, target);
				if (id !== undefined) {
					graph.addEdge(variable, id, 'module-input', {expression: textOf(traversal), range: traversal.range});
				}
			});
		}

		for (const output of child.module.outputs.values()) {
			graph.addEdge(callId, join(childPrefix, `output.${output.name}`), 'module-output', {expression: `module.${call.name}.${output.name}`, range: output.range});
		}
	}
};
