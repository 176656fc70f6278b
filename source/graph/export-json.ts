import type {Range} from '../hcl/position.js';
import type {Graph} from './cytoscape.js';
import type {EdgeKind, NodeKind} from './model.js';
import {compareIds} from './queries.js';

export type JsonRange = {
	readonly start: {readonly line: number; readonly column: number};
	readonly end: {readonly line: number; readonly column: number};
};

export type JsonGraph = {
	readonly nodes: ReadonlyArray<{
		readonly address: string;
		readonly kind: NodeKind;
		readonly module: string;
		readonly name: string;
		readonly file?: string;
		readonly range?: JsonRange;
		readonly block?: string;
		/** An instance that exists only under a what-if assumption. */
		readonly assumed?: boolean;
	}>;
	readonly edges: ReadonlyArray<{
		readonly source: string;
		readonly target: string;
		readonly kind: EdgeKind;
		readonly expressions: ReadonlyArray<{
			readonly expression: string;
			readonly file?: string;
			readonly range?: JsonRange;
		}>;
	}>;
};

function jsonRange(range: Range): JsonRange {
	return {
		start: {line: range.start.line, column: range.start.column},
		end: {line: range.end.line, column: range.end.column},
	};
}

/**
The graph as plain data: nodes with address, kind, file and range; edges (dependent `source`, dependency `target`) with kind and the expressions that make them. Sorted, so the output is stable.
*/
export function toJsonGraph(graph: Graph): JsonGraph {
	const nodes = graph.nodes().sort((first, second) => compareIds(first.id, second.id)).map(node => ({
		address: node.id,
		kind: node.kind,
		module: node.module,
		name: node.name,
		...(node.range ? {file: node.range.filename, range: jsonRange(node.range)} : {}),
		...(node.block === undefined ? {} : {block: node.block}),
		...(node.assumed && {assumed: true as const}),
	}));
	const edges = graph.edges()
		.sort((first, second) => compareIds(first.source, second.source) || compareIds(first.target, second.target) || compareIds(first.kind, second.kind))
		.map(edge => ({
			source: edge.source,
			target: edge.target,
			kind: edge.kind,
			expressions: edge.origins.map(origin => ({
				expression: origin.expression,
				...(origin.range ? {file: origin.range.filename, range: jsonRange(origin.range)} : {}),
			})),
		}));
	return {nodes, edges};
}

export function exportJson(graph: Graph): string {
	return JSON.stringify(toJsonGraph(graph), undefined, '\t') + '\n';
}
