import {escapeUnsafe} from '../text/escape.js';

/*
The one boundary for exceptions nobody expected: a bug in tfscope, never a problem of the configuration (those are diagnostics). Every command (through `main`), the process itself (uncaught exceptions and rejections, in cli.tsx) and the explorer (its run and its console pane) report one through `describeInternalError`: one paragraph saying it is an internal error, the message, where in tfscope it happened and where to report it, never a JavaScript stack. The explorer restores the terminal (raw mode, alternate screen) before printing it.
*/

/**
The exit code of an internal error: EX_SOFTWARE from sysexits.h, apart from 0, 1 and 2, which say something about the configuration or the command line.
*/
export const internalErrorExitCode = 70;

export const issueTracker = 'https://github.com/tfscope/tfscope/issues';

/**
Where an error was thrown, as `source/lang/numbers.ts:675:23`: the first frame of its stack, relative to the package (or the bundle in distribution/), undefined when there is no stack to read.
*/
export function errorLocation(error: unknown): string | undefined {
	const stack = error instanceof Error ? error.stack : undefined;
	if (!stack) {
		return undefined;
	}

	for (const line of stack.split('\n').slice(1)) {
		const frame = /\(?((?:file:\/\/)?[^\s()]+):(\d+):(\d+)\)?\s*$/.exec(line.trim());
		if (!frame || frame[1]!.startsWith('node:')) {
			continue;
		}

		const file = frame[1]!.replace(/^file:\/\//, '');
		const inPackage = /(?:^|\/)((?:source|distribution)\/.*)$/.exec(file)?.[1] ?? file.split('/').at(-1)!;
		return `${inPackage}:${frame[2]!}:${frame[3]!}`;
	}

	return undefined;
}

/**
The text of an internal error, ending with a newline: `tfscope: internal error: RangeError: ... (at FILE:LINE:COL)` and the request to report it.
*/
export function describeInternalError(error: unknown): string {
	const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
	const location = errorLocation(error);
	// One line of message: a multi-line one (or one with control characters) is cut, so nothing in it can drive the terminal.
	const firstLine = escapeUnsafe(message.split('\n')[0]!.slice(0, 500));
	return `tfscope: internal error: ${firstLine}${location ? ` (at ${location})` : ''}\nThis is a bug in tfscope, not a problem of your configuration. Please report it at ${issueTracker} with the command you ran and, if you can, the configuration.\n`;
}
