import type {Position} from './position.js';

const surrogatePattern = /[\uD800-\uDFFF]/;

/**
Turns UTF-16 offsets into positions (line, column in code points). Lookups moving forward are O(1) amortised, which is how the lexer calls it; going back falls back to a binary search.
*/
export class LineIndex {
	private cursor = 0;
	private starts: Uint32Array | undefined = undefined;
	private hasAstral: boolean | undefined = undefined;

	readonly text: string;

	constructor(text: string) {
		this.text = text;
	}

	/**
	The offset where each line starts, found on the first lookup (a parse that reports nothing never needs it); 4 bytes a line, since syntax trees keep their file's index alive.
	*/
	get lineStarts(): Uint32Array {
		if (this.starts === undefined) {
			const {text} = this;
			// A byte order mark is not part of the first line's columns.
			const lineStarts = [text.codePointAt(0) === 0xFE_FF ? 1 : 0];
			let index = text.indexOf('\n');
			while (index !== -1) {
				lineStarts.push(index + 1);
				index = text.indexOf('\n', index + 1);
			}

			this.starts = Uint32Array.from(lineStarts);
		}

		return this.starts;
	}

	private get astral(): boolean {
		this.hasAstral ??= surrogatePattern.test(this.text);
		return this.hasAstral;
	}

	lineOf(offset: number): number {
		const starts = this.lineStarts;
		let line = this.cursor;
		if (starts[line]! > offset) {
			line = lastStartAtOrBefore(starts, offset, 0, line);
		} else {
			// A few lines forward is the common case; further, search.
			let steps = 0;
			while (line + 1 < starts.length && starts[line + 1]! <= offset) {
				line++;
				if (++steps === 32) {
					line = lastStartAtOrBefore(starts, offset, line, starts.length - 1);
					break;
				}
			}
		}

		this.cursor = line;
		return line;
	}

	at(offset: number): Position {
		const line = this.lineOf(offset);
		const lineStart = this.lineStarts[line]!;
		let column = offset - lineStart + 1;
		if (column < 1) {
			// Offset 0 of a file that starts with a byte order mark: the mark takes no column, as in hclsyntax.
			column = 1;
		} else if (this.astral && column > 1) {
			column = this.astralColumn(line, lineStart, offset);
		}

		return {line: line + 1, column, offset};
	}

	// On lines with surrogate pairs a column is the code units before the offset, less the completed pairs. Pairs are counted from the last lookup on the same line, so many lookups along one long line stay linear.
	private pairsLine = -1;
	private pairsOffset = 0;
	private pairsCount = 0;

	private astralColumn(line: number, lineStart: number, offset: number): number {
		const {text} = this;
		const completesPair = (index: number): boolean => {
			const code = text.charCodeAt(index);
			if (code < 0xDC_00 || code > 0xDF_FF) {
				return false;
			}

			const previous = text.charCodeAt(index - 1);
			return previous >= 0xD8_00 && previous <= 0xDB_FF;
		};

		const target = Math.max(offset, lineStart + 1);
		let index = lineStart + 1;
		let pairs = 0;
		if (line === this.pairsLine) {
			// Move from the last lookup on this line, forwards or backwards.
			index = this.pairsOffset;
			pairs = this.pairsCount;
			for (; index > target; index--) {
				if (completesPair(index - 1)) {
					pairs--;
				}
			}
		}

		for (; index < target; index++) {
			if (completesPair(index)) {
				pairs++;
			}
		}

		this.pairsLine = line;
		this.pairsOffset = target;
		this.pairsCount = pairs;
		return offset - lineStart + 1 - pairs;
	}

	/**
	The text of a 1-based line, without its line break.
	*/
	lineText(line: number): string {
		const start = this.lineStarts[line - 1];
		if (start === undefined) {
			return '';
		}

		const next = this.lineStarts[line];
		let end = next === undefined ? this.text.length : next - 1;
		if (end > start && this.text.charCodeAt(end - 1) === 13) {
			end--;
		}

		return this.text.slice(start, end);
	}
}

/**
The index of the last line start at or before `offset`, searched between `low` and `high` (binary search; `starts[low]` must be at or before `offset`).
*/
function lastStartAtOrBefore(starts: Uint32Array, offset: number, low: number, high: number): number {
	while (low < high) {
		const middle = (low + high + 1) >> 1;
		if (starts[middle]! <= offset) {
			low = middle;
		} else {
			high = middle - 1;
		}
	}

	return low;
}
