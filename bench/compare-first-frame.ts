import {mkdirSync, mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {type FirstFrame, firstFrame} from './first-frame.js';
import {timeProcess} from './processes.js';
import {median} from './statistics.js';

/*
Paired first frames of two builds (before / after a change), alternated A B B A, on the same configurations, with `check` of build B beside them: how a change to the explorer's start is measured on this shared machine, where the load moves more than most changes do. Each build is a directory holding distribution/ (and schemas/ beside it, as the package has them).
Usage: node --import tsx bench/compare-first-frame.ts ROUNDS BUILD_A BUILD_B DIRECTORY...
Prints one line per configuration: medians of A's and B's first-frame CPU, check's CPU, and the ratios; and the load average before and after.
*/

const [roundsText = '5', buildA = '', buildB = '', ...directories] = process.argv.slice(2);
const rounds = Math.max(1, Number(roundsText));
const cliOf = (build: string) => path.join(path.resolve(build), 'distribution', 'cli.js');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'tfscope-compare-frame-'));
// Each build keeps its code caches in a temporary directory of its own: the shared one's are removed by other builds' runs (cli-loader.ts keeps the caches of the two builds used last).
const temporaryOf = (build: string) => {
	const directory = path.join(scratch, `tmp-${build === buildA ? 'a' : 'b'}`);
	mkdirSync(directory, {recursive: true});
	return directory;
};

const load = () => os.loadavg().map(value => value.toFixed(1)).join(' ');
console.log(`load average at start ${load()}`);
for (const directory of directories.map(name => path.resolve(name))) {
	const a: number[] = [];
	const b: number[] = [];
	const checks: number[] = [];
	const take = (build: string, into: number[]) => {
		process.env['TMPDIR'] = temporaryOf(build);
		const frame: FirstFrame | undefined = firstFrame(cliOf(build), directory, scratch);
		if (frame) {
			into.push(frame.cpuMs);
		}
	};

	// Warm-up: the file cache and each build's code cache.
	take(buildA, []);
	take(buildB, []);
	timeProcess({argv: [process.execPath, cliOf(buildB), 'check', directory], cwd: scratch, env: {CI: '0', NO_COLOR: '1', TMPDIR: temporaryOf(buildB)}});
	for (let round = 0; round < rounds; round++) {
		if (round % 2 === 0) {
			take(buildA, a);
			take(buildB, b);
		} else {
			take(buildB, b);
			take(buildA, a);
		}

		checks.push(timeProcess({argv: [process.execPath, cliOf(buildB), 'check', directory], cwd: scratch, env: {CI: '0', NO_COLOR: '1', TMPDIR: temporaryOf(buildB)}}).cpuMs);
	}

	const [ma, mb, mc] = [median(a), median(b), median(checks)];
	console.log(`${path.relative(process.cwd(), directory) || directory}: A ${ma.toFixed(0)} ms (${a.map(value => value.toFixed(0)).join(' ')}), B ${mb.toFixed(0)} ms (${b.map(value => value.toFixed(0)).join(' ')}), check ${mc.toFixed(0)} ms; A/check ${(ma / mc).toFixed(2)}x, B/check ${(mb / mc).toFixed(2)}x, B/A ${(mb / ma).toFixed(2)}`);
}

console.log(`load average at end ${load()}`);
rmSync(scratch, {recursive: true, force: true});
