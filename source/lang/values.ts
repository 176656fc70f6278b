import {Decimal} from 'decimal.js';
import {PositionalMap} from './read-only-map.js';
import type {Refinement} from './refinements.js';
import {treeSize} from './budget.js';
import {
	type Type, boolType, dynamicType, listType, mapType, numberType, objectType, setType, stringType, tupleType,
} from './types.js';

/*
The value model of go-cty. A value is known, unknown (`kind: 'unknown'`, only apply would know it) or null (`kind: 'null'`), always with a type, and may carry marks (`sensitive`). Values are immutable.

Numbers: Terraform keeps numbers as 512-bit binary big floats (about 154 decimal digits), and parses and prints them in decimal, so `0.1 + 0.2` prints `0.3` and `18446744073709551615` stays exact. decimal.js gives us arbitrary-precision decimal arithmetic with a configurable number of significant digits, infinities and exact decimal text, which is that behaviour without writing a big-float library; `Numeric` is its configuration for the whole project.
*/

export const Numeric = Decimal.clone({
	precision: 155,
	rounding: Decimal.ROUND_HALF_EVEN,
	toExpNeg: -1_000_000,
	toExpPos: 1_000_000,
	maxE: 9e15,
	minE: -9e15,
});

export type NumericValue = InstanceType<typeof Numeric>;

/**
`assumed`: the value is (or comes from) a what-if assumption (`--assume`), not from the configuration; it flows through every operation as the other marks do, so what it decides can say so.
*/
export type Mark = 'sensitive' | 'ephemeral' | 'assumed';
export type Marks = ReadonlySet<Mark>;

type Marked = {readonly marks?: Marks};

export type StringValue = Marked & {readonly kind: 'string'; readonly value: string};
/**
`precision` is the binary precision (bits of mantissa) of the big float Terraform would hold: 512 (the default) for numbers read from text and results of arithmetic, 53 for results of functions computed in float64 (`pow`, `log`, ...), which JavaScript numbers passed to `numberValue` stand for. It changes only how many digits print (Go's shortest text for that precision).
*/
export type NumberValue = Marked & {readonly kind: 'number'; readonly value: NumericValue; readonly precision?: number};
export type BoolValue = Marked & {readonly kind: 'bool'; readonly value: boolean};
export type ListValue = Marked & {readonly kind: 'list'; readonly elementType: Type; readonly elements: readonly Value[]};
/**
Elements are distinct and kept in cty's set order (see `sortSetElements` in operations), which is the order the console prints.
*/
export type SetValue = Marked & {readonly kind: 'set'; readonly elementType: Type; readonly elements: readonly Value[]};
/**
Keys are kept sorted lexically, as cty iterates maps.
*/
export type MapValue = Marked & {readonly kind: 'map'; readonly elementType: Type; readonly entries: ReadonlyMap<string, Value>};
export type TupleValue = Marked & {readonly kind: 'tuple'; readonly elements: readonly Value[]};
/**
`open` (set only by the configuration layer, for resource instances whose provider schema tfscope does not know): an attribute not in `attributes` is one only the provider knows (`id`, `arn`, ...), so reading it gives an unknown value of dynamic type instead of an "Unsupported attribute" error.
*/
/**
`open`: a resource's value without its provider's schema, which the provider may add attributes to: reading a missing one is unknown, and what iterating it or a function of the whole gives is unknown. `partial`: an object the configuration wrote inside such a value (`metadata = {...}`): reading a name it lacks is unknown too (a nested attribute the provider computes), while its own attributes read, iterate and convert as written.
*/
export type ObjectValue = Marked & {readonly kind: 'object'; readonly attributes: ReadonlyMap<string, Value>; readonly open?: boolean; readonly partial?: boolean};
export type NullValue = Marked & {readonly kind: 'null'; readonly type: Type};
/**
`refinement`: what is known of the value before apply (cty's refinements, see refinements.ts); absent for most unknowns.
*/
export type UnknownValue = Marked & {readonly kind: 'unknown'; readonly type: Type; readonly refinement?: Refinement};

export type KnownValue = StringValue | NumberValue | BoolValue | ListValue | SetValue | MapValue | TupleValue | ObjectValue;
export type Value = KnownValue | NullValue | UnknownValue;

export function stringValue(value: string): StringValue {
	// V8 keeps a string built by `+` (a template, `format`) as a chain of its pieces until something reads its characters; a value can live as long as the workspace, so it is flattened here, once: reading one character makes V8 copy the chain into one string, and the collector then drops the chain (rendered templates were 23 MB of chains at 4x). A flat string is left as it is.
	if (value.length > 12) {
		value.charCodeAt(0);
	}

	if (value.length > internedLengthLimit) {
		return {kind: 'string', value};
	}

	// The instances of a block make the same strings over and over (a tag, a rendered policy, a key): one value object (and one copy of the text) per distinct string, from a table that is emptied when it grows past its limits, so it holds no more than a few megabytes whatever is loaded.
	let interned = internedStrings.get(value);
	if (interned === undefined) {
		if (internedStrings.size >= internedCountLimit || internedCharacters + value.length > internedCharacterLimit) {
			internedStrings.clear();
			internedCharacters = 0;
		}

		interned = {kind: 'string', value};
		internedStrings.set(value, interned);
		internedCharacters += value.length;
	}

	return interned;
}

const internedStrings = new Map<string, StringValue>();
const internedLengthLimit = 4096;
const internedCountLimit = 65_536;
const internedCharacterLimit = 4 * 1024 * 1024;
let internedCharacters = 0;

/**
Small non-negative integers (count.index, index keys, lengths) are shared: a Decimal costs far more than a lookup, and values are immutable.
*/
const smallIntegers: NumberValue[] = [];
const smallIntegerLimit = 4096;

/**
The string of a number, made by `make`: for a shared small integer (see smallIntegers) made once and kept, since `count.index` becomes a string in templates and tags for every instance; for any other number, which has no such place, made each time.
*/
export function numberString(value: NumberValue, make: (value: NumberValue) => StringValue): StringValue {
	const first = value.value.d?.[0];
	if (first === undefined || first >= smallIntegerLimit || smallIntegers[first] !== value) {
		return make(value);
	}

	return smallIntegerStrings[first] ??= make(value);
}

const smallIntegerStrings: StringValue[] = [];

export function numberValue(value: NumericValue | number | string | bigint): NumberValue {
	if (typeof value === 'number') {
		if (value >= 0 && value < smallIntegerLimit && Number.isInteger(value) && !Object.is(value, -0)) {
			return smallIntegers[value] ??= {kind: 'number', value: new Numeric(value)};
		}

		// A float64, as Go's big.NewFloat keeps it: its exact binary value at 53 bits.
		return Number.isFinite(value) && !Number.isSafeInteger(value)
			? {kind: 'number', value: exactDouble(value), precision: 53}
			: {kind: 'number', value: new Numeric(value)};
	}

	return {kind: 'number', value: value instanceof Numeric ? value : new Numeric(typeof value === 'bigint' ? value.toString() : value)};
}

/**
The exact decimal value of a float64 (every binary fraction has a finite decimal expansion).
*/
function exactDouble(value: number): NumericValue {
	const view = new DataView(new ArrayBuffer(8));
	view.setFloat64(0, value);
	const bits = view.getBigUint64(0);
	const negative = bits >> 63n === 1n;
	const exponentBits = Number((bits >> 52n) & 0x7FFn);
	let mantissa = bits & ((1n << 52n) - 1n);
	let exponent: number;
	if (exponentBits === 0) {
		exponent = -1074;
	} else {
		mantissa |= 1n << 52n;
		exponent = exponentBits - 1075;
	}

	let text: string;
	if (exponent >= 0) {
		text = (mantissa << BigInt(exponent)).toString();
	} else {
		const digits = (mantissa * (5n ** BigInt(-exponent))).toString().padStart(-exponent + 1, '0');
		text = `${digits.slice(0, exponent)}.${digits.slice(exponent)}`;
	}

	return new Numeric(negative ? `-${text}` : text);
}

export const trueValue: BoolValue = Object.freeze({kind: 'bool', value: true});
export const falseValue: BoolValue = Object.freeze({kind: 'bool', value: false});

export function boolValue(value: boolean): BoolValue {
	return value ? trueValue : falseValue;
}

export function listValue(elementType: Type, elements: readonly Value[]): ListValue {
	return {kind: 'list', elementType, elements};
}

export function tupleValue(elements: readonly Value[]): TupleValue {
	return {kind: 'tuple', elements};
}

export function mapValue(elementType: Type, entries: ReadonlyMap<string, Value> | Iterable<readonly [string, Value]>): MapValue {
	if (entries instanceof SortedEntries) {
		// Read-only, so shared (an object's attributes converted to a map).
		return {kind: 'map', elementType, entries};
	}

	if (entries instanceof Map && entries.size <= compactEntriesLimit) {
		// From another map or an object's attributes (`tags = merge(...)` converted to map(string) for every instance): its keys are distinct and nearly always sorted already; read without making pairs.
		const keys: string[] = [];
		const values: Value[] = [];
		let sorted = true;
		for (const key of (entries as ReadonlyMap<string, Value>).keys()) {
			if (keys.length > 0 && compareStrings(keys.at(-1)!, key) > 0) {
				sorted = false;
				break;
			}

			keys.push(key);
			values.push((entries as ReadonlyMap<string, Value>).get(key)!);
		}

		if (sorted) {
			return {kind: 'map', elementType, entries: sortedEntries(keys, values)};
		}
	}

	const list = Array.isArray(entries) ? entries as ReadonlyArray<readonly [string, Value]> : [...entries];
	// Most maps arrive sorted (from objects, from other maps): check before sorting a copy.
	let sorted = true;
	for (let index = 1; index < list.length; index++) {
		if (compareStrings(list[index - 1]![0], list[index]![0]) > 0) {
			sorted = false;
			break;
		}
	}

	const ordered = sorted ? list : [...list].sort(([a], [b]) => compareStrings(a, b));
	return {kind: 'map', elementType, entries: ordered.length <= compactEntriesLimit ? compactEntries(ordered) : new Map(ordered)};
}

/**
Maps of up to this many entries keep them in two arrays (`SortedEntries`) instead of a Map: a configuration has tens of thousands of small maps (every instance's `tags`), and a Map of six entries costs about 500 bytes.
*/
const compactEntriesLimit = 32;

/**
The keys of the last few small maps made with keys not seen just before, reused by the next ones with the same keys (the instances of one block, one after another, make maps with the same keys, often two or three kinds in turn: a body's `tags` and a nested block's object), replaced in turn.
*/
const recentKeys: Array<readonly string[]> = [[]];
const recentKeysLimit = 8;
let nextRecentKeys = 0;

/**
Whether two arrays hold the same items (identical, `===`) in the same order.
*/
export function sameItems<Item>(a: readonly Item[], b: readonly Item[]): boolean {
	if (a.length !== b.length) {
		return false;
	}

	for (let position = 0; position < a.length; position++) {
		if (a[position] !== b[position]) {
			return false;
		}
	}

	return true;
}

/**
An array equal to `keys`, of its exact length, shared with other maps of the same keys (see recentKeys).
*/
function sharedKeys(keys: readonly string[]): readonly string[] {
	for (const recent of recentKeys) {
		if (sameItems(keys, recent)) {
			return recent;
		}
	}

	const copy = keys.slice();
	recentKeys[nextRecentKeys] = copy;
	nextRecentKeys = (nextRecentKeys + 1) % recentKeysLimit;
	return copy;
}

function compactEntries(ordered: ReadonlyArray<readonly [string, Value]>): ReadonlyMap<string, Value> {
	const keys: string[] = [];
	const values: Value[] = [];
	for (const [key, value] of ordered) {
		// A key given twice keeps its last value, as a Map would.
		if (keys.length > 0 && keys.at(-1) === key) {
			values[values.length - 1] = value;
		} else {
			keys.push(key);
			values.push(value);
		}
	}

	return sortedEntries(keys, values);
}

/**
The entries of a map or an object's attributes from distinct keys in lexical order (compareStrings) and their values: a SortedEntries up to 32 entries, a Map past that. The arrays are copied.
*/
export function sortedEntries(keys: readonly string[], values: readonly Value[]): ReadonlyMap<string, Value> {
	if (keys.length > compactEntriesLimit) {
		const map = new Map<string, Value>();
		for (let position = 0; position < keys.length; position++) {
			map.set(keys[position]!, values[position]!);
		}

		return map;
	}

	return new SortedEntries(sharedKeys(keys), values.slice());
}

/**
sortedEntries for at most 32 keys, with the arrays kept rather than copied: the caller never changes either (the keys are an object constructor's names, the same for every object it builds; the values a new array).
*/
export function sortedEntriesOf(keys: readonly string[], values: readonly Value[]): ReadonlyMap<string, Value> {
	return keys.length > compactEntriesLimit ? sortedEntries(keys, values) : new SortedEntries(keys, values);
}

/**
A small map's entries: sorted keys (shared with other maps of the same keys) and their values. Read-only, like every value; a Map without a Map's storage (see PositionalMap).
*/
class SortedEntries extends PositionalMap {
	readonly #keys: readonly string[];
	readonly #values: readonly Value[];

	constructor(keys: readonly string[], values: readonly Value[]) {
		super();
		this.#keys = keys;
		this.#values = values;
	}

	// A getter, not a field: no slot in each of the many objects.
	protected get readOnlyMessage(): string {
		return 'A map value\'s entries are read-only';
	}

	get size(): number {
		return this.#keys.length;
	}

	has(key: string): boolean {
		return positionOfKey(this.#keys, key) !== -1;
	}

	get(key: string): Value | undefined {
		const position = positionOfKey(this.#keys, key);
		return position === -1 ? undefined : this.#values[position];
	}

	protected keyAt(position: number): string {
		return this.#keys[position]!;
	}

	protected valueAt(position: number): Value {
		return this.#values[position]!;
	}
}

/**
The position of a key among sorted keys, -1 when absent. A function, not a private method of SortedEntries: a class with a private method stores a brand in each of its objects (8 bytes in each of 50,000 small maps at 4x).
*/
function positionOfKey(keys: readonly string[], key: string): number {
	let low = 0;
	let high = keys.length - 1;
	while (low <= high) {
		const middle = (low + high) >>> 1;
		const found = keys[middle]!;
		if (found === key) {
			return middle;
		}

		if (found < key) {
			low = middle + 1;
		} else {
			high = middle - 1;
		}
	}

	return -1;
}

export function objectValue(attributes: ReadonlyMap<string, Value> | Iterable<readonly [string, Value]> | Readonly<Record<string, Value>>): ObjectValue {
	if (attributes instanceof Map) {
		// One copy, not two: the Map constructor iterates the map directly.
		return {kind: 'object', attributes: new Map(attributes as ReadonlyMap<string, Value>)};
	}

	const entries = Symbol.iterator in attributes
		? attributes as Iterable<readonly [string, Value]>
		: Object.entries(attributes as Record<string, Value>);
	return {kind: 'object', attributes: new Map(entries)};
}

/**
A set from its elements in any order; the caller (operations.setFromElements) is responsible for deduplication and ordering.
*/
export function setValueUnchecked(elementType: Type, elements: readonly Value[]): SetValue {
	return {kind: 'set', elementType, elements};
}

export function nullValue(type: Type = dynamicType): NullValue {
	return {kind: 'null', type};
}

export function unknownValue(type: Type = dynamicType): UnknownValue {
	return {kind: 'unknown', type};
}

export const emptyObjectValue: ObjectValue = Object.freeze({kind: 'object', attributes: new Map()}) as ObjectValue;
export const emptyTupleValue: TupleValue = Object.freeze({kind: 'tuple', elements: Object.freeze([])}) as TupleValue;

/**
Byte-wise (UTF-16 code unit) string order, the order Go's sort.Strings gives for the keys Terraform sorts.
*/
export function compareStrings(a: string, b: string): number {
	return a < b ? -1 : (a > b ? 1 : 0);
}

/**
Types of big tuple and object values, computed once per value (values are immutable; a module's resources object is asked for its type by every expression that reads it). Small ones are cheaper to recompute than to keep in a WeakMap.
*/
const structuralTypes = new WeakMap<Value, Type>();
const bigValue = 16;

/**
Whether a small tuple or object holds collections big to walk (64 nodes and more, a shared one counted each time, budget.ts treeSize): its type is then kept too, so the type of a value doubled through shared references (`l2 = [local.l1, local.l1]` ...) is made once per distinct part and is itself shared, not 2^n types.
*/
function holdsBigCollections(elements: Iterable<Value>): boolean {
	for (const element of elements) {
		if ((element.kind === 'tuple' || element.kind === 'object' || element.kind === 'list' || element.kind === 'set' || element.kind === 'map') && treeSize(element) >= 64) {
			return true;
		}
	}

	return false;
}

/**
The type of a value (cty's Value.Type()).
*/
export function typeOf(value: Value): Type {
	switch (value.kind) {
		case 'string': {
			return stringType;
		}

		case 'number': {
			return numberType;
		}

		case 'bool': {
			return boolType;
		}

		case 'list': {
			return listType(value.elementType);
		}

		case 'set': {
			return setType(value.elementType);
		}

		case 'map': {
			return mapType(value.elementType);
		}

		case 'tuple': {
			const keep = value.elements.length >= bigValue || holdsBigCollections(value.elements);
			let type = keep ? structuralTypes.get(value) : undefined;
			if (!type) {
				const elements: Type[] = [];
				for (const element of value.elements) {
					elements.push(typeOf(element));
				}

				type = tupleType(elements);
				if (keep) {
					structuralTypes.set(value, type);
				}
			}

			return type;
		}

		case 'object': {
			const keep = value.attributes.size >= bigValue || holdsBigCollections(value.attributes.values());
			let type = keep ? structuralTypes.get(value) : undefined;
			if (!type) {
				const attributes: Record<string, Type> = {};
				for (const [name, attribute] of value.attributes) {
					attributes[name] = typeOf(attribute);
				}

				type = objectType(attributes);
				if (keep) {
					structuralTypes.set(value, type);
				}
			}

			return type;
		}

		case 'null':
		case 'unknown': {
			return value.type;
		}
	}
}

export function isKnown(value: Value): value is KnownValue | NullValue {
	return value.kind !== 'unknown';
}

export function isNull(value: Value): value is NullValue {
	return value.kind === 'null';
}

/**
True when the value is known all the way down (cty's IsWhollyKnown).
*/
export function isWhollyKnown(value: Value): boolean {
	switch (value.kind) {
		case 'unknown': {
			return false;
		}

		case 'list':
		case 'set':
		case 'tuple': {
			return value.elements.every(element => isWhollyKnown(element));
		}

		// Loops rather than a spread of the values: asked of every element of every set made.
		case 'map': {
			for (const element of value.entries.values()) {
				if (!isWhollyKnown(element)) {
					return false;
				}
			}

			return true;
		}

		case 'object': {
			for (const element of value.attributes.values()) {
				if (!isWhollyKnown(element)) {
					return false;
				}
			}

			return true;
		}

		default: {
			return true;
		}
	}
}

const sensitiveMarks: Marks = Object.freeze(new Set<Mark>(['sensitive']));

export function hasMark(value: Value, mark: Mark): boolean {
	return value.marks?.has(mark) ?? false;
}

export function isSensitive(value: Value): boolean {
	return hasMark(value, 'sensitive');
}

/**
The value with `marks` added to its own (shallow) marks.
*/
export function withMarks<T extends Value>(value: T, marks: Marks | undefined): T {
	if (!marks || marks.size === 0) {
		return value;
	}

	if (value.marks && [...marks].every(mark => value.marks!.has(mark))) {
		return value;
	}

	const merged = marks === sensitiveMarks && !value.marks ? sensitiveMarks : new Set([...(value.marks ?? []), ...marks]);
	return {...value, marks: merged};
}

export function markSensitive<T extends Value>(value: T): T {
	return withMarks(value, sensitiveMarks);
}

/**
The value without its own marks, and those marks.
*/
export function unmark<T extends Value>(value: T): [T, Marks | undefined] {
	if (!value.marks || value.marks.size === 0) {
		return [value, undefined];
	}

	const {marks, ...rest} = value;
	return [rest as T, marks];
}

/**
The value without its own marks (unmark's first half, without the pair: for the many places that only read the value).
*/
export function withoutMarks<T extends Value>(value: T): T {
	return !value.marks || value.marks.size === 0 ? value : unmark(value)[0];
}

/**
Marks anywhere inside the value, its own included (cty's UnmarkDeep, returning the union of marks).
*/
export function deepMarks(value: Value): Set<Mark> {
	const found = new Set<Mark>();
	if (hasDeepMarks(value)) {
		collectMarks(value, found);
	}

	return found;
}

function collectMarks(value: Value, found: Set<Mark>): void {
	if (value.marks) {
		for (const mark of value.marks) {
			found.add(mark);
		}
	}

	switch (value.kind) {
		case 'list':
		case 'set':
		case 'tuple': {
			for (const element of value.elements) {
				collectMarks(element, found);
			}

			break;
		}

		case 'map': {
			for (const element of value.entries.values()) {
				collectMarks(element, found);
			}

			break;
		}

		case 'object': {
			for (const element of value.attributes.values()) {
				collectMarks(element, found);
			}

			break;
		}

		default: {
			break;
		}
	}
}

/**
True when the value or anything inside it has a mark; allocates nothing, so unmarked values (nearly all of them) cost one walk.
*/
export function hasDeepMarks(value: Value): boolean {
	if (value.marks && value.marks.size > 0) {
		return true;
	}

	switch (value.kind) {
		case 'list':
		case 'set':
		case 'tuple': {
			for (const element of value.elements) {
				if (hasDeepMarks(element)) {
					return true;
				}
			}

			return false;
		}

		case 'map': {
			for (const element of value.entries.values()) {
				if (hasDeepMarks(element)) {
					return true;
				}
			}

			return false;
		}

		case 'object': {
			for (const element of value.attributes.values()) {
				if (hasDeepMarks(element)) {
					return true;
				}
			}

			return false;
		}

		default: {
			return false;
		}
	}
}
