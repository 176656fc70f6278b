import {walkModuleTree} from '../../config/module-tree.js';
import {join, modulePrefix, type GraphStep} from '../step.js';
import {interpretTraversal} from '../references.js';
import {walkBodyReferenceChains, walkReferenceChains, type ReferenceChain} from '../../lang/references.js';
import {blockExpressions, resolveBlockTargets} from './blocks.js';

/**
An edge for each reference in any expression of a block (arguments, nested and `dynamic` blocks, `count`/`for_each`, conditions) to the block it names in the same module. A module call's arguments are the child's variables' (connect-module-boundaries).
*/
export const connectReferences: GraphStep = ({graph, input, textOf}) => {
	for (const node of walkModuleTree(input.moduleTree)) {
		const prefix = modulePrefix(node);
		for (const block of blockExpressions(node)) {
			const source = join(prefix, block.name);
			const isVariable = block.name.startsWith('var.');
			const visit = (traversal: ReferenceChain): void => {
				const target = interpretTraversal(traversal);
				if (!target) {
					return;
				}

				for (const id of resolveBlockTargets(node, target)) {
					// A variable's validation naturally refers to the variable itself.
					if (!(isVariable && id === source)) {
						graph.addEdge(source, id, 'reference', {expression: textOf(traversal), range: traversal.range});
					}
				}
			};

			if (block.body) {
				walkBodyReferenceChains(block.body, visit, block.skip);
			}

			for (const expression of block.expressions ?? []) {
				walkReferenceChains(expression, visit);
			}
		}
	}
};
