import type {Expression, TemplatePart} from '../../hcl/ast.js';
import type {Value} from '../values.js';
import type {Traversal} from '../references.js';

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
	readonly resolved: ReadonlyArray<{readonly value: Value | undefined; readonly consumed: number; readonly diagnostics: readonly unknown[]} | undefined>;
};

/**
The points of one expression, and which of its traversals (in `traversalsOf` order) start at an instance name.
*/
export type InvariantPoints = {
	readonly points: ReadonlySet<object>;
	readonly instancePositions: readonly boolean[];
};

const analyses = new WeakMap<Expression, {readonly names: ReadonlySet<string>; readonly points: InvariantPoints | undefined}>();

/**
The points of `expression` for these instance names (kept per expression); undefined when it has none.
*/
export function invariantPoints(expression: Expression, names: ReadonlySet<string>, traversals: readonly Traversal[]): InvariantPoints | undefined {
	const known = analyses.get(expression);
	if (known?.names === names) {
		return known.points;
	}

	const found = new Set<object>();
	collect(expression, names, found);
	const points = found.size === 0 ? undefined : {points: found, instancePositions: traversals.map(traversal => names.has(traversal.root))};
	analyses.set(expression, {names, points});
	return points;
}

/**
Adds the largest invariant parts of `node` worth keeping, looking only where the expression's own scope applies (not into `for` bodies or splat elements).
*/
function collect(node: Expression, names: ReadonlySet<string>, found: Set<object>): void {
	if (!mentions(node, names, noNames)) {
		if (worthKeeping(node)) {
			found.add(node);
		}

		return;
	}

	switch (node.kind) {
		case 'Template': {
			collectParts(node.parts, names, found);
			break;
		}

		case 'FunctionCall': {
			for (const argument of node.arguments) {
				collect(argument, names, found);
			}

			break;
		}

		case 'Conditional': {
			collect(node.condition, names, found);
			collect(node.trueResult, names, found);
			collect(node.falseResult, names, found);
			break;
		}

		case 'BinaryOp': {
			collect(node.left, names, found);
			collect(node.right, names, found);
			break;
		}

		case 'UnaryOp': {
			collect(node.operand, names, found);
			break;
		}

		case 'Tuple': {
			for (const item of node.items) {
				collect(item, names, found);
			}

			break;
		}

		case 'Object': {
			for (const item of node.items) {
				if (item.key.kind !== 'Variable') {
					collect(item.key, names, found);
				}

				collect(item.value, names, found);
			}

			break;
		}

		case 'Parenthesized': {
			collect(node.expression, names, found);
			break;
		}

		case 'For': {
			collect(node.collection, names, found);
			break;
		}

		case 'Splat': {
			collect(node.source, names, found);
			break;
		}

		case 'GetAttribute': {
			collect(node.object, names, found);
			break;
		}

		case 'Index': {
			collect(node.collection, names, found);
			collect(node.key, names, found);
			break;
		}

		default: {
			break;
		}
	}
}

function collectParts(parts: readonly TemplatePart[], names: ReadonlySet<string>, found: Set<object>): void {
	for (const part of parts) {
		switch (part.kind) {
			case 'TemplateInterpolation': {
				collect(part.expression, names, found);
				break;
			}

			case 'TemplateIf': {
				if (partMentions(part, names, noNames)) {
					collect(part.condition, names, found);
					collectParts(part.then, names, found);
					collectParts(part.else ?? [], names, found);
				} else {
					found.add(part);
				}

				break;
			}

			case 'TemplateFor': {
				if (partMentions(part, names, noNames)) {
					collect(part.collection, names, found);
				} else {
					found.add(part);
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

const noNames: ReadonlySet<string> = new Set();

/**
Whether `node` reads one of `names` where no `for` inside it binds the name (`bound`: the names bound around it).
*/
function mentions(node: Expression, names: ReadonlySet<string>, bound: ReadonlySet<string>): boolean {
	switch (node.kind) {
		case 'Variable': {
			return names.has(node.name) && !bound.has(node.name);
		}

		case 'Template': {
			return partsMention(node.parts, names, bound);
		}

		case 'GetAttribute': {
			return mentions(node.object, names, bound);
		}

		case 'Index': {
			return mentions(node.collection, names, bound) || mentions(node.key, names, bound);
		}

		case 'Splat': {
			return mentions(node.source, names, bound) || mentions(node.each, names, bound);
		}

		case 'FunctionCall': {
			return node.arguments.some(argument => mentions(argument, names, bound));
		}

		case 'Conditional': {
			return mentions(node.condition, names, bound) || mentions(node.trueResult, names, bound) || mentions(node.falseResult, names, bound);
		}

		case 'BinaryOp': {
			return mentions(node.left, names, bound) || mentions(node.right, names, bound);
		}

		case 'UnaryOp': {
			return mentions(node.operand, names, bound);
		}

		case 'Tuple': {
			return node.items.some(item => mentions(item, names, bound));
		}

		case 'Object': {
			// A bare identifier key is a string, not a reference.
			return node.items.some(item => (item.key.kind !== 'Variable' && mentions(item.key, names, bound)) || mentions(item.value, names, bound));
		}

		case 'Parenthesized': {
			return mentions(node.expression, names, bound);
		}

		case 'For': {
			if (mentions(node.collection, names, bound)) {
				return true;
			}

			const inner = withNames(bound, node.keyVariable, node.valueVariable);
			return (node.keyExpression !== undefined && mentions(node.keyExpression, names, inner)) || mentions(node.valueExpression, names, inner) || (node.condition !== undefined && mentions(node.condition, names, inner));
		}

		case 'Literal':
		case 'SplatItem':
		case 'Invalid': {
			return false;
		}
	}
}

function partsMention(parts: readonly TemplatePart[], names: ReadonlySet<string>, bound: ReadonlySet<string>): boolean {
	return parts.some(part => partMentions(part, names, bound));
}

function partMentions(part: TemplatePart, names: ReadonlySet<string>, bound: ReadonlySet<string>): boolean {
	switch (part.kind) {
		case 'TemplateLiteral': {
			return false;
		}

		case 'TemplateInterpolation': {
			return mentions(part.expression, names, bound);
		}

		case 'TemplateIf': {
			return mentions(part.condition, names, bound) || partsMention(part.then, names, bound) || partsMention(part.else ?? [], names, bound);
		}

		case 'TemplateFor': {
			return mentions(part.collection, names, bound) || partsMention(part.body, names, withNames(bound, part.keyVariable, part.valueVariable));
		}
	}
}

function withNames(bound: ReadonlySet<string>, ...added: Array<string | undefined>): ReadonlySet<string> {
	const result = new Set(bound);
	for (const name of added) {
		if (name !== undefined) {
			result.add(name);
		}
	}

	return result;
}

/**
Whether a kept entry's resolutions are those at hand: same values (identical, or equal unmarked strings, which `path.*` makes anew at each resolution) and steps consumed, for every reference but those of instance names, all without diagnostics.
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
		if (a === undefined || b === undefined || b.diagnostics.length > 0 || a.consumed !== b.consumed || !sameValue(a.value, b.value)) {
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
		if (resolution === undefined || resolution.value === undefined || resolution.diagnostics.length > 0) {
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
