import type {Graph} from './cytoscape.js';
import type {EdgeKind, NodeKind} from './model.js';
import {childModules, membersByModule} from './module-paths.js';
import {compareIds, edgesInOrder} from './queries.js';
import {joinLines, type Lines} from './lines.js';
import type {NodeMarks} from './marks.js';

const shapes: Record<NodeKind, [string, string]> = {
	resource: ['[', ']'],
	data: ['[(', ')]'],
	ephemeral: ['[/', '/]'],
	module: ['[[', ']]'],
	variable: ['>', ']'],
	local: ['(', ')'],
	output: ['([', '])'],
	provider: ['{{', '}}'],
	check: ['{', '}'],
	action: ['[\\', '/]'],
	'module-instance': ['[[', ']]'],
	'resource-instance': ['[', ']'],
	'action-instance': ['[\\', '/]'],
};

const arrows: Record<EdgeKind, string> = {
	reference: '-->',
	'depends-on': '-.->|depends_on|',
	'replace-triggered-by': '-.->|replace_triggered_by|',
	triggers: '==>|triggers|',
	provider: '-.->|provider|',
	'module-input': '-->|input|',
	'module-expansion': '-.->|expansion|',
};

/**
A quoted Mermaid label: quotes become the `#quot;` entity, which GitHub renders.
*/
export function mermaidLabel(text: string): string {
	return `"${text.replaceAll('#', '#35;').replaceAll('"', '#quot;')}"`;
}

/**
The graph as a Mermaid flowchart (as GitHub renders it): modules are subgraphs, node ids are generated (`n0`, `n1`...) since addresses are not valid Mermaid ids.
*/
export function exportMermaid(graph: Graph): string {
	return joinLines(mermaidLines(graph));
}

/**
The Mermaid text of `exportMermaid`, line by line.
*/
export function * mermaidLines(graph: Graph, marks?: NodeMarks): Lines {
	const nodes = graph.nodes().sort((first, second) => compareIds(first.id, second.id));
	const ids = new Map(nodes.map((node, position) => [node.id, `n${position}`]));
	// Nodes by module, every ancestor module with a cluster.
	const members = membersByModule(nodes);

	const modules = [...members.keys()].sort(compareIds);
	const moduleIds = new Map(modules.map((module, position) => [module, `m${position}`]));
	const children = childModules(modules);

	yield 'flowchart RL';
	function * moduleLines(module: string, indent: string): Lines {
		for (const node of members.get(module) ?? []) {
			const [open, close] = shapes[node.kind];
			const mark = marks?.get(node.id);
			yield `${indent}${ids.get(node.id)!}${open}${mermaidLabel(mark ? `${node.name} (${mark.label})` : node.name)}${close}`;
		}

		for (const child of children.get(module) ?? []) {
			yield `${indent}subgraph ${moduleIds.get(child)!}[${mermaidLabel(child)}]`;
			yield * moduleLines(child, `${indent}\t`);
			yield `${indent}end`;
		}
	}

	yield * moduleLines('', '\t');
	for (const edge of edgesInOrder(graph, nodes.map(node => node.id))) {
		yield `\t${ids.get(edge.source)!} ${arrows[edge.kind]} ${ids.get(edge.target)!}`;
	}

	if (marks && marks.size > 0) {
		// One class per mark, its colour on the node's border.
		const classes = new Map<string, string[]>();
		for (const node of nodes) {
			const mark = marks.get(node.id);
			if (mark) {
				classes.set(mark.label, [...(classes.get(mark.label) ?? []), ids.get(node.id)!]);
			}
		}

		for (const [label, members] of classes) {
			const name = label.replaceAll(/\W/g, '_');
			yield `\tclassDef ${name} stroke:${marks.colourOf(label)},stroke-width:2px`;
			yield `\tclass ${members.join(',')} ${name}`;
		}
	}
}
