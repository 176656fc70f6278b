import {analysisSlot} from '../hcl/nodes.js';

/*
What is worked out once about a syntax node and kept for the life of its tree (nodes never change after parsing): a node's reference traversals (references.ts), the evaluator's per-node constants and analyses (eval/evaluate.ts, eval/invariant.ts), a body's evaluation plan (expand/dynamic-blocks.ts). Kept in the node's own analysis slot (hcl/nodes.ts analysisSlot), not in WeakMaps keyed by node: a field read costs less than a WeakMap lookup, which the evaluator makes at every evaluation of a node (once per instance), and weak tables of hundreds of thousands of entries make every full garbage collection longer. Nodes not made by the native parser (JSON syntax, nodes built by hand) have no slot: theirs is kept in a WeakMap.

Most nodes keep one thing (at 4x: 108,000 nodes analysed, 79,000 of them keep one), so the slot holds that thing bare, and a record (NodeAnalysis) only once a node keeps two: a record per node was 7.8 MB of the heap kept after evaluating 4x. What the slot holds:
- undefined: nothing yet;
- an array: the node's traversals alone (no node's own analysis is an array);
- a NodeAnalysis: several things, or anything asked for through analysisOf;
- anything else: the node's own analysis alone.
*/

/**
The analyses of one node that keeps more than one; each field is set by its owner when first asked. A class, so every record has one shape.
*/
export class NodeAnalysis {
	/**
	What the node's kind keeps (kinds never overlap, so one field): a chain node's static traversal (references.ts `traversalOf`, null when it has none), a constant of a literal, text template or object constructor (eval/evaluate.ts: a number literal's or a text template's evaluation, an object constructor's static keys), a body's evaluation plan (expand/dynamic-blocks.ts, as `plan`).
	*/
	own: unknown = undefined;
	/**
	references.ts: the traversals of the node's references (`traversalsOf`).
	*/
	traversals: unknown = undefined;
	/**
	references.ts: the node's parsed references (`referencesOf`).
	*/
	references: unknown = undefined;
	/**
	eval/invariant.ts: the node's instance-invariant points.
	*/
	invariant: unknown = undefined;

	/**
	expand/dynamic-blocks.ts: a body's evaluation plan, a body's own analysis.
	*/
	get plan(): unknown {
		return this.own;
	}

	set plan(plan: unknown) {
		this.own = plan;
	}
}

const unslotted = new WeakMap<object, unknown>();

type Slotted = {[analysisSlot]?: unknown};

function held(node: object): unknown {
	const found = (node as Slotted)[analysisSlot];
	return found === undefined && !(analysisSlot in node) ? unslotted.get(node) : found;
}

function hold(node: object, contents: unknown): void {
	if (analysisSlot in node) {
		(node as Slotted)[analysisSlot] = contents;
	} else {
		unslotted.set(node, contents);
	}
}

/**
The analysis record of a node, made on first use (from what the node keeps bare, if anything).
*/
export function analysisOf(node: object): NodeAnalysis {
	const found = held(node);
	if (found instanceof NodeAnalysis) {
		return found;
	}

	const analysis = new NodeAnalysis();
	if (Array.isArray(found)) {
		analysis.traversals = found;
	} else if (found !== undefined) {
		analysis.own = found;
	}

	hold(node, analysis);
	return analysis;
}

/**
The node's own analysis (see NodeAnalysis.own), undefined when not yet worked out.
*/
export function ownAnalysis(node: object): unknown {
	const found = held(node);
	if (found instanceof NodeAnalysis) {
		return found.own;
	}

	return Array.isArray(found) ? undefined : found;
}

/**
Keeps the node's own analysis: never an array or undefined (see above).
*/
export function keepOwnAnalysis(node: object, own: unknown): void {
	const found = held(node);
	if (found === undefined || (!(found instanceof NodeAnalysis) && !Array.isArray(found))) {
		hold(node, own);
	} else {
		analysisOf(node).own = own;
	}
}

/**
The traversals of the node's references (references.ts), undefined when not yet worked out.
*/
export function traversalsAnalysis(node: object): unknown {
	const found = held(node);
	if (found instanceof NodeAnalysis) {
		return found.traversals;
	}

	return Array.isArray(found) ? found : undefined;
}

/**
Keeps the traversals of the node's references: an array.
*/
export function keepTraversalsAnalysis(node: object, traversals: readonly unknown[]): void {
	const found = held(node);
	if (found === undefined || Array.isArray(found)) {
		hold(node, traversals);
	} else {
		analysisOf(node).traversals = traversals;
	}
}
