import type {Diagnostic} from './diagnostics.js';
import {LineIndex} from './line-index.js';

export type FormatOptions = {
	/**
	The text of the file a diagnostic points into, to show the source line.
	*/
	readonly source?: string | ((filename: string) => string | undefined);
	readonly color?: boolean;
};

const bold = (text: string, color: boolean) => color ? `\u001B[1m${text}\u001B[22m` : text;
const red = (text: string, color: boolean) => color ? `\u001B[31m${text}\u001B[39m` : text;
const yellow = (text: string, color: boolean) => color ? `\u001B[33m${text}\u001B[39m` : text;
const underline = (text: string, color: boolean) => color ? `\u001B[4m${text}\u001B[24m` : text;

const lineIndexes = new WeakMap<object, Map<string, LineIndex>>();

function sourceLines(options: FormatOptions, filename: string): LineIndex | undefined {
	const {source} = options;
	const text = typeof source === 'function' ? source(filename) : source;
	if (text === undefined) {
		return undefined;
	}

	// Rendering many diagnostics of one big file should not rescan it each time.
	const key = typeof source === 'function' ? source : options;
	let cache = lineIndexes.get(key);
	if (!cache) {
		cache = new Map();
		lineIndexes.set(key, cache);
	}

	let index = cache.get(filename);
	if (index?.text !== text) {
		index = new LineIndex(text);
		cache.set(filename, index);
	}

	return index;
}

/**
A diagnostic as Terraform prints it: a box with `Error: Summary`, where (`on FILE line N:`), the source line with the subject underlined, and the detail.
*/
export function formatDiagnostic(diagnostic: Diagnostic, options: FormatOptions = {}): string {
	const color = options.color ?? false;
	const gutter = (text: string) => text === '' ? '│' : `│ ${text}`;
	const lines: string[] = ['╷'];
	const label = diagnostic.severity === 'error' ? red(bold('Error: ', color), color) : yellow(bold('Warning: ', color), color);
	lines.push(gutter(label + bold(diagnostic.summary, color)));
	const {subject} = diagnostic;
	if (subject) {
		lines.push(gutter(''), gutter(`  on ${subject.filename} line ${subject.start.line}:`));
		const index = sourceLines(options, subject.filename);
		if (index) {
			const number = String(subject.start.line);
			const text = index.lineText(subject.start.line);
			const characters = [...text];
			const startColumn = Math.max(1, subject.start.column);
			const endColumn = subject.end.line === subject.start.line ? Math.max(subject.end.column, startColumn + 1) : characters.length + 1;
			const before = characters.slice(0, startColumn - 1).join('');
			const marked = characters.slice(startColumn - 1, endColumn - 1).join('');
			const after = characters.slice(endColumn - 1).join('');
			const prefix = `${number.padStart(4)}: `;
			lines.push(gutter(prefix + before + underline(marked, color) + after));
			if (!color) {
				const pad = characters.slice(0, startColumn - 1).map(character => character === '\t' ? '\t' : ' ').join('');
				const width = Math.max(1, Math.min(endColumn, characters.length + 1) - startColumn);
				lines.push(gutter(' '.repeat(prefix.length) + pad + '^'.repeat(width)));
			}
		}

		for (const value of diagnostic.values ?? []) {
			lines.push(gutter(`    ├────────────────`), gutter(`    │ ${value.traversal} ${value.statement}`));
		}
	}

	if (diagnostic.detail) {
		lines.push(gutter(''));
		for (const line of diagnostic.detail.split('\n')) {
			lines.push(gutter(line));
		}
	}

	lines.push('╵');
	return lines.join('\n') + '\n';
}

export function formatDiagnostics(diagnostics: readonly Diagnostic[], options: FormatOptions = {}): string {
	return diagnostics.map(diagnostic => formatDiagnostic(diagnostic, options)).join('');
}

/**
The one-line form: `file:line:col: error: Summary`.
*/
export function formatDiagnosticLine(diagnostic: Diagnostic): string {
	const where = diagnostic.subject ? `${diagnostic.subject.filename}:${diagnostic.subject.start.line}:${diagnostic.subject.start.column}: ` : '';
	return `${where}${diagnostic.severity}: ${diagnostic.summary}`;
}
