import type * as Yaml from 'yaml';
import type {Document, Node} from 'yaml';
import {yaml} from '../../libraries.js';
import {
	FunctionError, defineFunction, staticReturnType,
} from '../function.js';
import {dynamicType, stringType} from '../types.js';
import {
	type Value, Numeric, boolValue, compareStrings, nullValue, numberValue, objectValue, stringValue, tupleValue, typeOf,
} from '../values.js';
import {checkEncodedLength, maximumCollectionElements} from './limits.js';
import {numberText, stringOf} from './support.js';

/*
yamldecode reads the structure with eemeli/yaml (failsafe schema) and resolves plain scalars itself as Terraform does (`yes` and `on` are true, `0o17` is 15, `1_000` stays a string, dates become RFC 3339 strings). yamlencode has its own emitter because Terraform's output is go-yaml's style, which no JavaScript library reproduces: every string double-quoted, multi-line strings as literal blocks, sequences inside mappings not indented, long quoted strings folded past column 80, and `...` after a plain scalar document.
*/

/**
How many nodes a decode has built: aliases are expanded in place (values have no sharing), so a few lines of anchors referring to anchors (a "billion laughs" document) would build exponentially many; the count stops that at `maximumCollectionElements`.
*/
type Budget = {
	built: number;
	readonly source: string;
	/**
	go-cty-yaml 1.2's merge keys (OpenTofu 1.12): `<<` may merge a sequence of mappings, and a key tagged `!!merge` is a merge key too. Without it, go-cty-yaml 1.1's (Terraform, OpenTofu up to 1.11): a mapping only, and `!!merge` is an unsupported tag.
	*/
	readonly mergeSequences: boolean;
	/**
	The anchored nodes being expanded on the way down: an alias to one of them refers to its own definition (`&a [*a]`), which would expand forever.
	*/
	readonly expanding: Set<Node>;
};

/**
The deepest a decoded document may nest (aliases count as the levels they expand to): the recursion below stays well inside Node's stack. eemeli/yaml's own parser stops near 780 levels of flow brackets; that failure is reworded in `decodeYaml`.
*/
export const maximumYamlDepth = 1000;

const tooDeep = `YAML document is nested too deeply: more than ${maximumYamlDepth} levels, tfscope's limit (maximumYamlDepth)`;
// What eemeli/yaml can parse depends on the stack left when it is called (about 700 levels of flow brackets).
const tooDeepToParse = 'YAML document is nested too deeply for tfscope\'s YAML parser: more than 512 levels of brackets, indentation and compact entries (maximumYamlParseDepth)';

function fromNode(node: Node | null | undefined, document: Document, depth: number, budget: Budget): Value {
	if (depth > maximumYamlDepth) {
		throw new FunctionError(tooDeep);
	}

	if (++budget.built > maximumCollectionElements) {
		throw new FunctionError(`the document expands (through aliases) to more than ${maximumCollectionElements} values, tfscope's limit (maximumCollectionElements)`);
	}

	if (node === null || node === undefined) {
		return nullValue(dynamicType);
	}

	const {isAlias, isMap, isScalar, isSeq} = yaml();
	if (isAlias(node)) {
		const target = node.resolve(document) as Node | undefined;
		if (!target) {
			throw new FunctionError(`reference to undefined anchor ${JSON.stringify(node.source)}`);
		}

		if (budget.expanding.has(target)) {
			// go-yaml's message for an alias inside its own anchor's node.
			throw new FunctionError(`cannot refer to anchor ${JSON.stringify(node.source)} from inside its own definition`);
		}

		budget.expanding.add(target);
		const value = fromNode(target, document, depth + 1, budget);
		budget.expanding.delete(target);
		return value;
	}

	if (isMap(node)) {
		const attributes = new Map<string, Value>();
		for (const pair of node.items) {
			if (isScalar(pair.key) && isMergeKey(pair.key, budget)) {
				mergeInto(attributes, pair.key, fromNode(pair.value as Node | null, document, depth + 1, budget), budget);
				continue;
			}

			if (!isScalar(pair.key)) {
				throw new FunctionError('only strings are allowed as mapping keys');
			}

			const key = isScalar(pair.key) ? keyText(pair.key.type === 'PLAIN' ? resolvePlain(String(pair.key.value ?? '')) : stringValue(String(pair.key.value ?? ''))) : String(pair.key);
			attributes.set(key, fromNode(pair.value as Node | null, document, depth + 1, budget));
		}

		return objectValue([...attributes].sort(([a], [b]) => compareStrings(a, b)));
	}

	if (isSeq(node)) {
		return tupleValue(node.items.map(item => fromNode(item as Node | null, document, depth + 1, budget)));
	}

	if (isScalar(node)) {
		let text = String(node.value ?? '');
		// A clipped block scalar that runs to the end of a document without a final line break has no line break in go-yaml; eemeli/yaml adds one.
		if ((node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED') && node.range?.[1] === budget.source.length && !budget.source.endsWith('\n') && !/^[|>][^\n]*[-+]/.test(budget.source.slice(node.range[0])) && text.endsWith('\n')) {
			text = text.slice(0, -1);
		}

		const {tag} = node;
		if (tag !== undefined && !knownTags.has(tag)) {
			// go-cty-yaml names the tag as the parser resolved it: `!!foo` is "tag:yaml.org,2002:foo".
			throw new FunctionError(atNode(node, budget, `unsupported tag ${JSON.stringify(tag)}`));
		}

		// Binary scalars stay as their base64 text, as in Terraform.
		if (tag === 'tag:yaml.org,2002:binary') {
			return stringValue(typeof node.source === 'string' ? node.source : text);
		}

		if (node.type !== 'PLAIN' || tag === 'tag:yaml.org,2002:str') {
			return stringValue(text);
		}

		return resolvePlain(text);
	}

	throw new FunctionError('unsupported YAML node');
}

const mergeTag = 'tag:yaml.org,2002:merge';

/*
A merge key, as go-cty-yaml reads one: the untagged scalar `<<` in key position, quoted or not (go-cty-yaml looks at the text and the tag, not the style); from 1.2 also any key tagged `!!merge`. Elsewhere `<<` is the string "<<"; a `!!merge` key before 1.2 is an unsupported tag, as a `!!merge` value always is.
*/
function isMergeKey(key: Yaml.Scalar, budget: Budget): boolean {
	if (key.tag === mergeTag) {
		if (!budget.mergeSequences) {
			throw new FunctionError(`unsupported tag ${JSON.stringify(mergeTag)}`);
		}

		return true;
	}

	return key.tag === undefined && key.value === '<<';
}

/**
Merges a `<<` key's value into the mapping's attributes, in document order: a later key, merged or written, replaces an earlier one (go-cty-yaml departs from the merge spec's "earliest wins", as other implementations do). The value is a mapping, or from go-cty-yaml 1.2 a sequence of mappings; anything else is go-cty-yaml's error at the key.
*/
function mergeInto(attributes: Map<string, Value>, key: Yaml.Scalar, value: Value, budget: Budget): void {
	if (value.kind === 'object') {
		for (const [name, attribute] of value.attributes) {
			attributes.set(name, attribute);
		}

		return;
	}

	if (value.kind === 'tuple' && budget.mergeSequences) {
		for (const element of value.elements) {
			if (element.kind !== 'object') {
				throw new FunctionError(atNode(key, budget, `cannot merge ${friendlyName(element)} (from sequence) into mapping`));
			}

			for (const [name, attribute] of element.attributes) {
				attributes.set(name, attribute);
			}
		}

		return;
	}

	throw new FunctionError(atNode(key, budget, `cannot merge ${friendlyName(value)} into mapping`));
}

// cty's FriendlyName of a decoded value's type: a YAML null is of the dynamic pseudo-type.
function friendlyName(value: Value): string {
	switch (value.kind) {
		case 'null': {
			return 'dynamic';
		}

		case 'object': {
			return 'object';
		}

		case 'tuple': {
			return 'tuple';
		}

		default: {
			return value.kind;
		}
	}
}

/*
go-cty-yaml places an error about a node (a merge key, a scalar with an unsupported tag) at the node's event: its zero-based line (so the line before it, counted from one) and its column from one, where its properties (a tag, an anchor) start; nothing on the first line.
*/
function atNode(node: Node, budget: Budget, message: string): string {
	const {source} = budget;
	let start = node.range?.[0] ?? 0;
	// eemeli/yaml's range starts at the scalar's text: step back over `!tag` and `&anchor` before it on its line.
	for (;;) {
		let before = start;
		while (before > 0 && (source[before - 1] === ' ' || source[before - 1] === '\t')) {
			before--;
		}

		let word = before;
		while (word > 0 && !' \t\n\r{[,'.includes(source[word - 1]!)) {
			word--;
		}

		if (word < before && (source[word] === '!' || source[word] === '&')) {
			start = word;
			continue;
		}

		break;
	}

	const line = countNewlines(source.slice(0, start));
	return line === 0 ? message : `on line ${line}, column ${start - (source.lastIndexOf('\n', start - 1) + 1) + 1}: ${message}`;
}

const pad2 = (text: string): string => text.padStart(2, '0');

// The timestamp forms go-yaml accepts, written back as RFC 3339 without fractions of a second (Go's time.RFC3339).
function resolveTimestamp(text: string): string | undefined {
	const date = /^(\d{4})-(\d\d?)-(\d\d?)$/.exec(text);
	if (date) {
		return `${date[1]}-${pad2(date[2]!)}-${pad2(date[3]!)}T00:00:00Z`;
	}

	const full = /^(\d{4})-(\d\d?)-(\d\d?)(?:[Tt](\d\d?):(\d\d?):(\d\d?)(?:\.\d+)?(Z|[-+]\d\d:\d\d)| (\d\d?):(\d\d?):(\d\d?)(?:\.\d+)?)$/.exec(text);
	if (!full) {
		return undefined;
	}

	const [, year, month, day] = full;
	const [hour, minute, second] = full[4] === undefined ? [full[8]!, full[9]!, full[10]!] : [full[4], full[5]!, full[6]!];
	const zone = full[7] === undefined || full[7] === '+00:00' || full[7] === '-00:00' ? 'Z' : full[7];
	return `${year}-${pad2(month!)}-${pad2(day!)}T${pad2(hour)}:${pad2(minute)}:${pad2(second)}${zone}`;
}

function keyText(value: Value): string {
	switch (value.kind) {
		case 'string': {
			return value.value;
		}

		case 'number': {
			return numberText(value.value);
		}

		case 'bool': {
			return value.value ? 'true' : 'false';
		}

		default: {
			throw new FunctionError('mapping key cannot be null');
		}
	}
}

const knownTags = new Set(['str', 'int', 'float', 'bool', 'null', 'binary', 'timestamp', 'map', 'seq'].map(name => `tag:yaml.org,2002:${name}`));

const yamlBooleans = new Map<string, boolean>([
	...['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON'].map(word => [word, true] as const),
	...['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF'].map(word => [word, false] as const),
]);

// The plain-scalar resolution Terraform's YAML decoder applies: YAML 1.1 booleans, decimal/0o/0x integers without underscores, floats, infinities, dates.
function resolvePlain(text: string): Value {
	if (text === '' || text === '~' || text === 'null' || text === 'Null' || text === 'NULL') {
		return nullValue(dynamicType);
	}

	const boolean = yamlBooleans.get(text);
	if (boolean !== undefined) {
		return boolValue(boolean);
	}

	if (/^[-+]?\d+$/.test(text)) {
		return numberValue(new Numeric(text.replace(/^\+/, '')));
	}

	if (/^0o[0-7]+$/.test(text)) {
		return numberValue(BigInt(text));
	}

	if (/^0x[\da-fA-F]+$/.test(text)) {
		return numberValue(BigInt(text));
	}

	if (/^[-+]?(?:\.\d+|\d+(?:\.\d*)?)(?:[eE][-+]?\d+)?$/.test(text)) {
		return numberValue(new Numeric(text.replace(/^\+/, '').replace(/\.(?=$|[eE])/, '')));
	}

	if (/^[-+]?\.(?:inf|Inf|INF)$/.test(text)) {
		return numberValue(new Numeric(text.startsWith('-') ? -Infinity : Infinity));
	}

	if (/^\.(?:nan|NaN|NAN)$/.test(text)) {
		throw new FunctionError('floating point NaN is not supported');
	}

	const timestamp = resolveTimestamp(text);
	if (timestamp) {
		return stringValue(timestamp);
	}

	return stringValue(text);
}

type ParseError = {readonly code: string; readonly message: string; readonly pos: readonly [number, number]; readonly linePos?: ReadonlyArray<{readonly line: number; readonly col: number}>};

/*
Terraform's yamldecode errors are go-yaml's (libyaml's) messages, placed the way go-cty-yaml words them: a parser error at the offending token is "on line L, column C" with L the token's zero-based line (so the line before it, counted from one) and C its column from one; a scanner error is "on line L, column 1" with L the problem's line counted from one; either has no position when the problem is on the first line. The end of the stream sits on the line after the last character. The common mistakes are recognised from eemeli/yaml's error and reworded so; anything else keeps eemeli/yaml's message at its position.
*/
function goYamlMessage(source: string, error: ParseError): string {
	const lineOf = (offset: number) => countNewlines(source.slice(0, offset));
	const columnOf = (offset: number) => offset - (source.lastIndexOf('\n', offset - 1) + 1);
	const parserError = (offset: number, message: string) => {
		const line = lineOf(offset);
		return line === 0 ? message : `on line ${line}, column ${columnOf(offset) + 1}: ${message}`;
	};

	const scannerError = (line: number, message: string) => line === 0 ? message : `on line ${line + 1}, column 1: ${message}`;
	const streamEndLine = countNewlines(source) + (source === '' || source.endsWith('\n') ? 0 : 1);
	const endOfStream = (message: string) => streamEndLine === 0 ? message : `on line ${streamEndLine}, column 1: ${message}`;
	const [start] = error.pos;
	const message = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
	const flow = /^Flow (sequence|map) (?:in block collection )?must/.exec(message);
	if (flow) {
		const [open, close] = flow[1] === 'sequence' ? ['[', ']'] : ['{', '}'];
		const empty = source.slice(source.lastIndexOf(open) + 1).trim() === '';
		return endOfStream(empty ? 'did not find expected node content' : `did not find expected ',' or '${close}'`);
	}

	if (/^Missing closing ["']quote/.test(message)) {
		return scannerError(countNewlines(source), 'found unexpected end of stream');
	}

	if (error.code === 'BLOCK_AS_IMPLICIT_KEY' || error.code === 'MULTILINE_IMPLICIT_KEY') {
		const colon = /:(?=[ \t\r\n]|$)/g;
		colon.lastIndex = start;
		const found = colon.exec(source);
		return scannerError(lineOf(found ? found.index : start), 'mapping values are not allowed in this context');
	}

	if (error.code === 'TAB_AS_INDENT') {
		return scannerError(lineOf(start), 'found a tab character that violates indentation');
	}

	if (error.code === 'BAD_SCALAR_START') {
		return scannerError(lineOf(start), 'found character that cannot start any token');
	}

	if (message === 'Unexpected scalar at node end' || message === 'All mapping items must start at the same column') {
		// The token that breaks the block collection: what libyaml expected depends on whether the collection at that column is a sequence.
		const token = start + (/^[ \t]*/.exec(source.slice(start))?.[0].length ?? 0);
		const column = columnOf(token);
		const lines = source.slice(0, token - column).split('\n').reverse();
		const sibling = lines.find(line => line.trim() !== '' && (line.length - line.trimStart().length) === column);
		return parserError(token, sibling?.trimStart().startsWith('- ') || sibling?.trimStart() === '-' ? 'did not find expected \'-\' indicator' : 'did not find expected key');
	}

	const unexpected = /^Unexpected flow-(seq|map)-end token/.exec(message);
	if (unexpected) {
		// A closing bracket after a complete top-level value is extra content; anywhere else a value was expected.
		const before = source.slice(0, start).trimEnd();
		const topLevel = /^[[{]/.test(source.trimStart()) && (before.endsWith(']') || before.endsWith('}'));
		return parserError(start, topLevel ? 'did not find expected <document start>' : 'did not find expected node content');
	}

	const [line, column] = error.linePos?.[0] ? [error.linePos[0].line, error.linePos[0].col] : [1, 1];
	return `on line ${line}, column ${column}: ${message}`;
}

function countNewlines(text: string): number {
	let count = 0;
	for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
		count++;
	}

	return count;
}

/**
The deepest a document may nest for eemeli/yaml to parse it: 512 levels of flow brackets, block indentation and compact `- ` entries together. The parser recurses once per level; past about 700 it overflows the stack, and an overflow there can end the whole process (V8 aborts when the overflow hits inside its regular-expression compiler: `yamldecode` of 50,000 `[` and then of 50,000 `[]` pairs did, with a deeper caller). So the depth is bounded before the parser is called.
*/
export const maximumYamlParseDepth = 512;

/**
An upper bound of how deep `source` nests, in one pass: open flow collections (outside quotes), plus the indentation levels open in block context, plus compact entries on a line (`- - - x`). It may count more than the parser would (a bracket inside a plain scalar opens nothing); it counts less only for a document crafted to hide brackets inside what looks like a quoted scalar, whose overflow is then caught as before.
*/
export function yamlNestingBound(source: string): number {
	const indents: number[] = [];
	let flow = 0;
	let deepest = 0;
	let quote: '"' | '\'' | undefined;
	let lineStart = true;
	for (let at = 0; at < source.length; at++) {
		const code = source[at]!;
		if (quote) {
			if (code === '\\' && quote === '"') {
				at++;
			} else if (code === quote) {
				quote = undefined;
			}

			continue;
		}

		if (lineStart) {
			lineStart = false;
			let column = at;
			while (source[column] === ' ') {
				column++;
			}

			const first = source[column];
			if (flow === 0 && first !== undefined && first !== '\n' && first !== '\r' && first !== '#') {
				while (indents.length > 0 && indents.at(-1)! >= column - at) {
					indents.pop();
				}

				indents.push(column - at);
				// Compact nested entries on one line: `- - - x`, `? - x`.
				let compact = 0;
				while ((source[column] === '-' || source[column] === '?') && source[column + 1] === ' ') {
					compact++;
					column += 2;
					while (source[column] === ' ') {
						column++;
					}
				}

				deepest = Math.max(deepest, indents.length + compact);
			}

			at = column - 1;
			continue;
		}

		switch (code) {
			case '\n': {
				lineStart = true;
				break;
			}

			case '"':
			case '\'': {
				// A quote opens a quoted scalar only where a scalar starts (`it's` is plain text): after an indicator or at the start of a line.
				if (scalarStart(source, at)) {
					quote = code;
				}

				break;
			}

			case '[':
			case '{': {
				flow++;
				deepest = Math.max(deepest, indents.length + flow);
				break;
			}

			case ']':
			case '}': {
				flow = Math.max(0, flow - 1);
				break;
			}

			case '#': {
				// A comment (after a space or at the start of a line) runs to the end of the line.
				if (at === 0 || source[at - 1] === ' ' || source[at - 1] === '\t') {
					const end = source.indexOf('\n', at);
					at = end === -1 ? source.length : end - 1;
				}

				break;
			}

			default:
		}
	}

	return deepest;
}

function scalarStart(source: string, at: number): boolean {
	let before = at - 1;
	while (source[before] === ' ' || source[before] === '\t') {
		before--;
	}

	const previous = source[before];
	return previous === undefined || '\n\r[{,:-?'.includes(previous);
}

/**
Decodes one YAML document as go-cty-yaml does; `mergeSequences` for its 1.2 merge keys (OpenTofu 1.12), see `Budget`.
*/
export function decodeYaml(source: string, {mergeSequences = false}: {readonly mergeSequences?: boolean} = {}): Value {
	if (yamlNestingBound(source) > maximumYamlParseDepth) {
		throw new FunctionError(tooDeepToParse);
	}

	let documents: ReturnType<typeof Yaml.parseAllDocuments>;
	try {
		documents = yaml().parseAllDocuments(source, {schema: 'failsafe', uniqueKeys: false});
	} catch (error) {
		if (error instanceof RangeError) {
			throw new FunctionError(tooDeepToParse);
		}

		throw error;
	}

	if (!Array.isArray(documents)) {
		throw new FunctionError('on line 1, column 1: missing start of document');
	}

	if (documents.length === 0) {
		throw new FunctionError('on line 1, column 1: missing start of document');
	}

	if (documents.length > 1) {
		throw new FunctionError('on line 1, column 1: unexpected extra content after value');
	}

	const [document] = documents;
	const [error] = document!.errors;
	if (error) {
		// eemeli/yaml catches its own stack overflow on deep flow collections and reports it as a parse error.
		if (error.message.includes('Maximum call stack size exceeded')) {
			throw new FunctionError(tooDeepToParse);
		}

		throw new FunctionError(goYamlMessage(source, error));
	}

	return fromNode(document!.contents as Node | null, document!, 0, {built: 0, source, expanding: new Set(), mergeSequences});
}

export const yamldecode = defineFunction({
	name: 'yamldecode',
	resultRefinement: 'may-be-null',
	description: 'Parses a string as a subset of YAML, and produces a representation of its value.',
	parameters: [{name: 'src', type: stringType}],
	returnType: (_, [source]) => source?.kind === 'string' ? typeOf(decodeYaml(source.value)) : dynamicType,
	impl: ([source]) => decodeYaml(stringOf(source!)),
});

/**
OpenTofu 1.12's yamldecode (go-cty-yaml 1.2.0, opentofu#3607): `<<` merges a sequence of mappings too, and a `!!merge`-tagged key is a merge key.
*/
export const yamldecodeMergingSequences = defineFunction({
	...yamldecode,
	returnType: (_, [source]) => source?.kind === 'string' ? typeOf(decodeYaml(source.value, {mergeSequences: true})) : dynamicType,
	impl: ([source]) => decodeYaml(stringOf(source!), {mergeSequences: true}),
});

/* Emitting */

const bestWidth = 80;

// go-yaml's is_printable: characters outside the Basic Multilingual Plane count as unprintable, so they are escaped (\U0001F600).
function isPrintable(code: number): boolean {
	return code === 0x0A || (code >= 0x20 && code <= 0x7E) || code === 0x85 || (code >= 0xA0 && code <= 0xD7_FF) || (code >= 0xE0_00 && code <= 0xFF_FD && code !== 0xFE_FF);
}

const escapes: Record<number, string> = {
	0x00: '0', 0x07: 'a', 0x08: 'b', 0x09: 't', 0x0A: 'n', 0x0B: 'v', 0x0C: 'f', 0x0D: 'r', 0x1B: 'e', 0x22: '"', 0x5C: '\\', 0x85: 'N', 0xA0: '_', 0x20_28: 'L', 0x20_29: 'P',
};

function isBreak(code: number): boolean {
	return code === 0x0A || code === 0x0D || code === 0x85 || code === 0x20_28 || code === 0x20_29;
}

// `text` is the line being written; the lines before it are kept as a few long strings, not one string each: the column was read back from the whole text (lastIndexOf on a string of millions of appends flattens it each time), which made yamlencode quadratic (2^14 nested two-element tuples took 30 s); then a string a line made most of 2^19 doubled objects' 5 s the garbage collector's.
class YamlWriter {
	text = '';
	// Lines ended since the last chunk, joined into one flat string every 4,096.
	private readonly pending: string[] = [];
	private readonly chunks: string[] = [];
	private hasLines = false;

	get column(): number {
		return [...this.text].length;
	}

	newline(indent: number): void {
		if (this.text !== '' || this.hasLines) {
			this.endLine();
		}

		this.text += ' '.repeat(indent);
	}

	/** Everything written, its lines joined. */
	written(): string {
		return this.chunks.join('') + (this.pending.length > 0 ? `${this.pending.join('\n')}\n` : '') + this.text;
	}

	private endLine(): void {
		this.pending.push(this.text);
		this.text = '';
		this.hasLines = true;
		if (this.pending.length >= 4096) {
			this.chunks.push(`${this.pending.join('\n')}\n`);
			this.pending.length = 0;
		}
	}

	// go-yaml's double-quoted writer; with `allowBreaks`, a space past column 80 becomes a line break and indentation.
	// Plain runs are written as slices and the column counted as they go: a character at a time, and the column read back from the text at every space, made a 10 MB string take 4-17 s and 600 MB-1.2 GB.
	doubleQuoted(value: string, indent: number, allowBreaks: boolean): void {
		this.text += '"';
		let column = allowBreaks ? this.column : 0;
		let spaces = false;
		let pending = 0;
		const flush = (to: number) => {
			if (to > pending) {
				this.text += value.slice(pending, to);
			}
		};

		for (let at = 0; at < value.length;) {
			const code = value.codePointAt(at)!;
			const next = at + (code > 0xFF_FF ? 2 : 1);
			if (!isPrintable(code) || code === 0xFE_FF || isBreak(code) || code === 0x22 || code === 0x5C) {
				const short = escapes[code];
				const escaped = short === undefined ? (code <= 0xFF ? `\\x${hex(code, 2)}` : (code <= 0xFF_FF ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`)) : `\\${short}`;
				flush(at);
				this.text += escaped;
				pending = next;
				column += escaped.length;
				spaces = false;
			} else if (code === 0x20) {
				if (allowBreaks && !spaces && column > bestWidth && at !== 0 && next !== value.length) {
					flush(at);
					pending = next;
					this.newline(indent);
					column = indent;
					if (value.charCodeAt(next) === 0x20) {
						this.text += '\\';
						column++;
					}
				} else {
					column++;
				}

				spaces = true;
			} else {
				column++;
				spaces = false;
			}

			at = next;
		}

		flush(value.length);
		this.text += '"';
	}

	literal(value: string, indent: number): void {
		const trailing = /\n*$/.exec(value)![0].length;
		const chomp = trailing === 0 ? '-' : (trailing === 1 && value.length > 1 ? '' : '+');
		const indicator = value.startsWith(' ') || value.startsWith('\n') ? '2' : '';
		this.text += `|${indicator}${chomp}`;
		const lines = value.split('\n');
		if (trailing > 0) {
			lines.pop();
		}

		for (const line of lines) {
			this.endLine();
			this.text = line === '' ? '' : ' '.repeat(indent) + line;
		}
	}
}

function hex(code: number, width: number): string {
	return code.toString(16).toUpperCase().padStart(width, '0');
}

// A literal block is go-yaml's choice for multi-line strings unless a character forbids it.
function literalAllowed(value: string): boolean {
	if (!value.includes('\n') || value.endsWith(' ')) {
		return false;
	}

	const characters = [...value];
	for (const [index, character] of characters.entries()) {
		const code = character.codePointAt(0)!;
		if (!isPrintable(code) || code === 0xFE_FF) {
			return false;
		}

		if (isBreak(code) && code !== 0x0A) {
			return false;
		}

		if (character === ' ' && index + 1 < characters.length && isBreak(characters[index + 1]!.codePointAt(0)!)) {
			return false;
		}
	}

	return true;
}

function isBlockCollection(value: Value): boolean {
	switch (value.kind) {
		case 'list':
		case 'set':
		case 'tuple': {
			return value.elements.length > 0;
		}

		case 'map': {
			return value.entries.size > 0;
		}

		case 'object': {
			return value.attributes.size > 0;
		}

		default: {
			return false;
		}
	}
}

function entriesOf(value: Value): Array<[string, Value]> {
	if (value.kind === 'map') {
		return [...value.entries];
	}

	if (value.kind === 'object') {
		return [...value.attributes].sort(([a], [b]) => compareStrings(a, b));
	}

	return [];
}

/**
Writes a scalar or empty collection; returns whether it was a plain scalar (which needs `...` at the document's end).
*/
function writeScalar(writer: YamlWriter, value: Value, indent: number): boolean {
	switch (value.kind) {
		case 'null': {
			writer.text += 'null';
			return true;
		}

		case 'bool': {
			writer.text += value.value ? 'true' : 'false';
			return true;
		}

		case 'number': {
			const text = numberText(value.value);
			writer.text += text === '+Inf' ? '+.inf' : (text === '-Inf' ? '-.inf' : (text === 'NaN' ? '.nan' : text));
			return true;
		}

		case 'string': {
			if (literalAllowed(value.value)) {
				writer.literal(value.value, indent);
			} else {
				writer.doubleQuoted(value.value, indent, true);
			}

			return false;
		}

		case 'unknown': {
			throw new Error('internal: cannot encode an unknown value as YAML');
		}

		case 'list':
		case 'set':
		case 'tuple': {
			writer.text += '[]';
			return false;
		}

		default: {
			writer.text += '{}';
			return false;
		}
	}
}

function writeMapping(writer: YamlWriter, value: Value, indent: number, inline: boolean): void {
	for (const [position, [key, element]] of entriesOf(value).entries()) {
		if (position > 0 || !inline) {
			writer.newline(indent);
		}

		if (literalAllowed(key)) {
			// A multi-line key is a complex key: `? |-` block, then `:` on its own line.
			writer.text += '? ';
			writer.literal(key, indent + 2);
			writer.newline(indent);
		} else {
			writer.doubleQuoted(key, indent, false);
		}

		writer.text += ':';
		writeValue(writer, element, indent, 'mapping');
	}
}

function writeSequence(writer: YamlWriter, elements: readonly Value[], indent: number, inline: boolean): void {
	for (const [position, element] of elements.entries()) {
		if (position > 0 || !inline) {
			writer.newline(indent);
		}

		writer.text += '-';
		writeValue(writer, element, indent, 'sequence');
	}
}

function writeValue(writer: YamlWriter, value: Value, parentIndent: number, parent: 'mapping' | 'sequence'): void {
	if (isBlockCollection(value)) {
		if (value.kind === 'map' || value.kind === 'object') {
			if (parent === 'sequence') {
				writer.text += ' ';
				writeMapping(writer, value, parentIndent + 2, true);
			} else {
				writeMapping(writer, value, parentIndent + 2, false);
			}
		} else {
			const elements = (value as {elements: readonly Value[]}).elements;
			if (parent === 'sequence') {
				writer.text += ' ';
				writeSequence(writer, elements, parentIndent + 2, true);
			} else {
				writeSequence(writer, elements, parentIndent, false);
			}
		}

		return;
	}

	writer.text += ' ';
	writeScalar(writer, value, parentIndent + 2);
}

export function encodeYaml(value: Value): string {
	const writer = new YamlWriter();
	if (isBlockCollection(value)) {
		if (value.kind === 'map' || value.kind === 'object') {
			writeMapping(writer, value, 0, true);
		} else {
			writeSequence(writer, (value as {elements: readonly Value[]}).elements, 0, true);
		}

		return `${writer.written()}\n`;
	}

	const plain = writeScalar(writer, value, 2);
	return plain ? `${writer.written()}\n...\n` : `${writer.written()}\n`;
}

export const yamlencode = defineFunction({
	name: 'yamlencode',
	description: 'Encodes a given value to a string using YAML 1.2 block syntax.',
	parameters: [{name: 'value', type: dynamicType, allowNull: true, allowDynamicType: true}],
	returnType: staticReturnType(stringType),
	impl([value]) {
		checkEncodedLength(value!);
		return stringValue(encodeYaml(value!));
	},
});
