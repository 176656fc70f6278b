import fs from 'node:fs';

/*
The one file reader with limits. Every file tfscope reads (configuration and variables files, `.terraform/environment`, `modules.json`, state files, the file functions, the console history) comes through here, so a symlink to `/dev/zero`, a FIFO, a socket or a huge file cannot hang or exhaust any of them:

- it looks at what the path is (stat, which opens nothing) and refuses anything but a regular file before opening it;
- it opens with O_NONBLOCK, so even a path swapped for a FIFO between the stat and the open cannot block, and checks the opened file again (fstat);
- it refuses a file whose size is over the limit without reading it, and otherwise reads until the end of the file but never more than the limit plus one byte: procfs and sysfs files report size 0 and are streamed, a file that grows while read stops at the limit.

It lives below `hcl`, `lang` and `config` (it knows nothing of any of them) so that all of them may use it.
*/

export type NotRegularKind = 'directory' | 'character device' | 'block device' | 'FIFO' | 'socket' | 'special file';

export type FileReadFailure =
	| {readonly kind: 'missing'; readonly path: string}
	| {readonly kind: 'not-regular'; readonly path: string; readonly what: NotRegularKind}
	| {readonly kind: 'too-large'; readonly path: string; readonly limit: number; readonly size?: number}
	/**
	Any other failure of open or read; `operation` and `reason` word it as Go's os package does (`read /proc/self/mem: input/output error`), which is how Terraform reports it.
	*/
	| {readonly kind: 'error'; readonly path: string; readonly operation: 'open' | 'read' | 'stat'; readonly code: string; readonly reason: string};

export type FileRead =
	| {readonly ok: true; readonly bytes: Uint8Array}
	| {readonly ok: false; readonly failure: FileReadFailure};

/**
What a path is; `identity` (device and inode) tells when two paths are the same file or directory, so walkers can detect symlink loops.
*/
export type FileKind =
	| {readonly kind: 'file'; readonly size: number; readonly identity: string}
	| {readonly kind: 'not-regular'; readonly what: NotRegularKind; readonly identity: string};

// Go's syscall error strings for the codes a read can meet, so messages read as Terraform's.
const reasons: Readonly<Record<string, string>> = {
	EACCES: 'permission denied',
	EPERM: 'operation not permitted',
	ENOENT: 'no such file or directory',
	ENOTDIR: 'not a directory',
	EISDIR: 'is a directory',
	EIO: 'input/output error',
	EINVAL: 'invalid argument',
	ELOOP: 'too many levels of symbolic links',
	ENAMETOOLONG: 'file name too long',
	ENXIO: 'no such device or address',
	ENODEV: 'no such device',
	ESRCH: 'no such process',
	EAGAIN: 'resource temporarily unavailable',
	EBUSY: 'device or resource busy',
	EMFILE: 'too many open files',
	ENFILE: 'too many open files in system',
	ENOMEM: 'cannot allocate memory',
	EOVERFLOW: 'value too large for defined data type',
	EFBIG: 'file too large',
	ESTALE: 'stale NFS file handle',
};

function kindOf(stats: fs.Stats): FileKind {
	const identity = `${stats.dev}:${stats.ino}`;
	if (stats.isFile()) {
		return {kind: 'file', size: stats.size, identity};
	}

	const what: NotRegularKind = stats.isDirectory() ? 'directory'
		: (stats.isCharacterDevice() ? 'character device'
			: (stats.isBlockDevice() ? 'block device'
				: (stats.isFIFO() ? 'FIFO'
					: (stats.isSocket() ? 'socket' : 'special file'))));
	return {kind: 'not-regular', what, identity};
}

function failureOf(error: unknown, path: string, operation: 'open' | 'read' | 'stat'): FileReadFailure {
	const code = (error as NodeJS.ErrnoException).code ?? 'UNKNOWN';
	if (code === 'ENOENT' && operation !== 'read') {
		return {kind: 'missing', path};
	}

	if (code === 'EISDIR') {
		return {kind: 'not-regular', path, what: 'directory'};
	}

	return {kind: 'error', path, operation, code, reason: reasons[code] ?? (error as Error).message};
}

let nullDevice: string | undefined | false;

/**
Whether what `identity` (from inspectFile) names is this system's `/dev/null`, the same device file: a device that reads as nothing at once, so the file functions read it as empty as Terraform does (`file("/dev/null")` is a common "empty" idiom, #38 I). Every other device stays refused.
*/
export function isNullDevice(identity: string): boolean {
	if (nullDevice === undefined) {
		try {
			const stats = fs.statSync('/dev/null');
			nullDevice = stats.isCharacterDevice() ? `${stats.dev}:${stats.ino}` : false;
		} catch {
			nullDevice = false;
		}
	}

	return nullDevice !== false && identity === nullDevice;
}

/**
What `path` is (following symlinks), without opening it: a regular file and its size, something else, or a failure (missing, permission...).
*/
export function inspectFile(path: string): FileKind | {readonly kind: 'failure'; readonly failure: FileReadFailure} {
	let stats: fs.Stats;
	try {
		stats = fs.statSync(path);
	} catch (error) {
		return {kind: 'failure', failure: failureOf(error, path, 'stat')};
	}

	return kindOf(stats);
}

/**
Reads the regular file at `path`, at most `limit` bytes (see the module comment). Never throws for anything the file system does.
*/
export function readFileWithLimit(path: string, limit: number): FileRead {
	return withRegularFile(path, limit, (descriptor, size) => readOpened(descriptor, path, size, limit));
}

/**
Opens the regular file at `path` and hands it to `read` with its size, closing it after; refuses anything else (checked before opening and again on what was opened, so a file swapped for a device in between is refused too), and a file over `limit` when one is given. Never throws for anything the file system does.
*/
function withRegularFile(path: string, limit: number | undefined, read: (descriptor: number, size: number) => FileRead): FileRead {
	const inspected = inspectFile(path);
	if (inspected.kind === 'failure') {
		return {ok: false, failure: inspected.failure};
	}

	if (inspected.kind === 'not-regular') {
		return {ok: false, failure: {kind: 'not-regular', path, what: inspected.what}};
	}

	if (limit !== undefined && inspected.size > limit) {
		return {ok: false, failure: {kind: 'too-large', path, limit, size: inspected.size}};
	}

	let descriptor: number;
	try {
		// O_NOCTTY: a terminal device swapped in after the stat must not become the controlling terminal.
		descriptor = fs.openSync(path, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | fs.constants.O_NOCTTY);
	} catch (error) {
		return {ok: false, failure: failureOf(error, path, 'open')};
	}

	try {
		const opened = kindOf(fs.fstatSync(descriptor));
		if (opened.kind !== 'file') {
			return {ok: false, failure: {kind: 'not-regular', path, what: opened.what}};
		}

		if (limit !== undefined && opened.size > limit) {
			return {ok: false, failure: {kind: 'too-large', path, limit, size: opened.size}};
		}

		return read(descriptor, opened.size);
	} catch (error) {
		return {ok: false, failure: failureOf(error, path, 'read')};
	} finally {
		fs.closeSync(descriptor);
	}
}

// Reads past the size the file had when opened (the read that finds the end, procfs files that report size 0, a file that grows) go through this one buffer, and what they bring is copied out. A new 64 KB buffer for each such read, twice per file, was most of the cost of reading thousands of small files (allocation and the collections it set off).
const scratch = Buffer.allocUnsafe(64 * 1024);

function readOpened(descriptor: number, path: string, sizeHint: number, limit: number): FileRead {
	// The size is a hint (0 for procfs): read until the end, one byte past the limit at most to tell a file that is too large.
	const chunks: Uint8Array[] = [];
	let total = 0;
	for (;;) {
		const room = limit + 1 - total;
		if (room <= 0) {
			return {ok: false, failure: {kind: 'too-large', path, limit}};
		}

		const expected = sizeHint - total;
		const buffer = expected > 0 ? Buffer.allocUnsafe(Math.min(room, expected + 1)) : scratch;
		let count: number;
		try {
			count = fs.readSync(descriptor, buffer, 0, Math.min(room, buffer.length), null);
		} catch (error) {
			return {ok: false, failure: failureOf(error, path, 'read')};
		}

		if (count === 0) {
			break;
		}

		chunks.push(buffer === scratch ? Buffer.from(scratch.subarray(0, count)) : buffer.subarray(0, count));
		total += count;
		// A regular file that gave less than asked for, where its size said there would be that much or more, is at its end: no read to find it (one system call a file fewer, 5,100 over the parse bench's corpus). A file that grew fills the buffer and is read on; procfs (size 0) reads through the scratch buffer until a read finds nothing.
		if (buffer !== scratch && count < buffer.length) {
			break;
		}
	}

	if (total > limit) {
		return {ok: false, failure: {kind: 'too-large', path, limit}};
	}

	return {ok: true, bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total)};
}

/**
Reads a file as UTF-8 text (invalid bytes become U+FFFD); see `readFileWithLimit`.
*/
export function readTextWithLimit(path: string, limit: number): {readonly ok: true; readonly text: string} | {readonly ok: false; readonly failure: FileReadFailure} {
	const read = readFileWithLimit(path, limit);
	return read.ok ? {ok: true, text: Buffer.from(read.bytes.buffer, read.bytes.byteOffset, read.bytes.byteLength).toString('utf8')} : read;
}

/**
One wording of a failure for diagnostics: `PATH is a FIFO, not a regular file; tfscope reads only regular files`. `name` is how to show the path (default: the path read).
*/
export function describeReadFailure(failure: FileReadFailure, name: string = failure.path): string {
	switch (failure.kind) {
		case 'missing': {
			return `${name} does not exist`;
		}

		case 'not-regular': {
			return failure.what === 'directory' ? `${name} is a directory` : `${name} is a ${failure.what}, not a regular file; tfscope reads only regular files`;
		}

		case 'too-large': {
			return `${name} is larger than ${failure.limit} bytes, the most tfscope reads from it${failure.size === undefined ? '' : ` (it has ${failure.size})`}`;
		}

		case 'error': {
			return `${failure.operation} ${name}: ${failure.reason}`;
		}
	}
}

/**
A failure as an exception, for callers (the file functions' filesystem capability) whose interface throws.
*/
export class FileReadError extends Error {
	readonly failure: FileReadFailure;

	constructor(failure: FileReadFailure, name?: string) {
		super(describeReadFailure(failure, name));
		this.name = 'FileReadError';
		this.failure = failure;
	}
}

/**
Reads at most `length` bytes of the regular file at `path` from `offset` (fewer at its end): the header of a compressed object, an entry of an index. Refuses what is not a regular file, as `readFileWithLimit` does; never throws for anything the file system does.
*/
export function readFileRange(path: string, offset: number, length: number): FileRead {
	return withRegularFile(path, undefined, (descriptor, size) => {
		const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
		let total = 0;
		while (total < buffer.length) {
			const count = fs.readSync(descriptor, buffer, total, buffer.length - total, offset + total);
			if (count === 0) {
				break;
			}

			total += count;
		}

		return {ok: true, bytes: buffer.subarray(0, total)};
	});
}
