import type {Diagnostic} from '../../source/hcl/diagnostics.js';
import type {Range} from '../../source/hcl/position.js';

/*
Checks shared by the hardening tests (a `_` file: AVA does not run it). They return a list of problems, empty when the invariant holds, so a failing test prints every broken range at once.
*/

let cachedText: string | undefined;
let cachedLineStarts: number[] = [];

function lineStarts(text: string): number[] {
	if (cachedText !== text) {
		cachedText = text;
		cachedLineStarts = [0];
		for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
			cachedLineStarts.push(index + 1);
		}
	}

	return cachedLineStarts;
}

/**
Line and column (1-based, columns in code points) of a UTF-16 offset, computed independently of the parser's own line index. A byte order mark at the start of the text takes no column, as editors do not show it.
*/
export function positionAt(text: string, offset: number): {line: number; column: number} {
	const starts = lineStarts(text);
	let low = 0;
	let high = starts.length - 1;
	while (low < high) {
		const middle = Math.ceil((low + high) / 2);
		if (starts[middle]! <= offset) {
			low = middle;
		} else {
			high = middle - 1;
		}
	}

	const bom = low === 0 && text.startsWith('\uFEFF') && offset > 0 ? 1 : 0;
	return {line: low + 1, column: [...text.slice(starts[low]! + bom, offset)].length + 1};
}

/**
Problems with one range: outside the text, reversed, from another file, or with a line/column that does not match its offset.
*/
export function rangeProblems(range: Range, text: string, filename: string, what: string, checkColumns = true): string[] {
	const problems: string[] = [];
	const {start, end} = range;
	if (range.filename !== filename) {
		problems.push(`${what}: filename ${range.filename} is not ${filename}`);
	}

	if (!(start.offset >= 0 && start.offset <= end.offset && end.offset <= text.length)) {
		problems.push(`${what}: offsets ${start.offset}..${end.offset} outside 0..${text.length}`);
		return problems;
	}

	if (checkColumns) {
		for (const [name, position] of [['start', start], ['end', end]] as const) {
			const expected = positionAt(text, position.offset);
			if (expected.line !== position.line || expected.column !== position.column) {
				problems.push(`${what}: ${name} offset ${position.offset} is ${expected.line}:${expected.column}, range says ${position.line}:${position.column}`);
			}
		}
	}

	return problems;
}

/**
Every `range`-like property of a syntax tree (nodes, name ranges, brace ranges), found by walking the plain objects.
*/
export function collectRanges(tree: unknown, limit = 200_000): Array<{path: string; range: Range}> {
	const found: Array<{path: string; range: Range}> = [];
	const stack: Array<{value: unknown; path: string}> = [{value: tree, path: '$'}];
	const seen = new Set<unknown>();
	while (stack.length > 0 && found.length < limit) {
		const {value, path} = stack.pop()!;
		if (typeof value !== 'object' || value === null || seen.has(value)) {
			continue;
		}

		seen.add(value);
		if (isRange(value)) {
			found.push({path, range: value});
			continue;
		}

		for (const [key, child] of Array.isArray(value) ? value.entries() : [...Object.entries(value), ...accessorEntries(value)]) {
			stack.push({value: child, path: `${path}.${String(key)}`});
		}
	}

	return found;
}

/**
The values of the getters of an object's class: parsed nodes compute their ranges (`range`, `nameRange`...) in getters.
*/
function accessorEntries(value: object): Array<[string, unknown]> {
	const entries: Array<[string, unknown]> = [];
	for (let prototype = Object.getPrototypeOf(value) as object | null; prototype && prototype !== Object.prototype; prototype = Object.getPrototypeOf(prototype) as object | null) {
		for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(prototype))) {
			if (descriptor.get) {
				entries.push([key, (value as Record<string, unknown>)[key]]);
			}
		}
	}

	return entries;
}

function isRange(value: object): value is Range {
	const candidate = value as Partial<Range>;
	return typeof candidate.filename === 'string' && typeof candidate.start?.offset === 'number' && typeof candidate.end?.offset === 'number';
}

/**
Every range in a parse result (tree and diagnostics) must lie inside the source with consistent positions.
*/
export function parseResultProblems(value: unknown, diagnostics: readonly Diagnostic[], text: string, filename: string, checkColumns = true): string[] {
	const problems: string[] = [];
	for (const {path, range} of collectRanges(value)) {
		problems.push(...rangeProblems(range, text, filename, path, checkColumns));
		if (problems.length > 20) {
			break;
		}
	}

	for (const [index, diagnostic] of diagnostics.entries()) {
		if (typeof diagnostic.summary !== 'string' || diagnostic.summary.length === 0) {
			problems.push(`diagnostic ${index} has no summary`);
		}

		for (const key of ['subject', 'context'] as const) {
			const range = diagnostic[key];
			if (range) {
				problems.push(...rangeProblems(range, text, filename, `diagnostic ${index} (${diagnostic.summary}) ${key}`, checkColumns));
			}
		}
	}

	return problems;
}

/**
`file:line:col: summary` of each diagnostic, the way the tests compare them.
*/
export function located(diagnostics: readonly Diagnostic[], base = ''): string[] {
	return diagnostics.map(diagnostic => {
		const where = diagnostic.subject ? `${diagnostic.subject.filename.startsWith(base) ? diagnostic.subject.filename.slice(base.length) : diagnostic.subject.filename}:${diagnostic.subject.start.line}:${diagnostic.subject.start.column}` : '-';
		return `${where}: ${diagnostic.severity}: ${diagnostic.summary}`;
	});
}
