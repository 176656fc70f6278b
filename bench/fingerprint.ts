import {createHash} from 'node:crypto';
import process from 'node:process';
import {formatValue} from '../source/lang/format-value.js';
import {buildGraph, buildInstanceGraph} from '../source/graph/index.js';
import type {Graph} from '../source/graph/cytoscape.js';
import {loadWorkspace} from '../source/workspace.js';

/*
What an optimisation must not change: a hash of every module and resource instance, every resource instance's printed value, every module instance's printed outputs, every diagnostic, and every node and edge of both graphs of a configuration. Run it before and after a change; the hashes must be equal.
Usage: node --import tsx bench/fingerprint.ts DIRECTORY [--no-graph]
*/

const [directory = '.', ...flags] = process.argv.slice(2);
const withGraphs = !flags.includes('--no-graph');
const workspace = await loadWorkspace({directory, environment: {}});

function hashOf(lines: Iterable<string>): string {
	const hash = createHash('sha256');
	for (const line of lines) {
		hash.update(line);
		hash.update('\n');
	}

	return hash.digest('hex').slice(0, 16);
}

function* instanceLines(): Generator<string> {
	for (const [text] of workspace.instances.moduleInstances) {
		yield `module ${text}`;
	}

	for (const [text, instance] of workspace.instances.resourceInstances) {
		yield `${text} = ${formatValue(instance.value)}`;
	}
}

function* outputLines(): Generator<string> {
	for (const [text, instance] of workspace.instances.moduleInstances) {
		for (const name of instance.node.module.outputs.keys()) {
			const value = instance.output(name);
			yield `${text}.${name} = ${value ? formatValue(value) : '(none)'}`;
		}
	}
}

function* diagnosticLines(): Generator<string> {
	for (const diagnostic of workspace.diagnostics) {
		yield `${diagnostic.severity} ${diagnostic.summary} ${diagnostic.detail ?? ''} ${diagnostic.subject ? `${diagnostic.subject.filename}:${diagnostic.subject.start.line}:${diagnostic.subject.start.column}` : ''}`;
	}
}

function* graphLines(graph: Graph): Generator<string> {
	for (const node of graph.nodes().map(node => `${node.id} ${node.kind}`).sort()) {
		yield node;
	}

	for (const edge of graph.edges().map(edge => `${edge.source} -> ${edge.target} ${edge.kind}`).sort()) {
		yield edge;
	}
}

const result: Record<string, string | number> = {
	moduleInstances: workspace.instances.moduleInstances.size,
	resourceInstances: workspace.instances.resourceInstances.size,
	instances: hashOf(instanceLines()),
	outputs: hashOf(outputLines()),
	diagnostics: hashOf(diagnosticLines()),
	diagnosticCount: workspace.diagnostics.length,
};
if (withGraphs) {
	const graph = buildGraph(workspace);
	result['graph'] = hashOf(graphLines(graph));
	result['graphEdges'] = graph.edgeCount;
	const instanceGraph = buildInstanceGraph(workspace);
	result['instanceGraph'] = hashOf(graphLines(instanceGraph));
	result['instanceGraphEdges'] = instanceGraph.edgeCount;
}

process.stdout.write(`${JSON.stringify(result)}\n`);
