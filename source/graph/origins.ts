import type {Range} from '../hcl/position.js';
import type {Span} from '../hcl/nodes.js';
import type {EdgeOrigin} from './model.js';

/*
Edge origins whose range is worked out when first read. A range's line and column come from the file's line index, which costs more than the rest of making an edge; building a graph needs only each origin's text, and only the JSON export, the explorer's edges and the graph-too-large error read ranges, of a few origins at a time.
*/

/**
The origin of the edges a reference makes: its text, and the reference's range, made from its span when first read.
*/
export class ReferenceOrigin implements EdgeOrigin {
	readonly expression: string;
	/** Where the reference is: its file and offsets. */
	readonly span: Span;
	#range: Range | undefined;

	constructor(expression: string, span: Span) {
		this.expression = expression;
		this.span = span;
		this.#range = undefined;
	}

	get range(): Range {
		this.#range ??= this.span.range;
		return this.#range;
	}
}

/**
An origin whose range `place` finds when first asked (a block label's, a declaration's).
*/
export class PlacedOrigin implements EdgeOrigin {
	readonly expression: string;
	#place: (() => Range) | undefined;
	#range: Range | undefined;

	constructor(expression: string, place: () => Range) {
		this.expression = expression;
		this.#place = place;
		this.#range = undefined;
	}

	get range(): Range {
		if (this.#place) {
			this.#range = this.#place();
			this.#place = undefined;
		}

		return this.#range!;
	}
}

/**
Whether two origins are the same expression at the same place (the same text starting at the same offset of the same file): an edge keeps each origin once. Origins are shared by every edge they make, so the same object is the usual case.
*/
export function sameOrigin(first: EdgeOrigin, second: EdgeOrigin): boolean {
	if (first === second) {
		return true;
	}

	if (first.expression !== second.expression) {
		return false;
	}

	const one = startOf(first);
	const other = startOf(second);
	return one?.filename === other?.filename && one?.start === other?.start;
}

function startOf(origin: EdgeOrigin): {readonly filename: string; readonly start: number} | undefined {
	if (origin instanceof ReferenceOrigin) {
		return origin.span;
	}

	const {range} = origin;
	return range && {filename: range.filename, start: range.start.offset};
}
