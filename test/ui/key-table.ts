import {readFileSync} from 'node:fs';
import test from 'ava';
import {keyTableEnd, keyTableMarkdown, keyTableStart, replaceKeyTable} from '../../source/ui/key-table.js';
import {bindings} from '../../source/ui/keymap.js';

const readme = readFileSync(new URL('../../readme.md', import.meta.url), 'utf8');

test('the readme key table is the one generated from keymap.ts (run `npx tsx media/readme-keys.ts`)', t => {
	t.true(readme.includes(keyTableStart) && readme.includes(keyTableEnd));
	t.is(replaceKeyTable(readme), readme);
});

test('every binding has a row in the table, and every row a binding', t => {
	const rows = keyTableMarkdown().split('\n').slice(2);
	t.is(rows.length, bindings.length);
	for (const binding of bindings) {
		t.true(rows.some(row => row.endsWith(`| ${binding.description.replaceAll('|', '\\|')} |`)), binding.id);
	}
});
