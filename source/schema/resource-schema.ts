import type {ProviderBlock, ResourceBlock, TerraformSettings} from '../config/module.js';
import {impliedProviderName, providerSourceAddress} from './provider-address.js';
import type {SchemaSet} from './schema-set.js';
import type {Diagnostic} from '../hcl/diagnostics.js';
import type {BlockSchema, SchemaOrigin} from './types.js';
import {compareVersions, sameMajorVersion, satisfiesConstraint} from '../config/version-constraint.js';

/*
The schema a resource, data source or ephemeral resource block is decoded with, found through its provider, and how far it is trusted.
*/

export type ResourceSchema = {
	readonly block: BlockSchema;
	readonly provider: string;
	readonly origin: SchemaOrigin;
	/**
	Whether the configuration is checked against the schema at all: true for a schema the user gave, and for a bundled digest of a provider version the configuration may use. With a lock file entry for the provider (the version Terraform uses), that is a digest of the same major version; without one, a digest whose version every `required_providers` constraint of the configuration accepts (or that has none). A digest of another version shapes values all the same, but a name it lacks may exist in the version the configuration uses.
	*/
	readonly strict: boolean;
	/**
	Set when the schema is checked (`strict`) but the version Terraform uses is or may be newer than the digest's: the lock file selected a newer one, or, without a lock file entry, `terraform init` installs the newest release the configuration's constraints allow together. A name the digest lacks may exist there: such names are warnings, not errors (see uncertainNames), and references to them are not reported. Absent for a schema file, the built-in provider, a locked version at or before the digest's, and constraints that allow no release after the digest's (`= 4.55.0`, `<= 4.55.0`).
	*/
	readonly newerAllowed?: NewerVersion;
};

/**
Why the provider version used may be newer than the digest's: the lock file selected one (`version`), or the constraints (none, or some such as `>= 4.48.0`) allow newer releases.
*/
export type NewerVersion =
	| {readonly kind: 'locked'; readonly version: string}
	| {readonly kind: 'constraints'; readonly constraints: readonly string[]};

/**
Every `required_providers` version constraint of a configuration, by provider source address: `terraform init` installs the newest release that satisfies all of them together, whichever module states them (a root's `~> 3.114.0` bounds the azurerm its child modules use, though they state none).
*/
export type ProviderConstraints = ReadonlyMap<string, readonly string[]>;

export function providerConstraints(modules: Iterable<Pick<TerraformSettings, 'requiredProviders' | 'providerRegistry'>>): ProviderConstraints {
	const constraints = new Map<string, string[]>();
	for (const settings of modules) {
		for (const required of settings.requiredProviders) {
			if (required.version !== undefined) {
				const source = providerSourceAddress(required.name, settings);
				constraints.set(source, [...constraints.get(source) ?? [], required.version]);
			}
		}
	}

	return constraints;
}

/**
The constraints are the whole configuration's (providerConstraints); without them, only the module's own.
*/
export function resourceSchema(schemas: SchemaSet, block: ResourceBlock, settings: TerraformSettings, constraints?: ProviderConstraints): ResourceSchema | undefined {
	const localName = block.provider?.name ?? impliedProviderName(block.type);
	const provider = providerSourceAddress(localName, settings);
	const providerSchema = schemas.provider(provider);
	const schema = providerSchema?.block(block.mode === 'managed' ? 'resource' : block.mode, block.type);
	if (!providerSchema || !schema) {
		return undefined;
	}

	return withTrust({block: schema, provider, origin: providerSchema.origin}, constraintsOf(provider, localName, settings, constraints), schemas.lockedVersion(provider));
}

/**
The schema of a `provider` block's own arguments (`region`, `assume_role { ... }`), found and trusted as a resource's is.
*/
export function providerBlockSchema(schemas: SchemaSet, block: ProviderBlock, settings: TerraformSettings, constraints?: ProviderConstraints): ResourceSchema | undefined {
	const provider = providerSourceAddress(block.name, settings);
	const providerSchema = schemas.provider(provider);
	const schema = providerSchema?.block('provider', block.name);
	if (!providerSchema || !schema) {
		return undefined;
	}

	return withTrust({block: schema, provider, origin: providerSchema.origin}, constraintsOf(provider, block.name, settings, constraints), schemas.lockedVersion(provider));
}

function constraintsOf(provider: string, localName: string, settings: TerraformSettings, constraints: ProviderConstraints | undefined): readonly string[] {
	if (constraints) {
		return constraints.get(provider) ?? [];
	}

	const own = settings.requiredProviders.find(required => required.name === localName)?.version;
	return own === undefined ? [] : [own];
}

function withTrust(schema: Omit<ResourceSchema, 'strict' | 'newerAllowed'>, constraints: readonly string[], locked: string | undefined): ResourceSchema {
	const {origin} = schema;
	// The built-in provider's schema is the one of the Terraform that runs it, not a release of its own.
	if (origin.kind === 'file' || origin.version === '' || schema.provider === builtinProvider) {
		return {...schema, strict: true};
	}

	// The lock file says which version is used (every module's constraints accepted it at init): a digest at or after it has every name it has within a major version, one before it may lack some; another major version may differ in anything.
	const order = locked === undefined ? undefined : compareVersions(origin.version, locked);
	if (locked !== undefined && order !== undefined) {
		if (!sameMajorVersion(origin.version, locked)) {
			return {...schema, strict: false};
		}

		return order >= 0 ? {...schema, strict: true} : {...schema, strict: true, newerAllowed: {kind: 'locked', version: locked}};
	}

	if (!constraints.every(constraint => satisfiesConstraint(origin.version, constraint))) {
		return {...schema, strict: false};
	}

	return admitsNewer(origin.version, constraints) ? {...schema, strict: true, newerAllowed: {kind: 'constraints', constraints}} : {...schema, strict: true};
}

/**
Whether a release after `version` satisfies every constraint: the next patch, minor or major release is enough to tell, since constraints bound versions by ranges.
*/
function admitsNewer(version: string, constraints: readonly string[]): boolean {
	const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
	if (!match) {
		return true;
	}

	const [major, minor, patch] = [Number(match[1]), Number(match[2]), Number(match[3])];
	return [`${major}.${minor}.${patch + 1}`, `${major}.${minor + 1}.0`, `${major + 1}.0.0`].some(candidate => constraints.every(constraint => satisfiesConstraint(candidate, constraint)));
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

	const why = newerAllowed.kind === 'locked' ? `.terraform.lock.hcl selects ${newerAllowed.version}, a newer release, which may have it` : `${allowedNewer(newerAllowed.constraints)}, which may have it: terraform init installs the newest`;
	return diagnostics.map(diagnostic => (absentNames.has(diagnostic.summary) && diagnostic.severity === 'error'
		? {...diagnostic, severity: 'warning', detail: `${diagnostic.detail ?? ''} The bundled schema of ${schema.provider} ${origin.version} lacks it, but ${why}. To check against the version you use, give its schema with --schema.`.trim()}
		: diagnostic));
}

function allowedNewer(constraints: readonly string[]): string {
	return constraints.length === 0
		? 'no version constraint bounds the provider, so newer releases may be used'
		: `the version ${constraints.length === 1 ? 'constraint' : 'constraints'} ${constraints.map(constraint => JSON.stringify(constraint)).join(', ')} ${constraints.length === 1 ? 'allows' : 'allow'} newer releases of the provider`;
}
