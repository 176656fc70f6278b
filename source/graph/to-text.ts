import type {Graph} from './cytoscape.js';
import {compareIds} from './queries.js';

export type TextOptions = {
	/**
	Append the edge kinds to each dependency that is not a plain reference: `  provider["registry.terraform.io/hashicorp/aws"] (provider)`.
	*/
	readonly kinds?: boolean;
};

/**
The graph as Terraform's `Graph.String()` prints it: every node sorted, each followed by its dependencies, sorted and indented two spaces. The golden format of the graph tests.
*/
export function toText(graph: Graph, options: TextOptions = {}): string {
	const lines: string[] = [];
	const ids = graph.nodes().map(node => node.id).sort(compareIds);
	for (const id of ids) {
		lines.push(id);
		const targets = new Map<string, string[]>();
		for (const edge of graph.outgoing(id)) {
			const kinds = targets.get(edge.target) ?? [];
			kinds.push(edge.kind);
			targets.set(edge.target, kinds);
		}

		for (const target of [...targets.keys()].sort(compareIds)) {
			const kinds = targets.get(target)!.filter(kind => kind !== 'reference').sort(compareIds);
			lines.push(options.kinds && kinds.length > 0 ? `  ${target} (${kinds.join(', ')})` : `  ${target}`);
		}
	}

	return lines.length === 0 ? '' : lines.join('\n') + '\n';
}
