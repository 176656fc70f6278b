import process from 'node:process';
import type {CommandFlags, Writer} from '../commands/command.js';
import {preferProductionReact} from './react-mode.js';

export type RunExplorerOptions = {
	readonly directory: string;
	readonly flags: CommandFlags;
	readonly stdin?: NodeJS.ReadStream;
	readonly stdout?: NodeJS.WriteStream;
	readonly stderr?: Writer;
	readonly environment?: Readonly<Record<string, string | undefined>>;
};

export const noTerminalMessage = (directory: string) => `tfscope: the explorer needs an interactive terminal (stdin and stdout must be a TTY).
For ${directory}, use the non-interactive commands instead:
  tfscope tree ${directory}          the module instance tree
  tfscope instances ${directory}     every module and resource instance
  tfscope graph ${directory}         the dependency graph
  tfscope check ${directory}         every diagnostic
  tfscope console ${directory}       evaluate expressions read from stdin
`;

/**
The interactive explorer. Ink, React and the app are imported only here (no JSX in this file, so React is not imported before its build is chosen), so the non-interactive commands start without them.
*/
export async function runExplorer(options: RunExplorerOptions): Promise<number> {
	const stdin = options.stdin ?? process.stdin;
	const stdout = options.stdout ?? process.stdout;
	const stderr = options.stderr ?? process.stderr;
	const environment = options.environment ?? process.env;
	if (stdin.isTTY !== true || stdout.isTTY !== true) {
		stderr.write(noTerminalMessage(options.directory));
		return 1;
	}

	preferProductionReact(process.env);
	const [{render}, {createElement}, {App}, {loadExplorerData}, {defaultHistoryFile}] = await Promise.all([
		import('ink'),
		import('react'),
		import('./app.js'),
		import('./workspace-data.js'),
		import('./effects.js'),
	]);
	const color = options.flags.color && environment['NO_COLOR'] === undefined;
	const load = async (onProgress: (text: string) => void) => loadExplorerData({
		directory: options.directory,
		flags: options.flags,
		environment,
		cwd: process.cwd(),
		onProgress,
	});

	// The alternate screen keeps the user's scrollback as it was; it is restored on every exit path.
	stdout.write('\u001B[?1049h\u001B[H');
	const restore = () => {
		stdout.write('\u001B[?1049l');
	};

	process.once('exit', restore);
	const instance = render(
		createElement(App, {directory: options.directory, load, color, historyFile: defaultHistoryFile(environment)}),
		{stdin, stdout, exitOnCtrlC: false, patchConsole: true},
	);
	try {
		await instance.waitUntilExit();
		return 0;
	} catch (error) {
		restore();
		process.off('exit', restore);
		stderr.write(`tfscope: ${error instanceof Error ? error.message : String(error)}\n`);
		return 1;
	} finally {
		instance.cleanup();
		restore();
		process.off('exit', restore);
	}
}
