import type {Command} from './command.js';
import {loadCommandWorkspace} from './workspace-options.js';
import {buildGraph, buildInstanceGraph} from '../graph/build.js';
import {maximumEdges} from '../graph/adjacency.js';
import {exportDot} from '../graph/export-dot.js';
import {exportJson} from '../graph/export-json.js';
import {exportMermaid} from '../graph/export-mermaid.js';
import {cycles, findNode, formatCycle, neighbourhood, subgraph} from '../graph/queries.js';
import {toText} from '../graph/to-text.js';
import type {Graph} from '../graph/cytoscape.js';

const formats: Record<string, (graph: Graph) => string> = {
	dot: exportDot,
	mermaid: exportMermaid,
	json: exportJson,
	text: graph => toText(graph),
};

/**
`tfscope graph [dir] [--format dot|mermaid|json|text] [--instances] [--focus ADDRESS --depth N]`: the dependency graph, or the neighbourhood of one node.
*/
export const graphCommand: Command = async ({arguments: positional, flags, stdout, stderr, environment, cwd}) => {
	const format = flags.format ?? 'dot';
	const exporter = formats[format];
	if (!exporter) {
		stderr.write(`Error: Unknown graph format "${format}"\n\nThe --format flag takes one of: ${Object.keys(formats).join(', ')}.\n`);
		return 2;
	}

	if (positional.length > 1) {
		stderr.write(`Error: Too many arguments\n\ntfscope graph takes one directory, not: ${positional.join(' ')}\n`);
		return 2;
	}

	const workspace = await loadCommandWorkspace(flags, positional[0] ?? '.', environment, cwd);
	let graph = flags.instances ? buildInstanceGraph(workspace) : buildGraph(workspace);
	if (graph.index.truncated) {
		stderr.write(`Warning: Graph too large\n\nThe ${flags.instances ? 'instance ' : ''}graph has more than ${maximumEdges} edges (maximumEdges), more than tfscope builds; the edges past the limit are left out.${flags.instances ? ' References to every instance of a block multiply: the block graph (without --instances) shows them once.' : ''}\n`);
	}

	// Terraform refuses to plan a configuration with a cycle; the graph still prints, with the cycles named.
	for (const members of cycles(graph)) {
		stderr.write(`Warning: ${formatCycle(members)}\n`);
	}

	if (flags.focus !== undefined) {
		const {node, suggestions} = findNode(graph, flags.focus);
		if (!node) {
			const hint = suggestions.length > 0 ? `Did you mean ${suggestions.slice(0, 5).join(', ')}${suggestions.length > 5 ? ', ...' : ''}?` : `Node names are Terraform addresses such as aws_instance.web, var.region or module.net.output.ids${flags.instances ? ', with instance keys' : ''}.`;
			stderr.write(`Error: No node "${flags.focus}" in the graph\n\n${hint}\n`);
			return 1;
		}

		graph = subgraph(graph, neighbourhood(graph, node.id, flags.depth ?? 2));
	}

	stdout.write(exporter(graph));
	return 0;
};
