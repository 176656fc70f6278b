import process from 'node:process';
import {loadBuildGraph, loadGraphQueries, loadLoadWorkspace, type GraphLike, type WorkspaceLike} from './stages.js';
import {cpuMilliseconds, median, milliseconds, now, peakRssMegabytes, report} from './statistics.js';

/*
Child process: load + evaluate + expand one generated configuration, then build its graph and query the dependents of one node.
Usage: node --import tsx --expose-gc bench/measure-load.ts DIRECTORY RUNS
The first run is the warm-up and gives the peak memory of one load (the process has loaded nothing else); the timed figures are medians of the RUNS runs after it.
*/

const [directory = '.', runsText = '3'] = process.argv.slice(2);
const runs = Math.max(1, Number(runsText));

type Sample = {
	/** CPU time of load + evaluate. */
	cpuMs: number;
	/** CPU time of load + expand alone (values not yet read). */
	loadCpuMs: number;
	graphCpuMs?: number;
	instanceGraphCpuMs?: number;
	loadMs: number;
	evaluateMs: number;
	graphMs?: number;
	dependentsMs?: number;
	transitiveDependentsMs?: number;
	instanceGraphMs?: number;
	instanceDependentsMs?: number;
};

const load = await loadLoadWorkspace();
const buildGraph = await loadBuildGraph();
const buildInstanceGraph = await loadBuildGraph('instance');
const queries = await loadGraphQueries();

/**
Reads every resource instance's value and every module instance's outputs, so lazily evaluated values are all computed.
*/
function evaluateEverything(workspace: WorkspaceLike): number {
	let touched = 0;
	for (const instance of workspace.instances.resourceInstances.values()) {
		if ((instance as {value?: unknown}).value !== undefined) {
			touched++;
		}
	}

	for (const instance of workspace.instances.moduleInstances.values()) {
		const module = instance as {node?: {module?: {outputs?: ReadonlyMap<string, unknown> | Record<string, unknown>}}; output?: (name: string) => unknown};
		const outputs = module.node?.module?.outputs;
		const names = outputs instanceof Map ? [...outputs.keys()] : Object.keys(outputs ?? {});
		for (const name of names) {
			if (module.output?.(name as string) !== undefined) {
				touched++;
			}
		}
	}

	return touched;
}

/**
The node whose dependents the bench asks for: the first service's VPC, which most of its module refers to.
*/
function queryNode(graph: GraphLike): string | undefined {
	const nodes = graph.nodes();
	return nodes.find(node => /svc_000(\["prod"\])?\.aws_vpc\.r000$/.test(node.id))?.id
		?? nodes.find(node => node.id.endsWith('aws_vpc.r000'))?.id
		?? nodes[0]?.id;
}

/**
Peak RSS after each stage of the first run, in MB: where the peak comes from.
*/
type Peaks = {
	peakAfterExpand: number;
	peakAfterLoad: number;
	peakAfterGraph?: number;
	peakAfterInstanceGraph?: number;
};

async function once(): Promise<{sample: Sample; workspace: WorkspaceLike; graph?: GraphLike; instanceGraph?: GraphLike; peaks: Peaks}> {
	let cpu = process.cpuUsage();
	let start = now();
	const workspace = await load!({directory, environment: {}});
	const loadMs = milliseconds(start);
	const loadCpuMs = cpuMilliseconds(cpu);
	const peakAfterExpand = peakRssMegabytes();
	start = now();
	evaluateEverything(workspace);
	const evaluateMs = milliseconds(start);
	const cpuMs = cpuMilliseconds(cpu);
	const peakAfterLoad = peakRssMegabytes();
	const sample: Sample = {loadMs, evaluateMs, cpuMs, loadCpuMs};
	const peaks: Peaks = {peakAfterExpand, peakAfterLoad};
	let graph: GraphLike | undefined;
	if (buildGraph) {
		cpu = process.cpuUsage();
		start = now();
		graph = buildGraph(workspace);
		sample.graphMs = milliseconds(start);
		sample.graphCpuMs = cpuMilliseconds(cpu);
		const id = queryNode(graph);
		if (queries && id) {
			start = now();
			queries.dependents(graph, id);
			sample.dependentsMs = milliseconds(start);
			if (queries.transitiveDependents) {
				start = now();
				queries.transitiveDependents(graph, id);
				sample.transitiveDependentsMs = milliseconds(start);
			}
		}

		peaks.peakAfterGraph = peakRssMegabytes();
	}

	let instanceGraph: GraphLike | undefined;
	if (buildInstanceGraph) {
		cpu = process.cpuUsage();
		start = now();
		instanceGraph = buildInstanceGraph(workspace);
		sample.instanceGraphMs = milliseconds(start);
		sample.instanceGraphCpuMs = cpuMilliseconds(cpu);
		const id = queryNode(instanceGraph);
		if (queries && id) {
			start = now();
			queries.dependents(instanceGraph, id);
			sample.instanceDependentsMs = milliseconds(start);
		}

		peaks.peakAfterInstanceGraph = peakRssMegabytes();
	}

	return {sample, workspace, graph, instanceGraph, peaks};
}

function summarise(workspace: WorkspaceLike, graph: GraphLike | undefined, instanceGraph: GraphLike | undefined) {
	const errors = workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error');
	return {
		moduleInstances: workspace.instances.moduleInstances.size,
		resources: workspace.instances.resources.size,
		resourceInstances: workspace.instances.resourceInstances.size,
		diagnostics: workspace.diagnostics.length,
		errors: errors.length,
		firstErrors: errors.slice(0, 5).map(diagnostic => `${diagnostic.subject ? `${diagnostic.subject.filename}:${diagnostic.subject.start.line}:${diagnostic.subject.start.column}: ` : ''}${diagnostic.summary}${diagnostic.detail ? `: ${diagnostic.detail}` : ''}`),
		graphNodes: graph?.nodeCount,
		graphEdges: graph?.edgeCount,
		queryNode: graph && queryNode(graph),
		instanceGraphNodes: instanceGraph?.nodeCount,
		instanceGraphEdges: instanceGraph?.edgeCount,
	};
}

async function firstRun() {
	const {sample, workspace, graph, instanceGraph, peaks} = await once();
	return {sample, summary: summarise(workspace, graph, instanceGraph), peaks};
}

if (load) {
	// Only the summary outlives the first run, so the timed runs do not carry its heap.
	const first = await firstRun();
	const peakMb = peakRssMegabytes();
	const samples: Sample[] = [];
	// No forced garbage collection between runs: a forced full collection discards the optimised code (see measure-parse.ts), and the runs are meant to be warm. Peak memory is read above, before these runs.
	for (let run = 0; run < runs; run++) {
		samples.push((await once()).sample);
	}

	const medianOf = (key: keyof Sample): number | undefined => samples.every(sample => sample[key] !== undefined) ? median(samples.map(sample => sample[key]!)) : undefined;
	report({
		available: true,
		graphAvailable: Boolean(buildGraph),
		queriesAvailable: Boolean(queries),
		...first.summary,
		warmUp: first.sample,
		samples,
		loadMs: medianOf('loadMs'),
		evaluateMs: medianOf('evaluateMs'),
		graphMs: medianOf('graphMs'),
		dependentsMs: medianOf('dependentsMs'),
		transitiveDependentsMs: medianOf('transitiveDependentsMs'),
		instanceGraphMs: medianOf('instanceGraphMs'),
		cpuMs: medianOf('cpuMs'),
		loadCpuMs: medianOf('loadCpuMs'),
		graphCpuMs: medianOf('graphCpuMs'),
		instanceGraphCpuMs: medianOf('instanceGraphCpuMs'),
		instanceDependentsMs: medianOf('instanceDependentsMs'),
		peakExpandMb: first.peaks.peakAfterExpand,
		peakLoadMb: first.peaks.peakAfterLoad,
		// With the block graph, then with the instance graph as well (and one dependents query on each).
		peakGraphMb: first.peaks.peakAfterGraph,
		peakInstanceGraphMb: first.peaks.peakAfterInstanceGraph,
		peakMb,
	});
} else {
	report({available: false});
}
