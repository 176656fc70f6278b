import {refinedUnknown, safeKnownPrefix} from '../refinements.js';
import {
	type FunctionSpec, FunctionError, defineFunction, staticReturnType,
} from '../function.js';
import {convert} from '../convert.js';
import {
	type Type, boolType, dynamicType, listType, numberType, stringType,
} from '../types.js';
import {
	type NumericValue, type Value, Numeric, boolValue, isWhollyKnown, listValue, stringValue, typeOf, unknownValue,
} from '../values.js';
import {encodeJson, jsonQuote} from './encoding.js';
import {compilePattern, countMatches, expandReplacement, findAll} from './regex.js';
import type {UnicodeClassNames} from './unicode-classes.js';
import {
	elementsOf, graphemes, integerOf, knownLength, numberOf, numberText, stringOf,
} from './support.js';
import {checkElementCount, checkStringLength, maximumCollectionElements} from './limits.js';

/*
String functions. Lengths and offsets count grapheme clusters as Terraform does; case mapping is per code point as Go's (so `upper("ß")` stays `ß`); `format` implements cty's verbs on top of Go's fmt rules.
*/

function stringFunction(name: string, description: string, operation: (text: string) => string): FunctionSpec {
	return defineFunction({
		name,
		description,
		parameters: [{name: 'str', type: stringType}],
		returnType: staticReturnType(stringType),
		impl: ([text]) => stringValue(operation(stringOf(text!))),
	});
}

/**
Go's unicode.ToUpper/ToLower: each code point on its own (no context, as JavaScript's final-sigma rule), a mapping to more than one code point left as it is. ASCII runs are mapped whole (no ASCII letter has a context rule or an expansion), the rest a code point at a time with each distinct one mapped once: a 10 MB string took 4-20 s a code point at a time.
*/
function mapCodePoints(text: string, mapping: (character: string) => string): string {
	const mapped = new Map<string, string>();
	const one = (character: string) => {
		let result = mapped.get(character);
		if (result === undefined) {
			const candidate = mapping(character);
			result = [...candidate].length === 1 ? candidate : character;
			mapped.set(character, result);
		}

		return result;
	};

	// eslint-disable-next-line no-control-regex
	return text.replaceAll(/[\u0000-\u007F]+|[^\u0000-\u007F]+/gu, run => run.charCodeAt(0) < 0x80 ? mapping(run) : run.replaceAll(/./gsu, one));
}

export const chomp = stringFunction('chomp', 'Removes newline characters at the end of a string.', text => text.replace(/(?:\r\n?|\n)*$/, ''));
export const lower = stringFunction('lower', 'Converts all cased letters in the given string to lowercase.', text => mapCodePoints(text, character => character.toLowerCase()));
export const upper = stringFunction('upper', 'Converts all cased letters in the given string to uppercase.', text => mapCodePoints(text, character => character.toUpperCase()));
export const strrev = stringFunction('strrev', 'Reverses the characters in a string.', text => graphemes(text).reverse().join(''));

// Go's strings.Title: a letter after a separator (anything but letters, digits, marks and `_`) is upper-cased.
function isTitleSeparator(character: string | undefined): boolean {
	if (character === undefined) {
		return true;
	}

	if (/^[\p{L}\p{Nd}\p{M}_]$/u.test(character)) {
		return false;
	}

	if (character.codePointAt(0)! < 0x80) {
		return true;
	}

	return /^\s$/u.test(character);
}

export const title = stringFunction('title', 'Converts the first letter of each word in the given string to uppercase.', text => {
	let previous: string | undefined;
	let result = '';
	for (const character of text) {
		result += isTitleSeparator(previous) ? mapCodePoints(character, inner => inner.toUpperCase()) : character;
		previous = character;
	}

	return result;
});

const goSpace = /^[\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+|[\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+$/g;
export const trimspace = stringFunction('trimspace', 'Removes any space characters from the start and end of the given string.', text => text.replaceAll(goSpace, ''));

function twoStrings(name: string, description: string, second: string, operation: (text: string, other: string) => Value): FunctionSpec {
	return defineFunction({
		name,
		description,
		parameters: [{name: 'str', type: stringType}, {name: second, type: stringType}],
		returnType: staticReturnType(name.startsWith('trim') ? stringType : boolType),
		impl: ([text, other]) => operation(stringOf(text!), stringOf(other!)),
	});
}

export const endswith = twoStrings('endswith', 'Determines if the input string ends with the suffix.', 'suffix', (text, suffix) => boolValue(text.endsWith(suffix)));
export const startswith = defineFunction({
	name: 'startswith',
	description: 'Determines if the input string starts with the prefix.',
	parameters: [{name: 'str', type: stringType, allowUnknown: true}, {name: 'prefix', type: stringType}],
	returnType: staticReturnType(boolType),
	impl([text, prefix]) {
		const wanted = stringOf(prefix!);
		if (text!.kind === 'unknown') {
			// What is known of the string's start may already answer (refinements.ts).
			const known = text!.refinement?.prefix ?? '';
			if (wanted === '' || (known !== '' && known.startsWith(wanted))) {
				return boolValue(true);
			}

			return known !== '' && utf8Length(known) >= utf8Length(wanted) ? boolValue(false) : unknownValue(boolType);
		}

		return boolValue(stringOf(text!).startsWith(wanted));
	},
});

function utf8Length(text: string): number {
	return Buffer.byteLength(text, 'utf8');
}
export const strcontains = twoStrings('strcontains', 'Determines if the input string contains the substring.', 'substr', (text, part) => boolValue(text.includes(part)));
export const trimprefix = twoStrings('trimprefix', 'Removes the specified prefix from the start of the given string.', 'prefix', (text, prefix) => stringValue(text.startsWith(prefix) ? text.slice(prefix.length) : text));
export const trimsuffix = twoStrings('trimsuffix', 'Removes the specified suffix from the end of the given string.', 'suffix', (text, suffix) => stringValue(suffix !== '' && text.endsWith(suffix) ? text.slice(0, -suffix.length) : text));
export const trim = twoStrings('trim', 'Removes the specified set of characters from the start and end of the given string.', 'cutset', (text, cutset) => {
	const cut = new Set(cutset);
	const characters = [...text];
	let start = 0;
	let end = characters.length;
	while (start < end && cut.has(characters[start]!)) {
		start++;
	}

	while (end > start && cut.has(characters[end - 1]!)) {
		end--;
	}

	return stringValue(characters.slice(start, end).join(''));
});

export const indent = defineFunction({
	name: 'indent',
	description: 'Adds a given number of spaces to the beginnings of all but the first line in a given multi-line string.',
	parameters: [{name: 'spaces', type: numberType}, {name: 'str', type: stringType}],
	returnType: staticReturnType(stringType),
	impl([spaces, text]) {
		const count = Math.max(0, integerOf(spaces!, undefined));
		const source = stringOf(text!);
		let lines = 0;
		for (let position = source.indexOf('\n'); position !== -1; position = source.indexOf('\n', position + 1)) {
			lines++;
		}

		// No line to indent: the text as it is (Terraform builds the padding first, 1 GB for indent(999999999, "a"), and uses none of it).
		if (lines === 0) {
			return text!;
		}

		checkStringLength(source.length + (lines * count));
		return stringValue(source.replaceAll('\n', `\n${' '.repeat(count)}`));
	},
});

export const join = defineFunction({
	name: 'join',
	description: 'Concatenates together the string elements of one or more lists with a given separator.',
	parameters: [{name: 'separator', type: stringType}],
	variadic: {name: 'lists', type: listType(stringType)},
	returnType(types) {
		if (types.length < 2) {
			throw new FunctionError('at least one list is required');
		}

		return stringType;
	},
	impl([separator, ...lists]) {
		const parts: string[] = [];
		const separatorText = stringOf(separator!);
		let length = 0;
		for (const [listIndex, list] of lists.entries()) {
			for (const [elementIndex, element] of elementsOf(list).entries()) {
				if (element.kind !== 'string') {
					if (lists.length > 1) {
						throw new FunctionError(`element ${elementIndex} of list ${listIndex + 1} is null; cannot concatenate null values`);
					}

					throw new FunctionError(`element ${elementIndex} is null; cannot concatenate null values`, listIndex + 1);
				}

				parts.push(element.value);
				length += element.value.length + (parts.length > 1 ? separatorText.length : 0);
			}
		}

		checkStringLength(length);
		return stringValue(parts.join(separatorText));
	},
});

function replaceFunction(classNames: UnicodeClassNames): FunctionSpec {
	return defineFunction({
		name: 'replace',
		description: 'Searches a given string for another given substring, and replaces each occurrence with a given replacement string.',
		parameters: [{name: 'str', type: stringType}, {name: 'substr', type: stringType}, {name: 'replace', type: stringType}],
		returnType: staticReturnType(stringType),
		impl([text, search, replacement]) {
			const source = stringOf(text!);
			const pattern = stringOf(search!);
			const replaceWith = stringOf(replacement!);
			if (pattern.length > 1 && pattern.startsWith('/') && pattern.endsWith('/')) {
				const compiled = compilePattern(pattern.slice(1, -1), (_code, _expression, full) => {
					throw new FunctionError(full);
				}, classNames);
				// Pieces joined once at the end, the length checked as they come (each replacement may differ, through its groups). The matches are bounded as regexall's are: a pattern matching every character of a 10 MB string made 10 million replacements (past 30 s of CPU at 1.6 GB).
				const pieces: string[] = [];
				let length = 0;
				let last = 0;
				// Counted first, without building any match (each match built holds its groups: ten million of them ran out of a 4 GB heap).
				if (countMatches(compiled, source, maximumCollectionElements + 1) > maximumCollectionElements) {
					throw new FunctionError(`the pattern matches more than ${maximumCollectionElements} times in the string, tfscope's limit for one replace (maximumCollectionElements, as for regexall)`);
				}

				for (const match of findAll(compiled, source)) {

					const gap = source.slice(last, match.start);
					const expanded = expandReplacement(replaceWith, compiled, match);
					length += gap.length + expanded.length;
					checkStringLength(length + source.length - match.end);
					pieces.push(gap, expanded);
					last = match.end;
				}

				pieces.push(source.slice(last));
				return stringValue(pieces.join(''));
			}

			if (pattern === '') {
				const characters = [...source];
				checkStringLength(source.length + ((characters.length + 1) * replaceWith.length));
				return stringValue(replaceWith + characters.map(character => character + replaceWith).join(''));
			}

			const pieces = source.split(pattern);
			checkStringLength(source.length + ((pieces.length - 1) * (replaceWith.length - pattern.length)));
			return stringValue(pieces.join(replaceWith));
		},
	});
}

export const replace = replaceFunction('go1.23');

/**
OpenTofu's `replace`: a `/pattern/` takes Go 1.25's `\p{...}` class names (see unicode-classes.ts).
*/
export const openTofuReplace = replaceFunction('go1.25');

export const split = defineFunction({
	name: 'split',
	description: 'Produces a list by dividing a given string at all occurrences of a given separator.',
	parameters: [{name: 'separator', type: stringType}, {name: 'str', type: stringType}],
	returnType: staticReturnType(listType(stringType)),
	impl([separator, text]) {
		const source = stringOf(text!);
		const by = stringOf(separator!);
		// Checked before building: an empty separator gives one element per character, so a 10 MB string would be 10 million values.
		if (by === '') {
			checkElementCount(source.length);
		} else if (source.length / by.length > maximumCollectionElements) {
			let count = 1;
			for (let at = source.indexOf(by); at !== -1 && count <= maximumCollectionElements; at = source.indexOf(by, at + by.length)) {
				count++;
			}

			checkElementCount(count);
		}

		const parts = by === '' ? [...source] : source.split(by);
		return listValue(stringType, parts.map(part => stringValue(part)));
	},
});

export const substr = defineFunction({
	name: 'substr',
	description: 'Extracts a substring from a given string by offset and (maximum) length.',
	parameters: [{name: 'str', type: stringType}, {name: 'offset', type: numberType}, {name: 'length', type: numberType}],
	returnType: staticReturnType(stringType),
	impl([text, offsetValue, lengthValue]) {
		const characters = graphemes(stringOf(text!));
		let offset = integerOf(offsetValue!, undefined);
		const length = integerOf(lengthValue!, undefined);
		if (offset < 0) {
			offset = Math.max(0, characters.length + offset);
		}

		if (offset > characters.length) {
			return stringValue('');
		}

		const end = length < 0 ? characters.length : Math.min(characters.length, offset + length);
		return stringValue(characters.slice(offset, end).join(''));
	},
});

/* `format` and `formatlist` */

type Verb = {
	readonly flags: string;
	readonly width?: number;
	readonly precision?: number;
	readonly verb: string;
	readonly argumentNumber: number;
	readonly start: number;
	readonly text: string;
};

type Piece = string | Verb;

/**
A parsed format string, and how many arguments its verbs use.
*/
type ParsedFormat = {readonly pieces: readonly Piece[]; readonly used: number};

/**
Format strings parsed so far: a configuration has a few, and `format("%s-%02d", var.name, count.index)` is called for every instance. Only formats that parse are kept (an error is thrown again, with its message, each time); emptied when it grows past `parsedFormatLimit`, so that formats built from values cannot fill it.
*/
const parsedFormats = new Map<string, ParsedFormat>();
const parsedFormatLimit = 1024;

function parsedFormat(format: string): ParsedFormat {
	let parsed = parsedFormats.get(format);
	if (parsed === undefined) {
		const pieces = parseFormat(format);
		parsed = {pieces, used: Math.max(0, ...pieces.map(piece => typeof piece === 'string' ? 0 : piece.argumentNumber + 1))};
		if (parsedFormats.size >= parsedFormatLimit) {
			parsedFormats.clear();
		}

		parsedFormats.set(format, parsed);
	}

	return parsed;
}

function parseFormat(format: string): Piece[] {
	const pieces: Piece[] = [];
	let literal = '';
	let nextArgument = 0;
	let index = 0;
	while (index < format.length) {
		const character = format[index]!;
		if (character !== '%') {
			literal += character;
			index++;
			continue;
		}

		const start = index;
		index++;
		if (format[index] === '%') {
			literal += '%';
			index++;
			continue;
		}

		let flags = '';
		while (index < format.length && '+- #0'.includes(format[index]!)) {
			flags += format[index];
			index++;
		}

		let width: number | undefined;
		const widthMatch = /^\d+/.exec(format.slice(index));
		if (widthMatch) {
			width = Number(widthMatch[0]);
			index += widthMatch[0].length;
		}

		let precision: number | undefined;
		if (format[index] === '.') {
			index++;
			const precisionMatch = /^\d*/.exec(format.slice(index))!;
			precision = precisionMatch[0] === '' ? 0 : Number(precisionMatch[0]);
			index += precisionMatch[0].length;
			// A precision pads digits (or fraction digits) to that many: cap it before any padding is built.
			checkStringLength(precision);
		}

		// cty reads an explicit argument index after the width and precision, right before the verb: `%5[1]s`, not `%[1]5s`.
		let argumentNumber = nextArgument;
		if (format[index] === '[') {
			const close = format.indexOf(']', index);
			const number = close === -1 ? Number.NaN : Number(format.slice(index + 1, close));
			if (!Number.isInteger(number) || number < 1) {
				throw new FunctionError(`unrecognized format character '${format[index + 1] ?? '['}' at offset ${index + 1}`);
			}

			argumentNumber = number - 1;
			index = close + 1;
		}

		const verb = [...format.slice(index)][0];
		if (verb === undefined) {
			throw new FunctionError(`invalid format string starting at offset ${index}`);
		}

		if (!/^[a-zA-Z]$/.test(verb)) {
			throw new FunctionError(`unrecognized format character '${verb}' at offset ${index}`);
		}

		index += verb.length;
		if (literal !== '') {
			pieces.push(literal);
			literal = '';
		}

		pieces.push({
			flags, width, precision, verb, argumentNumber, start, text: format.slice(start, index),
		});
		nextArgument = argumentNumber + 1;
	}

	if (literal !== '') {
		pieces.push(literal);
	}

	return pieces;
}

/*
How a verb fills its width, as terraform console shows it:
- 'number': Go's integer rules: zeros after the sign, none with `-` (which pads with spaces on the right);
- 'float': Go's float rules: with `0`, zeros after the sign even when `-` is given too (`%-08.2f` of -3.14159 is "-0003.14");
- 'text' (`%s`, `%q`, `%v`): the fill character is `0` with the `0` flag and a space otherwise, on the right with `-`, regardless of any sign (`%05v` of -3 is "000-3", `%-05s` of "ab" is "ab000").
*/
type Fill = 'number' | 'float' | 'text';

function pad(text: string, verb: Verb, fill: Fill, allowZero = true): string {
	// Counted only for a verb with a width (most have none), and without an array of the characters.
	if (verb.width === undefined) {
		return text;
	}

	const length = codePointLength(text);
	if (length >= verb.width) {
		return text;
	}

	checkStringLength(text.length + verb.width - length);

	const count = verb.width - length;
	const zero = allowZero && verb.flags.includes('0');
	if (fill === 'text') {
		const character = zero ? '0' : ' ';
		return verb.flags.includes('-') ? text + character.repeat(count) : character.repeat(count) + text;
	}

	if (zero && (fill === 'float' || !verb.flags.includes('-'))) {
		const sign = /^[+\- ]/.test(text) ? text[0]! : '';
		return sign + '0'.repeat(count) + text.slice(sign.length);
	}

	return verb.flags.includes('-') ? text + ' '.repeat(count) : ' '.repeat(count) + text;
}

/**
How many code points a string has (`[...text].length`): its UTF-16 units less one per surrogate pair.
*/
function codePointLength(text: string): number {
	let length = text.length;
	for (let index = 0; index < text.length - 1; index++) {
		const code = text.charCodeAt(index);
		if (code >= 0xD8_00 && code <= 0xDB_FF) {
			const next = text.charCodeAt(index + 1);
			if (next >= 0xDC_00 && next <= 0xDF_FF) {
				length--;
				index++;
			}
		}
	}

	return length;
}

function withSign(text: string, negative: boolean, verb: Verb): string {
	if (negative) {
		return `-${text}`;
	}

	if (verb.flags.includes('+')) {
		return `+${text}`;
	}

	return verb.flags.includes(' ') ? ` ${text}` : text;
}

function goExponent(number: NumericValue, precision: number, upper: boolean): string {
	const [mantissa, power] = number.abs().toExponential(precision).split('e');
	const exponentNumber = Number(power);
	const exponent = `${exponentNumber < 0 ? '-' : '+'}${String(Math.abs(exponentNumber)).padStart(2, '0')}`;
	return `${mantissa}${upper ? 'E' : 'e'}${exponent}`;
}

// Go's %g: shortest digits (or `precision` significant ones), in %e form when the exponent is below -4 or at least the precision (6 when shortest).
function goGeneral(number: NumericValue, precision: number | undefined, upper: boolean): string {
	const absolute = number.abs();
	if (absolute.isZero()) {
		return '0';
	}

	const shortest = precision === undefined;
	const digits = shortest ? new Numeric(numberText(absolute)) : new Numeric(absolute.toPrecision(Math.max(precision, 1)));
	const significant = digits.toExponential().split('e')[0]!.replace('.', '').replace(/0+$/, '').length || 1;
	const exponent = digits.e;
	let exponentLimit = shortest ? 6 : Math.max(precision, 1);
	if (!shortest && exponentLimit > significant && significant >= exponent + 1) {
		exponentLimit = significant;
	}

	if (exponent < -4 || exponent >= exponentLimit) {
		return goExponent(digits, Math.max(significant - 1, 0), upper);
	}

	return digits.toFixed();
}

function convertFor(verb: Verb, value: Value, type: Type): Value {
	const result = convert(value, type);
	if (!result.ok) {
		throw new FunctionError({prefix: `unsupported value for "${verb.text}" at ${verb.start}: `, failure: result});
	}

	return result.value;
}

function formatVerb(verb: Verb, value: Value): string {
	if (value.kind === 'null') {
		if (verb.verb === 'v' && !verb.flags.includes('#')) {
			return pad('null', verb, 'text');
		}

		throw new FunctionError(`unsupported value for "${verb.text}" at ${verb.start}: null value cannot be formatted`);
	}

	switch (verb.verb) {
		case 'v': {
			if (verb.flags.includes('#')) {
				return pad(encodeJson(value), verb, 'text');
			}

			switch (value.kind) {
				case 'string': {
					return pad(value.value, verb, 'text');
				}

				case 'number': {
					// %v of a number is Go's %g of the big.Float (1e+06, 1.2345678e+07, -0), padded as text: `+` and ` ` do not apply.
					const text = goGeneral(value.value, undefined, false);
					return pad(value.value.isNegative() ? `-${text}` : text, verb, 'text');
				}

				case 'bool': {
					return pad(value.value ? 'true' : 'false', verb, 'text');
				}

				default: {
					return pad(encodeJson(value), verb, 'text');
				}
			}
		}

		case 't': {
			const converted = convertFor(verb, value, boolType);
			return converted.kind === 'bool' && converted.value ? 'true' : 'false';
		}

		case 's':
		case 'q': {
			let text = stringOf(convertFor(verb, value, stringType));
			if (verb.precision !== undefined) {
				text = [...text].slice(0, verb.precision).join('');
			}

			// cty quotes %q as JSON (so `<` becomes \u003c), not as Go's strconv.Quote.
			return pad(verb.verb === 'q' ? jsonQuote(text) : text, verb, 'text');
		}

		case 'd':
		case 'b':
		case 'o':
		case 'x':
		case 'X': {
			const number = numberOf(convertFor(verb, value, numberType));
			if (!number.isInteger()) {
				throw new FunctionError(`unsupported value for "${verb.text}" at ${verb.start}: an integer is required`);
			}

			// An integer's decimal digits are its own plain text; the other bases go through a BigInt.
			let digits = verb.verb === 'd' ? number.abs().toFixed() : BigInt(number.abs().toFixed()).toString(integerRadixes[verb.verb]);
			if (verb.verb === 'X') {
				digits = digits.toUpperCase();
			}

			if (verb.precision !== undefined && digits.length < verb.precision) {
				digits = digits.padStart(verb.precision, '0');
			}

			if (verb.flags.includes('#')) {
				digits = ({
					b: '0b', o: '0', x: '0x', X: '0X', d: '',
				}[verb.verb] ?? '') + digits;
			}

			return pad(withSign(digits, number.isNegative() && !number.isZero(), verb), verb, 'number', verb.precision === undefined);
		}

		case 'e':
		case 'E':
		case 'f':
		case 'F':
		case 'g':
		case 'G': {
			const number = numberOf(convertFor(verb, value, numberType));
			let text: string;
			if (verb.verb === 'e' || verb.verb === 'E') {
				text = goExponent(number, verb.precision ?? 6, verb.verb === 'E');
			} else if (verb.verb === 'f' || verb.verb === 'F') {
				text = number.abs().toFixed(verb.precision ?? 6);
			} else {
				text = goGeneral(number, verb.precision, verb.verb === 'G');
			}

			// A negative zero keeps its sign, as in Go: `%f` of -0.0 is "-0.000000".
			return pad(withSign(text, number.isNegative(), verb), verb, 'float');
		}

		default: {
			throw new FunctionError(`unsupported format verb '${verb.verb}' in "${verb.text}" at offset ${verb.start}`);
		}
	}
}

const integerRadixes: Readonly<Record<string, number>> = {
	b: 2, o: 8, x: 16, X: 16,
};

function formatWith(pieces: readonly Piece[], values: readonly Value[]): string {
	let result = '';
	for (const piece of pieces) {
		if (typeof piece === 'string') {
			result += piece;
			continue;
		}

		const value = values[piece.argumentNumber];
		if (!value) {
			throw new FunctionError(`not enough arguments for "${piece.text}" at ${piece.start}: need index ${piece.argumentNumber + 1} but have ${values.length} total`);
		}

		const text = formatVerb(piece, value);
		checkStringLength(result.length + text.length);
		result += text;
	}

	checkStringLength(result.length);
	return result;
}

function allWhollyKnown(values: readonly Value[]): boolean {
	for (const value of values) {
		if (!isWhollyKnown(value)) {
			return false;
		}
	}

	return true;
}

export const format = defineFunction({
	name: 'format',
	description: 'Constructs a string by applying formatting verbs to a series of arguments, using a similar syntax to the C function "printf".',
	parameters: [{name: 'format', type: stringType}],
	variadic: {name: 'args', type: dynamicType, allowNull: true, allowUnknown: true},
	returnType: staticReturnType(stringType),
	impl([formatValue, ...values]) {
		if (!allWhollyKnown(values)) {
			// As cty: unknown, known to start with the text before the first verb.
			const text = stringOf(formatValue!);
			const verb = text.indexOf('%');
			return verb > 0 ? refinedUnknown(stringType, {prefix: safeKnownPrefix(text.slice(0, verb))}) : unknownValue(stringType);
		}

		const {pieces, used} = parsedFormat(stringOf(formatValue!));
		const result = formatWith(pieces, values);
		if (values.length > used) {
			throw new FunctionError(`too many arguments; only ${used} used by format string`, used + 1);
		}

		return stringValue(result);
	},
});

export const formatlist = defineFunction({
	name: 'formatlist',
	description: 'Constructs a list of strings by applying formatting verbs to a series of arguments, using a similar syntax to the C function "printf".',
	parameters: [{name: 'format', type: stringType}],
	// As cty's formatlist: an unknown list (or one of unknown length, or an unknown of unknown type) makes the result unknown; otherwise each result element is unknown when one of its arguments is not wholly known.
	variadic: {name: 'args', type: dynamicType, allowNull: true, allowUnknown: true},
	returnType: staticReturnType(listType(stringType)),
	impl([formatValue, ...values], returnType) {
		const {pieces, used} = parsedFormat(stringOf(formatValue!));
		let length: number | undefined;
		let lengthFrom = 0;
		let unknown = false;
		for (const [index, value] of values.entries()) {
			const type = typeOf(value);
			if (type.kind === 'dynamic' && value.kind === 'unknown') {
				unknown = true;
				continue;
			}

			if ((type.kind !== 'list' && type.kind !== 'tuple' && type.kind !== 'set') || value.kind === 'null') {
				continue;
			}

			const count = knownLength(value);
			if (count === undefined) {
				unknown = true;
				continue;
			}

			if (length === undefined) {
				length = count;
				lengthFrom = index;
			} else if (count !== length) {
				throw new FunctionError(`argument ${index + 1} has length ${count}, which is inconsistent with argument ${lengthFrom + 1} of length ${length}`, index + 1);
			}

			unknown ||= value.kind === 'unknown';
		}

		if (unknown) {
			return unknownValue(returnType);
		}

		const count = length ?? 1;
		const results: Value[] = [];
		let total = 0;
		for (let iteration = 0; iteration < count; iteration++) {
			const row = values.map(value => value.kind === 'list' || value.kind === 'tuple' || value.kind === 'set' ? value.elements[iteration]! : value);
			if (row.some(value => !isWhollyKnown(value))) {
				results.push(unknownValue(stringType));
				continue;
			}

			try {
				const text = formatWith(pieces, row);
				total += text.length;
				checkStringLength(total);
				results.push(stringValue(text));
				if (row.length > used) {
					throw new FunctionError(`too many arguments; only ${used} used by format string`);
				}
			} catch (error) {
				if (error instanceof FunctionError) {
					throw error.withPrefix(`error on format iteration ${iteration}: `);
				}

				throw error;
			}
		}

		return listValue(stringType, results);
	},
});

/**
`format` and `formatlist` from go-cty 1.16.1 (commit 8920baa; Terraform 1.12+, OpenTofu 1.11+): their arguments allow the dynamic type, so an untyped `null` is formatted as a null (`%v` prints `null`, `%s` is an error) and an unknown of unknown type is an unknown argument like any other; before (Terraform 1.11), either made the whole call unknown.
*/
export const formatAllowingDynamic: FunctionSpec = {...format, variadic: {...format.variadic!, allowDynamicType: true}};

export const formatlistAllowingDynamic: FunctionSpec = {...formatlist, variadic: {...formatlist.variadic!, allowDynamicType: true}};

export const stringFunctions: readonly FunctionSpec[] = [
	chomp, endswith, format, formatlist, indent, join, lower, replace, split, startswith, strcontains, strrev, substr, title, trim, trimprefix, trimspace, trimsuffix, upper,
];

