import test from 'ava';
import {sanitizeLine, sanitizeText} from '../../../source/ui/text/sanitize.js';

const sanitizes = test.macro({
	exec(t, input: string, expected: string) {
		t.is(sanitizeLine(input), expected);
	},
	title: (_title, input: string) => JSON.stringify(input),
});

test(sanitizes, 'plain "text" ✓ ü', 'plain "text" ✓ ü');
test(sanitizes, '\u001B]0;title\u0007', String.raw`\x1b]0;title\x07`);
test(sanitizes, '\u001B]52;c;aGk=\u001B\\', String.raw`\x1b]52;c;aGk=\x1b` + '\\');
test(sanitizes, '\u001B[2J\u001B[H', String.raw`\x1b[2J\x1b[H`);
test(sanitizes, '\u009B31m', String.raw`\u009b31m`);
test(sanitizes, 'a\rb', String.raw`a\x0db`);
test(sanitizes, 'a\nb', 'a\\nb');
test(sanitizes, 'tab\there', 'tab  here');
test(sanitizes, 'nul\u0000', String.raw`nul\x00`);
test(sanitizes, 'del\u007F', String.raw`del\u007f`);
test(sanitizes, 'bidi \u202Eevil\u202C', 'bidi \\u202eevil\\u202c');
test(sanitizes, 'arabic letter mark \u061C, isolate \u2066, zero width \u200B', 'arabic letter mark \\u061c, isolate \\u2066, zero width \\u200b');

test('sanitizeText keeps newlines', t => {
	t.is(sanitizeText('a\n\u001B[1mb'), 'a\n' + String.raw`\x1b[1mb`);
});

test('nothing unsafe survives, for any string', t => {
	let text = '';
	for (let code = 0; code < 0x300; code++) {
		text += String.fromCodePoint(code);
	}

	// eslint-disable-next-line no-control-regex
	t.notRegex(sanitizeLine(text), /[\u0000-\u001F\u007F-\u009F]/);
});
