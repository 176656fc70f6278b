import {walkModuleTree} from '../../config/module-tree.js';
import {join, modulePrefix, type GraphStep} from '../step.js';
import {resolveBlockTargets} from './blocks.js';
import {moduleReferences} from './module-references.js';

/**
An edge for each reference in any expression of a block (arguments, nested and `dynamic` blocks, `count`/`for_each`, conditions) to the block it names in the same module. A module call's arguments are the child's variables' (connect-module-boundaries).
*/
export const connectReferences: GraphStep = context => {
	const {graph, input} = context;
	for (const node of walkModuleTree(input.moduleTree)) {
		const prefix = modulePrefix(node);
		const references = moduleReferences(node, context);
		// An import into a resource of this module or a child module's: that resource waits for what the import block reads here.
		for (const {path, key, references: read} of references.imports) {
			let child: typeof node | undefined = node;
			for (const name of path) {
				child = child?.children.get(name);
			}

			if (!child?.module.resources.has(key)) {
				continue;
			}

			const source = join(modulePrefix(child), key);
			for (const {target, origin} of read) {
				for (const id of target ? resolveBlockTargets(node, target) : []) {
					graph.addEdge(source, id, 'reference', origin);
				}
			}
		}

		for (const block of references.blocks) {
			const source = join(prefix, block.name);
			const isVariable = block.source.kind === 'member' && block.source.member === 'var';
			for (const {target, origin} of block.references) {
				for (const id of target ? resolveBlockTargets(node, target) : []) {
					// A variable's validation naturally refers to the variable itself.
					if (!(isVariable && id === source)) {
						graph.addEdge(source, id, 'reference', origin);
					}
				}
			}
		}
	}
};
