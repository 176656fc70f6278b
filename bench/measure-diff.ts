import {cpSync, mkdtempSync, readdirSync, rmSync, statSync, appendFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {diffWorkspaces} from '../source/diff/index.js';
import {loadWorkspace} from '../source/workspace.js';
import {median, report, timed} from './statistics.js';
import {readValues} from './read-values.js';

/*
Child process: the cost of `tfscope diff` against the cost of one load. Copies a generated configuration, changes one module directory of the copy (one more resource block), then measures (a) loading the original and reading every managed resource instance's value, which a diff needs of each side, and (b) the whole diff: both sides loaded and compared.
Usage: node --import tsx --expose-gc bench/measure-diff.ts DIRECTORY RUNS
*/

const [directory = '.', runsText = '3'] = process.argv.slice(2);
const runs = Math.max(1, Number(runsText));

function firstModuleDirectory(root: string): string {
	const queue = [root];
	while (queue.length > 0) {
		const current = queue.shift()!;
		const entries = readdirSync(current).sort();
		if (current !== root && entries.some(name => name.endsWith('.tf'))) {
			return current;
		}

		queue.push(...entries.map(name => path.join(current, name)).filter(entry => statSync(entry).isDirectory()));
	}

	throw new Error(`no module directory under ${root}`);
}

const after = mkdtempSync(path.join(os.tmpdir(), 'tfscope-bench-diff-'));
cpSync(directory, after, {recursive: true});
const changed = firstModuleDirectory(after);
appendFileSync(path.join(changed, 'bench-diff.tf'), 'resource "terraform_data" "bench_diff_added" {\n  input = "added by measure-diff"\n}\n');

type Sample = {loadMs: number; loadCpuMs: number; diffMs: number; diffCpuMs: number; changes: number};
const samples: Sample[] = [];
try {
	for (let run = 0; run <= runs; run++) {
		// eslint-disable-next-line no-await-in-loop -- one measurement at a time
		const {ms: loadMs, cpuMs: loadCpuMs} = await timed(async () => readValues(await loadWorkspace({directory, environment: {}}), 'managed'));
		// eslint-disable-next-line no-await-in-loop -- one measurement at a time
		const {result: diff, ms: diffMs, cpuMs: diffCpuMs} = await timed(async () => diffWorkspaces(await loadWorkspace({directory, environment: {}}), await loadWorkspace({directory: after, environment: {}})));
		// The first run warms up.
		if (run > 0) {
			samples.push({loadMs, loadCpuMs, diffMs, diffCpuMs, changes: diff.changes.length});
		}
	}
} finally {
	rmSync(after, {recursive: true, force: true});
}

const loadCpuMs = median(samples.map(sample => sample.loadCpuMs));
const diffCpuMs = median(samples.map(sample => sample.diffCpuMs));
report({
	available: true,
	changedModule: path.relative(after, changed),
	changes: samples[0]?.changes,
	loadMs: median(samples.map(sample => sample.loadMs)),
	loadCpuMs,
	diffMs: median(samples.map(sample => sample.diffMs)),
	diffCpuMs,
	ratioCpu: diffCpuMs / loadCpuMs,
});
