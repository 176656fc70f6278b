import path from 'node:path';
import process from 'node:process';
import type {Command} from './command.js';
import {loadCommandWorkspace} from './workspace-options.js';
import {buildGraph, buildInstanceGraph} from '../graph/build.js';
import {maximumEdges} from '../graph/adjacency.js';
import {dotLines} from '../graph/export-dot.js';
import {jsonLines} from '../graph/export-json.js';
import {mermaidLines} from '../graph/export-mermaid.js';
import {cycles, findNode, formatCycle, neighbourhood, subgraph} from '../graph/queries.js';
import {textLines} from '../graph/to-text.js';
import type {Graph} from '../graph/cytoscape.js';
import type {Lines} from '../graph/lines.js';
import {formatRangeShort} from '../hcl/position.js';
import {terminalSafeWriter} from './terminal-text.js';
import {writeLines} from './write-lines.js';
import {writeHtmlGraph} from './graph-html-command.js';
import type {NodeMarks} from '../graph/marks.js';
import {planMarks} from '../plan/graph-marks.js';

const formats: Record<string, (graph: Graph, marks?: NodeMarks) => Lines> = {
	dot: dotLines,
	mermaid: mermaidLines,
	json: graph => jsonLines(graph),
	text: (graph, marks) => textLines(graph, marks ? {marks} : {}),
	// One self-contained page (graph-html.ts): made below, from the Workspace too.
	html: () => [],
};

/**
`tfscope graph [dir] [--format dot|mermaid|json|text|html] [--instances] [--focus ADDRESS --depth N]`: the dependency graph, or the neighbourhood of one node.
*/
export const graphCommand: Command = async ({arguments: positional, flags, stdout, stderr, environment, cwd, isTerminal}) => {
	// --json is --format json, as in diff; --json with another --format is a contradiction.
	if (flags.json && flags.format !== undefined && flags.format !== 'json') {
		stderr.write(`Error: Conflicting formats\n\n--json and --format ${flags.format} ask for two formats; give one.\n`);
		return 2;
	}

	const format = flags.json ? 'json' : (flags.format ?? 'dot');
	const exporter = formats[format];
	if (!exporter) {
		stderr.write(`Error: Unknown graph format "${format}"\n\nThe --format flag takes one of: ${Object.keys(formats).join(', ')}.\n`);
		return 2;
	}

	if (positional.length > 1) {
		stderr.write(`Error: Too many arguments\n\ntfscope graph takes one directory, not: ${positional.join(' ')}\n`);
		return 2;
	}

	// A directory of Terragrunt units: the unit graph.
	const {estateFor} = await import('./instances.js');
	const estate = format === 'html' ? undefined : await estateFor({arguments: positional, flags, stdin: process.stdin, stdout, stderr, environment, cwd, isTerminal}, positional[0]);
	if (estate) {
		const {renderEstateGraph} = await import('../terragrunt/estate-graph.js');
		const graph = estate.graph();
		for (const cycle of graph.cycles) {
			stderr.write(`Warning: Terragrunt units depend on each other in a cycle: ${[...cycle, cycle[0]!].map(unit => unit.path).join(' -> ')}\n`);
		}

		if (flags.instances) {
			const {estateWiring, renderWiring} = await import('../terragrunt/estate-graph.js');
			const wiring = await estateWiring(estate, estate.units.filter(unit => !estate.excluded(unit)));
			terminalSafeWriter(stdout, isTerminal, false).write(renderWiring(wiring, format as 'dot' | 'mermaid' | 'json' | 'text'));
			return 0;
		}

		terminalSafeWriter(stdout, isTerminal, false).write(renderEstateGraph(estate.units, graph, format as 'dot' | 'mermaid' | 'json' | 'text', directory => path.relative(estate.root, directory).split(path.sep).join('/'), new Map(estate.units.flatMap(unit => {
			const exclusion = estate.excluded(unit);
			return exclusion ? [[unit, exclusion.reason] as const] : [];
		}))));
		return 0;
	}

	// The block graph is made from the module tree alone: the instances are made only for --instances.
	const workspace = await loadCommandWorkspace(flags, positional[0] ?? '.', environment, cwd, 'on-demand');
	let graph = flags.instances ? buildInstanceGraph(workspace) : buildGraph(workspace);
	if (graph.index.truncated) {
		// A graph with edges left out would mislead whoever reads it (and printing millions of edges takes minutes): no graph, one error.
		terminalSafeWriter(stderr, isTerminal, false).write(graphTooLarge(graph, flags.instances === true));
		return 1;
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

	if (format === 'html') {
		return writeHtmlGraph({workspace, graph, level: flags.instances ? 'instance' : 'block', directory: positional[0] ?? '.', ...(flags.focus !== undefined && {focus: flags.focus})}, flags, {stdout, stderr, environment, cwd});
	}

	// Under --plan, each node marked with its planned action (plan/graph-marks.ts).
	writeLines(stdout, exporter(graph, workspace.plan ? planMarks(graph, workspace.plan, flags.instances === true) : undefined));
	return 0;
};

/**
The error for a graph that reached `maximumEdges`, naming the first edge left out and the expression that made it.
*/
function graphTooLarge(graph: Graph, instances: boolean): string {
	const left = graph.index.firstLeftOut;
	const origin = left?.origin;
	const where = origin ? `\n\n  on ${origin.range ? `${formatRangeShort(origin.range)}: ` : ''}${origin.expression}` : '';
	const at = left ? ` It reached the limit at the edge ${left.source} -> ${left.target}.` : '';
	const multiply = instances ? ' References to every instance of a block multiply (each of 20,000 instances referring to all 20,000 of another with [*] is 400 million edges). The block graph (without --instances) shows each reference once, and the explorer shows one instance\'s edges at a time.' : '';
	return `Error: Graph too large${where}\n\nThe ${instances ? 'instance ' : ''}graph has more than ${maximumEdges} edges (maximumEdges), more than tfscope builds; it is not printed, since a graph with edges left out would be wrong.${at}${multiply}\n`;
}
