import path from 'node:path';
import process from 'node:process';
import {openEstate} from '../source/terragrunt/estate.js';
import {estateDiagnostics} from '../source/terragrunt/estate-commands.js';
import {writeEstate} from './generate-estate.js';
import {collectGarbage, cpuMilliseconds, milliseconds, now, peakRssMegabytes, report} from './statistics.js';

/*
Child process: a generated Terragrunt estate of UNITS units (bench/generate-estate.ts, written into DIRECTORY). Measures (a) the unit tree: discovery and every unit's configuration evaluated (includes, locals, read_terragrunt_config, dependency blocks; no module loaded), what the unit tree needs; (b) `check` of the whole estate: every unit's module loaded with its inputs and dependency outputs, every value evaluated, every diagnostic collected; and the peak resident memory of the process.
Usage: node --import tsx --expose-gc bench/measure-estate.ts DIRECTORY UNITS
*/

const [directory = '.', unitsText = '100'] = process.argv.slice(2);
const written = writeEstate(directory, Number(unitsText));
const live = path.join(directory, 'live');
collectGarbage();
let cpu = process.cpuUsage();
let start = now();
const estate = openEstate({root: live, workspaceOptions: {expansion: 'on-demand'}});
// The unit tree as first shown: folders and units, nothing evaluated yet (a unit is evaluated when opened).
const folders = new Set(estate.units.flatMap(unit => unit.path.split('/').slice(0, -1).map((_part, index, parts) => parts.slice(0, index + 1).join('/'))));
const discoveryMs = milliseconds(start);
const discoveryCpuMs = cpuMilliseconds(cpu);
cpu = process.cpuUsage();
start = now();
for (const unit of estate.units) {
	estate.shallow(unit);
}

const edges = estate.graph().edges.length;
const treeMs = milliseconds(start);
const treeCpuMs = cpuMilliseconds(cpu);
cpu = process.cpuUsage();
start = now();
const checked = await estateDiagnostics(estate);
const checkMs = milliseconds(start);
const checkCpuMs = cpuMilliseconds(cpu);
report({
	units: estate.units.length, folders: folders.size, files: written.files, discoveryMs, discoveryCpuMs, edges, treeMs, treeCpuMs, checkMs, checkCpuMs, diagnostics: checked.diagnostics.length, errors: checked.diagnostics.filter(diagnostic => diagnostic.severity === 'error').length, peakMb: peakRssMegabytes(),
});
