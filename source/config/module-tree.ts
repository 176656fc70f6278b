import type {Module, ModuleCall} from './module.js';

/*
The static module tree (Terraform's configs.Config): one node per module call, before expansion. A node may expand into zero or more module instances (expand/instance-tree.ts).
*/

export type ModuleSource =
	| {readonly kind: 'root'; readonly directory: string}
	| {readonly kind: 'local'; readonly directory: string}
	/**
	A registry or remote source found installed under `.terraform/modules` (modules.json).
	*/
	| {readonly kind: 'installed'; readonly directory: string; readonly source: string}
	/**
	Not loadable (not installed, missing directory, cycle): the node has an empty module.
	*/
	| {readonly kind: 'unresolved'; readonly source: string; readonly reason: string};

export type ModuleNode = {
	/**
	Call names from the root: `[]` for the root, `['net', 'subnet']` for `module.net.module.subnet`.
	*/
	readonly path: readonly string[];
	readonly module: Module;
	readonly source: ModuleSource;
	/**
	The call in the parent module; absent for the root.
	*/
	readonly call?: ModuleCall;
	readonly children: ReadonlyMap<string, ModuleNode>;
};

/**
`module.net.module.subnet` for `['net', 'subnet']`, `root` for the root.
*/
export function formatModulePath(path: readonly string[]): string {
	return path.length === 0 ? 'root' : path.map(name => `module.${name}`).join('.');
}

/**
Every node of the tree, depth first, parents before children, children in call order.
*/
export function* walkModuleTree(node: ModuleNode): Generator<ModuleNode> {
	yield node;
	for (const child of node.children.values()) {
		yield * walkModuleTree(child);
	}
}

export function findModuleNode(root: ModuleNode, path: readonly string[]): ModuleNode | undefined {
	let node: ModuleNode | undefined = root;
	for (const name of path) {
		node = node.children.get(name);
		if (!node) {
			return undefined;
		}
	}

	return node;
}
