import {convert, hasType} from '../lang/convert.js';
import {hasDynamicType} from '../lang/types.js';
import {type Value, compareStrings, typeOf, unknownValue, unmark, withMarks} from '../lang/values.js';
import type {PlannedJson} from './overlay.js';
import {decodeValue} from './read-plan.js';

/*
An instance's planned value over the one tfscope computed: the plan's value wins, everywhere. The plan's JSON carries no types (a list and a tuple, a map and an object look alike), so each attribute whose computed value has a type (from the provider's schema or the configuration) is converted to it when it converts, and an attribute the plan says is unknown takes the computed value's type when that is unknown too.
*/

export function overPlanned(computed: Value, planned: Value): Value {
	const [plain, marks] = unmark(planned);
	const [base] = unmark(computed);
	if (plain.kind !== 'object' || base.kind !== 'object') {
		return planned;
	}

	const attributes = new Map<string, Value>();
	for (const [name, value] of plain.attributes) {
		const known = base.attributes.get(name);
		attributes.set(name, known ? typed(known, value) : value);
	}

	return withMarks({kind: 'object', attributes}, marks);
}

function typed(computed: Value, planned: Value): Value {
	const [plain, marks] = unmark(planned);
	const type = typeOf(unmark(computed)[0]);
	if (type.kind === 'dynamic') {
		return planned;
	}

	if (plain.kind === 'unknown') {
		return withMarks(unknownValue(type), marks);
	}

	const converted = convert(planned, type);
	return converted.ok ? converted.value : planned;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
`overPlanned(computed, decodeValue(json))`, without decoding what the plan leaves as computed: an attribute whose planned JSON is the computed value (the same text, number, bool, elements and names, nothing unknown, sensitive or marked) would decode and convert to that value again, so the computed value is kept as it is (a plan of 12,500 instances of which most attributes are what tfscope computed decoded and converted them all). Any other attribute is decoded and converted as before.
*/
export function overPlannedJson(computed: Value, json: PlannedJson): Value {
	const {value, unknown, sensitive} = json;
	const [base] = unmark(computed);
	if (base.kind !== 'object' || !isObject(value) || unknown === true || sensitive === true) {
		return overPlanned(computed, decodeValue(value, unknown, sensitive));
	}

	// decodeValue's object: the names of `value` and those `unknown` says are unknown, in order.
	const unknowns = isObject(unknown) ? unknown : {};
	const sensitives = isObject(sensitive) ? sensitive : {};
	const names = new Set(Object.keys(value));
	for (const name in unknowns) {
		if (unknowns[name] === true) {
			names.add(name);
		}
	}

	const attributes = new Map<string, Value>();
	for (const name of [...names].sort(compareStrings)) {
		const known = base.attributes.get(name);
		const item = value[name];
		const itemUnknown = unknowns[name];
		const itemSensitive = sensitives[name];
		if (known && samePlanned(known, item, itemUnknown, itemSensitive, 0)) {
			attributes.set(name, known);
			continue;
		}

		const planned = decodeValue(item, itemUnknown, itemSensitive);
		attributes.set(name, known ? typed(known, planned) : planned);
	}

	return {kind: 'object', attributes};
}

/** Deeper than this, a value is decoded and converted (the usual way, with its own limits). */
const maximumDepth = 64;

/**
Whether the planned JSON `value` (with its `unknown` and `sensitive` shapes) decodes and converts to the type of `computed` as a value equal to `computed` itself: a conservative test, false where in doubt (marks, unknown or sensitive parts, numbers that are not safe integers, dynamic element types, open or partial objects, names out of order).
*/
function samePlanned(computed: Value, value: unknown, unknown: unknown, sensitive: unknown, depth: number): boolean {
	if ((computed.marks !== undefined && computed.marks.size > 0) || unknown === true || sensitive === true || depth > maximumDepth) {
		return false;
	}

	switch (computed.kind) {
		case 'string':
		case 'bool': {
			return value === computed.value;
		}

		case 'number': {
			return typeof value === 'number' && Number.isSafeInteger(value) && !Object.is(value, -0) && computed.precision === undefined && computed.value.eq(value);
		}

		case 'null': {
			const {kind} = computed.type;
			return value === null && (kind === 'string' || kind === 'number' || kind === 'bool' || kind === 'dynamic');
		}

		case 'unknown': {
			return false;
		}

		case 'list':
		case 'set':
		case 'tuple': {
			const {elements} = computed;
			if (!Array.isArray(value) || value.length !== elements.length || anyTrue(unknown) || anyTrue(sensitive)) {
				return false;
			}

			const elementType = computed.kind === 'tuple' ? undefined : computed.elementType;
			if (elementType && hasDynamicType(elementType)) {
				return false;
			}

			const unknowns = Array.isArray(unknown) ? unknown as unknown[] : [];
			const sensitives = Array.isArray(sensitive) ? sensitive as unknown[] : [];
			for (let index = 0; index < elements.length; index++) {
				const element = elements[index]!;
				if ((elementType && !hasType(element, elementType)) || !samePlanned(element, value[index], unknowns[index], sensitives[index], depth + 1)) {
					return false;
				}
			}

			return true;
		}

		case 'map':
		case 'object': {
			if (computed.kind === 'object' && (computed.open || computed.partial)) {
				return false;
			}

			const entries = computed.kind === 'map' ? computed.entries : computed.attributes;
			if (!isObject(value) || Object.keys(value).length !== entries.size || anyTrue(unknown) || anyTrue(sensitive)) {
				return false;
			}

			const elementType = computed.kind === 'map' ? computed.elementType : undefined;
			if (elementType && hasDynamicType(elementType)) {
				return false;
			}

			const unknowns = isObject(unknown) ? unknown : {};
			const sensitives = isObject(sensitive) ? sensitive : {};
			let previous: string | undefined;
			for (const [name, element] of entries) {
				if ((previous !== undefined && compareStrings(previous, name) >= 0) || !Object.hasOwn(value, name) || (elementType && !hasType(element, elementType)) || !samePlanned(element, value[name], unknowns[name], sensitives[name], depth + 1)) {
					return false;
				}

				previous = name;
			}

			return true;
		}
	}
}

/**
Whether a shape of `after_unknown` or `after_sensitive` says `true` of a part directly inside it (such a part decodes to something else than its JSON).
*/
function anyTrue(shape: unknown): boolean {
	if (Array.isArray(shape)) {
		return shape.includes(true);
	}

	if (isObject(shape)) {
		for (const name in shape) {
			if (shape[name] === true) {
				return true;
			}
		}
	}

	return false;
}
