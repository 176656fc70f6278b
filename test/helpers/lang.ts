import {
	type Value, boolValue, numberValue, objectValue, stringValue, tupleValue,
} from '../../source/lang/values.js';

/**
A value from a plain JavaScript literal: strings, numbers, booleans, arrays (tuples) and objects (objects). Values pass through.
*/
export function toValue(input: unknown): Value {
	if (typeof input === 'string') {
		return stringValue(input);
	}

	if (typeof input === 'number') {
		return numberValue(input);
	}

	if (typeof input === 'boolean') {
		return boolValue(input);
	}

	if (Array.isArray(input)) {
		return tupleValue(input.map(item => toValue(item)));
	}

	if (typeof input === 'object' && input !== null && 'kind' in input) {
		return input as Value;
	}

	return objectValue(Object.entries(input as Record<string, unknown>).map(([key, item]) => [key, toValue(item)] as const));
}
