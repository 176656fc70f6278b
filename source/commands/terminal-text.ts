import {escapeUnsafe, escapeUnsafeKeepingColour} from '../text/escape.js';
import type {Writer} from './command.js';

/*
Every command's stdout and stderr on a terminal go through an escaping writer (the one escaping, `text/escape.ts`): nothing from a configuration or the user's arguments reaches the terminal raw, in text or JSON.
*/

/**
A writer that escapes what it is given when it writes to a terminal (keeping tfscope's own colour sequences when colour is on); on a pipe or a file the text passes unchanged, so scripts get the configuration's exact bytes.
*/
export function terminalSafeWriter(writer: Writer, isTerminal: boolean, colour: boolean): Writer {
	if (!isTerminal) {
		return writer;
	}

	const escape = colour ? escapeUnsafeKeepingColour : escapeUnsafe;
	const safe: Writer = {write: (text: string) => writer.write(escape(text))};
	wrapped.set(safe, writer);
	return safe;
}

// Each escaping writer's terminal stream.
const wrapped = new WeakMap<Writer, Writer>();

/**
The terminal stream behind a writer `terminalSafeWriter` made (the writer itself otherwise): what node:readline needs to draw the interactive console's prompt and line editing, which are tfscope's own and the user's keystrokes. What the console prints still goes through the escaping writer.
*/
export function terminalStream(writer: Writer): Writer {
	return wrapped.get(writer) ?? writer;
}
