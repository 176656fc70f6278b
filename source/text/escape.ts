/*
The one escaping of text for a terminal. Text from a configuration, a tfvars, state, plan or schema file, a git repository or the user's own arguments must never reach a terminal raw: an escape sequence could set the window title, write the clipboard (OSC 52), clear or switch screens, or hide text, and a bidirectional or invisible format character can make a name or key read as another. Every output goes through here: the commands' writer (text and JSON alike), the interactive console, the explorer's panes, the error boundary.

One character class and one notation everywhere, so that a name shows the same in `check`, `instances --json` and the explorer:
- C0 controls but tab and newline are written `\x1b`; JSON never holds them raw (JSON.stringify escapes them), so this never lands inside JSON;
- DEL, C1 controls, format controls (Unicode's Cf: the bidi marks U+061C, U+200E and U+200F, embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069, zero-width characters, U+2060–U+2064, the byte-order mark, the soft hyphen, tag characters U+E0000–U+E007F, ...) and the line and paragraph separators U+2028 and U+2029 are written `\u202e` (astral ones as their two `\udb40\udc41` halves): valid JSON escapes of the same characters, so escaped JSON stays valid and decodes to the same value.
*/

/**
Characters that must not reach a terminal raw.
*/
// eslint-disable-next-line no-control-regex
export const unsafeCharacters = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\p{Cf}\u2028\u2029]/u;

// eslint-disable-next-line no-control-regex
const unsafeGlobal = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\p{Cf}\u2028\u2029]/gu;

const hex = (code: number, digits: number) => code.toString(16).padStart(digits, '0');

function escapeCharacter(character: string): string {
	const code = character.codePointAt(0)!;
	if (code < 0x20) {
		return `\\x${hex(code, 2)}`;
	}

	let written = '';
	for (let index = 0; index < character.length; index++) {
		written += `\\u${hex(character.charCodeAt(index), 4)}`;
	}

	return written;
}

/**
`text` with every unsafe character written as an escape (see the header); text without one is returned as it is.
*/
export function escapeUnsafe(text: string): string {
	return unsafeCharacters.test(text) ? text.replaceAll(unsafeGlobal, escapeCharacter) : text;
}

/**
tfscope's own colours (SGR, `ESC [ ... m`): exactly the sequences its formatters write (reset, bold, underline and their ends, red, green, yellow, magenta, cyan, default colour, bold magenta). Only these are kept when colour is on; any other sequence, one from a configuration included, is escaped, so a configuration cannot conceal, blink, reverse or colour text black. A configuration's copy of one of these can at most tint text.
*/
const ownColour = /\u001B\[(?:0|1|4|22|24|3[1-6]|39|1;35)m/g;

/**
`escapeUnsafe`, keeping tfscope's own colour sequences.
*/
export function escapeUnsafeKeepingColour(text: string): string {
	if (!unsafeCharacters.test(text)) {
		return text;
	}

	let result = '';
	let last = 0;
	for (const match of text.matchAll(ownColour)) {
		result += escapeUnsafe(text.slice(last, match.index)) + match[0];
		last = match.index + match[0].length;
	}

	return result + escapeUnsafe(text.slice(last));
}

/**
`text` without tfscope's own colour sequences: what a reader of the screen sees, for checking that nothing unsafe is left.
*/
export function withoutOwnColours(text: string): string {
	return text.replaceAll(ownColour, '');
}
