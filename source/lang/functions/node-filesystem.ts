import {readdirSync} from 'node:fs';
import {homedir} from 'node:os';
import path from 'node:path';
import {FileReadError, inspectFile, isNullDevice, readFileWithLimit} from '../../files/read-file.js';
import {type FunctionFilesystem} from '../function.js';

/*
The read-only filesystem the file functions use outside tests: reads through the one reader with limits (`source/files/read-file.ts`), which refuses directories, devices, FIFOs and sockets without blocking, streams procfs files up to the limit, and never writes.
*/

function readLimited(filePath: string, limit: number): Uint8Array {
	const read = readFileWithLimit(filePath, limit);
	if (!read.ok) {
		throw new FileReadError(read.failure);
	}

	return read.bytes;
}

export function createNodeFilesystem(options: {readonly cwd?: string; readonly home?: string} = {}): FunctionFilesystem {
	return {
		readFile: readLimited,
		stat(filePath) {
			const inspected = inspectFile(filePath);
			switch (inspected.kind) {
				case 'file': {
					return {kind: 'file', size: inspected.size, identity: inspected.identity};
				}

				case 'not-regular': {
					if (inspected.what === 'character device' && isNullDevice(inspected.identity)) {
						return {kind: 'empty-device', size: 0, identity: inspected.identity};
					}

					return {kind: inspected.what === 'directory' ? 'directory' : 'other', size: 0, identity: inspected.identity};
				}

				case 'failure': {
					return undefined;
				}
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
