import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {generateConfiguration, sizePreset, writeConfiguration} from './generate.js';
import {repositoryRoot} from './stages.js';

/*
Where the time goes: runs one bench stage under `node --cpu-prof` and prints the functions with the most self time (and the files they are in), to find what to fix when a target is missed.
Usage: tsx bench/profile.ts load|console|parse|ui [SCALE]
*/

type ProfileNode = {
	readonly id: number;
	readonly callFrame: {readonly functionName: string; readonly url: string; readonly lineNumber: number};
	readonly children?: readonly number[];
};

type Profile = {
	readonly nodes: readonly ProfileNode[];
	readonly samples: readonly number[];
	readonly timeDeltas: readonly number[];
};

const [stage = 'load', scaleText = '4'] = process.argv.slice(2);
const scale = Number(scaleText);
const directory = path.join(repositoryRoot, 'bench', 'generated', `${scale}x`);
// Generated once (deterministic); regenerating under a running stage would pull files from under it.
if (!existsSync(path.join(directory, 'main.tf'))) {
	writeConfiguration(generateConfiguration(sizePreset(scale)), directory);
}
const profileDirectory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-profile-'));
const scripts: Record<string, string[]> = {
	load: ['measure-load.ts', directory, '1'],
	console: ['measure-console.ts', directory, '20'],
	parse: ['measure-parse.ts', 'tfscope', '20000000', '2'],
	// 200 key presses (12 s), so the presses, not the load before them, dominate the profile.
	ui: ['measure-ui.tsx', directory, '200'],
};
const [script, ...parameters] = scripts[stage] ?? scripts['load']!;
const child = spawnSync(process.execPath, ['--max-old-space-size=3000', '--cpu-prof', `--cpu-prof-dir=${profileDirectory}`, '--expose-gc', '--import', 'tsx', path.join(repositoryRoot, 'bench', script!), ...parameters], {
	cwd: repositoryRoot,
	encoding: 'utf8',
	maxBuffer: 64 * 1024 * 1024,
	// The profile is written when the process exits; a stage that never finishes is stopped with SIGINT, which still writes it.
	timeout: 600_000,
	killSignal: 'SIGINT',
});
process.stderr.write(child.stderr.split('\n').filter(line => !line.includes('nodedir')).join('\n'));
process.stdout.write(`${child.stdout.trim().split('\n').at(-1) ?? ''}\n\n`);

const file = readdirSync(profileDirectory).find(name => name.endsWith('.cpuprofile'));
if (!file) {
	process.stderr.write('no profile written\n');
	process.exit(1);
}

const profile = JSON.parse(readFileSync(path.join(profileDirectory, file), 'utf8')) as Profile;
rmSync(profileDirectory, {recursive: true, force: true});
const selfTime = new Map<number, number>();
for (const [index, sample] of profile.samples.entries()) {
	selfTime.set(sample, (selfTime.get(sample) ?? 0) + (profile.timeDeltas[index] ?? 0));
}

const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
let total = 0;
for (const node of profile.nodes) {
	const time = selfTime.get(node.id) ?? 0;
	total += time;
	const {functionName, url, lineNumber} = node.callFrame;
	const where = url.replace(`file://${repositoryRoot}/`, '').replace(/^.*node_modules\//, 'node_modules/');
	const name = `${functionName || '(anonymous)'}  ${where}:${lineNumber + 1}`;
	byFunction.set(name, (byFunction.get(name) ?? 0) + time);
	byFile.set(where || '(native)', (byFile.get(where || '(native)') ?? 0) + time);
}

const print = (title: string, entries: Map<string, number>, count: number): void => {
	process.stdout.write(`${title}\n`);
	for (const [name, time] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, count)) {
		process.stdout.write(`${(time / 1000).toFixed(0).padStart(7)} ms ${(100 * time / total).toFixed(1).padStart(5)}%  ${name}\n`);
	}

	process.stdout.write('\n');
};

print(`Self time by function (${stage}, ${scale}x, total ${(total / 1000).toFixed(0)} ms):`, byFunction, 25);
print('Self time by file:', byFile, 15);
