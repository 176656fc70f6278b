import {existsSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import test from 'ava';
import stringWidth from 'string-width';
import stripAnsi from 'strip-ansi';
import {fastStringWidth, singleClusterRanges, widthTable} from '../../scripts/bundle/fast-string-width.js';
import {repositoryRoot} from '../helpers/tmux.js';

/*
The bundle's fast path in front of string-width (scripts/bundle/fast-string-width.ts) must give string-width's own answer for every string: strings drawn from the characters it handles itself, next to the ones it must leave to string-width (combining marks, joiners, variation selectors, emoji, CJK, Hangul, controls, escape sequences), against both copies of string-width Ink uses.
*/

type StringWidth = (text: string, options?: {ambiguousIsNarrow?: boolean; countAnsiEscapeCodes?: boolean}) => number;

const handled = singleClusterRanges.flatMap(([from, to]) => Array.from({length: to - from + 1}, (_, index) => String.fromCodePoint(from + index)));
const others = ['\u3000', '\uFF01', '\u2E80', '\u{10000}', '\u0301', '\u200D', '\uFE0F', '\uFE0E', '\u{1F600}', '\u{1F44D}\u{1F3FD}', '中', '한', '\u1100', '\u1161', '\t', '\u001B[31m', '\u001B[0m', '\u001B[1;38;5;208m', '\u001B]8;;https://example.com\u0007', '\u009B1m', '\u001B', '\u00AD', '\u0600', '\u2028', '\u{1F1EF}\u{1F1F5}', '\u0915\u094D', 'e\u0301'];

// A small deterministic generator, so a failure can be replayed.
function random(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
		return state / 2_147_483_648;
	};
}

const copies: Array<[string, Promise<StringWidth>]> = [['string-width', Promise.resolve(stringWidth as StringWidth)]];
const wrapAnsiCopy = path.join(repositoryRoot, 'node_modules', 'wrap-ansi', 'node_modules', 'string-width', 'index.js');
if (existsSync(wrapAnsiCopy)) {
	copies.push(['wrap-ansi\'s string-width', import(pathToFileURL(wrapAnsiCopy).href).then(module_ => (module_ as {default: StringWidth}).default)]);
}

for (const [name, loaded] of copies) {
	test(`the fast path gives ${name}'s width for every string`, async t => {
		const real = await loaded;
		const fast = fastStringWidth(real as (text: string, options?: Record<string, unknown>) => number, stripAnsi, widthTable(real));
		for (const character of handled) {
			t.is(fast(character), real(character), `U+${character.codePointAt(0)!.toString(16)}`);
		}

		const next = random(23);
		const pick = (pool: readonly string[]) => pool[Math.floor(next() * pool.length)]!;
		for (let sample = 0; sample < 10_000; sample++) {
			const length = 1 + Math.floor(next() * 12);
			const text = Array.from({length}, () => (next() < 0.8 ? pick(handled) : pick(others))).join('');
			t.is(fast(text), real(text), JSON.stringify(text));
		}

		t.is(fast('\u2500\u2502 \u25B8 ok', {ambiguousIsNarrow: false}), real('\u2500\u2502 \u25B8 ok', {ambiguousIsNarrow: false}));
		t.is(fast(''), 0);
	});
}
