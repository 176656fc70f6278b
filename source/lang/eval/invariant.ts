import type {Expression, TemplatePart} from '../../hcl/ast.js';
import type {Diagnostic} from '../../hcl/diagnostics.js';
import type {Value} from '../values.js';
import {type Traversal, readsAnyOf} from '../references.js';
import {analysisOf} from '../node-analysis.js';

/*
The parts of an expression that are the same in every instance of a repeated block, so that evaluating them once per block serves every instance (expand/dynamic-blocks.ts passes an InvariantCache for the arguments that read `count`, `each` or `self`: `user_data = <<-EOT ... ${count.index} ... %{for zone in var.zones}...%{endfor} EOT` renders its `for` once per block, not once per instance).

A point is a largest sub-expression (or template directive) that reads none of the instance names, evaluated in the expression's own scope (not inside a `for` or a splat's element), of a kind worth keeping (a call, a `for`, a template, a constructor, an operator; not a reference or a literal, which cost less to evaluate than to look up). A kept evaluation is reused only when it is certainly what evaluating again would give: it had no diagnostics, it built nothing the evaluation budget counts (so skipping it spends nothing the evaluation would have), the budget is not spent, and every reference of the whole expression other than the instance names resolved, this time, to the same values (identical objects, or equal unmarked strings) as when it was kept. Evaluation is a function of the expression, the values its references resolve to and the scope's functions (the same for every instance of a block), so the value and the diagnostics (none) are the same.
*/

/**
What evaluate keeps per block: evaluations of points by node. `instanceNames`: the root names that differ between instances (`count`, `each`, `self`).
*/
export type InvariantCache = {
	readonly instanceNames: ReadonlySet<string>;
	readonly entries: Map<object, InvariantEntry>;
};

export type InvariantEntry = {
	readonly value: Value;
	/**
	The resolutions of the whole expression's references when the value was kept, by position in its traversals.
	*/
	readonly resolved: ReadonlyArray<Resolution | undefined>;
};

/**
What resolving a reference before evaluating gave (eval/evaluate.ts): the subject's value when it resolved without diagnostics (the common case: no record, and the steps it consumed are the reference's parse's, the same every time), else a ReferenceProblem.
*/
export type Resolution = Value | ReferenceProblem;

/**
A reference that resolved with diagnostics: its value, if any, the steps its subject consumed, and the diagnostics.
*/
export class ReferenceProblem {
	readonly value: Value | undefined;
	readonly consumed: number;
	readonly diagnostics: readonly Diagnostic[];

	constructor(value: Value | undefined, consumed: number, diagnostics: readonly Diagnostic[]) {
		this.value = value;
		this.consumed = consumed;
		this.diagnostics = diagnostics;
	}
}

/**
The points of one expression, and which of its traversals (in `traversalsOf` order) start at an instance name.
*/
export type InvariantPoints = {
	readonly points: ReadonlySet<object>;
	readonly instancePositions: readonly boolean[];
};

type KeptPoints = {readonly names: ReadonlySet<string>; readonly points: InvariantPoints | undefined};

/**
The points of `expression` for these instance names (kept in the node's analysis, node-analysis.ts); undefined when it has none.
*/
export function invariantPoints(expression: Expression, names: ReadonlySet<string>, traversals: readonly Traversal[]): InvariantPoints | undefined {
	const analysis = analysisOf(expression);
	const known = analysis.invariant as KeptPoints | undefined;
	if (known?.names === names) {
		return known.points;
	}

	const found = new Set<object>();
	collect(expression, {names, found, mentioned: new Map()});
	const points = found.size === 0 ? undefined : {points: found, instancePositions: traversals.map(traversal => names.has(traversal.root))};
	analysis.invariant = {names, points} satisfies KeptPoints;
	return points;
}

/**
Adds the largest invariant parts of `node` worth keeping, looking only where the expression's own scope applies (not into `for` bodies or splat elements).
*/
type Analysis = {
	readonly names: ReadonlySet<string>;
	readonly found: Set<object>;
	/** Whether each node looked at (outside `for` bodies) reads an instance name. */
	readonly mentioned: Map<object, boolean>;
};

function collect(node: Expression, analysis: Analysis): void {
	if (!mentionedAt(node, analysis)) {
		if (worthKeeping(node)) {
			analysis.found.add(node);
		}

		return;
	}

	switch (node.kind) {
		case 'Template': {
			collectParts(node.parts, analysis);
			break;
		}

		case 'FunctionCall': {
			for (const argument of node.arguments) {
				collect(argument, analysis);
			}

			break;
		}

		case 'Conditional': {
			collect(node.condition, analysis);
			collect(node.trueResult, analysis);
			collect(node.falseResult, analysis);
			break;
		}

		case 'BinaryOp': {
			collect(node.left, analysis);
			collect(node.right, analysis);
			break;
		}

		case 'UnaryOp': {
			collect(node.operand, analysis);
			break;
		}

		case 'Tuple': {
			for (const item of node.items) {
				collect(item, analysis);
			}

			break;
		}

		case 'Object': {
			for (const item of node.items) {
				if (item.key.kind !== 'Variable') {
					collect(item.key, analysis);
				}

				collect(item.value, analysis);
			}

			break;
		}

		case 'Parenthesized': {
			collect(node.expression, analysis);
			break;
		}

		case 'For': {
			collect(node.collection, analysis);
			break;
		}

		case 'Splat': {
			collect(node.source, analysis);
			break;
		}

		case 'GetAttribute': {
			collect(node.object, analysis);
			break;
		}

		case 'Index': {
			collect(node.collection, analysis);
			collect(node.key, analysis);
			break;
		}

		default: {
			break;
		}
	}
}

function collectParts(parts: readonly TemplatePart[], analysis: Analysis): void {
	for (const part of parts) {
		switch (part.kind) {
			case 'TemplateInterpolation': {
				collect(part.expression, analysis);
				break;
			}

			case 'TemplateIf': {
				if (mentionedAt(part, analysis)) {
					collect(part.condition, analysis);
					collectParts(part.then, analysis);
					collectParts(part.else ?? [], analysis);
				} else {
					analysis.found.add(part);
				}

				break;
			}

			case 'TemplateFor': {
				if (mentionedAt(part, analysis)) {
					collect(part.collection, analysis);
				} else {
					analysis.found.add(part);
				}

				break;
			}

			case 'TemplateLiteral': {
				break;
			}
		}
	}
}

function worthKeeping(node: Expression): boolean {
	switch (node.kind) {
		case 'FunctionCall':
		case 'For':
		case 'Object':
		case 'Tuple':
		case 'Conditional':
		case 'BinaryOp':
		case 'UnaryOp':
		case 'Splat': {
			return true;
		}

		case 'Template': {
			// Text alone is kept per node by the evaluator already.
			return node.parts.some(part => part.kind !== 'TemplateLiteral');
		}

		case 'Parenthesized': {
			return worthKeeping(node.expression);
		}

		default: {
			return false;
		}
	}
}

/**
Whether a node or directive of the expression's own scope reads an instance name. `collect` asks again for every part below a node that does: the answers are kept for the analysis.
*/
function mentionedAt(node: Expression | TemplatePart, analysis: Analysis): boolean {
	let known = analysis.mentioned.get(node);
	if (known === undefined) {
		known = readsAnyOf(node, analysis.names);
		analysis.mentioned.set(node, known);
	}

	return known;
}

/**
Whether a kept entry's resolutions are those at hand: same values (identical, or equal unmarked strings, which `path.*` makes anew at each resolution), for every reference but those of instance names, all without diagnostics (a kept entry has none: see cleanResolutions). A clean resolution's steps consumed are its reference's, the same at the same position.
*/
export function sameResolutions(kept: InvariantEntry['resolved'], current: InvariantEntry['resolved'], instancePositions: readonly boolean[]): boolean {
	if (kept.length !== current.length) {
		return false;
	}

	for (let position = 0; position < current.length; position++) {
		if (instancePositions[position]) {
			continue;
		}

		const a = kept[position];
		const b = current[position];
		if (a === undefined || b === undefined || b instanceof ReferenceProblem || !sameValue(a as Value, b)) {
			return false;
		}
	}

	return true;
}

/**
Whether every reference but those of instance names resolved without diagnostics (a condition for keeping an evaluation).
*/
export function cleanResolutions(current: InvariantEntry['resolved'], instancePositions: readonly boolean[]): boolean {
	for (let position = 0; position < current.length; position++) {
		if (instancePositions[position]) {
			continue;
		}

		const resolution = current[position];
		if (resolution === undefined || resolution instanceof ReferenceProblem) {
			return false;
		}
	}

	return true;
}

function sameValue(a: Value | undefined, b: Value | undefined): boolean {
	if (a === b) {
		return a !== undefined;
	}

	return a !== undefined && b !== undefined && a.kind === 'string' && b.kind === 'string' && a.value === b.value && !a.marks && !b.marks;
}
