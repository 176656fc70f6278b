/*
Every string that comes from a configuration or a state file goes through here before it reaches the terminal. A configuration must not be able to move the cursor, set the window title, write the clipboard (OSC 52) or switch screens, so control characters, escape sequences and bidirectional overrides are shown escaped, as text.
*/

// C0 controls, DEL, C1 controls, and the Unicode bidi embedding/override/isolate characters that can reorder what is shown.
const unsafe = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

const named: Readonly<Record<string, string>> = {
	'\u0000': '\\0',
	'\u0007': '\\a',
	'\u0008': '\\b',
	'\u000B': '\\v',
	'\u000C': '\\f',
	'\r': '\\r',
	'\u001B': '\\e',
};

function escapeCharacter(character: string): string {
	const name = named[character];
	if (name !== undefined) {
		return name;
	}

	const code = character.codePointAt(0) ?? 0;
	return code <= 0xFF ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
Text that may span lines: newlines are kept, tabs become two spaces (Ink measures a tab as one column), everything unsafe is escaped.
*/
export function sanitizeText(text: string): string {
	return text.replaceAll('\t', '  ').replace(unsafe, escapeCharacter);
}

/**
Text for one line of the screen (a list row, a title): newlines are shown as `\n` as well.
*/
export function sanitizeLine(text: string): string {
	return sanitizeText(text).replaceAll('\n', '\\n');
}
