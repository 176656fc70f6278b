import type {ProviderBlock, ResourceBlock, TerraformSettings} from '../config/module.js';
import {impliedProviderName, providerSourceAddress} from './provider-address.js';
import type {SchemaSet} from './schema-set.js';
import type {BlockSchema, SchemaOrigin} from './types.js';
import {satisfiesConstraint} from './version-constraint.js';

/*
The schema a resource, data source or ephemeral resource block is decoded with, found through its provider, and how far it is trusted.
*/

export type ResourceSchema = {
	readonly block: BlockSchema;
	readonly provider: string;
	readonly origin: SchemaOrigin;
	/**
	Whether arguments the schema lacks are errors: true for a schema the user gave, and for a bundled digest whose provider version the module's `required_providers` constraint accepts (or that has none). A digest of another version shapes values all the same, but a name it lacks may exist in the version the configuration uses.
	*/
	readonly strict: boolean;
};

export function resourceSchema(schemas: SchemaSet, block: ResourceBlock, settings: TerraformSettings): ResourceSchema | undefined {
	const localName = block.provider?.name ?? impliedProviderName(block.type);
	const provider = providerSourceAddress(localName, settings);
	const providerSchema = schemas.provider(provider);
	const schema = providerSchema?.block(block.mode === 'managed' ? 'resource' : block.mode, block.type);
	if (!providerSchema || !schema) {
		return undefined;
	}

	return {
		block: schema, provider, origin: providerSchema.origin, strict: trusted(providerSchema.origin, localName, settings),
	};
}

/**
The schema of a `provider` block's own arguments (`region`, `assume_role { ... }`), found and trusted as a resource's is.
*/
export function providerBlockSchema(schemas: SchemaSet, block: ProviderBlock, settings: TerraformSettings): ResourceSchema | undefined {
	const provider = providerSourceAddress(block.name, settings);
	const providerSchema = schemas.provider(provider);
	const schema = providerSchema?.block('provider', block.name);
	if (!providerSchema || !schema) {
		return undefined;
	}

	return {
		block: schema, provider, origin: providerSchema.origin, strict: trusted(providerSchema.origin, block.name, settings),
	};
}

function trusted(origin: SchemaOrigin, localName: string, settings: TerraformSettings): boolean {
	const constraint = settings.requiredProviders.find(required => required.name === localName)?.version;
	return origin.kind === 'file' || constraint === undefined || origin.version === '' || satisfiesConstraint(origin.version, constraint);
}
