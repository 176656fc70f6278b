import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';

/**
The golden text at `file` (relative to the repository root, where AVA runs), to compare `actual` with; with UPDATE_GOLDENS=1 it writes `actual` there first (review the diff before committing).
*/
export function golden(file: string, actual: string): string {
	if (process.env['UPDATE_GOLDENS'] === '1') {
		fs.mkdirSync(path.dirname(file), {recursive: true});
		fs.writeFileSync(file, actual);
	}

	return fs.readFileSync(file, 'utf8');
}

/** A file name for a golden named by free text (an address, an expression): what a file name may not hold becomes `_`. */
export function goldenName(text: string): string {
	return text.replaceAll(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '');
}
