import type {ModuleNode} from '../config/module-tree.js';
import type {InstanceTree} from '../expand/instance-tree.js';
import type {Range} from '../hcl/position.js';
import type {Span} from '../hcl/nodes.js';
import type {Graph} from './cytoscape.js';
import type {ReferenceChain} from '../lang/references.js';

/*
What build steps share, apart from build.ts so that the steps and the build do not import each other.
*/

/**
What the graph is built from: the parts of a Workspace it reads.
*/
export type GraphInput = {
	readonly moduleTree: ModuleNode;
	readonly instances?: InstanceTree;
	/** File texts, so edges can quote the expressions that make them. */
	readonly sources?: ReadonlyMap<string, string>;
};

export type BuildContext = {
	readonly graph: Graph;
	readonly input: GraphInput;
	/** The source text of a traversal (falls back to a rebuilt spelling when the file text is missing). */
	readonly textOf: (traversal: ReferenceChain, span?: Span) => string;
	readonly sourceOf: (range: Range) => string | undefined;
};

/**
One step of the build, after Terraform's graph transformers: each adds nodes or edges to the graph.
*/
export type GraphStep = (context: BuildContext) => void;

/**
`prefix.name`, or `name` at the root (`prefix` `''`).
*/
export function join(prefix: string, name: string): string {
	return prefix === '' ? name : `${prefix}.${name}`;
}

/**
The node-id prefix of a module: `module.a.module.b`, `''` for the root.
*/
export function modulePrefix(node: ModuleNode): string {
	let prefix = prefixes.get(node);
	if (prefix === undefined) {
		prefix = node.path.map(name => `module.${name}`).join('.');
		prefixes.set(node, prefix);
	}

	return prefix;
}

const prefixes = new WeakMap<ModuleNode, string>();
