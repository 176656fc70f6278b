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
Source lines longer than this many UTF-16 units are shown as a window around the subject: printing the whole line of a 2 MB one-line file for each of its errors took minutes and gigabytes.
*/
export const maximumSnippetLength = 240;

/**
How much of the subject a window shows, and of the text on each side of it.
*/
const windowSubject = 120;
const windowContext = 60;

/**
The part of a long line around the subject, with `…` where it was cut, and by how many code points the columns shift (the `…` counts as one).
*/
function snippetWindow(line: string, subject: NonNullable<Diagnostic['subject']>, index: LineIndex): {text: string; shift: number} {
	const lineStart = index.lineStarts[subject.start.line - 1] ?? 0;
	const start = Math.max(0, Math.min(line.length, subject.start.offset - lineStart));
	const subjectEnd = subject.end.line === subject.start.line ? Math.max(start, subject.end.offset - lineStart) : line.length;
	let from = Math.max(0, start - windowContext);
	let to = Math.min(line.length, Math.min(subjectEnd, start + windowSubject) + windowContext);
	// Never split a surrogate pair.
	if (from > 0 && isLowSurrogate(line.charCodeAt(from))) {
		from--;
	}

	if (to < line.length && isLowSurrogate(line.charCodeAt(to))) {
		to++;
	}

	const skipped = from === 0 ? 0 : codePointCount(line, from) - 1;
	return {text: `${from > 0 ? '…' : ''}${line.slice(from, to)}${to < line.length ? '…' : ''}`, shift: skipped};
}

/**
The code points in `text`'s first `end` code units, counted without building them (spreading the text before the window into an array, for each of 130 diagnostics on a 2 MB line, took 8 s).
*/
function codePointCount(text: string, end: number): number {
	let pairs = 0;
	for (let index = 1; index < end; index++) {
		if (isLowSurrogate(text.charCodeAt(index)) && isHighSurrogate(text.charCodeAt(index - 1))) {
			pairs++;
		}
	}

	return end - pairs;
}

function isHighSurrogate(code: number): boolean {
	return code >= 0xD8_00 && code <= 0xDB_FF;
}

function isLowSurrogate(code: number): boolean {
	return code >= 0xDC_00 && code <= 0xDF_FF;
}

/**
The most diagnostics printed for one file; the rest are counted in one line. A file with thousands of errors would otherwise bury every other file's.
*/
export const maximumDiagnosticsPerFile = 100;

/**
The diagnostics to print, at most `maximumDiagnosticsPerFile` of each file (in order), and how many of each file were left out.
*/
export function capPerFile<T extends Diagnostic>(diagnostics: readonly T[]): {shown: T[]; omitted: Map<string, number>} {
	const counts = new Map<string, number>();
	const omitted = new Map<string, number>();
	const shown: T[] = [];
	for (const diagnostic of diagnostics) {
		const file = diagnostic.subject?.filename;
		if (file === undefined) {
			shown.push(diagnostic);
			continue;
		}

		const count = (counts.get(file) ?? 0) + 1;
		counts.set(file, count);
		if (count > maximumDiagnosticsPerFile) {
			omitted.set(file, (omitted.get(file) ?? 0) + 1);
		} else {
			shown.push(diagnostic);
		}
	}

	return {shown, omitted};
}

/**
The line that says how many diagnostics of a file were not printed.
*/
export function omittedLine(file: string, count: number): string {
	return `${file}: ${count} more diagnostic${count === 1 ? '' : 's'} not shown (at most ${maximumDiagnosticsPerFile} a file, maximumDiagnosticsPerFile)`;
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
			const line = index.lineText(subject.start.line);
			const {text, shift} = line.length > maximumSnippetLength ? snippetWindow(line, subject, index) : {text: line, shift: 0};
			const characters = [...text];
			const startColumn = Math.max(1, subject.start.column - shift);
			const endColumn = subject.end.line === subject.start.line ? Math.max(Math.min(subject.end.column - shift, characters.length + 1), startColumn + 1) : characters.length + 1;
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
	const {shown, omitted} = capPerFile(diagnostics);
	return shown.map(diagnostic => formatDiagnostic(diagnostic, options)).join('') + [...omitted].map(([file, count]) => `${omittedLine(file, count)}\n`).join('');
}

/**
The one-line form: `file:line:col: error: Summary`.
*/
export function formatDiagnosticLine(diagnostic: Diagnostic): string {
	const where = diagnostic.subject ? `${diagnostic.subject.filename}:${diagnostic.subject.start.line}:${diagnostic.subject.start.column}: ` : '';
	return `${where}${diagnostic.severity}: ${diagnostic.summary}`;
}

/**
Wraps text as go-wordwrap does for Terraform's diagnostics: lines of at most `limit` characters, broken at spaces; a longer word stays whole. A line that starts with a space is kept as it is.
*/
export function wrapText(text: string, limit: number): string {
	const lines: string[] = [];
	for (const paragraph of text.split('\n')) {
		if (paragraph.startsWith(' ')) {
			lines.push(paragraph);
			continue;
		}

		let line = '';
		for (const word of paragraph.split(' ')) {
			if (line === '') {
				line = word;
			} else if ([...line].length + 1 + [...word].length > limit && [...word].length < limit) {
				lines.push(line);
				line = word;
			} else {
				line += ` ${word}`;
			}
		}

		lines.push(line);
	}

	return lines.join('\n');
}

/**
Where `formatTerraformDiagnostic` finds the source of the configuration's files.
*/
export type DiagnosticSources = {
	/**
	The text of a file, or undefined when it is not known.
	*/
	readonly text: (filename: string) => string | undefined;
	/**
	The header of the top-level block around an offset of a file (`resource "terraform_data" "a"`), printed as `, in BLOCK` after the line number, as HCL's ContextString.
	*/
	readonly context?: (filename: string, offset: number) => string | undefined;
};

export type TerraformFormatOptions = {
	/**
	Terraform's box-drawn, coloured form (a colour terminal); plain text otherwise, the byte-for-byte case.
	*/
	readonly color?: boolean;
	/**
	Applied to text from the configuration (file names, source lines, summary, detail, values), not to the formatter's own colours: commands escape control characters on a terminal.
	*/
	readonly escape?: (text: string) => string;
	/**
	The configuration's files: each diagnostic shows its source lines (the context's too), the enclosing block and the values of its references. Without sources, as for the console's own input line, the place is followed by "(source code not available)" and nothing else.
	*/
	readonly sources?: DiagnosticSources;
};

/**
The lines under `on FILE line N:` when sources are given: the source lines of the subject (widened to its context in the same file), the subject underlined in colour, then the values of the references, sorted, under one rule.
*/
function sourceSnippet(diagnostic: Diagnostic, subject: NonNullable<Diagnostic['subject']>, sources: DiagnosticSources, options: TerraformFormatOptions): {readonly firstLine: number; readonly lines: string[]} {
	const safe = options.escape ?? ((text: string) => text);
	const range = diagnostic.context && diagnostic.context.filename === subject.filename ? {
		start: diagnostic.context.start.offset < subject.start.offset ? diagnostic.context.start : subject.start,
		end: diagnostic.context.end.offset > subject.end.offset ? diagnostic.context.end : subject.end,
	} : subject;
	const lines: string[] = [];
	const text = sources.text(subject.filename);
	if (text !== undefined) {
		const index = new LineIndex(text);
		for (let line = range.start.line; line <= Math.max(range.start.line, range.end.line); line++) {
			const lineText = index.lineText(line);
			const lineStart = index.lineStarts[line - 1] ?? 0;
			// On a terminal the subject is underlined, as Terraform does in colour.
			const from = Math.max(0, Math.min(lineText.length, subject.start.offset - lineStart));
			const to = Math.max(from, Math.min(lineText.length, subject.end.offset - lineStart));
			const shown = options.color && from < to ? `${safe(lineText.slice(0, from))}\u001B[4m${safe(lineText.slice(from, to))}\u001B[0m${safe(lineText.slice(to))}` : safe(lineText);
			lines.push(`${String(line).padStart(4)}: ${shown}`);
		}
	}

	const values = [...diagnostic.values ?? []].sort((a, b) => (a.traversal < b.traversal ? -1 : (a.traversal > b.traversal ? 1 : 0)));
	if (values.length > 0) {
		lines.push('    ├────────────────', ...values.map(value => `    │ ${safe(value.traversal)} ${safe(value.statement)}`));
	}

	return {firstLine: range.start.line, lines};
}

/**
A diagnostic as Terraform's commands print it (1.11: `terraform console`'s view and its start-up report): without colour `Error: Summary`, the place, and the detail wrapped at 77 columns, between blank lines; with colour a box ruled in red (yellow for a warning), the summary bold, the detail wrapped at 75 columns to fit beside the rule. The one formatter of the console, for its input line and for the configuration's problems.
*/
export function formatTerraformDiagnostic(diagnostic: Diagnostic, options: TerraformFormatOptions = {}): string {
	const safe = options.escape ?? ((text: string) => text);
	const label = diagnostic.severity === 'error' ? 'Error' : 'Warning';
	const where: string[] = [];
	const {subject} = diagnostic;
	if (subject && options.sources) {
		const snippet = sourceSnippet(diagnostic, subject, options.sources, options);
		const context = options.sources.context?.(subject.filename, Math.max(0, subject.start.offset - 1));
		where.push(`  on ${safe(subject.filename)} line ${snippet.firstLine}${context ? `, in ${safe(context)}` : ''}:`, ...snippet.lines, '');
	} else if (subject) {
		where.push(`  on ${safe(subject.filename)} line ${subject.start.line}:`, '  (source code not available)', '');
	}

	const summary = safe(diagnostic.summary);
	const detail = diagnostic.detail ? safe(diagnostic.detail) : undefined;
	if (!options.color) {
		return `\n${label}: ${summary}\n\n${where.map(line => `${line}\n`).join('')}${detail === undefined ? '' : `${wrapText(detail, 77)}\n`}\n`;
	}

	const tint = diagnostic.severity === 'error' ? '\u001B[31m' : '\u001B[33m';
	const reset = '\u001B[0m';
	const lines = [`\u001B[1m${tint}${label}: ${reset}\u001B[1m${summary}${reset}`, '', ...where, ...(detail === undefined ? [] : wrapText(detail, 75).split('\n'))];
	if (lines.at(-1) === '') {
		lines.pop();
	}

	return `${tint}╷${reset}\n${lines.map(line => `${tint}│${reset} ${line}\n`).join('')}${tint}╵${reset}\n`;
}
