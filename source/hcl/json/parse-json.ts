import type {
	Attribute, Block, Body, Expression, ObjectItem, Template,
} from '../ast.js';
import type {Diagnostic, Result} from '../diagnostics.js';
import {errorDiagnostic} from '../diagnostics.js';
import {lex} from '../lexer.js';
import {LineIndex} from '../line-index.js';
import {parseBareTemplate} from '../parse-template.js';
import {Parser} from '../parser.js';
import {FixedRangeFile, TemplateNode} from '../nodes.js';
import type {Position, Range} from '../position.js';

/*
JSON syntax (`.tf.json`, `.tofu.json`, `.tfvars.json`), read into the same body model.

Terraform's JSON syntax needs a schema to tell blocks from attributes, and this layer knows no schema. So a JSON body holds only attributes, one per property of the object (`"//"` comment properties skipped), with `syntax: 'json'`:
- strings become templates, parsed as Terraform parses JSON strings in expressions (`"${var.x}"` is an interpolation);
- numbers, booleans and null become literals; arrays tuples; objects object constructors whose keys are literal strings.
A loader that knows the schema calls `jsonBlocks(attribute, labelCount)` to read an attribute as the blocks it stands for: `"resource": {"aws_vpc": {"main": {...}}}` with 2 labels gives one `resource "aws_vpc" "main"` block whose body is again a JSON body.
*/

type JsonNode =
	| {readonly kind: 'object'; readonly properties: ReadonlyArray<{readonly key: string; readonly keyRange: Range; readonly value: JsonNode}>; readonly range: Range}
	| {readonly kind: 'array'; readonly items: readonly JsonNode[]; readonly range: Range}
	| {readonly kind: 'string'; readonly value: string; readonly escaped: boolean; readonly range: Range}
	| {readonly kind: 'number'; readonly text: string; readonly range: Range}
	| {readonly kind: 'bool'; readonly value: boolean; readonly range: Range}
	| {readonly kind: 'null'; readonly range: Range};

const maximumDepth = 128;

class JsonReader {
	pos: number;
	depth = 0;
	readonly diagnostics: Diagnostic[] = [];

	readonly text: string;
	readonly filename: string;
	readonly lines: LineIndex;

	constructor(text: string, filename: string, lines: LineIndex) {
		this.text = text;
		this.filename = filename;
		this.lines = lines;
		this.pos = text.codePointAt(0) === 0xFE_FF ? 1 : 0;
	}

	range(from: number, to: number): Range {
		return {filename: this.filename, start: this.lines.at(from), end: this.lines.at(to)};
	}

	fail(summary: string, detail: string, from: number, to = from + 1): never {
		const end = Math.min(to, this.text.length);
		this.diagnostics.push(errorDiagnostic(summary, detail, this.range(Math.min(from, end), end)));
		throw new JsonSyntaxError();
	}

	skipSpace(): void {
		const {text} = this;
		for (;;) {
			const code = text.charCodeAt(this.pos);
			if (code === 32 || code === 10 || code === 13 || code === 9) {
				this.pos++;
			} else {
				return;
			}
		}
	}

	value(): JsonNode {
		this.skipSpace();
		const {text} = this;
		const start = this.pos;
		const code = text.charCodeAt(start);
		switch (code) {
			case 123: {
				return this.object();
			}

			case 91: {
				return this.array();
			}

			case 34: {
				return this.string();
			}

			default: {
				if (code === 45 || (code >= 48 && code <= 57)) {
					const match = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
					match.lastIndex = start;
					const found = match.exec(text);
					if (!found || found[0] === '-') {
						this.fail('Invalid JSON number', 'A number must be written in JSON notation, like 12, -4.5 or 1e3.', start);
					}

					this.pos = start + found[0].length;
					return {kind: 'number', text: found[0], range: this.range(start, this.pos)};
				}

				for (const [word, node] of [['true', true], ['false', false], ['null', null]] as const) {
					if (text.startsWith(word, start)) {
						this.pos = start + word.length;
						const range = this.range(start, this.pos);
						return node === null ? {kind: 'null', range} : {kind: 'bool', value: node, range};
					}
				}

				if (start >= text.length) {
					this.fail('Missing JSON value', 'The file ends where a JSON value was expected.', start, start);
				}

				this.fail('Invalid JSON value', 'Expected a JSON value: an object, array, string, number, true, false or null.', start);
			}
		}
	}

	enter(at: number): void {
		if (++this.depth > maximumDepth) {
			this.fail('Nesting too deep', `JSON values may be nested at most ${maximumDepth} levels deep.`, at);
		}
	}

	object(): JsonNode {
		const start = this.pos++;
		this.enter(start);
		const properties: Array<{key: string; keyRange: Range; value: JsonNode}> = [];
		this.skipSpace();
		if (this.text.charCodeAt(this.pos) === 125) {
			this.pos++;
			this.depth--;
			return {kind: 'object', properties, range: this.range(start, this.pos)};
		}

		for (;;) {
			this.skipSpace();
			if (this.text.charCodeAt(this.pos) !== 34) {
				this.fail('Invalid JSON object', 'A property name in double quotes is expected here.', this.pos);
			}

			const key = this.string();
			this.skipSpace();
			if (this.text.charCodeAt(this.pos) !== 58) {
				this.fail('Missing property value colon', 'JSON uses a colon as its name/value delimiter, not an equals sign.', this.pos);
			}

			this.pos++;
			const value = this.value();
			properties.push({key: key.value, keyRange: key.range, value});
			this.skipSpace();
			const code = this.text.charCodeAt(this.pos);
			if (code === 44) {
				this.pos++;
				continue;
			}

			if (code === 125) {
				this.pos++;
				break;
			}

			this.fail('Missing attribute separator comma', 'A comma must appear between each property definition in an object.', this.pos);
		}

		this.depth--;
		return {kind: 'object', properties, range: this.range(start, this.pos)};
	}

	array(): JsonNode {
		const start = this.pos++;
		this.enter(start);
		const items: JsonNode[] = [];
		this.skipSpace();
		if (this.text.charCodeAt(this.pos) === 93) {
			this.pos++;
			this.depth--;
			return {kind: 'array', items, range: this.range(start, this.pos)};
		}

		for (;;) {
			items.push(this.value());
			this.skipSpace();
			const code = this.text.charCodeAt(this.pos);
			if (code === 44) {
				this.pos++;
				continue;
			}

			if (code === 93) {
				this.pos++;
				break;
			}

			this.fail('Missing array element separator', 'A comma must appear between each element of an array.', this.pos);
		}

		this.depth--;
		return {kind: 'array', items, range: this.range(start, this.pos)};
	}

	string(): JsonNode & {kind: 'string'} {
		const {text} = this;
		const start = this.pos;
		let index = start + 1;
		let escaped = false;
		for (;;) {
			if (index >= text.length) {
				this.fail('Unterminated string', 'A JSON string must end with a double quote on the same line.', start, index);
			}

			const code = text.charCodeAt(index);
			if (code === 34) {
				break;
			}

			if (code === 10 || code === 13) {
				this.fail('Invalid JSON string', 'A JSON string may not contain a raw newline; use \\n.', index);
			}

			if (code === 92) {
				escaped = true;
				index += 2;
				continue;
			}

			index++;
		}

		this.pos = index + 1;
		const raw = text.slice(start, this.pos);
		let value: string;
		if (escaped) {
			try {
				value = JSON.parse(raw) as string;
			} catch {
				this.fail('Invalid escape sequence', 'This string contains an escape sequence JSON does not allow.', start, this.pos);
			}
		} else {
			value = raw.slice(1, -1);
		}

		return {
			kind: 'string', value, escaped, range: this.range(start, this.pos),
		};
	}
}

class JsonSyntaxError extends Error {}

/**
Whether a file name is one of Terraform's JSON syntax files.
*/
export function isJsonFilename(filename: string): boolean {
	return filename.endsWith('.json');
}

function emptyBody(filename: string, lines: LineIndex, text: string): Body {
	return {
		kind: 'Body', items: [], syntax: 'json', range: {filename, start: lines.at(0), end: lines.at(text.length)},
	};
}

/**
Reads a file of JSON syntax into a body of attributes (see the comment at the top of this file). Never throws.
*/
export function parseJsonConfig(text: string, filename: string): Result<Body> {
	const lines = new LineIndex(text);
	const reader = new JsonReader(text, filename, lines);
	let root: JsonNode;
	try {
		root = reader.value();
		reader.skipSpace();
		if (reader.pos < text.length) {
			reader.fail('Extraneous data after value', 'Extra characters appear after the JSON value.', reader.pos);
		}
	} catch (error) {
		if (error instanceof JsonSyntaxError) {
			return {value: emptyBody(filename, lines, text), diagnostics: reader.diagnostics};
		}

		return {value: emptyBody(filename, lines, text), diagnostics: [errorDiagnostic('Internal parser error', `Reading JSON failed unexpectedly (${String(error)}). This is a bug in tfscope.`, reader.range(0, 0))]};
	}

	const diagnostics: Diagnostic[] = [];
	const converter = new ExpressionBuilder(text, filename, lines, diagnostics);
	const objects = root.kind === 'array' ? root.items : [root];
	const items: Attribute[] = [];
	for (const object of objects) {
		if (object.kind !== 'object') {
			diagnostics.push(errorDiagnostic('Root value must be object', 'The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.', object.range));
			continue;
		}

		for (const property of object.properties) {
			if (property.key === '//') {
				continue;
			}

			items.push({
				kind: 'Attribute', name: property.key, nameRange: property.keyRange, expression: converter.expression(property.value), range: spanning(property.keyRange, property.value.range),
			});
		}
	}

	return {
		value: {
			kind: 'Body', items, syntax: 'json', range: {filename, start: lines.at(0), end: lines.at(text.length)},
		},
		diagnostics,
	};
}

function spanning(first: Range, last: Range): Range {
	return {filename: first.filename, start: first.start, end: last.end};
}

class ExpressionBuilder {
	readonly text: string;
	readonly filename: string;
	readonly lines: LineIndex;
	readonly diagnostics: Diagnostic[];

	constructor(text: string, filename: string, lines: LineIndex, diagnostics: Diagnostic[]) {
		this.text = text;
		this.filename = filename;
		this.lines = lines;
		this.diagnostics = diagnostics;
	}

	expression(node: JsonNode): Expression {
		switch (node.kind) {
			case 'string': {
				return this.template(node);
			}

			case 'number': {
				return {kind: 'Literal', value: {type: 'number', text: node.text}, range: node.range};
			}

			case 'bool': {
				return {kind: 'Literal', value: {type: 'bool', value: node.value}, range: node.range};
			}

			case 'null': {
				return {kind: 'Literal', value: {type: 'null'}, range: node.range};
			}

			case 'array': {
				return {kind: 'Tuple', items: node.items.map(item => this.expression(item)), range: node.range};
			}

			case 'object': {
				const items: ObjectItem[] = node.properties.map(property => {
					const key: Template = {kind: 'Template', parts: [{kind: 'TemplateLiteral', value: property.key, range: property.keyRange}], range: property.keyRange};
					const value = this.expression(property.value);
					return {key, value, range: spanning(property.keyRange, value.range)};
				});
				return {kind: 'Object', items, range: node.range};
			}
		}
	}

	template(node: JsonNode & {kind: 'string'}): Template {
		const {value, range} = node;
		if (!value.includes('${') && !value.includes('%{')) {
			const contentRange: Range = {filename: this.filename, start: this.lines.at(range.start.offset + 1), end: this.lines.at(range.end.offset - 1)};
			const parts = value === '' ? [] : [{kind: 'TemplateLiteral' as const, value: value.replaceAll('$${', '${').replaceAll('%%{', '%{'), range: contentRange}];
			return {kind: 'Template', parts, range};
		}

		if (!node.escaped) {
			// The string's text is its value: parse it in place so every range points into the file.
			const {tokens} = lex(this.text, this.filename, 'template', {from: range.start.offset + 1, to: range.end.offset - 1}, this.lines);
			const parser = new Parser(this.text, this.filename, this.lines, tokens);
			const template = parseBareTemplate(parser);
			this.diagnostics.push(...parser.diagnostics);
			return new TemplateNode(parser.file, range.start.offset, range.end.offset, template.parts);
		}

		// With escapes, positions inside the decoded value do not map onto the file: every node gets the string's range.
		const lines = new LineIndex(value);
		const {tokens} = lex(value, this.filename, 'template', undefined, lines);
		const parser = new Parser(value, this.filename, lines, tokens, new FixedRangeFile(range, lines));
		const template = parseBareTemplate(parser);

		for (const diagnostic of parser.diagnostics) {
			this.diagnostics.push({...diagnostic, ...(diagnostic.subject ? {subject: range} : {})});
		}

		return template;
	}
}

/**
Reads a JSON attribute as the blocks it stands for, when the caller's schema says `attribute.name` is a block type with `labelCount` labels: one object level per label, then an object (one block) or an array of objects (several blocks) whose properties make the block's body.
*/
export function jsonBlocks(attribute: Attribute, labelCount: number): Result<Block[]> {
	const blocks: Block[] = [];
	const diagnostics: Diagnostic[] = [];
	const visit = (expression: Expression, labels: string[], labelRanges: Range[]): void => {
		if (expression.kind === 'Tuple') {
			for (const item of expression.items) {
				visit(item, labels, labelRanges);
			}

			return;
		}

		if (expression.kind !== 'Object') {
			const what = labels.length < labelCount ? `an object whose properties name the ${attribute.name} block labels` : `an object, or an array of objects, giving the content of the ${attribute.name} block`;
			diagnostics.push(errorDiagnostic('Incorrect JSON value type', `Expected ${what}.`, expression.range));
			return;
		}

		if (labels.length < labelCount) {
			for (const item of expression.items) {
				const key = jsonKey(item.key);
				visit(item.value, [...labels, key], [...labelRanges, item.key.range]);
			}

			return;
		}

		const items: Attribute[] = expression.items.map((item): Attribute => ({
			kind: 'Attribute', name: jsonKey(item.key), nameRange: item.key.range, expression: item.value, range: item.range,
		})).filter(item => item.name !== '//');
		const body: Body = {
			kind: 'Body', items, syntax: 'json', range: expression.range,
		};
		const open = positionRange(expression.range, expression.range.start);
		const close = positionRange(expression.range, expression.range.end);
		blocks.push({
			kind: 'Block', type: attribute.name, typeRange: attribute.nameRange, labels, labelRanges, body, openBraceRange: open, closeBraceRange: close, range: spanning(attribute.nameRange, expression.range),
		});
	};

	visit(attribute.expression, [], []);
	return {value: blocks, diagnostics};
}

function positionRange(range: Range, at: Position): Range {
	return {filename: range.filename, start: at, end: at};
}

function jsonKey(key: Expression): string {
	if (key.kind === 'Template' && key.parts.length === 1 && key.parts[0]!.kind === 'TemplateLiteral') {
		return key.parts[0]!.value;
	}

	return '';
}
