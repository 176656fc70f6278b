import process from 'node:process';
import v8 from 'node:v8';
import {loadBuildGraph, loadLoadWorkspace} from './stages.js';
import {collectGarbage, peakRssMegabytes, report} from './statistics.js';

/*
Child process: what the two graphs of one configuration take. Loads and evaluates it, then builds the block graph and the instance graph, and after each step reports the peak RSS, the RSS now, and the heap kept (after a full collection): the graphs' own size is the heap kept after a build less the heap kept before it, and what the build left behind as garbage shows in the peak. With SNAPSHOT=PREFIX, writes a heap snapshot after each step (PREFIX-load.heapsnapshot, -graph, -instances).
Usage: node --import tsx --expose-gc bench/measure-graph-memory.ts DIRECTORY
*/

const [directory = '.'] = process.argv.slice(2);
const snapshot = process.env['SNAPSHOT'];
const megabytes = (bytes: number): number => Math.round(bytes / 1024 / 10.24) / 100;

function step(name: string, keep: unknown): Record<string, number> {
	const peakMb = peakRssMegabytes();
	collectGarbage();
	const figures = {peakMb, rssMb: megabytes(process.memoryUsage().rss), heapKeptMb: megabytes(process.memoryUsage().heapUsed), externalMb: megabytes(process.memoryUsage().external + process.memoryUsage().arrayBuffers)};
	if (snapshot) {
		v8.writeHeapSnapshot(`${snapshot}-${name}.heapsnapshot`);
	}

	void keep;
	return figures;
}

const load = await loadLoadWorkspace();
const buildGraph = await loadBuildGraph();
const buildInstanceGraph = await loadBuildGraph('instance');
if (!load || !buildGraph || !buildInstanceGraph) {
	report({available: false});
} else {
	const workspace = await load({directory, environment: {}});
	for (const instance of workspace.instances.resourceInstances.values()) {
		void (instance as {value?: unknown}).value;
	}

	const loaded = step('load', workspace);
	let start = process.hrtime.bigint();
	const graph = buildGraph(workspace);
	const graphMs = Number(process.hrtime.bigint() - start) / 1e6;
	const withGraph = step('graph', graph);
	start = process.hrtime.bigint();
	const instanceGraph = buildInstanceGraph(workspace);
	const instanceGraphMs = Number(process.hrtime.bigint() - start) / 1e6;
	const withInstances = step('instances', instanceGraph);
	report({loaded, withGraph, withInstances, graphMs, instanceGraphMs, graphNodes: graph.nodeCount, graphEdges: graph.edgeCount, instanceNodes: instanceGraph.nodeCount, instanceEdges: instanceGraph.edgeCount});
}
