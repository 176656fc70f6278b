import {formatNumber, numbersEqual} from './numbers.js';
import {type Type, typeEquals} from './types.js';
import {
	type SetValue, type Value, compareStrings, isWhollyKnown, setValueUnchecked,
} from './values.js';

/*
Operations on values that callers have already type-checked (cty's value_ops): raw equality and set construction. User-facing checks and messages live one level up (convert, the evaluator, functions).
*/

/**
Whether two values are the same value of the same type, marks ignored (cty's RawEquals, used for set membership and `==` on known values).
*/
export function rawEquals(a: Value, b: Value): boolean {
	if (a.kind !== b.kind) {
		return false;
	}

	switch (a.kind) {
		case 'string': {
			return a.value === (b as typeof a).value;
		}

		case 'number': {
			return numbersEqual(a.value, (b as typeof a).value, a.precision, (b as typeof a).precision);
		}

		case 'bool': {
			return a.value === (b as typeof a).value;
		}

		case 'null':
		case 'unknown': {
			return typeEquals(a.type, (b as typeof a).type);
		}

		case 'list':
		case 'set': {
			const other = b as typeof a;
			return typeEquals(a.elementType, other.elementType) && a.elements.length === other.elements.length && a.elements.every((element, index) => rawEquals(element, other.elements[index]!));
		}

		case 'tuple': {
			const other = b as typeof a;
			return a.elements.length === other.elements.length && a.elements.every((element, index) => rawEquals(element, other.elements[index]!));
		}

		case 'map': {
			const other = b as typeof a;
			if (!typeEquals(a.elementType, other.elementType) || a.entries.size !== other.entries.size) {
				return false;
			}

			for (const [key, element] of a.entries) {
				const otherElement = other.entries.get(key);
				if (!otherElement || !rawEquals(element, otherElement)) {
					return false;
				}
			}

			return true;
		}

		case 'object': {
			const other = b as typeof a;
			if (a.attributes.size !== other.attributes.size) {
				return false;
			}

			for (const [key, element] of a.attributes) {
				const otherElement = other.attributes.get(key);
				if (!otherElement || !rawEquals(element, otherElement)) {
					return false;
				}
			}

			return true;
		}
	}
}

/**
The text cty hashes to place a value in a set; compared as strings, it orders set elements that have no natural order (checked against terraform console).
*/
function hashText(value: Value): string {
	switch (value.kind) {
		case 'null': {
			return '~';
		}

		case 'unknown': {
			return '?';
		}

		case 'string': {
			return JSON.stringify(value.value);
		}

		case 'number': {
			return formatNumber(value.value, value.precision);
		}

		case 'bool': {
			return value.value ? 'T' : 'F';
		}

		// Built by appending, without an array of parts per value: every element of every set a schema shapes (security group rules, for each instance) is hashed.
		case 'list':
		case 'tuple':
		case 'set': {
			let text = '[';
			for (const element of value.elements) {
				text += `${hashText(element)};`;
			}

			return `${text}]`;
		}

		case 'map': {
			let text = '{';
			value.entries.forEach((element, key) => {
				text += `${JSON.stringify(key)}:${hashText(element)};`;
			});
			return `${text}}`;
		}

		case 'object': {
			// Attributes by name: most objects keep them sorted already (shaped and converted ones), so the names are sorted only when they are not.
			if (keysSorted(value.attributes)) {
				let text = '<';
				value.attributes.forEach(element => {
					text += `${hashText(element)};`;
				});
				return `${text}>`;
			}

			const names = [...value.attributes.keys()].sort(compareStrings);
			return `<${names.map(name => `${hashText(value.attributes.get(name)!)};`).join('')}>`;
		}
	}
}

function keysSorted(map: ReadonlyMap<string, unknown>): boolean {
	let previous: string | undefined;
	for (const key of map.keys()) {
		if (previous !== undefined && compareStrings(previous, key) > 0) {
			return false;
		}

		previous = key;
	}

	return true;
}

function setRank(value: Value): number {
	if (value.kind === 'unknown') {
		return 2;
	}

	return value.kind === 'null' ? 1 : 0;
}

/**
cty's set order: strings lexically, numbers numerically, false before true, anything else by their hash text; unknown and null elements last.
*/
export function compareSetElements(a: Value, b: Value): number {
	const rank = setRank(a) - setRank(b);
	if (rank !== 0) {
		return rank;
	}

	if (a.kind === 'string' && b.kind === 'string') {
		return compareStrings(a.value, b.value);
	}

	if (a.kind === 'number' && b.kind === 'number') {
		return a.value.comparedTo(b.value);
	}

	if (a.kind === 'bool' && b.kind === 'bool') {
		return Number(a.value) - Number(b.value);
	}

	return compareStrings(hashText(a), hashText(b));
}

/**
A set of the given elements: duplicates dropped, in set order. Equal known values have equal hash text, so one pass over a map finds the duplicates.
*/
/**
The key under which a wholly known value is one element of a set: two values are the same element exactly when their keys are equal (so deduplication hashes instead of comparing every pair).
*/
export function setElementKey(value: Value): string {
	const text = hashText(value);
	return text === '-0' ? '0' : text;
}

export function setFromElements(elementType: Type, elements: readonly Value[]): SetValue {
	const byHash = new Map<string, Value>();
	const unknowns: Value[] = [];
	for (const element of elements) {
		// Two values not wholly known are never known to be equal (cty), so each stays a separate element.
		if (element.kind === 'unknown' || !isWhollyKnown(element)) {
			unknowns.push(element);
			continue;
		}

		const key = setElementKey(element);
		if (!byHash.has(key)) {
			byHash.set(key, element);
		}
	}

	const distinct = [...byHash].sort(([hashA, a], [hashB, b]) => compareKnownSetElements(a, b, hashA, hashB)).map(([, element]) => element);
	return setValueUnchecked(elementType, [...distinct, ...unknowns]);
}

function compareKnownSetElements(a: Value, b: Value, hashA: string, hashB: string): number {
	const rank = setRank(a) - setRank(b);
	if (rank !== 0) {
		return rank;
	}

	if (a.kind === 'number' && b.kind === 'number') {
		return a.value.comparedTo(b.value);
	}

	if (a.kind === 'bool' && b.kind === 'bool') {
		return Number(a.value) - Number(b.value);
	}

	if (a.kind === 'string' && b.kind === 'string') {
		return compareStrings(a.value, b.value);
	}

	return compareStrings(hashA, hashB);
}
