import type {Value} from './values.js';

/*
The type system of the Terraform language, after go-cty: three primitives, three collection kinds with one element type, the structural tuple and object, and `dynamic` (cty.DynamicPseudoType), the type of a value whose type is not known yet. Object attributes listed in `optional` come from `optional(...)` in a type constraint; they exist only in constraints, never in the type of a value.
*/

export type PrimitiveType = {readonly kind: 'string'} | {readonly kind: 'number'} | {readonly kind: 'bool'};

export type CollectionType = {
	readonly kind: 'list' | 'set' | 'map';
	readonly element: Type;
};

export type TupleType = {
	readonly kind: 'tuple';
	readonly elements: readonly Type[];
};

export type ObjectType = {
	readonly kind: 'object';
	readonly attributes: Readonly<Record<string, Type>>;
	/**
	Constraint-only: attributes declared `optional(T)` or `optional(T, default)`; defaults are kept in `defaults` as HCL-free values by the type-constraint reader.
	*/
	readonly optional?: ReadonlySet<string>;
	/**
	Constraint-only: the defaults of `optional(T, default)` attributes, applied by `convert` when the attribute is absent or null.
	*/
	readonly defaults?: ReadonlyMap<string, Value>;
};

export type DynamicType = {readonly kind: 'dynamic'};

export type Type = PrimitiveType | CollectionType | TupleType | ObjectType | DynamicType;

export const stringType: Type = Object.freeze({kind: 'string'});
export const numberType: Type = Object.freeze({kind: 'number'});
export const boolType: Type = Object.freeze({kind: 'bool'});
export const dynamicType: Type = Object.freeze({kind: 'dynamic'});

export function listType(element: Type): Type {
	return {kind: 'list', element};
}

export function setType(element: Type): Type {
	return {kind: 'set', element};
}

export function mapType(element: Type): Type {
	return {kind: 'map', element};
}

export function tupleType(elements: readonly Type[]): Type {
	return {kind: 'tuple', elements};
}

export function objectType(attributes: Readonly<Record<string, Type>>, optional?: ReadonlySet<string>): Type {
	return optional && optional.size > 0 ? {kind: 'object', attributes, optional} : {kind: 'object', attributes};
}

/**
A type constraint as the type of the values it gives (cty's WithoutOptionalAttributesDeep): the optional markers and defaults of its object types dropped, all the way down.
*/
export function withoutOptionalAttributes(type: Type): Type {
	switch (type.kind) {
		case 'list':
		case 'set':
		case 'map': {
			const element = withoutOptionalAttributes(type.element);
			return element === type.element ? type : {kind: type.kind, element};
		}

		case 'tuple': {
			return {kind: 'tuple', elements: type.elements.map(element => withoutOptionalAttributes(element))};
		}

		case 'object': {
			return objectType(Object.fromEntries(Object.entries(type.attributes).map(([name, attribute]) => [name, withoutOptionalAttributes(attribute)])));
		}

		default: {
			return type;
		}
	}
}

export const emptyObjectType: Type = Object.freeze({kind: 'object', attributes: Object.freeze({})});
export const emptyTupleType: Type = Object.freeze({kind: 'tuple', elements: Object.freeze([])});

export function isPrimitiveType(type: Type): type is PrimitiveType {
	return type.kind === 'string' || type.kind === 'number' || type.kind === 'bool';
}

export function isCollectionType(type: Type): type is CollectionType {
	return type.kind === 'list' || type.kind === 'set' || type.kind === 'map';
}

const namesOfTypes = new WeakMap<ObjectType, readonly string[]>();

/**
The attribute names of an object type, listed once per type (types are immutable; typeEquals runs in every conversion).
*/
export function attributeNames(type: ObjectType): readonly string[] {
	let names = namesOfTypes.get(type);
	if (!names) {
		names = Object.keys(type.attributes);
		namesOfTypes.set(type, names);
	}

	return names;
}

export function attributeCount(type: ObjectType): number {
	return attributeNames(type).length;
}

/**
Structural equality of types (cty's Type.Equals).
*/
export function typeEquals(a: Type, b: Type): boolean {
	if (a === b) {
		return true;
	}

	switch (a.kind) {
		case 'string':
		case 'number':
		case 'bool':
		case 'dynamic': {
			return a.kind === b.kind;
		}

		case 'list':
		case 'set':
		case 'map': {
			return b.kind === a.kind && typeEquals(a.element, (b as CollectionType).element);
		}

		case 'tuple': {
			return b.kind === 'tuple' && a.elements.length === b.elements.length && a.elements.every((element, index) => typeEquals(element, b.elements[index]!));
		}

		case 'object': {
			if (b.kind !== 'object') {
				return false;
			}

			if (attributeCount(a) !== attributeCount(b)) {
				return false;
			}

			for (const name of attributeNames(a)) {
				const other = b.attributes[name];
				if (!other || !typeEquals(a.attributes[name]!, other)) {
					return false;
				}

				if ((a.optional?.has(name) ?? false) !== (b.optional?.has(name) ?? false)) {
					return false;
				}
			}

			return true;
		}
	}
}

/**
True when the type has `dynamic` anywhere inside it.
*/
export function hasDynamicType(type: Type): boolean {
	switch (type.kind) {
		case 'dynamic': {
			return true;
		}

		case 'list':
		case 'set':
		case 'map': {
			return hasDynamicType(type.element);
		}

		case 'tuple': {
			return type.elements.some(element => hasDynamicType(element));
		}

		case 'object': {
			// By the names listed once per type, not Object.values: asked for every block a schema shapes.
			for (const name of attributeNames(type)) {
				if (hasDynamicType(type.attributes[name]!)) {
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

/**
The name Terraform uses in error messages: "string", "list of string", "map of list of number", "tuple", "object", "dynamic".
*/
export function friendlyTypeName(type: Type): string {
	switch (type.kind) {
		case 'list':
		case 'set':
		case 'map': {
			return `${type.kind} of ${friendlyTypeName(type.element)}`;
		}

		case 'dynamic': {
			return 'dynamic';
		}

		default: {
			return type.kind;
		}
	}
}
