/*
Writes the explorer's key table in docs/explorer.md from the keymap: `npx tsx media/readme-keys.ts`. A test (test/ui/input/key-table.ts) checks the page is current.
*/
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {replaceKeyTable} from '../source/ui/input/key-table.js';

const pagePath = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'explorer.md');
const before = readFileSync(pagePath, 'utf8');
const after = replaceKeyTable(before);
if (after === before) {
	console.log('docs/explorer.md key table is current');
} else {
	writeFileSync(pagePath, after);
	console.log('docs/explorer.md key table updated');
}
