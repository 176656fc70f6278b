import {execFileSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {timeProcess} from './processes.js';
import {repositoryRoot} from './stages.js';
import {median, report} from './statistics.js';

/*
Child process: the installed tool on one configuration, as a user runs it: whole processes of the bundle (distribution/cli.js, `npm run build`) for `check` (every value evaluated), `instances --json` and `graph --instances --format json` (the largest output), each timed (wall and CPU) with its peak resident memory, which bench/peak-probe.cjs reads inside the process as it exits. Output goes to /dev/null. And the explorer in a terminal (tmux, when installed) from its start until the status bar counts the diagnostics (every module and resource instance made and every value checked, the block graph built), then `q`: the time to that screen and the process's peak memory, the most the product holds in one process. What the in-process measurements cannot show: Node's start, cold code, the tool's V8 settings, and no tsx (about 60 MB of the in-process peaks).
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

type ExplorerSample = {loadedMs: number; cpuMs: number; peakMb: number};

const sleep = (milliseconds: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);

/**
One explorer session in a private tmux server: started, watched until the status bar counts errors and warnings (polled every 50 ms, so the time is to within that), then quit. Undefined without tmux or when the screen never came.
*/
function explorerOnce(): ExplorerSample | undefined {
	const server = ['-L', `tfscope-bench-${process.pid}`];
	const tmux = (...argv: string[]) => execFileSync('tmux', [...server, ...argv], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']});
	rmSync(peakFile, {force: true});
	const quoted = (text: string) => `'${text.replaceAll('\'', '\'\\\'\'')}'`;
	const command = ['env', '-u', 'NODE_EXTRA_CA_CERTS', 'CI=0', `TFSCOPE_PEAK_FILE=${peakFile}`, process.execPath, '--require', probe, cli, path.resolve(directory)].map(quoted).join(' ');
	try {
		const start = performance.now();
		// Wide enough that the status bar spells out "N errors, M warnings".
		tmux('new-session', '-d', '-x', '200', '-y', '50', '-c', scratch, command);
		let loadedMs: number | undefined;
		while (performance.now() - start < 300_000) {
			if (/\d+ errors?, \d+ warnings?/.test(tmux('capture-pane', '-p'))) {
				loadedMs = performance.now() - start;
				break;
			}

			sleep(50);
		}

		tmux('send-keys', 'q');
		for (let waited = 0; waited < 30_000 && !existsSync(peakFile); waited += 50) {
			sleep(50);
		}

		if (loadedMs === undefined || !existsSync(peakFile)) {
			return undefined;
		}

		const {peakMb, cpuMs} = JSON.parse(readFileSync(peakFile, 'utf8')) as {peakMb: number; cpuMs: number};
		return {loadedMs, cpuMs, peakMb};
	} catch {
		return undefined;
	} finally {
		try {
			tmux('kill-server');
		} catch {}
	}
}

function explorerFigures() {
	try {
		execFileSync('tmux', ['-V'], {stdio: 'ignore'});
	} catch {
		return {error: 'tmux is not installed'};
	}

	explorerOnce();
	const samples = Array.from({length: rounds}, () => explorerOnce()).filter(sample => sample !== undefined);
	if (samples.length === 0) {
		return {error: 'no sample'};
	}

	return {
		loadedMs: median(samples.map(sample => sample.loadedMs)),
		cpuMs: median(samples.map(sample => sample.cpuMs)),
		peakMb: median(samples.map(sample => sample.peakMb)),
		maxPeakMb: Math.max(...samples.map(sample => sample.peakMb)),
		samples: samples.length,
	};
}

const explorer = explorerFigures();
rmSync(scratch, {recursive: true, force: true});
report({available: true, rounds, commands: results, explorer});
