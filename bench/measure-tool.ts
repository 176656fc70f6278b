import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {timeProcess} from './processes.js';
import {repositoryRoot} from './stages.js';
import {median, report} from './statistics.js';

/*
Child process: the installed tool on one configuration, as a user runs it: whole processes of the bundle (distribution/cli.js, `npm run build`) for `check` (every value evaluated), `instances --json` and `graph --instances --format json` (the largest output), each timed (wall and CPU) with its peak resident memory, which bench/peak-probe.cjs reads inside the process as it exits. Output goes to /dev/null. What the in-process measurements cannot show: Node's start, cold code, the tool's V8 settings, and no tsx (about 60 MB of the in-process peaks).
Usage: node --import tsx bench/measure-tool.ts DIRECTORY ROUNDS
*/

const [directory = '.', roundsText = '3'] = process.argv.slice(2);
const rounds = Math.max(1, Number(roundsText));
const cli = path.join(repositoryRoot, 'distribution', 'cli.js');
if (!existsSync(cli)) {
	report({available: true, error: 'no bundle: run npm run build first'});
	process.exit(0);
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'tfscope-bench-tool-'));
const peakFile = path.join(scratch, 'peak.json');
const probe = path.join(repositoryRoot, 'bench', 'peak-probe.cjs');
const commands: Array<{name: string; argv: readonly string[]}> = [
	{name: 'check', argv: ['check', directory]},
	{name: 'instances --json', argv: ['instances', '--json', directory]},
	{name: 'graph --instances --format json', argv: ['graph', '--instances', '--format', 'json', directory]},
];

type Sample = {wallMs: number; cpuMs: number; peakMb: number; status: number | undefined};

function once(argv: readonly string[]): Sample | undefined {
	rmSync(peakFile, {force: true});
	// NODE_EXTRA_CA_CERTS (set on some managed machines) makes Node parse a certificate bundle before any JavaScript runs: not tfscope's cost (see measure-start.ts).
	const sample = timeProcess({
		argv: ['env', '-u', 'NODE_EXTRA_CA_CERTS', process.execPath, '--require', probe, cli, ...argv],
		shell: '"$@" > /dev/null',
		cwd: scratch,
		env: {CI: '0', NO_COLOR: '1', TFSCOPE_PEAK_FILE: peakFile},
	});
	if (!existsSync(peakFile)) {
		return undefined;
	}

	const {peakMb} = JSON.parse(readFileSync(peakFile, 'utf8')) as {peakMb: number};
	return {wallMs: sample.wallMs, cpuMs: sample.cpuMs, peakMb, status: sample.status};
}

const results = commands.map(({name, argv}) => {
	// One warm-up (the file cache, the code cache), then the rounds.
	once(argv);
	const samples = Array.from({length: rounds}, () => once(argv)).filter(sample => sample !== undefined);
	if (samples.length === 0) {
		return {name, error: 'no sample'};
	}

	return {
		name,
		status: samples[0]!.status,
		wallMs: median(samples.map(sample => sample.wallMs)),
		cpuMs: median(samples.map(sample => sample.cpuMs)),
		peakMb: median(samples.map(sample => sample.peakMb)),
		maxPeakMb: Math.max(...samples.map(sample => sample.peakMb)),
		samples: samples.length,
	};
});

rmSync(scratch, {recursive: true, force: true});
report({available: true, rounds, commands: results});
