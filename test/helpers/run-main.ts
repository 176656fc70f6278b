import {Readable} from 'node:stream';
import {main} from '../../source/commands/main.js';

/**
Runs the command line in-process (no explorer: its directory is recorded) and returns the exit code and what was printed.
*/
export async function runMain(argv: string[], options: {stdin?: string; cwd?: string} = {}): Promise<{code: number; stdout: string; stderr: string; explorer: string[]}> {
	let stdout = '';
	let stderr = '';
	const explorer: string[] = [];
	const code = await main(argv, {
		stdin: Readable.from([options.stdin ?? '']),
		stdout: {write: (text: string) => (stdout += text)},
		stderr: {write: (text: string) => (stderr += text)},
		isTerminal: false,
		stdinIsTerminal: false,
		environment: {},
		cwd: options.cwd ?? process.cwd(),
		async explorer(directory) {
			explorer.push(directory);
			return 0;
		},
	});
	return {code, stdout, stderr, explorer};
}
