/**
A point in a source file. `line` and `column` are 1-based; `column` counts Unicode code points, as editors show them. `offset` is 0-based in UTF-16 code units, so `text.slice(start.offset, end.offset)` gives the source of a range.
*/
export type Position = {
	readonly line: number;
	readonly column: number;
	readonly offset: number;
};

/**
A span of a source file; `end` is exclusive.
*/
export type Range = {
	readonly filename: string;
	readonly start: Position;
	readonly end: Position;
};

export const startPosition: Position = {line: 1, column: 1, offset: 0};

/**
The range from the start of `first` to the end of `last`.
*/
export function rangeBetween(first: Range, last: Range): Range {
	return {filename: first.filename, start: first.start, end: last.end};
}

/**
The smallest range covering every given range (which must share a file).
*/
export function rangeOver(ranges: readonly Range[]): Range {
	const [first, ...rest] = ranges;
	if (!first) {
		throw new Error('rangeOver needs at least one range');
	}

	let {start, end} = first;
	for (const range of rest) {
		if (range.start.offset < start.offset) {
			start = range.start;
		}

		if (range.end.offset > end.offset) {
			end = range.end;
		}
	}

	return {filename: first.filename, start, end};
}

export function containsPosition(range: Range, offset: number): boolean {
	return offset >= range.start.offset && offset < range.end.offset;
}

/**
A range as hcl prints it inside messages: `file:line,column-column` or `file:line,column-line,column`.
*/
export function formatRangeShort(range: Range): string {
	const {start, end} = range;
	if (start.line === end.line) {
		return `${range.filename}:${start.line},${start.column}-${end.column}`;
	}

	return `${range.filename}:${start.line},${start.column}-${end.line},${end.column}`;
}

/**
`file:line:column` of the start of a range, the prefix every diagnostic line starts with.
*/
export function formatRangeStart(range: Range): string {
	return `${range.filename}:${range.start.line}:${range.start.column}`;
}
