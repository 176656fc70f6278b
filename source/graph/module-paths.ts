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

/**
Nodes grouped by module path, in the order given, with an entry (maybe empty) for the root and for every ancestor of a module that has nodes, so each exporter can nest clusters; a module path the prefixes do not end at (a name with a dot, itself an error) is a group of its own.
*/
export function membersByModule<Node extends {readonly module: string}>(nodes: readonly Node[]): Map<string, Node[]> {
	const members = new Map<string, Node[]>([['', []]]);
	for (const node of nodes) {
		for (const prefix of modulePrefixes(node.module)) {
			if (!members.has(prefix)) {
				members.set(prefix, []);
			}
		}

		let own = members.get(node.module);
		if (!own) {
			own = [];
			members.set(node.module, own);
		}

		own.push(node);
	}

	return members;
}

/**
The child module paths of each module path, in the order given (the exporters give them sorted, so clusters nest in a stable order): every path but the root's under its parent's.
*/
export function childModules(modules: readonly string[]): Map<string, string[]> {
	const children = new Map<string, string[]>();
	for (const module of modules) {
		if (module !== '') {
			const parent = parentModule(module);
			const siblings = children.get(parent);
			if (siblings) {
				siblings.push(module);
			} else {
				children.set(parent, [module]);
			}
		}
	}

	return children;
}
