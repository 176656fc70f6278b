import type {ProviderBlock, ResourceBlock, TerraformSettings} from '../config/module.js';
import {impliedProviderName, providerSourceAddress} from './provider-address.js';
import type {SchemaSet} from './schema-set.js';
import type {Diagnostic} from '../hcl/diagnostics.js';
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
	Whether the configuration is checked against the schema at all: true for a schema the user gave, and for a bundled digest whose provider version the module's `required_providers` constraint accepts (or that has none). A digest of another version shapes values all the same, but a name it lacks may exist in the version the configuration uses.
	*/
	readonly strict: boolean;
	/**
	Set when the schema is checked (`strict`) but the version Terraform would use may be newer than the digest's: `terraform init` installs the newest release the constraints allow, so a name the digest lacks may exist there. Such names are warnings, not errors (see uncertainNames), and references to them are not reported. Absent for a schema file, the built-in provider, and a constraint that allows no release after the digest's (`= 4.55.0`, `<= 4.55.0`).
	*/
	readonly newerAllowed?: {readonly constraint: string | undefined};
};

export function resourceSchema(schemas: SchemaSet, block: ResourceBlock, settings: TerraformSettings): ResourceSchema | undefined {
	const localName = block.provider?.name ?? impliedProviderName(block.type);
	const provider = providerSourceAddress(localName, settings);
	const providerSchema = schemas.provider(provider);
	const schema = providerSchema?.block(block.mode === 'managed' ? 'resource' : block.mode, block.type);
	if (!providerSchema || !schema) {
		return undefined;
	}

	return withTrust({block: schema, provider, origin: providerSchema.origin}, localName, settings);
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

	return withTrust({block: schema, provider, origin: providerSchema.origin}, block.name, settings);
}

function withTrust(schema: Omit<ResourceSchema, 'strict' | 'newerAllowed'>, localName: string, settings: TerraformSettings): ResourceSchema {
	const {origin} = schema;
	const constraint = settings.requiredProviders.find(required => required.name === localName)?.version;
	// The built-in provider's schema is the one of the Terraform that runs it, not a release of its own.
	if (origin.kind === 'file' || origin.version === '' || schema.provider === builtinProvider) {
		return {...schema, strict: true};
	}

	if (constraint !== undefined && !satisfiesConstraint(origin.version, constraint)) {
		return {...schema, strict: false};
	}

	return constraint === undefined || admitsNewer(origin.version, constraint) ? {...schema, strict: true, newerAllowed: {constraint}} : {...schema, strict: true};
}

/**
Whether a release after `version` satisfies the constraint: the next patch, minor or major release is enough to tell, since constraints bound versions by ranges.
*/
function admitsNewer(version: string, constraint: string): boolean {
	const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
	if (!match) {
		return true;
	}

	const [major, minor, patch] = [Number(match[1]), Number(match[2]), Number(match[3])];
	return [`${major}.${minor}.${patch + 1}`, `${major}.${minor + 1}.0`, `${major + 1}.0.0`].some(candidate => satisfiesConstraint(candidate, constraint));
}

const builtinProvider = 'terraform.io/builtin/terraform';

const absentNames: ReadonlySet<string> = new Set(['Unsupported argument', 'Unsupported block type', 'Extraneous JSON object property']);

/**
The diagnostics of checking a body against a schema, with those about a name the schema lacks made warnings that say why, when a newer provider version than the digest's may be used (ResourceSchema.newerAllowed).
*/
export function uncertainNames(diagnostics: readonly Diagnostic[], schema: ResourceSchema): Diagnostic[] {
	const {newerAllowed, origin} = schema;
	if (!newerAllowed || origin.kind !== 'bundled') {
		return [...diagnostics];
	}

	const allowed = newerAllowed.constraint === undefined ? 'no version constraint' : `the version constraint ${JSON.stringify(newerAllowed.constraint)}`;
	return diagnostics.map(diagnostic => (absentNames.has(diagnostic.summary) && diagnostic.severity === 'error'
		? {...diagnostic, severity: 'warning', detail: `${diagnostic.detail ?? ''} The bundled schema of ${schema.provider} ${origin.version} lacks it, but ${allowed} allows newer releases of the provider, which may have it: terraform init installs the newest. To check against the version you use, give its schema with --schema.`.trim()}
		: diagnostic));
}
