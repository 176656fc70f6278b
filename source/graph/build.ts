import type {Range} from '../hcl/position.js';
import {createGraph, type Graph} from './cytoscape.js';
import {addBlocks} from './steps/add-blocks.js';
import {addInstances} from './steps/add-instances.js';
import {connectDependsOn} from './steps/connect-depends-on.js';
import {connectInstances} from './steps/connect-instances.js';
import {connectModuleBoundaries} from './steps/connect-module-boundaries.js';
import {connectProviders} from './steps/connect-providers.js';
import {connectReferences} from './steps/connect-references.js';
import type {BuildContext, GraphInput, GraphStep} from './step.js';
import {textOfTraversal} from './text-of.js';

export type {BuildContext, GraphInput, GraphStep} from './step.js';
export {join, modulePrefix} from './step.js';

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

	graph.index.settle();
	return graph;
}

function createContext(graph: Graph, input: GraphInput): BuildContext {
	const sourceOf = (range: Range): string | undefined => input.sources?.get(range.filename)?.slice(range.start.offset, range.end.offset);
	return {graph, input, sourceOf, textOf: textOfTraversal(input)};
}
