import {
	closeSync, fstatSync, openSync, readdirSync, readSync, statSync, constants,
} from 'node:fs';
import {homedir} from 'node:os';
import path from 'node:path';
import {type FunctionFilesystem} from '../function.js';

/*
The read-only filesystem the file functions use outside tests. It opens files without following them into devices or FIFOs (O_NONBLOCK, then fstat: a FIFO would block a plain open and /dev/zero never ends), reads at most `limit` bytes plus one to detect oversized files, and never writes.
*/

export class FileTooLargeError extends Error {
	constructor(filePath: string, limit: number) {
		super(`${JSON.stringify(filePath)} is larger than ${limit} bytes, the most tfscope reads`);
		this.name = 'FileTooLargeError';
	}
}

export class NotRegularFileError extends Error {
	constructor(filePath: string, kind: 'directory' | 'other') {
		super(kind === 'directory' ? `read ${filePath}: is a directory` : `${JSON.stringify(filePath)} is not a regular file (a device, FIFO or socket)`);
		this.name = 'NotRegularFileError';
	}
}

function readLimited(filePath: string, limit: number): Uint8Array {
	const descriptor = openSync(filePath, constants.O_RDONLY | constants.O_NONBLOCK);
	try {
		const stats = fstatSync(descriptor);
		if (stats.isDirectory()) {
			throw new NotRegularFileError(filePath, 'directory');
		}

		if (!stats.isFile()) {
			throw new NotRegularFileError(filePath, 'other');
		}

		if (stats.size > limit) {
			throw new FileTooLargeError(filePath, limit);
		}

		const buffer = Buffer.alloc(Math.min(stats.size, limit) + 1);
		let total = 0;
		for (;;) {
			if (total >= buffer.length) {
				throw new FileTooLargeError(filePath, limit);
			}

			const count = readSync(descriptor, buffer, total, buffer.length - total, null);
			if (count === 0) {
				break;
			}

			total += count;
		}

		return buffer.subarray(0, total);
	} finally {
		closeSync(descriptor);
	}
}

export function createNodeFilesystem(options: {readonly cwd?: string; readonly home?: string} = {}): FunctionFilesystem {
	return {
		readFile: readLimited,
		stat(filePath) {
			try {
				const stats = statSync(filePath);
				return {kind: stats.isFile() ? 'file' : (stats.isDirectory() ? 'directory' : 'other'), size: stats.size};
			} catch {
				return undefined;
			}
		},
		listFiles(directory) {
			try {
				return readdirSync(directory).sort();
			} catch {
				return [];
			}
		},
		cwd: options.cwd ?? process.cwd(),
		home: options.home ?? homedir(),
	};
}

export function resolveAgainst(baseDirectory: string, filePath: string): string {
	return path.resolve(baseDirectory, filePath);
}
