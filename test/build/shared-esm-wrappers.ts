import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {build} from 'esbuild';
import {sharedEsmWrappers} from '../../scripts/bundle/shared-esm-wrappers.js';

/*
The CommonJS builds' `__toESM` keeps one wrapper per CommonJS module and kind (scripts/bundle/shared-esm-wrappers.ts): files that import the same module get the same wrapper, with the values each got before, whether the module is plain CommonJS, marked `__esModule`, a function, one of Node's modules, or not an object at all.
*/

const files: Readonly<Record<string, string>> = {
	'plain.cjs': 'exports.value = 1; exports.bump = () => { exports.value += 1; };',
	'marked.cjs': 'Object.defineProperty(exports, "__esModule", {value: true}); exports.default = "marked default"; exports.named = "named";',
	'function.cjs': 'module.exports = function callable() { return "called"; }; module.exports.extra = 42;',
	'text.cjs': 'module.exports = "just text";',
	'first.js': 'import plain, {value} from "./plain.cjs"; import marked, {named} from "./marked.cjs"; import callable from "./function.cjs"; import text from "./text.cjs"; import process from "node:process"; import * as namespace from "./plain.cjs";\nexport const first = {plain, value: () => value, marked, named, callable, text, process, namespace};',
	'second.js': 'import plain, {value} from "./plain.cjs"; import marked, {named} from "./marked.cjs"; import callable from "./function.cjs"; import text from "./text.cjs"; import process from "node:process"; import * as namespace from "./plain.cjs";\nexport const second = {plain, value: () => value, marked, named, callable, text, process, namespace};',
	'entry.js': 'export {first} from "./first.js"; export {second} from "./second.js";',
};

type Side = {plain: {value: number; bump: () => void}; value: () => number; marked: unknown; named: unknown; callable: (() => string) & {extra: number}; text: unknown; process: unknown; namespace: {value: number}};

async function bundle(directory: string, minify: boolean): Promise<string> {
	const result = await build({
		entryPoints: [path.join(directory, 'source', 'entry.js')], bundle: true, format: 'cjs', platform: 'node', target: 'node20', write: false,
		minifySyntax: true, minifyWhitespace: minify, minifyIdentifiers: minify, logLevel: 'silent',
	});
	return result.outputFiles[0]!.text;
}

test('one wrapper per CommonJS module and kind, with the values each importer got before', async t => {
	const scratch = mkdtempSync(path.join(os.tmpdir(), 'tfscope-esm-wrappers-'));
	try {
		mkdirSync(path.join(scratch, 'source'));
		for (const [name, text] of Object.entries(files)) {
			writeFileSync(path.join(scratch, 'source', name), text);
		}

		const load = (name: string, text: string) => {
			writeFileSync(path.join(scratch, name), text);
			return createRequire(import.meta.url)(path.join(scratch, name)) as {first: Side; second: Side};
		};

		const original = await bundle(scratch, true);
		const before = load('before.cjs', original);
		const after = load('after.cjs', sharedEsmWrappers(original));
		for (const built of [before, after]) {
			for (const side of [built.first, built.second]) {
				t.is(side.value(), 1);
				t.is(side.marked, 'marked default');
				t.is(side.named, 'named');
				t.is(side.callable(), 'called');
				t.is(side.callable.extra, 42);
				t.is(side.text, 'just text');
				t.is(side.process, process);
			}

			// Live bindings: a change of the module's exports is seen through every importer's wrapper.
			built.first.plain.bump();
			t.is(built.second.value(), 2);
		}

		// The wrapper itself (a namespace import): one per importing file before, one in all after.
		t.not(before.first.namespace, before.second.namespace);
		t.is(after.first.namespace, after.second.namespace);
		t.is(after.first.namespace.value, 2);
		t.throws(() => sharedEsmWrappers(original + '\n' + original), {message: /not found once/});
		// A readable build writes the helper over several lines: left to scripts/build.ts, which does not rewrite those.
		t.throws(() => sharedEsmWrappers('var x = 1;'), {message: /not found once/});
	} finally {
		rmSync(scratch, {recursive: true, force: true});
	}
});
