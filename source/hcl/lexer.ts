import {LineIndex} from './line-index.js';
import type {Position} from './position.js';
import type {Token, TokenType} from './token.js';

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
A token as the scanner makes it: offsets only. The positions (line and column) are computed when asked for, since the parser needs them only for diagnostics.
*/
class LexedToken implements Token {
	readonly type: TokenType;
	readonly startOffset: number;
	readonly endOffset: number;
	private readonly lines: LineIndex;

	constructor(type: TokenType, startOffset: number, endOffset: number, lines: LineIndex) {
		this.type = type;
		this.startOffset = startOffset;
		this.endOffset = endOffset;
		this.lines = lines;
	}

	// Not cached: the parser asks for positions only for diagnostics, and nodes keep offsets.
	get start(): Position {
		return this.lines.at(this.startOffset);
	}

	get end(): Position {
		return this.lines.at(this.endOffset);
	}
}

export type LexOutput = {
	readonly tokens: Token[];
	readonly lines: LineIndex;
	/**
	The tokens of characters the language does not allow, for their diagnostics.
	*/
	readonly invalid: Token[];
};

const identifierStartPattern = /\p{ID_Start}/u;
const identifierContinuePattern = /\p{ID_Continue}/u;

function isAsciiIdentifierStart(code: number): boolean {
	return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95;
}

function isAsciiIdentifierContinue(code: number): boolean {
	return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 45;
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
		index++;
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

/**
Scans all of `text` into tokens, ending with an `EOF` token. Never throws: characters the language does not allow become invalid tokens for the parser to report.
*/
export function lex(text: string, filename: string, start: LexStart = 'config', region?: {readonly from: number; readonly to: number}, lineIndex?: LineIndex): LexOutput {
	const lines = lineIndex ?? new LineIndex(text);
	const tokens: Token[] = [];
	const stack: Frame[] = [start === 'config' ? {kind: 'normal', braces: 0} : {kind: 'bare'}];
	// A region scans part of a larger text (a string inside a JSON file) with positions in the whole.
	const length = region ? region.to : text.length;
	let pos = region ? region.from : (text.codePointAt(0) === 0xFE_FF ? 1 : 0);
	const invalid: Token[] = [];
	const emit = (type: TokenType, from: number, to: number): void => {
		tokens.push(new LexedToken(type, from, to, lines));
	};

	const emitInvalid = (type: TokenType, from: number, to: number): void => {
		const token = new LexedToken(type, from, to, lines);
		tokens.push(token);
		invalid.push(token);
	};

	while (pos < length) {
		const frame = stack[stack.length - 1]!;
		if (frame.kind === 'normal') {
			// Stay in this loop while the mode does not change: the common case.
			const depth = stack.length;
			do {
				pos = scanNormal(frame);
			} while (pos < length && stack.length === depth);
		} else if (frame.kind === 'quoted') {
			pos = scanQuoted();
		} else {
			pos = scanLines(frame);
		}
	}

	emit('EOF', length, length);
	void filename;
	return {tokens, lines, invalid};

	function pushTemplateOpener(type: 'TemplateInterp' | 'TemplateControl', at: number): number {
		const end = text.charCodeAt(at + 2) === 126 ? at + 3 : at + 2;
		emit(type, at, end);
		stack.push({kind: 'normal', braces: 0});
		return end;
	}

	function scanNormal(frame: {kind: 'normal'; braces: number}): number {
		const code = text.charCodeAt(pos);
		const next = text.charCodeAt(pos + 1);
		switch (code) {
			case 32:
			case 9: {
				let index = pos + 1;
				while (index < length) {
					const c = text.charCodeAt(index);
					if (c !== 32 && c !== 9) {
						break;
					}

					index++;
				}

				return index;
			}

			case 10: {
				emit('Newline', pos, pos + 1);
				return pos + 1;
			}

			case 13: {
				if (next === 10) {
					emit('Newline', pos, pos + 2);
					return pos + 2;
				}

				emitInvalid('Invalid', pos, pos + 1);
				return pos + 1;
			}

			case 35: { // #
				return lineComment(pos);
			}

			case 47: { // /
				if (next === 47) {
					return lineComment(pos);
				}

				if (next === 42) {
					const close = text.indexOf('*/', pos + 2);
					// Unclosed, it is no comment for hclsyntax either: a slash, then a star.
					if (close !== -1 && close + 2 <= length) {
						emit('Comment', pos, close + 2);
						return close + 2;
					}
				}

				emit('Slash', pos, pos + 1);
				return pos + 1;
			}

			case 34: { // "
				emit('OQuote', pos, pos + 1);
				stack.push({kind: 'quoted'});
				return pos + 1;
			}

			case 123: { // {
				frame.braces++;
				emit('OBrace', pos, pos + 1);
				return pos + 1;
			}

			case 125: { // }
				if (frame.braces === 0 && stack.length > 1) {
					emit('TemplateSeqEnd', pos, pos + 1);
					stack.pop();
					return pos + 1;
				}

				if (frame.braces > 0) {
					frame.braces--;
				}

				emit('CBrace', pos, pos + 1);
				return pos + 1;
			}

			case 126: { // ~
				if (next === 125) {
					// hclsyntax scans `~}` as the end of a template sequence even where none is open, and counts it as a closing brace there.
					emit('TemplateSeqEnd', pos, pos + 2);
					if (frame.braces === 0 && stack.length > 1) {
						stack.pop();
					} else if (frame.braces > 0) {
						frame.braces--;
					}

					return pos + 2;
				}

				emitInvalid('BitwiseNot', pos, pos + 1);
				return pos + 1;
			}

			case 91: {
				return single('OBrack');
			}

			case 93: {
				return single('CBrack');
			}

			case 40: {
				return single('OParen');
			}

			case 41: {
				return single('CParen');
			}

			case 44: {
				return single('Comma');
			}

			case 63: {
				return single('Question');
			}

			case 42: {
				return single('Star');
			}

			case 43: {
				return single('Plus');
			}

			case 45: {
				return single('Minus');
			}

			case 37: {
				return single('Percent');
			}

			case 94: {
				return singleInvalid('BitwiseXor');
			}

			case 39: {
				return singleInvalid('Apostrophe');
			}

			case 96: {
				return singleInvalid('Backtick');
			}

			case 59: {
				return singleInvalid('Semicolon');
			}

			case 58: { // :
				return next === 58 ? double('DoubleColon') : single('Colon');
			}

			case 46: { // .
				if (next === 46 && text.charCodeAt(pos + 2) === 46) {
					emit('Ellipsis', pos, pos + 3);
					return pos + 3;
				}

				return single('Dot');
			}

			case 61: { // =
				if (next === 61) {
					return double('EqualOp');
				}

				return next === 62 ? double('FatArrow') : single('Equal');
			}

			case 33: { // !
				return next === 61 ? double('NotEqual') : single('Bang');
			}

			case 60: { // <
				if (next === 60) {
					const heredocEnd = heredocOpener();
					if (heredocEnd !== -1) {
						return heredocEnd;
					}
				}

				return next === 61 ? double('LessThanEq') : single('LessThan');
			}

			case 62: { // >
				return next === 61 ? double('GreaterThanEq') : single('GreaterThan');
			}

			case 38: { // &
				return next === 38 ? double('And') : singleInvalid('BitwiseAnd');
			}

			case 124: { // |
				return next === 124 ? double('Or') : singleInvalid('BitwiseOr');
			}

			default: {
				if (isDigit(code)) {
					return number();
				}

				const identifier = identifierLength(text, pos);
				if (identifier > 0) {
					emit('Ident', pos, pos + identifier);
					return pos + identifier;
				}

				const point = text.codePointAt(pos)!;
				const size = point > 0xFF_FF ? 2 : 1;
				emitInvalid(point === 0xFF_FD ? 'BadUtf8' : 'Invalid', pos, pos + size);
				return pos + size;
			}
		}
	}

	function singleInvalid(type: TokenType): number {
		emitInvalid(type, pos, pos + 1);
		return pos + 1;
	}

	function single(type: TokenType): number {
		emit(type, pos, pos + 1);
		return pos + 1;
	}

	function double(type: TokenType): number {
		emit(type, pos, pos + 2);
		return pos + 2;
	}

	function lineComment(from: number): number {
		let end = text.indexOf('\n', from);
		if (end === -1) {
			end = length;
		}

		// The CR of a CRLF belongs to the newline; any other CR, even one ending the input, is comment text for hclsyntax.
		const contentEnd = end < length && end > from && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
		emit('Comment', from, contentEnd);
		return contentEnd;
	}

	function number(): number {
		let index = pos + 1;
		while (isDigit(text.charCodeAt(index))) {
			index++;
		}

		if (text.charCodeAt(index) === 46 && isDigit(text.charCodeAt(index + 1))) {
			index += 2;
			while (isDigit(text.charCodeAt(index))) {
				index++;
			}
		}

		const exponent = text.charCodeAt(index);
		if (exponent === 101 || exponent === 69) {
			let digitsAt = index + 1;
			const sign = text.charCodeAt(digitsAt);
			if (sign === 43 || sign === 45) {
				digitsAt++;
			}

			if (isDigit(text.charCodeAt(digitsAt))) {
				index = digitsAt + 1;
				while (isDigit(text.charCodeAt(index))) {
					index++;
				}
			}
		}

		emit('NumberLit', pos, index);
		return index;
	}

	function heredocOpener(): number {
		let index = pos + 2;
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

		emit('OHeredoc', pos, index);
		stack.push({kind: 'heredoc', marker, atLineStart: true});
		return index;
	}

	function scanQuoted(): number {
		const start = pos;
		let index = pos;
		while (index < length) {
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
			emit('QuotedLit', start, index);
		}

		if (index >= length) {
			return index;
		}

		const code = text.charCodeAt(index);
		if (code === 92) {
			emitInvalid('Invalid', index, index + 1);
			return index + 1;
		}

		if (code === 34) {
			emit('CQuote', index, index + 1);
			stack.pop();
			return index + 1;
		}

		if (code === 10 || code === 13) {
			// hclsyntax keeps scanning the string after a newline; so do we, to report the same errors. A lone CR is a newline of its own there.
			const end = code === 13 && text.charCodeAt(index + 1) === 10 ? index + 2 : index + 1;
			emitInvalid('QuotedNewline', index, end);
			return end;
		}

		return pushTemplateOpener(code === 36 ? 'TemplateInterp' : 'TemplateControl', index);
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
					emit('CHeredoc', pos, after);
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
			emit('StringLit', start, index);
		}

		if (interpolation) {
			return pushTemplateOpener(text.charCodeAt(index) === 36 ? 'TemplateInterp' : 'TemplateControl', index);
		}

		return index;
	}

	/*
	hclsyntax's heredoc and bare template scanners match no lone CR (CR only ends a line before LF), so its scanner stops there and gives up on the rest of the input: in a heredoc the rest is one invalid token (an "Invalid character", and the heredoc is left unterminated); in a bare template, with nothing open, the rest is literal text.
	*/
	function loneCarriageReturn(frame: {kind: 'heredoc'; marker: string; atLineStart: boolean} | {kind: 'bare'}, start: number, at: number): number {
		if (frame.kind === 'bare' && stack.length === 1) {
			emit('StringLit', start, length);
			return length;
		}

		if (at > start) {
			emit('StringLit', start, at);
		}

		emitInvalid('Invalid', at, length);
		return length;
	}
}
