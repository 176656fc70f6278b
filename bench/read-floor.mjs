import {readFileSync} from 'node:fs';
import process from 'node:process';

/*
The floor of the whole-process parse comparison (bench/measure-parse-process.ts): what any tool must do with the files, in one Node process: read each one and look once at each of its bytes (a sum, so the pass cannot be left out). Prints its own time for that work (after Node's start) as JSON.
Usage: node bench/read-floor.mjs FILE...
*/

const cpu = process.cpuUsage();
const start = process.hrtime.bigint();
let bytes = 0;
let sum = 0;
for (const file of process.argv.slice(2)) {
	const data = readFileSync(file);
	for (let index = 0; index < data.length; index++) {
		sum = (sum + data[index]) | 0;
	}

	bytes += data.length;
}

const {user, system} = process.cpuUsage(cpu);
process.stdout.write(JSON.stringify({bytes, sum, ms: Number(process.hrtime.bigint() - start) / 1e6, cpuMs: (user + system) / 1000}) + '\n');
