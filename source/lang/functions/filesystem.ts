import path from 'node:path';
import {Buffer} from 'node:buffer';
import {
	type FunctionContext, type FunctionFilesystem, type FunctionSpec, FunctionError, defineFunction, staticReturnType,
} from '../function.js';
import {
	boolType, dynamicType, setType, stringType,
} from '../types.js';
import {
	type Value, boolValue, stringValue, unknownValue,
} from '../values.js';
import {FileReadError, describeReadFailure} from '../../files/read-file.js';
import {type HashAlgorithm, digest} from './crypto.js';
import {decodeUtf8} from './encoding.js';
import {makeSet, stringOf} from './support.js';

/*
Filesystem functions. They read only through `context.filesystem`, relative to `context.baseDirectory` (the module's path), refuse directories and devices, and read at most `maximumFileSize` bytes. `templatefile` and `templatestring` render through `context.renderTemplate`, which the evaluator provides; a template cannot call them again.
*/

export const maximumFileSize = 16 * 1024 * 1024;

function filesystemOf(context: FunctionContext): FunctionFilesystem {
	if (!context.filesystem) {
		throw new FunctionError('file functions are not available here (no filesystem was given)');
	}

	return context.filesystem;
}

function resolvePath(context: FunctionContext, filePath: string): string {
	return path.resolve(context.baseDirectory, expandHome(filePath, context.filesystem?.home));
}

function expandHome(filePath: string, home: string | undefined): string {
	if (filePath === '~' || filePath.startsWith('~/')) {
		return home ? home + filePath.slice(1) : filePath;
	}

	return filePath;
}

const missingDetail = 'this function works only with files that are distributed as part of the configuration source code, so if this file will be created by a resource in this configuration you must instead obtain this result from an attribute of that resource';

/**
Reads a file the way `file` and `filebase64` do, with their messages.
*/
function readForFileFunction(context: FunctionContext, filePath: string): Uint8Array {
	const filesystem = filesystemOf(context);
	const resolved = resolvePath(context, filePath);
	const stat = filesystem.stat(resolved);
	if (!stat) {
		throw new FunctionError(`no file exists at ${JSON.stringify(filePath)}; ${missingDetail}`, 0);
	}

	if (stat.kind === 'directory') {
		throw new FunctionError(`failed to read file: read ${cleanPath(filePath)}: is a directory`, 0);
	}

	if (stat.kind !== 'file') {
		throw new FunctionError(`failed to read file: ${JSON.stringify(filePath)} is not a regular file; tfscope reads only regular files`, 0);
	}

	if (stat.size > maximumFileSize) {
		throw new FunctionError(`failed to read file: ${JSON.stringify(filePath)} is larger than ${maximumFileSize} bytes, the most tfscope reads`, 0);
	}

	try {
		return filesystem.readFile(resolved, maximumFileSize);
	} catch (error) {
		throw new FunctionError(`failed to read file: ${readErrorMessage(error, filePath)}`, 0);
	}
}

/**
A read failure worded as Go's os package words it, with the path as the configuration gave it (as Terraform shows it: joined to a relative module directory, not made absolute).
*/
function readErrorMessage(error: unknown, filePath: string): string {
	return error instanceof FileReadError ? describeReadFailure(error.failure, filePath.startsWith('/') ? filePath : cleanPath(filePath)) : (error as Error).message;
}

function readText(context: FunctionContext, filePath: string): string {
	const text = decodeUtf8(readForFileFunction(context, filePath));
	if (text === undefined) {
		throw new FunctionError(`contents of ${JSON.stringify(filePath)} are not valid UTF-8; use the filebase64 function to obtain the Base64 encoded contents or the other file functions (e.g. filemd5, filesha256) to obtain file hashing results instead`);
	}

	return text;
}

export const file = defineFunction({
	name: 'file',
	description: 'Reads the contents of a file at the given path and returns them as a string.',
	parameters: [{name: 'path', type: stringType}],
	returnType: staticReturnType(stringType),
	impl: ([filePath], _, context) => stringValue(readText(context, stringOf(filePath!))),
});

export const filebase64 = defineFunction({
	name: 'filebase64',
	description: 'Reads the contents of a file at the given path and returns them as a base64-encoded string.',
	parameters: [{name: 'path', type: stringType}],
	returnType: staticReturnType(stringType),
	impl: ([filePath], _, context) => stringValue(Buffer.from(readForFileFunction(context, stringOf(filePath!))).toString('base64')),
});

export const fileexists = defineFunction({
	name: 'fileexists',
	description: 'Determines whether a file exists at the given path.',
	parameters: [{name: 'path', type: stringType}],
	returnType: staticReturnType(boolType),
	impl([filePath], _, context) {
		const name = stringOf(filePath!);
		const stat = filesystemOf(context).stat(resolvePath(context, name));
		if (!stat) {
			return boolValue(false);
		}

		if (stat.kind === 'directory') {
			throw new FunctionError(`${JSON.stringify(cleanPath(name))} is a directory, not a file`);
		}

		if (stat.kind !== 'file') {
			throw new FunctionError(`${JSON.stringify(name)} is a device node, not a regular file`);
		}

		return boolValue(true);
	},
});

function fileHash(name: string, algorithm: HashAlgorithm, encoding: 'hex' | 'base64', description: string): FunctionSpec {
	return defineFunction({
		name,
		description,
		parameters: [{name: 'path', type: stringType}],
		returnType: staticReturnType(stringType),
		impl([filePath], _, context) {
			const name = stringOf(filePath!);
			const filesystem = filesystemOf(context);
			const resolved = resolvePath(context, name);
			const stat = filesystem.stat(resolved);
			if (!stat) {
				throw new FunctionError(`open ${name}: no such file or directory`);
			}

			if (stat.kind !== 'file') {
				throw new FunctionError(stat.kind === 'directory' ? `read ${name}: is a directory` : `${JSON.stringify(name)} is not a regular file; tfscope reads only regular files`);
			}

			let bytes: Uint8Array;
			try {
				bytes = filesystem.readFile(resolved, maximumFileSize);
			} catch (error) {
				throw new FunctionError(readErrorMessage(error, name));
			}

			return stringValue(digest(algorithm, bytes).toString(encoding));
		},
	});
}

export const filemd5 = fileHash('filemd5', 'md5', 'hex', 'Computes the MD5 hash of the contents of the given file and encodes it as hex.');
export const filesha1 = fileHash('filesha1', 'sha1', 'hex', 'Computes the SHA1 hash of the contents of the given file and encodes it as hex.');
export const filesha256 = fileHash('filesha256', 'sha256', 'hex', 'Computes the SHA256 hash of the contents of the given file and encodes it as hex.');
export const filesha512 = fileHash('filesha512', 'sha512', 'hex', 'Computes the SHA512 hash of the contents of the given file and encodes it as hex.');
export const filebase64sha256 = fileHash('filebase64sha256', 'sha256', 'base64', 'Computes the SHA256 hash of the contents of the given file and encodes it with Base64.');
export const filebase64sha512 = fileHash('filebase64sha512', 'sha512', 'base64', 'Computes the SHA512 hash of the contents of the given file and encodes it with Base64.');

/**
A doublestar glob as a regular expression over `/`-separated relative paths; undefined when the pattern is malformed.
*/
export function globToRegExp(pattern: string): RegExp | undefined {
	let source = '';
	let index = 0;
	let braces = 0;
	while (index < pattern.length) {
		const character = pattern[index]!;
		if (character === '*') {
			if (pattern[index + 1] === '*') {
				const atSegmentStart = index === 0 || pattern[index - 1] === '/';
				if (atSegmentStart && pattern[index + 2] === '/') {
					source += '(?:.*/)?';
					index += 3;
					continue;
				}

				if (atSegmentStart && index + 2 === pattern.length) {
					source += '.*';
					index += 2;
					continue;
				}
			}

			source += '[^/]*';
		} else if (character === '?') {
			source += '[^/]';
		} else if (character === '[') {
			const close = pattern.indexOf(']', index + 2);
			if (close === -1) {
				return undefined;
			}

			let body = pattern.slice(index + 1, close);
			if (body.startsWith('!') || body.startsWith('^')) {
				body = `^${body.slice(1)}`;
			}

			source += `[${body.replaceAll('\\', '\\\\')}]`;
			index = close;
		} else if (character === '{') {
			braces++;
			source += '(?:';
		} else if (character === '}' && braces > 0) {
			braces--;
			source += ')';
		} else if (character === ',' && braces > 0) {
			source += '|';
		} else if (character === '\\') {
			// A backslash escapes the next character; one at the end is a syntax error, as in doublestar.
			if (index + 1 === pattern.length) {
				return undefined;
			}

			index++;
			source += pattern[index]!.replaceAll(/[.*+?^${}()|[\]\\/]/g, String.raw`\$&`);
		} else {
			source += character.replaceAll(/[.*+?^${}()|[\]\\/]/g, String.raw`\$&`);
		}

		index++;
	}

	if (braces > 0) {
		return undefined;
	}

	try {
		return new RegExp(`^${source}$`, 'u');
	} catch {
		return undefined;
	}
}

/**
The most entries (files and directories) `fileset` visits in one call.
*/
export const maximumListedFiles = 100_000;

/**
Every regular file under `root`, relative to it. Symlinks are followed (as Terraform's glob does) but a directory already open on the way down (same device and inode) is not entered again, so a symlink loop ends; every entry visited counts towards `maximumListedFiles`, so a wide tree of links to the same directories ends too.
*/
function listFilesRecursively(filesystem: FunctionFilesystem, root: string): string[] {
	const found: string[] = [];
	let visited = 0;
	const open = new Set<string>();
	const visit = (relative: string, identity: string | undefined, depth: number): void => {
		if (depth > 64) {
			return;
		}

		if (identity !== undefined) {
			open.add(identity);
		}

		for (const name of filesystem.listFiles?.(path.join(root, relative)) ?? []) {
			visited++;
			if (visited > maximumListedFiles) {
				throw new FunctionError(`failed to glob: more than ${maximumListedFiles} files and directories under ${JSON.stringify(root)}, tfscope's limit (maximumListedFiles)`);
			}

			const child = relative === '' ? name : `${relative}/${name}`;
			const stat = filesystem.stat(path.join(root, child));
			if (stat?.kind === 'directory') {
				if (stat.identity === undefined || !open.has(stat.identity)) {
					visit(child, stat.identity, depth + 1);
				}
			} else if (stat?.kind === 'file') {
				found.push(child);
			}
		}

		if (identity !== undefined) {
			open.delete(identity);
		}
	};

	visit('', filesystem.stat(root)?.identity, 0);
	return found;
}

export const fileset = defineFunction({
	name: 'fileset',
	description: 'Enumerates a set of regular file names given a path and pattern.',
	parameters: [{name: 'path', type: stringType}, {name: 'pattern', type: stringType}],
	returnType: staticReturnType(setType(stringType)),
	impl([basePath, patternValue], _, context) {
		const given = stringOf(patternValue!);
		// Terraform joins the path and pattern (which cleans `./` and `..`), then makes matches relative to the path again.
		const pattern = given.startsWith('/') ? given : cleanPath(given);
		const expression = globToRegExp(pattern);
		if (!expression) {
			throw new FunctionError(`failed to glob pattern ${JSON.stringify(given)}: syntax error in pattern`);
		}

		const filesystem = filesystemOf(context);
		const root = resolvePath(context, stringOf(basePath!));
		const matches = listFilesRecursively(filesystem, root).filter(relative => expression.test(relative));
		return makeSet(stringType, matches.map(match => stringValue(match)));
	},
});

// Go's filepath.Clean for slash-separated paths.
export function cleanPath(filePath: string): string {
	if (filePath === '') {
		return '.';
	}

	const rooted = filePath.startsWith('/');
	const parts: string[] = [];
	for (const part of filePath.split('/')) {
		if (part === '' || part === '.') {
			continue;
		}

		if (part === '..') {
			if (parts.length > 0 && parts.at(-1) !== '..') {
				parts.pop();
			} else if (!rooted) {
				parts.push('..');
			}

			continue;
		}

		parts.push(part);
	}

	const joined = parts.join('/');
	return rooted ? `/${joined}` : (joined === '' ? '.' : joined);
}

export const basename = defineFunction({
	name: 'basename',
	description: 'Takes a string containing a filesystem path and removes all except the last portion from it.',
	parameters: [{name: 'path', type: stringType}],
	returnType: staticReturnType(stringType),
	impl([filePath]) {
		const text = stringOf(filePath!).replace(/\/+$/, '');
		if (stringOf(filePath!) === '') {
			return stringValue('.');
		}

		if (text === '') {
			return stringValue('/');
		}

		return stringValue(text.slice(text.lastIndexOf('/') + 1));
	},
});

export const dirname = defineFunction({
	name: 'dirname',
	description: 'Takes a string containing a filesystem path and removes the last portion from it.',
	parameters: [{name: 'path', type: stringType}],
	returnType: staticReturnType(stringType),
	impl([filePath]) {
		const text = stringOf(filePath!);
		return stringValue(cleanPath(text.slice(0, text.lastIndexOf('/') + 1)));
	},
});

export const abspath = defineFunction({
	name: 'abspath',
	description: 'Takes a string containing a filesystem path and converts it to an absolute path.',
	parameters: [{name: 'path', type: stringType}],
	returnType: staticReturnType(stringType),
	impl([filePath], _, context) {
		const text = stringOf(filePath!);
		// Terraform runs in the root module's directory, so a relative path is taken from there (as file() does; tfscope DIR is terraform -chdir=DIR), not from where tfscope was started.
		const absolute = text.startsWith('/') ? text : `${path.resolve(context.baseDirectory)}/${text}`;
		return stringValue(cleanPath(absolute));
	},
});

export const pathexpand = defineFunction({
	name: 'pathexpand',
	description: 'Takes a filesystem path that might begin with a `~` segment, and if so it replaces that segment with the current user\'s home directory path.',
	parameters: [{name: 'path', type: stringType}],
	returnType: staticReturnType(stringType),
	impl([filePath], _, context) {
		const text = stringOf(filePath!);
		if (!text.startsWith('~')) {
			return stringValue(text);
		}

		if (text.length > 1 && text[1] !== '/') {
			throw new FunctionError('cannot expand user-specific home dir');
		}

		const home = context.filesystem?.home;
		if (!home) {
			throw new FunctionError('cannot determine the home directory');
		}

		return stringValue(home + text.slice(1));
	},
});

function templateVariables(value: Value): ReadonlyMap<string, Value> {
	if (value.kind === 'map') {
		return value.entries;
	}

	if (value.kind === 'object') {
		return value.attributes;
	}

	throw new FunctionError('invalid vars value: must be a map', 1);
}

type RendererFactory = (context: FunctionContext) => NonNullable<FunctionContext['renderTemplate']>;

let defaultRenderer: RendererFactory | undefined;

/**
The renderer used when the caller's context has none; the registry (index.ts) installs one over the built-in functions, so templates render wherever functions are called.
*/
export function setDefaultTemplateRenderer(factory: RendererFactory): void {
	defaultRenderer = factory;
}

function render(context: FunctionContext, name: string, source: string, filename: string, variables: Value): Value {
	if ((context.templateDepth ?? 0) > 0) {
		throw new FunctionError(`cannot recursively call ${name} from inside another template function`);
	}

	const renderTemplate = context.renderTemplate ?? defaultRenderer?.(context);
	if (!renderTemplate) {
		throw new FunctionError(`${name} is not available here (no template renderer was given)`);
	}

	return renderTemplate(source, filename, templateVariables(variables), (context.templateDepth ?? 0) + 1);
}

export const templatefile = defineFunction({
	name: 'templatefile',
	description: 'Reads the file at the given path and renders its content as a template using a supplied set of template variables.',
	// An unknown vars value makes the result unknown; unknown values inside it reach the template, which is unknown only where it uses them (as Terraform).
	parameters: [{name: 'path', type: stringType}, {name: 'vars', type: dynamicType, allowUnknown: true}],
	returnType([, varsType]) {
		if (varsType!.kind !== 'map' && varsType!.kind !== 'object' && varsType!.kind !== 'dynamic') {
			throw new FunctionError('invalid vars value: must be a map', 1);
		}

		return dynamicType;
	},
	impl([filePath, variables], returnType, context) {
		if (variables!.kind === 'unknown') {
			return unknownValue(returnType);
		}

		const name = stringOf(filePath!);
		return render(context, 'templatefile', readText(context, name), name, variables!);
	},
});

export const templatestring = defineFunction({
	name: 'templatestring',
	description: 'Renders a template given as a string value, using a supplied set of template variables.',
	parameters: [{name: 'template', type: stringType}, {name: 'vars', type: dynamicType, allowUnknown: true}],
	returnType([, varsType]) {
		if (varsType!.kind !== 'map' && varsType!.kind !== 'object' && varsType!.kind !== 'dynamic') {
			throw new FunctionError('invalid vars value: must be a map', 1);
		}

		return dynamicType;
	},
	impl([template, variables], returnType, context) {
		if (variables!.kind === 'unknown') {
			return unknownValue(returnType);
		}

		return render(context, 'templatestring', stringOf(template!), '<templatestring>', variables!);
	},
});

export const filesystemFunctions: readonly FunctionSpec[] = [
	abspath, basename, dirname, file, filebase64, filebase64sha256, filebase64sha512, fileexists, filemd5, fileset, filesha1, filesha256, filesha512, pathexpand, templatefile, templatestring,
];
