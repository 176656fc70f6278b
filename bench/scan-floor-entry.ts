import {readFileSync} from 'node:fs';
import process from 'node:process';
import {readConfigFile} from '../source/config/parse-file.js';
import {readTextWithLimit} from '../source/files/read-file.js';
import {lex} from '../source/hcl/lexer.js';

/*
The read-and-scan floor of `check` on real files (bench/measure-real.ts), bundled as the tool is built (bench/built-load.ts) and run by plain Node as a whole process: what any reading of a configuration must do with its bytes, through the tool's own code.
- none: Node's start and this bundle's, reading nothing (the fixed cost the others are measured after);
- scan: read each file with the one reader with limits and scan it into tokens (the lexer: every byte looked at, strings, heredocs and templates found);
- parse: read and parse each file, as loading does (the syntax trees, no evaluation).
Usage: node BUNDLE none|scan|parse LISTFILE (one path a line). Prints {files, bytes, tokens, cpuMs}: cpuMs is the CPU time of the work itself, after the process's start (a small root's work is less than the spread of a start's time on a loaded machine).
*/

const [mode = 'none', list = ''] = process.argv.slice(2);
const files = mode === 'none' || list === '' ? [] : readFileSync(list, 'utf8').split('\n').filter(line => line !== '');
let bytes = 0;
let tokens = 0;
const cpu = process.cpuUsage();
for (const file of files) {
	if (mode === 'scan') {
		const read = readTextWithLimit(file, 32 * 1024 * 1024);
		if (read.ok) {
			bytes += read.text.length;
			tokens += lex(read.text, file).tokens.count;
		}
	} else {
		const parsed = readConfigFile(file);
		bytes += parsed.text.length;
		tokens += parsed.value.items.length;
	}
}

const {user, system} = process.cpuUsage(cpu);
process.stdout.write(`${JSON.stringify({files: files.length, bytes, tokens, cpuMs: (user + system) / 1000})}\n`);
