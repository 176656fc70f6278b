import path from 'node:path';
import {describeReadFailure, inspectFile, readTextWithLimit} from '../files/read-file.js';
import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import {bundledProviderSchema} from './bundled.js';
import {withDataStore} from './builtin-store.js';
import {providerSchemaOf} from './digest.js';
import {readSchemaJson} from './read-schema-json.js';
import type {LockedProvider} from '../config/lock-file.js';
import type {BlockSchema, ListResourceSchemas, ProviderSchema, SchemaKind} from './types.js';

/*
The provider schemas a Workspace knows: those of the files the user gave (`--schema FILE`, or `providers-schema.json` kept beside the configuration), then the bundled digests. A provider in a file hides its bundled digest whole.
*/

export type SchemaSet = {
	/**
	The schema of a provider by source address, `undefined` when none is known.
	*/
	provider(source: string): ProviderSchema | undefined;
	/**
	The block schema of a resource, data source, ephemeral resource or provider type, `undefined` when none is known.
	*/
	block(kind: SchemaKind, type: string, source: string): BlockSchema | undefined;
	/**
	The provider version the root module's `.terraform.lock.hcl` selected (the one Terraform uses), `undefined` without a lock file entry.
	*/
	lockedVersion(source: string): string | undefined;
};

export type SchemaSetOptions = {
	/**
	Schema files (the output of `terraform providers schema -json`), read in order; a later file's provider wins.
	*/
	readonly files?: readonly string[];
	/**
	Whether the bundled digests are consulted (default true); the built-in `terraform` provider's always is, as Terraform always has it.
	*/
	readonly bundled?: boolean;
	/**
	The providers of the root module's lock file (config/lock-file.ts).
	*/
	readonly locked?: readonly LockedProvider[];
	/**
	Whether the built-in provider's `terraform_data` has the `store` block (Terraform 1.16, LanguageRules.dataStore; default true, as the newest release has it).
	*/
	readonly dataStore?: boolean;
};

/**
The largest schema file read: 192 MiB, refused from its size before any of it is read. The AWS, Azure and Google providers together write about 100 MB with descriptions; reading a schema file peaks at about 4.5 times its size (a 100 MB one: 460 MB; a 500 MB one under the old 512 MiB limit: 1.55 GB), so this keeps a hostile one under 1 GB.
*/
export const maximumSchemaFileBytes = 192 * 1024 * 1024;

/**
The file names looked for in the configuration's root directory when no `--schema` is given, in order.
*/
export const defaultSchemaFiles = ['providers-schema.json', '.terraform/providers-schema.json'] as const;

/**
A schema set from files and (unless turned off) the bundled digests; problems reading a file are diagnostics, the rest still loads.
*/
export function loadSchemaSet(options: SchemaSetOptions): {schemas: SchemaSet; diagnostics: Diagnostic[]} {
	const diagnostics: Diagnostic[] = [];
	const fromFiles = new Map<string, ProviderSchema>();
	for (const file of options.files ?? []) {
		const text = readSchemaFile(file, diagnostics);
		if (text === undefined) {
			continue;
		}

		const read = readSchemaJson(text, file);
		diagnostics.push(...read.diagnostics);
		for (const digest of read.digests) {
			fromFiles.set(providerKey(digest.provider), providerSchemaOf(digest, {kind: 'file', path: file}));
		}
	}

	return {schemas: schemaSetOf(fromFiles, options.bundled ?? true, options.locked ?? [], options.dataStore ?? true), diagnostics};
}

/**
The schema files a Workspace reads: the ones given, or the first default file present in the root directory.
*/
export function schemaFilesFor(directory: string, given: readonly string[] | undefined, cwd: string): string[] {
	if (given && given.length > 0) {
		return given.map(file => path.resolve(cwd, file));
	}

	for (const name of defaultSchemaFiles) {
		const file = path.join(directory, name);
		if (inspectFile(file).kind === 'file') {
			return [file];
		}
	}

	return [];
}

const builtinProvider = 'terraform.io/builtin/terraform';

const noListResources: ListResourceSchemas = {config: () => undefined, types: () => []};

/**
The schemas of Terraform's built-in provider only (`terraform_data`, `terraform_remote_state`).
*/
export const builtinSchemaSet: SchemaSet = schemaSetOf(new Map(), false, [], true);

function schemaSetOf(fromFiles: ReadonlyMap<string, ProviderSchema>, bundled: boolean, locked: readonly LockedProvider[], dataStore: boolean): SchemaSet {
	const versions = new Map<string, string>();
	for (const entry of locked) {
		if (entry.version !== undefined) {
			versions.set(providerKey(entry.address), entry.version);
		}
	}

	let builtin: ProviderSchema | undefined;
	const bundledSchema = (source: string): ProviderSchema | undefined => {
		if (providerKey(source) !== builtinProvider) {
			return bundled ? bundledProviderSchema(source) : undefined;
		}

		const digest = bundledProviderSchema(source);
		// The digest is terraform 1.11's: the releases with `store` get it added (builtin-store.ts). It has no list resource types, in any release that has them (hashicorp/terraform v1.14, v1.15, v1.16 internal/builtin/providers/terraform/provider.go GetProviderSchema: an empty ListResourceTypes).
		builtin ??= digest && {...(dataStore ? withDataStore(digest) : digest), listResources: noListResources};
		return builtin;
	};

	const provider = (source: string): ProviderSchema | undefined => fromFiles.get(providerKey(source)) ?? bundledSchema(source);
	return {
		provider,
		block: (kind, type, source) => provider(source)?.block(kind, type),
		lockedVersion: source => versions.get(providerKey(source)),
	};
}

/**
Providers are matched without their registry host, so a schema written by OpenTofu (`registry.opentofu.org/hashicorp/aws`) serves a configuration Terraform reads, and the reverse.
*/
function providerKey(source: string): string {
	const parts = source.toLowerCase().split('/');
	return parts.length === 3 && parts[0] !== 'terraform.io' ? parts.slice(1).join('/') : parts.join('/');
}

function readSchemaFile(file: string, diagnostics: Diagnostic[]): string | undefined {
	const read = readTextWithLimit(file, maximumSchemaFileBytes);
	if (read.ok) {
		return read.text;
	}

	const hint = read.failure.kind === 'missing' ? ` Write one with "terraform providers schema -json > ${path.basename(file)}" in an initialised directory.` : '';
	diagnostics.push(errorDiagnostic('Invalid provider schema file', `${describeReadFailure(read.failure)}.${hint}`));
	return undefined;
}
