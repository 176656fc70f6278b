import {lengthOfRange, rangeOf, refinedUnknown} from '../refinements.js';
import {
	type FunctionSpec, FunctionError, defineFunction, staticReturnType,
} from '../function.js';
import {convert} from '../convert.js';
import {equals} from '../eval/evaluate.js';
import {arithmetic} from '../numbers.js';
import {setElementKey} from '../operations.js';
import {
	type Type, boolType, dynamicType, emptyObjectType, friendlyTypeName, listType, mapType, numberType, objectType, stringType, tupleType, typeEquals,
} from '../types.js';
import {
	type Mark, type ObjectValue, type Value, Numeric, boolValue, compareStrings, isWhollyKnown, unmark, withMarks, listValue, mapValue, nullValue, numberValue, objectValue, sortedEntries, stringValue, tupleValue, typeOf, unknownValue,
} from '../values.js';
import {
	elementsOf, graphemeCount, integerOf, knownLength, numberOf, stringOf, unifyTypes,
} from './support.js';
import {checkElementCount} from './limits.js';

/*
The collection functions: lists, tuples, maps, objects and their elements. Where Terraform keeps a tuple or object (concat of tuples, keys of an object) so do we, since the console shows the difference.

Unknowns: cty's function.Call short-circuits to an unknown result only when an argument is itself unknown, for parameters without AllowUnknown; a known collection with unknown elements reaches the implementation, so `merge({a = X}, {b = 1})` is `{a = X, b = 1}`, not unknown. callFunction short-circuits on anything not wholly known, so the parameters here that take collections set `allowUnknown` and their implementations return unknown for a wholly unknown argument themselves (`anyUnknown`), then handle nested unknowns as cty/Terraform do. Functions that need every element (distinct, compact, sort, sum, transpose) keep the default: cty returns unknown for them whenever the argument is not wholly known.
*/

/**
Whether any argument is itself unknown: the short-circuit cty's function.Call makes for parameters without AllowUnknown.
*/
function anyUnknown(values: ReadonlyArray<Value | undefined>): boolean {
	return values.some(value => value?.kind === 'unknown');
}

/**
cty's Equals between an element and a searched value: true, false, or undefined when unknowns decide it.
*/
function equalsMaybe(a: Value, b: Value): boolean | undefined {
	const result = unmark(equals(a, b))[0];
	return result.kind === 'bool' ? result.value : undefined;
}

function convertOrThrow(value: Value, type: Type, argumentIndex?: number): Value {
	const result = convert(value, type);
	if (!result.ok) {
		throw new FunctionError({prefix: '', failure: result}, argumentIndex);
	}

	return result.value;
}

function isSequenceType(type: Type): boolean {
	return type.kind === 'list' || type.kind === 'tuple';
}

function elementTypeOf(type: Type): Type {
	return type.kind === 'list' || type.kind === 'set' || type.kind === 'map' ? type.element : dynamicType;
}

export const alltrue = defineFunction({
	name: 'alltrue',
	shallow: true,
	description: 'Returns true if all of the elements of the given collection are true (or the collection is empty).',
	parameters: [{name: 'list', type: listType(boolType), allowUnknown: true}],
	returnType: staticReturnType(boolType),
	impl([list]) {
		if (list!.kind === 'unknown') {
			return unknownValue(boolType);
		}

		// As Terraform's alltrue: elements in order, the first unknown one makes the result unknown.
		for (const element of elementsOf(list!)) {
			if (element.kind === 'unknown') {
				return unknownValue(boolType);
			}

			if (element.kind === 'null' || (element.kind === 'bool' && !element.value)) {
				return boolValue(false);
			}
		}

		return boolValue(true);
	},
});

export const anytrue = defineFunction({
	name: 'anytrue',
	shallow: true,
	description: 'Returns true if any of the elements of the given collection is true.',
	parameters: [{name: 'list', type: listType(boolType), allowUnknown: true}],
	returnType: staticReturnType(boolType),
	impl([list]) {
		if (list!.kind === 'unknown') {
			return unknownValue(boolType);
		}

		let unknown = false;
		for (const element of elementsOf(list!)) {
			if (element.kind === 'unknown') {
				unknown = true;
			} else if (element.kind === 'bool' && element.value) {
				return boolValue(true);
			}
		}

		return unknown ? unknownValue(boolType) : boolValue(false);
	},
});

export const chunklist = defineFunction({
	name: 'chunklist',
	shallow: true,
	description: 'Splits a single list into fixed-size chunks, returning a list of lists.',
	parameters: [{name: 'list', type: listType(dynamicType), allowUnknown: true, allowNestedMarks: true}, {name: 'size', type: numberType}],
	returnType: ([list]) => listType(list!),
	impl([list, size], returnType) {
		if (anyUnknown([list])) {
			return unknownValue(returnType);
		}

		const count = integerOf(size!, undefined, 'invalid size: ');
		if (count < 0) {
			throw new FunctionError('the size argument must be positive');
		}

		const chunkType = (returnType as {element: Type}).element;
		const elements = elementsOf(list!);
		if (elements.length === 0) {
			return listValue(chunkType, []);
		}

		const elementType = elementTypeOf(chunkType);
		if (count === 0) {
			return listValue(chunkType, [listValue(elementType, elements)]);
		}

		const chunks: Value[] = [];
		for (let start = 0; start < elements.length; start += count) {
			chunks.push(listValue(elementType, elements.slice(start, start + count)));
		}

		return listValue(chunkType, chunks);
	},
});

export const coalesce = defineFunction({
	name: 'coalesce',
	shallow: true,
	description: 'Takes any number of arguments and returns the first one that isn\'t null or an empty string.',
	parameters: [],
	variadic: {name: 'vals', type: dynamicType, allowNull: true, allowUnknown: true, allowDynamicType: true},
	returnType(types) {
		const unified = unifyTypes(types);
		if (!unified || types.length === 0) {
			throw new FunctionError('all arguments must have the same type');
		}

		return unified;
	},
	impl(values, returnType) {
		for (const value of values) {
			if (value.kind === 'unknown') {
				return unknownValue(returnType);
			}

			if (value.kind === 'null') {
				continue;
			}

			const converted = convertOrThrow(value, returnType);
			if (converted.kind === 'unknown') {
				return unknownValue(returnType);
			}

			if (converted.kind === 'string' && converted.value === '') {
				continue;
			}

			return converted;
		}

		throw new FunctionError('no non-null, non-empty-string arguments');
	},
});

export const coalescelist = defineFunction({
	name: 'coalescelist',
	shallow: true,
	description: 'Takes any number of list arguments and returns the first one that isn\'t empty.',
	parameters: [],
	variadic: {name: 'vals', type: dynamicType, allowNull: true, allowUnknown: true, allowDynamicType: true},
	returnType(types) {
		if (types.length === 0) {
			throw new FunctionError('at least one argument is required');
		}

		for (const type of types) {
			if (!isSequenceType(type) && type.kind !== 'dynamic') {
				throw new FunctionError('coalescelist arguments must be lists or tuples');
			}
		}

		return dynamicType;
	},
	impl(values) {
		for (const value of values) {
			if (value.kind === 'unknown') {
				return unknownValue(dynamicType);
			}

			if (value.kind === 'null') {
				throw new FunctionError('coalescelist arguments must be lists or tuples');
			}

			if (elementsOf(value).length > 0) {
				return value;
			}
		}

		throw new FunctionError('no non-null arguments');
	},
});

export const compact = defineFunction({
	name: 'compact',
	shallow: true,
	description: 'Takes a list of strings and returns a new list with any null or empty string elements removed.',
	parameters: [{name: 'list', type: listType(stringType)}],
	returnType: staticReturnType(listType(stringType)),
	impl([list]) {
		return listValue(stringType, elementsOf(list!).filter(element => element.kind !== 'null' && !(element.kind === 'string' && element.value === '')));
	},
});

export const concat = defineFunction({
	name: 'concat',
	shallow: true,
	description: 'Combines two or more lists into a single list.',
	parameters: [],
	variadic: {name: 'seqs', type: dynamicType, allowUnknown: true, allowNestedMarks: true},
	returnType(types) {
		if (types.length === 0) {
			throw new FunctionError('at least one argument is required');
		}

		for (const [index, type] of types.entries()) {
			if (!isSequenceType(type) && type.kind !== 'dynamic') {
				throw new FunctionError(`all arguments must be lists or tuples; got ${friendlyTypeName(type)}`, index);
			}
		}

		// Lists whose element types unify make a list; any other mix, lists of element types that do not unify included (list(object({name})) and list(object({image, name}))), makes a tuple of all the elements, as go-cty's concat does.
		if (types.every(type => type.kind === 'list')) {
			const element = unifyTypes(types.map(type => (type as {element: Type}).element));
			if (element) {
				return listType(element);
			}
		}

		return dynamicType;
	},
	impl(values, returnType) {
		if (anyUnknown(values)) {
			return unknownValue(returnType);
		}

		checkElementCount(values.reduce((sum, value) => sum + elementsOf(value).length, 0));
		if (returnType.kind === 'list') {
			return listValue(returnType.element, values.flatMap(value => elementsOf(convertOrThrow(value, returnType))));
		}

		return tupleValue(values.flatMap(value => elementsOf(value)));
	},
});

export const contains = defineFunction({
	name: 'contains',
	shallow: true,
	description: 'Determines whether the given list or set contains the given single value as one of its elements.',
	parameters: [{name: 'list', type: dynamicType, allowUnknown: true}, {name: 'value', type: dynamicType, allowUnknown: true}],
	returnType: staticReturnType(boolType),
	impl([list, value]) {
		if (anyUnknown([list, value])) {
			return unknownValue(boolType);
		}

		if (list!.kind !== 'list' && list!.kind !== 'tuple' && list!.kind !== 'set') {
			throw new FunctionError('argument must be list, tuple, or set');
		}

		// True on any known match; otherwise unknown if an unknown element (or unknown part of the value) could still match.
		let unknown = false;
		for (const element of elementsOf(list!)) {
			const equal = equalsMaybe(value!, element);
			if (equal === true) {
				return boolValue(true);
			}

			unknown ||= equal === undefined;
		}

		return unknown ? unknownValue(boolType) : boolValue(false);
	},
});

/**
`contains` as go-cty 1.18.1 defines it (Terraform 1.16): the value may be null, to ask whether the collection holds a null element (cty/function/stdlib/collection.go ContainsFunc, "AllowNull: true"; Terraform's CHANGELOG 1.16.0, #38792).
*/
export const containsAllowingNull: FunctionSpec = {...contains, parameters: [contains.parameters[0]!, {...contains.parameters[1]!, allowNull: true}]};

export const distinct = defineFunction({
	name: 'distinct',
	description: 'Removes any duplicate elements from a list.',
	parameters: [{name: 'list', type: listType(dynamicType)}],
	returnType: ([list]) => list!,
	impl([list], returnType) {
		// By the set key of each element, not by comparing every pair: 64k elements took over 30 s.
		const kept: Value[] = [];
		const seen = new Set<string>();
		for (const element of elementsOf(list!)) {
			const key = setElementKey(element);
			if (!seen.has(key)) {
				seen.add(key);
				kept.push(element);
			}
		}

		return listValue(elementTypeOf(returnType), kept);
	},
});

/**
`element` as go-cty 1.16.0 has it (Terraform 1.11): the type callback reads a tuple's element type at `index % length` before wrapping, so a negative index that is not a multiple of the length panics (cty/function/stdlib/collection.go ElementFunc at v1.16.0; Terraform 1.11 prints the panic and Go's stack, of which only the first line can be given). go-cty 1.16.2 (commit d13b46e; Terraform 1.12+, OpenTofu 1.11+) wraps it first: `elementWrappingTuples`.
*/
export const element = elementFunction(true);

export const elementWrappingTuples = elementFunction(false);

function elementFunction(tupleNegativeIndexPanics: boolean): FunctionSpec {
	return defineFunction({
		name: 'element',
		shallow: true,
		resultRefinement: 'may-be-null',
		description: 'Retrieves a single element from a list.',
		parameters: [{name: 'list', type: dynamicType, allowUnknown: true, allowNestedMarks: true}, {name: 'index', type: numberType}],
		returnType([listTypeArgument], [list, index]) {
			const type = listTypeArgument!;
			if (type.kind === 'list') {
				return type.element;
			}

			if (type.kind === 'tuple') {
				if (type.elements.length === 0) {
					throw new FunctionError('cannot use element function with an empty list');
				}

				if (index?.kind !== 'number') {
					return dynamicType;
				}

				integerOf(index, undefined, 'invalid index: ');
				const position = index.value.toNumber();
				if (tupleNegativeIndexPanics && position % type.elements.length < 0) {
					throw new FunctionError(`panic in function implementation: runtime error: index out of range [${position % type.elements.length}]`);
				}

				return type.elements[wrappedPosition(position, type.elements.length)]!;
			}

			if (type.kind === 'dynamic') {
				return dynamicType;
			}

			void list;
			throw new FunctionError(`cannot read elements from ${friendlyTypeName(type)}`);
		},
		impl([list, index], returnType) {
			integerOf(index!, undefined, 'invalid index: ');
			const position = numberOf(index!).toNumber();
			if (anyUnknown([list])) {
				return unknownValue(returnType);
			}

			const elements = elementsOf(list!);
			if (elements.length === 0) {
				throw new FunctionError('cannot use element function with an empty list');
			}

			return elements[wrappedPosition(position, elements.length)]!;
		},
	});
}

/**
`element`'s index wrapped around the length; since Terraform 1.10 a negative index counts from the end (-1 is the last element, -4 of three is the last again). Terraform 1.11 panics on a tuple whose negative index is not a multiple of its length (it reads the element's type before wrapping: see `element`).
*/
function wrappedPosition(position: number, length: number): number {
	const remainder = position % length;
	return remainder < 0 ? remainder + length : remainder;
}

/**
cty's flattener: false when the result cannot be known yet, because a nested sequence is unknown (or a set whose length is not known), or an unknown of dynamic type could turn out to be one. Unknown elements of other types are kept as elements.
*/
function flattenInto(value: Value, into: Value[], marks: Set<Mark>): boolean {
	if (knownLength(value) === undefined) {
		return false;
	}

	let known = true;
	for (const markedInner of elementsOf(value)) {
		const type = typeOf(markedInner);
		if (type.kind === 'dynamic' && markedInner.kind !== 'null') {
			known = false;
		}

		if (type.kind === 'list' || type.kind === 'set' || type.kind === 'tuple') {
			// A nested sequence's own marks go on the whole result, since its elements are spread out; marks of the leaves stay on them.
			const [inner, own] = unmark(markedInner);
			for (const mark of own ?? []) {
				marks.add(mark);
			}

			if (inner.kind === 'unknown' || !flattenInto(inner, into, marks)) {
				known = false;
			}
		} else {
			into.push(markedInner);
		}
	}

	return known;
}

export const flatten = defineFunction({
	name: 'flatten',
	description: 'Takes a list and replaces any elements that are lists with a flattened sequence of the list contents.',
	parameters: [{name: 'list', type: dynamicType, allowUnknown: true, allowNestedMarks: true}],
	returnType([type]) {
		if (type!.kind !== 'list' && type!.kind !== 'set' && type!.kind !== 'tuple' && type!.kind !== 'dynamic') {
			throw new FunctionError('can only flatten lists, sets and tuples');
		}

		return dynamicType;
	},
	impl([list]) {
		const flat: Value[] = [];
		const marks = new Set<Mark>();
		if (!flattenInto(list!, flat, marks)) {
			return withMarks(unknownValue(dynamicType), marks);
		}

		return withMarks(tupleValue(flat), marks);
	},
});

export const index = defineFunction({
	name: 'index',
	shallow: true,
	description: 'Finds the element index for a given value in a list.',
	parameters: [{name: 'list', type: dynamicType, allowUnknown: true}, {name: 'value', type: dynamicType, allowUnknown: true}],
	returnType([type]) {
		if (type!.kind !== 'list' && type!.kind !== 'tuple' && type!.kind !== 'dynamic') {
			throw new FunctionError('argument must be a list or tuple');
		}

		return numberType;
	},
	impl([list, value]) {
		if (anyUnknown([list, value])) {
			return unknownValue(numberType);
		}

		// As Terraform's index: elements in order; one that may or may not equal the value makes the result unknown.
		for (const [position, element] of elementsOf(list!).entries()) {
			const equal = equalsMaybe(element, value!);
			if (equal === undefined) {
				return unknownValue(numberType);
			}

			if (equal) {
				return numberValue(position);
			}
		}

		throw new FunctionError('item not found');
	},
});

export const keys = defineFunction({
	name: 'keys',
	shallow: true,
	description: 'Takes a map and returns a list containing the keys from that map.',
	parameters: [{name: 'inputMap', type: dynamicType, allowUnknown: true, allowNestedMarks: true}],
	returnType([type]) {
		switch (type!.kind) {
			case 'map': {
				return listType(stringType);
			}

			case 'object': {
				return tupleType(Object.keys(type!.attributes).map(() => stringType));
			}

			case 'dynamic': {
				return dynamicType;
			}

			default: {
				throw new FunctionError('must have map or object type', 0);
			}
		}
	},
	impl([map], returnType) {
		// An object's attribute names are in its type, so even an unknown object has known keys (as cty's keys).
		if (map!.kind === 'unknown' && map!.type.kind === 'object') {
			return tupleValue(Object.keys(map!.type.attributes).sort(compareStrings).map(key => stringValue(key)));
		}

		if (map!.kind === 'unknown') {
			return unknownValue(returnType);
		}

		if (map!.kind === 'object') {
			return tupleValue([...map!.attributes.keys()].sort(compareStrings).map(key => stringValue(key)));
		}

		if (map!.kind === 'map') {
			return listValue(stringType, [...map!.entries.keys()].map(key => stringValue(key)));
		}

		return unknownValue(returnType);
	},
});

export const length = defineFunction({
	name: 'length',
	shallow: true,
	description: 'Determines the length of a given list, map, or string.',
	// Marks on elements do not make the length sensitive; marks on the value itself do.
	parameters: [{name: 'value', type: dynamicType, allowUnknown: true, allowMarked: true}],
	returnType([type]) {
		if (type!.kind === 'bool' || type!.kind === 'number') {
			throw new FunctionError('argument must be a string, a collection type, or a structural type');
		}

		return numberType;
	},
	impl([marked]) {
		const [value, marks] = unmark(marked!);
		return withMarks(lengthOf(value), marks);
	},
	// A known string or collection: the return type (number) would only cost the type of the argument, a whole resource's for `length(aws_instance.web)`.
	implWithoutReturnType([marked]) {
		switch (marked!.kind) {
			case 'string':
			case 'list':
			case 'set':
			case 'tuple':
			case 'map':
			case 'object': {
				const [value, marks] = unmark(marked!);
				return withMarks(lengthOf(value), marks);
			}

			default: {
				return undefined;
			}
		}
	},
});

function lengthOf(value: Value): Value {
	switch (value.kind) {
		case 'string': {
			return numberValue(graphemeCount(value.value));
		}

		case 'tuple': {
			return numberValue(value.elements.length);
		}

		case 'object': {
			return numberValue(value.attributes.size);
		}

		case 'list':
		case 'set': {
			const count = knownLength(value);
			// A set with unknown elements: between one and all of them (refinements.ts).
			return count === undefined ? lengthOfRange(rangeOf(value)) : numberValue(count);
		}

		case 'map': {
			return numberValue(value.entries.size);
		}

		case 'unknown': {
			const type = value.type;
			if (type.kind === 'tuple') {
				return numberValue(type.elements.length);
			}

			if (type.kind === 'object') {
				return numberValue(Object.keys(type.attributes).length);
			}

			if (type.kind === 'string') {
				// At least as many characters as the known prefix has.
				const prefix = value.refinement?.prefix ?? '';
				return refinedUnknown(numberType, {notNull: true, min: {value: new Numeric(graphemeCount(prefix)), inclusive: true}});
			}

			return type.kind === 'dynamic' ? unknownValue(numberType) : lengthOfRange(rangeOf(value));
		}

		default: {
			throw new FunctionError('argument must be a string, a collection type, or a structural type');
		}
	}
}

export const lookup = defineFunction({
	name: 'lookup',
	shallow: true,
	resultRefinement: 'may-be-null',
	description: 'Retrieves the value of a single element from a map, given its key. If the given key does not exist, the given default value is returned instead.',
	// The default's marks matter only when it is the result (cty's lookup), so the implementation sees them.
	parameters: [{name: 'inputMap', type: dynamicType, allowUnknown: true, allowNestedMarks: true}, {name: 'key', type: stringType, allowUnknown: true}],
	variadic: {name: 'default', type: dynamicType, allowNull: true, allowDynamicType: true, allowUnknown: true, allowMarked: true},
	returnType(types, values) {
		if (types.length > 3) {
			throw new FunctionError(`lookup() takes two or three arguments, got ${types.length}`);
		}

		const [mapTypeArgument, , defaultType] = types;
		const key = values[1];
		switch (mapTypeArgument!.kind) {
			case 'map': {
				// Terraform converts the default value to the element type (an empty toset([]) becomes a set of the elements' objects); only a value that cannot convert is refused.
				const defaultValue = values[2];
				if (defaultType && !typeEquals(defaultType, mapTypeArgument!.element) && defaultType.kind !== 'dynamic' && !(defaultValue ? convert(defaultValue, mapTypeArgument!.element).ok : unifyTypes([mapTypeArgument!.element, defaultType]) !== undefined)) {
					throw new FunctionError('the default value must have the same type as the map elements', 2);
				}

				return mapTypeArgument!.element;
			}

			case 'object': {
				if (key?.kind !== 'string') {
					return dynamicType;
				}

				const attribute = mapTypeArgument!.attributes[key.value];
				if (attribute) {
					return attribute;
				}

				if (defaultType) {
					return defaultType;
				}

				throw new FunctionError(`the given object has no attribute ${JSON.stringify(key.value)}`, 0);
			}

			case 'dynamic': {
				return dynamicType;
			}

			default: {
				throw new FunctionError('lookup() requires a map as the first argument', 0);
			}
		}
	},
	impl([map, key, fallback], returnType) {
		// As Terraform's lookup: only an unknown map or key makes the result unknown; an element (or the default) may be unknown itself.
		if (anyUnknown([map, key])) {
			return unknownValue(returnType);
		}

		const name = stringOf(key!);
		if (map!.kind === 'object') {
			const found = map!.attributes.get(name);
			return found ?? fallback!;
		}

		if (map!.kind === 'map') {
			const found = map!.entries.get(name);
			if (found) {
				return found;
			}

			if (fallback) {
				return convertOrThrow(fallback, returnType, 2);
			}

			throw new FunctionError(`the given map has no key ${JSON.stringify(name)}`);
		}

		throw new FunctionError('lookup() requires a map as the first argument', 0);
	},
});

export const matchkeys = defineFunction({
	name: 'matchkeys',
	description: 'Constructs a new list by taking a subset of elements from one list whose indexes match the corresponding indexes of values in another list.',
	parameters: [{name: 'values', type: listType(dynamicType), allowUnknown: true}, {name: 'keys', type: listType(dynamicType), allowUnknown: true}, {name: 'searchset', type: listType(dynamicType), allowUnknown: true}],
	returnType([values, keysType, searchset]) {
		const unified = unifyTypes([(keysType as {element: Type}).element, (searchset as {element: Type}).element]);
		if (!unified) {
			throw new FunctionError('keys and searchset must be of the same type', 2);
		}

		return values!;
	},
	impl([values, keyList, searchset], returnType) {
		if (anyUnknown([values, keyList, searchset])) {
			return unknownValue(returnType);
		}

		const valueElements = elementsOf(values!);
		const keyElements = elementsOf(keyList!);
		if (valueElements.length !== keyElements.length) {
			throw new FunctionError('length of keys and values should be equal');
		}

		const common = unifyTypes([typeOf(keyList!), typeOf(searchset!)])!;
		const keysConverted = elementsOf(convertOrThrow(keyList!, common));
		const searchConverted = elementsOf(convertOrThrow(searchset!, common));
		const elementType = elementTypeOf(returnType);
		if (searchConverted.length === 0) {
			return listValue(elementType, []);
		}

		// As Terraform's matchkeys: values and keys must be wholly known; a key compared with an unknown search element gives an empty list there (not unknown), and so here.
		if (!isWhollyKnown(values!) || !isWhollyKnown(keyList!)) {
			return unknownValue(returnType);
		}

		const kept: Value[] = [];
		for (const [position, key] of keysConverted.entries()) {
			for (const candidate of searchConverted) {
				const equal = equalsMaybe(key, candidate);
				if (equal === undefined) {
					return listValue(elementType, []);
				}

				if (equal) {
					kept.push(valueElements[position]!);
					break;
				}
			}
		}

		return listValue(elementType, kept);
	},
});

export const merge = defineFunction({
	name: 'merge',
	shallow: true,
	description: 'Takes an arbitrary number of maps or objects, and returns a single map or object that contains a merged set of elements from all arguments.',
	parameters: [],
	// Each argument's own marks go on the result, except a null's (cty's merge skips nulls first); the implementation takes them off.
	variadic: {name: 'maps', type: dynamicType, allowNull: true, allowDynamicType: true, allowUnknown: true, allowMarked: true},
	returnType(types, values) {
		if (types.length === 0) {
			return emptyObjectType;
		}

		for (const type of types) {
			if (type.kind !== 'map' && type.kind !== 'object' && type.kind !== 'dynamic') {
				throw new FunctionError(`arguments must be maps or objects, got ${JSON.stringify(friendlyTypeName(type))}`);
			}
		}

		// Loops rather than filter/every: merge is one of the most called functions (tags), and these run for every call.
		let first: Type | undefined;
		let sameMaps = true;
		for (let position = 0; position < types.length; position++) {
			if (values[position]?.kind === 'null') {
				continue;
			}

			const type = types[position]!;
			if (type.kind === 'dynamic') {
				return dynamicType;
			}

			first ??= type;
			sameMaps &&= first.kind === 'map' && typeEquals(type, first);
		}

		if (first && sameMaps) {
			return first;
		}

		const attributes: Record<string, Type> = {};
		for (let position = 0; position < types.length; position++) {
			const type = types[position]!;
			const value = values[position]!;
			if (type.kind === 'object') {
				Object.assign(attributes, type.attributes);
			} else if (type.kind === 'map') {
				if (value.kind !== 'map') {
					if (value.kind === 'null') {
						continue;
					}

					return dynamicType;
				}

				for (const name of value.entries.keys()) {
					attributes[name] = type.element;
				}
			}
		}

		return objectType(attributes);
	},
	impl(markedValues, returnType) {
		let marks: Set<Mark> | undefined;
		let unknown = false;
		const merged = new Map<string, Value>();
		for (const marked of markedValues) {
			let value = marked;
			if (marked.marks && marked.marks.size > 0) {
				value = unmark(marked)[0];
				if (value.kind !== 'null') {
					marks ??= new Set();
					for (const mark of marked.marks) {
						marks.add(mark);
					}
				}
			}

			// Only an unknown argument makes the result unknown; unknown attribute values are merged like any other (cty's merge).
			if (value.kind === 'unknown') {
				unknown = true;
			} else if (value.kind === 'object') {
				for (const [name, attribute] of value.attributes) {
					merged.set(name, attribute);
				}
			} else if (value.kind === 'map') {
				for (const [name, element] of value.entries) {
					merged.set(name, element);
				}
			}
		}

		if (unknown) {
			return withMarks(unknownValue(returnType), marks);
		}

		if (returnType.kind === 'map') {
			return withMarks(mapValue(returnType.element, merged), marks);
		}

		return withMarks(sortedAttributes(merged), marks);
	},
	// Known objects only (the usual `merge(local.tags, {Name = ...})`): the result's type is the object type the return type would spell out.
	implWithoutReturnType(markedValues) {
		let marks: Set<Mark> | undefined;
		const names: string[] = [];
		for (const marked of markedValues) {
			if (marked.kind !== 'object') {
				return undefined;
			}

			if (marked.marks && marked.marks.size > 0) {
				marks ??= new Set();
				for (const mark of marked.marks) {
					marks.add(mark);
				}
			}

			// forEach rather than for-of: no iterator result per name from a Map's own iterator.
			marked.attributes.forEach(insertNameOf, names);
		}

		if (names.length <= 64) {
			// insertName kept the names distinct: every one has a value (from the last argument that has it), in an array of its final length.
			const found = new Array<Value>(names.length);
			for (let position = 0; position < names.length; position++) {
				found[position] = lastValueOf(markedValues as readonly ObjectValue[], names[position]!);
			}

			return withMarks({kind: 'object', attributes: sortedEntries(names, found)}, marks);
		}

		names.sort(compareStrings);
		// No intermediate map: the names in order, each once, each value from the last argument that has it.
		const distinct: string[] = [];
		const values: Value[] = [];
		for (let position = 0; position < names.length; position++) {
			const name = names[position]!;
			if (position > 0 && names[position - 1] === name) {
				continue;
			}

			for (let argument = markedValues.length - 1; argument >= 0; argument--) {
				const value = (markedValues[argument] as ObjectValue).attributes.get(name);
				if (value !== undefined) {
					distinct.push(name);
					values.push(value);
					break;
				}
			}
		}

		return withMarks({kind: 'object', attributes: sortedEntries(distinct, values)}, marks);
	},
});

/**
The value of a name in the last of the objects that has it (the name is in one of them).
*/
function lastValueOf(objects: readonly ObjectValue[], name: string): Value {
	for (let argument = objects.length - 1; argument > 0; argument--) {
		const value = objects[argument]!.attributes.get(name);
		if (value !== undefined) {
			return value;
		}
	}

	return objects[0]!.attributes.get(name)!;
}

/**
insertName as a Map's forEach callback, with the list as `this`.
*/
function insertNameOf(this: string[], _value: Value, name: string): void {
	insertName(this, name);
}

/**
Adds a name to a sorted list of distinct names, where it belongs (a binary search: objects' names mostly arrive in order already, and sort() allocates a work array at every call).
*/
function insertName(names: string[], name: string): void {
	if (names.length >= 64) {
		// Big objects: appended, and sorted once by the caller at the end; inserting would be quadratic.
		names.push(name);
		return;
	}

	let low = 0;
	let high = names.length;
	while (low < high) {
		const middle = (low + high) >>> 1;
		if (names[middle]! < name) {
			low = middle + 1;
		} else {
			high = middle;
		}
	}

	if (names[low] !== name) {
		// By hand: splice would allocate the (empty) array of removed names at every call.
		names.push(name);
		for (let position = names.length - 1; position > low; position--) {
			names[position] = names[position - 1]!;
		}

		names[low] = name;
	}
}

/**
An object of the attributes in lexical order, as objects keep them: the names sorted, not the entries.
*/
function sortedAttributes(attributes: ReadonlyMap<string, Value>): Value {
	const names = [...attributes.keys()].sort(compareStrings);
	const sorted = new Map<string, Value>();
	for (const name of names) {
		sorted.set(name, attributes.get(name)!);
	}

	return {kind: 'object', attributes: sorted};
}

const oneMessage = 'must be a list, set, or tuple value with either zero or one elements';

export const one = defineFunction({
	name: 'one',
	shallow: true,
	resultRefinement: 'may-be-null',
	description: 'Returns either the first element of a one-element list, or null if the list is empty.',
	parameters: [{name: 'list', type: dynamicType, allowUnknown: true}],
	returnType([type]) {
		switch (type!.kind) {
			case 'list':
			case 'set': {
				return type!.element;
			}

			case 'tuple': {
				if (type!.elements.length > 1) {
					throw new FunctionError(oneMessage, 0);
				}

				return type!.elements[0] ?? dynamicType;
			}

			case 'dynamic': {
				return dynamicType;
			}

			default: {
				throw new FunctionError(oneMessage, 0);
			}
		}
	},
	impl([list], returnType) {
		// As Terraform's one: a known list's element may be unknown; a set whose length is not known yet gives unknown.
		if (anyUnknown([list]) || knownLength(list!) === undefined) {
			return unknownValue(returnType);
		}

		const elements = elementsOf(list!);
		if (elements.length > 1) {
			throw new FunctionError(oneMessage, 0);
		}

		return elements[0] ?? nullValue(returnType);
	},
});

export const range = defineFunction({
	name: 'range',
	shallow: true,
	description: 'Generates a list of numbers using a start value, a limit value, and a step value.',
	parameters: [],
	variadic: {name: 'params', type: numberType},
	returnType(types) {
		if (types.length < 1 || types.length > 3) {
			throw new FunctionError('must have one, two, or three arguments');
		}

		return listType(numberType);
	},
	impl(values) {
		let start = new Numeric(0);
		let end: InstanceType<typeof Numeric>;
		let step = new Numeric(1);
		if (values.length === 1) {
			end = numberOf(values[0]!);
			if (end.isNegative() && !end.isZero()) {
				step = new Numeric(-1);
			}
		} else {
			start = numberOf(values[0]!);
			end = numberOf(values[1]!);
			if (values.length === 3) {
				step = numberOf(values[2]!);
			} else if (end.lessThan(start)) {
				step = new Numeric(-1);
			}
		}

		if (step.isNegative() && !step.isZero() && end.greaterThan(start)) {
			throw new FunctionError('end must be less than start when step is negative', 0);
		}

		if (step.isPositive() && !step.isZero() && end.lessThan(start)) {
			throw new FunctionError('end must be greater than start when step is positive', 0);
		}

		const limit = 1024;
		const numbers: Value[] = [];
		const ascending = !step.isNegative() || step.isZero();
		// Steps add in 512-bit binary as Terraform's big.Float does, so 0.1 steps drift exactly as there.
		for (let current = start; ascending ? current.lessThan(end) : current.greaterThan(end); current = arithmetic('+', current, step)) {
			if (numbers.length >= limit) {
				throw new FunctionError(`more than ${limit} values were generated; either decrease the difference between start and end or use a smaller step`);
			}

			numbers.push(numberValue(current));
		}

		return listValue(numberType, numbers);
	},
});

export const reverse = defineFunction({
	name: 'reverse',
	shallow: true,
	description: 'Takes a sequence and produces a new sequence of the same length with all of the same elements as the given sequence but in reverse order.',
	parameters: [{name: 'list', type: dynamicType, allowUnknown: true, allowNestedMarks: true}],
	returnType([type]) {
		switch (type!.kind) {
			case 'list':
			case 'set': {
				return listType(type!.element);
			}

			case 'tuple': {
				return tupleType([...type!.elements].reverse());
			}

			case 'dynamic': {
				return dynamicType;
			}

			default: {
				throw new FunctionError(`can only reverse list or tuple values, not ${friendlyTypeName(type!)}`, 0);
			}
		}
	},
	impl([list], returnType) {
		if (anyUnknown([list])) {
			return unknownValue(returnType);
		}

		const reversed = [...elementsOf(list!)].reverse();
		return returnType.kind === 'list' ? listValue(returnType.element, reversed) : tupleValue(reversed);
	},
});

export const slice = defineFunction({
	name: 'slice',
	shallow: true,
	description: 'Extracts some consecutive elements from within a list.',
	parameters: [{name: 'list', type: dynamicType, allowUnknown: true, allowNestedMarks: true}, {name: 'start_index', type: numberType}, {name: 'end_index', type: numberType}],
	returnType([type], [list, start, end]) {
		if (type!.kind === 'list' || type!.kind === 'dynamic') {
			return type!;
		}

		if (type!.kind !== 'tuple') {
			throw new FunctionError('must be a list or tuple value', 0);
		}

		if (start?.kind !== 'number' || end?.kind !== 'number') {
			return dynamicType;
		}

		const [from, to] = sliceBounds(type!.elements.length, start, end);
		void list;
		return tupleType(type!.elements.slice(from, to));
	},
	impl([list, start, end], returnType) {
		if (anyUnknown([list])) {
			return unknownValue(returnType);
		}

		const elements = elementsOf(list!);
		const [from, to] = sliceBounds(elements.length, start!, end!);
		return returnType.kind === 'list' ? listValue(returnType.element, elements.slice(from, to)) : tupleValue(elements.slice(from, to));
	},
});

function sliceBounds(size: number, start: Value, end: Value): [number, number] {
	const from = integerOf(start, 1, 'invalid start index: ');
	const to = integerOf(end, 2, 'invalid end index: ');
	if (from < 0) {
		throw new FunctionError('start index must not be less than zero', 1);
	}

	if (to > size) {
		throw new FunctionError('end index must not be greater than the length of the list', 2);
	}

	if (from > to) {
		throw new FunctionError('start index must not be greater than end index', 1);
	}

	return [from, to];
}

export const sort = defineFunction({
	name: 'sort',
	description: 'Takes a list of strings and returns a new list with those strings sorted lexicographically.',
	parameters: [{name: 'list', type: listType(stringType)}],
	returnType: staticReturnType(listType(stringType)),
	impl([list]) {
		const elements = elementsOf(list!);
		for (const [position, element] of elements.entries()) {
			if (element.kind === 'null') {
				throw new FunctionError(`given list element ${position} is null; a null string cannot be sorted`);
			}
		}

		return listValue(stringType, [...elements].sort((a, b) => compareStrings(stringOf(a), stringOf(b))));
	},
});

export const sum = defineFunction({
	name: 'sum',
	description: 'Takes a list or set of numbers and returns the sum of those numbers.',
	parameters: [{name: 'list', type: dynamicType}],
	returnType([type]) {
		if (type!.kind !== 'list' && type!.kind !== 'set' && type!.kind !== 'tuple' && type!.kind !== 'dynamic') {
			throw new FunctionError(`argument must be list, set, or tuple. Received ${friendlyTypeName(type!)}`, 0);
		}

		return numberType;
	},
	impl([list]) {
		const elements = elementsOf(list!);
		if (elements.length === 0) {
			throw new FunctionError('cannot sum an empty list', 0);
		}

		let total = new Numeric(0);
		for (const element of elements) {
			const converted = element.kind === 'null' ? undefined : convert(element, numberType);
			if (!converted?.ok || converted.value.kind !== 'number') {
				throw new FunctionError('argument must be list, set, or tuple of number values', 0);
			}

			total = arithmetic('+', total, converted.value.value);
		}

		return numberValue(total);
	},
});

export const transpose = defineFunction({
	name: 'transpose',
	description: 'Takes a map of lists of strings and swaps the keys and values to produce a new map of lists of strings.',
	parameters: [{name: 'values', type: mapType(listType(stringType))}],
	returnType: staticReturnType(mapType(listType(stringType))),
	impl([map]) {
		const result = new Map<string, Value[]>();
		if (map!.kind === 'map') {
			for (const [key, list] of map!.entries) {
				for (const element of elementsOf(list)) {
					if (element.kind !== 'string') {
						throw new FunctionError('input must not contain null list elements', 0);
					}

					const bucket = result.get(element.value) ?? [];
					bucket.push(stringValue(key));
					result.set(element.value, bucket);
				}
			}
		}

		return mapValue(listType(stringType), [...result].map(([key, list]) => [key, listValue(stringType, list)] as const));
	},
});

export const values = defineFunction({
	name: 'values',
	shallow: true,
	description: 'Takes a map and returns a list containing the values of the elements in that map.',
	parameters: [{name: 'mapping', type: dynamicType, allowUnknown: true, allowNestedMarks: true}],
	returnType([type]) {
		switch (type!.kind) {
			case 'map': {
				return listType(type!.element);
			}

			case 'object': {
				return tupleType(Object.keys(type!.attributes).sort(compareStrings).map(name => (type as {attributes: Record<string, Type>}).attributes[name]!));
			}

			case 'dynamic': {
				return dynamicType;
			}

			default: {
				throw new FunctionError('values() requires a map as the first argument');
			}
		}
	},
	impl([map], returnType) {
		if (anyUnknown([map])) {
			return unknownValue(returnType);
		}

		return returnType.kind === 'list' ? listValue(returnType.element, elementsOf(map!)) : tupleValue(elementsOf(map!));
	},
});

export const zipmap = defineFunction({
	name: 'zipmap',
	shallow: true,
	description: 'Constructs a map from a list of keys and a corresponding list of values.',
	parameters: [{name: 'keys', type: listType(stringType), allowUnknown: true}, {name: 'values', type: dynamicType, allowUnknown: true, allowNestedMarks: true}],
	returnType([, valuesType]) {
		switch (valuesType!.kind) {
			case 'list': {
				return mapType(valuesType!.element);
			}

			case 'tuple':
			case 'dynamic': {
				return dynamicType;
			}

			default: {
				throw new FunctionError('values argument must be a list or tuple value');
			}
		}
	},
	impl([keyList, valueList], returnType) {
		// Unknown keys leave the result's keys unknown (cty's zipmap); unknown elements of a known values list are kept.
		if (anyUnknown([valueList]) || !isWhollyKnown(keyList!)) {
			return unknownValue(returnType);
		}

		const keyElements = elementsOf(keyList!);
		const valueElements = elementsOf(valueList!);
		if (keyElements.length !== valueElements.length) {
			throw new FunctionError(`number of keys (${keyElements.length}) does not match number of values (${valueElements.length})`);
		}

		const entries = new Map<string, Value>();
		for (const [position, key] of keyElements.entries()) {
			if (key.kind !== 'string') {
				throw new FunctionError('keys must not be null', 0);
			}

			entries.set(key.value, valueElements[position]!);
		}

		if (returnType.kind === 'map') {
			return mapValue(returnType.element, entries);
		}

		return objectValue([...entries].sort(([a], [b]) => compareStrings(a, b)));
	},
});

export const collectionFunctions: readonly FunctionSpec[] = [
	alltrue, anytrue, chunklist, coalesce, coalescelist, compact, concat, contains, distinct, element, flatten, index, keys, length, lookup, matchkeys, merge, one, range, reverse, slice, sort, sum, transpose, values, zipmap,
];

