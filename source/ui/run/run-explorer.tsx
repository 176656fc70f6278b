import process from 'node:process';
import type {CommandFlags, Writer} from '../../commands/command.js';
import {describeInternalError, internalErrorExitCode} from '../../commands/internal-error.js';
import {escapeUnsafe} from '../../text/escape.js';
import {useToolV8Flags} from '../../v8-flags.js';
import {preferProductionReact} from './react-mode.js';
import {ExplorerStartFailure} from './start-failure.js';
import {disableMouseSequence, enableMouseSequence} from '../input/mouse.js';
import type {ExplorerInstance} from './start-explorer.js';

export type RunExplorerOptions = {
	readonly directory: string;
	readonly flags: CommandFlags;
	readonly stdin?: NodeJS.ReadStream;
	readonly stdout?: NodeJS.WriteStream;
	readonly stderr?: Writer;
	readonly environment?: Readonly<Record<string, string | undefined>>;
	/** What must be loaded before the first render: the explorer's CommonJS build loads Ink's layout engine apart (scripts/bundle/explorer-entry.ts); from the sources and the ES module build, yoga-layout loads itself. */
	readonly beforeRender?: Promise<unknown>;
	/** Called once the explorer's first frame of the panes is drawn (cli-loader.ts then keeps the code compiled so far for the next start). */
	readonly onFirstFrame?: () => void;
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
The interactive explorer. Ink, React and the app are imported only here, through start-explorer.tsx (no JSX in this file, so React is not imported before its build is chosen), so the non-interactive commands start without them.
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
	// Colour is off with --no-color, NO_COLOR (any value), FORCE_COLOR=0 and TERM=dumb; the selection then also carries a marker, as such a terminal may draw no inverse video either.
	const color = options.flags.color && environment['NO_COLOR'] === undefined && environment['FORCE_COLOR'] !== '0' && environment['FORCE_COLOR'] !== 'false' && environment['TERM'] !== 'dumb';

	// The alternate screen keeps the user's scrollback as it was. Every way out restores the terminal: a normal exit, an error, and SIGINT, SIGTERM or SIGHUP at any time, also while loading (Ink's own handler shows the cursor but leaves the alternate screen and raw mode).
	// Mouse reporting (clicks and the wheel, unless --no-mouse) only while the explorer owns the screen: restore turns it off first.
	const mouse = options.flags.mouse;
	stdout.write('\u001B[?1049h\u001B[H' + (mouse ? enableMouseSequence : ''));
	// Raw mode from the first moment, not from the loading screen's first frame: keys typed while Ink and the app are still being loaded would otherwise be echoed onto the screen by the terminal. They wait unread until the loading screen reads (and ignores) them; Ctrl-C among them interrupts then.
	if (typeof stdin.setRawMode === 'function') {
		stdin.setRawMode(true);
	}

	let restored = false;
	const restore = () => {
		if (!restored) {
			restored = true;
			if (stdin.isRaw) {
				stdin.setRawMode(false);
			}

			stdout.write((mouse ? disableMouseSequence : '') + '\u001B[?25h\u001B[?1049l');
		}
	};

	const onSignal = (signal: NodeJS.Signals) => {
		restore();
		process.exit(128 + (signalNumbers[signal] ?? 1));
	};

	process.once('exit', restore);
	for (const signal of handledSignals) {
		process.on(signal, onSignal);
	}

	let instance: ExplorerInstance | undefined;
	try {
		const {startExplorer} = await import('./start-explorer.js');
		await options.beforeRender;
		// The commands' V8 settings (source/v8-flags.ts), now that Ink, React, the app and the Node modules they use are loaded: the first frame on terraform-aws-eks's examples/karpenter 1,235 -> 880 ms of CPU (median of 3, first-frame probe). The explorer's CommonJS build runs under them from the start (cli-loader.ts sets them before compiling it); setting the same values again changes nothing.
		useToolV8Flags();
		instance = startExplorer({...options, stdin, stdout, environment, color, marker: !color});
		await instance.waitUntilExit();
		return 0;
	} catch (error) {
		restore();
		if (error instanceof ExplorerStartFailure) {
			stderr.write(`tfscope: ${escapeUnsafe(error.message)}\n`);
			return 1;
		}

		// Otherwise the explorer ends only by the user's choice: any other exception is a bug, reported once the terminal is back to normal.
		stderr.write(describeInternalError(error));
		return internalErrorExitCode;
	} finally {
		instance?.cleanup();
		restore();
		process.off('exit', restore);
		for (const signal of handledSignals) {
			process.off(signal, onSignal);
		}
	}
}

const handledSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const signalNumbers: Readonly<Record<string, number>> = {SIGHUP: 1, SIGINT: 2, SIGTERM: 15};
