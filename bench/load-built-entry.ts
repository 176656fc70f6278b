import process from 'node:process';
import {loadWorkspace} from '../source/workspace.js';
import {buildGraph, buildInstanceGraph} from '../source/graph/index.js';
import {dependents, transitiveDependents} from '../source/graph/queries.js';
import {measureLoad, type LoadStages} from './load-measurement.js';
import type {BuildGraph, GraphQueries, LoadWorkspace} from './stages.js';
import {report} from './statistics.js';

/*
The entry bench/built-load.ts bundles: bench/load-measurement.ts over the sources' stages imported statically, so that esbuild builds them the way the tool ships. Run by bench/measure-load.ts with plain Node (no tsx): node --expose-gc BUNDLE DIRECTORY RUNS.
*/

const [directory = '.', runsText = '3'] = process.argv.slice(2);
const stages: LoadStages = {
	load: loadWorkspace as unknown as LoadWorkspace,
	buildGraph: buildGraph as unknown as BuildGraph,
	buildInstanceGraph: buildInstanceGraph as unknown as BuildGraph,
	queries: {dependents, transitiveDependents} as unknown as GraphQueries,
};
report(await measureLoad(stages, directory, Math.max(0, Number(runsText))));
