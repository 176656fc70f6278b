/**
The module calls of a module path, outermost first: `module.a["x"].module.b` → `['module.a["x"]', 'module.b']`. Keys may hold dots and brackets inside their quotes.
*/
export function moduleSegments(path: string): string[] {
	// A name is anything up to the next dot or bracket: an invalid name (`module "{m"`, an error of its own) still has its segment.
	return path.match(/module\.[^.[\]]+(?:\[(?:"(?:[^"\\]|\\.)*"|\d+|\*)\])?/g) ?? [];
}

/**
Every prefix of a module path, outermost first: `module.a.module.b` → `['module.a', 'module.a.module.b']`.
*/
export function modulePrefixes(path: string): string[] {
	const prefixes: string[] = [];
	let current = '';
	for (const segment of moduleSegments(path)) {
		current = current === '' ? segment : `${current}.${segment}`;
		prefixes.push(current);
	}

	return prefixes;
}

/**
The module path of the parent: `module.a.module.b` → `module.a`, `module.a` → `''`.
*/
export function parentModule(path: string): string {
	const prefixes = modulePrefixes(path);
	return prefixes.at(-2) ?? '';
}
