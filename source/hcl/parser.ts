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
import type {TokenList} from './lexer.js';
import type {TokenKind} from './token.js';
import {oppositeBracket} from './token.js';
import * as K from './token-kind.js';

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
	/**
	The lexer's arrays, indexed by token (what `peek` and `read` return): its kind, start and end offsets.
	*/
	readonly kinds: Uint8Array;
	readonly starts: Int32Array;
	readonly ends: Int32Array;
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

	constructor(text: string, filename: string, lines: LineIndex, tokens: TokenList, file?: SourceFile) {
		this.text = text;
		this.filename = filename;
		this.lines = lines;
		this.file = file ?? new SourceFile(filename, lines);
		this.peeker = new Peeker(tokens);
		this.kinds = tokens.kinds;
		this.starts = tokens.starts;
		this.ends = tokens.ends;
	}

	/**
	The next significant token, not read.
	*/
	peek(): number {
		return this.peeker.peek();
	}

	/**
	The kind of the next significant token.
	*/
	peekKind(): TokenKind {
		return this.kinds[this.peeker.peek()]!;
	}

	read(): number {
		return this.peeker.read();
	}

	kind(token: number): TokenKind {
		return this.kinds[token]!;
	}

	start(token: number): number {
		return this.starts[token]!;
	}

	end(token: number): number {
		return this.ends[token]!;
	}

	range(start: Position, end: Position): Range {
		return {filename: this.filename, start, end};
	}

	tokenRange(token: number): Range {
		return {filename: this.filename, start: this.lines.at(this.starts[token]!), end: this.lines.at(this.ends[token]!)};
	}

	/**
	Where a token starts, as a position (for diagnostics: tokens keep only offsets).
	*/
	tokenStart(token: number): Position {
		return this.lines.at(this.starts[token]!);
	}

	/**
	Where a token ends, as a position.
	*/
	tokenEnd(token: number): Position {
		return this.lines.at(this.ends[token]!);
	}

	tokenText(token: number): string {
		return internSlice(this.text, this.starts[token]!, this.ends[token]!);
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
	enter(at: number): boolean {
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
	recover(end: TokenKind): number {
		const start = oppositeBracket[end];
		this.setRecovery();
		let nest = 0;
		for (;;) {
			const token = this.read();
			let type = this.kinds[token]!;
			if (end === K.TemplateSeqEnd && type === K.TemplateControl) {
				type = K.TemplateInterp;
			}

			if (type === K.EOF) {
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
	recoverOver(start: TokenKind): void {
		for (;;) {
			const type = this.kinds[this.read()]!;
			if (type === start || type === K.EOF) {
				break;
			}
		}

		this.recover(oppositeBracket[start]!);
	}

	/**
	Skips to the end of the current body item: the next newline outside brackets.
	*/
	recoverAfterBodyItem(): void {
		this.setRecovery();
		const open: TokenKind[] = [];
		for (;;) {
			const type = this.kinds[this.read()]!;
			switch (type) {
				case K.Newline: {
					if (open.length === 0) {
						return;
					}

					break;
				}

				case K.EOF: {
					return;
				}

				case K.OBrace:
				case K.OBrack:
				case K.OParen:
				case K.OQuote:
				case K.OHeredoc:
				case K.TemplateInterp:
				case K.TemplateControl: {
					open.push(type);
					break;
				}

				case K.CBrace:
				case K.CBrack:
				case K.CParen:
				case K.CQuote:
				case K.CHeredoc:
				case K.TemplateSeqEnd: {
					const opener = oppositeBracket[type];
					const isOpener = (kind: TokenKind) => type === K.TemplateSeqEnd ? kind === K.TemplateInterp || kind === K.TemplateControl : kind === opener;
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
export function parseBody(p: Parser, end: typeof K.EOF | typeof K.CBrace, open?: number): Body {
	const items: Array<Attribute | Block> = [];
	// Attributes by name, for the redefinition check: looked up along the items while there are few, in a map made only for a long body.
	let seen: Map<string, Attribute> | undefined;
	const startToken = open ?? 0;
	let endToken: number | undefined;
	const topLevel = end === K.EOF;

	for (;;) {
		if (topLevel) {
			// One broken top-level item must not silence the errors of the next ones.
			p.quiet = false;
		}

		const next = p.peekKind();
		if (next === end) {
			endToken = p.read();
			break;
		}

		if (next === K.Newline) {
			p.read();
			continue;
		}

		if (next === K.Ident) {
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
		const badKind = p.kinds[bad];
		if (badKind === K.OQuote) {
			p.softError('Invalid argument name', 'Argument names must not be quoted.', p.tokenRange(bad));
		} else if (badKind === K.EOF) {
			if (end === K.CBrace) {
				p.softError('Unclosed configuration block', 'There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.', p.tokenRange(startToken));
			} else {
				p.softError('Unclosed configuration body', 'Found end of file before the end of this configuration body.', p.tokenRange(startToken));
			}
		} else {
			p.softError('Argument or block definition required', 'An argument or block definition is required here.', p.tokenRange(bad));
		}

		if (badKind === K.EOF) {
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
	return new BodyNode(p.file, topLevel ? 0 : p.starts[startToken]!, p.ends[last]!, items);
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
function skipBadItem(p: Parser, token: number): void {
	const kind = p.kind(token);
	if (kind === K.OBrace || kind === K.OBrack || kind === K.OParen || kind === K.OQuote || kind === K.OHeredoc) {
		p.recover(oppositeBracket[kind]!);
	}

	p.recoverAfterBodyItem();
}

function parseBodyItem(p: Parser): Attribute | Block | undefined {
	const ident = p.read();
	switch (p.peekKind()) {
		case K.Equal: {
			return finishAttribute(p, ident, false);
		}

		case K.OQuote:
		case K.OBrace:
		case K.Ident: {
			return finishBlock(p, ident);
		}

		default: {
			p.recoverAfterBodyItem();
			p.error('Argument or block definition required', 'An argument or block definition is required here. To set an argument, use the equals sign "=" to introduce the argument value.', p.tokenRange(ident));
			return undefined;
		}
	}
}

function finishAttribute(p: Parser, ident: number, singleLine: boolean): Attribute {
	p.read(); // =
	const before = p.errorCount;
	const expression = parseExpression(p);
	const end = p.ends[p.peeker.previous]!;
	if (p.recovery && p.errorCount > before) {
		p.recoverAfterBodyItem();
	} else if (!singleLine) {
		const next = p.peek();
		const kind = p.kinds[next];
		if (kind === K.Newline || kind === K.EOF) {
			p.read();
		} else {
			const comma = kind === K.Comma;
			p.softError(
				comma ? 'Unexpected comma after argument' : 'Missing newline after argument',
				comma ? 'Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline.' : 'An argument definition must end with a newline.',
				p.tokenRange(next),
				p.range(p.tokenStart(ident), p.tokenEnd(next)),
			);
			p.recoverAfterBodyItem();
		}
	}

	return new AttributeNode(p.file, p.starts[ident]!, Math.max(end, p.ends[ident]!), p.tokenText(ident), expression);
}

function finishBlock(p: Parser, ident: number): Block {
	const labels: string[] = [];
	// Start and end of each label.
	const labelOffsets: number[] = [];
	const type = p.tokenText(ident);
	let openBrace: number | undefined;
	for (;;) {
		const token = p.peek();
		const kind = p.kinds[token];
		if (kind === K.OBrace) {
			openBrace = p.read();
			break;
		}

		if (kind === K.OQuote) {
			const {value, start, end} = parseQuotedStringLiteral(p);
			labels.push(intern(value));
			labelOffsets.push(start, end);
			continue;
		}

		if (kind === K.Ident) {
			p.read();
			labels.push(p.tokenText(token));
			labelOffsets.push(p.starts[token]!, p.ends[token]!);
			continue;
		}

		if (kind === K.Equal) {
			p.error('Invalid block definition', 'The equals sign "=" indicates an argument definition, and must not be used when defining a block.', p.tokenRange(token), p.range(p.tokenStart(ident), p.tokenEnd(token)));
		} else if (kind === K.Newline) {
			p.error('Invalid block definition', 'A block definition must have block content delimited by "{" and "}", starting on the same line as the block header.', p.tokenRange(token), p.range(p.tokenStart(ident), p.tokenEnd(token)));
		} else {
			p.softError('Invalid block definition', 'Either a quoted string block label or an opening brace ("{") is expected here.', p.tokenRange(token), p.range(p.tokenStart(ident), p.tokenEnd(token)));
		}

		p.recoverAfterBodyItem();
		const [headerStart, headerEnd] = labelOffsets.length > 0 ? labelOffsets.slice(-2) as [number, number] : [p.starts[ident]!, p.ends[ident]!];
		const empty = new BodyNode(p.file, p.starts[ident]!, p.ends[ident]!, []);
		return new BlockNode(p.file, p.starts[ident]!, headerEnd, type, labels, empty, {
			labelOffsets, openStart: p.starts[ident]!, openEnd: p.ends[ident]!, closeStart: headerStart,
		});
	}

	let body: Body;
	if (p.enter(openBrace)) {
		const first = p.peekKind();
		if (first === K.Newline || first === K.EOF || first === K.CBrace) {
			body = parseBody(p, K.CBrace, openBrace);
		} else {
			body = parseSingleAttributeBody(p, openBrace);
			finishSingleLineBlock(p, openBrace, ident);
		}

		p.leave();
	} else {
		const close = p.recover(K.CBrace);
		body = new BodyNode(p.file, p.starts[openBrace]!, p.ends[close]!, []);
	}

	const closeBrace = p.peeker.previous;
	const eol = p.peek();
	const eolKind = p.kinds[eol];
	if (eolKind === K.Newline || eolKind === K.EOF) {
		p.read();
	} else {
		p.softError('Missing newline after block definition', 'A block definition must end with a newline.', p.tokenRange(eol), p.range(p.tokenStart(ident), p.tokenEnd(eol)));
		p.recoverAfterBodyItem();
	}

	return new BlockNode(p.file, p.starts[ident]!, p.ends[closeBrace]!, type, labels, body, {
		labelOffsets, openStart: p.starts[openBrace]!, openEnd: p.ends[openBrace]!, closeStart: p.starts[closeBrace]!,
	});
}

/**
After the one attribute of a single-line block (`tags { a = 1 }`): its closing brace.
*/
function finishSingleLineBlock(p: Parser, openBrace: number, ident: number): void {
	const next = p.peek();
	switch (p.kinds[next]) {
		case K.CBrace: {
			p.read();
			return;
		}

		case K.Comma: {
			p.error('Invalid single-argument block definition', 'Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line.', p.tokenRange(next));
			break;
		}

		case K.Newline: {
			p.error('Invalid single-argument block definition', 'An argument definition on the same line as its containing block creates a single-line block definition, which must also be closed on the same line. Place the block\'s closing brace immediately after the argument definition.', p.tokenRange(next));
			break;
		}

		case K.EOF: {
			p.softError('Unclosed configuration block', 'There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.', p.tokenRange(openBrace), p.range(p.tokenStart(ident), p.tokenEnd(openBrace)));
			break;
		}

		default: {
			p.softError('Invalid single-argument block definition', 'A single-line block definition must end with a closing brace immediately after its single argument definition.', p.tokenRange(next));
		}
	}

	p.recover(K.CBrace);
}

function parseSingleAttributeBody(p: Parser, openBrace: number): Body {
	const ident = p.read();
	const emptyBody = (): Body => new BodyNode(p.file, p.starts[openBrace]!, p.ends[p.peeker.previous]!, []);
	if (p.kinds[ident] !== K.Ident) {
		p.recoverAfterBodyItem();
		p.error('Argument or block definition required', 'An argument or block definition is required here.', p.tokenRange(ident));
		return emptyBody();
	}

	const next = p.peek();
	const kind = p.kinds[next];
	if (kind === K.Equal) {
		const attribute = finishAttribute(p, ident, true);
		return new BodyNode(p.file, p.starts[openBrace]!, p.ends[p.peeker.previous]!, [attribute]);
	}

	p.recoverAfterBodyItem();
	if (kind === K.OQuote || kind === K.OBrace || kind === K.Ident) {
		p.error('Argument definition required', `A single-line block definition can contain only a single argument. If you meant to define argument ${JSON.stringify(p.tokenText(ident))}, use an equals sign to assign it a value. To define a nested block, place it on a line of its own within its parent block.`, p.range(p.tokenStart(ident), p.tokenEnd(next)));
	} else {
		p.error('Argument or block definition required', 'An argument or block definition is required here. To set an argument, use the equals sign "=" to introduce the argument value.', p.tokenRange(ident));
	}

	return emptyBody();
}
