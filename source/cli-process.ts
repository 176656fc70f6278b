import fs from 'node:fs';
import process from 'node:process';
import {type MainInput, main} from './commands/main.js';
import {describeInternalError, internalErrorExitCode} from './commands/internal-error.js';

/*
The process around the dispatcher (commands/main.ts): closed pipes, the last error boundary, the exit code. cli.tsx runs it; the bundle runs the same function from its commands build or its explorer build (scripts/build.ts), passing `explorer` when the explorer is built apart.
*/

export async function runCli(options: {readonly explorer?: MainInput['explorer']} = {}): Promise<void> {
	// Output to a closed pipe (`tfscope instances | head`) ends the program quietly, as other command-line tools do.
	for (const stream of [process.stdout, process.stderr]) {
		stream.on('error', (error: NodeJS.ErrnoException) => {
			if (error.code === 'EPIPE') {
				process.exit(0);
			}

			throw error;
		});
	}

	// The last boundary: an exception or rejection that escaped everything else (a stream's error event, a timer) is reported as an internal error, without a stack; the explorer's 'exit' handler restores the terminal first.
	const internalError = (error: unknown) => {
		try {
			process.stderr.write(describeInternalError(error));
		} finally {
			process.exit(internalErrorExitCode);
		}
	};

	process.on('uncaughtException', internalError);
	process.on('unhandledRejection', internalError);

	process.exitCode = await main(process.argv.slice(2), {
		// Made only when a command reads it (the console): process.stdin is a stream whose modules (fs streams, fs/promises, readline) cost 1.5-3 ms of CPU at every start of the commands that never read it.
		get stdin() {
			return process.stdin;
		},
		stdout: process.stdout,
		stderr: process.stderr,
		isTerminal: process.stdout.isTTY === true,
		stderrIsTerminal: process.stderr.isTTY === true,
		stdinIsTerminal: inputIsTerminal(),
		environment: process.env,
		cwd: process.cwd(),
		...(options.explorer && {explorer: options.explorer}),
	});
}

/**
Whether stdin is a terminal, without making process.stdin when it is not: a pipe or a file is no character device, so no terminal; a character device (a terminal, /dev/null) or an fd that cannot be inspected is asked of process.stdin, as before.
*/
function inputIsTerminal(): boolean {
	try {
		if (!fs.fstatSync(0).isCharacterDevice()) {
			return false;
		}
	} catch {}

	return process.stdin.isTTY === true;
}
