import type {Range} from '../hcl/position.js';
import {jsonFormatVersion} from '../json-format.js';
import type {Graph} from './cytoscape.js';
import type {EdgeKind, NodeKind} from './model.js';
import {compareIds, edgesInOrder} from './queries.js';
import {joinLines, type Lines} from './lines.js';
import type {GraphEdge, GraphNode} from './model.js';

export type JsonRange = {
	readonly start: {readonly line: number; readonly column: number};
	readonly end: {readonly line: number; readonly column: number};
};

/**
`graph --json` (schemas/json/graph.schema.json): every node has the same keys, and every expression, null where there is nothing to say.
*/
export type JsonGraph = {
	readonly format_version: typeof jsonFormatVersion;
	readonly nodes: ReadonlyArray<{
		readonly address: string;
		readonly kind: NodeKind;
		readonly module: string;
		readonly name: string;
		readonly file: string | null;
		readonly range: JsonRange | null;
		/** An instance node's block (`aws_subnet.this` of `aws_subnet.this["a"]`). */
		readonly block: string | null;
		/** An instance that exists only under a what-if assumption. */
		readonly assumed: boolean;
	}>;
	readonly edges: ReadonlyArray<{
		readonly source: string;
		readonly target: string;
		readonly kind: EdgeKind;
		readonly expressions: ReadonlyArray<{
			readonly expression: string;
			readonly file: string | null;
			readonly range: JsonRange | null;
		}>;
	}>;
};

function jsonRange(range: Range): JsonRange {
	return {
		start: {line: range.start.line, column: range.start.column},
		end: {line: range.end.line, column: range.end.column},
	};
}

type JsonNode = JsonGraph['nodes'][number];
type JsonEdge = JsonGraph['edges'][number];

function jsonNode(node: GraphNode): JsonNode {
	return {
		address: node.id,
		kind: node.kind,
		module: node.module,
		name: node.name,
		file: node.range ? node.range.filename : null,
		range: node.range ? jsonRange(node.range) : null,
		block: node.block ?? null,
		assumed: node.assumed === true,
	};
}

function jsonEdge(edge: GraphEdge): JsonEdge {
	return {
		source: edge.source,
		target: edge.target,
		kind: edge.kind,
		expressions: edge.origins.map(origin => ({
			expression: origin.expression,
			file: origin.range ? origin.range.filename : null,
			range: origin.range ? jsonRange(origin.range) : null,
		})),
	};
}

function sortedNodes(graph: Graph): GraphNode[] {
	return graph.nodes().sort((first, second) => compareIds(first.id, second.id));
}

/**
The graph as plain data: nodes with address, kind, file and range; edges (dependent `source`, dependency `target`) with kind and the expressions that make them. Sorted, so the output is stable.
*/
export function toJsonGraph(graph: Graph): JsonGraph {
	const nodes = sortedNodes(graph);
	return {format_version: jsonFormatVersion, nodes: nodes.map(node => jsonNode(node)), edges: [...edgesInOrder(graph, nodes.map(node => node.id))].map(edge => jsonEdge(edge))};
}

export function exportJson(graph: Graph): string {
	return joinLines(jsonLines(graph));
}

/**
The text of `exportJson` (`JSON.stringify(toJsonGraph(graph), undefined, '\t')`, byte for byte), one array element at a time: a JSON string holds no raw newline, so an element stringified on its own and indented two levels is what the whole would print.
*/
export function * jsonLines(graph: Graph): Lines {
	const nodes = sortedNodes(graph);
	yield '{';
	yield `\t"format_version": ${JSON.stringify(jsonFormatVersion)},`;
	yield * arrayLines('nodes', nodes, jsonNode, ',');
	yield * arrayLines('edges', edgesInOrder(graph, nodes.map(node => node.id)), jsonEdge, '');
	yield '}';
}

function * arrayLines<Element>(name: string, elements: Iterable<Element>, toJson: (element: Element) => JsonNode | JsonEdge, after: string): Lines {
	let previous: string | undefined;
	for (const element of elements) {
		if (previous === undefined) {
			yield `\t${JSON.stringify(name)}: [`;
		} else {
			yield previous + ',';
		}

		previous = '\t\t' + JSON.stringify(toJson(element), undefined, '\t').replaceAll('\n', '\n\t\t');
	}

	if (previous === undefined) {
		yield `\t${JSON.stringify(name)}: []${after}`;
		return;
	}

	yield previous;
	yield `\t]${after}`;
}
