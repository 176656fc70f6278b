import type {
	Expression, Template, TemplateFor, TemplateIf, TemplatePart,
} from './ast.js';
import {
	TemplateForNode, TemplateIfNode, TemplateInterpolationNode, TemplateLiteralNode, TemplateNode,
} from './nodes.js';
import {parseExpression} from './parse-expression.js';
import type {Parser} from './parser.js';
import {type Range, formatRangeShort} from './position.js';
import {didYouMean} from './did-you-mean.js';
import {decodeStringLiteral} from './string-literal.js';
import type {TokenKind} from './token.js';
import * as K from './token-kind.js';

/*
Templates in two phases, as hclsyntax does: first a flat list of literals, interpolations and directive markers (with strip markers and `<<-` indentation applied to the literals), then a tree of `if` and `for` built from the markers.
*/

// Offsets, not positions: most of these never need a line and column.
type FlatLiteral = {kind: 'literal'; value: string; start: number; end: number};
type FlatPart =
	| FlatLiteral
	| {kind: 'interpolation'; expression: Expression; start: number; end: number}
	| {kind: 'if'; condition: Expression; start: number; end: number}
	| {kind: 'else'; start: number; end: number}
	| {kind: 'endif'; start: number; end: number}
	| {kind: 'for'; keyVariable?: string; valueVariable: string; collection: Expression; start: number; end: number}
	| {kind: 'endfor'; start: number; end: number};

function rangeOf(p: Parser, part: {start: number; end: number}): Range {
	return p.file.range(part.start, part.end);
}

// Go's unicode.IsSpace, which hclsyntax uses for strip markers and heredoc indentation.
const spaceCharacters = new Set([9, 10, 11, 12, 13, 32, 0x85, 0xA0, 0x16_80, 0x20_28, 0x20_29, 0x20_2F, 0x20_5F, 0x30_00]);

function isSpace(code: number): boolean {
	if (code < 0x80) {
		return code === 32 || (code >= 9 && code <= 13);
	}

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
	const heredoc = p.kinds[open] === K.OHeredoc;
	if (!heredoc) {
		// Most strings are one literal: skip the general machinery for them.
		const first = p.peeker.index;
		const firstKind = p.kinds[first];
		if (firstKind === K.CQuote) {
			p.read();
			return new TemplateNode(p.file, p.starts[open]!, p.ends[first]!, [new TemplateLiteralNode(p.file, p.starts[first]!, p.starts[first]!, '')]);
		}

		// A literal is never the last token (EOF is), so the next one is there.
		const second = first + 1;
		if (firstKind === K.QuotedLit && p.kinds[second] === K.CQuote) {
			p.read();
			p.read();
			const value = decodeStringLiteral(p.tokenText(first), true, p.starts[first]!, p);
			return new TemplateNode(p.file, p.starts[open]!, p.ends[second]!, [new TemplateLiteralNode(p.file, p.starts[first]!, p.ends[first]!, value)]);
		}
	}

	let marker: string | undefined;
	let flush = false;
	if (heredoc) {
		const header = p.tokenText(open);
		flush = header.charCodeAt(2) === 45;
		marker = header.slice(flush ? 3 : 2).trimEnd();
	}

	const {parts, close} = parseTemplateParts(p, heredoc ? K.CHeredoc : K.CQuote, flush, !heredoc);
	return new TemplateNode(p.file, p.starts[open]!, p.ends[close]!, parts, marker === undefined ? undefined : {marker, flush});
}

/**
A whole input read as a template (the peeker at its first token), as `templatefile` reads files.
*/
export function parseBareTemplate(p: Parser): Template {
	const first = p.peeker.peekRaw();
	const {parts, close} = parseTemplateParts(p, K.EOF, false, false);
	return new TemplateNode(p.file, p.starts[first]!, p.ends[close]!, parts);
}

function parseTemplateParts(p: Parser, end: TokenKind, flush: boolean, quoted: boolean): {parts: TemplatePart[]; close: number} {
	const flat: FlatPart[] = [];
	// Unclosed-sequence errors point at the template's first token, as in hclsyntax.
	const first = p.peeker.peekRaw();
	let trimNext = false;
	let nextCanTrimPrevious = false;
	let close: number;
	for (;;) {
		const token = p.read();
		const kind = p.kinds[token]!;
		if (kind === end) {
			close = token;
			break;
		}

		const trim = trimNext;
		trimNext = false;
		const canTrimPrevious = nextCanTrimPrevious;
		nextCanTrimPrevious = false;
		if (kind === K.QuotedLit || kind === K.StringLit) {
			let value = decodeStringLiteral(p.tokenText(token), kind === K.QuotedLit, p.starts[token]!, p);
			if (trim) {
				value = trimStartSpace(value);
			}

			flat.push({
				kind: 'literal', value, start: p.starts[token]!, end: p.ends[token]!,
			});
			nextCanTrimPrevious = true;
			continue;
		}

		if (kind === K.TemplateInterp || kind === K.TemplateControl) {
			if (canTrimPrevious && p.ends[token]! - p.starts[token]! === 3) {
				const previous = flat.at(-1);
				if (previous?.kind === 'literal') {
					previous.value = trimEndSpace(previous.value);
				}
			}

			p.peeker.pushIncludeNewlines(false);
			const result = kind === K.TemplateInterp ? parseInterpolation(p, token, first, quoted && end === K.CQuote) : parseDirective(p, token, first);
			p.peeker.popIncludeNewlines();
			if (result) {
				flat.push(result.part);
				trimNext = result.trimNext;
			}

			continue;
		}

		// The end of the file, or a newline inside a quoted string.
		p.softError('Unterminated template string', 'No closing marker was found for the string.', p.tokenRange(token), p.range(p.tokenStart(first), p.tokenEnd(token)));
		close = p.recover(end);
		break;
	}

	if (flat.length === 0) {
		// An empty template holds one empty literal, as in hclsyntax.
		const at = p.starts[first]!;
		flat.push({
			kind: 'literal', value: '', start: at, end: at,
		});
	}

	if (flush) {
		flushHeredoc(flat);
	}

	return {parts: buildTree(p, meldLiterals(flat), close), close};
}

function readSequenceEnd(p: Parser, opener: number, first: number, quotedTemplate: boolean, keyword?: string): {trimNext: boolean; end: number} {
	const close = p.peek();
	const kind = p.kinds[close];
	if (kind === K.TemplateSeqEnd) {
		p.read();
		return {trimNext: p.ends[close]! - p.starts[close]! === 2, end: p.ends[close]!};
	}

	if (keyword !== undefined) {
		p.softError(`Extra characters in ${keyword} marker`, 'Expected a closing brace to end the sequence, but found extra characters.', p.tokenRange(close), p.range(p.tokenStart(first), p.tokenEnd(close)));
	} else if (kind === K.EOF) {
		p.softError('Unclosed template interpolation sequence', 'There is no closing brace for this interpolation sequence before the end of the file. This might be caused by incorrect nesting inside the given expression.', p.tokenRange(first));
	} else if (kind === K.Colon) {
		p.softError('Extra characters after interpolation expression', 'Template interpolation doesn\'t expect a colon at this location. Did you intend this to be a literal sequence to be processed as part of another language? If so, you can escape it by starting with "$${" instead of just "${".', p.tokenRange(close), p.range(p.tokenStart(first), p.tokenEnd(close)));
	} else if ((kind === K.CQuote || kind === K.OQuote) && quotedTemplate) {
		p.softError('Unclosed template interpolation sequence', 'There is no closing brace for this interpolation sequence before the end of the quoted template. This might be caused by incorrect nesting inside the given expression.', p.tokenRange(first));
	} else {
		p.softError('Extra characters after interpolation expression', 'Expected a closing brace to end the interpolation expression, but found extra characters.\n\nThis can happen when you include interpolation syntax for another language, such as shell scripting, but forget to escape the interpolation start token. If this is an embedded sequence for another language, escape it by starting with "$${" instead of just "${".', p.tokenRange(close), p.range(p.tokenStart(first), p.tokenEnd(close)));
	}

	void opener;
	const recovered = p.recover(K.TemplateSeqEnd);
	return {trimNext: false, end: p.ends[recovered]!};
}

function parseInterpolation(p: Parser, opener: number, first: number, quotedTemplate: boolean): {part: FlatPart; trimNext: boolean} {
	const expression = parseExpression(p);
	const {trimNext, end} = readSequenceEnd(p, opener, first, quotedTemplate);
	return {part: {kind: 'interpolation', expression, start: p.starts[opener]!, end}, trimNext};
}

function failForDirective(p: Parser, detail: string): undefined {
	p.softError('Invalid \'for\' directive', detail, p.tokenRange(p.peek()));
	p.recover(K.TemplateSeqEnd);
	return undefined;
}

function parseDirective(p: Parser, opener: number, first: number): {part: FlatPart; trimNext: boolean} | undefined {
	const keyword = p.peek();
	if (p.kinds[keyword] !== K.Ident) {
		p.softError('Invalid template directive', 'A template directive keyword ("if", "for", etc) is expected at the beginning of a %{ sequence.', p.tokenRange(keyword), p.range(p.tokenStart(opener), p.tokenEnd(keyword)));
		p.recover(K.TemplateSeqEnd);
		return undefined;
	}

	p.read();
	const word = p.tokenText(keyword);
	const fail = failForDirective;

	let part: FlatPart;
	switch (word) {
		case 'if': {
			const condition = parseExpression(p);
			part = {kind: 'if', condition, start: p.starts[opener]!, end: p.ends[p.peek()]!};
			break;
		}

		case 'else':
		case 'endif':
		case 'endfor': {
			part = {kind: word, start: p.starts[opener]!, end: p.ends[p.peek()]!};
			break;
		}

		case 'for': {
			let name = p.peek();
			if (p.kinds[name] !== K.Ident) {
				return fail(p, 'For directive requires variable name after \'for\'.');
			}

			p.read();
			let keyVariable: string | undefined;
			let valueVariable = p.tokenText(name);
			if (p.peekKind() === K.Comma) {
				p.read();
				keyVariable = valueVariable;
				name = p.peek();
				if (p.kinds[name] !== K.Ident) {
					return fail(p, 'For directive requires value variable name after comma.');
				}

				p.read();
				valueVariable = p.tokenText(name);
			}

			const inKeyword = p.peek();
			if (p.kinds[inKeyword] !== K.Ident || p.tokenText(inKeyword) !== 'in') {
				return fail(p, 'For directive requires \'in\' keyword after names.');
			}

			p.read();
			const collection = parseExpression(p);
			part = {
				kind: 'for', ...(keyVariable === undefined ? {} : {keyVariable}), valueVariable, collection, start: p.starts[opener]!, end: p.ends[p.peek()]!,
			};
			break;
		}

		default: {
			p.softError('Invalid template control keyword', `${JSON.stringify(word)} is not a valid template control keyword.${didYouMean(word, ['if', 'for', 'else', 'endif', 'endfor'])}`, p.tokenRange(keyword), p.range(p.tokenStart(opener), p.tokenEnd(keyword)));
			p.recover(K.TemplateSeqEnd);
			return undefined;
		}
	}

	const {trimNext} = readSequenceEnd(p, opener, first, false, word);
	return {part, trimNext};
}

/**
`<<-` heredocs: remove the indentation common to all lines (lines of only spaces do not count), as hclsyntax does.
*/
function flushHeredoc(flat: FlatPart[]): void {
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
					const spaces = codePoints(part.value, part.value.length - trimmed.length);
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
		part.start = Math.min(part.start + units, part.end);
	}
}

/**
How many code points the first `units` UTF-16 units of `value` hold.
*/
function codePoints(value: string, units: number): number {
	let count = 0;
	for (let index = 0; index < units; index++) {
		const code = value.charCodeAt(index);
		// The low half of a surrogate pair completes a code point already counted.
		if (!(code >= 0xDC_00 && code <= 0xDF_FF && index > 0 && value.charCodeAt(index - 1) >= 0xD8_00 && value.charCodeAt(index - 1) <= 0xDB_FF)) {
			count++;
		}
	}

	return count;
}

function meldLiterals(flat: FlatPart[]): FlatPart[] {
	let adjacent = false;
	for (let index = 1; index < flat.length; index++) {
		if (flat[index]!.kind === 'literal' && flat[index - 1]!.kind === 'literal') {
			adjacent = true;
			break;
		}
	}

	// Nearly always: nothing to meld, and no copy.
	if (!adjacent) {
		return flat;
	}

	// A run of literals (a heredoc has one a line) becomes one string by one join: adding them one by one left the tree a chain of V8 concatenation nodes over a slice of each line, twice the memory of the flat text.
	const result: FlatPart[] = [];
	let index = 0;
	while (index < flat.length) {
		const part = flat[index]!;
		let end = index + 1;
		while (part.kind === 'literal' && end < flat.length && flat[end]!.kind === 'literal') {
			end++;
		}

		if (end - index === 1) {
			result.push(part);
		} else {
			const run = flat.slice(index, end) as FlatLiteral[];
			result.push({
				kind: 'literal', value: run.map(literal => literal.value).join(''), start: part.start, end: run.at(-1)!.end,
			});
		}

		index = end;
	}

	return result;
}

/**
Builds the `if`/`for` tree from the flat parts, with hclsyntax's diagnostics: a directive closed by the wrong marker is dropped (with what it held), an unexpected marker at the top is reported and skipped.
*/
function buildTree(p: Parser, flat: readonly FlatPart[], close: number): TemplatePart[] {
	if (flat.length === 1 && flat[0]!.kind === 'literal') {
		const only = flat[0]!;
		return [new TemplateLiteralNode(p.file, only.start, only.end, only.value)];
	}

	const builder = new TreeBuilder(p, flat, close);
	const root: TemplatePart[] = [];
	builder.sequence(root, true);
	return root;
}

class TreeBuilder {
	index = 0;
	private readonly p: Parser;
	private readonly flat: readonly FlatPart[];
	private readonly close: number;

	constructor(p: Parser, flat: readonly FlatPart[], close: number) {
		this.p = p;
		this.flat = flat;
		this.close = close;
	}

	sequence(into: TemplatePart[], atRoot: boolean): void {
		const {p, flat} = this;
		while (this.index < flat.length) {
			const part = flat[this.index]!;
			switch (part.kind) {
				case 'literal': {
					this.index++;
					into.push(new TemplateLiteralNode(p.file, part.start, part.end, part.value));
					break;
				}

				case 'interpolation': {
					this.index++;
					into.push(new TemplateInterpolationNode(p.file, part.start, part.end, part.expression));
					break;
				}

				case 'if':
				case 'for': {
					this.index++;
					if (!p.enter(this.close)) {
						this.index = flat.length;
						return;
					}

					const node = part.kind === 'if' ? this.ifDirective(part) : this.forDirective(part);
					p.leave();
					if (node) {
						into.push(node);
					}

					break;
				}

				default: {
					if (!atRoot) {
						return;
					}

					this.index++;
					p.error(`Unexpected ${part.kind} directive`, 'The control directives within this template are unbalanced.', rangeOf(p, part));
				}
			}
		}
	}

	ifDirective(open: FlatPart & {kind: 'if'}): TemplateIf | undefined {
		const {p, flat} = this;
		const then: TemplatePart[] = [];
		let otherwise: TemplatePart[] | undefined;
		for (;;) {
			this.sequence(otherwise ?? then, false);
			const marker = flat[this.index];
			if (!marker) {
				p.error('Unexpected end of template', `The if directive at ${formatRangeShort(rangeOf(p, open))} is missing its corresponding endif directive.`, p.tokenRange(this.close));
				return undefined;
			}

			this.index++;
			if (marker.kind === 'else' && !otherwise) {
				otherwise = [];
				continue;
			}

			if (marker.kind === 'endif') {
				return new TemplateIfNode(p.file, open.start, marker.end, open.condition, then, otherwise);
			}

			const detail = marker.kind === 'else' ? `Already in the else clause for the if started at ${formatRangeShort(rangeOf(p, open))}.` : `Expecting an endif directive for the if started at ${formatRangeShort(rangeOf(p, open))}.`;
			p.error(`Unexpected ${marker.kind} directive`, detail, rangeOf(p, marker));
			return undefined;
		}
	}

	forDirective(open: FlatPart & {kind: 'for'}): TemplateFor | undefined {
		const {p, flat} = this;
		const body: TemplatePart[] = [];
		this.sequence(body, false);
		const marker = flat[this.index];
		if (!marker) {
			p.error('Unexpected end of template', `The for directive at ${formatRangeShort(rangeOf(p, open))} is missing its corresponding endfor directive.`, p.tokenRange(this.close));
			return undefined;
		}

		this.index++;
		if (marker.kind === 'endfor') {
			return new TemplateForNode(p.file, open.start, marker.end, open.keyVariable, open.valueVariable, open.collection, body);
		}

		const detail = marker.kind === 'else' ? 'An else clause is not expected for a for directive.' : `Expecting an endfor directive corresponding to the for directive at ${formatRangeShort(rangeOf(p, open))}.`;
		p.error(`Unexpected ${marker.kind} directive`, detail, rangeOf(p, marker));
		return undefined;
	}
}
