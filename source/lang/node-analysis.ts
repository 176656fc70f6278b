import {analysisSlot} from '../hcl/nodes.js';

/*
What is worked out once about a syntax node and kept for the life of its tree (nodes never change after parsing): a node's reference traversals (references.ts), the evaluator's per-node constants and analyses (eval/evaluate.ts, eval/invariant.ts), a body's evaluation plan (expand/dynamic-blocks.ts). Kept in the node's own analysis slot (hcl/nodes.ts analysisSlot), not in WeakMaps keyed by node: a field read costs less than a WeakMap lookup, which the evaluator makes at every evaluation of a node (once per instance), and weak tables of hundreds of thousands of entries make every full garbage collection longer. Nodes not made by the native parser (JSON syntax, nodes built by hand) have no slot: theirs is kept in a WeakMap.
*/

/**
The analyses of one node; each field is set by its owner when first asked. A class, so every record has one shape.
*/
export class NodeAnalysis {
	/**
	references.ts: the node's static traversal (`traversalOf`), null when it has none.
	*/
	traversal: unknown = undefined;
	/**
	references.ts: the traversals of the node's references (`traversalsOf`).
	*/
	traversals: unknown = undefined;
	/**
	references.ts: the node's parsed references (`referencesOf`).
	*/
	references: unknown = undefined;
	/**
	eval/evaluate.ts: a constant of the node's kind (a number literal's or a text template's evaluation, an object constructor's static keys).
	*/
	evaluation: unknown = undefined;
	/**
	eval/invariant.ts: the node's instance-invariant points.
	*/
	invariant: unknown = undefined;
	/**
	expand/dynamic-blocks.ts: a body's evaluation plan.
	*/
	plan: unknown = undefined;
}

const unslotted = new WeakMap<object, NodeAnalysis>();

type Slotted = {[analysisSlot]?: NodeAnalysis};

/**
The analysis record of a node, made on first use.
*/
export function analysisOf(node: object): NodeAnalysis {
	const found = (node as Slotted)[analysisSlot];
	if (found !== undefined) {
		return found;
	}

	return newAnalysis(node);
}

function newAnalysis(node: object): NodeAnalysis {
	const analysis = new NodeAnalysis();
	if (analysisSlot in node) {
		(node as Slotted)[analysisSlot] = analysis;
		return analysis;
	}

	const kept = unslotted.get(node);
	if (kept !== undefined) {
		return kept;
	}

	unslotted.set(node, analysis);
	return analysis;
}
