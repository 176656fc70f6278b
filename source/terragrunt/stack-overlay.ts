import path from 'node:path';
import type {ConfigSource} from '../config/source.js';
import {sourceError} from '../config/source.js';

/*
The `.terragrunt-stack` directories `terragrunt stack generate` would write, laid over the repository in memory: a generated unit's directory shows the files of its source (Terragrunt copies the whole source directory), and its `terragrunt.values.hcl`; the directories between are listed as they would be. Nothing is written: every read of a generated path is answered from the source it was copied from.
*/

export type StackOverlay = {
	readonly source: ConfigSource;
	/**
	Shows `from`'s files at `at` (a generated component's directory), replacing whatever is on disk there.
	*/
	mount(at: string, from: string): void;
	/**
	A file that exists only in memory (a generated `terragrunt.values.hcl`).
	*/
	addFile(filePath: string, text: string): void;
	/**
	A generated directory with nothing mounted on it (`.terragrunt-stack`, `shard` of `shard/0`): listed, holding only what is generated into it.
	*/
	addDirectory(directory: string): void;
	/**
	The directory a generated path's files come from, if it is generated.
	*/
	origin(filePath: string): string | undefined;
};

export function stackOverlay(base: ConfigSource): StackOverlay {
	const mounts = new Map<string, string>();
	const files = new Map<string, Uint8Array>();
	// Generated directory → the names generated into it.
	const directories = new Map<string, Set<string>>();
	const addChild = (child: string): void => {
		let current = child;
		for (;;) {
			const parent = path.dirname(current);
			if (parent === current) {
				return;
			}

			const known = directories.get(parent);
			if (known) {
				known.add(path.basename(current));
				return;
			}

			// A parent on disk or inside a mount lists the name besides its own; one inside a generated directory is generated too.
			if (resolve(parent).kind !== 'virtual') {
				extra(parent).add(path.basename(current));
				return;
			}

			directories.set(parent, new Set([path.basename(current)]));
			current = parent;
		}
	};

	const onDisk = {kind: 'base'} as const;
	// Names shown in a directory that is not generated itself (`.terragrunt-stack` in the stack's own directory).
	const extras = new Map<string, Set<string>>();
	const extra = (directory: string): Set<string> => {
		let found = extras.get(directory);
		if (!found) {
			found = new Set();
			extras.set(directory, found);
		}

		return found;
	};

	// The longest mount holding the path, or a generated directory (which hides what is on disk there).
	const resolve = (filePath: string): {kind: 'mapped'; path: string} | {kind: 'virtual'} | {kind: 'base'} => {
		// An estate without stacks (most) reads the disk as it is.
		if (mounts.size === 0 && directories.size === 0) {
			return onDisk;
		}

		let current = filePath;
		for (;;) {
			const mounted = mounts.get(current);
			if (mounted !== undefined) {
				return {kind: 'mapped', path: current === filePath ? mounted : path.join(mounted, path.relative(current, filePath))};
			}

			if (directories.has(current)) {
				return {kind: 'virtual'};
			}

			const parent = path.dirname(current);
			if (parent === current) {
				return {kind: 'base'};
			}

			current = parent;
		}
	};

	const source: ConfigSource = {
		...base,
		description: base.description,
		readDirectory(directory) {
			const resolved = path.resolve(directory);
			const generated = directories.get(resolved);
			const added = extras.get(resolved) ?? [];
			if (generated) {
				return [...new Set([...generated, ...added])];
			}

			const where = resolve(resolved);
			if (where.kind === 'virtual') {
				throw sourceError('ENOENT', directory);
			}

			const names = base.readDirectory(where.kind === 'mapped' ? where.path : resolved);
			if (files.size === 0 && extras.size === 0) {
				return names;
			}

			return [...new Set([...names, ...added, ...[...files.keys()].filter(file => path.dirname(file) === resolved).map(file => path.basename(file))])];
		},
		read(filePath, limit) {
			const resolved = path.resolve(filePath);
			const bytes = files.get(resolved);
			if (bytes) {
				return bytes.length > limit ? {ok: false, failure: {kind: 'too-large', path: filePath, limit, size: bytes.length}} : {ok: true, bytes};
			}

			const where = resolve(resolved);
			return where.kind === 'virtual' ? {ok: false, failure: {kind: 'missing', path: filePath}} : base.read(where.kind === 'mapped' ? where.path : resolved, limit);
		},
		readFile(filePath, limit) {
			const resolved = path.resolve(filePath);
			const bytes = files.get(resolved);
			if (bytes) {
				return bytes;
			}

			const where = resolve(resolved);
			if (where.kind === 'virtual') {
				throw sourceError('ENOENT', filePath);
			}

			return base.readFile(where.kind === 'mapped' ? where.path : resolved, limit);
		},
		stat(filePath) {
			const resolved = path.resolve(filePath);
			const bytes = files.get(resolved);
			if (bytes) {
				return {kind: 'file', size: bytes.length};
			}

			if (directories.has(resolved)) {
				return {kind: 'directory', size: 0};
			}

			const where = resolve(resolved);
			return where.kind === 'virtual' ? undefined : base.stat(where.kind === 'mapped' ? where.path : resolved);
		},
		realPath(filePath) {
			// A generated path is its own real path: two units copied from one source are two units.
			const resolved = path.resolve(filePath);
			if (files.has(resolved) || directories.has(resolved)) {
				return resolved;
			}

			const where = resolve(resolved);
			if (where.kind === 'base') {
				return base.realPath(resolved);
			}

			return where.kind === 'mapped' && base.realPath(where.path) !== undefined ? resolved : undefined;
		},
		...(base.listFiles && {
			listFiles(directory: string) {
				const where = resolve(path.resolve(directory));
				return where.kind === 'mapped' ? base.listFiles!(where.path).map(file => path.join(directory, path.relative(where.path, file))) : (where.kind === 'base' ? base.listFiles!(directory) : []);
			},
		}),
	};

	return {
		source,
		mount(at, from) {
			const resolved = path.resolve(at);
			// A source inside a generated directory (`./app` of a nested stack) is read where that directory's files come from.
			const where = resolve(path.resolve(from));
			mounts.set(resolved, where.kind === 'mapped' ? where.path : path.resolve(from));
			addChild(resolved);
		},
		addFile(filePath, text) {
			const resolved = path.resolve(filePath);
			files.set(resolved, new TextEncoder().encode(text));
			if (resolve(path.dirname(resolved)).kind !== 'mapped') {
				addChild(resolved);
			}
		},
		addDirectory(directory) {
			const resolved = path.resolve(directory);
			if (!directories.has(resolved)) {
				directories.set(resolved, new Set());
				addChild(resolved);
			}
		},
		origin(filePath) {
			const where = resolve(path.resolve(filePath));
			return where.kind === 'mapped' ? where.path : undefined;
		},
	};
}
