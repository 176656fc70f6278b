import type {
	Expression, Template, TemplateFor, TemplateIf, TemplatePart,
} from './ast.js';
import {parseExpression} from './parse-expression.js';
import type {Parser} from './parser.js';
import {formatRangeShort} from './parser.js';
import type {Position, Range} from './position.js';
import {decodeStringLiteral} from './string-literal.js';
import type {Token, TokenType} from './token.js';

/*
Templates in two phases, as hclsyntax does: first a flat list of literals, interpolations and directive markers (with strip markers and `<<-` indentation applied to the literals), then a tree of `if` and `for` built from the markers.
*/

type FlatLiteral = {kind: 'literal'; value: string; start: Position; end: Position};
type FlatPart =
	| FlatLiteral
	| {kind: 'interpolation'; expression: Expression; range: Range}
	| {kind: 'if'; condition: Expression; range: Range}
	| {kind: 'else'; range: Range}
	| {kind: 'endif'; range: Range}
	| {kind: 'for'; keyVariable?: string; valueVariable: string; collection: Expression; range: Range}
	| {kind: 'endfor'; range: Range};

// Go's unicode.IsSpace, which hclsyntax uses for strip markers and heredoc indentation.
const spaceCharacters = new Set([9, 10, 11, 12, 13, 32, 0x85, 0xA0, 0x16_80, 0x20_28, 0x20_29, 0x20_2F, 0x20_5F, 0x30_00]);

function isSpace(code: number): boolean {
	return spaceCharacters.has(code) || (code >= 0x20_00 && code <= 0x20_0A);
}

function trimStartSpace(value: string): string {
	let index = 0;
	while (index < value.length && isSpace(value.charCodeAt(index))) {
		index++;
	}

	return index === 0 ? value : value.slice(index);
}

function trimEndSpace(value: string): string {
	let index = value.length;
	while (index > 0 && isSpace(value.charCodeAt(index - 1))) {
		index--;
	}

	return index === value.length ? value : value.slice(0, index);
}

/**
A quoted template or heredoc; the peeker is at its opening token.
*/
export function parseTemplateExpression(p: Parser): Template {
	const open = p.read();
	const heredoc = open.type === 'OHeredoc';
	let marker: string | undefined;
	let flush = false;
	if (heredoc) {
		const header = p.tokenText(open);
		flush = header.charCodeAt(2) === 45;
		marker = header.slice(flush ? 3 : 2).trimEnd();
	}

	const {parts, close} = parseTemplateParts(p, heredoc ? 'CHeredoc' : 'CQuote', flush, !heredoc);
	return {
		kind: 'Template',
		parts,
		...(marker === undefined ? {} : {heredoc: {marker, flush}}),
		range: p.range(open.start, close.end),
	};
}

/**
A whole input read as a template (the peeker at its first token), as `templatefile` reads files.
*/
export function parseBareTemplate(p: Parser): Template {
	const first = p.peeker.peekRaw();
	const {parts, close} = parseTemplateParts(p, 'EOF', false, false);
	return {kind: 'Template', parts, range: p.range(first.start, close.end)};
}

function parseTemplateParts(p: Parser, end: TokenType, flush: boolean, quoted: boolean): {parts: TemplatePart[]; close: Token} {
	const flat: FlatPart[] = [];
	let trimNext = false;
	let close: Token;
	// Whether the part before a `${~` is a literal that may be trimmed.
	let canTrimPrevious = false;
	for (;;) {
		const token = p.read();
		if (token.type === end) {
			close = token;
			break;
		}

		switch (token.type) {
			case 'QuotedLit':
			case 'StringLit':
			case 'QuotedNewline': {
				let value = token.type === 'QuotedNewline' ? '\n' : decodeStringLiteral(p.tokenText(token), token.type === 'QuotedLit', token.start.offset, p.lines, p.filename, p.diagnostics);
				if (trimNext) {
					value = trimStartSpace(value);
					trimNext = false;
				}

				flat.push({
					kind: 'literal', value, start: token.start, end: token.end,
				});
				canTrimPrevious = true;
				continue;
			}

			case 'TemplateInterp':
			case 'TemplateControl': {
				const opener = p.tokenText(token);
				if (opener.length === 3 && canTrimPrevious) {
					const previous = flat.at(-1);
					if (previous?.kind === 'literal') {
						previous.value = trimEndSpace(previous.value);
					}
				}

				canTrimPrevious = false;
				const part = token.type === 'TemplateInterp' ? parseInterpolation(p, token, quoted) : parseDirective(p, token);
				if (part) {
					flat.push(part.part);
					trimNext = part.trimNext;
				} else {
					trimNext = false;
				}

				continue;
			}

			case 'EOF': {
				p.error('Unterminated template string', 'No closing marker was found for the string.', p.tokenRange(token));
				close = token;
				break;
			}

			default: {
				// The scanner never produces other tokens here; skip defensively so parsing always progresses.
				continue;
			}
		}

		break;
	}

	if (flush) {
		flushHeredoc(p, flat);
	}

	return {parts: buildTree(p, meldLiterals(p, flat), close), close};
}

function readSequenceEnd(p: Parser, opener: Token, quoted: boolean, interpolation: boolean): {trimNext: boolean; end: Position} {
	const close = p.peek();
	if (close.type === 'TemplateSeqEnd') {
		p.read();
		return {trimNext: close.end.offset - close.start.offset === 2, end: close.end};
	}

	if (!p.recovery) {
		const openerRange = p.tokenRange(opener);
		if (close.type === 'EOF') {
			p.error(interpolation ? 'Unclosed template interpolation sequence' : 'Unclosed template directive', `There is no closing brace for this ${interpolation ? 'interpolation' : 'directive'} sequence before the end of the file. This might be caused by incorrect nesting inside the given expression.`, openerRange);
		} else if (interpolation && close.type === 'Colon') {
			p.error('Extra characters after interpolation expression', 'Template interpolation doesn\'t expect a colon at this location. Did you intend this to be a literal sequence to be processed as part of another language? If so, you can escape it by starting with "$${" instead of just "${".', p.tokenRange(close), p.range(opener.start, close.end));
		} else if ((close.type === 'CQuote' || close.type === 'OQuote') && quoted) {
			p.error(interpolation ? 'Unclosed template interpolation sequence' : 'Unclosed template directive', `There is no closing brace for this ${interpolation ? 'interpolation' : 'directive'} sequence before the end of the quoted template. This might be caused by incorrect nesting inside the given expression.`, openerRange);
		} else if (interpolation) {
			p.error('Extra characters after interpolation expression', 'Expected a closing brace to end the interpolation expression, but found extra characters.\n\nThis can happen when you include interpolation syntax for another language, such as shell scripting, but forget to escape the interpolation start token. If this is an embedded sequence for another language, escape it by starting with "$${" instead of just "${".', p.tokenRange(close), p.range(opener.start, close.end));
		} else {
			p.error('Extra characters in template directive', 'Expected a closing brace to end the sequence, but found extra characters.', p.tokenRange(close), p.range(opener.start, close.end));
		}
	}

	const recovered = p.recover('TemplateSeqEnd');
	return {trimNext: false, end: recovered.end};
}

function parseInterpolation(p: Parser, opener: Token, quoted: boolean): {part: FlatPart; trimNext: boolean} {
	p.peeker.pushIncludeNewlines(false);
	const expression = parseExpression(p);
	const {trimNext, end} = readSequenceEnd(p, opener, quoted, true);
	p.peeker.popIncludeNewlines();
	return {part: {kind: 'interpolation', expression, range: p.range(opener.start, end)}, trimNext};
}

function parseDirective(p: Parser, opener: Token): {part: FlatPart; trimNext: boolean} | undefined {
	p.peeker.pushIncludeNewlines(false);
	const result = parseDirectiveInner(p, opener);
	p.peeker.popIncludeNewlines();
	return result;
}

function parseDirectiveInner(p: Parser, opener: Token): {part: FlatPart; trimNext: boolean} | undefined {
	const keyword = p.peek();
	const word = keyword.type === 'Ident' ? p.tokenText(keyword) : '';
	switch (word) {
		case 'if': {
			p.read();
			const condition = parseExpression(p);
			const {trimNext, end} = readSequenceEnd(p, opener, false, false);
			return {part: {kind: 'if', condition, range: p.range(opener.start, end)}, trimNext};
		}

		case 'else':
		case 'endif':
		case 'endfor': {
			p.read();
			const {trimNext, end} = readSequenceEnd(p, opener, false, false);
			return {part: {kind: word, range: p.range(opener.start, end)}, trimNext};
		}

		case 'for': {
			p.read();
			const fail = (detail: string, token: Token): undefined => {
				if (!p.recovery) {
					p.error('Invalid template control keyword', detail, p.tokenRange(token), p.range(opener.start, token.end));
				}

				p.recover('TemplateSeqEnd');
				return undefined;
			};

			let name = p.peek();
			if (name.type !== 'Ident') {
				return fail('For directive requires variable name after \'for\'.', name);
			}

			p.read();
			let keyVariable: string | undefined;
			let valueVariable = p.tokenText(name);
			if (p.peek().type === 'Comma') {
				p.read();
				keyVariable = valueVariable;
				name = p.peek();
				if (name.type !== 'Ident') {
					return fail('For directive requires value variable name after comma.', name);
				}

				p.read();
				valueVariable = p.tokenText(name);
			}

			const inKeyword = p.peek();
			if (inKeyword.type !== 'Ident' || p.tokenText(inKeyword) !== 'in') {
				return fail('For directive requires \'in\' keyword after names.', inKeyword);
			}

			p.read();
			const collection = parseExpression(p);
			const {trimNext, end} = readSequenceEnd(p, opener, false, false);
			return {
				part: {
					kind: 'for', ...(keyVariable === undefined ? {} : {keyVariable}), valueVariable, collection, range: p.range(opener.start, end),
				},
				trimNext,
			};
		}

		default: {
			if (!p.recovery) {
				p.error('Invalid template directive', 'A template directive keyword ("if", "for", etc) is expected at the beginning of a %{ sequence.', p.tokenRange(keyword), p.range(opener.start, keyword.end));
			}

			p.recover('TemplateSeqEnd');
			return undefined;
		}
	}
}

/**
`<<-` heredocs: remove the indentation common to all lines (lines of only spaces do not count), as hclsyntax does.
*/
function flushHeredoc(p: Parser, flat: FlatPart[]): void {
	let minimum = Number.MAX_SAFE_INTEGER;
	let atLineStart = true;
	const adjust: FlatLiteral[] = [];
	for (const part of flat) {
		if (atLineStart) {
			atLineStart = false;
			if (part.kind === 'literal') {
				const trimmed = trimStartSpace(part.value);
				if (trimmed.length === 0 && part.value.endsWith('\n')) {
					// A blank line does not count.
				} else {
					const spaces = [...part.value.slice(0, part.value.length - trimmed.length)].length;
					minimum = Math.min(minimum, spaces);
					adjust.push(part);
				}
			} else {
				minimum = 0;
			}
		}

		if (part.kind === 'literal' && part.value.endsWith('\n')) {
			atLineStart = true;
		}
	}

	if (minimum === Number.MAX_SAFE_INTEGER || minimum === 0) {
		return;
	}

	for (const part of adjust) {
		let units = 0;
		for (let count = 0; count < minimum && units < part.value.length; count++) {
			units += part.value.codePointAt(units)! > 0xFF_FF ? 2 : 1;
		}

		part.value = part.value.slice(units);
		part.start = p.lines.at(Math.min(part.start.offset + units, part.end.offset));
	}
}

function meldLiterals(p: Parser, flat: FlatPart[]): FlatPart[] {
	const result: FlatPart[] = [];
	let run: FlatLiteral[] = [];
	const flushRun = () => {
		if (run.length === 1) {
			result.push(run[0]!);
		} else if (run.length > 1) {
			result.push({
				kind: 'literal', value: run.map(part => part.value).join(''), start: run[0]!.start, end: run.at(-1)!.end,
			});
		}

		run = [];
	};

	for (const part of flat) {
		if (part.kind === 'literal') {
			run.push(part);
		} else {
			flushRun();
			result.push(part);
		}
	}

	flushRun();
	void p;
	return result;
}

type OpenDirective =
	| {kind: 'if'; start: FlatPart & {kind: 'if'}; then: TemplatePart[]; else?: TemplatePart[]}
	| {kind: 'for'; start: FlatPart & {kind: 'for'}; body: TemplatePart[]};

function buildTree(p: Parser, flat: FlatPart[], close: Token): TemplatePart[] {
	const root: TemplatePart[] = [];
	const stack: OpenDirective[] = [];
	const current = (): TemplatePart[] => {
		const top = stack.at(-1);
		if (!top) {
			return root;
		}

		return top.kind === 'for' ? top.body : (top.else ?? top.then);
	};

	const unbalanced = (part: FlatPart & {range: Range}, which: string) => {
		p.error(`Unexpected ${which} directive`, 'The control directives within this template are unbalanced.', part.range);
	};

	for (const part of flat) {
		switch (part.kind) {
			case 'literal': {
				current().push({kind: 'TemplateLiteral', value: part.value, range: p.range(part.start, part.end)});
				break;
			}

			case 'interpolation': {
				current().push({kind: 'TemplateInterpolation', expression: part.expression, range: part.range});
				break;
			}

			case 'if': {
				stack.push({kind: 'if', start: part, then: []});
				break;
			}

			case 'for': {
				stack.push({kind: 'for', start: part, body: []});
				break;
			}

			case 'else': {
				const top = stack.at(-1);
				if (top?.kind !== 'if' || top.else) {
					unbalanced(part, 'else');
					break;
				}

				top.else = [];
				break;
			}

			case 'endif': {
				const top = stack.at(-1);
				if (top?.kind !== 'if') {
					unbalanced(part, 'endif');
					break;
				}

				stack.pop();
				const node: TemplateIf = {
					kind: 'TemplateIf', condition: top.start.condition, then: top.then, ...(top.else ? {else: top.else} : {}), range: p.range(top.start.range.start, part.range.end),
				};
				current().push(node);
				break;
			}

			case 'endfor': {
				const top = stack.at(-1);
				if (top?.kind !== 'for') {
					unbalanced(part, 'endfor');
					break;
				}

				stack.pop();
				const node: TemplateFor = {
					kind: 'TemplateFor',
					...(top.start.keyVariable === undefined ? {} : {keyVariable: top.start.keyVariable}),
					valueVariable: top.start.valueVariable,
					collection: top.start.collection,
					body: top.body,
					range: p.range(top.start.range.start, part.range.end),
				};
				current().push(node);
				break;
			}
		}
	}

	while (stack.length > 0) {
		const top = stack.pop()!;
		const word = top.kind === 'if' ? 'endif' : 'endfor';
		p.error('Unexpected end of template', `The ${top.kind} directive at ${formatRangeShort(top.start.range)} is missing its corresponding ${word} directive.`, p.tokenRange(close));
		// Keep what was parsed, closed at the end of the template.
		const range = p.range(top.start.range.start, close.start);
		const node: TemplatePart = top.kind === 'if'
			? {
				kind: 'TemplateIf', condition: top.start.condition, then: top.then, ...(top.else ? {else: top.else} : {}), range,
			}
			: {
				kind: 'TemplateFor', ...(top.start.keyVariable === undefined ? {} : {keyVariable: top.start.keyVariable}), valueVariable: top.start.valueVariable, collection: top.start.collection, body: top.body, range,
			};
		current().push(node);
	}

	return root;
}
