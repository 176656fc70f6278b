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

	// `/dev/null` reads as nothing, as in Terraform; it is never opened.
	if (stat.kind === 'empty-device') {
		return new Uint8Array(0);
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

			if (stat.kind !== 'file' && stat.kind !== 'empty-device') {
				throw new FunctionError(stat.kind === 'directory' ? `read ${name}: is a directory` : `${JSON.stringify(name)} is not a regular file; tfscope reads only regular files`);
			}

			let bytes: Uint8Array = new Uint8Array(0);
			try {
				bytes = stat.kind === 'empty-device' ? bytes : filesystem.readFile(resolved, maximumFileSize);
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
Splits a glob at `/` that no backslash escapes (doublestar's splitPathOnSeparator).
*/
function globComponents(pattern: string): string[] {
	const components: string[] = [];
	let current = '';
	for (let index = 0; index < pattern.length; index++) {
		const character = pattern[index]!;
		if (character === '\\' && index + 1 < pattern.length) {
			current += character + pattern[index + 1]!;
			index++;
		} else if (character === '/') {
			components.push(current);
			current = '';
		} else {
			current += character;
		}
	}

	components.push(current);
	return components;
}

const globMeta = /[*?[{\\]/;

/**
A malformed part of a glob, met while matching (doublestar's ErrBadPattern): only a name that gets that far reports it, so `fileset("nope[", "*")` is an empty set where no entry starts with `nope`.
*/
const badPattern = Symbol('bad pattern');

/**
The first `character` in `text` from `start` that no backslash precedes (doublestar's indexRuneWithEscaping); -1 when there is none.
*/
function indexUnescaped(text: readonly string[], start: number, character: string): number {
	for (let index = start; index < text.length; index++) {
		if (text[index] === character && (index === start || text[index - 1] !== '\\')) {
			return index;
		}
	}

	return -1;
}

function splitUnescaped(text: readonly string[], separator: string): string[][] {
	const parts: string[][] = [];
	let start = 0;
	for (;;) {
		const end = indexUnescaped(text, start, separator);
		if (end === -1) {
			parts.push(text.slice(start));
			return parts;
		}

		parts.push(text.slice(start, end));
		start = end + 1;
	}
}

function codePoint(character: string): number {
	return character.codePointAt(0)!;
}

/**
Whether one path component `name` matches one glob component, character by character as doublestar's matchComponent does (v1.1.5: `*`, `?`, `[...]` with `^` negation and ranges, `{a,b}`, `\` escapes). Throws `badPattern` when matching reaches a malformed part.
*/
function matchComponent(pattern: readonly string[], patternIndex: number, name: readonly string[], nameIndex: number): boolean {
	let p = patternIndex;
	let n = nameIndex;
	if (p >= pattern.length) {
		return n >= name.length;
	}

	if (n >= name.length && !(pattern.length - p === 1 && pattern[p] === '*')) {
		return false;
	}

	while (p < pattern.length && n < name.length) {
		const character = pattern[p]!;
		if (character === '\\') {
			p++;
			if (p >= pattern.length) {
				throw badPattern;
			}

			if (pattern[p] !== name[n]) {
				return false;
			}

			p++;
			n++;
		} else if (character === '*') {
			p++;
			if (p >= pattern.length) {
				return true;
			}

			for (; n < name.length; n++) {
				// doublestar ignores a malformed rest here and tries the next position.
				try {
					if (matchComponent(pattern, p, name, n)) {
						return true;
					}
				} catch (error) {
					if (error !== badPattern) {
						throw error;
					}
				}
			}

			return false;
		} else if (character === '[') {
			p++;
			const end = indexUnescaped(pattern, p, ']');
			if (end === -1 || end === p) {
				throw badPattern;
			}

			const members = pattern.slice(p, end);
			const negated = members[0] === '^';
			const subject = codePoint(name[n]!);
			let matched = false;
			let index = negated ? 1 : 0;
			while (index < members.length) {
				let low = members[index++]!;
				if (low === '-') {
					throw badPattern;
				}

				if (low === '\\') {
					if (index >= members.length) {
						throw badPattern;
					}

					low = members[index++]!;
				}

				let high = low;
				if (index < members.length && members[index] === '-') {
					index++;
					if (index >= members.length || members[index] === '-') {
						throw badPattern;
					}

					high = members[index++]!;
					if (high === '\\') {
						if (index >= members.length) {
							throw badPattern;
						}

						high = members[index++]!;
					}
				}

				if (codePoint(low) <= subject && subject <= codePoint(high)) {
					matched = true;
				}
			}

			if (matched === negated) {
				return false;
			}

			p = end + 1;
			n++;
		} else if (character === '{') {
			p++;
			const end = indexUnescaped(pattern, p, '}');
			if (end === -1) {
				throw badPattern;
			}

			const rest = pattern.slice(end + 1);
			for (const option of splitUnescaped(pattern.slice(p, end), ',')) {
				if (matchComponent([...option, ...rest], 0, name, n)) {
					return true;
				}
			}

			return false;
		} else if (character === '?' || character === name[n]) {
			p++;
			n++;
		} else {
			return false;
		}
	}

	if (p >= pattern.length && n >= name.length) {
		return true;
	}

	const rest = pattern.slice(p).join('');
	return (n >= name.length && rest === '*') || rest === '**';
}

/**
The paths an absolute glob matches, walked as doublestar's Glob walks them (bmatcuk/doublestar v1.1.5 doublestar.go, doGlob, which Terraform's fileset calls): the leading components without metacharacters are one path that must exist; each component with them is matched against a directory's entries; `**` matches zero or more directories. A malformed component is an error only as doGlob reports one (the last step of a directory's walk decides). Symlinks are followed, but a directory already open on the way down (same device and inode) is not entered again, so a symlink loop ends; every entry visited counts towards `maximumListedFiles`.
*/
function globPaths(filesystem: FunctionFilesystem, pattern: string, shown: string): string[] {
	const matches: string[] = [];
	let visited = 0;
	const open = new Set<string>();
	const entries = (directory: string): readonly string[] => {
		const names = filesystem.listFiles?.(directory) ?? [];
		visited += names.length;
		if (visited > maximumListedFiles) {
			throw new FunctionError(`failed to glob: more than ${maximumListedFiles} files and directories under ${JSON.stringify(shown)}, tfscope's limit (maximumListedFiles)`);
		}

		return names;
	};

	// Returns whether the walk ends in doublestar's ErrBadPattern.
	const walk = (base: string, components: readonly string[], depth: number): boolean => {
		let literal = 0;
		while (literal < components.length && !globMeta.test(components[literal]!)) {
			literal++;
		}

		const directory = literal > 0 ? path.posix.join(base, ...components.slice(0, literal)) : base;
		const stat = filesystem.stat(directory);
		if (!stat) {
			return false;
		}

		if (literal >= components.length) {
			matches.push(directory);
			return false;
		}

		if (stat.kind !== 'directory' || depth > 64 || (stat.identity !== undefined && open.has(stat.identity))) {
			return false;
		}

		if (stat.identity !== undefined) {
			open.add(stat.identity);
		}

		const rest = components.slice(literal);
		const names = entries(directory);
		let bad = false;
		let index = 0;
		if (rest[0] === '**') {
			const last = rest.length === 1;
			for (const name of names) {
				const child = path.posix.join(directory, name);
				if (filesystem.stat(child)?.kind === 'directory') {
					if (last) {
						matches.push(child);
					}

					bad = walk(child, rest, depth + 1);
				} else if (last) {
					matches.push(child);
				}
			}

			index = 1;
		}

		if (index < rest.length) {
			const component = [...rest[index]!];
			const last = index + 1 >= rest.length;
			for (const name of names) {
				let matched: boolean;
				try {
					matched = matchComponent(component, 0, [...name], 0);
				} catch (error) {
					if (error !== badPattern) {
						throw error;
					}

					bad = true;
					break;
				}

				bad = false;
				if (matched) {
					const child = path.posix.join(directory, name);
					if (last) {
						matches.push(child);
					} else {
						bad = walk(child, rest.slice(index + 1), depth + 1);
					}
				}
			}
		}

		if (stat.identity !== undefined) {
			open.delete(stat.identity);
		}

		return bad;
	};

	if (walk('/', globComponents(pattern).slice(1), 0)) {
		throw new FunctionError(`failed to glob pattern ${JSON.stringify(shown)}: syntax error in pattern`);
	}

	return matches;
}

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


/**
Go's filepath.Join for slash-separated paths: the non-empty elements joined and cleaned; empty when all are empty.
*/
function joinPath(...elements: string[]): string {
	const given = elements.filter(element => element !== '');
	return given.length === 0 ? '' : cleanPath(given.join('/'));
}

/**
Where doublestar v4's SplitPattern cuts a glob: the directory before the first metacharacter (unescaped) and the pattern below it.
*/
function splitPattern(pattern: string): {base: string; rest: string} {
	let split = -1;
	for (let index = 0; index < pattern.length; index++) {
		const character = pattern[index]!;
		if (character === '\\') {
			index++;
		} else if (character === '/') {
			split = index;
		} else if ('*?[{'.includes(character)) {
			break;
		}
	}

	if (split === 0) {
		return {base: '/', rest: pattern.slice(1)};
	}

	return split > 0 ? {base: pattern.slice(0, split).replaceAll(/\\(.)/g, '$1'), rest: pattern.slice(split + 1)} : {base: '.', rest: pattern};
}

/**
`fileset`: Terraform's walks the joined glob as doublestar v1.1.5 does (globPaths); OpenTofu's calls doublestar v4's FilepathGlob (opentofu internal/lang/funcs/filesystem.go), which checks the whole pattern first (a malformed one is an error whatever the files), cuts it at the last directory before a metacharacter (SplitPattern) and matches the rest against the paths below that directory, where `{a,b/c}` may span directories and `[!a]` is a negation.
*/
function makeFileset(dialect: 'terraform' | 'opentofu'): FunctionSpec {
	return defineFunction({
		name: 'fileset',
		description: 'Enumerates a set of regular file names given a path and pattern.',
		parameters: [{name: 'path', type: stringType}, {name: 'pattern', type: stringType}],
		returnType: staticReturnType(setType(stringType)),
		impl([basePath, patternValue], _, context) {
			const filesystem = filesystemOf(context);
			const givenPath = stringOf(basePath!);
			// Terraform (internal/lang/funcs/filesystem.go, MakeFileSetFunc) and OpenTofu alike join the path to the pattern (filepath.Join, which cleans `./` and `..`) and glob the whole: the path's own metacharacters are glob syntax too (`fileset("d[1]", "*")` lists d1/), then each match is made relative to the path again (`../d1/x`). Relative paths are relative to the directory Terraform runs in (no `~` expansion); messages show the pattern as Terraform joined it.
			const shown = joinPath(givenPath, stringOf(patternValue!));
			const root = path.resolve(context.baseDirectory, givenPath);
			const absolute = (relative: string): string => (path.posix.isAbsolute(relative) ? relative : joinPath(path.resolve(context.baseDirectory), relative));
			let matches: string[];
			if (dialect === 'terraform') {
				matches = globPaths(filesystem, absolute(shown), shown);
			} else {
				const {base, rest} = splitPattern(shown);
				const expression = globToRegExp(rest);
				if (!expression) {
					throw new FunctionError(`failed to glob pattern ${JSON.stringify(shown)}: syntax error in pattern`);
				}

				const directory = absolute(base);
				matches = filesystem.stat(directory)?.kind === 'directory'
					? listFilesRecursively(filesystem, directory).filter(relative => expression.test(relative)).map(relative => joinPath(directory, relative))
					: [];
			}

			const files = matches.filter(match => filesystem.stat(match)?.kind === 'file');
			return makeSet(stringType, files.map(match => stringValue(path.posix.relative(root, match))));
		},
	});
}

export const fileset = makeFileset('terraform');
export const openTofuFileset = makeFileset('opentofu');

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
