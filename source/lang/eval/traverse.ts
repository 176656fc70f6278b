import {type Diagnostic, errorDiagnostic} from '../../hcl/diagnostics.js';
import type {Range} from '../../hcl/position.js';
import {type MismatchWording, convert, conversionFailureText} from '../convert.js';
import {type Type, dynamicType, numberType, stringType} from '../types.js';
import {
	type Value, unknownValue, unmark, withMarks,
} from '../values.js';

/*
Attribute access and indexing after hcl's GetAttr and Index, with their diagnostics. The marks of the collection (and of the key) go onto the result.
*/

type Step = {value: Value; diagnostics: Diagnostic[]};

/**
Where a step is: a range, or the syntax node whose range it is. Passing the node lets a successful step skip computing its range, which syntax nodes build on demand.
*/
export type StepPlace = Range | {readonly range: Range};

function failed(summary: string, detail: string, place: StepPlace): Step {
	return {value: unknownValue(), diagnostics: [errorDiagnostic(summary, detail, 'filename' in place ? place : place.range)]};
}

export function getAttribute(object: Value, name: string, range: StepPlace): Step {
	const [bare, marks] = unmark(object);
	if (bare.kind === 'null') {
		return failed('Attempt to get attribute from null value', 'This value is null, so it does not have any attributes.', range);
	}

	const type = bare.kind === 'unknown' ? bare.type : undefined;
	if (bare.kind === 'object' || type?.kind === 'object') {
		const attributeType = type?.kind === 'object' ? type.attributes[name] : undefined;
		if (bare.kind === 'object' && (bare.open || bare.partial) && !bare.attributes.has(name)) {
			// An attribute only the provider knows.
			return {value: withMarks(unknownValue(), marks), diagnostics: []};
		}

		if (bare.kind === 'object' ? !bare.attributes.has(name) : attributeType === undefined) {
			return failed('Unsupported attribute', `This object does not have an attribute named ${JSON.stringify(name)}.`, range);
		}

		const value = bare.kind === 'object' ? bare.attributes.get(name)! : unknownValue(attributeType);
		return {value: withMarks(value, marks), diagnostics: []};
	}

	if (bare.kind === 'map' || type?.kind === 'map') {
		if (bare.kind !== 'map') {
			return {value: withMarks(unknownValue((type as {element: Type}).element), marks), diagnostics: []};
		}

		const value = bare.entries.get(name);
		if (!value) {
			return failed('Missing map element', `This map does not have an element with the key ${JSON.stringify(name)}.`, range);
		}

		return {value: withMarks(value, marks), diagnostics: []};
	}

	const actualType = type ?? (bare.kind === 'list' || bare.kind === 'set' ? {kind: bare.kind, element: bare.elementType} as Type : undefined);
	if (actualType?.kind === 'dynamic') {
		return {value: withMarks(unknownValue(), marks), diagnostics: []};
	}

	if (actualType?.kind === 'list' && actualType.element.kind === 'object') {
		const detail = name in actualType.element.attributes
			? `Can't access attributes on a list of objects. Did you mean to access attribute ${JSON.stringify(name)} for a specific element of the list, or across all elements of the list?`
			: 'Can\'t access attributes on a list of objects. Did you mean to access an attribute for a specific element of the list, or across all elements of the list?';
		return failed('Unsupported attribute', detail, range);
	}

	if (actualType?.kind === 'set' && actualType.element.kind === 'object') {
		return failed('Unsupported attribute', 'Can\'t access attributes on a set of objects. Did you mean to access an attribute across all elements of the set?', range);
	}

	if (bare.kind === 'string' || bare.kind === 'number' || bare.kind === 'bool' || type?.kind === 'string' || type?.kind === 'number' || type?.kind === 'bool') {
		const kind = type?.kind ?? bare.kind;
		return failed('Unsupported attribute', `Can't access attributes on a primitive-typed value (${kind}).`, range);
	}

	return failed('Unsupported attribute', 'This value does not have any attributes.', range);
}

const invalidIndex = 'Invalid index';
const noElement = 'The given key does not identify an element in this collection value';

function unmarked(value: Value): Value {
	return value;
}

export function index(collection: Value, key: Value, range: StepPlace, wording: MismatchWording = 'terse'): Step {
	const [bare, marks] = unmark(collection);
	if (bare.kind === 'null') {
		return failed('Attempt to index null value', 'This value is null, so it does not have any indices.', range);
	}

	const [bareKey, keyMarks] = unmark(key);
	if (bareKey.kind === 'null') {
		return failed(invalidIndex, 'Can\'t use a null value as an indexing key.', range);
	}

	const collectionType = bare.kind === 'unknown' ? bare.type : undefined;
	const keyType = bareKey.kind === 'unknown' ? bareKey.type : undefined;
	const resultMarks = marks || keyMarks ? new Set([...(marks ?? []), ...(keyMarks ?? [])]) : undefined;
	const mark = resultMarks ? (value: Value): Value => withMarks(value, resultMarks.size > 0 ? resultMarks : undefined) : unmarked;
	if (keyType?.kind === 'dynamic' || collectionType?.kind === 'dynamic') {
		return {value: mark(unknownValue(dynamicType)), diagnostics: []};
	}

	const kind = collectionType?.kind ?? bare.kind;
	switch (kind) {
		case 'list':
		case 'tuple':
		case 'map': {
			const want = kind === 'map' ? stringType : numberType;
			const converted = convert(bareKey, want);
			if (!converted.ok) {
				return failed(invalidIndex, `${noElement}: ${conversionFailureText(converted, wording)}.`, range);
			}

			const keyValue = converted.value;
			if (keyValue.kind === 'unknown' || bare.kind === 'unknown') {
				let elementType: Type = dynamicType;
				if (collectionType?.kind === 'list' || collectionType?.kind === 'map') {
					elementType = collectionType.element;
				} else if (bare.kind === 'list' || bare.kind === 'map') {
					elementType = bare.elementType;
				}

				return {value: mark(unknownValue(elementType)), diagnostics: []};
			}

			if (bare.kind === 'map' && keyValue.kind === 'string') {
				const element = bare.entries.get(keyValue.value);
				return element ? {value: mark(element), diagnostics: []} : failed(invalidIndex, `${noElement}.`, range);
			}

			if ((bare.kind === 'list' || bare.kind === 'tuple') && keyValue.kind === 'number') {
				const number = keyValue.value;
				if (!number.isInteger()) {
					return failed(invalidIndex, `${noElement}: indexing a sequence requires a whole number, but the given index has a fractional part.`, range);
				}

				if (number.isNegative() && !number.isZero()) {
					return failed(invalidIndex, `${noElement}: a negative number is not a valid index for a sequence.`, range);
				}

				const position = number.toNumber();
				const element = bare.elements[position];
				if (!element) {
					if (bare.elements.length === 0) {
						return failed(invalidIndex, `${noElement}: the collection has no elements.`, range);
					}

					const suffix = position === bare.elements.length ? ': the given index is greater than or equal to the length of the collection' : '';
					return failed(invalidIndex, `${noElement}${suffix}.`, range);
				}

				return {value: mark(element), diagnostics: []};
			}

			return failed(invalidIndex, `${noElement}.`, range);
		}

		case 'object': {
			const wasNumber = bareKey.kind === 'number' || keyType?.kind === 'number';
			const converted = convert(bareKey, stringType);
			if (!converted.ok) {
				return failed(invalidIndex, `${noElement}: ${conversionFailureText(converted, wording)}.`, range);
			}

			if (bare.kind !== 'object' || converted.value.kind !== 'string') {
				return {value: mark(unknownValue()), diagnostics: []};
			}

			const attribute = bare.attributes.get(converted.value.value);
			if (!attribute && (bare.open || bare.partial)) {
				return {value: mark(unknownValue()), diagnostics: []};
			}

			if (!attribute) {
				return failed(invalidIndex, `${noElement}.${wasNumber ? ' An object only supports looking up attributes by name, not by numeric index.' : ''}`, range);
			}

			return {value: mark(attribute), diagnostics: []};
		}

		case 'set': {
			return failed(invalidIndex, 'Elements of a set are identified only by their value and don\'t have any separate index or key to select with, so it\'s only possible to perform operations across all elements of the set.', range);
		}

		default: {
			return failed(invalidIndex, 'This value does not have any indices.', range);
		}
	}
}

