import type {Graph} from './cytoscape.js';
import {compareIds, outgoingInOrder} from './queries.js';
import {joinLines, type Lines} from './lines.js';
import type {NodeMarks} from './marks.js';

export type TextOptions = {
	/**
	Append the edge kinds to each dependency that is not a plain reference: `  provider["registry.terraform.io/hashicorp/aws"] (provider)`.
	*/
	readonly kinds?: boolean;
	/**
	A mark after a node's name: `terraform_data.a (replace)`.
	*/
	readonly marks?: NodeMarks;
};

/**
The graph as Terraform's `Graph.String()` prints it: every node sorted, each followed by its dependencies, sorted and indented two spaces. The golden format of the graph tests.
*/
export function toText(graph: Graph, options: TextOptions = {}): string {
	return joinLines(textLines(graph, options));
}

/**
The text of `toText`, line by line.
*/
export function * textLines(graph: Graph, options: TextOptions = {}): Lines {
	const ids = graph.nodes().map(node => node.id).sort(compareIds);
	for (const id of ids) {
		const mark = options.marks?.get(id);
		yield mark ? `${id} (${mark.label})` : id;
		// Edges in order come grouped by target, their kinds sorted: one line per target.
		const edges = outgoingInOrder(graph, id);
		for (let at = 0; at < edges.length;) {
			const {target} = edges[at]!;
			const kinds: string[] = [];
			for (; at < edges.length && edges[at]!.target === target; at++) {
				if (edges[at]!.kind !== 'reference') {
					kinds.push(edges[at]!.kind);
				}
			}

			yield options.kinds && kinds.length > 0 ? `  ${target} (${kinds.join(', ')})` : `  ${target}`;
		}
	}
}
