import {canConvert} from './convert.js';
import {
	type Type, dynamicType, isPrimitiveType, listType, mapType, objectType, setType, tupleType, typeEquals,
} from './types.js';

/*
Unification after cty/convert's unify: the one type a list of types can all convert to, used for conditional branches, `tolist([1, "a"])` and functions such as `concat` and `coalesce`. Always the "unsafe" flavour, as Terraform uses.
*/

/**
The common type, or undefined when there is none.
*/
export function unify(types: readonly Type[]): Type | undefined {
	if (types.length === 0) {
		return dynamicType;
	}

	// One type given over and over (the elements of one shared value: typeOf keeps their types) is itself, without a walk of it per element.
	if (types.every(type => type === types[0])) {
		return types[0];
	}

	let maps = 0;
	let lists = 0;
	let sets = 0;
	let objects = 0;
	let tuples = 0;
	let dynamics = 0;
	for (const type of types) {
		switch (type.kind) {
			case 'map': {
				maps++;
				break;
			}

			case 'list': {
				lists++;
				break;
			}

			case 'set': {
				sets++;
				break;
			}

			case 'object': {
				objects++;
				break;
			}

			case 'tuple': {
				tuples++;
				break;
			}

			case 'dynamic': {
				dynamics++;
				break;
			}

			default: {
				break;
			}
		}
	}

	const count = types.length;
	if (maps > 0 && maps + dynamics === count) {
		return unifyCollections('map', types, dynamics > 0);
	}

	if (maps > 0 && maps + objects + dynamics === count) {
		const asMap = unifyObjectsAsMaps(types);
		if (asMap) {
			return asMap;
		}
	} else if (lists > 0 && lists + dynamics === count) {
		return unifyCollections('list', types, dynamics > 0);
	} else if (lists > 0 && lists + tuples + dynamics === count) {
		// Tuples are often lists in disguise (cty's unifyTuplesAsList): try a list of the unified element types first.
		const asList = unifyTuplesAsList(types);
		if (asList) {
			return asList;
		}
	} else if (sets > 0 && sets + dynamics === count) {
		return unifyCollections('set', types, dynamics > 0);
	} else if (objects > 0 && objects + dynamics === count) {
		return unifyObjects(types, dynamics > 0);
	} else if (tuples > 0 && tuples + dynamics === count) {
		return unifyTuples(types, dynamics > 0);
	} else if (objects > 0 && tuples > 0) {
		return undefined;
	}

	// Equal types are interchangeable here, so only the distinct ones are ordered (pairwise) and tried: `toset` of 64k strings unifies one type, not 64k.
	const candidates = distinctTypes(types);
	for (const index of preferenceOrder(candidates)) {
		const want = candidates[index]!;
		if (candidates.every(type => typeEquals(type, want) || canConvert(type, want))) {
			return want;
		}
	}

	return undefined;
}

/**
The types without repeats, in first-seen order. Primitive types are compared by kind (one pass); others by structure against the distinct ones kept so far.
*/
function distinctTypes(types: readonly Type[]): readonly Type[] {
	const distinct: Type[] = [];
	const primitives = new Set<string>();
	for (const type of types) {
		if (isPrimitiveType(type) || type.kind === 'dynamic') {
			if (!primitives.has(type.kind)) {
				primitives.add(type.kind);
				distinct.push(type);
			}
		} else if (!distinct.some(kept => kept === type || typeEquals(kept, type))) {
			distinct.push(type);
		}
	}

	return distinct.length === types.length ? types : distinct;
}

function unifyCollections(kind: 'list' | 'set' | 'map', types: readonly Type[], hasDynamic: boolean): Type | undefined {
	if (hasDynamic) {
		return dynamicType;
	}

	const element = unify(types.map(type => (type as {element: Type}).element));
	if (!element) {
		return undefined;
	}

	return kind === 'list' ? listType(element) : (kind === 'set' ? setType(element) : mapType(element));
}

/**
cty's unifyTuplesAsList: the tuples alone must unify as a list (their elements pooled), then that list in their place must unify with the lists to a list. Pooling the lists' element types with the tuples' elements instead let a `list(dynamic)` turn elements that never meet into a list of anything.
*/
function unifyTuplesAsList(types: readonly Type[]): Type | undefined {
	const elements = types.flatMap(type => (type.kind === 'tuple' ? type.elements : []));
	// No elements at all: cty's unify of nothing fails (here it would be `dynamic`).
	const element = elements.length === 0 ? undefined : unify(elements);
	if (!element) {
		return undefined;
	}

	const asList = listType(element);
	const unified = unify(types.map(type => (type.kind === 'tuple' ? asList : type)));
	return unified?.kind === 'list' ? unified : undefined;
}

/**
cty's unifyObjectsAsMaps: the objects alone must unify as a map (their attribute types pooled), then that map in their place must unify with the maps to a map. Otherwise unification goes on to the general preference order, where `coalesce({a = {x = "s"}, b = {y = [1]}}, tomap({}))` is the object (#38, C).
*/
function unifyObjectsAsMaps(types: readonly Type[]): Type | undefined {
	const attributes = types.flatMap(type => (type.kind === 'object' ? Object.values(type.attributes) : []));
	const element = attributes.length === 0 ? undefined : unify(attributes);
	if (!element) {
		return undefined;
	}

	const asMap = mapType(element);
	const unified = unify(types.map(type => (type.kind === 'object' ? asMap : type)));
	return unified?.kind === 'map' ? unified : undefined;
}

function unifyObjects(types: readonly Type[], hasDynamic: boolean): Type | undefined {
	if (hasDynamic) {
		return dynamicType;
	}

	const objects = types as ReadonlyArray<Extract<Type, {kind: 'object'}>>;
	const names = Object.keys(objects[0]!.attributes);
	for (const object of objects) {
		const these = Object.keys(object.attributes);
		if (these.length !== names.length || these.some(name => !(name in objects[0]!.attributes))) {
			// Objects of different shapes can still meet as a map.
			const element = unify(objects.flatMap(each => Object.values(each.attributes)));
			return element ? mapType(element) : undefined;
		}
	}

	const attributes: Record<string, Type> = {};
	for (const name of names) {
		const unified = unify(objects.map(object => object.attributes[name]!));
		if (!unified) {
			return undefined;
		}

		attributes[name] = unified;
	}

	return objectType(attributes);
}

function unifyTuples(types: readonly Type[], hasDynamic: boolean): Type | undefined {
	if (hasDynamic) {
		return dynamicType;
	}

	const tuples = types as ReadonlyArray<Extract<Type, {kind: 'tuple'}>>;
	const length = tuples[0]!.elements.length;
	if (tuples.some(tuple => tuple.elements.length !== length)) {
		// Tuples of different lengths can still meet as a list.
		const element = unify(tuples.flatMap(tuple => tuple.elements));
		return element ? listType(element) : undefined;
	}

	const elements: Type[] = [];
	for (let index = 0; index < length; index++) {
		const unified = unify(tuples.map(tuple => tuple.elements[index]!));
		if (!unified) {
			return undefined;
		}

		elements.push(unified);
	}

	return tupleType(elements);
}

/**
cty's compareTypes: negative when `a` is the more general (preferred) type.
*/
function compareTypes(a: Type, b: Type): number {
	if (a.kind === 'dynamic' || b.kind === 'dynamic') {
		if (a.kind !== 'dynamic') {
			return -1;
		}

		return b.kind === 'dynamic' ? 0 : 1;
	}

	if (isPrimitiveType(a) && isPrimitiveType(b) && (a.kind === 'string' || b.kind === 'string')) {
		if (a.kind !== 'string') {
			return 1;
		}

		return b.kind === 'string' ? 0 : -1;
	}

	if ((a.kind === 'list' || a.kind === 'set' || a.kind === 'map') && a.kind === b.kind) {
		return compareTypes(a.element, (b as {element: Type}).element);
	}

	// The collection kind is preferred to its structural counterpart, set to tuple, and list to set (terraform: `true ? tolist([1]) : toset([1])` is a list).
	if ((a.kind === 'list' && (b.kind === 'tuple' || b.kind === 'set')) || (a.kind === 'map' && b.kind === 'object') || (a.kind === 'set' && b.kind === 'tuple')) {
		return -1;
	}

	if ((b.kind === 'list' && (a.kind === 'tuple' || a.kind === 'set')) || (b.kind === 'map' && a.kind === 'object') || (b.kind === 'set' && a.kind === 'tuple')) {
		return 1;
	}

	return 0;
}

/**
Indexes of `types`, most general first (a stable topological order of "more general than").
*/
function preferenceOrder(types: readonly Type[]): number[] {
	const count = types.length;
	const edges: number[][] = types.map(() => []);
	for (let i = 0; i < count - 1; i++) {
		for (let j = i + 1; j < count; j++) {
			const comparison = compareTypes(types[i]!, types[j]!);
			if (comparison < 0) {
				edges[i]!.push(j);
			} else if (comparison > 0) {
				edges[j]!.push(i);
			}
		}
	}

	const inDegree: number[] = Array.from({length: count}, () => 0);
	for (const outs of edges) {
		for (const j of outs) {
			inDegree[j]!++;
		}
	}

	const queue: number[] = [];
	for (const [index, degree] of inDegree.entries()) {
		if (degree === 0) {
			queue.push(index);
		}
	}

	for (let head = 0; head < queue.length; head++) {
		for (const j of edges[queue[head]!]!) {
			inDegree[j]!--;
			if (inDegree[j] === 0) {
				queue.push(j);
			}
		}
	}

	return queue;
}
