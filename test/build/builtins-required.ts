import fs, {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {build} from 'esbuild';
import {builtinsRequired} from '../../scripts/bundle/plugins.js';

/*
The CommonJS builds take a default import of one of Node's modules as the module itself (scripts/bundle/plugins.ts, builtinsRequired): no copy of its exports (`__toESM`), and the same values as the import gives.
*/

test('a default import of a Node module is built as require() of the module, with the same values', async t => {
	const scratch = mkdtempSync(path.join(os.tmpdir(), 'tfscope-builtins-'));
	try {
		const directory = path.join(scratch, 'source');
		mkdirSync(directory);
		writeFileSync(path.join(directory, 'entry.ts'), [
			'import fs from \'node:fs\';',
			'import path from \'node:path\';',
			'import v8 from \'node:v8\';',
			'import {join} from \'node:path\';',
			'export const values = {readFileSync: fs.readFileSync, sep: path.sep, join, getHeapStatistics: v8.getHeapStatistics, pathModule: path};',
			'',
		].join('\n'));
		const outfile = path.join(scratch, 'out.cjs');
		await build({entryPoints: [path.join(directory, 'entry.ts')], outfile, bundle: true, format: 'cjs', platform: 'node', plugins: [builtinsRequired()], logLevel: 'silent'});
		const text = readFileSync(outfile, 'utf8');
		t.false(text.includes('__toESM'));
		t.regex(text, /require\("node:fs"\)/);
		const {values} = createRequire(import.meta.url)(outfile) as {values: Record<string, unknown>};
		t.is(values['readFileSync'], fs.readFileSync);
		t.is(values['sep'], path.sep);
		t.is(values['join'], path.join);
		t.is(values['getHeapStatistics'], createRequire(import.meta.url)('node:v8').getHeapStatistics);
		t.is(values['pathModule'], createRequire(import.meta.url)('node:path'));
	} finally {
		rmSync(scratch, {recursive: true, force: true});
	}
});
