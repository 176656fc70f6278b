import type {Body, Expression, Template} from './ast.js';
import type {Result} from './diagnostics.js';
import {checkInvalidTokens} from './invalid-tokens.js';
import {lex, releaseTokens} from './lexer.js';
import {parseExpression as parseExpressionTokens} from './parse-expression.js';
import {parseBareTemplate} from './parse-template.js';
import {parseBody, Parser} from './parser.js';
import {parserPrimer} from './primer.js';
import type {Position} from './position.js';
import type {Token} from './token.js';
import * as K from './token-kind.js';

/*
The public surface of the HCL parser. Every function returns `{value, diagnostics}` and never throws on any input.
*/

export type {Token, TokenType} from './token.js';
export {formatDiagnostic, formatDiagnostics, formatDiagnosticLine} from './format-diagnostic.js';
export {parseJsonConfig, isJsonFilename, jsonBlocks} from './json/parse-json.js';
export {toHcl2Json} from './json/export.js';
export {printBody, printExpression} from './print.js';

function internalError(error: unknown, filename: string): Result<never>['diagnostics'] {
	// A bug in the parser must not take down its callers: report it as a diagnostic instead.
	const start: Position = {line: 1, column: 1, offset: 0};
	return [{
		severity: 'error',
		summary: 'Internal parser error',
		detail: `The parser failed unexpectedly (${error instanceof Error ? error.message : String(error)}). This is a bug in tfscope; please report it with the file that caused it.`,
		subject: {filename, start, end: start},
	}];
}

function emptyBody(filename: string): Body {
	const start: Position = {line: 1, column: 1, offset: 0};
	return {
		kind: 'Body', items: [], syntax: 'native', range: {filename, start, end: start},
	};
}

let primed = false;

/**
Parses a file of HCL native syntax into its body (the first call parses source/hcl/primer.ts first, see there).
*/
export function parseConfig(text: string, filename: string): Result<Body> {
	if (!primed) {
		primed = true;
		parseConfig(parserPrimer, '<primer>');
	}

	try {
		const {tokens, lines, invalid} = lex(text, filename, 'config');
		const parser = new Parser(text, filename, lines, tokens);
		const body = parseBody(parser, K.EOF);
		const diagnostics = invalid.length === 0 ? parser.diagnostics : [...checkInvalidTokens(invalid, tokens, text, filename, lines), ...parser.diagnostics];
		releaseTokens(tokens);
		return {value: body, diagnostics};
	} catch (error) {
		return {value: emptyBody(filename), diagnostics: internalError(error, filename)};
	}
}

/**
Parses one expression filling the whole text (newlines are insignificant around it), as `terraform console` reads a line.
*/
export function parseExpression(text: string, filename = '<expression>'): Result<Expression> {
	try {
		const {tokens, lines, invalid} = lex(text, filename, 'config');
		const parser = new Parser(text, filename, lines, tokens);
		parser.peeker.pushIncludeNewlines(false);
		const expression = parseExpressionTokens(parser);
		const next = parser.peek();
		if (parser.kind(next) !== K.EOF && !parser.recovery) {
			parser.error('Extra characters after expression', 'An expression was successfully parsed, but extra characters were found after it.', parser.tokenRange(next));
		}

		return {value: expression, diagnostics: [...checkInvalidTokens(invalid, tokens, text, filename, lines), ...parser.diagnostics]};
	} catch (error) {
		const start: Position = {line: 1, column: 1, offset: 0};
		return {value: {kind: 'Invalid', range: {filename, start, end: start}}, diagnostics: internalError(error, filename)};
	}
}

/**
Parses a whole text as a template, as `templatefile` reads its file: no quotes, no backslash escapes.
*/
export function parseTemplate(text: string, filename = '<template>'): Result<Template> {
	try {
		const {tokens, lines, invalid} = lex(text, filename, 'template');
		const parser = new Parser(text, filename, lines, tokens);
		const template = parseBareTemplate(parser);
		return {value: template, diagnostics: [...checkInvalidTokens(invalid, tokens, text, filename, lines), ...parser.diagnostics]};
	} catch (error) {
		const start: Position = {line: 1, column: 1, offset: 0};
		return {value: {kind: 'Template', parts: [], range: {filename, start, end: start}}, diagnostics: internalError(error, filename)};
	}
}

/**
The tokens of a file of native syntax, comments and newlines included, ending with EOF.
*/
export function lexConfig(text: string, filename: string): Result<Token[]> {
	try {
		const {tokens, invalid, lines} = lex(text, filename, 'config');
		const value: Token[] = [];
		for (let index = 0; index < tokens.count; index++) {
			value.push(tokens.token(index));
		}

		return {value, diagnostics: checkInvalidTokens(invalid, tokens, text, filename, lines)};
	} catch (error) {
		return {value: [], diagnostics: internalError(error, filename)};
	}
}

/**
Whether `text` stops inside an open bracket, string, heredoc or template sequence, so a console should read another line before parsing it.
*/
export function isIncompleteExpression(text: string): boolean {
	try {
		const {tokens} = lex(text, '<console>', 'config');
		let depth = 0;
		let last: number | undefined;
		for (let index = 0; index < tokens.count; index++) {
			const kind = tokens.kinds[index];
			switch (kind) {
				case K.OParen:
				case K.OBrack:
				case K.OBrace:
				case K.OQuote:
				case K.OHeredoc:
				case K.TemplateInterp:
				case K.TemplateControl: {
					depth++;
					break;
				}

				case K.CParen:
				case K.CBrack:
				case K.CBrace:
				case K.CQuote:
				case K.CHeredoc:
				case K.TemplateSeqEnd: {
					if (depth === 0) {
						// An unmatched closer is an error more lines cannot fix.
						return false;
					}

					depth--;
					break;
				}

				default: {
					break;
				}
			}

			if (kind !== K.EOF && kind !== K.Newline && kind !== K.Comment) {
				last = kind;
			}
		}

		// A quoted string left open at the end of a line is an error, not a continuation.
		if (last === K.QuotedNewline) {
			return false;
		}

		return depth > 0;
	} catch {
		return false;
	}
}
