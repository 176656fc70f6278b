import {readdirSync, realpathSync, statSync} from 'node:fs';
import {type FileRead, readFileWithLimit} from '../files/read-file.js';
import {createNodeFilesystem} from '../lang/functions/node-filesystem.js';
import type {FunctionFilesystem} from '../lang/function.js';

/*
Where a configuration's files come from: the loader lists directories and reads files only through a ConfigSource, so the same loader reads a directory on disk or a git revision (git-source.ts). A source only reads; it never writes, runs or connects. It is also the file functions' filesystem (`file`, `templatefile`, `fileset`), so they read the same revision as the loader.
*/

export type ConfigSource = FunctionFilesystem & {
	/**
	What the files are, for messages: `the working tree`, `git revision v5.0.0 (1a2b3c4)`.
	*/
	readonly description: string;
	/**
	The entry names of a directory; throws an error with a `code` (`ENOENT`, `ENOTDIR`) when it cannot be listed.
	*/
	readonly readDirectory: (directory: string) => string[];
	/**
	The path with symbolic links resolved, or undefined when nothing is there.
	*/
	readonly realPath: (filePath: string) => string | undefined;
	/**
	A file's bytes, at most `limit`, or why not (as the one file reader answers).
	*/
	readonly read: (filePath: string, limit: number) => FileRead;
};

/**
Reads through a source, or from disk when there is none.
*/
export function readFrom(source: ConfigSource | undefined, filePath: string, limit: number): FileRead {
	return source ? source.read(filePath, limit) : readFileWithLimit(filePath, limit);
}

/**
`readFrom` as UTF-8 text (invalid bytes become U+FFFD).
*/
export function readTextFrom(source: ConfigSource | undefined, filePath: string, limit: number): {readonly ok: true; readonly text: string} | {readonly ok: false; readonly failure: Extract<FileRead, {ok: false}>['failure']} {
	const read = readFrom(source, filePath, limit);
	return read.ok ? {ok: true, text: new TextDecoder().decode(read.bytes)} : read;
}

/**
An error with the `code` Node's fs functions give, so callers report both kinds of source the same way.
*/
export function sourceError(code: 'ENOENT' | 'ENOTDIR' | 'EISDIR', filePath: string): NodeJS.ErrnoException {
	const error: NodeJS.ErrnoException = new Error(`${code}: ${filePath}`);
	error.code = code;
	return error;
}

/**
Files on disk, read with the limits of the one file reader (node-filesystem.ts).
*/
export function directorySource(options: {readonly cwd?: string} = {}): ConfigSource {
	return {
		...createNodeFilesystem(options),
		description: 'the working tree',
		read: readFileWithLimit,
		readDirectory: directory => readdirSync(directory),
		realPath(filePath) {
			try {
				const real = realpathSync(filePath);
				statSync(real);
				return real;
			} catch {
				return undefined;
			}
		},
	};
}
