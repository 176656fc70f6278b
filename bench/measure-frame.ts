import {existsSync, mkdirSync, mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {type FirstFrame, firstFrame} from './first-frame.js';
import {available, timeProcess} from './processes.js';
import {repositoryRoot} from './stages.js';
import {median, report} from './statistics.js';

/*
Child process: what the explorer's first frame costs against `tfscope check` on the same configuration (issue 35: at most 0.5x its CPU time), as whole processes from the bundle (distribution/cli.js, `npm run build`), in alternation (first frame then check, check then first frame every other round) so both see the same machine load. The first frame's CPU time is read inside the process at the frame that shows the module tree (bench/first-frame.ts), `check`'s around the whole process (bash's `times`); both without NODE_EXTRA_CA_CERTS. One warm-up of each (file cache), then ROUNDS rounds.
Usage: node --import tsx bench/measure-frame.ts ROUNDS NAME=DIRECTORY...
*/

const [roundsText = '5', ...named] = process.argv.slice(2);
const rounds = Math.max(1, Number(roundsText));
const cli = path.join(repositoryRoot, 'distribution', 'cli.js');
if (!existsSync(cli)) {
	report({available: true, error: 'no bundle: run npm run build first'});
	process.exit(0);
}

if (!available('script', ['--version'])) {
	report({available: true, error: 'no `script` (util-linux) to give the explorer a terminal'});
	process.exit(0);
}

type Spread = {readonly median: number; readonly min: number; readonly max: number};
const spread = (values: readonly number[]): Spread | undefined => (values.length === 0 ? undefined : {median: median(values), min: Math.min(...values), max: Math.max(...values)});

const scratch = mkdtempSync(path.join(os.tmpdir(), 'tfscope-bench-frame-'));
// The processes keep their code caches (cli-loader.ts) in a temporary directory of this run's own: in the shared one, other builds' runs remove them (the caches of the two builds used last are kept), and a start without its cache compiles the whole build.
const temporary = path.join(scratch, 'tmp');
mkdirSync(temporary);
process.env['TMPDIR'] = temporary;
const configurations = [];
for (const entry of named) {
	const separator = entry.indexOf('=');
	const name = entry.slice(0, separator);
	const directory = entry.slice(separator + 1);
	const check = () => timeProcess({argv: [process.execPath, cli, 'check', directory], cwd: scratch, env: {CI: '0', NO_COLOR: '1'}});
	const frames: FirstFrame[] = [];
	const checks: number[] = [];
	const ratios: number[] = [];
	firstFrame(cli, directory, scratch);
	const warmUp = check();
	for (let round = 0; round < rounds; round++) {
		let frame: FirstFrame | undefined;
		let checkCpuMs: number;
		if (round % 2 === 0) {
			frame = firstFrame(cli, directory, scratch);
			checkCpuMs = check().cpuMs;
		} else {
			checkCpuMs = check().cpuMs;
			frame = firstFrame(cli, directory, scratch);
		}

		checks.push(checkCpuMs);
		if (frame) {
			frames.push(frame);
			ratios.push(frame.cpuMs / checkCpuMs);
		}
	}

	configurations.push({
		name,
		directory: path.relative(repositoryRoot, directory),
		// check exits 1 when it finds an error: its time is what is compared either way.
		checkStatus: warmUp.status,
		frames: frames.length,
		firstFrameCpuMs: spread(frames.map(frame => frame.cpuMs)),
		firstFrameWallMs: spread(frames.map(frame => frame.wallMs)),
		checkCpuMs: spread(checks),
		cpuRatio: spread(ratios),
	});
}

rmSync(scratch, {recursive: true, force: true});
report({available: true, rounds, configurations});
