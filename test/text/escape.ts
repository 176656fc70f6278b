import test from 'ava';
import {
	escapeUnsafe, escapeUnsafeKeepingColour, unsafeCharacters, withoutOwnColours,
} from '../../source/text/escape.js';

/*
The one escaping (source/text/escape.ts): every class of character that could drive a terminal or disguise text, and its escape.
*/

const cases: ReadonlyArray<readonly [string, string, string]> = [
	['ESC (CSI, OSC)', '\u001B[2J\u001B]0;t\u0007', String.raw`\x1b[2J\x1b]0;t\x07`],
	['NUL, BEL, BS, CR, VT, FF', '\u0000\u0007\u0008\r\u000B\u000C', String.raw`\x00\x07\x08\x0d\x0b\x0c`],
	['DEL', '\u007F', String.raw`\u007f`],
	['C1: CSI, NEL, OSC, ST', '\u009B\u0085\u009D\u009C', String.raw`\u009b\u0085\u009d\u009c`],
	['Arabic letter mark', 'a\u061Cb', String.raw`a\u061cb`],
	['left-to-right and right-to-left marks', '\u200E\u200F', String.raw`\u200e\u200f`],
	['embeddings, pop, overrides', '\u202A\u202B\u202C\u202D\u202E', String.raw`\u202a\u202b\u202c\u202d\u202e`],
	['isolates', '\u2066\u2067\u2068\u2069', String.raw`\u2066\u2067\u2068\u2069`],
	['zero-width space, non-joiner, joiner', '\u200B\u200C\u200D', String.raw`\u200b\u200c\u200d`],
	['word joiner, invisible operators', '\u2060\u2061\u2062\u2063\u2064', String.raw`\u2060\u2061\u2062\u2063\u2064`],
	['deprecated format characters', '\u206A\u206F', String.raw`\u206a\u206f`],
	['byte-order mark, soft hyphen', '\uFEFF\u00AD', String.raw`\ufeff\u00ad`],
	['line and paragraph separators', '\u2028\u2029', String.raw`\u2028\u2029`],
	['interlinear annotation', '\uFFF9\uFFFB', String.raw`\ufff9\ufffb`],
	['tag characters (astral: both halves)', 'x\u{E0041}\u{E007F}', String.raw`x\udb40\udc41\udb40\udc7f`],
	['tab and newline pass', 'a\tb\nc', 'a\tb\nc'],
	['printable text passes', 'plain "text" ✓ ü 中 \u{1F600} é', 'plain "text" ✓ ü 中 \u{1F600} é'],
];

for (const [title, input, escaped] of cases) {
	test(`escapeUnsafe: ${title}`, t => {
		t.is(escapeUnsafe(input), escaped);
		t.false(unsafeCharacters.test(escapeUnsafe(input)));
	});
}

test('escaped JSON is valid JSON of the same value, for every unsafe character', t => {
	let text = '';
	for (let code = 0; code < 0x3_0000; code++) {
		if (code < 0xD800 || code > 0xDFFF) {
			text += String.fromCodePoint(code);
		}
	}

	text += String.fromCodePoint(0xE0001, 0xE0020, 0xE007F);
	const escaped = escapeUnsafe(JSON.stringify({[text]: [text]}));
	t.false(unsafeCharacters.test(escaped));
	t.deepEqual(JSON.parse(escaped), {[text]: [text]});
});

test('keeping colour keeps only tfscope\'s own sequences', t => {
	const own = '\u001B[1m\u001B[31mError: \u001B[0m\u001B[4mx\u001B[24m\u001B[1;35mrenames\u001B[0m\u001B[32m+\u001B[39m';
	t.is(escapeUnsafeKeepingColour(own), own);
	// Concealed, reversed, blinking, black and 256-colour text from a configuration is escaped.
	for (const foreign of ['\u001B[8m', '\u001B[7m', '\u001B[5m', '\u001B[30m', '\u001B[38;5;16m', '\u001B[0;8m', '\u001B[2J', '\u001B]0;t\u0007']) {
		const escaped = escapeUnsafeKeepingColour(`a${foreign}b`);
		t.false(unsafeCharacters.test(withoutOwnColours(escaped)), JSON.stringify(foreign));
		t.true(escaped.startsWith(String.raw`a\x1b`), escaped);
	}

	t.is(escapeUnsafeKeepingColour('\u001B[31mred\u202E\u001B[0m'), String.raw`${'\u001B[31m'}red\u202e${'\u001B[0m'}`);
});
