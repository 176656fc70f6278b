import type {Graph} from './cytoscape.js';
import type {EdgeKind, NodeKind} from './model.js';
import {childModules, membersByModule} from './module-paths.js';
import {compareIds, edgesInOrder} from './queries.js';
import {joinLines, type Lines} from './lines.js';
import type {NodeMarks} from './marks.js';

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
	action: 'shape = "cds"',
	'module-instance': 'shape = "component"',
	'resource-instance': 'shape = "box"',
	'action-instance': 'shape = "cds"',
};

const edgeStyles: Record<EdgeKind, string> = {
	reference: '',
	'depends-on': 'style = "dashed"',
	'replace-triggered-by': 'style = "dashed", color = "orange"',
	triggers: 'style = "bold", color = "purple"',
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
	return joinLines(dotLines(graph));
}

/**
The DOT text of `exportDot`, line by line.
*/
export function * dotLines(graph: Graph, marks?: NodeMarks): Lines {
	const nodes = graph.nodes().sort((first, second) => compareIds(first.id, second.id));
	// Nodes by module, every ancestor module with a cluster.
	const members = membersByModule(nodes);

	const children = childModules([...members.keys()].sort(compareIds));

	yield * ['digraph {', '\tcompound = "true"', '\tnewrank = "true"', '\trankdir = "RL"', '\tnode [fontname = "sans-serif"]'];
	function * moduleLines(module: string, indent: string): Lines {
		for (const node of members.get(module) ?? []) {
			const mark = marks?.get(node.id);
			const label = `${node.name}${node.assumed ? ' (assumed)' : ''}${mark ? ` (${mark.label})` : ''}`;
			yield `${indent}${dotString(node.id)} [label = ${dotString(label)}, ${shapes[node.kind]}${mark ? `, color = ${dotString(mark.colour)}, penwidth = "2"` : ''}]`;
		}

		for (const child of children.get(module) ?? []) {
			yield `${indent}subgraph ${dotString(`cluster_${child}`)} {`;
			yield `${indent}\tlabel = ${dotString(child)}`;
			yield * moduleLines(child, `${indent}\t`);
			yield `${indent}}`;
		}
	}

	yield * moduleLines('', '\t');
	for (const edge of edgesInOrder(graph, nodes.map(node => node.id))) {
		const attributes = [edgeStyles[edge.kind], edge.origins.length > 0 ? `tooltip = ${dotString(edge.origins.map(origin => origin.expression).join('\n'))}` : ''].filter(Boolean).join(', ');
		yield `\t${dotString(edge.source)} -> ${dotString(edge.target)}${attributes ? ` [${attributes}]` : ''}`;
	}

	yield '}';
}
