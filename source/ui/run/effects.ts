import {mkdirSync, appendFileSync, statSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {readTextWithLimit} from '../../files/read-file.js';

/*
What the explorer does outside its state: the console history file, the clipboard escape. Kept here so the reducer stays pure.
*/

/**
`$XDG_STATE_HOME/tfscope/console-history`, else `~/.local/state/tfscope/console-history`. An empty or relative XDG_STATE_HOME is ignored, as the XDG specification says: a relative one would put the history in the working directory, usually the configuration.
*/
export function defaultHistoryFile(environment: Readonly<Record<string, string | undefined>>): string {
	const state = environment['XDG_STATE_HOME'];
	const home = environment['HOME'] && path.isAbsolute(environment['HOME']) ? environment['HOME'] : os.homedir();
	const base = state && path.isAbsolute(state) ? state : path.join(home, '.local', 'state');
	return path.join(base, 'tfscope', 'console-history');
}

const maximumHistoryBytes = 16 * 1024 * 1024;

/**
Entries are JSON strings, one a line, so multi-line expressions survive.
*/
export function readHistory(file: string): string[] {
	// Through the one reader with limits: a history file swapped for a FIFO or a huge file must not hang the explorer.
	const read = readTextWithLimit(file, maximumHistoryBytes);
	if (!read.ok) {
		return [];
	}

	const {text} = read;

	const entries: string[] = [];
	for (const line of text.split('\n')) {
		if (line === '') {
			continue;
		}

		try {
			const entry: unknown = JSON.parse(line);
			if (typeof entry === 'string') {
				entries.push(entry);
			}
		} catch {
			// A damaged line is skipped, not fatal.
		}
	}

	return entries.slice(-historyEntries);
}

/** Entries read back; also what the file is trimmed to. */
export const historyEntries = 500;
/** The file is trimmed to the newest `historyEntries` once it passes twice this size; an entry longer than this is not recorded. */
export const historyBytes = 256 * 1024;

/**
Appends an entry (a private file: 0600 in a 0700 directory), trimming the file to the newest `historyEntries` once it passes twice `historyBytes`. History is a convenience: a failure returns its message for a warning and never throws.
*/
export function appendHistory(file: string, entry: string): string | undefined {
	const line = JSON.stringify(entry) + '\n';
	if (line.length > historyBytes) {
		return undefined;
	}

	try {
		mkdirSync(path.dirname(file), {recursive: true, mode: 0o700});
		appendFileSync(file, line, {mode: 0o600});
		if (statSync(file).size > 2 * historyBytes) {
			writeFileSync(file, readHistory(file).map(kept => JSON.stringify(kept) + '\n').join(''), {mode: 0o600});
		}

		return undefined;
	} catch (error) {
		return `console history not saved to ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`;
	}
}

/**
OSC 52: asks the terminal to put text on the clipboard. Base64 keeps any character of the address out of the escape sequence itself.
*/
export function clipboardSequence(text: string): string {
	return `\u001B]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
}
