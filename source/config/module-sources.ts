import {describeReadFailure} from '../files/read-file.js';
import {type ConfigSource, readTextFrom} from './source.js';
import path from 'node:path';

/*
Where a module call's source is on disk: local paths relative to the calling module, anything else (registry, git, http, s3...) through the module manifest that `terraform init` writes (`<data dir>/modules/modules.json`, keys are the dot-joined call names).
*/

export type ModuleManifest = ReadonlyMap<string, {readonly source: string; readonly directory: string}>;

export function isLocalSource(source: string): boolean {
	return source.startsWith('./') || source.startsWith('../') || source.startsWith('.\\') || source.startsWith('..\\') || source === '.' || source === '..';
}

/**
The data directory: `TF_DATA_DIR` (relative to the root module directory) or `.terraform`.
*/
export function dataDirectory(rootDirectory: string, environment: Readonly<Record<string, string | undefined>>): string {
	const configured = environment['TF_DATA_DIR'];
	return configured ? path.resolve(rootDirectory, configured) : path.join(rootDirectory, '.terraform');
}

/**
The largest `modules.json` tfscope reads: 16 MiB (one entry is about 200 bytes; real manifests are a few KB).
*/
export const maximumManifestBytes = 16 * 1024 * 1024;

type ManifestFile = {
	Modules?: Array<{Key?: unknown; Source?: unknown; Dir?: unknown}>;
};

/**
Reads `modules.json`; a missing manifest is an empty one, a broken one an error message.
*/
export function readModuleManifest(rootDirectory: string, environment: Readonly<Record<string, string | undefined>>, source?: ConfigSource): {manifest: ModuleManifest; error?: string} {
	const file = path.join(dataDirectory(rootDirectory, environment), 'modules', 'modules.json');
	const read = readTextFrom(source, file, maximumManifestBytes);
	if (!read.ok) {
		return read.failure.kind === 'missing' ? {manifest: new Map()} : {manifest: new Map(), error: `${describeReadFailure(read.failure)}`};
	}

	const {text} = read;

	try {
		const parsed = JSON.parse(text) as ManifestFile;
		const manifest = new Map<string, {source: string; directory: string}>();
		for (const entry of parsed.Modules ?? []) {
			if (typeof entry.Key === 'string' && typeof entry.Dir === 'string') {
				manifest.set(entry.Key, {source: typeof entry.Source === 'string' ? entry.Source : '', directory: path.resolve(rootDirectory, entry.Dir)});
			}
		}

		return {manifest};
	} catch (error) {
		return {manifest: new Map(), error: `${file} is not valid JSON: ${(error as Error).message}`};
	}
}
