import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {median} from './statistics.js';

/*
Whole processes timed side by side, for the bench sections that compare tfscope with another tool (Terraform) or with itself started cold: wall time around the process and its CPU time (user + system of the process and its children, from bash's `times`), run in alternation A B A B so both sides see the same machine load, and the paired ratio B/A per round.

bash reads no start-up file here (`--norc --noprofile`, no BASH_ENV or ENV, stdin not a socket) and the CPU time is the difference of `times` after and before the command: Debian's bash sources ~/.bashrc even in `bash -c` when its stdin is a socket (it takes that for a remote shell; Node's spawn gives a child a socketpair for stdin) and SHLVL is below 2, which is how the bench runs from a tool that sets no SHLVL. A ~/.bashrc that runs `pyenv init` added 1.1-1.5 s of CPU (and its wall time) to every process timed, Node's empty program included (1,179 ms against /usr/bin/time's 90).
*/

export type ProcessSample = {
	readonly wallMs: number;
	readonly cpuMs: number;
	readonly status: number | undefined;
	readonly stdout: string;
	readonly stderr: string;
};

export type Command = {
	/** The program and its arguments, or a bash script (`shell`) for a pipeline of commands. */
	readonly argv?: readonly string[];
	readonly shell?: string;
	readonly cwd: string;
	readonly stdin?: string;
	readonly env?: Readonly<Record<string, string>>;
};

const scratch = mkdtempSync(path.join(os.tmpdir(), 'tfscope-bench-processes-'));
process.on('exit', () => {
	rmSync(scratch, {recursive: true, force: true});
});

const timesMarker = '@@tfscope-bench-times@@';

function secondsOf(text: string): number {
	const match = /^(\d+)m([\d.]+)s$/.exec(text);
	return match ? (Number(match[1]) * 60) + Number(match[2]) : Number.NaN;
}

/**
Runs one command to its end and times it. The command's stdout goes to a file (read afterwards), so a large output costs the pipe nothing.
*/
export function timeProcess(command: Command): ProcessSample {
	const stdinFile = path.join(scratch, 'stdin');
	const stdoutFile = path.join(scratch, 'stdout');
	writeFileSync(stdinFile, command.stdin ?? '');
	const body = command.shell ?? '"$@"';
	// `times` before and after: the command's own CPU time is the difference of the children's lines, whatever the shell ran before it.
	const script = `times >&2; { ${body} ; } < "$BENCH_STDIN" > "$BENCH_STDOUT"; code=$?; printf '\\n${timesMarker}\\n' >&2; times >&2; exit $code`;
	// NODE_EXTRA_CA_CERTS (set on some managed machines, this one included) makes every Node process read and parse a certificate bundle before any JavaScript runs (30-40 ms of CPU here): a cost of the machine's settings, not of either tool (tfscope connects nowhere; Go programs ignore it), so no process timed here has it, as in measure-tool.ts and the parse and explorer probes.
	const {NODE_EXTRA_CA_CERTS: _certificates, BASH_ENV: _bashEnvironment, ENV: _shellEnvironment, ...environment} = process.env;
	const start = process.hrtime.bigint();
	const result = spawnSync('bash', ['--norc', '--noprofile', '-c', script, 'bash', ...(command.argv ?? [])], {
		cwd: command.cwd,
		env: {...environment, ...command.env, BENCH_STDIN: stdinFile, BENCH_STDOUT: stdoutFile},
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
	// Each `times` prints the shell's own user and system time, then its children's: two lines before the command's stderr, two after the marker.
	const before = result.stderr.split('\n', 2);
	const marker = result.stderr.lastIndexOf(`\n${timesMarker}\n`);
	const after = result.stderr.slice(marker + timesMarker.length + 2).trimEnd().split('\n');
	const children = (line: string | undefined): number => {
		const [user = '', system = ''] = (line ?? '').split(' ');
		return (secondsOf(user) + secondsOf(system)) * 1000;
	};

	const cpuMs = marker === -1 ? Number.NaN : children(after.at(-1)) - children(before[1]);
	const stderrStart = before.join('\n').length + 1;
	return {
		wallMs, cpuMs, status: result.status ?? undefined, stdout: readFileSync(stdoutFile, 'utf8'), stderr: marker === -1 ? result.stderr : result.stderr.slice(stderrStart, marker).trimEnd(),
	};
}

export type PairedResult = {
	readonly rounds: number;
	/** Medians of each side. */
	readonly aWallMs: number;
	readonly aCpuMs: number;
	readonly bWallMs: number;
	readonly bCpuMs: number;
	/** B's time over A's, per round (wall clock). */
	readonly ratio: {readonly median: number; readonly min: number; readonly max: number};
	/** B's CPU time over A's, per round. */
	readonly cpuRatio: {readonly median: number; readonly min: number; readonly max: number};
	/** The warm-up runs, with their output (for checking that both sides agree). */
	readonly firstA: ProcessSample;
	readonly firstB: ProcessSample;
};

/**
The figures of a paired result, without the outputs: what a bench script reports.
*/
export function figures(result: PairedResult) {
	const {firstA, firstB, ...rest} = result;
	return {...rest, aStatus: firstA.status, bStatus: firstB.status};
}

function spread(values: readonly number[]) {
	return {median: median(values), min: Math.min(...values), max: Math.max(...values)};
}

/**
One warm-up of each, then `rounds` rounds of A then B (B then A every other round, so neither always runs second). Without `warmUpB`, B's first round stands for its warm-up too (its output is the one checked): for a B of many minutes (Terraform's plan of 4x), whose start is a small part of it.
*/
export function paired(a: Command, b: Command, rounds: number, {warmUpB = true}: {readonly warmUpB?: boolean} = {}): PairedResult {
	const firstA = timeProcess(a);
	let firstB = warmUpB ? timeProcess(b) : undefined;
	const as: ProcessSample[] = [];
	const bs: ProcessSample[] = [];
	const timeB = (): void => {
		const sample = timeProcess(b);
		firstB ??= sample;
		bs.push(sample);
	};

	for (let round = 0; round < rounds; round++) {
		if (round % 2 === 0) {
			as.push(timeProcess(a));
			timeB();
		} else {
			timeB();
			as.push(timeProcess(a));
		}
	}

	return {
		rounds,
		aWallMs: median(as.map(sample => sample.wallMs)),
		aCpuMs: median(as.map(sample => sample.cpuMs)),
		bWallMs: median(bs.map(sample => sample.wallMs)),
		bCpuMs: median(bs.map(sample => sample.cpuMs)),
		ratio: spread(as.map((sample, index) => bs[index]!.wallMs / sample.wallMs)),
		cpuRatio: spread(as.map((sample, index) => bs[index]!.cpuMs / sample.cpuMs)),
		firstA,
		firstB: firstB!,
	};
}

/**
Whether a program can be run (`terraform version`), without failing the bench when it cannot.
*/
export function available(program: string, argv: readonly string[] = ['version']): boolean {
	const result = spawnSync(program, argv, {stdio: 'ignore'});
	return result.error === undefined && result.status === 0;
}
