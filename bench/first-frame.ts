import {existsSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {timeProcess} from './processes.js';
import {repositoryRoot} from './stages.js';

/*
One start of the installed explorer (distribution/cli.js DIRECTORY) in a pseudo-terminal (`script`), up to its first frame that shows the module tree: bench/first-frame-probe.cjs, preloaded, reads the process's CPU time and age at that frame and ends it there. Shared by bench/measure-start.ts (the bundled example) and bench/measure-frame.ts (large and real configurations, against `check`).
*/

export type FirstFrame = {readonly cpuMs: number; readonly wallMs: number};

const probe = path.join(repositoryRoot, 'bench', 'first-frame-probe.cjs');

/**
Starts the explorer on `directory` once and returns its first frame's figures, or undefined when no frame showed the module tree (the process failed or timed out). `scratch` is a directory for the probe's file; the terminal is `columns` x `rows`.
*/
export function firstFrame(cli: string, directory: string, scratch: string, {columns = 160, rows = 48, timeoutSeconds = 300} = {}): FirstFrame | undefined {
	const frameFile = path.join(scratch, 'first-frame.json');
	rmSync(frameFile, {force: true});
	// NODE_EXTRA_CA_CERTS (set on some managed machines, this one included) makes every Node process parse a certificate bundle before any JavaScript runs, 50-100 ms of CPU that is no part of tfscope: unset, as timeProcess does for every process it times.
	const command = `stty cols ${columns} rows ${rows}; exec timeout --foreground ${timeoutSeconds} env -u NODE_EXTRA_CA_CERTS CI=0 TFSCOPE_FIRST_FRAME_FILE='${frameFile}' '${process.execPath}' --require '${probe}' '${cli}' '${directory}'`;
	timeProcess({argv: ['script', '-qfec', command, '/dev/null'], cwd: scratch});
	return existsSync(frameFile) ? JSON.parse(readFileSync(frameFile, 'utf8')) as FirstFrame : undefined;
}
