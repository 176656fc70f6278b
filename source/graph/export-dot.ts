import type {Graph} from './cytoscape.js';
import type {EdgeKind, NodeKind} from './model.js';
import {membersByModule, parentModule} from './module-paths.js';
import {compareIds} from './queries.js';

const shapes: Record<NodeKind, string> = {
	resource: 'shape = "box"',
	data: 'shape = "box", style = "rounded"',
	ephemeral: 'shape = "box", style = "dashed"',
	module: 'shape = "component"',
	variable: 'shape = "invhouse"',
	local: 'shape = "ellipse"',
	output: 'shape = "house"',
	provider: 'shape = "diamond"',
	check: 'shape = "octagon"',
	'module-instance': 'shape = "component"',
	'resource-instance': 'shape = "box"',
};

const edgeStyles: Record<EdgeKind, string> = {
	reference: '',
	'depends-on': 'style = "dashed"',
	'replace-triggered-by': 'style = "dashed", color = "orange"',
	provider: 'style = "dotted"',
	'module-input': 'color = "blue"',
	'module-expansion': 'style = "dotted", color = "gray"',
};

/**
A DOT string literal.
*/
export function dotString(text: string): string {
	return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n')}"`;
}

/**
The graph in Graphviz DOT, each module a cluster (nested like the modules), each edge from the dependent to its dependency as in `terraform graph`.
*/
export function exportDot(graph: Graph): string {
	const nodes = graph.nodes().sort((first, second) => compareIds(first.id, second.id));
	// Nodes by module, every ancestor module with a cluster.
	const members = membersByModule(nodes);

	const children = new Map<string, string[]>();
	for (const module of [...members.keys()].sort(compareIds)) {
		if (module !== '') {
			const parent = parentModule(module);
			children.set(parent, [...(children.get(parent) ?? []), module]);
		}
	}

	const lines = ['digraph {', '\tcompound = "true"', '\tnewrank = "true"', '\trankdir = "RL"', '\tnode [fontname = "sans-serif"]'];
	const writeModule = (module: string, indent: string): void => {
		for (const node of members.get(module) ?? []) {
			lines.push(`${indent}${dotString(node.id)} [label = ${dotString(node.assumed ? `${node.name} (assumed)` : node.name)}, ${shapes[node.kind]}]`);
		}

		for (const child of children.get(module) ?? []) {
			lines.push(`${indent}subgraph ${dotString(`cluster_${child}`)} {`, `${indent}\tlabel = ${dotString(child)}`);
			writeModule(child, `${indent}\t`);
			lines.push(`${indent}}`);
		}
	};

	writeModule('', '\t');
	const edges = graph.edges().sort((first, second) => compareIds(first.source, second.source) || compareIds(first.target, second.target) || compareIds(first.kind, second.kind));
	for (const edge of edges) {
		const attributes = [edgeStyles[edge.kind], edge.origins.length > 0 ? `tooltip = ${dotString(edge.origins.map(origin => origin.expression).join('\n'))}` : ''].filter(Boolean).join(', ');
		lines.push(`\t${dotString(edge.source)} -> ${dotString(edge.target)}${attributes ? ` [${attributes}]` : ''}`);
	}

	lines.push('}');
	return lines.join('\n') + '\n';
}
