/*
Writes the key table of readme.md from the keymap: `npx tsx media/readme-keys.ts`.
*/
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {replaceKeyTable} from '../source/ui/key-table.js';

const readmePath = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'readme.md');
const before = readFileSync(readmePath, 'utf8');
const after = replaceKeyTable(before);
if (after === before) {
	console.log('readme.md key table is current');
} else {
	writeFileSync(readmePath, after);
	console.log('readme.md key table updated');
}
