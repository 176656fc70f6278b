import type {Token} from './token.js';

/**
Reads tokens for the parser, skipping comments always and newlines when they are insignificant: inside `(...)`, `[...]` and interpolations newlines mean nothing, while bodies and object constructors need them. The parser pushes and pops that choice as it enters and leaves brackets.
*/
export class Peeker {
	index = 0;
	previous: Token;
	private readonly newlineStack: boolean[] = [true];
	private includeNewlines = true;

	readonly tokens: readonly Token[];

	constructor(tokens: readonly Token[]) {
		this.tokens = tokens;
		this.previous = tokens[0]!;
	}

	peek(): Token {
		const {tokens, includeNewlines} = this;
		let index = this.index;
		const first = tokens[index]!;
		if (first.type !== 'Comment' && first.type !== 'Newline') {
			return first;
		}

		for (;;) {
			const token = tokens[index]!;
			if (token.type === 'Comment' || (token.type === 'Newline' && !includeNewlines)) {
				index++;
				continue;
			}

			return token;
		}
	}

	read(): Token {
		const {tokens, includeNewlines} = this;
		let index = this.index;
		for (;;) {
			const token = tokens[index]!;
			if (token.type === 'Comment' || (token.type === 'Newline' && !includeNewlines)) {
				index++;
				continue;
			}

			if (token.type !== 'EOF') {
				index++;
			}

			this.index = index;
			this.previous = token;
			return token;
		}
	}

	/**
	The next token, newlines included whatever the mode (for template parsing, which sees every token).
	*/
	peekRaw(): Token {
		return this.tokens[this.index]!;
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
