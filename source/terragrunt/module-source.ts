import path from 'node:path';
import type {ConfigSource} from '../config/source.js';

/*
Where a unit's Terraform code is (`terraform { source }`), as Terragrunt would find it, without downloading anything:
- no source: the unit's own directory;
- a local path (`../../modules//vpc`): that directory, `//` marking the subdirectory as go-getter does;
- a user's mapping (`--source-map URL=DIR`, Terragrunt's own flag of the same name): the directory the URL's root maps to, plus the subdirectory;
- a remote URL already downloaded by an earlier `terragrunt` run: its copy in the unit's `.terragrunt-cache/<hash>/<hash>/<subdirectory>`;
- otherwise "source not available", named like Terraform's "Module not installed".
*/

export type ModuleLocation =
	| {readonly kind: 'unit'; readonly directory: string}
	| {readonly kind: 'local' | 'mapped' | 'cache'; readonly directory: string; readonly source: string}
	| {readonly kind: 'unavailable'; readonly source: string; readonly reason: string};

export type SourceMapping = {readonly from: string; readonly to: string};

/**
`--source-map FROM=TO` values; an entry without `=` is skipped (the command line reports it).
*/
export function parseSourceMappings(entries: readonly string[], cwd?: string): SourceMapping[] {
	const mappings: SourceMapping[] = [];
	for (const entry of entries) {
		const equals = entry.lastIndexOf('=');
		if (equals > 0) {
			const to = entry.slice(equals + 1);
			mappings.push({from: entry.slice(0, equals), to: cwd === undefined ? to : path.resolve(cwd, to)});
		}
	}

	return mappings;
}

/**
Splits a go-getter source into its root and its subdirectory (`git::https://x/y.git//modules/vpc?ref=v1` → root `git::https://x/y.git`, subdirectory `modules/vpc`); the query is dropped.
*/
export function splitSource(source: string): {readonly root: string; readonly subdirectory: string} {
	const query = source.indexOf('?');
	const bare = query === -1 ? source : source.slice(0, query);
	// The first `//` after the scheme's `://`.
	const schemeEnd = bare.indexOf('://');
	const searchFrom = schemeEnd === -1 ? 0 : schemeEnd + 3;
	const split = bare.indexOf('//', searchFrom);
	return split === -1 ? {root: bare, subdirectory: ''} : {root: bare.slice(0, split), subdirectory: bare.slice(split + 2)};
}

function isLocalSource(source: string): boolean {
	return source.startsWith('./') || source.startsWith('../') || source.startsWith('/') || source === '.' || source === '..';
}

function isDirectory(files: ConfigSource, directory: string): boolean {
	return files.stat(directory)?.kind === 'directory';
}

/**
Where the module of the unit in `unitDirectory` is.
*/
export function locateModule(unitDirectory: string, source: string | undefined, mappings: readonly SourceMapping[], files: ConfigSource): ModuleLocation {
	if (source === undefined) {
		return {kind: 'unit', directory: unitDirectory};
	}

	const {root, subdirectory} = splitSource(source);
	if (isLocalSource(source)) {
		const directory = path.resolve(unitDirectory, root, subdirectory);
		return isDirectory(files, directory)
			? {kind: 'local', directory, source}
			: {kind: 'unavailable', source, reason: `${directory} is not a directory`};
	}

	const mapped = mappedSource(source, mappings, files);
	if (mapped) {
		return mapped;
	}

	const cached = cachedCopy(unitDirectory, subdirectory, files);
	if (cached) {
		return {kind: 'cache', directory: cached, source};
	}

	return {kind: 'unavailable', source, reason: 'it is remote, not downloaded in .terragrunt-cache, and no --source-map names it'};
}

/**
A remote source read from a `--source-map` directory, when one names its root.
*/
export function mappedSource(source: string, mappings: readonly SourceMapping[], files: ConfigSource): ModuleLocation | undefined {
	const {root, subdirectory} = splitSource(source);
	for (const mapping of mappings) {
		const mappedRoot = splitSource(mapping.from).root;
		if (root === mappedRoot || root.startsWith(`${mappedRoot}/`)) {
			const rest = root.slice(mappedRoot.length).replace(/^\//, '');
			const directory = path.resolve(mapping.to, rest, subdirectory);
			return isDirectory(files, directory)
				? {kind: 'mapped', directory, source}
				: {kind: 'unavailable', source, reason: `--source-map maps it to ${directory}, which is not a directory`};
		}
	}

	return undefined;
}

/**
The copy an earlier `terragrunt` run left in `.terragrunt-cache/<hash>/<hash>/`: the one whose subdirectory holds .tf files (the lexically last, when several do).
*/
function cachedCopy(unitDirectory: string, subdirectory: string, files: ConfigSource): string | undefined {
	const cache = path.join(unitDirectory, '.terragrunt-cache');
	const list = (directory: string): string[] => {
		try {
			return files.readDirectory(directory).sort();
		} catch {
			return [];
		}
	};

	let found: string | undefined;
	for (const first of list(cache)) {
		for (const second of list(path.join(cache, first))) {
			const candidate = path.join(cache, first, second, subdirectory);
			if (isDirectory(files, candidate) && list(candidate).some(name => name.endsWith('.tf') || name.endsWith('.tf.json'))) {
				found = candidate;
			}
		}
	}

	return found;
}

/**
The source with generated files laid over one directory: listing it shows them, reading them gives their contents (Terragrunt writes them into the working directory before running Terraform; tfscope writes nothing).
*/
export function withGeneratedFiles(base: ConfigSource, directory: string, generated: ReadonlyMap<string, string>): ConfigSource {
	if (generated.size === 0) {
		return base;
	}

	const byPath = new Map([...generated].map(([name, contents]) => [path.resolve(directory, name), new TextEncoder().encode(contents)] as const));
	const resolvedDirectory = path.resolve(directory);
	return {
		...base,
		description: base.description,
		readDirectory(listed) {
			const names = base.readDirectory(listed);
			if (path.resolve(listed) !== resolvedDirectory) {
				return names;
			}

			const extra = [...generated.keys()].filter(name => !name.includes('/') && !names.includes(name));
			return [...names, ...extra];
		},
		read(filePath, limit) {
			const bytes = byPath.get(path.resolve(filePath));
			if (bytes) {
				return bytes.length > limit ? {ok: false, failure: {kind: 'too-large', path: filePath, limit, size: bytes.length}} : {ok: true, bytes};
			}

			return base.read(filePath, limit);
		},
		readFile(filePath, limit) {
			const bytes = byPath.get(path.resolve(filePath));
			return bytes ?? base.readFile(filePath, limit);
		},
		stat(filePath) {
			const bytes = byPath.get(path.resolve(filePath));
			return bytes ? {kind: 'file', size: bytes.length} : base.stat(filePath);
		},
		realPath(filePath) {
			return byPath.has(path.resolve(filePath)) ? path.resolve(filePath) : base.realPath(filePath);
		},
	};
}
