import process from 'node:process';
import {loadWorkspace} from '../source/workspace.js';
import {measureLoad, type LoadStages} from './load-measurement.js';
import type {LoadWorkspace} from './stages.js';
import {report} from './statistics.js';

/*
Load + evaluate every value alone (no graphs), bundled as the tool ships by bench/paired-evaluate.ts to compare two trees in alternating processes: node BUNDLE DIRECTORY RUNS.
*/

const [directory = '.', runsText = '3'] = process.argv.slice(2);
const stages: LoadStages = {load: loadWorkspace as unknown as LoadWorkspace};
report(await measureLoad(stages, directory, Math.max(0, Number(runsText))));
