import {existsSync, mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {isDeepStrictEqual} from 'node:util';
import {generateParseCorpus} from './generate.js';
import {type Command, type ProcessSample, figures, paired, timeProcess} from './processes.js';
import {repositoryRoot} from './stages.js';
import {median, report} from './statistics.js';

/*
Child process: the parse corpus as a user runs it, whole processes on the same files written to disk, in alternation (bench/processes.ts):
- A: @cdktf/hcl2json in one Node process (bench/hcl2json-process.mjs: read each file, parse, print one JSON line);
- B: `tfscope parse --json FILE...` from the bundle (distribution/cli.js, `npm run build`), one process for all the files.
Both include Node's start; the ratio is A's time over B's (how many times faster tfscope is), per round. Both outputs must agree file by file (compared as parsed JSON): a fast wrong answer is no answer.
The floor: a Node process that reads the same files and looks once at each byte (bench/read-floor.mjs), timed whole and for its own work after Node's start.
Usage: node --import tsx bench/measure-parse-process.ts MINIMUM_BYTES ROUNDS
*/

const [minimumText = '20000000', roundsText = '3'] = process.argv.slice(2);
const rounds = Math.max(1, Number(roundsText));
const cli = path.join(repositoryRoot, 'distribution', 'cli.js');
if (!existsSync(cli)) {
	report({available: true, error: 'no bundle: run npm run build first'});
	process.exit(0);
}

const directory = path.join(repositoryRoot, 'bench', 'generated', 'parse-corpus');
rmSync(directory, {recursive: true, force: true});
const files = generateParseCorpus(Number(minimumText));
for (const file of files) {
	const target = path.join(directory, file.path);
	mkdirSync(path.dirname(target), {recursive: true});
	writeFileSync(target, file.text);
}

const paths = files.map(file => file.path);
const bytes = files.reduce((sum, file) => sum + Buffer.byteLength(file.text), 0);
// NODE_EXTRA_CA_CERTS (set on some managed machines) makes every Node process parse a certificate bundle first: no part of either tool.
const node = (script: string, ...argv: string[]): Command => ({argv: ['env', '-u', 'NODE_EXTRA_CA_CERTS', process.execPath, script, ...argv], cwd: directory, env: {CI: '0', NO_COLOR: '1'}});
const result = paired(node(path.join(repositoryRoot, 'bench', 'hcl2json-process.mjs'), ...paths), node(cli, 'parse', '--json', ...paths), rounds);

type Line = {file: string; json?: unknown};
function lines(sample: ProcessSample): Line[] {
	return sample.stdout.trimEnd().split('\n').filter(line => line !== '').map(line => JSON.parse(line) as Line);
}

const oracleLines = lines(result.firstA);
const ourLines = lines(result.firstB);
const agreeing = oracleLines.filter((line, index) => {
	const ours = ourLines[index];
	return line.json !== undefined && ours?.file === line.file && isDeepStrictEqual(ours.json, line.json);
}).length;

// The floor, as many times, after one warm-up run.
const floorSamples = Array.from({length: rounds + 1}, () => timeProcess(node(path.join(repositoryRoot, 'bench', 'read-floor.mjs'), ...paths))).slice(1);
const floorInside = floorSamples.map(sample => JSON.parse(sample.stdout) as {ms: number; cpuMs: number});
const megabytesPerSecond = (milliseconds: number) => bytes / 1e6 / (milliseconds / 1000);
const fastest = {median: 1 / result.ratio.median, min: 1 / result.ratio.max, max: 1 / result.ratio.min};
const fastestCpu = {median: 1 / result.cpuRatio.median, min: 1 / result.cpuRatio.max, max: 1 / result.cpuRatio.min};
const {aWallMs, aCpuMs, bWallMs, bCpuMs, aStatus, bStatus} = figures(result);
const floorWallMs = median(floorSamples.map(sample => sample.wallMs));
const floorCpuMs = median(floorSamples.map(sample => sample.cpuMs));
const floorReadMs = median(floorInside.map(inside => inside.ms));
report({
	available: true,
	bytes,
	files: files.length,
	rounds,
	hcl2json: {wallMs: aWallMs, cpuMs: aCpuMs, status: aStatus, megabytesPerSecond: megabytesPerSecond(aWallMs)},
	tfscope: {wallMs: bWallMs, cpuMs: bCpuMs, status: bStatus, megabytesPerSecond: megabytesPerSecond(bWallMs), cpuMegabytesPerSecond: megabytesPerSecond(bCpuMs)},
	speedup: fastest,
	cpuSpeedup: fastestCpu,
	floor: {wallMs: floorWallMs, cpuMs: floorCpuMs, megabytesPerSecond: megabytesPerSecond(floorWallMs), cpuMegabytesPerSecond: megabytesPerSecond(floorCpuMs), readMs: floorReadMs, readMegabytesPerSecond: megabytesPerSecond(floorReadMs)},
	agreeing,
	oracleFiles: oracleLines.length,
});
