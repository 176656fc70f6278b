import {spawn} from 'node:child_process';
/*
Small helpers shared by the bench scripts.
*/

export function median(samples: readonly number[]): number {
	return percentile(samples, 50);
}

/**
The nearest-rank percentile (p in 0..100) of the samples; NaN for none.
*/
export function percentile(samples: readonly number[], p: number): number {
	if (samples.length === 0) {
		return Number.NaN;
	}

	const sorted = [...samples].sort((a, b) => a - b);
	const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
	return sorted[Math.min(rank, sorted.length) - 1]!;
}

export function milliseconds(start: bigint): number {
	return Number(process.hrtime.bigint() - start) / 1e6;
}

export function now(): bigint {
	return process.hrtime.bigint();
}

/**
Peak resident set size of this process so far, in MB.
*/
export function peakRssMegabytes(): number {
	return process.resourceUsage().maxRSS / 1024;
}

export function collectGarbage(): void {
	const gc = (globalThis as {gc?: () => void}).gc;
	gc?.();
}

/**
A child script reports one JSON object on its last stdout line, after this marker.
*/
export const resultMarker = 'BENCH-RESULT ';

export function report(result: unknown): void {
	process.stdout.write(`${resultMarker}${JSON.stringify(result)}\n`);
}

/**
What a bench child process reported (its `report` line), or how it ended without one: its exit code or signal (SIGKILL after `timeoutMs`) and the last lines of its stderr.
*/
export async function runReporting(argv: readonly string[], options: {readonly cwd: string; readonly env?: NodeJS.ProcessEnv; readonly timeoutMs: number}): Promise<{readonly result?: Record<string, unknown>; readonly ended: string; readonly stderr: string}> {
	return new Promise(resolve => {
		const child = spawn(argv[0]!, argv.slice(1), {cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe']});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => {
			stdout += chunk.toString();
		});
		child.stderr.on('data', (chunk: Buffer) => {
			stderr += chunk.toString();
		});
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
		}, options.timeoutMs);
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			const line = stdout.split('\n').find(candidate => candidate.startsWith(resultMarker));
			resolve({
				...(line && {result: JSON.parse(line.slice(resultMarker.length)) as Record<string, unknown>}),
				ended: signal === 'SIGKILL' ? `timed out after ${options.timeoutMs / 1000} s` : signal ?? `exit ${String(code)}`,
				stderr,
			});
		});
	});
}

/**
CPU time (user + system) of this process since `start` (a `process.cpuUsage()` reading), in ms: on a machine shared with other work it tells the cost apart from the waiting.
*/
export function cpuMilliseconds(start: NodeJS.CpuUsage): number {
	const {user, system} = process.cpuUsage(start);
	return (user + system) / 1000;
}

/**
Runs one measured step after a garbage collection: its result, wall time and CPU time.
*/
export async function timed<Result>(work: () => Promise<Result> | Result): Promise<{readonly result: Result; readonly ms: number; readonly cpuMs: number}> {
	collectGarbage();
	const cpu = process.cpuUsage();
	const start = now();
	const result = await work();
	return {result, ms: milliseconds(start), cpuMs: cpuMilliseconds(cpu)};
}
