import {treeSize} from './budget.js';
import {formatNumber} from './numbers.js';
import {type Type, friendlyTypeName} from './types.js';
import {type Value, hasMark} from './values.js';

/*
Values and types printed exactly as `terraform console` (1.11) prints them (its repl.FormatValue and typeexpr.TypeString), so console output can be compared byte for byte. One printer appends to one text and counts as it goes, so a bounded print stops at its limit instead of building the whole text first (a 1 Mi-node doubled object prints as 66 MB, its type as 125 MB).
*/

/**
The most text one printed value or type may take where it is printed whole for a terminal (the console's answers): 16 Mi characters, the size of the largest file tfscope reads for a function (`maximumFileSize`), so such a file's content still prints. Printing stops as it passes the limit: about half a second of CPU, never the tens of MB and seconds a value just under the deep-walk limit would take.
*/
export const maximumPrintedCharacters = 16 * 1024 * 1024;

/**
A bounded print: the text, or that it stopped at the limit.
*/
export type Printed = {readonly complete: true; readonly text: string} | {readonly complete: false; readonly limit: number};

// Thrown by the printer past its limit and caught by the exported functions: the recursion unwinds at once.
class PrintLimitReached extends Error {}
const limitReached = new PrintLimitReached('print limit reached');

class Printer {
	private text = '';
	private readonly pieces: string[] = [];
	private length = 0;
	private readonly limit: number;

	constructor(limit: number) {
		this.limit = limit;
	}

	// Throws when `size` more characters would pass the limit (a text at least that long is coming).
	expect(size: number): void {
		if (this.length + size > this.limit) {
			throw limitReached;
		}
	}

	write(text: string): void {
		this.length += text.length;
		if (this.length > this.limit) {
			throw limitReached;
		}

		this.text += text;
		// Flattened in pieces, so that the rope V8 builds for `+=` stays shallow.
		if (this.text.length > 65_536) {
			this.pieces.push(this.text);
			this.text = '';
		}
	}

	result(): string {
		return this.pieces.length === 0 ? this.text : this.pieces.join('') + this.text;
	}
}

function bounded(limit: number, print: (printer: Printer) => void): Printed {
	const printer = new Printer(limit);
	try {
		print(printer);
	} catch (error) {
		if (error === limitReached) {
			return {complete: false, limit};
		}

		throw error;
	}

	return {complete: true, text: printer.result()};
}

function whole(print: (printer: Printer) => void): string {
	const printer = new Printer(Number.POSITIVE_INFINITY);
	print(printer);
	return printer.result();
}

/**
A value as the console prints it, whole.
*/
export function formatValue(value: Value, indent = 0): string {
	return whole(printer => writeValue(printer, value, indent));
}

/**
A value as the console prints it, or that its text would pass `limit` characters (found as the printer passes it, not by building the whole text).
*/
export function printValue(value: Value, limit = maximumPrintedCharacters, indent = 0): Printed {
	return bounded(limit, printer => writeValue(printer, value, indent));
}

/**
A value as the console prints it, or past `limit` characters one line saying what it is: for places that show values among other things (the explorer's Details), where a value of tens of MB would stall every redraw.
*/
export function formatValueWithin(value: Value, limit: number): string {
	const printed = printValue(value, limit);
	return printed.complete ? printed.text : tooLargeToShow(value, limit);
}

/**
The line that stands for a value whose printed text passed `limit`.
*/
export function tooLargeToShow(value: Value, limit: number): string {
	return `(too large to show: ${valueSummary(value)}, more than ${formatCharacters(limit)} printed)`;
}

/**
A printed size for a message: `16 MiB (16,777,216 characters)`.
*/
export function formatCharacters(size: number): string {
	const mebibytes = size / (1024 * 1024);
	const kibibytes = size / 1024;
	const unit = Number.isInteger(mebibytes) ? `${mebibytes} MiB` : (Number.isInteger(kibibytes) ? `${kibibytes} KiB` : '');
	return unit === '' ? `${count(size, 'character', 'characters')}` : `${unit} (${count(size, 'character', 'characters')})`;
}

function count(size: number, one: string, many: string): string {
	return `${size.toLocaleString('en-US')} ${size === 1 ? one : many}`;
}

/**
What a value is, from what is known without printing it: its kind, its top-level size and its size counting nested values (remembered by the budget's walk).
*/
export function valueSummary(value: Value): string {
	const top = value.kind === 'object' ? `an object of ${count(value.attributes.size, 'attribute', 'attributes')}`
		: (value.kind === 'map' ? `a map of ${count(value.entries.size, 'element', 'elements')}`
			: (value.kind === 'tuple' || value.kind === 'list' || value.kind === 'set' ? `a ${value.kind} of ${count(value.elements.length, 'element', 'elements')}`
				: (value.kind === 'string' ? `a string of ${count(value.value.length, 'character', 'characters')}` : `a ${value.kind}`)));
	const nodes = treeSize(value);
	return nodes > 1 ? `${top}, ${count(nodes, 'element and attribute', 'elements and attributes')} counting nested ones` : top;
}

/**
What a type is, from its top level.
*/
export function typeSummary(type: Type): string {
	return type.kind === 'object' ? `an object type of ${count(Object.keys(type.attributes).length, 'attribute', 'attributes')}`
		: (type.kind === 'tuple' ? `a tuple type of ${count(type.elements.length, 'element', 'elements')}` : friendlyTypeName(type));
}

const paddings: string[] = [];

function padding(width: number): string {
	return paddings[width] ??= ' '.repeat(width);
}

function writeValue(printer: Printer, value: Value, indent: number): void {
	if (value.kind === 'unknown') {
		printer.write('(known after apply)');
		return;
	}

	if (hasMark(value, 'sensitive')) {
		printer.write('(sensitive value)');
		return;
	}

	if (hasMark(value, 'ephemeral')) {
		printer.write('(ephemeral value)');
		return;
	}

	if (hasMark(value, 'assumed')) {
		// Not something terraform console can print: a value tfscope was told to assume says so, after it.
		const {marks, ...bare} = value;
		const rest = new Set([...marks!].filter(mark => mark !== 'assumed'));
		writeValue(printer, (rest.size > 0 ? {...bare, marks: rest} : bare) as Value, indent);
		printer.write(' (assumed)');
		return;
	}

	switch (value.kind) {
		case 'null': {
			printer.write(formatNull(value.type));
			return;
		}

		case 'string': {
			writeString(printer, value.value, indent);
			return;
		}

		case 'number': {
			printer.write(formatNumber(value.value, value.precision));
			return;
		}

		case 'bool': {
			printer.write(value.value ? 'true' : 'false');
			return;
		}

		case 'tuple': {
			writeSequence(printer, value.elements, indent);
			return;
		}

		case 'list':
		case 'set': {
			printer.write(value.kind === 'list' ? 'tolist(' : 'toset(');
			writeSequence(printer, value.elements, indent);
			printer.write(')');
			return;
		}

		case 'object': {
			const names = [...value.attributes.keys()].sort((a, b) => (a < b ? -1 : (a > b ? 1 : 0)));
			writeMapping(printer, names.map(name => [name, value.attributes.get(name)!]), indent);
			return;
		}

		case 'map': {
			printer.write('tomap(');
			writeMapping(printer, [...value.entries], indent);
			printer.write(')');
		}
	}
}

function formatNull(type: Type): string {
	switch (type.kind) {
		case 'dynamic': {
			return 'null';
		}

		case 'string': {
			return 'tostring(null)';
		}

		case 'number': {
			return 'tonumber(null)';
		}

		case 'bool': {
			return 'tobool(null)';
		}

		case 'list':
		case 'set':
		case 'map': {
			return `to${type.kind}(null) /* of ${friendlyTypeName(type.element)} */`;
		}

		default: {
			return `null /* ${friendlyTypeName(type)} */`;
		}
	}
}

function writeString(printer: Printer, text: string, indent: number): void {
	if (!text.includes('\n')) {
		writeQuoted(printer, text);
		return;
	}

	// Printed, a string is at least as long as it is: one past the limit is not split into its lines first.
	printer.expect(text.length);
	const lines = text.split('\n');
	const operator = indent > 0 ? '<<-' : '<<';
	let delimiter = 'EOT';
	while (lines.some(line => line.trim() === delimiter)) {
		delimiter += '_';
	}

	const pad = padding(indent);
	printer.write(operator + delimiter);
	for (const line of lines) {
		printer.write(`\n${pad}${line}`);
	}

	printer.write(`\n${pad}${delimiter}`);
}

function writeSequence(printer: Printer, elements: readonly Value[], indent: number): void {
	if (elements.length === 0) {
		printer.write('[]');
		return;
	}

	const inner = indent + 2;
	const pad = `\n${padding(inner)}`;
	printer.write('[');
	for (const element of elements) {
		printer.write(pad);
		writeValue(printer, element, inner);
		printer.write(',');
	}

	printer.write(`\n${padding(indent)}]`);
}

function writeMapping(printer: Printer, entries: ReadonlyArray<readonly [string, Value]>, indent: number): void {
	if (entries.length === 0) {
		printer.write('{}');
		return;
	}

	const inner = indent + 2;
	const pad = `\n${padding(inner)}`;
	printer.write('{');
	for (const [key, element] of entries) {
		printer.write(pad);
		writeString(printer, key, inner);
		printer.write(' = ');
		writeValue(printer, element, inner);
	}

	printer.write(`\n${padding(indent)}}`);
}

const simpleEscapes: Readonly<Record<string, string>> = {
	'\u0007': String.raw`\a`,
	'\b': String.raw`\b`,
	'\f': String.raw`\f`,
	'\n': String.raw`\n`,
	'\r': String.raw`\r`,
	'\t': String.raw`\t`,
	'\v': String.raw`\v`,
	'\\': '\\\\',
	'"': '\\"',
};

// Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. What is not, and `"` and `\`, is escaped.
const escaped = /[^\p{L}\p{M}\p{N}\p{P}\p{S} ]|["\\]/gu;
const unprintable = /[^\p{L}\p{M}\p{N}\p{P}\p{S} ]/u;

/**
A string as Go's strconv.Quote writes it.
*/
export function quoteString(text: string): string {
	return whole(printer => writeQuoted(printer, text));
}

// The runs between characters to escape are copied whole, and a long string goes to the printer in parts, so a bounded print stops near its limit.
function writeQuoted(printer: Printer, text: string): void {
	// Quoted, a string is at least as long as it is.
	printer.expect(text.length + 2);
	if (!unprintable.test(text)) {
		// Only quotes and backslashes to escape, as in JSON text; split and join are the fastest here (a 10 MB jsonencode result: 3.7-4.8 s a character at a time, 2.9 s with replaceAll, 1.4 s).
		printer.write(`"${text.split('\\').join('\\\\').split('"').join(String.raw`\"`)}"`);
		return;
	}

	let result = '"';
	let from = 0;
	escaped.lastIndex = 0;
	for (let match = escaped.exec(text); match !== null; match = escaped.exec(text)) {
		const character = match[0];
		result += text.slice(from, match.index) + escape(character);
		from = match.index + character.length;
		if (result.length >= 65_536) {
			printer.write(result);
			result = '';
		}
	}

	printer.write(`${result}${text.slice(from)}"`);
}

function escape(character: string): string {
	const simple = simpleEscapes[character];
	if (simple) {
		return simple;
	}

	const code = character.codePointAt(0)!;
	if (code < 0x20 || code === 0x7F) {
		return `\\x${code.toString(16).padStart(2, '0')}`;
	}

	return code < 0x1_00_00 ? `\\u${code.toString(16).padStart(4, '0')}` : `\\U${code.toString(16).padStart(8, '0')}`;
}

/**
A type as `type()` prints it in the console, whole.
*/
export function formatType(type: Type, indent = 0): string {
	return whole(printer => writeType(printer, type, indent));
}

/**
A type as `type()` prints it, or that its text would pass `limit` characters.
*/
export function printType(type: Type, limit = maximumPrintedCharacters): Printed {
	return bounded(limit, printer => writeType(printer, type, 0));
}

function writeType(printer: Printer, type: Type, indent: number): void {
	switch (type.kind) {
		case 'string':
		case 'number':
		case 'bool':
		case 'dynamic': {
			printer.write(type.kind);
			return;
		}

		case 'list':
		case 'set':
		case 'map': {
			const element = type.element;
			printer.write(`${type.kind}(`);
			if (element.kind !== 'object' && element.kind !== 'tuple') {
				// Primitives and collections nest on one line: `list(list(string))`.
				writeType(printer, element, indent);
				printer.write(')');
				return;
			}

			printer.write(`\n${padding(indent + 4)}`);
			writeType(printer, element, indent + 4);
			printer.write(`,\n${padding(indent)})`);
			return;
		}

		case 'tuple': {
			if (type.elements.length === 0) {
				printer.write('tuple([])');
				return;
			}

			printer.write('tuple([\n');
			for (const element of type.elements) {
				printer.write(padding(indent + 4));
				writeType(printer, element, indent + 4);
				printer.write(',\n');
			}

			printer.write(`${padding(indent)}])`);
			return;
		}

		case 'object': {
			const names = Object.keys(type.attributes).sort();
			if (names.length === 0) {
				printer.write('object({})');
				return;
			}

			printer.write('object({\n');
			for (const name of names) {
				printer.write(`${padding(indent + 4)}${name}: `);
				writeType(printer, type.attributes[name]!, indent + 4);
				printer.write(',\n');
			}

			printer.write(`${padding(indent)}})`);
		}
	}
}
