import {readFileSync} from 'node:fs';
import test from 'ava';
import {keyTableEnd, keyTableMarkdown, keyTableStart, replaceKeyTable} from '../../../source/ui/input/key-table.js';
import {bindings} from '../../../source/ui/input/keymap.js';

const page = readFileSync(new URL('../../../docs/explorer.md', import.meta.url), 'utf8');

test('the key table of docs/explorer.md is the one generated from keymap.ts (run `npx tsx media/readme-keys.ts`)', t => {
	t.true(page.includes(keyTableStart) && page.includes(keyTableEnd));
	t.is(replaceKeyTable(page), page);
});

test('every binding has a row in the table, and every row a binding', t => {
	const rows = keyTableMarkdown().split('\n').slice(2);
	t.is(rows.length, bindings.length);
	for (const binding of bindings) {
		t.true(rows.some(row => row.endsWith(`| ${binding.description.replaceAll('|', '\\|')} |`)), binding.id);
	}
});
