import {readFileSync} from 'node:fs';
import process from 'node:process';
import {generateParseCorpus} from './generate.js';
import {loadParseConfig} from './stages.js';
import {cpuMilliseconds, median, milliseconds, now, report} from './statistics.js';

/*
Child process: parse throughput of one parser over the generated corpus, or over the files a list names (`@LISTFILE`, one path a line: the real-world corpus).
Usage: node --import tsx --expose-gc bench/measure-parse.ts tfscope|hcl2json MINIMUM_BYTES|@LISTFILE RUNS
Reports {available, bytes, files, runs: [ms], medianMs, megabytesPerSecond, diagnostics}.
*/

const [parserName = 'tfscope', minimumText = '20000000', runsText = '3'] = process.argv.slice(2);
const files = minimumText.startsWith('@')
	? readFileSync(minimumText.slice(1), 'utf8').split('\n').filter(line => line !== '').map(file => ({path: file, text: readFileSync(file, 'utf8')}))
	: generateParseCorpus(Number(minimumText));
const bytes = files.reduce((sum, file) => sum + Buffer.byteLength(file.text), 0);
const runs = Number(runsText);

type Parse = (text: string, filename: string) => Promise<number>;

async function parserFor(name: string): Promise<Parse | undefined> {
	if (name === 'hcl2json') {
		// A computed specifier keeps hcl2json's type declarations (which pull in the DOM library) out of the project's type-check.
		const oracle = '@cdktf/hcl2json';
		const {parse} = await import(oracle) as {parse: (filename: string, contents: string) => Promise<unknown>};
		return async (text, filename) => {
			await parse(filename, text);
			return 0;
		};
	}

	const parseConfig = await loadParseConfig();
	return parseConfig && (async (text, filename) => parseConfig(text, filename).diagnostics.length);
}

const parse = await parserFor(parserName);
if (parse) {
	// Warm-up: passes over the whole corpus for at least two seconds (one pass at the least), the same rule for both parsers, so the runs measure throughput, not compilation: a JavaScript parser reaches its optimised tiers only after some seconds of work, where hcl2json's WASM is compiled before its first call, so a single pass over a small corpus would favour it.
	const warmUpStart = now();
	do {
		for (const file of files) {
			await parse(file.text, file.path);
		}
	} while (milliseconds(warmUpStart) < 2000);

	const times: number[] = [];
	const cpuTimes: number[] = [];
	let diagnostics = 0;
	// No forced garbage collection between runs: V8's full collection on `gc()` throws away the optimised code of the parser (--trace-opt shows every hot function compiled again after it), so each run paid the warm-up again: 2 MB took ~300 ms after a forced collection and ~100 ms without one.
	for (let run = 0; run < runs; run++) {
		diagnostics = 0;
		const cpu = process.cpuUsage();
		const start = now();
		for (const file of files) {
			diagnostics += await parse(file.text, file.path);
		}

		times.push(milliseconds(start));
		cpuTimes.push(cpuMilliseconds(cpu));
	}

	const medianMs = median(times);
	const cpuMs = median(cpuTimes);
	report({available: true, bytes, files: files.length, runs: times, medianMs, megabytesPerSecond: bytes / 1e6 / (medianMs / 1000), cpuMs, cpuMegabytesPerSecond: bytes / 1e6 / (cpuMs / 1000), diagnostics});
} else {
	report({available: false, bytes, files: files.length});
}
