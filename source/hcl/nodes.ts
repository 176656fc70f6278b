import type {
	Attribute, BinaryOp, BinaryOperator, Block, Body, Conditional, Expression, ForExpression, FunctionCall, GetAttribute, Index, InvalidExpression,
	Literal, ObjectConstructor, ObjectItem, Parenthesized, Splat, SplatItem, Template, TemplateFor, TemplateIf, TemplateInterpolation, TemplateLiteral,
	TemplatePart, Tuple, UnaryOp, UnaryOperator, Variable,
} from './ast.js';
import type {LineIndex} from './line-index.js';
import type {Range} from './position.js';

/*
The classes the native-syntax parser builds the tree of `ast.ts` from. A node keeps only the byte span of its source (two offsets and its file); `range` and the other ranges (`nameRange`, `openBraceRange`...) are getters computing line and column when asked. Position objects on every node were most of the tree's memory (about 30 bytes of heap per source byte), while most ranges are never read.

The span lives under symbol keys, so the nodes show the same own properties as before (a tree walker sees `kind`, names, children), and `withChanges` copies a node without losing its class.
*/

export const spanFile = Symbol('file');
export const spanStart = Symbol('start');
export const spanEnd = Symbol('end');
// The offsets of a node's other parts (names, brackets), under symbols too.
const nameEndKey = Symbol('nameEnd');
const openStartKey = Symbol('openStart');
const openEndKey = Symbol('openEnd');
const closeStartKey = Symbol('closeStart');
const labelOffsetsKey = Symbol('labelOffsets');
/**
What other layers work out about a node on first use and keep for the life of the tree (the tree never changes after parsing): lang/ keeps a node's reference traversals and other analyses here, expand/ a body's evaluation plan. One slot on every expression and body node, set to undefined when the node is made so that every node of a class keeps one shape; cleared in a `withChanges` copy. What it holds is theirs: hcl/ never reads it.
*/
export const analysisSlot = Symbol('analysis');

/**
Turns offsets into ranges for the nodes of one parse.
*/
export class SourceFile {
	declare readonly filename: string;
	declare readonly lines: LineIndex;

	constructor(filename: string, lines: LineIndex) {
		this.filename = filename;
		this.lines = lines;
	}

	range(start: number, end: number): Range {
		return {filename: this.filename, start: this.lines.at(start), end: this.lines.at(end)};
	}
}

/**
Every node of a parse gets the same range: for a template decoded from a JSON string with escapes, whose positions do not map onto the file.
*/
export class FixedRangeFile extends SourceFile {
	declare private readonly fixed: Range;

	constructor(fixed: Range, lines: LineIndex) {
		super(fixed.filename, lines);
		this.fixed = fixed;
	}

	override range(): Range {
		return this.fixed;
	}
}

abstract class Spanned {
	declare [spanFile]: SourceFile;
	declare [spanStart]: number;
	declare [spanEnd]: number;

	// Each class stores the span itself: one constructor shared by every class would add properties to objects of many shapes, which V8 does slowly.

	get range(): Range {
		return this[spanFile].range(this[spanStart], this[spanEnd]);
	}
}

type Located = {readonly range: Range};

// Names and short literals repeat across a configuration (`var`, `name`, `tags`, `"t3.micro"`): one string each, from a small direct-mapped cache. Only strings too short for V8 to make a slice of the source, so the cache keeps no file's text alive.
const maximumInternedLength = 12;
const internSlots = 4096;
const interned: string[] = Array.from({length: internSlots}, () => '');

// The length and four of the characters (the first, those a quarter and half way in, the last), not all of them: a loop over every character runs in V8's interpreter and baseline code for most of a short process, a few calls a name cost less. Two strings sharing a slot only cost a miss. (Small integers throughout for ASCII names.)
function internSlot(text: string, start: number, end: number): number {
	const length = end - start;
	const hash = ((length * 31 + text.charCodeAt(start)) * 31 + text.charCodeAt(start + (length >> 2))) * 31 + text.charCodeAt(start + (length >> 1));
	return (hash * 31 + text.charCodeAt(end - 1)) & (internSlots - 1);
}

/**
`text.slice(start, end)`, the same string each time for short ones; a hit allocates nothing.
*/
export function internSlice(text: string, start: number, end: number): string {
	const length = end - start;
	if (length > maximumInternedLength) {
		return text.slice(start, end);
	}

	const slot = internSlot(text, start, end);
	const cached = interned[slot]!;
	if (cached.length === length && text.startsWith(cached, start)) {
		return cached;
	}

	const value = text.slice(start, end);
	interned[slot] = value;
	return value;
}

export function intern(value: string): string {
	if (value.length > maximumInternedLength) {
		return value;
	}

	const slot = internSlot(value, 0, value.length);
	const cached = interned[slot]!;
	if (cached === value) {
		return cached;
	}

	interned[slot] = value;
	return value;
}

/**
An array filled by `push` keeps spare capacity (17 slots after the first push); the tree keeps copies of exactly its length.
*/
function exact<T>(array: readonly T[]): readonly T[] {
	return array.slice();
}

/**
The start offset of a node (of any tree: plain nodes built elsewhere have a `range`).
*/
export function startOf(node: Located): number {
	return (attributeChainRoot(node) as Partial<Spanned>)[spanStart] ?? node.range.start.offset;
}

/**
An attribute step keeps no start or file of its own but asks its object: down a chain of them without recursion, so a chain of any length (`a.a.a...`, which the parser then reports as too deep) cannot overflow the stack.
*/
function attributeChainRoot(node: Located): Located {
	let current = node;
	while (current instanceof GetAttributeNode) {
		current = current.object;
	}

	return current;
}

/**
The file of a node built by the parser.
*/
function fileOf(node: Located): SourceFile {
	return (attributeChainRoot(node) as unknown as Spanned)[spanFile];
}

export function endOf(node: Located): number {
	return (node as Partial<Spanned>)[spanEnd] ?? node.range.end.offset;
}

/**
A range without its lines and columns: the file name and offsets of `range` (`range.filename`, `range.start.offset`, `range.end.offset`), and the range itself, worked out when read.
*/
export type Span = {
	readonly filename: string;
	readonly start: number;
	readonly end: number;
	readonly range: Range;
};

/**
A span of a parsed file, whose range is made from its offsets when read.
*/
class OffsetSpan implements Span {
	readonly start: number;
	readonly end: number;
	readonly #file: SourceFile;

	constructor(file: SourceFile, start: number, end: number) {
		this.start = start;
		this.end = end;
		this.#file = file;
	}

	get filename(): string {
		return this.#file.filename;
	}

	get range(): Range {
		return this.#file.range(this.start, this.end);
	}

	sameFile(other: OffsetSpan): boolean {
		return this.#file === other.#file;
	}

	to(last: OffsetSpan): OffsetSpan {
		return new OffsetSpan(this.#file, this.start, last.end);
	}
}

function spanOfRange(range: Range): Span {
	return {filename: range.filename, start: range.start.offset, end: range.end.offset, range};
}

/**
The span of a node's `range`, read from its offsets without working out line and column; from `range` itself for a node that is not the parser's or whose positions are fixed (a template decoded from a JSON string).
*/
export function spanOf(node: Located): Span {
	const base = attributeChainRoot(node) as Partial<Spanned>;
	const file = base[spanFile];
	const end = (node as Partial<Spanned>)[spanEnd];
	const start = base[spanStart];
	if (file === undefined || file instanceof FixedRangeFile || end === undefined || start === undefined) {
		return spanOfRange(node.range);
	}

	return new OffsetSpan(file, start, end);
}

/**
From the start of `first` to the end of `last` (as `{filename: first.range.filename, start: first.range.start, end: last.range.end}`).
*/
export function spanBetween(first: Span, last: Span): Span {
	if (first instanceof OffsetSpan && last instanceof OffsetSpan && first.sameFile(last)) {
		return first.to(last);
	}

	const {range} = first;
	return spanOfRange({filename: range.filename, start: range.start, end: last.range.end});
}

/**
A copy of a node with some properties changed, of the same class (`{...node, body}` would drop the range getters of a parsed node).
*/
export function withChanges<T extends object>(node: T, changes: Partial<T>): T {
	const copy = Object.assign(Object.create(Object.getPrototypeOf(node) as object | null) as T, node, changes);
	if (analysisSlot in copy) {
		// What was worked out about the original is not about the copy.
		(copy as {[analysisSlot]: unknown})[analysisSlot] = undefined;
	}

	return copy;
}

export class LiteralNode extends Spanned implements Literal {
	readonly kind = 'Literal';
	declare readonly value: Literal['value'];
	declare [analysisSlot]: unknown;

	constructor(file: SourceFile, start: number, end: number, value: Literal['value']) {
		super();
		this[spanFile] = file;
		this[spanStart] = start;
		this[spanEnd] = end;
		this.value = value;
		this[analysisSlot] = undefined;
	}
}

export class TemplateNode extends Spanned implements Template {
	readonly kind = 'Template';
	declare readonly parts: readonly TemplatePart[];
	declare readonly heredoc?: {readonly marker: string; readonly flush: boolean};
	declare [analysisSlot]: unknown;

	constructor(file: SourceFile, start: number, end: number, parts: readonly TemplatePart[], heredoc?: {readonly marker: string; readonly flush: boolean}) {
		super();
		this[spanFile] = file;
		this[spanStart] = start;
		this[spanEnd] = end;
		this.parts = exact(parts);
		if (heredoc) {
			this.heredoc = heredoc;
		}

		this[analysisSlot] = undefined;
	}
}

export class TemplateLiteralNode extends Spanned implements TemplateLiteral {
	readonly kind = 'TemplateLiteral';
	declare readonly value: string;

	constructor(file: SourceFile, start: number, end: number, value: string) {
		super();
		this[spanFile] = file;
		this[spanStart] = start;
		this[spanEnd] = end;
		this.value = intern(value);
	}
}

export class TemplateInterpolationNode extends Spanned implements TemplateInterpolation {
	readonly kind = 'TemplateInterpolation';
	declare readonly expression: Expression;

	constructor(file: SourceFile, start: number, end: number, expression: Expression) {
		super();
		this[spanFile] = file;
		this[spanStart] = start;
		this[spanEnd] = end;
		this.expression = expression;
	}
}

export class TemplateIfNode extends Spanned implements TemplateIf {
	readonly kind = 'TemplateIf';
	declare readonly condition: Expression;
	declare readonly then: readonly TemplatePart[];
	declare readonly else?: readonly TemplatePart[];

	constructor(file: SourceFile, start: number, end: number, condition: Expression, then: readonly TemplatePart[], otherwise: readonly TemplatePart[] | undefined) {
		super();
		this[spanFile] = file;
		this[spanStart] = start;
		this[spanEnd] = end;
		this.condition = condition;
		this.then = exact(then);
		if (otherwise) {
			this.else = exact(otherwise);
		}
	}
}

export class TemplateForNode extends Spanned implements TemplateFor {
	readonly kind = 'TemplateFor';
	declare readonly keyVariable?: string;
	declare readonly valueVariable: string;
	declare readonly collection: Expression;
	declare readonly body: readonly TemplatePart[];

	constructor(file: SourceFile, start: number, end: number, keyVariable: string | undefined, valueVariable: string, collection: Expression, body: readonly TemplatePart[]) {
		super();
		this[spanFile] = file;
		this[spanStart] = start;
		this[spanEnd] = end;
		if (keyVariable !== undefined) {
			this.keyVariable = keyVariable;
		}

		this.valueVariable = valueVariable;
		this.collection = collection;
		this.body = exact(body);
	}
}

/**
Its name is its source text, so it ends where the name does: no end stored (the most frequent node).
*/
export class VariableNode implements Variable {
	readonly kind = 'Variable';
	declare readonly name: string;
	declare readonly [spanFile]: SourceFile;
	declare readonly [spanStart]: number;
	declare [analysisSlot]: unknown;

	constructor(file: SourceFile, start: number, name: string) {
		this[spanFile] = file;
		this[spanStart] = start;
		this.name = name;
		this[analysisSlot] = undefined;
	}

	get [spanEnd](): number {
		return this[spanStart] + this.name.length;
	}

	get range(): Range {
		return this[spanFile].range(this[spanStart], this[spanEnd]);
	}
}

/**
Starts where its object starts and is in its file, and its name (its source text) ends where it ends: only the end is stored (the most frequent node, after variables).
*/
export class GetAttributeNode implements GetAttribute {
	readonly kind = 'GetAttribute';
	declare readonly object: Expression;
	declare readonly name: string;
	declare readonly [spanEnd]: number;
	declare [analysisSlot]: unknown;

	constructor(object: Expression, name: string, end: number) {
		this.object = object;
		this.name = name;
		this[spanEnd] = end;
		this[analysisSlot] = undefined;
	}

	get [spanFile](): SourceFile {
		return fileOf(this.object);
	}

	get [spanStart](): number {
		return startOf(this.object);
	}

	get range(): Range {
		return this[spanFile].range(this[spanStart], this[spanEnd]);
	}

	get nameRange(): Range {
		return this[spanFile].range(this[spanEnd] - this.name.length, this[spanEnd]);
	}
}

export class IndexNode extends Spanned implements Index {
	readonly kind = 'Index';
	declare readonly collection: Expression;
	declare readonly key: Expression;
	declare readonly legacy: boolean;
	declare [analysisSlot]: unknown;

	constructor(file: SourceFile, start: number, end: number, collection: Expression, key: Expression, legacy: boolean) {
		super();
		this[spanFile] = file;
		this[spanStart] = start;
		this[spanEnd] = end;
		this.collection = collection;
		this.key = key;
		this.legacy = legacy;
		this[analysisSlot] = undefined;
	}
}

export class SplatNode extends Spanned implements Splat {
	readonly kind = 'Splat';
	declare readonly source: Expression;
	declare readonly each: Expression;
	declare readonly full: boolean;
	declare [analysisSlot]: unknown;

	constructor(file: SourceFile, start: number, end: number, source: Expression, each: Expression, full: boolean) {
		super();
		this[spanFile] = file;
		this[spanStart] = start;
		this[spanEnd] = end;
		this.source = source;
		this.each = each;
		this.full = full;
		this[analysisSlot] = undefined;
	}
}

export class SplatItemNode extends Spanned implements SplatItem {
	readonly kind = 'SplatItem';

	constructor(file: SourceFile, start: number, end: number) {
		super();
		this[spanFile] = file;
		this[spanStart] = start;
		this[spanEnd] = end;
	}
}

export class FunctionCallNode extends Spanned implements FunctionCall {
	readonly kind = 'FunctionCall';
	declare readonly name: string;
	declare readonly arguments: readonly Expression[];
	declare readonly expandFinal: boolean;
	declare readonly [nameEndKey]: number;
	declare readonly [openStartKey]: number;
	declare readonly [closeStartKey]: number;
	declare [analysisSlot]: unknown;

	constructor(file: SourceFile, start: number, end: number, name: string, nameEnd: number, arguments_: readonly Expression[], expandFinal: boolean, openStart: number, closeStart: number) {
		super();
		this[spanFile] = file;
		this[spanStart] = start;
		this[spanEnd] = end;
		this.name = name;
		this.arguments = exact(arguments_);
		this.expandFinal = expandFinal;
		this[nameEndKey] = nameEnd;
		this[openStartKey] = openStart;
		this[closeStartKey] = closeStart;
		this[analysisSlot] = undefined;
	}

	get nameRange(): Range {
		return this[spanFile].range(this[spanStart], this[nameEndKey]);
	}

	get openParenRange(): Range {
		return this[spanFile].range(this[openStartKey], this[openStartKey] + 1);
	}

	get closeParenRange(): Range {
		return this[spanFile].range(this[closeStartKey], this[spanEnd]);
	}
}

export class ConditionalNode extends Spanned implements Conditional {
	readonly kind = 'Conditional';
	declare readonly condition: Expression;
	declare readonly trueResult: Expression;
	declare readonly falseResult: Expression;
	declare [analysisSlot]: unknown;

	constructor(file: SourceFile, start: number, end: number, condition: Expression, trueResult: Expression, falseResult: Expression) {
		super();
		this[spanFile] = file;
		this[spanStart] = start;
		this[spanEnd] = end;
		this.condition = condition;
		this.trueResult = trueResult;
		this.falseResult = falseResult;
		this[analysisSlot] = undefined;
	}
}

export class BinaryOpNode extends Spanned implements BinaryOp {
	readonly kind = 'BinaryOp';
	declare readonly operator: BinaryOperator;
	declare readonly left: Expression;
	declare readonly right: Expression;
	declare [analysisSlot]: unknown;

	constructor(file: SourceFile, start: number, end: number, operator: BinaryOperator, left: Expression, right: Expression) {
		super();
		this[spanFile] = file;
		this[spanStart] = start;
		this[spanEnd] = end;
		this.operator = operator;
		this.left = left;
		this.right = right;
		this[analysisSlot] = undefined;
	}
}

export class UnaryOpNode extends Spanned implements UnaryOp {
	readonly kind = 'UnaryOp';
	declare readonly operator: UnaryOperator;
	declare readonly operand: Expression;
	declare [analysisSlot]: unknown;

	constructor(file: SourceFile, start: number, end: number, operator: UnaryOperator, operand: Expression) {
		super();
		this[spanFile] = file;
		this[spanStart] = start;
		this[spanEnd] = end;
		this.operator = operator;
		this.operand = operand;
		this[analysisSlot] = undefined;
	}
}

export class TupleNode extends Spanned implements Tuple {
	readonly kind = 'Tuple';
	declare readonly items: readonly Expression[];
	declare [analysisSlot]: unknown;

	constructor(file: SourceFile, start: number, end: number, items: readonly Expression[]) {
		super();
		this[spanFile] = file;
		this[spanStart] = start;
		this[spanEnd] = end;
		this.items = exact(items);
		this[analysisSlot] = undefined;
	}
}

/**
Spans its key and value, so it stores neither offsets nor file.
*/
export class ObjectItemNode implements ObjectItem {
	declare readonly key: Expression;
	declare readonly value: Expression;

	constructor(key: Expression, value: Expression) {
		this.key = key;
		this.value = value;
	}

	get range(): Range {
		return fileOf(this.key).range(startOf(this.key), endOf(this.value));
	}
}

export class ObjectNode extends Spanned implements ObjectConstructor {
	readonly kind = 'Object';
	declare readonly items: readonly ObjectItem[];
	declare [analysisSlot]: unknown;

	constructor(file: SourceFile, start: number, end: number, items: readonly ObjectItem[]) {
		super();
		this[spanFile] = file;
		this[spanStart] = start;
		this[spanEnd] = end;
		this.items = exact(items);
		this[analysisSlot] = undefined;
	}
}

export class ParenthesizedNode extends Spanned implements Parenthesized {
	readonly kind = 'Parenthesized';
	declare readonly expression: Expression;
	declare [analysisSlot]: unknown;

	constructor(file: SourceFile, start: number, end: number, expression: Expression) {
		super();
		this[spanFile] = file;
		this[spanStart] = start;
		this[spanEnd] = end;
		this.expression = expression;
		this[analysisSlot] = undefined;
	}
}

export type ForParts = {
	readonly keyVariable: string | undefined;
	readonly valueVariable: string;
	readonly collection: Expression;
	readonly keyExpression: Expression | undefined;
	readonly valueExpression: Expression;
	readonly condition: Expression | undefined;
	readonly grouping: boolean;
};

export class ForNode extends Spanned implements ForExpression {
	readonly kind = 'For';
	declare readonly keyVariable?: string;
	declare readonly valueVariable: string;
	declare readonly collection: Expression;
	declare readonly keyExpression?: Expression;
	declare readonly valueExpression: Expression;
	declare readonly condition?: Expression;
	declare readonly grouping: boolean;
	declare readonly [closeStartKey]: number;
	declare [analysisSlot]: unknown;

	constructor(file: SourceFile, start: number, end: number, closeStart: number, parts: ForParts) {
		super();
		this[spanFile] = file;
		this[spanStart] = start;
		this[spanEnd] = end;
		if (parts.keyVariable !== undefined) {
			this.keyVariable = parts.keyVariable;
		}

		this.valueVariable = parts.valueVariable;
		this.collection = parts.collection;
		if (parts.keyExpression) {
			this.keyExpression = parts.keyExpression;
		}

		this.valueExpression = parts.valueExpression;
		if (parts.condition) {
			this.condition = parts.condition;
		}

		this.grouping = parts.grouping;
		this[closeStartKey] = closeStart;
		this[analysisSlot] = undefined;
	}

	get openRange(): Range {
		return this[spanFile].range(this[spanStart], this[spanStart] + 1);
	}

	get closeRange(): Range {
		return this[spanFile].range(this[closeStartKey], this[spanEnd]);
	}
}

export class InvalidNode extends Spanned implements InvalidExpression {
	readonly kind = 'Invalid';
	declare [analysisSlot]: unknown;

	constructor(file: SourceFile, start: number, end: number) {
		super();
		this[spanFile] = file;
		this[spanStart] = start;
		this[spanEnd] = end;
		this[analysisSlot] = undefined;
	}
}

/**
Its name is its source text, at its start: where the name ends is not stored.
*/
export class AttributeNode extends Spanned implements Attribute {
	readonly kind = 'Attribute';
	declare readonly name: string;
	declare readonly expression: Expression;

	constructor(file: SourceFile, start: number, end: number, name: string, expression: Expression) {
		super();
		this[spanFile] = file;
		this[spanStart] = start;
		this[spanEnd] = end;
		this.name = name;
		this.expression = expression;
	}

	get nameRange(): Range {
		return this[spanFile].range(this[spanStart], this[spanStart] + this.name.length);
	}
}

/**
Where the parts of a block header are: each label's start and end, and the braces (the type is its source text, at the block's start).
*/
export type BlockSpans = {
	readonly labelOffsets: readonly number[];
	readonly openStart: number;
	readonly openEnd: number;
	readonly closeStart: number;
};

// The label offsets of every block without labels (a third of them): one empty array, never changed.
const noOffsets: readonly number[] = [];

export class BlockNode extends Spanned implements Block {
	readonly kind = 'Block';
	declare readonly type: string;
	declare readonly labels: readonly string[];
	declare readonly body: Body;
	declare readonly [labelOffsetsKey]: readonly number[];
	declare readonly [openStartKey]: number;
	declare readonly [openEndKey]: number;
	declare readonly [closeStartKey]: number;

	constructor(file: SourceFile, start: number, end: number, type: string, labels: readonly string[], body: Body, spans: BlockSpans) {
		super();
		this[spanFile] = file;
		this[spanStart] = start;
		this[spanEnd] = end;
		this.type = type;
		this.labels = exact(labels);
		this.body = body;
		this[labelOffsetsKey] = spans.labelOffsets.length === 0 ? noOffsets : exact(spans.labelOffsets);
		this[openStartKey] = spans.openStart;
		this[openEndKey] = spans.openEnd;
		this[closeStartKey] = spans.closeStart;
	}

	get typeRange(): Range {
		return this[spanFile].range(this[spanStart], this[spanStart] + this.type.length);
	}

	get labelRanges(): Range[] {
		const offsets = this[labelOffsetsKey];
		const ranges: Range[] = [];
		for (let index = 0; index < offsets.length; index += 2) {
			ranges.push(this[spanFile].range(offsets[index]!, offsets[index + 1]!));
		}

		return ranges;
	}

	get openBraceRange(): Range {
		return this[spanFile].range(this[openStartKey], this[openEndKey]);
	}

	get closeBraceRange(): Range {
		return this[spanFile].range(this[closeStartKey], this[spanEnd]);
	}
}

export class BodyNode extends Spanned implements Body {
	readonly kind = 'Body';
	declare readonly items: ReadonlyArray<Attribute | Block>;
	declare readonly syntax: 'native';
	declare [analysisSlot]: unknown;

	constructor(file: SourceFile, start: number, end: number, items: ReadonlyArray<Attribute | Block>) {
		super();
		this[spanFile] = file;
		this[spanStart] = start;
		this[spanEnd] = end;
		this.items = exact(items);
		this[analysisSlot] = undefined;
	}
}

// A body's syntax is the same for every native body: on the prototype, not in each node. (The kind stays in each node: on the prototype, it made parsing four times slower in V8.)
function onPrototype(node: abstract new (...arguments_: never[]) => unknown, key: string, value: string): void {
	Object.defineProperty(node.prototype, key, {value, enumerable: true});
}

onPrototype(BodyNode, 'syntax', 'native');
