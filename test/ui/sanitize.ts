import test from 'ava';
import {sanitizeLine, sanitizeText} from '../../source/ui/sanitize.js';

const sanitizes = test.macro({
	exec(t, input: string, expected: string) {
		t.is(sanitizeLine(input), expected);
	},
	title: (_title, input: string) => JSON.stringify(input),
});

test(sanitizes, 'plain "text" ✓ ü', 'plain "text" ✓ ü');
test(sanitizes, '\u001B]0;title\u0007', '\\e]0;title\\a');
test(sanitizes, '\u001B]52;c;aGk=\u001B\\', '\\e]52;c;aGk=\\e\\');
test(sanitizes, '\u001B[2J\u001B[H', '\\e[2J\\e[H');
test(sanitizes, '\u009B31m', '\\x9b31m');
test(sanitizes, 'a\rb', 'a\\rb');
test(sanitizes, 'a\nb', 'a\\nb');
test(sanitizes, 'tab\there', 'tab  here');
test(sanitizes, 'nul\u0000', 'nul\\0');
test(sanitizes, 'del\u007F', 'del\\x7f');
test(sanitizes, 'bidi \u202Eevil\u202C', 'bidi \\u202eevil\\u202c');

test('sanitizeText keeps newlines', t => {
	t.is(sanitizeText('a\n\u001B[1mb'), 'a\n\\e[1mb');
});

test('nothing unsafe survives, for any string', t => {
	let text = '';
	for (let code = 0; code < 0x300; code++) {
		text += String.fromCodePoint(code);
	}

	// eslint-disable-next-line no-control-regex
	t.notRegex(sanitizeLine(text), /[\u0000-\u001F\u007F-\u009F]/);
});
