import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {styledCharsFromTokens, styledCharsToString, tokenize} from '@alcalzone/ansi-tokenize';
import test from 'ava';
import {build} from 'esbuild';
import {bundlePlugins} from '../../scripts/bundle/plugins.js';
import {repositoryRoot} from '../helpers/tmux.js';

/*
The bundle's ansi-tokenize (Ink's reading of every new line and its output of every cell, with the fast paths of scripts/bundle/plugins.ts: tokenize a code unit at a time where every character is a cluster of its own, characters sharing their styles, the same-styles diff) gives exactly what @alcalzone/ansi-tokenize's own does, on lines of random text in random nested styles, links and resets, with and without characters that need the segmenter.
*/

type Module = {styledCharsToString: typeof styledCharsToString; styledCharsFromTokens: typeof styledCharsFromTokens; tokenize: typeof tokenize};

const pieces = ['a', 'b', ' ', '─', '│', '中', '\u001B[31m', '\u001B[39m', '\u001B[1m', '\u001B[22m', '\u001B[2m', '\u001B[7m', '\u001B[27m', '\u001B[4m', '\u001B[24m', '\u001B[0m', '\u001B[38;5;208m', '\u001B[48;2;1;2;3m', '\u001B[49m', '\u001B[42m', '\u001B]8;;https://example.com\u0007', '\u001B]8;;\u0007', '…', '▸', '✖', '·', 'é', 'e\u0301', '👍', '\u200D', '\uFE0F', '\u001B', '\u001B[', '\u001B[1;3;31m', '\u009B'];

test('the patched tokenize, styledCharsFromTokens and styledCharsToString give the original output', async t => {
	const directory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-bundle-test-'));
	try {
		const result = await build({
			stdin: {contents: 'export {styledCharsToString, styledCharsFromTokens, tokenize} from \'@alcalzone/ansi-tokenize\';', resolveDir: repositoryRoot, loader: 'js'},
			bundle: true, format: 'esm', platform: 'node', write: false, plugins: bundlePlugins(repositoryRoot), logLevel: 'silent',
		});
		t.true(result.outputFiles[0]!.text.includes('const previous = chars[i - 1].styles'), 'the rewrite applied');
		t.true(result.outputFiles[0]!.text.includes('tokenizeOneUnitClusters(str)'), 'the tokenize rewrite applied');
		t.true(result.outputFiles[0]!.text.includes('styles: codes }'), 'the shared styles rewrite applied');
		const file = path.join(directory, 'styled-chars.mjs');
		writeFileSync(file, result.outputFiles[0]!.text);
		const bundled = await import(pathToFileURL(file).href) as Module;
		const patched = bundled.styledCharsToString;

		let state = 7;
		const next = () => {
			state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
			return state / 2_147_483_648;
		};

		for (let sample = 0; sample < 3000; sample++) {
			const line = Array.from({length: 1 + Math.floor(next() * 40)}, () => pieces[Math.floor(next() * pieces.length)]).join('');
			const chars = styledCharsFromTokens(tokenize(line));
			t.is(patched(chars), styledCharsToString(chars), JSON.stringify(line));
			const patchedChars = bundled.styledCharsFromTokens(bundled.tokenize(line));
			t.deepEqual(patchedChars, chars, JSON.stringify(line));
			t.is(patched(patchedChars), styledCharsToString(chars), JSON.stringify(line));
		}
	} finally {
		rmSync(directory, {recursive: true, force: true});
	}
});
