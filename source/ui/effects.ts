import {mkdirSync, appendFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {readTextWithLimit} from '../files/read-file.js';

/*
What the explorer does outside its state: the console history file, the clipboard escape. Kept here so the reducer stays pure.
*/

/**
`$XDG_STATE_HOME/tfscope/console-history`, else `~/.local/state/tfscope/console-history`.
*/
export function defaultHistoryFile(environment: Readonly<Record<string, string | undefined>>): string {
	const base = environment['XDG_STATE_HOME'] ?? path.join(environment['HOME'] ?? os.homedir(), '.local', 'state');
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

	return entries.slice(-500);
}

export function appendHistory(file: string, entry: string): void {
	try {
		mkdirSync(path.dirname(file), {recursive: true});
		appendFileSync(file, JSON.stringify(entry) + '\n');
	} catch {
		// History is a convenience: an unwritable state directory must not break the console.
	}
}

/**
OSC 52: asks the terminal to put text on the clipboard. Base64 keeps any character of the address out of the escape sequence itself.
*/
export function clipboardSequence(text: string): string {
	return `\u001B]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
}
