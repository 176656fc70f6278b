import {escapeUnsafe} from '../../text/escape.js';

/*
Every string that comes from a configuration or a state file goes through here before it reaches the screen: the one escaping (`text/escape.ts`), plus what the explorer's layout needs.
*/

/**
Text that may span lines: newlines are kept, tabs become two spaces (Ink measures a tab as one column), everything unsafe is escaped.
*/
export function sanitizeText(text: string): string {
	return escapeUnsafe(text.replaceAll('\t', '  '));
}

/**
Text for one line of the screen (a list row, a title): newlines are shown as `\n` as well.
*/
export function sanitizeLine(text: string): string {
	return sanitizeText(text).replaceAll('\n', '\\n');
}
