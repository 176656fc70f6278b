import process from 'node:process';
import type {BuildGraph, GraphLike, GraphQueries, LoadWorkspace, WorkspaceLike} from './stages.js';
import {cpuMilliseconds, median, milliseconds, now, peakRssMegabytes} from './statistics.js';

/*
What bench/measure-load.ts measures, in one process: load + evaluate + expand one configuration, then build its graphs and query the dependents of one node. Shared by the sources run under tsx and the bundle built the way the tool ships (bench/built-load.ts), so both measure the same thing.
*/

/**
The stages measured: the sources' functions (bench/stages.ts probes them) or the bundle's.
*/
export type LoadStages = {
	readonly load: LoadWorkspace;
	readonly buildGraph?: BuildGraph;
	readonly buildInstanceGraph?: BuildGraph;
	readonly queries?: GraphQueries;
};

export type Sample = {
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

async function once({load, buildGraph, buildInstanceGraph, queries}: LoadStages, directory: string): Promise<{sample: Sample; workspace: WorkspaceLike; graph?: GraphLike; instanceGraph?: GraphLike; peaks: Peaks}> {
	let cpu = process.cpuUsage();
	let start = now();
	const workspace = await load({directory, environment: {}});
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

/**
The first run of a fresh process: its timings, the summary of what it loaded, and the peak RSS after each stage (the process has loaded nothing else).
*/
export async function firstRun(stages: LoadStages, directory: string): Promise<FirstRun> {
	const {sample, workspace, graph, instanceGraph, peaks} = await once(stages, directory);
	return {sample, summary: summarise(workspace, graph, instanceGraph), peaks, peakMb: peakRssMegabytes()};
}

export type FirstRun = {
	readonly sample: Sample;
	readonly summary: ReturnType<typeof summarise>;
	readonly peaks: Peaks;
	/** The peak RSS at the end of the run, in MB. */
	readonly peakMb: number;
};

/**
The whole measurement of a fresh process: the first run (the warm-up, whose peaks are the memory figures; or the one `done` already), then `runs` timed runs; the figures the bench prints.
*/
export async function measureLoad(stages: LoadStages, directory: string, runs: number, done?: FirstRun): Promise<Record<string, unknown>> {
	// Only the summary outlives the first run, so the timed runs do not carry its heap.
	const first = done ?? await firstRun(stages, directory);
	const {peakMb} = first;
	const samples: Sample[] = [];
	// No forced garbage collection between runs: a forced full collection discards the optimised code (see measure-parse.ts), and the runs are meant to be warm. Peak memory is read above, before these runs.
	for (let run = 0; run < runs; run++) {
		// eslint-disable-next-line no-await-in-loop -- one run at a time
		samples.push((await once(stages, directory)).sample);
	}

	const medianOf = (key: keyof Sample): number | undefined => samples.every(sample => sample[key] !== undefined) ? median(samples.map(sample => sample[key]!)) : undefined;
	return {
		available: true,
		graphAvailable: Boolean(stages.buildGraph),
		queriesAvailable: Boolean(stages.queries),
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
		...peakFigures(first.peaks, peakMb),
	};
}

/**
The peak RSS figures of a first run, in MB.
*/
export function peakFigures(peaks: Peaks, peakMb: number) {
	return {
		peakExpandMb: peaks.peakAfterExpand,
		peakLoadMb: peaks.peakAfterLoad,
		// With the block graph, then with the instance graph as well (and one dependents query on each).
		peakGraphMb: peaks.peakAfterGraph,
		peakInstanceGraphMb: peaks.peakAfterInstanceGraph,
		peakMb,
	};
}
