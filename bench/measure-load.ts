import process from 'node:process';
import {measureBuiltLoad} from './built-load.js';
import {firstRun, measureLoad, peakFigures, type LoadStages} from './load-measurement.js';
import {loadBuildGraph, loadGraphQueries, loadLoadWorkspace} from './stages.js';
import {report} from './statistics.js';

/*
Child process: load + evaluate + expand one generated configuration, then build its graph and query the dependents of one node (bench/load-measurement.ts).
Usage: node --import tsx --expose-gc bench/measure-load.ts DIRECTORY RUNS
Measured twice, each time in a fresh process:
- under tsx, here: one run (the warm-up), for its peak memory (the `…TsxMb` figures and `warmUpTsx`);
- as the tool ships, in a process of plain Node running the sources bundled as scripts/build.ts bundles them (bench/built-load.ts): the warm-up then RUNS timed runs, which give every other figure (`built: true`).
When the bundle cannot be made or run, or under --cpu-prof (`built: false`, `builtError` says why), every figure comes from the sources under tsx, as before: the timed runs follow the warm-up here.
In each process, the first run is the warm-up and gives the peak memory of one load (the process has loaded nothing else); the timed figures are medians of the RUNS runs after it.
*/

const [directory = '.', runsText = '3'] = process.argv.slice(2);
const runs = Math.max(1, Number(runsText));

const load = await loadLoadWorkspace();
if (load) {
	const stages: LoadStages = {
		load, buildGraph: await loadBuildGraph(), buildInstanceGraph: await loadBuildGraph('instance'), queries: await loadGraphQueries(),
	};
	const tsx = await firstRun(stages, directory);
	const peaks = peakFigures(tsx.peaks, tsx.peakMb);
	// The same peaks under tsx: what `node --import tsx` adds (its loader, its thread, the sources compiled through it) shows beside the built figures.
	const tsxFigures = {
		peakExpandTsxMb: peaks.peakExpandMb,
		peakLoadTsxMb: peaks.peakLoadMb,
		peakGraphTsxMb: peaks.peakGraphMb,
		peakInstanceGraphTsxMb: peaks.peakInstanceGraphMb,
		peakTsxMb: peaks.peakMb,
		warmUpTsx: tsx.sample,
	};
	// Under --cpu-prof (bench/profile.ts), the sources are what is profiled: the bundle would name one file for every function.
	const built = process.execArgv.some(option => option.startsWith('--cpu-prof')) ? {error: 'profiling the sources'} : await measureBuiltLoad(directory, runs);
	if ('figures' in built) {
		// The built process loaded the same configuration into the same graphs.
		const same = Object.entries(tsx.summary).every(([key, value]) => JSON.stringify(built.figures[key]) === JSON.stringify(value));
		report({...built.figures, built: true, ...(!same && {builtDiffers: true}), ...tsxFigures});
	} else {
		process.stderr.write(`the built load could not be measured (${built.error}): measuring the sources under tsx\n`);
		report({...await measureLoad(stages, directory, runs, tsx), built: false, builtError: built.error, ...tsxFigures});
	}
} else {
	report({available: false});
}
