import {readFileSync} from 'node:fs';
import process from 'node:process';
import {parseConfigBytes} from '../source/config/parse-file.js';

/*
The parser cold and warm in one process, for paired runs of two builds (bench/paired-evaluate.ts build NAME parse-rounds-entry.ts): reads every file of LISTFILE (one path a line) first, then parses them all ROUNDS times, printing each round's CPU time, and for the first (cold) round the CPU time of each 500 files: a whole process (`check`, `parse --json`) parses its files once, most of them before V8 has optimised the parser. Usage: node BUNDLE LISTFILE [ROUNDS].
*/

const [list = '', roundsText = '2'] = process.argv.slice(2);
const files = readFileSync(list, 'utf8').split('\n').filter(line => line !== '').map(file => [file, readFileSync(file)] as const);
let bytes = 0;
for (const [, contents] of files) {
	bytes += contents.length;
}

const cpuMs = (since: NodeJS.CpuUsage): number => {
	const {user, system} = process.cpuUsage(since);
	return (user + system) / 1000;
};

for (let round = 0; round < Number(roundsText); round++) {
	const start = process.cpuUsage();
	let chunkStart = process.cpuUsage();
	let chunkBytes = 0;
	const chunks: string[] = [];
	let items = 0;
	for (const [index, [file, contents]] of files.entries()) {
		items += parseConfigBytes(contents, file).value.items.length;
		chunkBytes += contents.length;
		if (round === 0 && (index + 1) % 500 === 0) {
			chunks.push(`${Math.round(cpuMs(chunkStart))} ms/${(chunkBytes / 1e6).toFixed(2)} MB`);
			chunkStart = process.cpuUsage();
			chunkBytes = 0;
		}
	}

	const ms = cpuMs(start);
	process.stdout.write(`${JSON.stringify({round, files: files.length, bytes, items, cpuMs: Math.round(ms), mbPerCpuSecond: Number((bytes / 1e3 / ms).toFixed(1)), ...(round === 0 ? {chunks: chunks.join(', ')} : {})})}\n`);
}
