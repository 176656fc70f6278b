import type {Type} from '../lang/types.js';

/*
What a provider's schema says about a resource, data source, ephemeral resource or the provider block itself, after Terraform's configschema: attributes with their type and whether they are required, optional, computed, sensitive or write-only, and nested block types with their nesting mode and item limits.
*/

export type NestingMode = 'single' | 'group' | 'list' | 'set' | 'map';

export type AttributeSchema = {
	/**
	The attribute's type; for a nested attribute type (`nested_type`), the type it implies, with its optional attributes marked so a conversion fills them with null.
	*/
	readonly type: Type;
	readonly required?: boolean;
	readonly optional?: boolean;
	readonly computed?: boolean;
	readonly sensitive?: boolean;
	readonly writeOnly?: boolean;
	/**
	A nested attribute type (Terraform 1.x protocol 6): its attributes and how they nest.
	*/
	readonly nested?: {readonly mode: Exclude<NestingMode, 'group'>; readonly block: BlockSchema};
};

export type NestedBlockSchema = {
	readonly mode: NestingMode;
	readonly block: BlockSchema;
	readonly minItems: number;
	/**
	0 when the schema sets no limit.
	*/
	readonly maxItems: number;
};

export type BlockSchema = {
	readonly attributes: ReadonlyMap<string, AttributeSchema>;
	readonly blockTypes: ReadonlyMap<string, NestedBlockSchema>;
};

export type SchemaKind = 'resource' | 'data' | 'ephemeral' | 'provider';

/**
Where a provider's schema came from, for messages and the readme: a file the user gave, or a bundled digest with the provider version and the package it was generated from.
*/
export type SchemaOrigin =
	| {readonly kind: 'file'; readonly path: string}
	| {readonly kind: 'bundled'; readonly version: string; readonly generatedFrom: string};

/**
Whether a schema is a digest of a CDK for Terraform package (or of its fork CDK Terrain's), which cannot tell a nested block from a nested attribute and leaves some nested blocks typed as any (the built-in provider's digest comes from terraform itself and is exact).
*/
export function isInexactDigest(origin: SchemaOrigin): boolean {
	return origin.kind === 'bundled' && (origin.generatedFrom.startsWith('@cdktf/') || origin.generatedFrom.startsWith('@cdktn/'));
}

/**
One provider's schemas, each block decoded when first asked for (the AWS provider has about 1,600 types; a configuration uses a few).
*/
export type ProviderSchema = {
	/**
	The provider's source address, `registry.terraform.io/hashicorp/aws`.
	*/
	readonly source: string;
	readonly origin: SchemaOrigin;
	/**
	The block schema of one type of a kind, `undefined` when the provider has no such type.
	*/
	block(kind: SchemaKind, type: string): BlockSchema | undefined;
	/**
	The names of the types of a kind.
	*/
	types(kind: Exclude<SchemaKind, 'provider'>): readonly string[];
	/**
	The provider's list resource types (Terraform 1.14+, queried by `list` blocks of query files): absent when the schema does not say which it has. A schema file written by `terraform providers schema -json` 1.14+ says so under `list_resource_schemas` for a provider that has some (the key is left out when it has none, and by earlier releases, so its absence tells nothing); the bundled digests never do; Terraform's built-in provider has none.
	*/
	readonly listResources?: ListResourceSchemas;
};

export type ListResourceSchemas = {
	/**
	The schema of a list resource type's `config` block (what `list_resource_schemas` holds: hashicorp/terraform v1.16 internal/command/jsonprovider/provider.go marshalProvider takes it out of the block Terraform wraps around it), `undefined` when the provider has no such list resource type.
	*/
	config(type: string): BlockSchema | undefined;
	types(): readonly string[];
};
