#!/usr/bin/env node
import process from 'node:process';
import {main} from './source/commands/main.js';

// Output to a closed pipe (`tfscope instances | head`) ends the program quietly, as other command-line tools do.
for (const stream of [process.stdout, process.stderr]) {
	stream.on('error', (error: NodeJS.ErrnoException) => {
		if (error.code === 'EPIPE') {
			process.exit(0);
		}

		throw error;
	});
}

process.exitCode = await main(process.argv.slice(2), {
	stdin: process.stdin,
	stdout: process.stdout,
	stderr: process.stderr,
	isTerminal: process.stdout.isTTY === true,
	stdinIsTerminal: process.stdin.isTTY === true,
	environment: process.env,
	cwd: process.cwd(),
});
