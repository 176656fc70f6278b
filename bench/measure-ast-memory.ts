import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {loadParseConfig, repositoryRoot} from './stages.js';
import {collectGarbage, report} from './statistics.js';

/*
Child process: heap kept alive by the parsed syntax trees of one generated configuration, per byte of source.
Usage: node --import tsx --expose-gc bench/measure-ast-memory.ts [DIRECTORY]   (default bench/generated/4x; generate it with `npm run bench` or bench/generate.ts)
Reports {available, directory, files, bytes, heapBytes, bytesPerSourceByte}. The texts are read before the baseline, so only what parsing adds is counted; every result is kept alive until after the second reading.
*/

function configurationFiles(directory: string): string[] {
	return readdirSync(directory, {withFileTypes: true, recursive: true})
		.filter(entry => entry.isFile() && /\.(tf|tofu)$/.test(entry.name))
		.map(entry => path.join(entry.parentPath, entry.name))
		.sort();
}

function settledHeap(): number {
	// Twice: the first full collection may leave finalisation work for the next.
	collectGarbage();
	collectGarbage();
	return process.memoryUsage().heapUsed;
}

const directory = path.resolve(repositoryRoot, process.argv[2] ?? 'bench/generated/4x');
const files = configurationFiles(directory).map(file => ({path: file, text: readFileSync(file, 'utf8')}));
const bytes = files.reduce((sum, file) => sum + Buffer.byteLength(file.text), 0);
const parseConfig = await loadParseConfig();
if (parseConfig === undefined || files.length === 0 || (globalThis as {gc?: unknown}).gc === undefined) {
	report({available: false, directory: path.relative(repositoryRoot, directory), files: files.length, bytes, reason: files.length === 0 ? 'no files (generate the configuration first)' : 'needs --expose-gc and the parser'});
} else {
	const before = settledHeap();
	const results = files.map(file => parseConfig(file.text, file.path));
	const after = settledHeap();
	const diagnostics = results.reduce((sum, result) => sum + result.diagnostics.length, 0);
	const heapBytes = after - before;
	report({available: true, directory: path.relative(repositoryRoot, directory), files: files.length, bytes, heapBytes, bytesPerSourceByte: heapBytes / bytes, diagnostics, kept: results.length});
}
