import {Buffer} from 'node:buffer';
import {iconvLite, nodeZlib} from '../../libraries.js';
import {
	type FunctionSpec, FunctionError, defineFunction, staticReturnType,
} from '../function.js';
import {convert, conversionFailureText} from '../convert.js';
import {
	type Type, dynamicType, listType, objectType, stringType, typeEquals,
} from '../types.js';
import {
	type Value, Numeric, boolValue, compareStrings, listValue, nullValue, numberValue, objectValue, stringValue, tupleValue, typeOf,
} from '../values.js';
import {checkEncodedLength, checkStringLength, maximumStringLength} from './limits.js';
import {numberText, quoteWith, stringOf} from './support.js';
import {yamldecode, yamlencode} from './yaml.js';

/*
Encoding functions: base64, gzip, CSV, JSON, URL and text encodings. Byte-level output follows Go's libraries (encoding/json escapes `<>&`, gzip writes Go's header and flush blocks), checked against terraform console goldens.
*/

const base64Pattern = /^(?:[A-Za-z\d+/]{4})*(?:[A-Za-z\d+/]{2}==|[A-Za-z\d+/]{3}=)?$/;

/**
Strict standard base64 (padding required), as Go's StdEncoding; undefined when invalid.
*/
export function decodeBase64(text: string): Uint8Array | undefined {
	const cleaned = text.replaceAll(/[\r\n]/g, '');
	if (!base64Pattern.test(cleaned)) {
		return undefined;
	}

	return Buffer.from(cleaned, 'base64');
}

const utf8Decoder = new TextDecoder('utf-8', {fatal: true});

export function decodeUtf8(bytes: Uint8Array): string | undefined {
	try {
		return utf8Decoder.decode(bytes);
	} catch {
		return undefined;
	}
}

export const base64decode = defineFunction({
	name: 'base64decode',
	description: 'Takes a string containing a Base64 character sequence and returns the original string.',
	parameters: [{name: 'str', type: stringType, allowMarked: true}],
	returnType: staticReturnType(stringType),
	impl([text]) {
		const source = stringOf(text!);
		const bytes = decodeBase64(source);
		if (!bytes) {
			throw new FunctionError(text!.marks?.has('sensitive') ? 'failed to decode base64 data (sensitive value)' : `failed to decode base64 data ${JSON.stringify(source)}`);
		}

		const decoded = decodeUtf8(bytes);
		if (decoded === undefined) {
			throw new FunctionError('the result of decoding the provided string is not valid UTF-8');
		}

		return text!.marks ? {...stringValue(decoded), marks: text!.marks} : stringValue(decoded);
	},
});

export const base64encode = defineFunction({
	name: 'base64encode',
	description: 'Applies Base64 encoding to a string.',
	parameters: [{name: 'str', type: stringType}],
	returnType: staticReturnType(stringType),
	impl: ([text]) => stringValue(Buffer.from(stringOf(text!), 'utf8').toString('base64')),
});

// CRC-32 (IEEE, reflected, polynomial 0xEDB88320) for the gzip trailer; node:zlib's crc32 needs Node 20.15, and tfscope runs on every Node 20.
let crcTable: Uint32Array | undefined;

function crc32(data: Uint8Array): number {
	if (!crcTable) {
		crcTable = new Uint32Array(256);
		for (let byte = 0; byte < 256; byte++) {
			let value = byte;
			for (let bit = 0; bit < 8; bit++) {
				value = (value & 1) === 0 ? value >>> 1 : 0xED_B8_83_20 ^ (value >>> 1);
			}

			crcTable[byte] = value;
		}
	}

	let crc = 0xFF_FF_FF_FF;
	for (const byte of data) {
		crc = crcTable[(crc ^ byte) & 0xFF]! ^ (crc >>> 8);
	}

	return (crc ^ 0xFF_FF_FF_FF) >>> 0;
}

/**
Go's gzip writer after Write, Flush and Close: a header with no time and OS 255, the data ending in a sync flush, then an empty final block.
*/
export function goGzip(data: Uint8Array): Buffer {
	const header = Buffer.from([0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0, 0xFF]);
	const {constants, deflateRawSync} = nodeZlib();
	const body = deflateRawSync(data, {finishFlush: constants.Z_SYNC_FLUSH});
	const final = Buffer.from([0x01, 0x00, 0x00, 0xFF, 0xFF]);
	const trailer = Buffer.alloc(8);
	trailer.writeUInt32LE(crc32(data), 0);
	trailer.writeUInt32LE(data.length % 0x1_00_00_00_00, 4);
	return Buffer.concat([header, body, final, trailer]);
}

export const base64gzip = defineFunction({
	name: 'base64gzip',
	description: 'Compresses a string with gzip and then encodes the result in Base64 encoding.',
	parameters: [{name: 'str', type: stringType}],
	returnType: staticReturnType(stringType),
	impl: ([text]) => stringValue(goGzip(Buffer.from(stringOf(text!), 'utf8')).toString('base64')),
});

export const base64gunzip = defineFunction({
	name: 'base64gunzip',
	openTofuOnly: true,
	description: 'Decodes a Base64-encoded string and uncompresses the result with gzip (OpenTofu).',
	parameters: [{name: 'str', type: stringType}],
	returnType: staticReturnType(stringType),
	impl([text]) {
		const source = stringOf(text!);
		const bytes = decodeBase64(source);
		if (!bytes) {
			throw new FunctionError(`failed to decode base64 data ${JSON.stringify(source)}`);
		}

		let raw: Buffer;
		try {
			// maxOutputLength stops a gzip bomb while inflating (a few KiB can expand to gigabytes): three UTF-8 bytes at most per UTF-16 unit of the longest string allowed.
			raw = nodeZlib().gunzipSync(bytes, {maxOutputLength: maximumStringLength * 3});
		} catch (error) {
			if ((error as {code?: string}).code === 'ERR_BUFFER_TOO_LARGE') {
				throw new FunctionError(`the decompressed data is longer than tfscope's limit of ${maximumStringLength * 3} bytes (3 × maximumStringLength)`);
			}

			throw new FunctionError(`failed to gunzip data: ${(error as Error).message}`);
		}

		const decoded = decodeUtf8(raw);
		if (decoded === undefined) {
			throw new FunctionError('the result of decoding the provided string is not valid UTF-8');
		}

		checkStringLength(decoded.length);
		return stringValue(decoded);
	},
});

// Go's encoding/csv reader: RFC 4180 with \r\n or \n line ends, quotes doubled inside quoted fields.
function parseCsv(text: string): string[][] {
	const rows: string[][] = [];
	let line = 1;
	let index = 0;
	while (index < text.length) {
		// Go's reader skips empty lines.
		if (text[index] === '\n' || (text[index] === '\r' && text[index + 1] === '\n')) {
			index += text[index] === '\r' ? 2 : 1;
			line++;
			continue;
		}

		const row: string[] = [];
		const rowLine = line;
		for (;;) {
			let field = '';
			if (text[index] === '"') {
				index++;
				for (;;) {
					if (index >= text.length) {
						throw new FunctionError(`CSV parse error on line ${rowLine}: extraneous or missing " in quoted-field`);
					}

					const character = text[index]!;
					if (character === '"') {
						if (text[index + 1] === '"') {
							field += '"';
							index += 2;
							continue;
						}

						index++;
						break;
					}

					if (character === '\n') {
						line++;
					}

					if (character === '\r' && text[index + 1] === '\n') {
						index++;
						continue;
					}

					field += character;
					index++;
				}

				if (index < text.length && text[index] !== ',' && text[index] !== '\n' && text[index] !== '\r') {
					throw new FunctionError(`CSV parse error on line ${line}: extraneous or missing " in quoted-field`);
				}
			} else {
				while (index < text.length && text[index] !== ',' && text[index] !== '\n' && !(text[index] === '\r' && (text[index + 1] === '\n' || index + 1 === text.length))) {
					if (text[index] === '"') {
						throw new FunctionError(`CSV parse error on line ${line}: bare " in non-quoted-field`);
					}

					field += text[index];
					index++;
				}
			}

			row.push(field);
			if (text[index] === ',') {
				index++;
				continue;
			}

			if (text[index] === '\r') {
				index++;
			}

			if (text[index] === '\n') {
				index++;
			}

			line++;
			break;
		}

		rows.push(row);

		if (rows.length > 0 && rows[0]!.length !== row.length) {
			throw new FunctionError(`CSV parse error on line ${rowLine}: wrong number of fields`);
		}
	}

	return rows;
}

export const csvdecode = defineFunction({
	name: 'csvdecode',
	description: 'Decodes a string containing CSV-formatted data and produces a list of maps representing that data.',
	parameters: [{name: 'str', type: stringType}],
	returnType([type], [text]) {
		void type;
		if (text?.kind !== 'string') {
			return dynamicType;
		}

		const rows = parseCsv(text.value);
		if (rows.length === 0) {
			throw new FunctionError('missing header line');
		}

		const seen = new Set<string>();
		for (const name of rows[0]!) {
			if (seen.has(name)) {
				throw new FunctionError(`duplicate column name ${JSON.stringify(name)}`);
			}

			seen.add(name);
		}

		return listType(objectType(Object.fromEntries(rows[0]!.map(name => [name, stringType]))));
	},
	impl([text], returnType) {
		const [header, ...rows] = parseCsv(stringOf(text!));
		const elementType = (returnType as {element: Type}).element;
		return listValue(elementType, rows.map(row => objectValue(header!.map((name, index) => [name, stringValue(row[index]!)] as const).sort(([a], [b]) => compareStrings(a, b)))));
	},
});

// JSON decoding keeps big numbers exact and object keys in cty's order, so it cannot use JSON.parse.
/**
What go-cty's json package does with an object's repeated property (Terraform's jsondecode: ImpliedType, then Unmarshal to that type): `last-wins` (go-cty 1.16.0, Terraform 1.11): the type of the last occurrence is the property's type, and every earlier occurrence must unmarshal to it, else the call fails; `differing-types` (go-cty 1.16.2, commit 1c48de3, Terraform 1.12+ and OpenTofu 1.11+): an occurrence whose implied type differs from the earlier one's is `duplicate "NAME" property in JSON object`. The value is the last occurrence either way.
*/
export type JsonDuplicates = 'last-wins' | 'differing-types';

class JsonReader {
	index = 0;

	private readonly text: string;
	private readonly duplicates: JsonDuplicates;
	/**
	`last-wins`: earlier occurrences of repeated properties, in the order their repetition was read, to check once the document is read.
	*/
	private readonly earlier: Array<{readonly value: Value; readonly holder: ReadonlyMap<string, Value>; readonly key: string}> = [];

	constructor(text: string, duplicates: JsonDuplicates) {
		this.text = text;
		this.duplicates = duplicates;
	}

	fail(message: string): never {
		throw new FunctionError(message);
	}

	skipSpace(): void {
		while (this.index < this.text.length && ' \t\r\n'.includes(this.text[this.index]!)) {
			this.index++;
		}
	}

	readDocument(): Value {
		this.skipSpace();
		if (this.index >= this.text.length) {
			this.fail('EOF');
		}

		const value = this.readValue();
		this.skipSpace();
		if (this.index < this.text.length) {
			this.fail('extraneous data after JSON object');
		}

		for (const {value: occurrence, holder, key} of this.earlier) {
			const problem = unmarshalProblem(occurrence, typeOf(holder.get(key)!));
			if (problem !== undefined) {
				this.fail(problem);
			}
		}

		return value;
	}

	readValue(): Value {
		this.skipSpace();
		const character = this.text[this.index];
		if (character === undefined) {
			this.fail('EOF');
		}

		if (character === '{') {
			return this.readObject();
		}

		if (character === '[') {
			return this.readArray();
		}

		if (character === '"') {
			return stringValue(this.readString());
		}

		for (const [word, value] of [['true', boolValue(true)], ['false', boolValue(false)], ['null', nullValue(dynamicType)]] as const) {
			if (this.text.startsWith(word, this.index)) {
				this.index += word.length;
				return value;
			}

			const rest = this.text.slice(this.index);
			if (rest.length < word.length && word.startsWith(rest)) {
				this.fail('unexpected EOF');
			}
		}

		const number = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(this.text.slice(this.index));
		if (number) {
			this.index += number[0].length;
			return numberValue(new Numeric(number[0]));
		}

		this.fail(`invalid character ${goQuoteRune(character)} looking for beginning of value`);
	}

	readObject(): Value {
		this.index++;
		const attributes = new Map<string, Value>();
		this.skipSpace();
		if (this.text[this.index] === '}') {
			this.index++;
			return objectValue(attributes);
		}

		for (let first = true; ; first = false) {
			this.skipSpace();
			if (this.index >= this.text.length) {
				this.fail('EOF');
			}

			// Go's decoder gives no context right after `{`.
			if (this.text[this.index] !== '"') {
				this.fail(`invalid character ${goQuoteRune(this.text[this.index]!)}${first ? '' : ' looking for beginning of object key string'}`);
			}

			const key = this.readString();
			this.skipSpace();
			if (this.text[this.index] !== ':') {
				this.fail(this.index >= this.text.length ? 'EOF' : `invalid character ${goQuoteRune(this.text[this.index]!)} after object key`);
			}

			this.index++;
			const value = this.readValue();
			const existing = attributes.get(key);
			if (existing !== undefined) {
				if (this.duplicates === 'last-wins') {
					this.earlier.push({value: existing, holder: attributes, key});
				} else if (!typeEquals(typeOf(existing), typeOf(value))) {
					this.fail(`duplicate ${JSON.stringify(key)} property in JSON object`);
				}
			}

			attributes.set(key, value);
			this.skipSpace();
			const next = this.text[this.index];
			this.index++;
			if (next === '}') {
				break;
			}

			if (next !== ',') {
				this.fail(next === undefined ? 'EOF' : `invalid character ${goQuoteRune(next)} after object key:value pair`);
			}
		}

		return objectValue([...attributes].sort(([a], [b]) => compareStrings(a, b)));
	}

	readArray(): Value {
		this.index++;
		const elements: Value[] = [];
		this.skipSpace();
		if (this.text[this.index] === ']') {
			this.index++;
			return tupleValue(elements);
		}

		for (;;) {
			elements.push(this.readValue());
			this.skipSpace();
			const next = this.text[this.index];
			this.index++;
			if (next === ']') {
				break;
			}

			if (next !== ',') {
				this.fail(next === undefined ? 'EOF' : `invalid character ${goQuoteRune(next)} after array element`);
			}
		}

		return tupleValue(elements);
	}

	readString(): string {
		const start = this.index;
		this.index++;
		let result = '';
		for (;;) {
			const character = this.text[this.index];
			if (character === undefined) {
				this.fail('unexpected EOF');
			}

			this.index++;
			if (character === '"') {
				return result;
			}

			if (character === '\\') {
				const escape = this.text[this.index];
				this.index++;
				const simple: Record<string, string> = {
					'"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t',
				};
				if (escape !== undefined && escape in simple) {
					result += simple[escape];
				} else if (escape === 'u' && /^[\da-fA-F]{4}$/.test(this.text.slice(this.index, this.index + 4))) {
					const code = Number.parseInt(this.text.slice(this.index, this.index + 4), 16);
					this.index += 4;
					const low = /^\\u([dD][c-fC-F][\da-fA-F]{2})/.exec(this.text.slice(this.index));
					if (code >= 0xD8_00 && code < 0xDC_00 && low) {
						result += String.fromCharCode(code, Number.parseInt(low[1]!, 16));
						this.index += 6;
					} else {
						// Go replaces an unpaired surrogate with U+FFFD.
						result += code >= 0xD8_00 && code < 0xE0_00 ? '\uFFFD' : String.fromCharCode(code);
					}
				} else {
					this.fail(`invalid character ${goQuoteRune(escape ?? '')} in string escape code`);
				}
			} else if (character < ' ') {
				this.fail(`invalid character ${goQuoteRune(character)} in string literal`);
			} else {
				result += character;
			}
		}

		void start;
	}
}

function goQuoteRune(character: string): string {
	if (character === '\'') {
		return '\'\\\'\'';
	}

	if (character === '\n') {
		return '\'\\n\'';
	}

	if (character === '\t') {
		return '\'\\t\'';
	}

	if (character === '\r') {
		return '\'\\r\'';
	}

	return `'${character}'`;
}

/**
Why go-cty 1.16.0's json.Unmarshal refuses a decoded value as `type` (cty/json/unmarshal.go at v1.16.0: unmarshalPrimitive, unmarshalObject, unmarshalTuple, unmarshalDynamic), the message without its path, as Terraform prints it; undefined when it fits. Only what an implied type can be is handled: primitives, objects, tuples and the dynamic type of a JSON null.
*/
function unmarshalProblem(value: Value, type: Type): string | undefined {
	if (value.kind === 'null') {
		return undefined;
	}

	switch (type.kind) {
		case 'string': {
			return value.kind === 'string' || value.kind === 'number' || value.kind === 'bool' ? undefined : 'string is required';
		}

		case 'number':
		case 'bool': {
			if (value.kind === type.kind) {
				return undefined;
			}

			if (value.kind !== 'string') {
				return `${type.kind} is required`;
			}

			const converted = convert(value, type);
			return converted.ok ? undefined : conversionFailureText(converted, 'terse');
		}

		case 'object': {
			if (value.kind !== 'object') {
				return 'missing expected {';
			}

			for (const [name, attribute] of value.attributes) {
				const want = Object.hasOwn(type.attributes, name) ? type.attributes[name] : undefined;
				const problem = want === undefined ? `unsupported attribute ${JSON.stringify(name)}` : unmarshalProblem(attribute, want);
				if (problem !== undefined) {
					return problem;
				}
			}

			return undefined;
		}

		case 'tuple': {
			if (value.kind !== 'tuple') {
				return 'missing expected [';
			}

			for (const [index, element] of value.elements.entries()) {
				const want = type.elements[index];
				const problem = want === undefined ? `too many tuple elements (need ${type.elements.length})` : unmarshalProblem(element, want);
				if (problem !== undefined) {
					return problem;
				}
			}

			return value.elements.length < type.elements.length ? `not enough tuple elements (need ${type.elements.length})` : undefined;
		}

		case 'dynamic': {
			// A JSON null's type: a value is read as `{"value": ..., "type": ...}`.
			if (value.kind !== 'object') {
				return 'missing expected {';
			}

			const other = [...value.attributes.keys()].find(name => name !== 'type' && name !== 'value');
			if (other !== undefined) {
				return `invalid key ${JSON.stringify(other)} in dynamically-typed value`;
			}

			return value.attributes.has('type') ? (value.attributes.has('value') ? undefined : 'missing value in dynamically-typed value') : 'missing type in dynamically-typed value';
		}

		default: {
			return undefined;
		}
	}
}

/**
A JSON document as a value, as Terraform's jsondecode reads it; `duplicates` chooses the go-cty release's handling of a repeated property (see JsonDuplicates).
*/
export function decodeJson(text: string, duplicates: JsonDuplicates = 'last-wins'): Value {
	return new JsonReader(text, duplicates).readDocument();
}

function jsondecodeFunction(duplicates: JsonDuplicates): FunctionSpec {
	return defineFunction({
		name: 'jsondecode',
		resultRefinement: 'may-be-null',
		description: 'Interprets a given string as JSON, returning a representation of the result of decoding that string.',
		parameters: [{name: 'str', type: stringType}],
		returnType: (_, [text]) => text?.kind === 'string' ? typeOf(decodeJson(text.value, duplicates)) : dynamicType,
		impl: ([text]) => decodeJson(stringOf(text!), duplicates),
	});
}

/**
Terraform 1.11's jsondecode (go-cty 1.16.0).
*/
export const jsondecode = jsondecodeFunction('last-wins');

/**
jsondecode from go-cty 1.16.2 (Terraform 1.12+, OpenTofu 1.11+): a property repeated with a value of another type is an error.
*/
export const jsondecodeRejectingDuplicates = jsondecodeFunction('differing-types');

/**
Go's encoding/json string escaping: `<`, `>`, `&`, U+2028 and U+2029 as \u escapes, other control characters as short or \u00XX escapes.
*/
export function jsonQuote(text: string): string {
	// Most texts (names, ARNs, policy words) have no character to escape: quoted as they are, without a pass per character (jsonencode of a policy quoted each of its strings one character at a time).
	return jsonEscaped.test(text) ? quoteWith(text, needsJsonUnicodeEscape) : `"${text}"`;
}

/**
The characters jsonQuote writes otherwise than as themselves: the quote and backslash, control characters, `<`, `>`, `&`, U+2028 and U+2029.
*/
// eslint-disable-next-line no-control-regex
const jsonEscaped = /["\\\u0000-\u001F<>&\u2028\u2029]/;

function needsJsonUnicodeEscape(character: string, code: number): boolean {
	return code < 0x20 || character === '<' || character === '>' || character === '&' || code === 0x20_28 || code === 0x20_29;
}

/**
JSON text of a wholly known value as cty's json.Marshal writes it: object and map keys sorted, no spaces.
*/
export function encodeJson(value: Value): string {
	switch (value.kind) {
		case 'null': {
			return 'null';
		}

		case 'unknown': {
			throw new Error('internal: cannot encode an unknown value as JSON');
		}

		case 'string': {
			return jsonQuote(value.value);
		}

		case 'number': {
			if (!value.value.isFinite()) {
				throw new FunctionError(`value must be a finite number, not ${numberText(value.value)}`);
			}

			return numberText(value.value);
		}

		case 'bool': {
			return value.value ? 'true' : 'false';
		}

		// Built by appending, without an array of parts and a closure per collection.
		case 'list':
		case 'set':
		case 'tuple': {
			const {elements} = value;
			let text = '[';
			for (let position = 0; position < elements.length; position++) {
				text += position === 0 ? encodeJson(elements[position]!) : `,${encodeJson(elements[position]!)}`;
			}

			return `${text}]`;
		}

		case 'map': {
			let text = '{';
			for (const [key, element] of value.entries) {
				text += `${text.length === 1 ? '' : ','}${jsonQuote(key)}:${encodeJson(element)}`;
			}

			return `${text}}`;
		}

		case 'object': {
			const {attributes} = value;
			const names = sortedNames(attributes);
			let text = '{';
			for (let position = 0; position < names.length; position++) {
				text += `${position === 0 ? '' : ','}${jsonQuote(names[position]!)}:${encodeJson(attributes.get(names[position]!)!)}`;
			}

			return `${text}}`;
		}
	}
}

/**
An object's attribute names in order (compareStrings), sorted only when they are not already: most objects keep them in order.
*/
function sortedNames(attributes: ReadonlyMap<string, Value>): string[] {
	const names: string[] = [];
	let sorted = true;
	for (const name of attributes.keys()) {
		if (sorted && names.length > 0 && compareStrings(names[names.length - 1]!, name) > 0) {
			sorted = false;
		}

		names.push(name);
	}

	return sorted ? names : names.sort(compareStrings);
}

export const jsonencode = defineFunction({
	name: 'jsonencode',
	description: 'Returns a JSON-encoded representation of the given value.',
	parameters: [{name: 'val', type: dynamicType, allowNull: true, allowDynamicType: true}],
	returnType: staticReturnType(stringType),
	impl([value]) {
		checkEncodedLength(value!);
		return stringValue(encodeJson(value!));
	},
});

// The encodings Go's ianaindex knows that we can encode and decode without a codec library.
const singleByteHigh: Record<string, readonly number[]> = {
	// Windows-1252 bytes 0x80-0x9F; 0 marks an unmapped byte.
	'windows-1252': [0x20_AC, 0, 0x20_1A, 0x01_92, 0x20_1E, 0x20_26, 0x20_20, 0x20_21, 0x02_C6, 0x20_30, 0x01_60, 0x20_39, 0x01_52, 0, 0x01_7D, 0, 0, 0x20_18, 0x20_19, 0x20_1C, 0x20_1D, 0x20_22, 0x20_13, 0x20_14, 0x02_DC, 0x21_22, 0x01_61, 0x20_3A, 0x01_53, 0, 0x01_7E, 0x01_78],
};

const encodingAliases: Record<string, string> = {
	'utf-8': 'utf-8',
	csutf8: 'utf-8',
	'utf-16': 'utf-16',
	'utf-16le': 'utf-16le',
	'utf-16be': 'utf-16be',
	'iso-8859-1': 'iso-8859-1',
	'iso_8859-1': 'iso-8859-1',
	latin1: 'iso-8859-1',
	l1: 'iso-8859-1',
	'iso-ir-100': 'iso-8859-1',
	'iso_8859-1:1987': 'iso-8859-1',
	ibm819: 'iso-8859-1',
	cp819: 'iso-8859-1',
	csisolatin1: 'iso-8859-1',
	'windows-1252': 'windows-1252',
	cswindows1252: 'windows-1252',
	'us-ascii': 'us-ascii',
	'ansi_x3.4-1968': 'us-ascii',
	'iso646-us': 'us-ascii',
	csascii: 'us-ascii',
	'shift_jis': 'shift_jis',
	'euc-jp': 'euc-jp',
	'euc-kr': 'euc-kr',
	gbk: 'gbk',
	gb18030: 'gb18030',
	big5: 'big5',
};

// golang.org/x/text's names for the multi-byte encodings, which Terraform's errors use whatever alias was given.
const canonicalEncodingNames: Readonly<Record<string, string>> = {
	'shift_jis': 'Shift_JIS', 'euc-jp': 'EUC-JP', 'euc-kr': 'EUC-KR', gbk: 'GBK', gb18030: 'GB18030', big5: 'Big5',
};

function resolveEncoding(name: string, argumentIndex: number): string {
	const resolved = encodingAliases[name.toLowerCase()];
	if (!resolved) {
		throw new FunctionError(`${JSON.stringify(name)} is not a supported IANA encoding name or alias in this Terraform version`, argumentIndex);
	}

	return resolved;
}

function encodeText(text: string, encoding: string, encodingName: string): Uint8Array {
	switch (encoding) {
		case 'utf-8': {
			return Buffer.from(text, 'utf8');
		}

		case 'utf-16le': {
			return Buffer.from(text, 'utf16le');
		}

		case 'utf-16':
		case 'utf-16be': {
			const little = Buffer.from(text, 'utf16le');
			const big = Buffer.alloc(little.length);
			for (let index = 0; index < little.length; index += 2) {
				big[index] = little[index + 1]!;
				big[index + 1] = little[index]!;
			}

			return encoding === 'utf-16' ? Buffer.concat([Buffer.from([0xFE, 0xFF]), big]) : big;
		}

		case 'us-ascii':
		case 'iso-8859-1':
		case 'windows-1252': {
			const bytes: number[] = [];
			for (const character of text) {
				const code = character.codePointAt(0)!;
				const high = singleByteHigh[encoding];
				const limit = encoding === 'us-ascii' ? 0x80 : 0x1_00;
				if (code < limit && !(high && code >= 0x80 && code < 0xA0)) {
					bytes.push(code);
				} else if (high?.includes(code)) {
					bytes.push(0x80 + high.indexOf(code));
				} else {
					throw new FunctionError(`the given string contains characters that cannot be represented in ${encodingName}`, 0);
				}
			}

			return Uint8Array.from(bytes);
		}

		default: {
			// The multi-byte legacy encodings (Shift_JIS, EUC-JP, EUC-KR, GBK, GB18030, Big5) through iconv-lite, whose tables agree with golang.org/x/text's for ordinary text. iconv-lite writes `?` for a character the encoding lacks, so a text that does not decode back to itself has one: Terraform's error.
			const iconv = iconvLite();
			const bytes = iconv.encode(text, encoding);
			if (iconv.decode(bytes, encoding) !== text) {
				throw new FunctionError(`the given string contains characters that cannot be represented in ${canonicalEncodingNames[encoding] ?? encodingName}`, 0);
			}

			return bytes;
		}
	}
}

export const textencodebase64 = defineFunction({
	name: 'textencodebase64',
	description: 'Encodes the unicode characters in a given string using a specified character encoding, returning the result base64 encoded.',
	parameters: [{name: 'string', type: stringType}, {name: 'encoding', type: stringType}],
	returnType: staticReturnType(stringType),
	impl([text, encodingName]) {
		const name = stringOf(encodingName!);
		const encoding = resolveEncoding(name, 1);
		return stringValue(Buffer.from(encodeText(stringOf(text!), encoding, name)).toString('base64'));
	},
});

export const textdecodebase64 = defineFunction({
	name: 'textdecodebase64',
	description: 'Decodes a string that was previously Base64-encoded, and then interprets the result as characters in a specified character encoding.',
	parameters: [{name: 'source', type: stringType}, {name: 'encoding', type: stringType}],
	returnType: staticReturnType(stringType),
	impl([source, encodingName]) {
		const name = stringOf(encodingName!);
		const encoding = resolveEncoding(name, 1);
		const text = stringOf(source!);
		const bytes = decodeBase64(text);
		if (!bytes) {
			const offset = [...text].findIndex(character => !/[A-Za-z\d+/=]/.test(character));
			throw new FunctionError(`the given value is has an invalid base64 symbol at offset ${Math.max(offset, 0)}`, 0);
		}

		const undefinedSymbols = new FunctionError(`the given string contains symbols that are not defined for ${name}`, 0);
		const high = singleByteHigh[encoding];
		if (encoding === 'us-ascii' || encoding === 'iso-8859-1' || high) {
			let result = '';
			for (const byte of bytes) {
				if (encoding === 'us-ascii' && byte >= 0x80) {
					throw undefinedSymbols;
				}

				const code = high && byte >= 0x80 && byte < 0xA0 ? high[byte - 0x80]! : byte;
				if (code === 0) {
					throw undefinedSymbols;
				}

				result += String.fromCodePoint(code);
			}

			return stringValue(result);
		}

		try {
			return stringValue(new TextDecoder(encoding, {fatal: true}).decode(bytes));
		} catch {
			throw undefinedSymbols;
		}
	},
});

/**
Go's url.QueryEscape: letters, digits and `-_.~` stay, space becomes `+`, all else is %XX.
*/
export function queryEscape(text: string): string {
	let result = '';
	for (const byte of Buffer.from(text, 'utf8')) {
		const character = String.fromCharCode(byte);
		if (/[A-Za-z\d\-_.~]/.test(character)) {
			result += character;
		} else if (character === ' ') {
			result += '+';
		} else {
			result += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
		}
	}

	return result;
}

export const urlencode = defineFunction({
	name: 'urlencode',
	description: 'Applies URL encoding to a given string.',
	parameters: [{name: 'str', type: stringType}],
	returnType: staticReturnType(stringType),
	impl: ([text]) => stringValue(queryEscape(stringOf(text!))),
});

export const urldecode = defineFunction({
	name: 'urldecode',
	openTofuOnly: true,
	description: 'Decodes a URL-encoded string (OpenTofu).',
	parameters: [{name: 'str', type: stringType}],
	returnType: staticReturnType(stringType),
	impl([text]) {
		const source = stringOf(text!);
		const bytes: number[] = [];
		for (let index = 0; index < source.length; index++) {
			const character = source[index]!;
			if (character === '%') {
				const hex = source.slice(index + 1, index + 3);
				if (!/^[\da-fA-F]{2}$/.test(hex)) {
					throw new FunctionError(`invalid URL escape ${JSON.stringify(source.slice(index, index + 3))}`);
				}

				bytes.push(Number.parseInt(hex, 16));
				index += 2;
			} else if (character === '+') {
				bytes.push(0x20);
			} else {
				bytes.push(...Buffer.from(character, 'utf8'));
			}
		}

		return stringValue(Buffer.from(bytes).toString('utf8'));
	},
});

export const encodingFunctions: readonly FunctionSpec[] = [
	base64decode, base64encode, base64gunzip, base64gzip, csvdecode, jsondecode, jsonencode, textdecodebase64, textencodebase64, urldecode, urlencode, yamldecode, yamlencode,
];

