import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {formatValue} from '../../source/lang/format-value.js';
import type {Value} from '../../source/lang/values.js';

/**
Writes a tree of files (path → text) into a new temporary directory and returns it.
*/
export function writeTree(files: Readonly<Record<string, string>>): string {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-terragrunt-'));
	for (const [name, text] of Object.entries(files)) {
		const file = path.join(root, name);
		fs.mkdirSync(path.dirname(file), {recursive: true});
		fs.writeFileSync(file, text);
	}

	return root;
}

export function show(value: Value | undefined): string {
	return value === undefined ? '(none)' : formatValue(value);
}

export const fixtures = path.join(import.meta.dirname, '..', 'fixtures', 'terragrunt');
