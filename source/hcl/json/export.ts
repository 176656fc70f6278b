import type {
	Block, Body, Expression, Template, TemplatePart,
} from '../ast.js';
import type {Diagnostic, Result} from '../diagnostics.js';
import {errorDiagnostic} from '../diagnostics.js';
import {endOf, startOf} from '../nodes.js';
import {compareKeys} from './json-text.js';

/*
The JSON that `@cdktf/hcl2json` (HashiCorp's converter) produces for a body: attributes become values, blocks become arrays nested under their type and labels, and any expression that is not a plain literal, tuple, object or template becomes the string `"${<its source text>}"`. Templates are rewritten as template strings (directives re-rendered, conditionals inside interpolations turned into `%{if}`), with `${` and `%{` in literal text escaped.
*/

export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export type JsonObject = {[key: string]: JsonValue};

/*
While converting, an object is a Map: the JSON form's objects are keyed by the configuration's own names (variables, locals, resource names), a different set in every file, and a plain object given such keys one by one makes V8 build a hidden class for each new key (and for each again in a sorted copy): on real configurations that was a third of `parse --json`. A Map keeps the same semantics as assignment (a key set again keeps its place) and is written straight to sorted JSON text (`hcl2JsonText`) or made into plain objects (`toHcl2Json`).
*/
type Draft = null | boolean | number | string | Draft[] | DraftObject;
type DraftObject = Map<string, Draft>;

// The prototype of the plain objects `toHcl2Json` gives: itself without one, so no key (`constructor`, `__proto__`) means anything but an own property, as with `Object.create(null)`. Objects made with `Object.create(null)` start in V8's dictionary mode, slow to fill and to read back; objects of a prototype with no properties are ordinary fast objects.
const jsonObjectPrototype = Object.create(null) as object;

class Converter {
	readonly diagnostics: Diagnostic[] = [];

	private readonly text: string;

	constructor(text: string) {
		this.text = text;
	}

	body(body: Body): DraftObject {
		const out: DraftObject = new Map();
		// Blocks first: an argument of the same name then replaces them, as in hcl2json.
		for (const item of body.items) {
			if (item.kind === 'Block') {
				this.block(item, out);
			}
		}

		for (const item of body.items) {
			if (item.kind === 'Attribute') {
				out.set(item.name, this.expression(item.expression));
			}
		}

		return out;
	}

	block(block: Block, out: DraftObject): void {
		const value = this.body(block.body);
		let target = out;
		let key = block.type;
		for (const label of block.labels) {
			const existing = target.get(key);
			if (existing === undefined) {
				const created: DraftObject = new Map();
				target.set(key, created);
				target = created;
			} else if (existing instanceof Map) {
				target = existing;
			} else {
				this.cannotConvert(block);
				return;
			}

			key = label;
		}

		const existing = target.get(key);
		if (existing === undefined) {
			target.set(key, [value]);
		} else if (Array.isArray(existing)) {
			existing.push(value);
		} else {
			this.cannotConvert(block);
		}
	}

	cannotConvert(block: Block): void {
		this.diagnostics.push(errorDiagnostic('Unable to convert block to JSON', `The block ${[block.type, ...block.labels].join('.')} cannot be nested with the other ${block.type} blocks: blocks of one type must all have the same number of labels to have a place in the JSON form.`, block.typeRange));
	}

	expression(expression: Expression): Draft {
		switch (expression.kind) {
			case 'Literal': {
				return literalValue(expression);
			}

			case 'UnaryOp': {
				if (expression.operand.kind !== 'Literal') {
					return this.wrap(expression);
				}

				const operand = literalValue(expression.operand);
				if (expression.operator === '-' && typeof operand === 'number') {
					return -operand;
				}

				if (expression.operator === '!' && typeof operand === 'boolean') {
					return !operand;
				}

				this.diagnostics.push(errorDiagnostic('Invalid operand', `Unsuitable value for the unary operator "${expression.operator}".`, expression.range));
				return null;
			}

			case 'Template': {
				const only = passthrough(expression);
				return only ? this.expression(only) : this.template(expression.parts);
			}

			case 'Tuple': {
				return expression.items.map(item => this.expression(item));
			}

			case 'Object': {
				const out: DraftObject = new Map();
				for (const item of expression.items) {
					out.set(this.key(item.key), this.expression(item.value));
				}

				return out;
			}

			default: {
				return this.wrap(expression);
			}
		}
	}

	key(key: Expression): string {
		if (isScopeTraversal(key)) {
			return this.source(key);
		}

		return this.stringPart(key);
	}

	template(parts: readonly TemplatePart[]): string {
		if (parts.length === 1 && parts[0]!.kind === 'TemplateLiteral') {
			return escapeTemplate(parts[0]!.value);
		}

		let result = '';
		for (const part of parts) {
			result += this.templatePart(part);
		}

		return result;
	}

	templatePart(part: TemplatePart): string {
		switch (part.kind) {
			case 'TemplateLiteral': {
				return escapeTemplate(part.value);
			}

			case 'TemplateInterpolation': {
				return this.stringPart(part.expression);
			}

			case 'TemplateIf': {
				const otherwise = part.else ? this.template(part.else) : '';
				return `%{if ${this.source(part.condition)}}${this.template(part.then)}${otherwise === '' ? '' : `%{else}${otherwise}`}%{endif}`;
			}

			case 'TemplateFor': {
				const names = part.keyVariable === undefined ? part.valueVariable : `${part.keyVariable}, ${part.valueVariable}`;
				return `%{for ${names} in ${this.source(part.collection)}}${this.template(part.body)}%{endfor}`;
			}
		}
	}

	/**
	An expression as it appears inside a template string.
	*/
	stringPart(expression: Expression): string {
		switch (expression.kind) {
			case 'Literal': {
				const {value} = expression;
				if (value.type === 'number') {
					return numberToString(value.text);
				}

				return value.type === 'bool' ? String(value.value) : 'null';
			}

			case 'Template': {
				const only = passthrough(expression);
				return only ? this.stringPart(only) : this.template(expression.parts);
			}

			case 'Conditional': {
				const falseResult = this.stringPart(expression.falseResult);
				return `%{if ${this.source(expression.condition)}}${this.stringPart(expression.trueResult)}${falseResult === '' ? '' : `%{else}${falseResult}`}%{endif}`;
			}

			default: {
				return this.wrap(expression);
			}
		}
	}

	wrap(expression: Expression): string {
		return '${' + this.source(expression) + '}';
	}

	/**
	The source text of an expression, from its offsets (its `range` would compute lines and columns only to be dropped).
	*/
	source(expression: Expression): string {
		let end = endOf(expression);
		// The converter this mimics adds a closing parenthesis that directly follows an expression.
		if (this.text.charCodeAt(end) === 41) {
			end++;
		}

		return this.text.slice(startOf(expression), end);
	}
}

function literalValue(expression: Expression & {kind: 'Literal'}): Draft {
	const {value} = expression;
	switch (value.type) {
		case 'number': {
			return Number(value.text);
		}

		case 'bool': {
			return value.value;
		}

		case 'null': {
			return null;
		}
	}
}

/**
The expression of a template that is exactly one interpolation (`"${x}"`), which stands for that expression's value.
*/
export function passthrough(template: Template): Expression | undefined {
	const [only] = template.parts;
	return template.parts.length === 1 && only?.kind === 'TemplateInterpolation' ? only.expression : undefined;
}

/**
A static traversal, as hclsyntax's ScopeTraversalExpr: a variable followed by attribute steps and indexes with constant keys.
*/
function isScopeTraversal(expression: Expression): boolean {
	switch (expression.kind) {
		case 'Variable': {
			return true;
		}

		case 'GetAttribute': {
			return isScopeTraversal(expression.object);
		}

		case 'Index': {
			const {key} = expression;
			const constant = key.kind === 'Literal' || (key.kind === 'Template' && key.parts.length === 1 && key.parts[0]!.kind === 'TemplateLiteral');
			return constant && isScopeTraversal(expression.collection);
		}

		default: {
			return false;
		}
	}
}

function escapeTemplate(value: string): string {
	if (!value.includes('{')) {
		return value;
	}

	// A function replacement: in a replacement string `$$` would mean one `$`.
	return value.replaceAll(/([$%])\{/g, (_match, sigil: string) => `${sigil}${sigil}{`);
}

/**
A number literal as a string, in plain decimal notation as cty writes it.
*/
export function numberToString(text: string): string {
	if (/^\d+$/.test(text)) {
		return text.replace(/^0+(?=\d)/, '');
	}

	const value = Number(text);
	if (Number.isFinite(value) && Math.abs(value) < 1e21) {
		const plain = String(value);
		if (!plain.includes('e')) {
			return plain;
		}

		return value.toFixed(20).replace(/\.?0+$/, '');
	}

	return String(value);
}

/**
A converted value as plain objects, keys set in the order the converter set them.
*/
function plain(value: Draft): JsonValue {
	if (typeof value !== 'object' || value === null) {
		return value;
	}

	if (Array.isArray(value)) {
		return value.map(item => plain(item));
	}

	const out = Object.create(jsonObjectPrototype) as JsonObject;
	for (const [key, item] of value) {
		out[key] = plain(item);
	}

	return out;
}

/**
Converts a parsed body to the JSON `@cdktf/hcl2json` produces for it. `text` is the source the body was parsed from.
*/
export function toHcl2Json(body: Body, text: string): Result<JsonObject> {
	const converter = new Converter(text);
	const value = converter.body(body);
	return {value: plain(value) as JsonObject, diagnostics: converter.diagnostics};
}

/**
The same conversion written as JSON text, as `@cdktf/hcl2json` prints it (Go's encoding/json: object keys sorted by their UTF-8 bytes), on one line or indented by `indent` (JSON.stringify's layout): the text `sortedJsonText(toHcl2Json(...).value, {indent})` gives, without the plain objects. The text is undefined when the conversion has errors.
*/
export function hcl2JsonText(body: Body, text: string, indent = ''): Result<string | undefined> {
	const converter = new Converter(text);
	const value = converter.body(body);
	if (converter.diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
		return {value: undefined, diagnostics: converter.diagnostics};
	}

	return {value: indent === '' ? lineText(value) : indentedText(value, indent, ''), diagnostics: converter.diagnostics};
}

function sortedKeys(object: DraftObject): string[] {
	const keys = [...object.keys()];
	return keys.length > 1 ? keys.sort(compareKeys) : keys;
}

function lineText(value: Draft): string {
	if (typeof value !== 'object' || value === null) {
		return typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value));
	}

	if (Array.isArray(value)) {
		if (value.length === 0) {
			return '[]';
		}

		let text = '[' + lineText(value[0]!);
		for (let index = 1; index < value.length; index++) {
			text += ',' + lineText(value[index]!);
		}

		return text + ']';
	}

	if (value.size === 0) {
		return '{}';
	}

	let text = '{';
	let first = true;
	for (const key of sortedKeys(value)) {
		text += (first ? '' : ',') + JSON.stringify(key) + ':' + lineText(value.get(key)!);
		first = false;
	}

	return text + '}';
}

function indentedText(value: Draft, unit: string, indentation: string): string {
	if (typeof value !== 'object' || value === null) {
		return typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value));
	}

	const inner = '\n' + indentation + unit;
	if (Array.isArray(value)) {
		if (value.length === 0) {
			return '[]';
		}

		let text = '[';
		for (let index = 0; index < value.length; index++) {
			text += (index === 0 ? '' : ',') + inner + indentedText(value[index]!, unit, indentation + unit);
		}

		return text + '\n' + indentation + ']';
	}

	if (value.size === 0) {
		return '{}';
	}

	let text = '{';
	let first = true;
	for (const key of sortedKeys(value)) {
		text += (first ? '' : ',') + inner + JSON.stringify(key) + ': ' + indentedText(value.get(key)!, unit, indentation + unit);
		first = false;
	}

	return text + '\n' + indentation + '}';
}
