import process from 'node:process';
import {Readable} from 'node:stream';
import {main} from '../../source/commands/main.js';

/**
Runs the command line in-process (no explorer: its directory is recorded) and returns the exit code and what was printed; `isTerminal` runs it as if stdout and stderr were a terminal, `environment` is the process environment it sees (default none).
*/
export async function runMain(argv: readonly string[], options: {stdin?: string; cwd?: string; isTerminal?: boolean; environment?: Record<string, string>} = {}): Promise<{code: number; stdout: string; stderr: string; explorer: string[]}> {
	let stdout = '';
	let stderr = '';
	const explorer: string[] = [];
	const code = await main(argv, {
		stdin: Readable.from([options.stdin ?? '']),
		stdout: {write: (text: string) => (stdout += text)},
		stderr: {write: (text: string) => (stderr += text)},
		isTerminal: options.isTerminal ?? false,
		stdinIsTerminal: false,
		environment: options.environment ?? {},
		cwd: options.cwd ?? process.cwd(),
		async explorer(directory) {
			explorer.push(directory);
			return 0;
		},
	});
	return {code, stdout, stderr, explorer};
}
