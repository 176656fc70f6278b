import fs from 'node:fs';
import {fileURLToPath} from 'node:url';
import {digestFileSchema} from './digest-file.js';
import type {ProviderSchema} from './types.js';

/*
The schema digests shipped with tfscope (`schemas/NAMESPACE/NAME.digest` at the package root, made by `scripts/generate-schema-digests.ts`; the file form is in digest-file.ts), each read only when a configuration uses the provider, each type's block inflated and parsed only when a configuration uses the type.
*/

// From the sources (source/schema/) the package root is two levels up; from the bundle (distribution/) one.
const candidates = ['../schemas/', '../../schemas/', '../../../schemas/'];

let directory: string | undefined | null;

function bundledDirectory(): string | undefined {
	if (directory === undefined) {
		directory = null;
		for (const candidate of candidates) {
			const path = fileURLToPath(new URL(candidate, import.meta.url));
			if (fs.existsSync(`${path}index.json`)) {
				directory = path;
				break;
			}
		}
	}

	return directory ?? undefined;
}

const loaded = new Map<string, ProviderSchema | undefined>();

/**
The digest file for a provider source address: any registry host (the Terraform and OpenTofu registries publish the same providers), `NAMESPACE/NAME`.
*/
function digestPath(source: string): string | undefined {
	const parts = source.split('/');
	if (parts.length !== 3 || !/^[a-z\d][a-z\d-]*$/.test(parts[1]!) || !/^[a-z\d][a-z\d-]*$/.test(parts[2]!)) {
		return undefined;
	}

	return `${parts[1]}/${parts[2]}.digest`;
}

/**
The bundled schema of a provider, `undefined` when none is bundled.
*/
export function bundledProviderSchema(source: string): ProviderSchema | undefined {
	const file = digestPath(source);
	const root = bundledDirectory();
	if (!file || !root) {
		return undefined;
	}

	if (loaded.has(file)) {
		return loaded.get(file);
	}

	let schema: ProviderSchema | undefined;
	try {
		schema = digestFileSchema(fs.readFileSync(root + file), header => ({kind: 'bundled', version: header.version, generatedFrom: header.generatedFrom}));
	} catch {
		// Not bundled (or a broken install): the provider has no schema, as for any provider we do not ship.
		schema = undefined;
	}

	loaded.set(file, schema);
	return schema;
}

/**
The bundled providers, from the index the generator writes: source address, version and origin.
*/
export function bundledProviders(): Array<{readonly provider: string; readonly version: string; readonly generatedFrom: string; readonly bytes: number}> {
	const root = bundledDirectory();
	if (!root) {
		return [];
	}

	try {
		return (JSON.parse(fs.readFileSync(`${root}index.json`, 'utf8')) as {providers: Array<{provider: string; version: string; generatedFrom: string; bytes: number}>}).providers;
	} catch {
		return [];
	}
}
