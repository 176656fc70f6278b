import {formatNumber} from './numbers.js';
import {type Type, friendlyTypeName} from './types.js';
import {type Value, hasMark} from './values.js';

/*
Values and types printed exactly as `terraform console` (1.11) prints them (its repl.FormatValue and typeexpr.TypeString), so console output can be compared byte for byte.
*/

export function formatValue(value: Value, indent = 0): string {
	if (value.kind === 'unknown') {
		return '(known after apply)';
	}

	if (hasMark(value, 'sensitive')) {
		return '(sensitive value)';
	}

	if (hasMark(value, 'ephemeral')) {
		return '(ephemeral value)';
	}

	if (hasMark(value, 'assumed')) {
		// Not something terraform console can print: a value tfscope was told to assume says so, after it.
		const {marks, ...bare} = value;
		const rest = new Set([...marks!].filter(mark => mark !== 'assumed'));
		return `${formatValue((rest.size > 0 ? {...bare, marks: rest} : bare) as Value, indent)} (assumed)`;
	}

	switch (value.kind) {
		case 'null': {
			return formatNull(value.type);
		}

		case 'string': {
			return formatString(value.value, indent);
		}

		case 'number': {
			return formatNumber(value.value, value.precision);
		}

		case 'bool': {
			return value.value ? 'true' : 'false';
		}

		case 'tuple': {
			return formatSequence(value.elements, indent);
		}

		case 'list': {
			return `tolist(${formatSequence(value.elements, indent)})`;
		}

		case 'set': {
			return `toset(${formatSequence(value.elements, indent)})`;
		}

		case 'object': {
			const names = [...value.attributes.keys()].sort((a, b) => (a < b ? -1 : (a > b ? 1 : 0)));
			return formatMapping(names.map(name => [name, value.attributes.get(name)!]), indent);
		}

		case 'map': {
			return `tomap(${formatMapping([...value.entries], indent)})`;
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

function formatString(text: string, indent: number): string {
	const lines = text.split('\n');
	if (lines.length < 2) {
		return quoteString(text);
	}

	const operator = indent > 0 ? '<<-' : '<<';
	let delimiter = 'EOT';
	while (lines.some(line => line.trim() === delimiter)) {
		delimiter += '_';
	}

	const padding = ' '.repeat(indent);
	return `${operator}${delimiter}${lines.map(line => `\n${padding}${line}`).join('')}\n${padding}${delimiter}`;
}

function formatSequence(elements: readonly Value[], indent: number): string {
	if (elements.length === 0) {
		return '[]';
	}

	const inner = indent + 2;
	const padding = ' '.repeat(inner);
	return `[${elements.map(element => `\n${padding}${formatValue(element, inner)},`).join('')}\n${' '.repeat(indent)}]`;
}

function formatMapping(entries: ReadonlyArray<readonly [string, Value]>, indent: number): string {
	if (entries.length === 0) {
		return '{}';
	}

	const inner = indent + 2;
	const padding = ' '.repeat(inner);
	return `{${entries.map(([key, element]) => `\n${padding}${formatString(key, inner)} = ${formatValue(element, inner)}`).join('')}\n${' '.repeat(indent)}}`;
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

// Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space.
const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/**
A string as Go's strconv.Quote writes it.
*/
export function quoteString(text: string): string {
	let result = '"';
	for (const character of text) {
		const simple = simpleEscapes[character];
		if (simple) {
			result += simple;
			continue;
		}

		if (printable.test(character)) {
			result += character;
			continue;
		}

		const code = character.codePointAt(0)!;
		if (code < 0x20 || code === 0x7F) {
			result += `\\x${code.toString(16).padStart(2, '0')}`;
		} else if (code < 0x1_00_00) {
			result += `\\u${code.toString(16).padStart(4, '0')}`;
		} else {
			result += `\\U${code.toString(16).padStart(8, '0')}`;
		}
	}

	return `${result}"`;
}

/**
A type as `type()` prints it in the console.
*/
export function formatType(type: Type, indent = 0): string {
	const inner = ' '.repeat(indent + 4);
	const close = ' '.repeat(indent);
	switch (type.kind) {
		case 'string':
		case 'number':
		case 'bool':
		case 'dynamic': {
			return type.kind;
		}

		case 'list':
		case 'set':
		case 'map': {
			const element = type.element;
			if (element.kind !== 'object' && element.kind !== 'tuple') {
				// Primitives and collections nest on one line: `list(list(string))`.
				return `${type.kind}(${formatType(element, indent)})`;
			}

			return `${type.kind}(\n${inner}${formatType(element, indent + 4)},\n${close})`;
		}

		case 'tuple': {
			if (type.elements.length === 0) {
				return 'tuple([])';
			}

			return `tuple([\n${type.elements.map(element => `${inner}${formatType(element, indent + 4)},\n`).join('')}${close}])`;
		}

		case 'object': {
			const names = Object.keys(type.attributes).sort();
			if (names.length === 0) {
				return 'object({})';
			}

			return `object({\n${names.map(name => `${inner}${name}: ${formatType(type.attributes[name]!, indent + 4)},\n`).join('')}${close}})`;
		}
	}
}
