import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import test from 'ava';
import {build} from 'esbuild';
import meow from 'meow';
import {bundlePlugins} from '../../scripts/bundle/plugins.js';
import {repositoryRoot} from '../helpers/tmux.js';

/*
The bundle's meow (scripts/bundle/plugins.ts: its package-data normaliser evaluated when first called, not as the module loads) parses command lines as meow itself does, and still normalises a package file when one is read.
*/

type Meow = typeof meow;

const flags = {
	json: {type: 'boolean', isMultiple: true},
	var: {type: 'string', isMultiple: true},
	parallelism: {type: 'string', isMultiple: true},
	help: {type: 'boolean', isMultiple: true, shortFlag: 'h'},
} as const;

const commandLines = [
	[],
	['check'],
	['--help'],
	['-h', 'console'],
	['instances', '--json', '--var=a=1', '--var=b=2', 'examples/multi-region'],
	['--no-json', 'graph', '--parallelism=4', '--', '--var=x'],
	['tree', '--frob=1', 'dir'],
];

test('the bundled meow with a lazy package-data normaliser parses as meow does', async t => {
	const directory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-bundle-test-'));
	try {
		const result = await build({
			stdin: {contents: 'export {default} from \'meow\';', resolveDir: repositoryRoot, loader: 'js'},
			bundle: true, format: 'esm', platform: 'node', write: false, plugins: bundlePlugins(repositoryRoot), logLevel: 'silent',
		});
		const text = result.outputFiles[0]!.text;
		t.true(text.includes('getDefaultExportFromCjs(requireNormalize())') && !text.includes('normalizeExports = requireNormalize()'), 'the rewrite applied');
		const file = path.join(directory, 'meow.mjs');
		writeFileSync(file, text);
		const patched = (await import(pathToFileURL(file).href) as {default: Meow}).default;
		const options = {importMeta: import.meta, pkg: {name: 'tfscope'}, flags, autoHelp: false, autoVersion: false, allowUnknownFlags: true, booleanDefault: undefined, description: false} as const;
		for (const argv of commandLines) {
			const ours = patched({...options, argv});
			const theirs = meow({...options, argv});
			t.deepEqual({input: ours.input, flags: ours.flags}, {input: theirs.input, flags: theirs.flags}, argv.join(' '));
		}

		// Without `pkg`, meow reads package.json above the module and normalises it: the lazy normaliser runs then.
		writeFileSync(path.join(directory, 'package.json'), JSON.stringify({name: 'probe', version: '1.0.0', bin: {probe: 'x.js'}}));
		const read = patched({importMeta: {url: pathToFileURL(file).href} as ImportMeta, argv: [], flags: {}, autoHelp: false, autoVersion: false});
		t.is((read.pkg as {_id?: string})._id, 'probe@1.0.0', 'normalize-package-data ran');
	} finally {
		rmSync(directory, {recursive: true, force: true});
	}
});
