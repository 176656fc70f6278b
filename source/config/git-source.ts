import {promises as fsPromises, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import git from 'isomorphic-git';
import {type FileRead, FileReadError} from '../files/read-file.js';
import {type ConfigSource, directorySource, sourceError} from './source.js';

/*
A git revision as a ConfigSource: the commit's tree is read from the repository's object database by isomorphic-git (a pure JavaScript reader of loose objects and packs: no `git` process, no network, nothing written — it is handed a filesystem whose write methods refuse). The loader is synchronous, so opening a revision reads, up front, every tree and the blobs the loader and the file functions can ask for: configuration and variables files anywhere, and any file under a directory that holds configuration (templates, policies). Paths keep their working-tree form (`modules/vpc/main.tf`), so both sides of a diff name files alike.

Two things are not in a commit and are read from disk instead: files outside the repository (a `--var-file` kept elsewhere), and the `.terraform` data directory (`terraform init` installs registry modules there, and it is not committed): both revisions then use the installed copy.
*/

export type GitRevision = {
	readonly source: ConfigSource;
	/**
	The full commit id.
	*/
	readonly commit: string;
	/**
	The directory the revision's root tree stands for (the work tree's top, or the current directory for a bare repository).
	*/
	readonly root: string;
};

export type OpenGitRevisionOptions = {
	/**
	The revision as the user wrote it: a branch, tag, commit id (4 to 40 hex digits), `HEAD`, with `~N`, `^` and `^N` suffixes.
	*/
	readonly revision: string;
	/**
	A path inside the work tree; the repository is found by looking upwards for `.git` (a directory, or a file as in linked work trees).
	*/
	readonly directory?: string;
	/**
	A git directory given directly (a bare repository); the revision's root then stands for `cwd`.
	*/
	readonly gitDirectory?: string;
	readonly cwd?: string;
};

export type OpenGitRevisionResult = {readonly ok: true; readonly revision: GitRevision} | {readonly ok: false; readonly message: string};

const configurationFile = /\.(?:tf|tofu|tf\.json|tofu\.json|tfvars|tfvars\.json)$/;

/**
What one revision may preload: enough for any real configuration, bounded for a hostile repository.
*/
export const maximumPreloadedFiles = 50_000;
export const maximumPreloadedBytes = 512 * 1024 * 1024;
const maximumSymbolicLinkSteps = 40;

type Entry = {readonly kind: 'file'; readonly oid: string} | {readonly kind: 'link'; readonly oid: string} | {readonly kind: 'directory'; readonly names: string[]};

function refuse(): Promise<never> {
	return Promise.reject(sourceError('ENOENT', 'tfscope never writes to a repository'));
}

// Only the read methods reach the disk: whatever isomorphic-git would write (it should not, for reads) fails.
const readOnlyFs = {
	promises: {
		readFile: fsPromises.readFile,
		readdir: fsPromises.readdir,
		stat: fsPromises.stat,
		lstat: fsPromises.lstat,
		readlink: fsPromises.readlink,
		writeFile: refuse,
		unlink: refuse,
		mkdir: refuse,
		rmdir: refuse,
		symlink: refuse,
		chmod: refuse,
	},
};

type Repository = {
	/**
	Where objects and refs are (the common directory of a linked work tree).
	*/
	readonly gitdir: string;
	/**
	Where this work tree's HEAD is.
	*/
	readonly headDirectory: string;
	readonly root: string;
};

function isFile(filePath: string): boolean {
	try {
		return statSync(filePath).isFile();
	} catch {
		return false;
	}
}

function isDirectory(filePath: string): boolean {
	try {
		return statSync(filePath).isDirectory();
	} catch {
		return false;
	}
}

function findRepository(start: string): Repository | undefined {
	for (let directory = start; ; directory = path.dirname(directory)) {
		const dotGit = path.join(directory, '.git');
		if (isDirectory(dotGit)) {
			return {gitdir: dotGit, headDirectory: dotGit, root: directory};
		}

		if (isFile(dotGit)) {
			// A linked work tree (or a submodule): `.git` names its git directory, whose `commondir` names the shared one.
			const match = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, 'utf8'));
			if (match) {
				const own = path.resolve(directory, match[1]!);
				let common = own;
				try {
					common = path.resolve(own, readFileSync(path.join(own, 'commondir'), 'utf8').trim());
				} catch {}

				return {gitdir: common, headDirectory: own, root: directory};
			}
		}

		if (path.dirname(directory) === directory) {
			return undefined;
		}
	}
}

async function resolveBase(repository: Repository, base: string): Promise<string> {
	if (base === 'HEAD' || base === '@') {
		const head = readFileSync(path.join(repository.headDirectory, 'HEAD'), 'utf8').trim();
		const symbolic = /^ref:\s*(.+)$/.exec(head);
		return symbolic ? git.resolveRef({fs: readOnlyFs, gitdir: repository.gitdir, ref: symbolic[1]!}) : head;
	}

	try {
		return await git.resolveRef({fs: readOnlyFs, gitdir: repository.gitdir, ref: base});
	} catch (error) {
		if (/^[\da-f]{4,40}$/i.test(base)) {
			return git.expandOid({fs: readOnlyFs, gitdir: repository.gitdir, oid: base.toLowerCase()});
		}

		throw error;
	}
}

/**
The commit an object id stands for: annotated tags are peeled.
*/
async function peelToCommit(repository: Repository, oid: string): Promise<string> {
	for (let depth = 0; depth < 16; depth++) {
		// eslint-disable-next-line no-await-in-loop -- one tag after another
		const object = await git.readObject({fs: readOnlyFs, gitdir: repository.gitdir, oid, format: 'parsed', cache: cacheOf(repository.gitdir)});
		if (object.type === 'commit') {
			return oid;
		}

		if (object.type !== 'tag') {
			throw new Error(`${oid} is a ${object.type}, not a commit`);
		}

		oid = (object.object as {object: string}).object;
	}

	throw new Error('too many nested tags');
}

async function resolveRevision(repository: Repository, revision: string): Promise<string> {
	const match = /^(.*?)((?:[~^]\d*)*)$/.exec(revision)!;
	let oid = await peelToCommit(repository, await resolveBase(repository, match[1]!));
	for (const step of match[2]!.matchAll(/([~^])(\d*)/g)) {
		const count = step[2] === '' ? 1 : Number(step[2]);
		if (step[1] === '~') {
			for (let index = 0; index < count; index++) {
				// eslint-disable-next-line no-await-in-loop -- one parent after another
				const {commit} = await git.readCommit({fs: readOnlyFs, gitdir: repository.gitdir, oid, cache: cacheOf(repository.gitdir)});
				if (commit.parent.length === 0) {
					throw new Error(`${revision}: the history has fewer commits`);
				}

				oid = commit.parent[0]!;
			}
		} else if (count > 0) {
			// eslint-disable-next-line no-await-in-loop -- one parent after another
			const {commit} = await git.readCommit({fs: readOnlyFs, gitdir: repository.gitdir, oid, cache: cacheOf(repository.gitdir)});
			const parent = commit.parent[count - 1];
			if (parent === undefined) {
				throw new Error(`${revision}: the commit has no parent ${count}`);
			}

			oid = parent;
		}
	}

	return oid;
}

/**
Opens a revision of a git repository as a ConfigSource, or says why it cannot.
*/
export async function openGitRevision(options: OpenGitRevisionOptions): Promise<OpenGitRevisionResult> {
	const cwd = options.cwd ?? process.cwd();
	let repository: Repository | undefined;
	if (options.gitDirectory) {
		const gitdir = path.resolve(cwd, options.gitDirectory);
		repository = {gitdir, headDirectory: gitdir, root: cwd};
	} else {
		repository = findRepository(path.resolve(cwd, options.directory ?? '.'));
		if (!repository) {
			return {ok: false, message: `${options.directory ?? '.'} is not inside a git repository (no .git found in it or above it); use --from-dir to compare two directories.`};
		}
	}

	let commit: string;
	try {
		commit = await resolveRevision(repository, options.revision);
	} catch (error) {
		return {ok: false, message: `Revision "${options.revision}" could not be read from ${repository.gitdir}: ${error instanceof Error ? error.message : String(error)}.`};
	}

	try {
		const entries = await readRevisionTree(repository, commit);
		const description = `git revision ${options.revision} (${commit.slice(0, 7)})`;
		return {ok: true, revision: {source: treeSource(entries.entries, entries.blobs, repository.root, cwd, description), commit, root: repository.root}};
	} catch (error) {
		return {ok: false, message: `Revision "${options.revision}" could not be read from ${repository.gitdir}: ${error instanceof Error ? error.message : String(error)}.`};
	}
}

// isomorphic-git's cache holds a repository's parsed pack indexes: both sides of a diff share it, so a pack is read once.
const caches = new Map<string, object>();

function cacheOf(gitdir: string): object {
	let cache = caches.get(gitdir);
	if (!cache) {
		cache = {};
		caches.set(gitdir, cache);
	}

	return cache;
}

/**
Every tree of the commit, and the blobs worth preloading (see the header), keyed by their path from the root (`''` for the root).
*/
async function readRevisionTree(repository: Repository, commit: string): Promise<{entries: Map<string, Entry>; blobs: Map<string, Uint8Array>}> {
	const cache = cacheOf(repository.gitdir);
	const entries = new Map<string, Entry>();
	const wanted: Array<{path: string; oid: string}> = [];
	const configurationDirectories = new Set<string>();
	const walk = async (oid: string, directory: string): Promise<void> => {
		const {tree} = await git.readTree({fs: readOnlyFs, gitdir: repository.gitdir, oid, cache});
		const names: string[] = [];
		entries.set(directory, {kind: 'directory', names});
		for (const entry of tree) {
			const child = directory === '' ? entry.path : `${directory}/${entry.path}`;
			names.push(entry.path);
			if (entry.type === 'tree') {
				// eslint-disable-next-line no-await-in-loop -- trees are read one at a time to bound memory
				await walk(entry.oid, child);
			} else if (entry.type === 'blob') {
				const link = entry.mode === '120000';
				entries.set(child, {kind: link ? 'link' : 'file', oid: entry.oid});
				wanted.push({path: child, oid: entry.oid});
				if (!link && configurationFile.test(entry.path)) {
					configurationDirectories.add(directory);
				}
			}

			// Submodules (commits) are not in this repository's objects: they read as absent.
		}
	};

	await walk(commit, '');
	const underConfiguration = (filePath: string): boolean => {
		for (let directory = path.posix.dirname(filePath); ; directory = path.posix.dirname(directory)) {
			const key = directory === '.' ? '' : directory;
			if (configurationDirectories.has(key)) {
				return true;
			}

			if (key === '') {
				return false;
			}
		}
	};

	const blobs = new Map<string, Uint8Array>();
	let bytes = 0;
	for (const {path: filePath, oid} of wanted) {
		if (blobs.size >= maximumPreloadedFiles || bytes >= maximumPreloadedBytes) {
			break;
		}

		const entry = entries.get(filePath)!;
		if (entry.kind === 'link' || configurationFile.test(filePath) || underConfiguration(filePath)) {
			// eslint-disable-next-line no-await-in-loop -- blobs are read one at a time to bound memory
			const {blob} = await git.readBlob({fs: readOnlyFs, gitdir: repository.gitdir, oid, cache});
			blobs.set(filePath, blob);
			bytes += blob.length;
		}
	}

	return {entries, blobs};
}

function treeSource(entries: ReadonlyMap<string, Entry>, blobs: ReadonlyMap<string, Uint8Array>, root: string, cwd: string, description: string): ConfigSource {
	const disk = directorySource({cwd});
	const decoder = new TextDecoder();

	/**
	A path's place in the tree with symbolic links followed: the tree key, or 'outside' (not in the repository, or in the data directory), or undefined (absent).
	*/
	const locate = (filePath: string): string | 'outside' | undefined => {
		const relative = path.relative(root, path.resolve(cwd, filePath));
		if (relative.startsWith('..') || path.isAbsolute(relative)) {
			return 'outside';
		}

		let pending = relative === '' ? [] : relative.split(path.sep);
		const resolved: string[] = [];
		let steps = 0;
		while (pending.length > 0) {
			const [name, ...rest] = pending;
			pending = rest;
			if (name === '.' || name === '') {
				continue;
			}

			if (name === '..') {
				if (resolved.length === 0) {
					return 'outside';
				}

				resolved.pop();
				continue;
			}

			if (name === '.terraform' && !entries.has([...resolved, name].join('/'))) {
				return 'outside';
			}

			const key = [...resolved, name].join('/');
			const entry = entries.get(key);
			if (entry === undefined) {
				return undefined;
			}

			if (entry.kind === 'link') {
				if (++steps > maximumSymbolicLinkSteps) {
					return undefined;
				}

				const target = decoder.decode(blobs.get(key));
				if (target.startsWith('/')) {
					return 'outside';
				}

				pending = [...target.split('/'), ...pending];
				continue;
			}

			resolved.push(name!);
		}

		return resolved.join('/');
	};

	const onDisk = (filePath: string): string => path.resolve(cwd, filePath);
	function read(filePath: string, limit: number): FileRead {
		const key = locate(filePath);
		if (key === 'outside') {
			return disk.read(onDisk(filePath), limit);
		}

		const entry = key === undefined ? undefined : entries.get(key);
		const blob = entry?.kind === 'directory' ? undefined : blobs.get(key!);
		if (entry?.kind === 'directory') {
			return {ok: false, failure: {kind: 'not-regular', path: filePath, what: 'directory'}};
		}

		if (blob === undefined) {
			return {ok: false, failure: {kind: 'missing', path: filePath}};
		}

		return blob.length > limit ? {ok: false, failure: {kind: 'too-large', path: filePath, limit, size: blob.length}} : {ok: true, bytes: blob};
	}

	const virtual = (key: string): string => path.join(root, ...key.split('/'));
	return {
		description,
		cwd,
		home: disk.home,
		read,
		readFile(filePath, limit) {
			const result = read(filePath, limit);
			if (!result.ok) {
				throw new FileReadError(result.failure, filePath);
			}

			return result.bytes;
		},
		stat(filePath) {
			const key = locate(filePath);
			if (key === 'outside') {
				return disk.stat(onDisk(filePath));
			}

			const entry = key === undefined ? undefined : entries.get(key);
			if (entry === undefined) {
				return undefined;
			}

			return entry.kind === 'directory' ? {kind: 'directory', size: 0} : {kind: 'file', size: blobs.get(key!)?.length ?? 0};
		},
		listFiles(directory) {
			try {
				return readDirectory(directory).sort();
			} catch {
				return [];
			}
		},
		readDirectory,
		realPath(filePath) {
			const key = locate(filePath);
			if (key === 'outside') {
				return disk.realPath(onDisk(filePath));
			}

			return key === undefined || !entries.has(key) ? undefined : virtual(key);
		},
	};

	function readDirectory(directory: string): string[] {
			const key = locate(directory);
			if (key === 'outside') {
				return disk.readDirectory(onDisk(directory));
			}

			const entry = key === undefined ? undefined : entries.get(key);
			if (entry === undefined) {
				throw sourceError('ENOENT', directory);
			}

			if (entry.kind !== 'directory') {
				throw sourceError('ENOTDIR', directory);
			}

			return [...entry.names];
	}
}
