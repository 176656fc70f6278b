import type {Expression, TemplatePart} from './ast.js';

/*
How deep an expression's syntax tree is, counted without recursion. The parser's nesting limit counts brackets, templates and blocks as it reads them; chains that are not brackets (`1 + 1 + ...`, `a.b.c...`, `x[0][0]...`) build trees just as deep, one level a step, and every walker of the tree (references, evaluation, printing) recurses on it. The parser checks each outermost expression here, so no tree reaches a walker deeper than `maximumSyntaxDepth`.
*/

/**
The deepest syntax tree of one expression: 1,024 levels, counting every node (operators, attribute and index steps, splats, calls, brackets, template parts). Far beyond hand-written or generated configurations (a `&&` chain of 100 conditions is 100 levels), and far below what the recursive walkers can take on Node's default stack.
*/
export const maximumSyntaxDepth = 1024;

type Node = Expression | TemplatePart;

function pushParts(stack: Array<[Node, number]>, parts: readonly TemplatePart[], depth: number): void {
	for (const part of parts) {
		stack.push([part, depth]);
	}
}

function pushChildren(stack: Array<[Node, number]>, node: Node, depth: number): void {
	const next = depth + 1;
	switch (node.kind) {
		case 'Literal':
		case 'Variable':
		case 'SplatItem':
		case 'Invalid':
		case 'TemplateLiteral': {
			return;
		}

		case 'Template': {
			pushParts(stack, node.parts, next);
			return;
		}

		case 'TemplateInterpolation': {
			stack.push([node.expression, next]);
			return;
		}

		case 'TemplateIf': {
			stack.push([node.condition, next]);
			pushParts(stack, node.then, next);
			pushParts(stack, node.else ?? [], next);
			return;
		}

		case 'TemplateFor': {
			stack.push([node.collection, next]);
			pushParts(stack, node.body, next);
			return;
		}

		case 'GetAttribute': {
			stack.push([node.object, next]);
			return;
		}

		case 'Index': {
			stack.push([node.collection, next], [node.key, next]);
			return;
		}

		case 'Splat': {
			stack.push([node.source, next], [node.each, next]);
			return;
		}

		case 'FunctionCall': {
			for (const argument of node.arguments) {
				stack.push([argument, next]);
			}

			return;
		}

		case 'Conditional': {
			stack.push([node.condition, next], [node.trueResult, next], [node.falseResult, next]);
			return;
		}

		case 'BinaryOp': {
			stack.push([node.left, next], [node.right, next]);
			return;
		}

		case 'UnaryOp': {
			stack.push([node.operand, next]);
			return;
		}

		case 'Tuple': {
			for (const item of node.items) {
				stack.push([item, next]);
			}

			return;
		}

		case 'Object': {
			for (const item of node.items) {
				stack.push([item.key, next], [item.value, next]);
			}

			return;
		}

		case 'Parenthesized': {
			stack.push([node.expression, next]);
			return;
		}

		case 'For': {
			stack.push([node.collection, next], [node.valueExpression, next]);
			if (node.keyExpression) {
				stack.push([node.keyExpression, next]);
			}

			if (node.condition) {
				stack.push([node.condition, next]);
			}
		}
	}
}

/**
The first node found deeper than `limit` levels below `expression` (which is level 1), or undefined when the whole tree is within it.
*/
export function nodeBeyondDepth(expression: Expression, limit = maximumSyntaxDepth): Node | undefined {
	const stack: Array<[Node, number]> = [[expression, 1]];
	for (;;) {
		const top = stack.pop();
		if (!top) {
			return undefined;
		}

		const [node, depth] = top;
		if (depth > limit) {
			return node;
		}

		pushChildren(stack, node, depth);
	}
}
