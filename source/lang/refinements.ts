import {boolType, isCollectionType, numberType, type Type} from './types.js';
import {
	type NumericValue, type UnknownValue, type Value, boolValue, isWhollyKnown, listValue, mapValue, Numeric, numberValue, setValueUnchecked, unknownValue,
} from './values.js';

/*
Refined unknown values, after go-cty's cty/unknown_refinement.go and value_range.go: what is known about a value only apply will know. An unknown may be known not to be null, a string to start with a prefix, a collection's length to lie between bounds, a number to lie between bounds. The console prints every unknown as `(known after apply)`; refinements show through the operations that use them (`x != null`, `startswith`, `length(x) > 0`), and a refinement that pins the value down makes it known, as cty's NewValue does (a not-null number whose bounds meet, a list of known length).
*/

export type NumberBound = {readonly value: NumericValue; readonly inclusive: boolean};

export type Refinement = {
	readonly notNull?: boolean;
	/** Strings: the known start (already cut to whole characters). */
	readonly prefix?: string;
	/** Collections (list, set, map). */
	readonly lengthMin?: number;
	readonly lengthMax?: number;
	/** Numbers. */
	readonly min?: NumberBound;
	readonly max?: NumberBound;
};

/**
What a value's range says, for known values too (cty's Value.Range()).
*/
export type ValueRange = {
	readonly notNull: boolean;
	readonly null: boolean;
	readonly prefix: string;
	readonly lengthMin: number;
	readonly lengthMax: number;
	readonly min: NumberBound | undefined;
	readonly max: NumberBound | undefined;
};

const notNullRefinement: Refinement = Object.freeze({notNull: true});

/**
An unknown of `type` with a refinement, made as cty's RefinementBuilder.NewValue makes it: a dynamic type takes no refinement; a not-null number whose inclusive bounds are equal is that number; a not-null collection of known length is empty (length 0), a list of that many unknown elements, or a set of one unknown element.
*/
export function refinedUnknown(type: Type, refinement: Refinement | undefined): Value {
	if (type.kind === 'dynamic' || !refinement || isEmptyRefinement(refinement)) {
		return unknownValue(type);
	}

	if (refinement.notNull) {
		if (type.kind === 'number' && refinement.min?.inclusive && refinement.max?.inclusive && refinement.min.value.equals(refinement.max.value)) {
			return numberValue(refinement.min.value);
		}

		if (isCollectionType(type) && refinement.lengthMin !== undefined && refinement.lengthMin === refinement.lengthMax) {
			const length = refinement.lengthMin;
			if (length === 0) {
				return type.kind === 'map' ? mapValue(type.element, []) : (type.kind === 'set' ? setValueUnchecked(type.element, []) : listValue(type.element, []));
			}

			if (type.kind === 'list') {
				return listValue(type.element, Array.from({length}, () => unknownValue(type.element)));
			}

			if (type.kind === 'set' && length === 1) {
				return setValueUnchecked(type.element, [unknownValue(type.element)]);
			}
		}
	}

	const kept = keptFor(type, refinement);
	return kept ? {kind: 'unknown', type, refinement: kept} : unknownValue(type);
}

/**
An unknown of `type` known not to be null (most operations' results: cty's RefineNotNull).
*/
export function notNullUnknown(type: Type): Value {
	return type.kind === 'dynamic' ? unknownValue(type) : {kind: 'unknown', type, refinement: notNullRefinement};
}

export const unknownBool: UnknownValue = Object.freeze({kind: 'unknown', type: boolType, refinement: notNullRefinement}) as UnknownValue;

// Only what the type can hold.
function keptFor(type: Type, refinement: Refinement): Refinement | undefined {
	const kept: {notNull?: boolean; prefix?: string; lengthMin?: number; lengthMax?: number; min?: NumberBound; max?: NumberBound} = {};
	if (refinement.notNull) {
		kept.notNull = true;
	}

	if (type.kind === 'string' && refinement.prefix) {
		kept.prefix = refinement.prefix;
	}

	if (isCollectionType(type)) {
		if (refinement.lengthMin !== undefined && refinement.lengthMin > 0) {
			kept.lengthMin = refinement.lengthMin;
		}

		if (refinement.lengthMax !== undefined && Number.isFinite(refinement.lengthMax)) {
			kept.lengthMax = refinement.lengthMax;
		}
	}

	if (type.kind === 'number') {
		if (refinement.min && refinement.min.value.isFinite()) {
			kept.min = refinement.min;
		}

		if (refinement.max && refinement.max.value.isFinite()) {
			kept.max = refinement.max;
		}
	}

	return isEmptyRefinement(kept) ? undefined : kept;
}

function isEmptyRefinement(refinement: Refinement): boolean {
	return !refinement.notNull && !refinement.prefix && refinement.lengthMin === undefined && refinement.lengthMax === undefined && !refinement.min && !refinement.max;
}

const unbounded: ValueRange = Object.freeze({notNull: false, null: false, prefix: '', lengthMin: 0, lengthMax: Number.POSITIVE_INFINITY, min: undefined, max: undefined});

/**
The range of a value (marks ignored): for a known value, exactly it; for an unknown, its refinement.
*/
export function rangeOf(value: Value): ValueRange {
	switch (value.kind) {
		case 'unknown': {
			const {refinement} = value;
			if (!refinement) {
				return unbounded;
			}

			return {
				notNull: refinement.notNull === true,
				null: false,
				prefix: refinement.prefix ?? '',
				lengthMin: refinement.lengthMin ?? 0,
				lengthMax: refinement.lengthMax ?? Number.POSITIVE_INFINITY,
				min: refinement.min,
				max: refinement.max,
			};
		}

		case 'null': {
			return {...unbounded, null: true};
		}

		case 'string': {
			return {...unbounded, notNull: true, prefix: value.value};
		}

		case 'number': {
			const bound = {value: value.value, inclusive: true};
			return {...unbounded, notNull: true, min: bound, max: bound};
		}

		case 'list':
		case 'set':
		case 'tuple': {
			// A set's unknown elements may turn out equal to others: at least one element, at most all.
			const length = value.elements.length;
			const lengthMin = value.kind === 'set' && length > 1 && !isWhollyKnown(value) ? 1 : length;
			return {...unbounded, notNull: true, lengthMin, lengthMax: length};
		}

		case 'map': {
			return {...unbounded, notNull: true, lengthMin: value.entries.size, lengthMax: value.entries.size};
		}

		default: {
			return {...unbounded, notNull: true};
		}
	}
}

/**
Known not to be null.
*/
export function definitelyNotNull(value: Value): boolean {
	return value.kind === 'unknown' ? value.refinement?.notNull === true : value.kind !== 'null';
}

/**
Whether a known value can be the unknown one (cty's ValueRange.Includes): false when its refinement rules it out, else undefined (cannot tell).
*/
export function excludes(unknown: Value, known: Value): boolean {
	const range = rangeOf(unknown);
	if (known.kind === 'null') {
		return range.notNull;
	}

	if (known.kind === 'string' && range.prefix !== '') {
		return !known.value.startsWith(range.prefix);
	}

	if (known.kind === 'number') {
		const {min, max} = range;
		if (min && (min.inclusive ? known.value.lessThan(min.value) : known.value.lessThanOrEqualTo(min.value))) {
			return true;
		}

		if (max && (max.inclusive ? known.value.greaterThan(max.value) : known.value.greaterThanOrEqualTo(max.value))) {
			return true;
		}
	}

	if ((known.kind === 'list' || known.kind === 'set' || known.kind === 'map') && unknown.kind === 'unknown' && isCollectionType(unknown.type)) {
		const length = known.kind === 'map' ? known.entries.size : known.elements.length;
		return length < range.lengthMin || length > range.lengthMax;
	}

	return false;
}

const negativeInfinity = new Numeric(Number.NEGATIVE_INFINITY);
const positiveInfinity = new Numeric(Number.POSITIVE_INFINITY);

/**
`a < b` (or `a > b` with the operands swapped) of two numbers, one of them unknown, as cty decides it from their ranges: true or false when the bounds settle it (every bound taken as exclusive, as cty does), else a not-null unknown bool.
*/
export function compareRanges(a: Value, b: Value): Value {
	const left = rangeOf(a);
	const right = rangeOf(b);
	const leftMax = left.max?.value ?? positiveInfinity;
	const rightMin = right.min?.value ?? negativeInfinity;
	if (leftMax.lessThan(rightMin)) {
		return boolValue(true);
	}

	const leftMin = left.min?.value ?? negativeInfinity;
	const rightMax = right.max?.value ?? positiveInfinity;
	if (leftMin.greaterThan(rightMax)) {
		return boolValue(false);
	}

	return unknownBool;
}

/**
The length of an unknown collection, or of a set holding unknown elements (cty's Value.Length): a not-null number between the length bounds.
*/
export function lengthOfRange(range: ValueRange): Value {
	return refinedUnknown(numberType, {
		notNull: true,
		min: {value: new Numeric(range.lengthMin), inclusive: true},
		...(Number.isFinite(range.lengthMax) && {max: {value: new Numeric(range.lengthMax), inclusive: true}}),
	});
}

const clusterEnds = new Set(['-', '_', ':', ';', '/', '\\', ',', '.', '(', ')', '{', '}', '[', ']', '|', '?', '!', '~', ' ', '\t', '@', '#', '$', '%', '^', '&', '*', '+', '"', '\'']);
// Made on first use: the first Intl.Segmenter of a process costs tens of milliseconds (ICU's data), too much for every start.
let graphemes: Intl.Segmenter | undefined;

/**
A string's known prefix as cty keeps it (ctystrings.SafeKnownPrefix): normalised to NFC, without its last grapheme cluster, which the text that follows could still extend (a combining mark, a joiner), unless that is one punctuation or space character that always ends a cluster (`-`, `/`, `.`, ...).
*/
export function safeKnownPrefix(prefix: string): string {
	const normalised = prefix.normalize('NFC');
	let last: {index: number; segment: string} | undefined;
	graphemes ??= new Intl.Segmenter(undefined, {granularity: 'grapheme'});
	for (const segment of graphemes.segment(normalised)) {
		last = segment;
	}

	if (!last) {
		return '';
	}

	return clusterEnds.has(last.segment) ? normalised : normalised.slice(0, last.index);
}
