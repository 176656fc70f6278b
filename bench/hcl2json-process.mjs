import {readFileSync} from 'node:fs';
import process from 'node:process';
import {parse} from '@cdktf/hcl2json';

/*
The other side of the whole-process parse comparison (bench/measure-parse-process.ts): what `tfscope parse --json FILE...` does, done with @cdktf/hcl2json in one Node process: read each file, parse it, print one line `{"file":PATH,"json":...}` (or `"error"` for a file it rejects), output written about a megabyte at a time as tfscope writes it. Plain JavaScript run by node itself, so it pays nothing for TypeScript.
Usage: node bench/hcl2json-process.mjs FILE...
*/

let pending = [];
let pendingLength = 0;
const flush = () => {
	process.stdout.write(pending.join(''));
	pending = [];
	pendingLength = 0;
};

for (const file of process.argv.slice(2)) {
	let line;
	try {
		// eslint-disable-next-line no-await-in-loop -- one file at a time, as tfscope does
		const json = await parse(file, readFileSync(file, 'utf8'));
		line = `{"file":${JSON.stringify(file)},"json":${JSON.stringify(json)}}\n`;
	} catch (error) {
		line = `{"file":${JSON.stringify(file)},"error":${JSON.stringify(String(error))}}\n`;
	}

	pending.push(line);
	pendingLength += line.length;
	if (pendingLength >= 1_048_576) {
		flush();
	}
}

flush();
