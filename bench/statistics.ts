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
CPU time (user + system) of this process since `start` (a `process.cpuUsage()` reading), in ms: on a machine shared with other work it tells the cost apart from the waiting.
*/
export function cpuMilliseconds(start: NodeJS.CpuUsage): number {
	const {user, system} = process.cpuUsage(start);
	return (user + system) / 1000;
}
