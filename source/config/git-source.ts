import {promises as fsPromises, readdirSync, statSync} from 'node:fs';
import {inflateSync, constants as zlibConstants} from 'node:zlib';
import path from 'node:path';
import git from 'isomorphic-git';
import {
	type FileRead, FileReadError, describeReadFailure, readFileRange, readFileWithLimit, readTextWithLimit,
} from '../files/read-file.js';
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

// `.hcl`: Terragrunt's files (terragrunt.hcl, root.hcl, account.hcl, terragrunt.stack.hcl), so an estate is read at a revision too.
const configurationFile = /\.(?:tf|tofu|tf\.json|tofu\.json|tfvars|tfvars\.json|hcl)$/;

/**
What one revision may preload: enough for any real configuration, bounded for a hostile repository.
*/
export const maximumPreloadedFiles = 50_000;
export const maximumPreloadedBytes = 512 * 1024 * 1024;
/**
The most files and directories a revision's tree may have (the walk counts every path, not every object): a repository whose trees name the same subtree twice, thirty levels down, is 30 objects and 2^30 paths, and walking it never ended. Large real monorepositories have a few hundred thousand.
*/
export const maximumRevisionEntries = 250_000;
/**
How deep a revision's directories may nest: 20,000 nested directories (2 MB of objects) made paths of 40,000 characters, and walking them never ended.
*/
export const maximumRevisionDepth = 256;
const maximumSymbolicLinkSteps = 40;

// `tooLarge`: the blob's size, when it was too large to preload (maximumPreloadedBlobBytes).
type Entry = {readonly kind: 'file'; readonly oid: string; readonly tooLarge?: number} | {readonly kind: 'link'; readonly oid: string} | {readonly kind: 'directory'; readonly names: string[]};

function refuse(): Promise<never> {
	return Promise.reject(sourceError('ENOENT', 'tfscope never writes to a repository'));
}

/**
The most a file of the repository's own (a ref, HEAD, packed-refs, an index of a pack, a loose object) may hold: 1 GiB, for packs; refs and everything else are far smaller in any real repository.
*/
const maximumRepositoryFileBytes = 1024 * 1024 * 1024;

/**
The largest blob preloaded from a revision: 32 MiB, the largest configuration file read (maximumConfigFileBytes). Its size is read from the object's header before anything is inflated; a bigger one reads as too large, with its size.
*/
export const maximumPreloadedBlobBytes = 32 * 1024 * 1024;

/**
A problem with the repository, worded by tfscope (isomorphic-git's own errors ask the user to report a bug in it).
*/
export class RepositoryProblem extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'RepositoryProblem';
	}
}

/**
The filesystem isomorphic-git is given for one repository: every read goes through the one file reader (regular files only, bounded; a FIFO HEAD, a ref that is /dev/zero are refused, never opened for reading), confined to the git directory (a symbolic ref to `../../../../proc/self/environ` reads nothing); the write methods refuse. isomorphic-git takes a failed read for a missing file, so the first refusal is kept to be told.
*/
function repositoryFs(gitdir: string, refusals: string[]) {
	const inside = (file: string) => {
		const resolved = path.resolve(file);
		return resolved === gitdir || resolved.startsWith(gitdir + path.sep);
	};

	const denied = (file: string, why: string) => {
		refusals.push(why);
		return Promise.reject(sourceError('ENOENT', `${file}: ${why}`));
	};

	return {
		promises: {
			async readFile(file: string, options?: {encoding?: string} | string) {
				if (!inside(file)) {
					return denied(file, `${path.relative(gitdir, file)} is outside the git directory`);
				}

				const read = readFileWithLimit(file, maximumRepositoryFileBytes);
				if (!read.ok) {
					return read.failure.kind === 'missing' ? Promise.reject(sourceError('ENOENT', `${file} does not exist`)) : denied(file, describeReadFailure(read.failure, path.relative(gitdir, file)));
				}

				const bytes = Buffer.from(read.bytes.buffer, read.bytes.byteOffset, read.bytes.byteLength);
				const encoding = typeof options === 'string' ? options : options?.encoding;
				return encoding === 'utf8' ? bytes.toString('utf8') : bytes;
			},
			async readdir(directory: string) {
				return inside(directory) ? fsPromises.readdir(directory) : Promise.reject(sourceError('ENOENT', `${directory} is outside the git directory`));
			},
			async stat(file: string) {
				return inside(file) ? fsPromises.stat(file) : Promise.reject(sourceError('ENOENT', `${file} is outside the git directory`));
			},
			async lstat(file: string) {
				return inside(file) ? fsPromises.lstat(file) : Promise.reject(sourceError('ENOENT', `${file} is outside the git directory`));
			},
			readlink: refuse,
			writeFile: refuse,
			unlink: refuse,
			mkdir: refuse,
			rmdir: refuse,
			symlink: refuse,
			chmod: refuse,
		},
	};
}

type Repository = {
	/**
	Where objects and refs are (the common directory of a linked work tree).
	*/
	readonly gitdir: string;
	/**
	The filesystem isomorphic-git reads it through (repositoryFs), and what that refused.
	*/
	readonly fs: ReturnType<typeof repositoryFs>;
	readonly refusals: string[];
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

// `.git` files, `commondir` and HEAD hold a line.
const smallFileBytes = 64 * 1024;

function repositoryAt(gitdir: string, headDirectory: string, root: string): Repository {
	const refusals: string[] = [];
	const resolved = path.resolve(gitdir);
	return {gitdir: resolved, headDirectory: path.resolve(headDirectory), root, fs: repositoryFs(resolved, refusals), refusals};
}

/**
Why Git would refuse `name` as a reference name (git check-ref-format's rules), or undefined when it is one. Checked before any file is looked for, so a name cannot lead outside the git directory.
*/
export function refNameProblem(name: string): string | undefined {
	if (name === '' || name === '@') {
		return 'it is empty or "@"';
	}

	if (/[\u0000-\u001F\u007F ~^:?*[\\]/u.test(name)) {
		return 'it holds a control character, a space or one of ~ ^ : ? * [ \\';
	}

	if (name.includes('..') || name.includes('@{') || name.includes('//')) {
		return 'it holds "..", "@{" or "//"';
	}

	if (name.startsWith('/') || name.endsWith('/') || name.endsWith('.') || name.startsWith('-')) {
		return 'it begins with "/" or "-", or ends with "/" or "."';
	}

	if (name.split('/').some(part => part.startsWith('.') || part.endsWith('.lock'))) {
		return 'a part of it begins with "." or ends with ".lock"';
	}

	return undefined;
}

/**
The repository whose work tree holds `start`, a message when the `.git` found on the way up is a file that names no git directory (damaged: git itself stops there), or undefined when there is none.
*/
function findRepository(start: string): Repository | string | undefined {
	for (let directory = start; ; directory = path.dirname(directory)) {
		const dotGit = path.join(directory, '.git');
		if (isDirectory(dotGit)) {
			return repositoryAt(dotGit, dotGit, directory);
		}

		if (isFile(dotGit)) {
			// A linked work tree (or a submodule): `.git` names its git directory, whose `commondir` names the shared one.
			const read = readTextWithLimit(dotGit, smallFileBytes);
			const match = read.ok ? /^gitdir:\s*(.+?)\s*$/m.exec(read.text) : undefined;
			if (match) {
				const own = path.resolve(directory, match[1]!);
				const commondir = readTextWithLimit(path.join(own, 'commondir'), smallFileBytes);
				const common = commondir.ok ? path.resolve(own, commondir.text.trim()) : own;
				return repositoryAt(common, own, directory);
			}

			return `${dotGit} is a file that does not name a git directory (a "gitdir: PATH" line): the repository is damaged`;
		}

		if (path.dirname(directory) === directory) {
			return undefined;
		}
	}
}

async function resolveBase(repository: Repository, base: string): Promise<string> {
	if (base === 'HEAD' || base === '@') {
		const read = readTextWithLimit(path.join(repository.headDirectory, 'HEAD'), smallFileBytes);
		if (!read.ok) {
			throw new RepositoryProblem(describeReadFailure(read.failure, 'HEAD'));
		}

		const head = read.text.trim();
		const symbolic = /^ref:\s*(.+)$/.exec(head);
		if (symbolic) {
			const problem = refNameProblem(symbolic[1]!);
			if (problem) {
				throw new RepositoryProblem(`HEAD names ${JSON.stringify(symbolic[1])}, which is not a valid reference name: ${problem}`);
			}

			return git.resolveRef({fs: repository.fs, gitdir: repository.gitdir, ref: symbolic[1]!});
		}

		if (!/^[\da-f]{40}$/.test(head)) {
			throw new RepositoryProblem('HEAD is neither a reference nor a commit id');
		}

		return head;
	}

	const problem = refNameProblem(base);
	if (problem) {
		throw new RepositoryProblem(`${JSON.stringify(base)} is not a valid revision name: ${problem}`);
	}

	try {
		return await git.resolveRef({fs: repository.fs, gitdir: repository.gitdir, ref: base});
	} catch (error) {
		if (/^[\da-f]{4,40}$/i.test(base)) {
			return git.expandOid({fs: repository.fs, gitdir: repository.gitdir, oid: base.toLowerCase()});
		}

		throw error;
	}
}

/**
The commit an object id stands for: annotated tags are peeled.
*/
async function peelToCommit(repository: Repository, oid: string, named: string | undefined): Promise<string> {
	for (let depth = 0; depth < 16; depth++) {
		const read = async () => git.readObject({fs: repository.fs, gitdir: repository.gitdir, oid, format: 'parsed', cache: cacheOf(repository.gitdir)});
		// An id the user typed may simply not be there; what a reference (or a tag) names must be.
		// eslint-disable-next-line no-await-in-loop -- one tag after another
		const object = depth === 0 && named === undefined ? await read() : await readingObject(repository, oid, depth === 0 ? `the object ${named!} names` : 'the object a tag names', read);
		if (object.type === 'commit') {
			return oid;
		}

		if (object.type !== 'tag') {
			throw new RepositoryProblem(`${oid} is a ${object.type}, not a commit`);
		}

		oid = (object.object as {object: string}).object;
	}

	throw new RepositoryProblem('too many nested tags');
}

async function resolveRevision(repository: Repository, revision: string): Promise<string> {
	const match = /^(.*?)((?:[~^]\d*)*)$/.exec(revision)!;
	const base = match[1]!;
	let oid = await peelToCommit(repository, await resolveBase(repository, base), /^[\da-f]{4,40}$/i.test(base) ? undefined : (base === '' ? 'HEAD' : base));
	for (const step of match[2]!.matchAll(/([~^])(\d*)/g)) {
		const count = step[2] === '' ? 1 : Number(step[2]);
		if (step[1] === '~') {
			for (let index = 0; index < count; index++) {
				// eslint-disable-next-line no-await-in-loop -- one parent after another
				const {commit} = await readingObject(repository, oid, `commit ${oid.slice(0, 7)}`, async () => git.readCommit({fs: repository.fs, gitdir: repository.gitdir, oid, cache: cacheOf(repository.gitdir)}));
				if (commit.parent.length === 0) {
					throw new RepositoryProblem(`${revision}: the history has fewer commits`);
				}

				oid = commit.parent[0]!;
			}
		} else if (count > 0) {
			// eslint-disable-next-line no-await-in-loop -- one parent after another
			const {commit} = await readingObject(repository, oid, `commit ${oid.slice(0, 7)}`, async () => git.readCommit({fs: repository.fs, gitdir: repository.gitdir, oid, cache: cacheOf(repository.gitdir)}));
			const parent = commit.parent[count - 1];
			if (parent === undefined) {
				throw new RepositoryProblem(`${revision}: the commit has no parent ${count}`);
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
		repository = repositoryAt(gitdir, gitdir, cwd);
	} else {
		const found = findRepository(path.resolve(cwd, options.directory ?? '.'));
		if (typeof found === 'string') {
			return {ok: false, message: found};
		}

		if (!found) {
			return {ok: false, message: `${options.directory ?? '.'} is not inside a git repository (no .git found in it or above it); use --from-dir to compare two directories.`};
		}

		repository = found;
	}

	let commit: string;
	try {
		commit = await resolveRevision(repository, options.revision);
	} catch (error) {
		return {ok: false, message: `Revision ${JSON.stringify(options.revision)} could not be read from ${repository.gitdir}: ${describeGitError(error, repository)}.`};
	}

	try {
		const entries = await readRevisionTree(repository, commit);
		const description = `git revision ${options.revision} (${commit.slice(0, 7)})`;
		return {ok: true, revision: {source: treeSource(entries.entries, entries.blobs, repository.root, cwd, description), commit, root: repository.root}};
	} catch (error) {
		return {ok: false, message: `Revision ${JSON.stringify(options.revision)} could not be read from ${repository.gitdir}: ${describeGitError(error, repository)}.`};
	}
}

/**
Where object `oid` is stored, for a message: its loose file, or the pack whose index lists it; undefined when neither holds it.
*/
function storedAt(repository: Repository, oid: string): string | undefined {
	const loose = path.join(repository.gitdir, 'objects', oid.slice(0, 2), oid.slice(2));
	if (isFile(loose)) {
		return loose;
	}

	const packDirectory = path.join(repository.gitdir, 'objects', 'pack');
	try {
		const name = readdirSync(packDirectory).find(name => name.endsWith('.idx') && packOffset(path.join(packDirectory, name), oid) !== undefined);
		return name === undefined ? undefined : path.join(packDirectory, name.replace(/\.idx$/, '.pack'));
	} catch {
		return undefined;
	}
}

/**
Reads one object the revision is made of (`what`: `the commit`, `the tree of modules/vpc`, `modules/vpc/main.tf`). A failure is the repository's damage, named as a user can find it: the object, the file that stores it, and what is wrong (a missing object is damage too here: the revision refers to it).
*/
async function readingObject<T>(repository: Repository, oid: string, what: string, read: () => Promise<T>): Promise<T> {
	try {
		return await read();
	} catch (error) {
		if (error instanceof RepositoryProblem || repository.refusals.length > 0) {
			throw error;
		}

		const stored = storedAt(repository, oid);
		if ((error as {code?: unknown}).code === 'NotFoundError' || stored === undefined) {
			throw new RepositoryProblem(`the repository is damaged: ${what} (object ${oid}) is not in it`);
		}

		throw new RepositoryProblem(`the repository is damaged: ${what} (object ${oid}, stored in ${stored}) cannot be read: ${damageOf(error)}`);
	}
}

/**
What is wrong with an object, from what reading it threw: isomorphic-git's and zlib's messages, reworded where they would read as a bug.
*/
function damageOf(error: unknown): string {
	const detail = (error as {data?: {message?: unknown}}).data?.message;
	const message = (typeof detail === 'string' ? detail : (error instanceof Error ? error.message : String(error))).replace(/\.+$/, '');
	if (/SHA check failed/i.test(message)) {
		return 'its content does not match its id';
	}

	if (error instanceof TypeError || error instanceof RangeError) {
		// isomorphic-git reading malformed data it did not expect (a damaged pack index, a truncated header).
		return 'its data is malformed';
	}

	const code = (error as {code?: unknown}).code;
	if ((typeof code === 'string' && code.startsWith('Z_')) || (error instanceof Error && error.message.startsWith('Invalid compressed buffer'))) {
		return `its compressed data is invalid (${message.replace(/^Invalid compressed buffer: /, '')})`;
	}

	return message;
}

/**
The size of object `oid` as its header gives it, without inflating the object: a loose object's header is in its first compressed bytes; a packed one's in its pack entry (found through the packs' indexes), or, for a delta, in the first bytes of the delta. Undefined when it cannot be told (isomorphic-git then reads it, and reports what is wrong).
*/
function objectSize(repository: Repository, oid: string): number | undefined {
	const loose = readFileRange(path.join(repository.gitdir, 'objects', oid.slice(0, 2), oid.slice(2)), 0, 512);
	if (loose.ok) {
		const header = inflatePrefix(loose.bytes);
		const match = header && /^[a-z]+ (\d+)\u0000/.exec(header.toString('latin1'));
		return match ? Number(match[1]) : undefined;
	}

	const packDirectory = path.join(repository.gitdir, 'objects', 'pack');
	let names: string[];
	try {
		names = readdirSync(packDirectory).filter(name => name.endsWith('.idx'));
	} catch {
		return undefined;
	}

	for (const name of names) {
		const offset = packOffset(path.join(packDirectory, name), oid);
		if (offset !== undefined) {
			return packedSize(path.join(packDirectory, name.replace(/\.idx$/, '.pack')), offset);
		}
	}

	return undefined;
}

// What the first compressed bytes inflate to (the partial output of a truncated stream): enough of them for a header, few enough that what they inflate to stays small (deflate makes at most about 1,032 bytes of one), so a header is found without inflating the object.
function inflatePrefix(bytes: Uint8Array): Buffer | undefined {
	for (let length = 32; ; length *= 2) {
		const input = bytes.subarray(0, length);
		try {
			const output = inflateSync(input, {finishFlush: zlibConstants.Z_SYNC_FLUSH, maxOutputLength: (input.length * 1032) + 1024});
			if (output.includes(0) || output.length >= 64 || input.length === bytes.length) {
				return output;
			}
		} catch {
			if (input.length === bytes.length) {
				return undefined;
			}
		}

		if (input.length === bytes.length) {
			return undefined;
		}
	}
}

// An object's offset in a pack, from its version 2 index: the fan-out table, then a binary search of the sorted ids.
function packOffset(indexFile: string, oid: string): number | undefined {
	const head = readFileRange(indexFile, 0, 8 + (256 * 4));
	if (!head.ok || head.bytes.length < 8 + (256 * 4)) {
		return undefined;
	}

	const view = Buffer.from(head.bytes.buffer, head.bytes.byteOffset, head.bytes.byteLength);
	if (view.readUInt32BE(0) !== 0xFF_74_4F_63 || view.readUInt32BE(4) !== 2) {
		return undefined;
	}

	const first = Number.parseInt(oid.slice(0, 2), 16);
	const total = view.readUInt32BE(8 + (255 * 4));
	let low = first === 0 ? 0 : view.readUInt32BE(8 + ((first - 1) * 4));
	let high = view.readUInt32BE(8 + (first * 4)) - 1;
	const idsAt = 8 + (256 * 4);
	while (low <= high) {
		const middle = (low + high) >>> 1;
		const id = readFileRange(indexFile, idsAt + (middle * 20), 20);
		if (!id.ok || id.bytes.length < 20) {
			return undefined;
		}

		const hex = Buffer.from(id.bytes).toString('hex');
		if (hex === oid) {
			const offsetsAt = idsAt + (total * 20) + (total * 4);
			const small = readFileRange(indexFile, offsetsAt + (middle * 4), 4);
			if (!small.ok || small.bytes.length < 4) {
				return undefined;
			}

			const offset = Buffer.from(small.bytes).readUInt32BE(0);
			if ((offset & 0x80_00_00_00) === 0) {
				return offset;
			}

			const large = readFileRange(indexFile, offsetsAt + (total * 4) + ((offset & 0x7F_FF_FF_FF) * 8), 8);
			return large.ok && large.bytes.length === 8 ? Number(Buffer.from(large.bytes).readBigUInt64BE(0)) : undefined;
		}

		if (hex < oid) {
			low = middle + 1;
		} else {
			high = middle - 1;
		}
	}

	return undefined;
}

// The size in a pack entry's header (type in bits 4-6 of the first byte, size in 4 + 7n bits); a delta's (types 6 and 7) is the size of the object it makes, the second number at the start of its inflated data.
function packedSize(packFile: string, offset: number): number | undefined {
	const read = readFileRange(packFile, offset, 512);
	if (!read.ok || read.bytes.length === 0) {
		return undefined;
	}

	const bytes = read.bytes;
	const type = (bytes[0]! >> 4) & 7;
	let size = bytes[0]! & 15;
	let shift = 4;
	let position = 1;
	while ((bytes[position - 1]! & 0x80) !== 0 && position < bytes.length) {
		size += (bytes[position]! & 0x7F) * (2 ** shift);
		shift += 7;
		position++;
	}

	if (type !== 6 && type !== 7) {
		return size;
	}

	if (type === 6) {
		while (position < bytes.length && (bytes[position]! & 0x80) !== 0) {
			position++;
		}

		position++;
	} else {
		position += 20;
	}

	const delta = inflatePrefix(bytes.subarray(position));
	if (!delta) {
		return undefined;
	}

	// Two varints: the base's size, then the result's.
	let index = 0;
	while (index < delta.length && (delta[index]! & 0x80) !== 0) {
		index++;
	}

	index++;
	let result = 0;
	shift = 0;
	while (index < delta.length) {
		result += (delta[index]! & 0x7F) * (2 ** shift);
		shift += 7;
		if ((delta[index]! & 0x80) === 0) {
			return result;
		}

		index++;
	}

	return undefined;
}

/**
A failure reading the repository in tfscope's words: what the file reader refused first (a FIFO, a device, a file too large, a path outside the git directory), a revision not found, or a damaged repository; never isomorphic-git's request to report a bug in it.
*/
function describeGitError(error: unknown, repository: Repository): string {
	if (repository.refusals.length > 0) {
		return repository.refusals[0]!;
	}

	if (error instanceof RepositoryProblem) {
		return error.message;
	}

	const code = (error as {code?: unknown}).code;
	const message = error instanceof Error ? error.message.replace(/\.+$/, '') : String(error);
	if (code === 'MaxDepthError' || /circular reference/i.test(message)) {
		return 'its references point at each other in a loop (or a chain too long to follow)';
	}

	switch (code) {
		case 'NotFoundError': {
			const what = (error as {data?: {what?: unknown}}).data?.what;
			// isomorphic-git says what it looked for in words for an abbreviated id (`an object matching "0123abc"`), as a name otherwise.
			if (typeof what === 'string') {
				return what.startsWith('an object matching ') ? `there is no ${what.slice(3)} in it` : `there is no ${JSON.stringify(what)} in it`;
			}

			return message;
		}

		case 'InternalError':
		case 'ObjectTypeError':
		case 'ParseError':
		case 'UnsafeFilepathError':
		case 'InvalidOidError': {
			const detail = (error as {data?: {message?: unknown}}).data?.message;
			return `the repository is damaged: ${typeof detail === 'string' ? detail.replace(/\.+$/, '') : message}`;
		}

		default: {
			// Anything else thrown while reading (a zlib error from a corrupt object, a truncated pack) is the repository's state, not a bug.
			return `the repository is damaged: ${message}`;
		}
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
	let walked = 0;
	const trees = new Map<string, Awaited<ReturnType<typeof git.readTree>>['tree']>();
	const walk = async (oid: string, directory: string, depth: number): Promise<void> => {
		if (depth > maximumRevisionDepth) {
			throw new RepositoryProblem(`its directories nest deeper than ${maximumRevisionDepth} levels (${directory.slice(0, 60)}…), tfscope's limit (maximumRevisionDepth)`);
		}

		// A subtree named again (the same directory in two places) is read once.
		let tree = trees.get(oid);
		if (!tree) {
			({tree} = await readingObject(repository, oid, directory === '' ? 'the revision\'s root tree' : `the tree of ${directory}`, async () => git.readTree({fs: repository.fs, gitdir: repository.gitdir, oid, cache})));
			trees.set(oid, tree);
		}

		const names: string[] = [];
		entries.set(directory, {kind: 'directory', names});
		walked += tree.length;
		if (walked > maximumRevisionEntries) {
			throw new RepositoryProblem(`its tree has more than ${maximumRevisionEntries.toLocaleString('en-US')} files and directories, tfscope's limit (maximumRevisionEntries)`);
		}

		for (const entry of tree) {
			const child = directory === '' ? entry.path : `${directory}/${entry.path}`;
			names.push(entry.path);
			if (entry.type === 'tree') {
				// eslint-disable-next-line no-await-in-loop -- trees are read one at a time to bound memory
				await walk(entry.oid, child, depth + 1);
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

	const {commit: {tree: rootTree}} = await readingObject(repository, commit, `commit ${commit.slice(0, 7)}`, async () => git.readCommit({fs: repository.fs, gitdir: repository.gitdir, oid: commit, cache}));
	await walk(rootTree, '', 0);
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
			// Its size from the object's header first: a 1 GiB blob compresses to a few MB, and inflating it whole took 30 s and 3 GB.
			const size = objectSize(repository, oid);
			if (size !== undefined && size > maximumPreloadedBlobBytes) {
				entries.set(filePath, {kind: entry.kind === 'link' ? 'link' : 'file', oid, tooLarge: size} as Entry);
				continue;
			}

			// eslint-disable-next-line no-await-in-loop -- blobs are read one at a time to bound memory
			const {blob} = await readingObject(repository, oid, filePath, async () => git.readBlob({fs: repository.fs, gitdir: repository.gitdir, oid, cache}));
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

		if (entry?.kind === 'file' && entry.tooLarge !== undefined) {
			return {ok: false, failure: {kind: 'too-large', path: filePath, limit: Math.min(limit, maximumPreloadedBlobBytes), size: entry.tooLarge}};
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
