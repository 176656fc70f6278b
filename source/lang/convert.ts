import {formatNumber, parseNumber} from './numbers.js';
import {setFromElements} from './operations.js';
import {
	type ObjectType, type Type, attributeCount, attributeNames, dynamicType, friendlyTypeName, objectType, typeEquals,
} from './types.js';
import {unify} from './unify.js';
import {
	type Mark, type NumberValue, type StringValue, type Value, boolValue, compareStrings, deepMarks, hasDeepMarks, listValue, mapValue, nullValue, numberString, numberValue, sortedEntries, sortedEntriesOf, stringValue, tupleValue, typeOf, unknownValue, unmark, withMarks,
} from './values.js';

/*
Type conversion after cty/convert, in its "unsafe" flavour, which Terraform uses everywhere: number and bool to string, string to number or bool when the text allows, tuple to list or set, object to map, nested conversions, and object types with optional attributes (filled with their default or null).

A failure carries what failed, not its words: a value that cannot convert (`"a"` to number: cty's words, the same in every release), or the two types no conversion joins, which `conversionFailureText` words as the caller's go-cty release does (MismatchWording). The caller words it where it makes the diagnostic, with its language rules.
*/

export type PathStep = {readonly kind: 'index'; readonly key: number | string} | {readonly kind: 'attribute'; readonly name: string};

/**
Why a conversion failed: a value's own problem (worded the same by every go-cty release), or no conversion from `got` to `want` (worded by MismatchWording).
*/
export type ConversionReason =
	| {readonly kind: 'value'; readonly text: string}
	| {readonly kind: 'mismatch'; readonly got: Type; readonly want: Type};

export type ConversionFailure = {readonly ok: false; readonly reason: ConversionReason; readonly path?: readonly PathStep[]};

export type ConversionResult =
	| {readonly ok: true; readonly value: Value}
	| ConversionFailure;

/**
How go-cty's MismatchMessage words a type mismatch (cty/convert/mismatch_msg.go):
- `'terse'`: up to go-cty 1.16.2 (Terraform 1.11 and 1.12), only what was required (`string required`);
- `'with-given-type'`: from go-cty 1.16.3 (zclconf/go-cty 89f0621; Terraform 1.13 on, OpenTofu 1.10 on), also the type given where that is unlikely to confuse (typesAreLikelyToCauseConfusion): `string required, but have tuple`.
*/
export type MismatchWording = 'terse' | 'with-given-type';

type Failure = ConversionFailure;

function fail(text: string, path: readonly PathStep[]): Failure {
	const reason: ConversionReason = {kind: 'value', text};
	return path.length > 0 ? {ok: false, reason, path} : {ok: false, reason};
}

function mismatch(got: Type, want: Type, path: readonly PathStep[]): Failure {
	const reason: ConversionReason = {kind: 'mismatch', got, want};
	return path.length > 0 ? {ok: false, reason, path} : {ok: false, reason};
}

/**
A failure's message as cty's Convert error prints it (without the path, which callers place themselves), in the given release's words.
*/
export function conversionFailureText(failure: ConversionFailure, wording: MismatchWording): string {
	const {reason} = failure;
	return reason.kind === 'value' ? reason.text : mismatchMessage(reason.got, reason.want, wording);
}

/**
Converts a value to a type (cty's convert.Convert). Marks are kept where they were.
*/
export function convert(value: Value, want: Type): ConversionResult {
	return convertAt(value, want, []);
}

/**
The path as Terraform prints it before a conversion message: `[0]`, `.name`, `["key"]`.
*/
export function formatPath(path: readonly PathStep[]): string {
	return path.map(step => {
		if (step.kind === 'attribute') {
			return `.${step.name}`;
		}

		return typeof step.key === 'number' ? `[${step.key}]` : `[${JSON.stringify(step.key)}]`;
	}).join('');
}

function convertAt(value: Value, want: Type, path: readonly PathStep[]): ConversionResult {
	if (want.kind === 'dynamic' || isAlready(value, want)) {
		return {ok: true, value};
	}

	const [bare, marks] = unmark(value);
	if (want.kind === 'map' && bare.kind === 'object') {
		const map = objectAsMap(bare.attributes, want.element);
		if (map) {
			return {ok: true, value: withMarks(map, marks)};
		}
	}

	if (bare.kind === 'null' || bare.kind === 'unknown') {
		const have = bare.type;
		if (typeEquals(have, want) && !(want.kind === 'object' && want.optional)) {
			return {ok: true, value};
		}

		if (!canConvert(have, want)) {
			return mismatch(have, want, path);
		}

		return {ok: true, value: withMarks(bare.kind === 'null' ? nullValue(concreteType(have, want)) : unknownValue(concreteType(have, want)), marks)};
	}

	// A known value of exactly the type wanted was returned above (isAlready), so only whether a conversion exists is left to ask; its type is built only for the message when none does.
	if (!canConvertValue(bare, want)) {
		return mismatch(typeOf(bare), want, path);
	}

	const result = convertKnown(bare, want, path);
	return result.ok ? {ok: true, value: withMarks(result.value, marks)} : result;
}

/**
Whether the value (its marks aside) has exactly the type wanted: `typeEquals(typeOf(value), want)`, without building the value's type (the common case: a resource's arguments checked against its schema, tens of thousands of times).
*/
export function hasType(value: Value, want: Type): boolean {
	switch (value.kind) {
		case 'string':
		case 'number':
		case 'bool': {
			return want.kind === value.kind;
		}

		case 'list':
		case 'set':
		case 'map': {
			return want.kind === value.kind && typeEquals(value.elementType, want.element);
		}

		case 'tuple': {
			if (want.kind !== 'tuple' || want.elements.length !== value.elements.length) {
				return false;
			}

			for (const [index, element] of value.elements.entries()) {
				if (!hasType(element, want.elements[index]!)) {
					return false;
				}
			}

			return true;
		}

		case 'object': {
			if (want.kind !== 'object' || attributeCount(want) !== value.attributes.size) {
				return false;
			}

			for (const [name, attribute] of value.attributes) {
				const type = want.attributes[name];
				// A value's own type has no optional attributes.
				if (!type || want.optional?.has(name) || !hasType(attribute, type)) {
					return false;
				}
			}

			return true;
		}

		case 'null':
		case 'unknown': {
			return typeEquals(value.type, want);
		}
	}
}

/**
`canConvert(typeOf(value), want)` for a known value, read from the value without building its type: a tuple's or an object's type is a new object per element and attribute (a resource's arguments are converted to their schema types for every instance). Where the answer needs the element types unified (a dynamic element type wanted), the type is built after all.
*/
function canConvertValue(value: Value, want: Type): boolean {
	if (want.kind === 'dynamic') {
		return true;
	}

	switch (value.kind) {
		case 'tuple': {
			if (want.kind === 'list' || want.kind === 'set') {
				if (want.element.kind === 'dynamic') {
					return canConvert(typeOf(value), want);
				}

				for (const element of value.elements) {
					if (!canConvertValue(element, want.element)) {
						return false;
					}
				}

				return true;
			}

			if (want.kind === 'tuple') {
				if (value.elements.length !== want.elements.length) {
					return false;
				}

				for (let index = 0; index < value.elements.length; index++) {
					if (!canConvertValue(value.elements[index]!, want.elements[index]!)) {
						return false;
					}
				}

				return true;
			}

			// Not to a map, an object or a primitive.
			return false;
		}

		case 'object': {
			if (want.kind === 'map') {
				if (want.element.kind === 'dynamic') {
					return canConvert(typeOf(value), want);
				}

				for (const attribute of value.attributes.values()) {
					if (!canConvertValue(attribute, want.element)) {
						return false;
					}
				}

				return true;
			}

			if (want.kind === 'object') {
				// Attributes the type does not name are dropped; a missing one is allowed only when optional (canConvert's object case).
				for (const name of attributeNames(want)) {
					const attribute = value.attributes.get(name);
					if (attribute === undefined ? !(want.optional?.has(name) ?? false) : !canConvertValue(attribute, want.attributes[name]!)) {
						return false;
					}
				}

				return true;
			}

			return false;
		}

		case 'null':
		case 'unknown': {
			return canConvert(value.type, want);
		}

		case 'list':
		case 'set':
		case 'map': {
			return canConvertCollection(value.kind, value.elementType, want);
		}

		default: {
			// A primitive's type is a shared constant.
			return canConvert(typeOf(value), want);
		}
	}
}

/**
`canConvert` from a collection type given by its kind and element type, without making the type: the cases of canConvert a list, set or map can meet.
*/
function canConvertCollection(kind: 'list' | 'set' | 'map', element: Type, want: Type): boolean {
	switch (want.kind) {
		case 'dynamic': {
			return true;
		}

		case 'list':
		case 'set': {
			return kind !== 'map' && (want.kind === kind ? typeEquals(element, want.element) || canConvert(element, want.element) : canConvert(element, want.element));
		}

		case 'map': {
			return kind === 'map' && (typeEquals(element, want.element) || canConvert(element, want.element));
		}

		case 'object': {
			return kind === 'map' && mapConvertsToObject(element, want);
		}

		default: {
			return false;
		}
	}
}

/**
Whether converting the value returns it as it is (convertAt's first test).
*/
function isAlready(value: Value, want: Type): boolean {
	return hasType(value, want) && !(want.kind === 'object' && want.optional);
}

/**
An object whose attributes all have the map's element type already, as that map (what the general path below gives, without building the object's type first): `tags = merge(...)` converted to map(string) for every resource instance.
*/
function objectAsMap(attributes: ReadonlyMap<string, Value>, element: Type): Value | undefined {
	if (element.kind === 'dynamic' || (element.kind === 'object' && element.optional)) {
		return undefined;
	}

	for (const attribute of attributes.values()) {
		if (!hasType(attribute, element)) {
			return undefined;
		}
	}

	return mapValue(element, attributes);
}

/**
The type a null or unknown value gets when converted: `want`, with any `dynamic` element taken from the source type where it has one.
*/
function concreteType(have: Type, want: Type): Type {
	if ((want.kind === 'list' || want.kind === 'set' || want.kind === 'map') && want.element.kind === 'dynamic') {
		if (have.kind === 'list' || have.kind === 'set' || have.kind === 'map') {
			return {kind: want.kind, element: have.element};
		}

		if (have.kind === 'tuple') {
			return {kind: want.kind, element: unify(have.elements) ?? dynamicType};
		}

		if (have.kind === 'object') {
			return {kind: want.kind, element: unify(Object.values(have.attributes)) ?? dynamicType};
		}
	}

	if (want.kind === 'object' && want.optional) {
		return objectType(want.attributes);
	}

	return want;
}

function formattedNumber(value: NumberValue): StringValue {
	return stringValue(formatNumber(value.value, value.precision));
}

function convertKnown(value: Value, want: Type, path: readonly PathStep[]): ConversionResult {
	switch (want.kind) {
		case 'string': {
			if (value.kind === 'number') {
				return {ok: true, value: numberString(value, formattedNumber)};
			}

			if (value.kind === 'bool') {
				return {ok: true, value: stringValue(value.value ? 'true' : 'false')};
			}

			break;
		}

		case 'number': {
			if (value.kind === 'string') {
				const parsed = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/.test(value.value) ? parseNumber(value.value) : undefined;
				return parsed ? {ok: true, value: numberValue(parsed)} : fail('a number is required', path);
			}

			break;
		}

		case 'bool': {
			if (value.kind === 'string') {
				switch (value.value) {
					case 'true':
					case '1': {
						return {ok: true, value: boolValue(true)};
					}

					case 'false':
					case '0': {
						return {ok: true, value: boolValue(false)};
					}

					default: {
						const lower = value.value.toLowerCase();
						if (lower === 'true' || lower === 'false') {
							return fail(`a bool is required; to convert from string, use lowercase "${lower}"`, path);
						}

						return fail('a bool is required', path);
					}
				}
			}

			break;
		}

		case 'list':
		case 'set': {
			if (value.kind === 'list' || value.kind === 'set' || value.kind === 'tuple') {
				return convertSequence(value.elements, want.kind, want.element, path, value.kind === 'tuple' ? undefined : value.elementType);
			}

			break;
		}

		case 'map': {
			if (value.kind === 'map' || value.kind === 'object') {
				const entries = value.kind === 'map' ? value.entries : value.attributes;
				let element = want.element;
				if (element.kind === 'dynamic') {
					element = value.kind === 'map' ? value.elementType : (unify([...entries.values()].map(entry => typeOf(entry))) ?? dynamicType);
				}

				// Keys and values side by side, without a pair per entry (every instance's `tags` come here).
				const keys: string[] = [];
				const values: Value[] = [];
				let failure: Failure | undefined;
				const wanted = element;
				entries.forEach((entry, key) => {
					if (failure) {
						return;
					}

					if (isAlready(entry, wanted)) {
						keys.push(key);
						values.push(entry);
						return;
					}

					const result = convertAt(entry, wanted, [...path, {kind: 'index', key}]);
					if (result.ok) {
						keys.push(key);
						values.push(result.value);
					} else {
						failure = result;
					}
				});
				if (failure) {
					return failure;
				}

				return {ok: true, value: keysInOrder(keys) ? {kind: 'map', elementType: element, entries: sortedEntries(keys, values)} : mapValue(element, keys.map((key, position) => [key, values[position]!] as const))};
			}

			break;
		}

		case 'tuple': {
			if (value.kind === 'tuple' || value.kind === 'list' || value.kind === 'set') {
				if (value.elements.length !== want.elements.length) {
					return fail(`tuple required with exactly ${want.elements.length} element(s)`, path);
				}

				const elements: Value[] = [];
				for (let index = 0; index < value.elements.length; index++) {
					const element = value.elements[index]!;
					if (isAlready(element, want.elements[index]!)) {
						elements.push(element);
						continue;
					}

					const result = convertAt(element, want.elements[index]!, [...path, {kind: 'index', key: index}]);
					if (!result.ok) {
						return result;
					}

					elements.push(result.value);
				}

				return {ok: true, value: tupleValue(elements)};
			}

			break;
		}

		case 'object': {
			if (value.kind === 'object' || value.kind === 'map') {
				return convertToObject(value.kind === 'object' ? value.attributes : value.entries, want, path, value.kind === 'map');
			}

			break;
		}

		case 'dynamic': {
			return {ok: true, value};
		}
	}

	return mismatch(typeOf(value), want, path);
}

function convertSequence(elements: readonly Value[], kind: 'list' | 'set', wantElement: Type, path: readonly PathStep[], haveElement: Type | undefined): ConversionResult {
	let element = wantElement;
	if (element.kind === 'dynamic') {
		element = haveElement ?? unify(elements.map(item => typeOf(item))) ?? dynamicType;
	}

	const converted: Value[] = [];
	for (let index = 0; index < elements.length; index++) {
		const item = elements[index]!;
		if (isAlready(item, element)) {
			converted.push(item);
			continue;
		}

		const result = convertAt(item, element, [...path, {kind: 'index', key: index}]);
		if (!result.ok) {
			return result;
		}

		converted.push(result.value);
	}

	if (kind === 'list') {
		return {ok: true, value: listValue(element, converted)};
	}

	return {ok: true, value: markedSet(element, converted)};
}

/**
A set of the given elements with their marks, at any depth, moved onto the set: cty's set elements cannot carry marks (`toset([[sensitive(1)]])` is a sensitive set).
*/
export function markedSet(elementType: Type, elements: readonly Value[]): Value {
	const marks = new Set<Mark>();
	const bare = elements.map(item => {
		if (!hasDeepMarks(item)) {
			return item;
		}

		for (const mark of deepMarks(item)) {
			marks.add(mark);
		}

		return unmarkDeep(item);
	});
	return withMarks(setFromElements(elementType, bare), marks.size > 0 ? marks : undefined);
}

/**
The value with every mark removed, at every depth.
*/
export function unmarkDeep(value: Value): Value {
	if (!hasDeepMarks(value)) {
		return value;
	}

	const [bare] = unmark(value);
	switch (bare.kind) {
		case 'list':
		case 'set':
		case 'tuple': {
			return bare.elements.some(element => deepMarks(element).size > 0) ? {...bare, elements: bare.elements.map(element => unmarkDeep(element))} : bare;
		}

		case 'map': {
			return {...bare, entries: new Map([...bare.entries].map(([key, element]) => [key, unmarkDeep(element)]))};
		}

		case 'object': {
			return {...bare, attributes: new Map([...bare.attributes].map(([key, element]) => [key, unmarkDeep(element)]))};
		}

		default: {
			return bare;
		}
	}
}

function convertToObject(source: ReadonlyMap<string, Value>, want: ObjectType, path: readonly PathStep[], fromMap: boolean): ConversionResult {
	// Read in the type's own order (the first failure is the one reported), each value placed at its name's place in the object's order: no sort per conversion, and every instance of a resource converts its blocks to the same few types.
	const layout = objectLayoutOf(want);
	const {names, places} = layout;
	const typeNames = attributeNames(want);
	const values = new Array<Value>(names.length);
	const missing: string[] = [];
	for (let index = 0; index < typeNames.length; index++) {
		const name = typeNames[index]!;
		const attributeType = want.attributes[name]!;
		let attribute = source.get(name);
		const optional = want.optional?.has(name) ?? false;
		if (optional && (attribute === undefined || attribute.kind === 'null')) {
			const fallback = want.defaults?.get(name);
			// An optional attribute left out is the same null in every object converted to this type (values are immutable): one per attribute of the type, not one per object (the instances of a resource convert their blocks to the same few types).
			attribute = fallback ?? attribute ?? (layout.nulls[index] ??= nullValue(attributeType));
		}

		if (attribute === undefined) {
			missing.push(name);
			continue;
		}

		const result = isAlready(attribute, attributeType) ? {ok: true as const, value: attribute} : convertAt(attribute, attributeType, [...path, {kind: 'attribute', name}]);
		if (!result.ok) {
			return result;
		}

		values[places[index]!] = result.value;
	}

	if (missing.length > 0) {
		if (fromMap) {
			return fail(`map has no element for required attribute "${missing.sort()[0]!}"`, path);
		}

		return fail(missingAttributesMessage(missing), path);
	}

	// The values array is this conversion's own, of its final length, and the names are the layout's, never changed: kept as they are, not copied.
	return {ok: true, value: {kind: 'object', attributes: sortedEntriesOf(names, values)}};
}

/**
Whether keys are distinct and in a map's order (compareStrings), so they can be a map's entries as they are.
*/
function keysInOrder(keys: readonly string[]): boolean {
	for (let position = 1; position < keys.length; position++) {
		if (compareStrings(keys[position - 1]!, keys[position]!) >= 0) {
			return false;
		}
	}

	return true;
}

/**
An object type's attribute names in an object value's order (compareStrings), and where each name of the type's own order (attributeNames) goes in it.
*/
type ObjectLayout = {
	readonly names: readonly string[];
	readonly places: Int32Array;
	/**
	The null of each optional attribute (in the type's own order), made when first needed.
	*/
	readonly nulls: Array<Value | undefined>;
};

const layoutsOfTypes = new WeakMap<ObjectType, ObjectLayout>();

/**
The layout of an object type, made once per type (types are immutable).
*/
function objectLayoutOf(type: ObjectType): ObjectLayout {
	let layout = layoutsOfTypes.get(type);
	if (!layout) {
		const typeNames = attributeNames(type);
		const names = [...typeNames].sort(compareStrings);
		const places = new Int32Array(typeNames.length);
		for (const [index, name] of typeNames.entries()) {
			places[index] = names.indexOf(name);
		}

		layout = {names, places, nulls: new Array<Value | undefined>(typeNames.length)};
		layoutsOfTypes.set(type, layout);
	}

	return layout;
}

function missingAttributesMessage(missing: string[]): string {
	const names = missing.sort().map(name => JSON.stringify(name));
	if (names.length === 1) {
		return `attribute ${names[0]!} is required`;
	}

	if (names.length === 2) {
		return `attributes ${names[0]!} and ${names[1]!} are required`;
	}

	return `attributes ${names.slice(0, -1).join(', ')}, and ${names.at(-1)!} are required`;
}

/**
Whether a conversion from `have` to `want` exists at all (cty's GetConversionUnsafe is not nil); values may still fail to convert (`"a"` to number).
*/
export function canConvert(have: Type, want: Type): boolean {
	if (want.kind === 'dynamic' || have.kind === 'dynamic' || (typeEquals(have, want) && !(want.kind === 'object' && want.optional))) {
		return true;
	}

	switch (want.kind) {
		case 'string': {
			return have.kind === 'number' || have.kind === 'bool';
		}

		case 'number':
		case 'bool': {
			return have.kind === 'string';
		}

		case 'list':
		case 'set': {
			if (have.kind === 'list' || have.kind === 'set') {
				return canConvert(have.element, want.element);
			}

			if (have.kind === 'tuple') {
				if (want.element.kind === 'dynamic') {
					return unify(have.elements) !== undefined;
				}

				for (const element of have.elements) {
					if (!canConvert(element, want.element)) {
						return false;
					}
				}

				return true;
			}

			return false;
		}

		case 'map': {
			if (have.kind === 'map') {
				return canConvert(have.element, want.element);
			}

			if (have.kind === 'object') {
				if (want.element.kind === 'dynamic') {
					return unify(Object.values(have.attributes)) !== undefined;
				}

				// Loops over the names rather than arrays of entries or values and a closure: asked for every instance's arguments.
				for (const name of attributeNames(have)) {
					if (!canConvert(have.attributes[name]!, want.element)) {
						return false;
					}
				}

				return true;
			}

			return false;
		}

		case 'tuple': {
			if (have.kind !== 'tuple' || have.elements.length !== want.elements.length) {
				return false;
			}

			for (let index = 0; index < have.elements.length; index++) {
				if (!canConvert(have.elements[index]!, want.elements[index]!)) {
					return false;
				}
			}

			return true;
		}

		case 'object': {
			if (have.kind === 'object') {
				for (const name of attributeNames(want)) {
					const attribute = have.attributes[name];
					if (attribute === undefined ? !(want.optional?.has(name) ?? false) : !canConvert(attribute, want.attributes[name]!)) {
						return false;
					}
				}

				return true;
			}

			return have.kind === 'map' && mapConvertsToObject(have.element, want);
		}
	}
}

/**
Whether a map of `element` may convert to the object type: each attribute's type must be one the element converts to, except an optional attribute's, which the map may leave out (cty's conversionMapToObject in unsafe mode; the conversion fails only if the map has that key). So a typed null `map(string)` passes to a variable of type `object({name = optional(object({...}))})` (#38, F).
*/
function mapConvertsToObject(element: Type, want: ObjectType): boolean {
	for (const name of attributeNames(want)) {
		if (!canConvert(element, want.attributes[name]!) && !(want.optional?.has(name) ?? false)) {
			return false;
		}
	}

	return true;
}

/**
How cty names a type in "... required" messages: `any type`, `list of any single type`, `map of string`.
*/
export function friendlyNameForConstraint(type: Type): string {
	switch (type.kind) {
		case 'dynamic': {
			return 'any type';
		}

		case 'list':
		case 'set':
		case 'map': {
			return `${type.kind} of ${type.element.kind === 'dynamic' ? 'any single type' : friendlyNameForConstraint(type.element)}`;
		}

		default: {
			return type.kind;
		}
	}
}

/**
Why no conversion exists from `got` to `want` (cty's MismatchMessage), in the words of a go-cty release (MismatchWording).
*/
export function mismatchMessage(got: Type, want: Type, wording: MismatchWording): string {
	if (got.kind === 'object' && want.kind === 'object') {
		return objectsMismatch(got, want, wording);
	}

	if (got.kind === 'tuple' && want.kind === 'list' && want.element.kind === 'dynamic') {
		return 'all list elements must have the same type';
	}

	if (got.kind === 'tuple' && want.kind === 'set' && want.element.kind === 'dynamic') {
		return 'all set elements must have the same type';
	}

	if (got.kind === 'object' && want.kind === 'map' && want.element.kind === 'dynamic') {
		return 'all map elements must have the same type';
	}

	const wantCollection = want.kind === 'list' || want.kind === 'set' || want.kind === 'map';
	if ((got.kind === 'tuple' || got.kind === 'object') && wantCollection) {
		if ((want.kind === 'list' || want.kind === 'set') && got.kind !== 'tuple') {
			return `${friendlyNameForConstraint(want)} required`;
		}

		if (want.kind === 'map' && got.kind !== 'object') {
			return `${friendlyNameForConstraint(want)} required`;
		}

		const element = want.element;
		if (got.kind === 'tuple') {
			for (const [index, gotElement] of got.elements.entries()) {
				if (!typeEquals(gotElement, element) && !canConvert(gotElement, element)) {
					return `element ${index}: ${mismatchMessage(gotElement, element, wording)}`;
				}
			}

			return `all elements must be ${friendlyNameForConstraint(element)}`;
		}

		for (const [name, gotAttribute] of Object.entries(got.attributes).sort(([a], [b]) => (a < b ? -1 : 1))) {
			if (!typeEquals(gotAttribute, element) && !canConvert(gotAttribute, element)) {
				return `element ${JSON.stringify(name)}: ${mismatchMessage(gotAttribute, element, wording)}`;
			}
		}

		return `all attributes must be ${friendlyNameForConstraint(element)}`;
	}

	const gotCollection = got.kind === 'list' || got.kind === 'set' || got.kind === 'map';
	if (gotCollection && wantCollection) {
		if ((want.kind === 'list' || want.kind === 'set') && got.kind === 'map') {
			return `${friendlyNameForConstraint(want)} required`;
		}

		if (want.kind === 'map' && got.kind !== 'map') {
			return `${friendlyNameForConstraint(want)} required`;
		}

		return `incorrect ${want.kind} element type: ${mismatchMessage(got.element, want.element, wording)}`;
	}

	if (wording === 'with-given-type' && !typesAreLikelyToCauseConfusion(got, want)) {
		// FriendlyName, not FriendlyNameForConstraint, for both (`list of dynamic required, but have string`).
		return `${friendlyTypeName(want)} required, but have ${friendlyTypeName(got)}`;
	}

	return `${friendlyNameForConstraint(want)} required`;
}

function isPrimitive(type: Type): boolean {
	return type.kind === 'string' || type.kind === 'number' || type.kind === 'bool';
}

/**
go-cty 1.16.3's typesAreLikelyToCauseConfusion (cty/convert/mismatch_msg.go), asked only after MismatchMessage's earlier cases: false (name both types) when one is primitive and the other not, when a string is wanted, between bool and number, and from a tuple to an object. Its collection case cannot be reached after those earlier cases, and its object-to-tuple test reads `got.IsObjectType() && got.IsTupleType()`, never true, so an object given for a tuple keeps the terse words.
*/
function typesAreLikelyToCauseConfusion(got: Type, want: Type): boolean {
	if (isPrimitive(got) !== isPrimitive(want)) {
		return false;
	}

	if (want.kind === 'string') {
		return false;
	}

	if ((want.kind === 'bool' && got.kind === 'number') || (got.kind === 'bool' && want.kind === 'number')) {
		return false;
	}

	return !(got.kind === 'tuple' && want.kind === 'object');
}

function objectsMismatch(got: ObjectType, want: ObjectType, wording: MismatchWording): string {
	const missing: string[] = [];
	let mismatch: string | undefined;
	for (const [name, wantAttribute] of Object.entries(want.attributes).sort(([a], [b]) => (a < b ? -1 : 1))) {
		const gotAttribute = got.attributes[name];
		if (gotAttribute === undefined) {
			if (!(want.optional?.has(name) ?? false)) {
				missing.push(name);
			}

			continue;
		}

		if (mismatch === undefined && !typeEquals(gotAttribute, wantAttribute) && !canConvert(gotAttribute, wantAttribute)) {
			mismatch = `attribute ${JSON.stringify(name)}: ${mismatchMessage(gotAttribute, wantAttribute, wording)}`;
		}
	}

	if (missing.length > 0) {
		return missingAttributesMessage(missing);
	}

	return mismatch ?? 'incorrect object attributes';
}
