import type {TokenList} from './lexer.js';
import type {TokenKind} from './token.js';
import * as K from './token-kind.js';

/**
Reads tokens for the parser, skipping comments always and newlines when they are insignificant: inside `(...)`, `[...]` and interpolations newlines mean nothing, while bodies and object constructors need them. The parser pushes and pops that choice as it enters and leaves brackets.

A token is its index in the lexer's arrays: `kinds[token]`, `starts[token]`, `ends[token]`.
*/
export class Peeker {
	index = 0;
	/**
	The token read last (the first token before any is read).
	*/
	previous = 0;
	readonly kinds: Uint8Array;
	readonly starts: Int32Array;
	readonly ends: Int32Array;
	private readonly newlineStack: boolean[] = [true];
	private includeNewlines = true;

	constructor(tokens: TokenList) {
		this.kinds = tokens.kinds;
		this.starts = tokens.starts;
		this.ends = tokens.ends;
	}

	peek(): number {
		const {kinds, includeNewlines} = this;
		let index = this.index;
		for (;;) {
			const kind = kinds[index]!;
			if (kind === K.Comment || (kind === K.Newline && !includeNewlines)) {
				index++;
				continue;
			}

			return index;
		}
	}

	/**
	The kind of the next token (`kinds[peek()]`).
	*/
	peekKind(): TokenKind {
		return this.kinds[this.peek()]!;
	}

	read(): number {
		const {kinds, includeNewlines} = this;
		let index = this.index;
		for (;;) {
			const kind = kinds[index]!;
			if (kind === K.Comment || (kind === K.Newline && !includeNewlines)) {
				index++;
				continue;
			}

			this.previous = index;
			if (kind !== K.EOF) {
				index++;
			}

			this.index = index;
			return this.previous;
		}
	}

	/**
	The next token, newlines included whatever the mode (for template parsing, which sees every token).
	*/
	peekRaw(): number {
		return this.index;
	}

	pushIncludeNewlines(include: boolean): void {
		this.newlineStack.push(include);
		this.includeNewlines = include;
	}

	popIncludeNewlines(): void {
		this.newlineStack.pop();
		this.includeNewlines = this.newlineStack.at(-1) ?? true;
	}
}
