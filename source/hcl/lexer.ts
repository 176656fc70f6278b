import {LineIndex} from './line-index.js';
import type {Token, TokenKind} from './token.js';
import {tokenTypes} from './token.js';
import * as K from './token-kind.js';

/*
The whole-file scanner. It keeps a stack of modes as hclsyntax's scanner does: `normal` (expressions and bodies; `braces` counts open `{` so the `}` that closes `${` is told apart), `quoted` (inside "..."), `heredoc` (inside <<EOT, one literal token per line so `<<-` can trim indentation) and `bare` (a whole file read as a template).
*/

type Frame =
	| {readonly kind: 'normal'; braces: number}
	| {readonly kind: 'quoted'}
	| {readonly kind: 'heredoc'; readonly marker: string; atLineStart: boolean}
	| {readonly kind: 'bare'};

export type LexStart = 'config' | 'template';

/**
The tokens of one text as three arrays indexed alike: the kind of each (token-kind.ts), where it starts and where it ends. No object a token: a 20 MB corpus has millions of tokens, and an object each was much of the parser's allocation (and so of its garbage collection). The arrays grow as needed; `count` tokens are in use, the last one EOF.
*/
export class TokenList {
	kinds: Uint8Array;
	starts: Int32Array;
	ends: Int32Array;
	count = 0;

	constructor(capacity: number) {
		this.kinds = new Uint8Array(capacity);
		this.starts = new Int32Array(capacity);
		this.ends = new Int32Array(capacity);
	}

	push(kind: TokenKind, start: number, end: number): void {
		const {count} = this;
		if (count === this.kinds.length) {
			this.grow();
		}

		this.kinds[count] = kind;
		this.starts[count] = start;
		this.ends[count] = end;
		this.count = count + 1;
	}

	/**
	The token at `index` as an object, for callers outside the parser.
	*/
	token(index: number): Token {
		return {type: tokenTypes[this.kinds[index]!]!, startOffset: this.starts[index]!, endOffset: this.ends[index]!};
	}

	/**
	Doubles the arrays, keeping the first `count` tokens.
	*/
	grow(): void {
		const capacity = this.kinds.length * 2;
		const kinds = new Uint8Array(capacity);
		kinds.set(this.kinds);
		const starts = new Int32Array(capacity);
		starts.set(this.starts);
		const ends = new Int32Array(capacity);
		ends.set(this.ends);
		this.kinds = kinds;
		this.starts = starts;
		this.ends = ends;
	}
}

// The arrays of a finished parse, for the next lex to fill again (see `releaseTokens`): new arrays for every file were a few percent of parsing, spent allocating and zeroing memory. Kept only up to a size, so one huge file does not leave its arrays behind.
const maximumSpareCapacity = 1 << 18;
let spare: TokenList | undefined;

function emptyTokenList(capacity: number): TokenList {
	const list = spare;
	if (list === undefined) {
		return new TokenList(capacity);
	}

	// Taken while in use: a lex during another parse gets arrays of its own.
	spare = undefined;
	list.count = 0;
	return list;
}

/**
Gives the arrays of `tokens` to the next lex, once nothing reads them any more.
*/
export function releaseTokens(tokens: TokenList): void {
	if (tokens.kinds.length <= maximumSpareCapacity) {
		spare = tokens;
	}
}

export type LexOutput = {
	readonly tokens: TokenList;
	readonly lines: LineIndex;
	/**
	The indices of the tokens of characters the language does not allow, for their diagnostics.
	*/
	readonly invalid: number[];
};

const identifierStartPattern = /\p{ID_Start}/u;
const identifierContinuePattern = /\p{ID_Continue}/u;

// ASCII characters by what they may be in an identifier: 1 its start (letters, `_`), 2 any later character (also digits and `-`). One table lookup a character, where the comparisons were a chain of ranges.
const identifierStart = 1;
const identifierContinue = 2;
const asciiIdentifier = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
	const letter = (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95;
	const digitOrDash = (code >= 48 && code <= 57) || code === 45;
	asciiIdentifier[code] = (letter ? identifierStart | identifierContinue : 0) | (digitOrDash ? identifierContinue : 0);
}

function isAsciiIdentifierStart(code: number): boolean {
	return code < 128 && (asciiIdentifier[code]! & identifierStart) !== 0;
}

function isAsciiIdentifierContinue(code: number): boolean {
	return code < 128 && (asciiIdentifier[code]! & identifierContinue) !== 0;
}

/*
Runs of plain characters matched by sticky regular expressions: V8 compiles a regular expression to native code at once (after one run in its bytecode interpreter), while a loop over characters runs in the interpreter and baseline tiers for most of a short process (a `check` of a small configuration parses all its files before any of the lexer is optimised), where each character cost a few calls. Each stops at the first character it does not take; the code after it handles that character as before.
*/
// The ASCII part of an identifier, from its first character.
const asciiIdentifierPattern = /[A-Za-z_][A-Za-z0-9_-]*/y;
// Characters of a quoted string that need no look: not a quote, backslash, newline, CR, `$` or `%`.
const plainQuotedPattern = /[^"\\\n\r$%]+/y;
// Characters of a heredoc or template line that need no look: not a newline, CR, `$` or `%`.
const plainLinePattern = /[^\n\r$%]+/y;
// Spaces and tabs.
const blanksPattern = /[ \t]+/y;

/**
The kind of each token that is one character and nothing else whatever follows it (`[`, `]`, `(`, `)`, `,`, `?`, `*`, `+`, `-`, `%`), by its code: one case of the normal mode's scan emits them all.
*/
const singleCharacterKinds = new Uint8Array(128);
singleCharacterKinds[91] = K.OBrack;
singleCharacterKinds[93] = K.CBrack;
singleCharacterKinds[40] = K.OParen;
singleCharacterKinds[41] = K.CParen;
singleCharacterKinds[44] = K.Comma;
singleCharacterKinds[63] = K.Question;
singleCharacterKinds[42] = K.Star;
singleCharacterKinds[43] = K.Plus;
singleCharacterKinds[45] = K.Minus;
singleCharacterKinds[37] = K.Percent;

/**
Where the run a sticky pattern matches at `at` ends, or `at` when it matches nothing there.
*/
function runEnd(pattern: RegExp, text: string, at: number): number {
	pattern.lastIndex = at;
	return pattern.test(text) ? pattern.lastIndex : at;
}

function isDigit(code: number): boolean {
	return code >= 48 && code <= 57;
}

/**
Length in UTF-16 units of an identifier starting at `start`, or 0.
*/
export function identifierLength(text: string, start: number): number {
	let index = start;
	const first = text.charCodeAt(index);
	if (isAsciiIdentifierStart(first)) {
		index = runEnd(asciiIdentifierPattern, text, index);
	} else if (first >= 128) {
		const code = text.codePointAt(index)!;
		const character = String.fromCodePoint(code);
		if (!identifierStartPattern.test(character)) {
			return 0;
		}

		index += character.length;
	} else {
		return 0;
	}

	for (;;) {
		const code = text.charCodeAt(index);
		if (isAsciiIdentifierContinue(code)) {
			index++;
			continue;
		}

		if (code >= 128 && index < text.length) {
			const point = text.codePointAt(index)!;
			const character = String.fromCodePoint(point);
			if (identifierContinuePattern.test(character)) {
				index += character.length;
				continue;
			}
		}

		break;
	}

	return index - start;
}

/*
The scan's state, kept at module level rather than in a closure per call: the scanning functions below were closures made anew by every `lex`, so their calls to one another (`emit` above all) changed target from one file to the next, and V8 threw away the optimised scanner ("wrong call target") and compiled it again, several times early in a run over many files. A scan never starts another (nothing here calls `lex`), so one state serves; `lex` lets go of the text and arrays when it returns.
*/
let text = '';
let length = 0;
let pos = 0;
let stack: Frame[] = [];
let tokens: TokenList = new TokenList(0);
let kinds: Uint8Array = tokens.kinds;
let starts: Int32Array = tokens.starts;
let ends: Int32Array = tokens.ends;
let count = 0;
let invalid: number[] = [];

/**
Scans all of `text` into tokens, ending with an `EOF` token. Never throws: characters the language does not allow become invalid tokens for the parser to report.
*/
export function lex(source: string, filename: string, start: LexStart = 'config', region?: {readonly from: number; readonly to: number}, lineIndex?: LineIndex): LexOutput {
	if (!primed) {
		prime();
	}

	const lines = lineIndex ?? new LineIndex(source);
	// About one token in four characters of configuration; the arrays grow if there are more.
	const list = emptyTokenList(((region ? region.to - region.from : source.length) >> 2) + 16);
	text = source;
	tokens = list;
	stack = [start === 'config' ? {kind: 'normal', braces: 0} : {kind: 'bare'}];
	// A region scans part of a larger text (a string inside a JSON file) with positions in the whole.
	length = region ? region.to : source.length;
	pos = region ? region.from : (source.codePointAt(0) === 0xFE_FF ? 1 : 0);
	const found: number[] = [];
	invalid = found;
	// The list's arrays and count as variables of this scan, written straight from `emit` (one call a token, which runs unoptimised for most of a small file); `tokens.count` is set at the end.
	({kinds, starts, ends} = list);
	count = 0;
	while (pos < length) {
		const frame = stack[stack.length - 1]!;
		if (frame.kind === 'normal') {
			pos = scanNormal(frame, pos);
		} else if (frame.kind === 'quoted') {
			pos = scanQuoted();
		} else {
			pos = scanLines(frame);
		}
	}

	emit(K.EOF, length, length);
	list.count = count;
	void filename;
	// Nothing of this file is kept by the module once it is scanned.
	text = '';
	stack = [];
	invalid = [];
	tokens = spareState;
	({kinds, starts, ends} = spareState);
	return {tokens: list, lines, invalid: found};
}

const spareState = tokens;

/*
Text that takes every path of the scanner: every ASCII character in each mode, numbers, comments, strings with escapes and template sequences, heredocs (indented, with CRLF and a lone CR), a bare template. Scanned once before the first text, unoptimised, so that V8 has seen every branch when it optimises the scanner: without it, a branch first met in a later file (a `%`, an exponent, a CR) was "insufficient type feedback", and V8 threw the optimised scanner away and compiled it again, eight times over the real corpus, each compile of the large scanning function costing more than the scanning it sped up early in a run.
*/
const primerConfig = [
	'\uFEFF# comment',
	'// comment',
	'/* block */ a / b',
	'a = 1 + 2.5e-3 - 3E+4 * 4 / 5 % 6 - 0.5',
	'b = x == y && z != w || !v ? p : q',
	'c = [for k, v in m : k => v... if v >= 1 && v <= 2 && v < 3 && v > 4]',
	'd = { "k" = "s\\n\\"${i}%{ if t }x%{ else }y%{ endif }$${e}%%{f}\\u00e9 \\\n" }',
	'e = <<EOT\n  line ${x} %{~ for y in z ~}${y}%{ endfor ~}\n  EOT\n',
	'f = <<-EOT\r\n    in\r\n    EOT\r\n',
	'g = a.b[0].*.c[*].d:e\t\t;',
	'h = @ ^ \' ` ~} \u00E9 \u03BB \\ $ \r x',
	'blk "l" { nested {} }',
	'\u00E91 = 0x1 "\r',
	'j = <<EOT\nx\ry\nEOT',
	'/* open',
].join('\n');
const primerTemplate = 'a ${b} %{ if c }d%{ endif } $${e} %%{f}\r\n\rg ${"h"}';
let primed = false;

function prime(): void {
	primed = true;
	releaseTokens(lex(primerConfig, '<primer>', 'config').tokens);
	releaseTokens(lex(primerTemplate, '<primer>', 'template').tokens);
	releaseTokens(lex('x = "a', '<primer>', 'config').tokens);
	releaseTokens(lex('x = <<EOT\na', '<primer>', 'config').tokens);
}

function emit(kind: TokenKind, from: number, to: number): void {
	if (count === kinds.length) {
		tokens.count = count;
		tokens.grow();
		({kinds, starts, ends} = tokens);
	}

	kinds[count] = kind;
	starts[count] = from;
	ends[count] = to;
	count++;
}

function emitInvalid(kind: TokenKind, from: number, to: number): void {
	invalid.push(count);
	emit(kind, from, to);
}

function pushTemplateOpener(kind: typeof K.TemplateInterp | typeof K.TemplateControl, at: number): number {
	const end = text.charCodeAt(at + 2) === 126 ? at + 3 : at + 2;
	emit(kind, at, end);
	stack.push({kind: 'normal', braces: 0});
	return end;
}

/*
Tokens of the normal mode from `start` on, in one loop, until the end or until the mode changes (a quote, a heredoc or a template sequence opens, or the sequence this mode is in closes); returns where it stopped.
*/
function scanNormal(frame: {kind: 'normal'; braces: number}, start: number): number {
	let at = start;
	// Every case that changes the mode returns at once, so the loop needs no look at the stack.
	while (at < length) {
		const code = text.charCodeAt(at);
		switch (code) {
			case 32:
			case 9: {
				const next = text.charCodeAt(at + 1);
				if (next !== 32 && next !== 9) {
					at++;
					continue;
				}

				const end = runEnd(blanksPattern, text, at);
				at = end < length ? end : length;
				continue;
			}

			case 10: {
				emit(K.Newline, at, at + 1);
				at = at + 1;
				continue;
			}

			case 13: {
				const next = text.charCodeAt(at + 1);
				if (next === 10) {
					emit(K.Newline, at, at + 2);
					at = at + 2;
					continue;
				}

				emitInvalid(K.Invalid, at, at + 1);
				at = at + 1;
				continue;
			}

			case 35: { // #
				at = lineComment(at);
				continue;
			}

			case 47: { // /
				const next = text.charCodeAt(at + 1);
				if (next === 47) {
					at = lineComment(at);
					continue;
				}

				if (next === 42) {
					const close = text.indexOf('*/', at + 2);
					// Unclosed, it is no comment for hclsyntax either: a slash, then a star.
					if (close !== -1 && close + 2 <= length) {
						emit(K.Comment, at, close + 2);
						at = close + 2;
						continue;
					}
				}

				emit(K.Slash, at, at + 1);
				at = at + 1;
				continue;
			}

			case 34: { // "
				emit(K.OQuote, at, at + 1);
				stack.push({kind: 'quoted'});
				return at + 1;
			}

			case 123: { // {
				frame.braces++;
				emit(K.OBrace, at, at + 1);
				at = at + 1;
				continue;
			}

			case 125: { // }
				if (frame.braces === 0 && stack.length > 1) {
					emit(K.TemplateSeqEnd, at, at + 1);
					stack.pop();
					return at + 1;
				}

				if (frame.braces > 0) {
					frame.braces--;
				}

				emit(K.CBrace, at, at + 1);
				at = at + 1;
				continue;
			}

			case 126: { // ~
				const next = text.charCodeAt(at + 1);
				if (next === 125) {
					// hclsyntax scans `~}` as the end of a template sequence even where none is open, and counts it as a closing brace there.
					emit(K.TemplateSeqEnd, at, at + 2);
					if (frame.braces === 0 && stack.length > 1) {
						stack.pop();
						return at + 2;
					}

					if (frame.braces > 0) {
						frame.braces--;
					}

					at = at + 2;
					continue;
				}

				emitInvalid(K.BitwiseNot, at, at + 1);
				at = at + 1;
				continue;
			}

			case 91:
			case 93:
			case 40:
			case 41:
			case 44:
			case 63:
			case 42:
			case 43:
			case 45:
			case 37: {
				emit(singleCharacterKinds[code]!, at, at + 1);
				at++;
				continue;
			}

			case 94: {
				at = singleInvalid(K.BitwiseXor, at);
				continue;
			}

			case 39: {
				at = singleInvalid(K.Apostrophe, at);
				continue;
			}

			case 96: {
				at = singleInvalid(K.Backtick, at);
				continue;
			}

			case 59: {
				at = singleInvalid(K.Semicolon, at);
				continue;
			}

			case 58: { // :
				const next = text.charCodeAt(at + 1);
				at = next === 58 ? double(K.DoubleColon, at) : single(K.Colon, at);
				continue;
			}

			case 46: { // .
				const next = text.charCodeAt(at + 1);
				if (next === 46 && text.charCodeAt(at + 2) === 46) {
					emit(K.Ellipsis, at, at + 3);
					at = at + 3;
					continue;
				}

				emit(K.Dot, at, at + 1);
				at++;
				continue;
			}

			case 61: { // =
				const next = text.charCodeAt(at + 1);
				if (next === 61) {
					at = double(K.EqualOp, at);
					continue;
				}

				at = next === 62 ? double(K.FatArrow, at) : single(K.Equal, at);
				continue;
			}

			case 33: { // !
				const next = text.charCodeAt(at + 1);
				at = next === 61 ? double(K.NotEqual, at) : single(K.Bang, at);
				continue;
			}

			case 60: { // <
				const next = text.charCodeAt(at + 1);
				if (next === 60) {
					const heredocEnd = heredocOpener(at);
					if (heredocEnd !== -1) {
						return heredocEnd;
					}
				}

				at = next === 61 ? double(K.LessThanEq, at) : single(K.LessThan, at);
				continue;
			}

			case 62: { // >
				const next = text.charCodeAt(at + 1);
				at = next === 61 ? double(K.GreaterThanEq, at) : single(K.GreaterThan, at);
				continue;
			}

			case 38: { // &
				const next = text.charCodeAt(at + 1);
				at = next === 38 ? double(K.And, at) : singleInvalid(K.BitwiseAnd, at);
				continue;
			}

			case 124: { // |
				const next = text.charCodeAt(at + 1);
				at = next === 124 ? double(K.Or, at) : singleInvalid(K.BitwiseOr, at);
				continue;
			}

			default: {
				if (code < 128 && (asciiIdentifier[code]! & identifierStart) !== 0) {
					const end = runEnd(asciiIdentifierPattern, text, at);
					// An identifier that goes on past its ASCII part takes the general scan.
					const identifierEnd = text.charCodeAt(end) >= 128 ? at + identifierLength(text, at) : end;
					emit(K.Ident, at, identifierEnd);
					at = identifierEnd;
					continue;
				}

				if (isDigit(code)) {
					at = number(at);
					continue;
				}

				const identifier = identifierLength(text, at);
				if (identifier > 0) {
					emit(K.Ident, at, at + identifier);
					at = at + identifier;
					continue;
				}

				const point = text.codePointAt(at)!;
				const size = point > 0xFF_FF ? 2 : 1;
				emitInvalid(point === 0xFF_FD ? K.BadUtf8 : K.Invalid, at, at + size);
				at = at + size;
				continue;
			}
		}
	}

	return at;
}

function singleInvalid(kind: TokenKind, at: number): number {
	emitInvalid(kind, at, at + 1);
	return at + 1;
}

function single(kind: TokenKind, at: number): number {
	emit(kind, at, at + 1);
	return at + 1;
}

function double(kind: TokenKind, at: number): number {
	emit(kind, at, at + 2);
	return at + 2;
}

function lineComment(from: number): number {
	let end = text.indexOf('\n', from);
	if (end === -1) {
		end = length;
	}

	// The CR of a CRLF belongs to the newline; any other CR, even one ending the input, is comment text for hclsyntax.
	const contentEnd = end < length && end > from && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
	emit(K.Comment, from, contentEnd);
	return contentEnd;
}

function number(at: number): number {
	// hclsyntax's number token: a digit, then digits, dots and exponents (e or E, an optional sign, a digit) in any order, not ending in a dot. So `1.2.3` and `3....14` are one token, which the parser rejects as a whole, and `1.` is `1` then a dot.
	let index = at + 1;
	let end = index;
	for (;;) {
		const code = text.charCodeAt(index);
		if (isDigit(code)) {
			index++;
			end = index;
			continue;
		}

		if (code === 46) {
			index++;
			continue;
		}

		if (code === 101 || code === 69) {
			let digitsAt = index + 1;
			const sign = text.charCodeAt(digitsAt);
			if (sign === 43 || sign === 45) {
				digitsAt++;
			}

			if (isDigit(text.charCodeAt(digitsAt))) {
				index = digitsAt + 1;
				end = index;
				continue;
			}
		}

		break;
	}

	emit(K.NumberLit, at, end);
	return end;
}

function heredocOpener(at: number): number {
	let index = at + 2;
	const flush = text.charCodeAt(index) === 45;
	if (flush) {
		index++;
	}

	const markerLength = identifierLength(text, index);
	if (markerLength === 0) {
		return -1;
	}

	const marker = text.slice(index, index + markerLength);
	index += markerLength;
	if (text.charCodeAt(index) === 13 && text.charCodeAt(index + 1) === 10) {
		index += 2;
	} else if (text.charCodeAt(index) === 10) {
		index++;
	} else {
		return -1;
	}

	emit(K.OHeredoc, at, index);
	stack.push({kind: 'heredoc', marker, atLineStart: true});
	return index;
}

function scanQuoted(): number {
	const start = pos;
	let index = pos;
	while (index < length) {
		index = runEnd(plainQuotedPattern, text, index);
		if (index >= length) {
			index = length;
			break;
		}

		const code = text.charCodeAt(index);
		if (code === 34 || code === 10) {
			break;
		}

		if (code === 92) { // backslash: the escaped character never ends the literal
			const next = text.charCodeAt(index + 1);
			if (next === 10 || next === 13 || index + 1 >= length) {
				// Nothing to escape: hclsyntax scans this backslash alone as an invalid character.
				break;
			}

			index += 2;
			continue;
		}

		if (code === 36 || code === 37) { // $ or %
			const next = text.charCodeAt(index + 1);
			if (next === 123) {
				break;
			}

			if (next === code && text.charCodeAt(index + 2) === 123) {
				index += 3;
				continue;
			}
		}

		if (code === 13) { // CR: a newline in a quoted string, alone or before LF
			break;
		}

		index++;
	}

	if (index > start) {
		emit(K.QuotedLit, start, index);
	}

	if (index >= length) {
		return index;
	}

	const code = text.charCodeAt(index);
	if (code === 92) {
		emitInvalid(K.Invalid, index, index + 1);
		return index + 1;
	}

	if (code === 34) {
		emit(K.CQuote, index, index + 1);
		stack.pop();
		return index + 1;
	}

	if (code === 10 || code === 13) {
		// hclsyntax keeps scanning the string after a newline; so do we, to report the same errors. A lone CR is a newline of its own there.
		const end = code === 13 && text.charCodeAt(index + 1) === 10 ? index + 2 : index + 1;
		emitInvalid(K.QuotedNewline, index, end);
		return end;
	}

	return pushTemplateOpener(code === 36 ? K.TemplateInterp : K.TemplateControl, index);
}

function scanLines(frame: {kind: 'heredoc'; marker: string; atLineStart: boolean} | {kind: 'bare'}): number {
	if (frame.kind === 'heredoc' && frame.atLineStart) {
		let index = pos;
		while (text.charCodeAt(index) === 32 || text.charCodeAt(index) === 9) {
			index++;
		}

		if (text.startsWith(frame.marker, index)) {
			const after = index + frame.marker.length;
			const code = text.charCodeAt(after);
			if (after >= length || code === 10 || (code === 13 && text.charCodeAt(after + 1) === 10)) {
				emit(K.CHeredoc, pos, after);
				stack.pop();
				return after;
			}
		}

		frame.atLineStart = false;
	}

	const start = pos;
	let index = pos;
	let interpolation = false;
	while (index < length) {
		index = runEnd(plainLinePattern, text, index);
		if (index >= length) {
			index = length;
			break;
		}

		const code = text.charCodeAt(index);
		if (code === 10) {
			index++;
			if (frame.kind === 'heredoc') {
				frame.atLineStart = true;
			}

			break;
		}

		if (code === 13 && text.charCodeAt(index + 1) !== 10) {
			return loneCarriageReturn(frame, start, index);
		}

		if (code === 36 || code === 37) {
			const next = text.charCodeAt(index + 1);
			if (next === 123) {
				interpolation = true;
				break;
			}

			if (next === code && text.charCodeAt(index + 2) === 123) {
				index += 3;
				continue;
			}
		}

		index++;
	}

	if (index > start) {
		emit(K.StringLit, start, index);
	}

	if (interpolation) {
		return pushTemplateOpener(text.charCodeAt(index) === 36 ? K.TemplateInterp : K.TemplateControl, index);
	}

	return index;
}

/*
hclsyntax's heredoc and bare template scanners match no lone CR (CR only ends a line before LF), so its scanner stops there and gives up on the rest of the input: in a heredoc the rest is one invalid token (an "Invalid character", and the heredoc is left unterminated); in a bare template, with nothing open, the rest is literal text.
*/
function loneCarriageReturn(frame: {kind: 'heredoc'; marker: string; atLineStart: boolean} | {kind: 'bare'}, start: number, at: number): number {
	if (frame.kind === 'bare' && stack.length === 1) {
		emit(K.StringLit, start, length);
		return length;
	}

	if (at > start) {
		emit(K.StringLit, start, at);
	}

	emitInvalid(K.Invalid, at, length);
	return length;
}
