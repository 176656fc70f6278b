import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {formatDiagnosticLine} from '../../source/hcl/format-diagnostic.js';
import {parseConfig, toHcl2Json} from '../../source/hcl/index.js';
import {oracleParse} from '../helpers/hcl-oracle.js';

/*
The differential test: every file of the corpus gives the same JSON from our parser as from @cdktf/hcl2json.
*/

const directory = path.join(import.meta.dirname, '../fixtures/hcl2json');
const files = readdirSync(directory).filter(name => name.endsWith('.tf')).sort();

test('the corpus has at least 80 files', t => {
	t.true(files.length >= 80, `only ${files.length} files`);
});

for (const name of files) {
	test(`${name} matches hcl2json`, async t => {
		const text = readFileSync(path.join(directory, name), 'utf8');
		const oracle = await oracleParse(name, text);
		if (!('json' in oracle)) {
			t.fail(`the oracle rejects the file: ${oracle.message}`);
			return;
		}

		const {value, diagnostics} = parseConfig(text, name);
		t.deepEqual(diagnostics.map(diagnostic => formatDiagnosticLine(diagnostic)), []);
		const ours = toHcl2Json(value, text);
		t.deepEqual(ours.diagnostics, []);
		t.deepEqual(JSON.parse(JSON.stringify(ours.value)), oracle.json);
	});
}
