import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import test from 'ava';
import {build} from 'esbuild';
import {bundlePlugins} from '../../scripts/bundle/plugins.js';
import {repositoryRoot} from '../helpers/tmux.js';

/*
The bundle's Ink Output (with the caches of scripts/bundle/plugins.ts that last from one frame to the next, and the rows reused when their cells are the cells drawn there last) draws exactly the frames Ink's own draws, over a sequence of frames of random styled lines, clipped and not, many of them repeated from earlier frames as the explorer's are, and frames that change one write of the frame before.
*/

type Operation = {readonly kind: 'write'; readonly x: number; readonly y: number; readonly text: string} | {readonly kind: 'clip'; readonly x1: number; readonly x2: number} | {readonly kind: 'unclip'};
type OutputInstance = {
	write: (x: number, y: number, text: string, options: {transformers: unknown[]}) => void;
	clip: (clip: {x1: number; x2: number}) => void;
	unclip: () => void;
	get: () => {output: string; height: number};
};
type OutputClass = new (options: {width: number; height: number}) => OutputInstance;

const pieces = ['a', 'b', ' ', '─', '│', '║', '…', '▸', '中', '\u001B[31m', '\u001B[39m', '\u001B[1m', '\u001B[22m', '\u001B[2m', '\u001B[7m', '\u001B[27m', '\u001B[0m', '\u001B[38;5;208m'];

function draw(Output: OutputClass, operations: readonly Operation[]): string {
	const output = new Output({width: 30, height: 6});
	for (const operation of operations) {
		switch (operation.kind) {
			case 'write': {
				output.write(operation.x, operation.y, operation.text, {transformers: []});
				break;
			}

			case 'clip': {
				output.clip({x1: operation.x1, x2: operation.x2});
				break;
			}

			case 'unclip': {
				output.unclip();
				break;
			}
		}
	}

	return output.get().output;
}

test('the bundle\'s Output, its caches kept between frames, draws what Ink\'s own draws', async t => {
	const directory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-bundle-test-'));
	try {
		const inkOutput = path.join(path.dirname(createRequire(path.join(repositoryRoot, 'package.json')).resolve('ink')), 'output.js');
		const result = await build({
			stdin: {contents: `export {default as Output} from ${JSON.stringify(inkOutput)};`, resolveDir: repositoryRoot, loader: 'js'},
			bundle: true, format: 'esm', platform: 'node', write: false, plugins: bundlePlugins(repositoryRoot), logLevel: 'silent',
			banner: {js: 'import {createRequire} from \'node:module\'; const require = createRequire(import.meta.url);'},
		});
		t.true(result.outputFiles[0]!.text.includes('OutputCaches.get()'), 'the rewrite applied');
		t.true(result.outputFiles[0]!.text.includes('this.caches.rowText('), 'the rows are reused');
		const file = path.join(directory, 'output.mjs');
		writeFileSync(file, result.outputFiles[0]!.text);
		const patched = (await import(pathToFileURL(file).href) as {Output: OutputClass}).Output;
		const original = (await import(pathToFileURL(inkOutput).href) as {default: OutputClass}).default;

		let state = 11;
		const next = () => {
			state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
			return state / 2_147_483_648;
		};

		const lines: string[] = [];
		let previous: Operation[] = [];
		for (let frame = 0; frame < 400; frame++) {
			// Every third frame is the one before with one operation left out, as a key press changes a pane or two: its other rows are the rows drawn there last (reused), its changed ones are not.
			const operations: Operation[] = frame % 3 === 2 ? previous.filter((_operation, index) => index !== Math.floor(next() * previous.length)) : [];
			for (let index = 0; index < (frame % 3 === 2 ? 0 : 8); index++) {
				// Half of the lines are ones drawn before.
				const reused = lines.length > 0 && next() < 0.5;
				const text = reused ? lines[Math.floor(next() * lines.length)]! : Array.from({length: 1 + Math.floor(next() * 30)}, () => pieces[Math.floor(next() * pieces.length)]).join('');
				lines.push(text);
				if (next() < 0.3) {
					const x1 = Math.floor(next() * 10);
					operations.push({kind: 'clip', x1, x2: x1 + Math.floor(next() * 20)}, {kind: 'write', x: Math.floor(next() * 20), y: Math.floor(next() * 6), text}, {kind: 'unclip'});
				} else {
					operations.push({kind: 'write', x: Math.floor(next() * 20), y: Math.floor(next() * 6), text});
				}
			}

			previous = operations;
			t.is(draw(patched, operations), draw(original, operations), `frame ${frame}`);
		}
	} finally {
		rmSync(directory, {recursive: true, force: true});
	}
});
