import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {tokenize} from '@alcalzone/ansi-tokenize';
import test from 'ava';
import {build} from 'esbuild';
import sliceAnsi from 'slice-ansi';
import {singleClusterRanges} from '../../scripts/bundle/fast-string-width.js';
import {bundlePlugins} from '../../scripts/bundle/plugins.js';
import {simpleGraphemes} from '../../scripts/bundle/simple-graphemes.js';
import {repositoryRoot} from '../helpers/tmux.js';

/*
The bundle splits a line into grapheme clusters without Intl.Segmenter when each of its characters is a cluster of its own (scripts/bundle/simple-graphemes.ts, in front of @alcalzone/ansi-tokenize), and slice-ansi makes its segmenter on first use: the same clusters, tokens and slices as the libraries themselves, on every character the fast path takes (each between others, and next to itself) and on random lines of those, escape sequences and characters it must leave to the segmenter.
*/

const handled = [...singleClusterRanges.flatMap(([from, to]) => Array.from({length: to - from + 1}, (_, index) => String.fromCodePoint(from + index))), '\u001B'];
const others = ['\u0301', '\u200D', '\uFE0F', '\u{1F600}', '\u{1F44D}\u{1F3FD}', '中', '한', '\u1100', '\u1161', '\r', '\n', '\t', '\u009B', '\u0600', '\u{1F1EF}\u{1F1F5}', '\u0915\u094D', 'e\u0301', '\u20DD'];
const escapes = ['\u001B[31m', '\u001B[39m', '\u001B[1;38;5;208m', '\u001B[0m', '\u001B[7m', '\u001B]8;;https://example.com\u0007', '\u001B]8;;\u0007'];
const segmenter = new Intl.Segmenter(undefined, {granularity: 'grapheme'});
const segmented = (text: string) => [...segmenter.segment(text)].map(({segment, index}) => ({segment, index}));

function random(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
		return state / 2_147_483_648;
	};
}

test('each character the fast path takes is a grapheme cluster of its own, as the segmenter finds', t => {
	for (const character of handled) {
		for (const text of [`a${character}b`, `${character}${character}`, `${character}\u001B[31m${character}`]) {
			if (JSON.stringify(simpleGraphemes(text)) !== JSON.stringify(segmented(text))) {
				t.fail(`U+${character.codePointAt(0)!.toString(16)} in ${JSON.stringify(text)}`);
				return;
			}
		}
	}

	t.pass();
});

test('a line with any other character is left to the segmenter', t => {
	for (const other of others) {
		t.is(simpleGraphemes(`ab─${other}cd`), undefined, JSON.stringify(other));
	}
});

test('the bundled tokenizer and slice-ansi give the libraries\' own tokens and slices', async t => {
	const directory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-bundle-test-'));
	try {
		const result = await build({
			stdin: {contents: 'export {tokenize} from \'@alcalzone/ansi-tokenize\';\nexport {default as sliceAnsi} from \'slice-ansi\';', resolveDir: repositoryRoot, loader: 'js'},
			bundle: true, format: 'esm', platform: 'node', write: false, plugins: bundlePlugins(repositoryRoot), logLevel: 'silent',
		});
		const text = result.outputFiles[0]!.text;
		t.true(text.includes('simpleGraphemes(str) ??'), 'the tokenizer\'s rewrite applied');
		t.true(text.includes('graphemeSegmenter ??='), 'slice-ansi\'s rewrite applied');
		const file = path.join(directory, 'tokenizers.mjs');
		writeFileSync(file, text);
		const bundled = await import(pathToFileURL(file).href) as {tokenize: typeof tokenize; sliceAnsi: typeof sliceAnsi};
		const next = random(11);
		const pick = (list: readonly string[]) => list[Math.floor(next() * list.length)]!;
		for (let sample = 0; sample < 3000; sample++) {
			const line = Array.from({length: 1 + Math.floor(next() * 30)}, () => {
				const kind = next();
				return kind < 0.75 ? pick(handled) : (kind < 0.92 ? pick(escapes) : pick(others));
			}).join('');
			t.deepEqual(bundled.tokenize(line), tokenize(line), JSON.stringify(line));
			const from = Math.floor(next() * 10);
			const to = from + Math.floor(next() * 20);
			t.is(bundled.sliceAnsi(line, from, to), sliceAnsi(line, from, to), JSON.stringify(line));
		}
	} finally {
		rmSync(directory, {recursive: true, force: true});
	}
});
