import {
	type Type, boolType, dynamicType, listType, mapType, numberType, objectType, setType, stringType, tupleType,
} from '../lang/types.js';
import type {
	AttributeSchema, BlockSchema, ListResourceSchemas, NestedBlockSchema, NestingMode, ProviderSchema, SchemaKind, SchemaOrigin,
} from './types.js';

/*
The compact form a provider's schemas are kept in, bundled or read from `terraform providers schema -json`: only what evaluation needs (no descriptions, deprecation or versions of types). Types are written as in Terraform's JSON (cty's type JSON: `"string"`, `["list","string"]`, `["object",{...}]`); a nested attribute type as `["nested", mode, block]`.

	Digest      = {format: 1, provider, version, generatedFrom, providerBlock?, resources, data, ephemeral, list?}
	DigestBlock = {a?: {NAME: [TYPE, FLAGS]}, b?: {NAME: [MODE, DigestBlock, MIN?, MAX?]}}
	FLAGS       = letters: r required, o optional, c computed, s sensitive, w write-only
*/

export type DigestType = string | readonly unknown[];
export type DigestAttribute = readonly [type: DigestType, flags: string];
export type DigestNestedBlock = readonly [mode: NestingMode, block: DigestBlock, minItems?: number, maxItems?: number];
export type DigestBlock = {
	readonly a?: Readonly<Record<string, DigestAttribute>>;
	readonly b?: Readonly<Record<string, DigestNestedBlock>>;
};

export type Digest = {
	readonly format: 1;
	readonly provider: string;
	readonly version: string;
	/**
	What the digest was made from: a package and version, or a file.
	*/
	readonly generatedFrom: string;
	readonly providerBlock?: DigestBlock;
	readonly resources: Readonly<Record<string, DigestBlock>>;
	readonly data: Readonly<Record<string, DigestBlock>>;
	readonly ephemeral: Readonly<Record<string, DigestBlock>>;
	/**
	The `config` blocks of the provider's list resource types (Terraform 1.14+), only when the schema file says which it has (`list_resource_schemas`); the bundled digests have none.
	*/
	readonly list?: Readonly<Record<string, DigestBlock>>;
};

const modes: ReadonlySet<string> = new Set(['single', 'group', 'list', 'set', 'map']);

/**
How deep a type may nest in a schema (a list of objects of maps ... counts one a level), and how deep nested blocks and nested attributes may nest: 64 each. The deepest of the AWS, Azure and Google providers' schemas nest under 16; a file nested thousands deep (a hostile `providers-schema.json`) would otherwise overflow the stack in every reader and walker of types and values after it.
*/
export const maximumSchemaDepth = 64;

/**
A type from cty's JSON form; `undefined` when it is not one, or when it nests deeper than `maximumSchemaDepth`.
*/
export function typeFromJson(json: unknown, depth = 0): Type | undefined {
	if (depth > maximumSchemaDepth) {
		return undefined;
	}

	if (typeof json === 'string') {
		return {
			string: stringType, number: numberType, bool: boolType, dynamic: dynamicType,
		}[json];
	}

	if (!Array.isArray(json)) {
		return undefined;
	}

	const [kind, inner, optional] = json as [unknown, unknown, unknown];
	switch (kind) {
		case 'list':
		case 'set':
		case 'map': {
			const element = typeFromJson(inner, depth + 1);
			return element && (kind === 'list' ? listType(element) : (kind === 'set' ? setType(element) : mapType(element)));
		}

		case 'tuple': {
			if (!Array.isArray(inner)) {
				return undefined;
			}

			const elements = inner.map(element => typeFromJson(element, depth + 1));
			return elements.every(element => element !== undefined) ? tupleType(elements as Type[]) : undefined;
		}

		case 'object': {
			if (typeof inner !== 'object' || inner === null) {
				return undefined;
			}

			const attributes: Record<string, Type> = {};
			for (const [name, attribute] of Object.entries(inner)) {
				const type = typeFromJson(attribute, depth + 1);
				if (!type) {
					return undefined;
				}

				attributes[name] = type;
			}

			return objectType(attributes, Array.isArray(optional) ? new Set(optional.filter(name => typeof name === 'string')) : undefined);
		}

		default: {
			return undefined;
		}
	}
}

/**
A type in cty's JSON form (the inverse of `typeFromJson`).
*/
export function typeToJson(type: Type): DigestType {
	switch (type.kind) {
		case 'string':
		case 'number':
		case 'bool':
		case 'dynamic': {
			return type.kind;
		}

		case 'list':
		case 'set':
		case 'map': {
			return [type.kind, typeToJson(type.element)];
		}

		case 'tuple': {
			return ['tuple', type.elements.map(element => typeToJson(element))];
		}

		case 'object': {
			const attributes = Object.fromEntries(Object.entries(type.attributes).map(([name, attribute]) => [name, typeToJson(attribute)]));
			return type.optional && type.optional.size > 0 ? ['object', attributes, [...type.optional].sort()] : ['object', attributes];
		}
	}
}

/**
The type a block's values have (configschema's ImpliedType): an object of its attributes and nested blocks, each block type a list, set, map or object of its block's type.
*/
export function impliedType(block: BlockSchema): Type {
	let type = impliedTypes.get(block);
	if (!type) {
		const attributes: Record<string, Type> = {};
		for (const [name, attribute] of block.attributes) {
			attributes[name] = attribute.type;
		}

		for (const [name, nested] of block.blockTypes) {
			attributes[name] = nestedType(nested.mode, impliedType(nested.block));
		}

		type = objectType(attributes);
		impliedTypes.set(block, type);
	}

	return type;
}

const impliedTypes = new WeakMap<BlockSchema, Type>();

function nestedType(mode: NestingMode, element: Type): Type {
	switch (mode) {
		case 'list': {
			return listType(element);
		}

		case 'set': {
			return setType(element);
		}

		case 'map': {
			return mapType(element);
		}

		default: {
			return element;
		}
	}
}

/**
A digest block as a block schema; malformed parts are left out rather than failing the whole provider.
*/
export function decodeBlock(digest: DigestBlock): BlockSchema {
	const attributes = new Map<string, AttributeSchema>();
	for (const [name, entry] of Object.entries(digest.a ?? {})) {
		const attribute = Array.isArray(entry) ? decodeAttribute(entry as DigestAttribute) : undefined;
		if (attribute) {
			attributes.set(name, attribute);
		}
	}

	const blockTypes = new Map<string, NestedBlockSchema>();
	for (const [name, entry] of Object.entries(digest.b ?? {})) {
		if (!Array.isArray(entry)) {
			continue;
		}

		const [mode, block, minItems, maxItems] = entry as DigestNestedBlock;
		if (modes.has(mode) && typeof block === 'object' && block !== null) {
			blockTypes.set(name, {
				mode, block: decodeBlock(block), minItems: typeof minItems === 'number' ? minItems : 0, maxItems: typeof maxItems === 'number' ? maxItems : 0,
			});
		}
	}

	return {attributes, blockTypes};
}

function decodeAttribute([typeJson, flags]: DigestAttribute): AttributeSchema | undefined {
	const common = {
		...(flags.includes('r') && {required: true}),
		...(flags.includes('o') && {optional: true}),
		...(flags.includes('c') && {computed: true}),
		...(flags.includes('s') && {sensitive: true}),
		...(flags.includes('w') && {writeOnly: true}),
	};
	if (Array.isArray(typeJson) && typeJson[0] === 'nested') {
		const [, mode, block] = typeJson as [string, unknown, unknown];
		if (typeof mode !== 'string' || !modes.has(mode) || mode === 'group' || typeof block !== 'object' || block === null) {
			return undefined;
		}

		const nested = {mode: mode as Exclude<NestingMode, 'group'>, block: decodeBlock(block as DigestBlock)};
		return {...common, type: nestedAttributeType(nested.mode, nested.block), nested};
	}

	const type = typeFromJson(typeJson);
	return type && {...common, type};
}

/**
The type of a nested attribute: its attributes' object (those not required are optional, so a value that leaves them out converts with null), nested as its mode says.
*/
function nestedAttributeType(mode: Exclude<NestingMode, 'group'>, block: BlockSchema): Type {
	const attributes: Record<string, Type> = {};
	const optional = new Set<string>();
	for (const [name, attribute] of block.attributes) {
		attributes[name] = attribute.type;
		if (!attribute.required) {
			optional.add(name);
		}
	}

	return nestedType(mode, objectType(attributes, optional));
}

/**
A block schema in digest form (the inverse of `decodeBlock`).
*/
export function encodeBlock(block: BlockSchema): DigestBlock {
	const a: Record<string, DigestAttribute> = {};
	for (const [name, attribute] of [...block.attributes].sort(([x], [y]) => (x < y ? -1 : (x > y ? 1 : 0)))) {
		const flags = (attribute.required ? 'r' : '') + (attribute.optional ? 'o' : '') + (attribute.computed ? 'c' : '') + (attribute.sensitive ? 's' : '') + (attribute.writeOnly ? 'w' : '');
		a[name] = [attribute.nested ? ['nested', attribute.nested.mode, encodeBlock(attribute.nested.block)] : typeToJson(attribute.type), flags];
	}

	const b: Record<string, DigestNestedBlock> = {};
	for (const [name, nested] of [...block.blockTypes].sort(([x], [y]) => (x < y ? -1 : (x > y ? 1 : 0)))) {
		const limits = nested.maxItems > 0 ? [nested.minItems, nested.maxItems] : (nested.minItems > 0 ? [nested.minItems] : []);
		b[name] = [nested.mode, encodeBlock(nested.block), ...limits] as unknown as DigestNestedBlock;
	}

	return {...(Object.keys(a).length > 0 && {a}), ...(Object.keys(b).length > 0 && {b})};
}

const kindFields = {resource: 'resources', data: 'data', ephemeral: 'ephemeral'} as const;

/**
A provider schema that decodes each type's block from the digest when first asked for.
*/
export function providerSchemaOf(digest: Digest, origin: SchemaOrigin): ProviderSchema {
	const decoded = new Map<string, BlockSchema | undefined>();
	return {
		source: digest.provider,
		origin,
		block(kind: SchemaKind, type: string) {
			const key = `${kind}:${type}`;
			if (decoded.has(key)) {
				return decoded.get(key);
			}

			const table = kind === 'provider' ? undefined : digest[kindFields[kind]];
			const entry = kind === 'provider' ? digest.providerBlock : (table && Object.hasOwn(table, type) ? table[type] : undefined);
			const block = entry && typeof entry === 'object' ? decodeBlock(entry) : undefined;
			decoded.set(key, block);
			return block;
		},
		types(kind) {
			return Object.keys(digest[kindFields[kind]] ?? {}).sort();
		},
		...(digest.list && {listResources: listResourcesOf(digest.list)}),
	};
}

function listResourcesOf(table: Readonly<Record<string, DigestBlock>>): ListResourceSchemas {
	const decoded = new Map<string, BlockSchema | undefined>();
	return {
		config(type) {
			if (!decoded.has(type)) {
				const entry = Object.hasOwn(table, type) ? table[type] : undefined;
				decoded.set(type, entry && typeof entry === 'object' ? decodeBlock(entry) : undefined);
			}

			return decoded.get(type);
		},
		types: () => Object.keys(table).sort(),
	};
}
