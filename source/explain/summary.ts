import {formatValue, printValue} from '../lang/format-value.js';
import {type Value, hasMark, unmark} from '../lang/values.js';

/*
A value on one line for a trace step: the console's own text (format-value.ts, the one console formatter) when it fits, otherwise its shape: how many elements or attributes, the first names, a string cut short.
*/

export function summarizeValue(value: Value, width = 60): string {
	const [bare] = unmark(value);
	const plain = !hasMark(value, 'sensitive') && !hasMark(value, 'ephemeral') && bare.kind !== 'unknown' && bare.kind !== 'null';
	// A collection of more elements than the width has no text that fits (each element takes a character at least): its shape, without printing the whole of it first (a million pairs of setproduct took 10 s and most of a gigabyte). Nor is a value printed past the width: an object of two attributes can hold a million nodes (`why` on 2^19 doubled objects printed 130 MB for 5 KB of trace, 31 s of CPU and 1 GB).
	const printed = plain && size(bare) <= width ? printValue(value, width) : undefined;
	const text = plain ? (printed?.complete ? printed.text : undefined) : formatValue(value);
	if (text !== undefined && !text.includes('\n') && text.length <= width) {
		return text;
	}

	if (!plain) {
		return text!;
	}

	switch (bare.kind) {
		case 'string': {
			// Escaping only lengthens text, so the first 2 x width characters hold all of the line that is shown.
			const line = formatValue({kind: 'string', value: bare.value.slice(0, width * 2).replaceAll('\n', '\\n')});
			return line.length <= width && bare.value.length <= width * 2 ? line : `${line.slice(0, Math.max(8, width - 12))}…" (${codePoints(bare.value)} characters)`;
		}

		case 'tuple':
		case 'list':
		case 'set': {
			const count = bare.elements.length;
			const wrap = bare.kind === 'tuple' ? ['[', ']'] : [`to${bare.kind}([`, '])'];
			return `${wrap[0]}…${wrap[1]} (${count} element${count === 1 ? '' : 's'})`;
		}

		case 'object':
		case 'map': {
			const names = [...(bare.kind === 'object' ? bare.attributes.keys() : bare.entries.keys())].sort();
			const shown: string[] = [];
			let length = 0;
			for (const name of names) {
				if (length + name.length > width - 24) {
					break;
				}

				shown.push(name);
				length += name.length + 2;
			}

			// When not even the first name fits (`/providers/Microsoft.Management/...` keys), the count alone.
			const more = shown.length === 0 && names.length > 0 ? `… ${names.length} keys` : (shown.length < names.length ? `, … ${names.length - shown.length} more` : '');
			const list = `{${shown.join(', ')}${more}}`;
			return bare.kind === 'map' ? `tomap(${list})` : list;
		}

		default: {
			return (text ?? formatValue(value)).split('\n')[0]!;
		}
	}
}

function size(value: Value): number {
	switch (value.kind) {
		case 'list':
		case 'set':
		case 'tuple': {
			return value.elements.length;
		}

		case 'map': {
			return value.entries.size;
		}

		case 'object': {
			return value.attributes.size;
		}

		default: {
			return 0;
		}
	}
}

// Characters as a reader counts them (code points), without splitting a string of millions into an array.
function codePoints(text: string): number {
	return text.length - (text.match(/[\ud800-\udbff][\udc00-\udfff]/g)?.length ?? 0);
}
