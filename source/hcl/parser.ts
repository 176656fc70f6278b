import type {Attribute, Block, Body} from './ast.js';
import type {Diagnostic} from './diagnostics.js';
import {errorDiagnostic} from './diagnostics.js';
import type {LineIndex} from './line-index.js';
import {parseExpression, parseQuotedStringLiteral} from './parse-expression.js';
import {
	AttributeNode, BlockNode, BodyNode, intern, internSlice, SourceFile,
} from './nodes.js';
import {Peeker} from './peeker.js';
import {type Position, type Range, formatRangeShort} from './position.js';
import type {Token, TokenType} from './token.js';
import {oppositeBracket} from './token.js';

/**
How deep brackets, templates and blocks may nest before the parser gives up on the construct (with a diagnostic) rather than risk the stack.
*/
export const maximumNestingDepth = 128;

/**
The state shared by the parsing functions of this folder: tokens, diagnostics and recovery state.

Two flags, so that we report at least every error hclsyntax reports, at the same place: `recovery` is hclsyntax's own flag (set once the parser has skipped tokens to recover, and never cleared); it decides the control flow exactly as in hclsyntax, so both parsers walk the tokens the same way. `quiet` mutes follow-on errors for us; it is set with `recovery` but cleared at each top-level body item, so one broken block does not silence the errors of the next ones. `errorCount` counts only the errors hclsyntax would report, since its control flow depends on them.
*/
export class Parser {
	readonly peeker: Peeker;
	readonly diagnostics: Diagnostic[] = [];
	readonly text: string;
	readonly filename: string;
	readonly lines: LineIndex;
	/**
	What the nodes built by this parser compute their ranges with.
	*/
	readonly file: SourceFile;
	recovery = false;
	quiet = false;
	depth = 0;
	/**
	True while an expression is being parsed, so the outermost one knows it is (and checks its tree's depth).
	*/
	inExpression = false;
	errorCount = 0;
	private tooDeepReported = false;

	constructor(text: string, filename: string, lines: LineIndex, tokens: readonly Token[], file?: SourceFile) {
		this.text = text;
		this.filename = filename;
		this.lines = lines;
		this.file = file ?? new SourceFile(filename, lines);
		this.peeker = new Peeker(tokens);
	}

	peek(): Token {
		return this.peeker.peek();
	}

	read(): Token {
		return this.peeker.read();
	}

	range(start: Position, end: Position): Range {
		return {filename: this.filename, start, end};
	}

	tokenRange(token: Token): Range {
		return {filename: this.filename, start: this.lines.at(token.startOffset), end: this.lines.at(token.endOffset)};
	}

	/**
	Where a token starts, as a position (for diagnostics: tokens keep only offsets).
	*/
	tokenStart(token: Token): Position {
		return this.lines.at(token.startOffset);
	}

	/**
	Where a token ends, as a position.
	*/
	tokenEnd(token: Token): Position {
		return this.lines.at(token.endOffset);
	}

	tokenText(token: Token): string {
		return internSlice(this.text, token.startOffset, token.endOffset);
	}

	/**
	An error hclsyntax reports whatever the recovery state.
	*/
	error(summary: string, detail: string, subject?: Range, context?: Range): void {
		this.diagnostics.push(errorDiagnostic(summary, detail, subject, context));
		this.errorCount++;
	}

	/**
	An error hclsyntax reports only when not recovering; we also report it when not quiet.
	*/
	softError(summary: string, detail: string, subject?: Range, context?: Range): void {
		if (!this.recovery) {
			this.error(summary, detail, subject, context);
		} else if (!this.quiet) {
			this.diagnostics.push(errorDiagnostic(summary, detail, subject, context));
		}
	}

	setRecovery(): void {
		this.recovery = true;
		this.quiet = true;
	}

	/**
	Enters one level of nesting; false (with a diagnostic, once) when the limit is reached.
	*/
	enter(at: Token): boolean {
		if (this.depth >= maximumNestingDepth) {
			if (!this.tooDeepReported) {
				this.tooDeepReported = true;
				this.error('Nesting too deep', `Brackets, templates and blocks may be nested at most ${maximumNestingDepth} levels deep. Simplify the expression or split it with local values.`, this.tokenRange(at));
			}

			this.setRecovery();
			return false;
		}

		this.depth++;
		return true;
	}

	leave(): void {
		this.depth--;
	}

	/**
	Skips to the token that closes the construct we are in (counting nested pairs of the same kind) and returns it, or EOF.
	*/
	recover(end: TokenType): Token {
		const start = oppositeBracket(end);
		this.setRecovery();
		let nest = 0;
		for (;;) {
			const token = this.read();
			let {type} = token;
			if (end === 'TemplateSeqEnd' && type === 'TemplateControl') {
				type = 'TemplateInterp';
			}

			if (type === 'EOF') {
				return token;
			}

			if (type === start) {
				nest++;
			} else if (type === end) {
				if (nest < 1) {
					return token;
				}

				nest--;
			}
		}
	}

	/**
	Skips to the next `start` bracket, then past its matching closer (hclsyntax's recoverOver).
	*/
	recoverOver(start: TokenType): void {
		for (;;) {
			const token = this.read();
			if (token.type === start || token.type === 'EOF') {
				break;
			}
		}

		this.recover(oppositeBracket(start)!);
	}

	/**
	Skips to the end of the current body item: the next newline outside brackets.
	*/
	recoverAfterBodyItem(): void {
		this.setRecovery();
		const open: TokenType[] = [];
		for (;;) {
			const token = this.read();
			switch (token.type) {
				case 'Newline': {
					if (open.length === 0) {
						return;
					}

					break;
				}

				case 'EOF': {
					return;
				}

				case 'OBrace':
				case 'OBrack':
				case 'OParen':
				case 'OQuote':
				case 'OHeredoc':
				case 'TemplateInterp':
				case 'TemplateControl': {
					open.push(token.type);
					break;
				}

				case 'CBrace':
				case 'CBrack':
				case 'CParen':
				case 'CQuote':
				case 'CHeredoc':
				case 'TemplateSeqEnd': {
					const opener = oppositeBracket(token.type);
					const isOpener = (type: TokenType) => token.type === 'TemplateSeqEnd' ? type === 'TemplateInterp' || type === 'TemplateControl' : type === opener;
					while (open.length > 0 && !isOpener(open.at(-1)!)) {
						open.pop();
					}

					open.pop();
					break;
				}

				default: {
					break;
				}
			}
		}
	}
}

/**
Parses body items up to `end` (EOF for a file, `}` for a block). `open` is the `{` of a block body.
*/
export function parseBody(p: Parser, end: 'EOF' | 'CBrace', open?: Token): Body {
	const items: Array<Attribute | Block> = [];
	// Attributes by name, for the redefinition check: looked up along the items while there are few, in a map made only for a long body.
	let seen: Map<string, Attribute> | undefined;
	const startToken = open ?? p.peeker.tokens[0]!;
	let endToken: Token | undefined;
	const topLevel = end === 'EOF';

	for (;;) {
		if (topLevel) {
			// One broken top-level item must not silence the errors of the next ones.
			p.quiet = false;
		}

		const next = p.peek();
		if (next.type === end) {
			endToken = p.read();
			break;
		}

		if (next.type === 'Newline') {
			p.read();
			continue;
		}

		if (next.type === 'Ident') {
			const item = parseBodyItem(p);
			if (item?.kind === 'Attribute') {
				if (seen === undefined && items.length >= 8) {
					seen = new Map();
					for (const earlier of items) {
						if (earlier.kind === 'Attribute' && !seen.has(earlier.name)) {
							seen.set(earlier.name, earlier);
						}
					}
				}

				const existing = seen === undefined ? firstAttributeNamed(items, item.name) : seen.get(item.name);
				if (existing) {
					p.error(
						'Attribute redefined',
						`The argument ${JSON.stringify(item.name)} was already set at ${formatRangeShort(existing.nameRange)}. Each argument may be set only once.`,
						item.nameRange,
					);
				} else {
					seen?.set(item.name, item);
				}
			}

			if (item) {
				items.push(item);
			}

			continue;
		}

		const bad = p.read();
		if (bad.type === 'OQuote') {
			p.softError('Invalid argument name', 'Argument names must not be quoted.', p.tokenRange(bad));
		} else if (bad.type === 'EOF') {
			if (end === 'CBrace') {
				p.softError('Unclosed configuration block', 'There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.', p.tokenRange(startToken));
			} else {
				p.softError('Unclosed configuration body', 'Found end of file before the end of this configuration body.', p.tokenRange(startToken));
			}
		} else {
			p.softError('Argument or block definition required', 'An argument or block definition is required here.', p.tokenRange(bad));
		}

		if (bad.type === 'EOF') {
			endToken = bad;
			break;
		}

		if (topLevel) {
			// hclsyntax gives up on the rest of the file here; we skip the bad line and go on.
			skipBadItem(p, bad);
			continue;
		}

		endToken = p.recover(end);
		break;
	}

	const last = endToken ?? p.peeker.previous;
	return new BodyNode(p.file, topLevel ? 0 : startToken.startOffset, last.endOffset, items);
}

function firstAttributeNamed(items: ReadonlyArray<Attribute | Block>, name: string): Attribute | undefined {
	for (const item of items) {
		if (item.kind === 'Attribute' && item.name === name) {
			return item;
		}
	}

	return undefined;
}

/**
Skips a bad top-level token and the rest of its line, balancing any bracket it opens.
*/
function skipBadItem(p: Parser, token: Token): void {
	const closer = oppositeBracket(token.type);
	if (closer && (token.type === 'OBrace' || token.type === 'OBrack' || token.type === 'OParen' || token.type === 'OQuote' || token.type === 'OHeredoc')) {
		p.recover(closer);
	}

	p.recoverAfterBodyItem();
}

function parseBodyItem(p: Parser): Attribute | Block | undefined {
	const ident = p.read();
	const next = p.peek();
	switch (next.type) {
		case 'Equal': {
			return finishAttribute(p, ident, false);
		}

		case 'OQuote':
		case 'OBrace':
		case 'Ident': {
			return finishBlock(p, ident);
		}

		default: {
			p.recoverAfterBodyItem();
			p.error('Argument or block definition required', 'An argument or block definition is required here. To set an argument, use the equals sign "=" to introduce the argument value.', p.tokenRange(ident));
			return undefined;
		}
	}
}

function finishAttribute(p: Parser, ident: Token, singleLine: boolean): Attribute {
	p.read(); // =
	const before = p.errorCount;
	const expression = parseExpression(p);
	const end = p.peeker.previous.endOffset;
	if (p.recovery && p.errorCount > before) {
		p.recoverAfterBodyItem();
	} else if (!singleLine) {
		const next = p.peek();
		if (next.type === 'Newline' || next.type === 'EOF') {
			p.read();
		} else {
			const comma = next.type === 'Comma';
			p.softError(
				comma ? 'Unexpected comma after argument' : 'Missing newline after argument',
				comma ? 'Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline.' : 'An argument definition must end with a newline.',
				p.tokenRange(next),
				p.range(p.tokenStart(ident), p.tokenEnd(next)),
			);
			p.recoverAfterBodyItem();
		}
	}

	return new AttributeNode(p.file, ident.startOffset, Math.max(end, ident.endOffset), p.tokenText(ident), ident.endOffset, expression);
}

function finishBlock(p: Parser, ident: Token): Block {
	const labels: string[] = [];
	// Start and end of each label.
	const labelOffsets: number[] = [];
	const type = p.tokenText(ident);
	let openBrace: Token | undefined;
	for (;;) {
		const token = p.peek();
		if (token.type === 'OBrace') {
			openBrace = p.read();
			break;
		}

		if (token.type === 'OQuote') {
			const {value, start, end} = parseQuotedStringLiteral(p);
			labels.push(intern(value));
			labelOffsets.push(start, end);
			continue;
		}

		if (token.type === 'Ident') {
			p.read();
			labels.push(p.tokenText(token));
			labelOffsets.push(token.startOffset, token.endOffset);
			continue;
		}

		if (token.type === 'Equal') {
			p.error('Invalid block definition', 'The equals sign "=" indicates an argument definition, and must not be used when defining a block.', p.tokenRange(token), p.range(p.tokenStart(ident), p.tokenEnd(token)));
		} else if (token.type === 'Newline') {
			p.error('Invalid block definition', 'A block definition must have block content delimited by "{" and "}", starting on the same line as the block header.', p.tokenRange(token), p.range(p.tokenStart(ident), p.tokenEnd(token)));
		} else {
			p.softError('Invalid block definition', 'Either a quoted string block label or an opening brace ("{") is expected here.', p.tokenRange(token), p.range(p.tokenStart(ident), p.tokenEnd(token)));
		}

		p.recoverAfterBodyItem();
		const [headerStart, headerEnd] = labelOffsets.length > 0 ? labelOffsets.slice(-2) as [number, number] : [ident.startOffset, ident.endOffset];
		const empty = new BodyNode(p.file, ident.startOffset, ident.endOffset, []);
		return new BlockNode(p.file, ident.startOffset, headerEnd, type, labels, empty, {
			typeEnd: ident.endOffset, labelOffsets, openStart: ident.startOffset, openEnd: ident.endOffset, closeStart: headerStart,
		});
	}

	let body: Body;
	if (p.enter(openBrace)) {
		const first = p.peek();
		if (first.type === 'Newline' || first.type === 'EOF' || first.type === 'CBrace') {
			body = parseBody(p, 'CBrace', openBrace);
		} else {
			body = parseSingleAttributeBody(p, openBrace);
			finishSingleLineBlock(p, openBrace, ident);
		}

		p.leave();
	} else {
		const close = p.recover('CBrace');
		body = new BodyNode(p.file, openBrace.startOffset, close.endOffset, []);
	}

	const closeBrace = p.peeker.previous;
	const eol = p.peek();
	if (eol.type === 'Newline' || eol.type === 'EOF') {
		p.read();
	} else {
		p.softError('Missing newline after block definition', 'A block definition must end with a newline.', p.tokenRange(eol), p.range(p.tokenStart(ident), p.tokenEnd(eol)));
		p.recoverAfterBodyItem();
	}

	return new BlockNode(p.file, ident.startOffset, closeBrace.endOffset, type, labels, body, {
		typeEnd: ident.endOffset, labelOffsets, openStart: openBrace.startOffset, openEnd: openBrace.endOffset, closeStart: closeBrace.startOffset,
	});
}

/**
After the one attribute of a single-line block (`tags { a = 1 }`): its closing brace.
*/
function finishSingleLineBlock(p: Parser, openBrace: Token, ident: Token): void {
	const next = p.peek();
	switch (next.type) {
		case 'CBrace': {
			p.read();
			return;
		}

		case 'Comma': {
			p.error('Invalid single-argument block definition', 'Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line.', p.tokenRange(next));
			break;
		}

		case 'Newline': {
			p.error('Invalid single-argument block definition', 'An argument definition on the same line as its containing block creates a single-line block definition, which must also be closed on the same line. Place the block\'s closing brace immediately after the argument definition.', p.tokenRange(next));
			break;
		}

		case 'EOF': {
			p.softError('Unclosed configuration block', 'There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.', p.tokenRange(openBrace), p.range(p.tokenStart(ident), p.tokenEnd(openBrace)));
			break;
		}

		default: {
			p.softError('Invalid single-argument block definition', 'A single-line block definition must end with a closing brace immediately after its single argument definition.', p.tokenRange(next));
		}
	}

	p.recover('CBrace');
}

function parseSingleAttributeBody(p: Parser, openBrace: Token): Body {
	const ident = p.read();
	const emptyBody = (): Body => new BodyNode(p.file, openBrace.startOffset, p.peeker.previous.endOffset, []);
	if (ident.type !== 'Ident') {
		p.recoverAfterBodyItem();
		p.error('Argument or block definition required', 'An argument or block definition is required here.', p.tokenRange(ident));
		return emptyBody();
	}

	const next = p.peek();
	if (next.type === 'Equal') {
		const attribute = finishAttribute(p, ident, true);
		return new BodyNode(p.file, openBrace.startOffset, p.peeker.previous.endOffset, [attribute]);
	}

	p.recoverAfterBodyItem();
	if (next.type === 'OQuote' || next.type === 'OBrace' || next.type === 'Ident') {
		p.error('Argument definition required', `A single-line block definition can contain only a single argument. If you meant to define argument ${JSON.stringify(p.tokenText(ident))}, use an equals sign to assign it a value. To define a nested block, place it on a line of its own within its parent block.`, p.range(p.tokenStart(ident), p.tokenEnd(next)));
	} else {
		p.error('Argument or block definition required', 'An argument or block definition is required here. To set an argument, use the equals sign "=" to introduce the argument value.', p.tokenRange(ident));
	}

	return emptyBody();
}
