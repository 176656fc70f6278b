import type {
	Body, Expression, TemplatePart,
} from '../hcl/ast.js';
import type {Range} from '../hcl/position.js';

/*
The traversals an expression makes (`aws_vpc.main.id`, `aws_eip.ip[count.index]`, `module.net["eu"].ids`), found statically from the syntax tree: what the graph needs to connect blocks, with the range of each and the index expressions kept so an instance can resolve them in its own scope.
*/

export type TraversalStep =
	| {readonly kind: 'attribute'; readonly name: string}
	| {readonly kind: 'index'; readonly key: Expression}
	/** A splat: the steps after it apply to every element, so they do not address one instance. */
	| {readonly kind: 'splat'};

export type Traversal = {
	readonly root: string;
	readonly steps: readonly TraversalStep[];
	readonly range: Range;
};

/**
Calls `visit` for each traversal in the expression whose root is not a local name (`for` variables, `dynamic` iterators, ...) in `bound`.
*/
export function walkTraversals(expression: Expression, visit: (traversal: Traversal) => void, bound: ReadonlySet<string> = noNames): void {
	walk(expression, bound, visit);
}

const noNames: ReadonlySet<string> = new Set();

type Visit = (traversal: Traversal) => void;

// Plain functions rather than closures: this runs for every expression of large configurations, and tsx wraps each closure it creates in a naming helper.
function walk(node: Expression, names: ReadonlySet<string>, visit: Visit): void {
	switch (node.kind) {
		case 'Variable':
		case 'GetAttribute':
		case 'Index':
		case 'Splat': {
			chain(node, names, visit);
			break;
		}

		case 'Template': {
			walkParts(node.parts, names, visit);
			break;
		}

		case 'FunctionCall': {
			for (const argument of node.arguments) {
				walk(argument, names, visit);
			}

			break;
		}

		case 'Conditional': {
			walk(node.condition, names, visit);
			walk(node.trueResult, names, visit);
			walk(node.falseResult, names, visit);
			break;
		}

		case 'BinaryOp': {
			walk(node.left, names, visit);
			walk(node.right, names, visit);
			break;
		}

		case 'UnaryOp': {
			walk(node.operand, names, visit);
			break;
		}

		case 'Tuple': {
			for (const item of node.items) {
				walk(item, names, visit);
			}

			break;
		}

		case 'Object': {
			for (const item of node.items) {
				// A bare identifier key is a string, not a reference.
				if (item.key.kind !== 'Variable') {
					walk(item.key, names, visit);
				}

				walk(item.value, names, visit);
			}

			break;
		}

		case 'Parenthesized': {
			walk(node.expression, names, visit);
			break;
		}

		case 'For': {
			walk(node.collection, names, visit);
			const inner = bind(names, node.keyVariable, node.valueVariable);
			if (node.keyExpression) {
				walk(node.keyExpression, inner, visit);
			}

			walk(node.valueExpression, inner, visit);
			if (node.condition) {
				walk(node.condition, inner, visit);
			}

			break;
		}

		case 'Literal':
		case 'SplatItem':
		case 'Invalid': {
			break;
		}
	}
}

function walkParts(parts: readonly TemplatePart[], names: ReadonlySet<string>, visit: Visit): void {
	for (const part of parts) {
		switch (part.kind) {
			case 'TemplateInterpolation': {
				walk(part.expression, names, visit);
				break;
			}

			case 'TemplateIf': {
				walk(part.condition, names, visit);
				walkParts(part.then, names, visit);
				walkParts(part.else ?? [], names, visit);
				break;
			}

			case 'TemplateFor': {
				walk(part.collection, names, visit);
				walkParts(part.body, bind(names, part.keyVariable, part.valueVariable), visit);
				break;
			}

			case 'TemplateLiteral': {
				break;
			}
		}
	}
}

// Follows attribute, index and splat steps down to the root; index keys and splat bodies are walked as expressions of their own.
function chain(outer: Expression, names: ReadonlySet<string>, visit: Visit): void {
	let steps: TraversalStep[] = [];
	let node = outer;
	for (;;) {
		if (node.kind === 'GetAttribute') {
			steps.unshift({kind: 'attribute', name: node.name});
			node = node.object;
		} else if (node.kind === 'Index') {
			walk(node.key, names, visit);
			steps.unshift({kind: 'index', key: node.key});
			node = node.collection;
		} else if (node.kind === 'Splat') {
			walk(node.each, names, visit);
			steps = [{kind: 'splat'}, ...splatAttributes(node.each)];
			node = node.source;
		} else {
			break;
		}
	}

	if (node.kind === 'Variable') {
		if (!names.has(node.name)) {
			visit({root: node.name, steps, range: {filename: node.range.filename, start: node.range.start, end: outer.range.end}});
		}
	} else {
		walk(node, names, visit);
	}
}

/**
The attribute names a splat applies to each element (`id` in `module.x[*].id`), up to the first step that is not an attribute.
*/
function splatAttributes(each: Expression): TraversalStep[] {
	const names: TraversalStep[] = [];
	let node = each;
	while (node.kind === 'GetAttribute' || node.kind === 'Index') {
		if (node.kind === 'GetAttribute') {
			names.unshift({kind: 'attribute', name: node.name});
		} else {
			names.length = 0;
		}

		node = node.kind === 'GetAttribute' ? node.object : node.collection;
	}

	return node.kind === 'SplatItem' ? names : [];
}

function bind(names: ReadonlySet<string>, ...added: Array<string | undefined>): ReadonlySet<string> {
	const result = new Set(names);
	for (const name of added) {
		if (name !== undefined) {
			result.add(name);
		}
	}

	return result;
}

/**
Every traversal in a block body, attributes and nested blocks alike. `skip` names top-level attributes and blocks to leave out (meta-arguments handled by their own step). A `dynamic` block binds its iterator name inside `content`.
*/
export function walkBodyTraversals(body: Body, visit: (traversal: Traversal, attribute: string) => void, skip: ReadonlySet<string> = new Set(), bound: ReadonlySet<string> = new Set()): void {
	for (const item of body.items) {
		if (skip.has(item.kind === 'Attribute' ? item.name : item.type)) {
			continue;
		}

		if (item.kind === 'Attribute') {
			walkTraversals(item.expression, traversal => {
				visit(traversal, item.name);
			}, bound);
			continue;
		}

		if (item.type === 'dynamic') {
			const iterator = item.body.items.find(inner => inner.kind === 'Attribute' && inner.name === 'iterator');
			const name = iterator?.kind === 'Attribute' && iterator.expression.kind === 'Variable' ? iterator.expression.name : item.labels[0];
			walkBodyTraversals(item.body, visit, new Set(['iterator', 'content']), bound);
			for (const content of item.body.items) {
				if (content.kind === 'Block' && content.type === 'content') {
					walkBodyTraversals(content.body, visit, new Set(), bind(bound, name));
				}
			}

			continue;
		}

		if (item.type === 'lifecycle') {
			// replace_triggered_by has its own edge kind; ignore_changes names attributes, not objects.
			walkBodyTraversals(item.body, visit, new Set(['replace_triggered_by', 'ignore_changes']), bound);
			continue;
		}

		walkBodyTraversals(item.body, visit, new Set(), bound);
	}
}

/**
The traversal of a `depends_on` or `replace_triggered_by` item, which must be a plain reference.
*/
export function traversalOf(expression: Expression): Traversal | undefined {
	let found: Traversal | undefined;
	walkTraversals(expression, traversal => {
		found ??= traversal;
	});
	return found;
}
