import type {ModuleNode} from '../config/module-tree.js';
import type {InstanceTree} from '../expand/instance-tree.js';
import type {Range} from '../hcl/position.js';
import {createGraph, type Graph} from './cytoscape.js';
import {addBlocks} from './steps/add-blocks.js';
import {addInstances} from './steps/add-instances.js';
import {connectDependsOn} from './steps/connect-depends-on.js';
import {connectInstances} from './steps/connect-instances.js';
import {connectModuleBoundaries} from './steps/connect-module-boundaries.js';
import {connectProviders} from './steps/connect-providers.js';
import {connectReferences} from './steps/connect-references.js';
import type {Traversal} from './traversals.js';

/**
What the graph is built from: the parts of a Workspace it reads.
*/
export type GraphInput = {
	readonly moduleTree: ModuleNode;
	readonly instances?: InstanceTree;
	/** File texts, so edges can quote the expressions that make them. */
	readonly sources?: ReadonlyMap<string, string>;
};

export type BuildContext = {
	readonly graph: Graph;
	readonly input: GraphInput;
	/** The source text of a traversal (falls back to a rebuilt spelling when the file text is missing). */
	readonly textOf: (traversal: Traversal) => string;
	readonly sourceOf: (range: Range) => string | undefined;
};

/**
One step of the build, after Terraform's graph transformers: each adds nodes or edges to the graph.
*/
export type GraphStep = (context: BuildContext) => void;

/**
The block-level graph: one node per block of every module (resources, data sources, module calls, variables, locals, outputs, provider configurations).
*/
export const blockSteps: readonly GraphStep[] = [addBlocks, connectReferences, connectDependsOn, connectModuleBoundaries, connectProviders];

/**
The instance-level graph: module and resource instances, and the variables, locals and outputs of each module instance.
*/
export const instanceSteps: readonly GraphStep[] = [addInstances, connectInstances];

export function buildGraph(input: GraphInput): Graph {
	return runSteps(input, blockSteps);
}

export function buildInstanceGraph(input: GraphInput): Graph {
	return runSteps(input, instanceSteps);
}

/**
Runs build steps on a new graph.
*/
export function runSteps(input: GraphInput, steps: readonly GraphStep[]): Graph {
	const graph = createGraph();
	const context = createContext(graph, input);
	for (const step of steps) {
		step(context);
	}

	return graph;
}

function createContext(graph: Graph, input: GraphInput): BuildContext {
	const sourceOf = (range: Range): string | undefined => input.sources?.get(range.filename)?.slice(range.start.offset, range.end.offset);
	return {
		graph,
		input,
		sourceOf,
		textOf(traversal) {
			const text = sourceOf(traversal.range);
			if (text !== undefined) {
				// Long multi-line index expressions read badly in a list of edges.
				return text.replaceAll(/\s*\n\s*/g, ' ');
			}

			return traversal.root + traversal.steps.map(step => {
				switch (step.kind) {
					case 'attribute': {
						return `.${step.name}`;
					}

					case 'index': {
						return step.key.kind === 'Literal' && step.key.value.type === 'number' ? `[${step.key.value.text}]` : `[${sourceOf(step.key.range) ?? '…'}]`;
					}

					case 'splat': {
						return '[*]';
					}
				}
			}).join('');
		},
	};
}

/**
`prefix.name`, or `name` at the root (`prefix` `''`).
*/
export function join(prefix: string, name: string): string {
	return prefix === '' ? name : `${prefix}.${name}`;
}

/**
The node-id prefix of a module: `module.a.module.b`, `''` for the root.
*/
export function modulePrefix(node: ModuleNode): string {
	return node.path.map(name => `module.${name}`).join('.');
}
