import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {buildBenchEntry} from './built-load.js';
import {generateConfiguration, sizePreset, writeConfiguration} from './generate.js';
import {repositoryRoot} from './stages.js';
import {median} from './statistics.js';

/*
Paired runs of load + evaluate every value, for a change to the evaluator: CPU time moves with the machine's load, so two builds are compared in alternating fresh processes rather than against a figure measured at another time.
  npx tsx bench/paired-evaluate.ts build NAME [ENTRY]    bundle this tree's bench/ENTRY (default evaluate-built-entry.ts) as NAME (bench/generated/paired/NAME/); bench/parse-rounds-entry.ts is the parser's cold and warm rounds
  npx tsx bench/paired-evaluate.ts run NAME NAME [ROUNDS] [SCALE] [RUNS]
Each round runs every build once, in turn (the order reversed every other round); each process loads and evaluates SCALE (default 4) once as a warm-up and RUNS more times (default 2), and prints its cold (first) and warm (best later) CPU ms. Medians at the end, with the load average.
*/

const [command, ...rest] = process.argv.slice(2);
const slots = path.join(repositoryRoot, 'bench', 'generated', 'paired');

if (command === 'build') {
	const file = await buildBenchEntry(rest[1] ?? 'evaluate-built-entry.ts', path.join(slots, rest[0] ?? 'current'));
	process.stdout.write(`${file}\n`);
} else if (command === 'run') {
	const names = rest.filter(word => !/^\d+(\.\d+)?$/.test(word));
	const [rounds = 5, scale = 4, runs = 2] = rest.filter(word => /^\d+(\.\d+)?$/.test(word)).map(Number);
	const directory = path.join(repositoryRoot, 'bench', 'generated', `${scale}x`);
	if (!existsSync(path.join(directory, 'main.tf'))) {
		writeConfiguration(generateConfiguration(sizePreset(scale)), directory);
	}

	const cold = new Map<string, number[]>(names.map(name => [name, []]));
	const warm = new Map<string, number[]>(names.map(name => [name, []]));
	process.stdout.write(`load average ${os.loadavg().map(load => load.toFixed(1)).join(' ')}\n`);
	for (let round = 0; round < rounds; round++) {
		const order = round % 2 === 0 ? names : [...names].reverse();
		for (const name of order) {
			const child = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=4096', path.join(slots, name, 'evaluate-built-entry.mjs'), directory, String(runs)], {cwd: repositoryRoot, encoding: 'utf8', maxBuffer: 1 << 26});
			const line = child.stdout.split('\n').find(text => text.includes('{"available"'));
			if (!line) {
				process.stderr.write(child.stderr);
				process.exit(1);
			}

			const figures = JSON.parse(line.slice(line.indexOf('{'))) as {warmUp: {cpuMs: number}; samples: Array<{cpuMs: number}>; errors: number; resourceInstances: number};
			const best = Math.min(...figures.samples.map(sample => sample.cpuMs));
			cold.get(name)!.push(figures.warmUp.cpuMs);
			warm.get(name)!.push(best);
			process.stdout.write(`round ${round + 1} ${name}: cold ${Math.round(figures.warmUp.cpuMs)} ms, warm ${Math.round(best)} ms CPU (${figures.resourceInstances} instances, ${figures.errors} errors; load ${os.loadavg()[0]!.toFixed(1)})\n`);
		}
	}

	for (const name of names) {
		const range = (values: number[]) => `${Math.round(median(values))} (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`;
		process.stdout.write(`${name}: cold ${range(cold.get(name)!)} ms, warm ${range(warm.get(name)!)} ms CPU\n`);
	}

	process.stdout.write(`load average ${os.loadavg().map(load => load.toFixed(1)).join(' ')}\n`);
} else {
	process.stderr.write('usage: tsx bench/paired-evaluate.ts build NAME | run NAME... [ROUNDS] [SCALE] [RUNS]\n');
	process.exit(2);
}
