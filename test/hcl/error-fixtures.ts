import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {parseConfig} from '../../source/hcl/index.js';
import {compareMarkers, errorMarkers} from '../helpers/error-markers.js';
import {oracleParse} from '../helpers/hcl-oracle.js';

/*
Broken files with their expected errors written inline (`# ERROR: Summary`). Each must give exactly those diagnostics, and @cdktf/hcl2json must reject it with every one of its errors on a line we report too.
*/

const directory = path.join(import.meta.dirname, '../fixtures/hcl');
const files = readdirSync(directory).filter(name => name.endsWith('.tf')).sort();

for (const name of files) {
	test(`${name} gives its marked errors`, async t => {
		const text = readFileSync(path.join(directory, name), 'utf8');
		const {diagnostics} = parseConfig(text, name);
		const actual = diagnostics.map(diagnostic => `${diagnostic.subject?.start.line ?? 0}: ${diagnostic.summary}`).sort(compareMarkers);
		t.deepEqual(actual, errorMarkers(text));

		const oracle = await oracleParse(name, text);
		if ('json' in oracle) {
			t.fail('the oracle accepts the file');
			return;
		}

		const ourLines = new Set(diagnostics.map(diagnostic => diagnostic.subject?.start.line));
		t.deepEqual(oracle.errorLines.filter(line => !ourLines.has(line)), [], oracle.message);
	});
}
