import type {Writer} from './command.js';

/*
Text from a configuration or a state file must never reach a terminal raw: an escape sequence in a string could change the window title, write the clipboard or clear the screen. Commands that print such text to a terminal pass it through here.
*/

// C0 controls except tab and newline, DEL, C1 controls, bidi marks (U+061C, U+200E, U+200F), embeddings, overrides and isolates.
const terminalUnsafe = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

// tfscope's own colours (SGR, `ESC [ ... m`), kept when colour is on.
const colourSequence = /\u001B\[[\d;]*m/g;

/**
Text with terminal-unsafe characters written as Go-style escapes (`\x1b`, `\u202e`).
*/
export function escapeControls(text: string): string {
	return text.replaceAll(terminalUnsafe, character => {
		const code = character.codePointAt(0)!;
		return code < 0x20 || code === 0x7F ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
	});
}

/**
Escapes unsafe characters but keeps colour sequences (SGR).
*/
export function escapeControlsKeepingColour(text: string): string {
	let result = '';
	let last = 0;
	for (const match of text.matchAll(colourSequence)) {
		result += escapeControls(text.slice(last, match.index)) + match[0];
		last = match.index + match[0].length;
	}

	return result + escapeControls(text.slice(last));
}

/**
A writer that escapes what it is given when it writes to a terminal (keeping colour sequences when colour is on); on a pipe or a file the text passes unchanged, so scripts get the configuration's exact bytes.
*/
export function terminalSafeWriter(writer: Writer, isTerminal: boolean, colour: boolean): Writer {
	if (!isTerminal) {
		return writer;
	}

	const escape = colour ? escapeControlsKeepingColour : escapeControls;
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
