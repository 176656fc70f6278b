import type {
	Body, Expression, TemplatePart,
} from './ast.js';

/*
A compact S-expression form of the tree, for tests and `tfscope parse`: `(+ 1 (* 2 3))`, `(. var name)`, `(call f x...)`. One line per expression; bodies print one item a line.
*/

function quote(value: string): string {
	return JSON.stringify(value);
}

function printParts(parts: readonly TemplatePart[]): string {
	return parts.map(part => printPart(part)).join(' ');
}

function printPart(part: TemplatePart): string {
	switch (part.kind) {
		case 'TemplateLiteral': {
			return quote(part.value);
		}

		case 'TemplateInterpolation': {
			return `(\${} ${printExpression(part.expression)})`;
		}

		case 'TemplateIf': {
			const otherwise = part.else ? ` (else ${printParts(part.else)})` : '';
			return `(%if ${printExpression(part.condition)} (then ${printParts(part.then)})${otherwise})`;
		}

		case 'TemplateFor': {
			const names = part.keyVariable === undefined ? part.valueVariable : `${part.keyVariable} ${part.valueVariable}`;
			return `(%for ${names} ${printExpression(part.collection)} ${printParts(part.body)})`;
		}
	}
}

export function printExpression(expression: Expression): string {
	switch (expression.kind) {
		case 'Literal': {
			const {value} = expression;
			if (value.type === 'number') {
				return value.text;
			}

			return value.type === 'bool' ? String(value.value) : 'null';
		}

		case 'Template': {
			const head = expression.heredoc ? `heredoc${expression.heredoc.flush ? '-' : ''} ${expression.heredoc.marker}` : 'template';
			if (!expression.heredoc && expression.parts.length === 1 && expression.parts[0]!.kind === 'TemplateLiteral') {
				return quote(expression.parts[0]!.value);
			}

			return expression.parts.length === 0 ? `(${head})` : `(${head} ${printParts(expression.parts)})`;
		}

		case 'Variable': {
			return expression.name;
		}

		case 'GetAttribute': {
			return `(. ${printExpression(expression.object)} ${expression.name})`;
		}

		case 'Index': {
			return `(${expression.legacy ? 'index.' : 'index'} ${printExpression(expression.collection)} ${printExpression(expression.key)})`;
		}

		case 'Splat': {
			return `(${expression.full ? 'splat' : 'splat.'} ${printExpression(expression.source)} ${printExpression(expression.each)})`;
		}

		case 'SplatItem': {
			return '*';
		}

		case 'FunctionCall': {
			const arguments_ = expression.arguments.map(argument => printExpression(argument));
			if (expression.expandFinal && arguments_.length > 0) {
				arguments_[arguments_.length - 1] += '...';
			}

			return arguments_.length === 0 ? `(call ${expression.name})` : `(call ${expression.name} ${arguments_.join(' ')})`;
		}

		case 'Conditional': {
			return `(? ${printExpression(expression.condition)} ${printExpression(expression.trueResult)} ${printExpression(expression.falseResult)})`;
		}

		case 'BinaryOp': {
			return `(${expression.operator} ${printExpression(expression.left)} ${printExpression(expression.right)})`;
		}

		case 'UnaryOp': {
			return `(${expression.operator} ${printExpression(expression.operand)})`;
		}

		case 'Tuple': {
			return `[${expression.items.map(item => printExpression(item)).join(' ')}]`;
		}

		case 'Object': {
			const items = expression.items.map(item => `(${printExpression(item.key)} ${printExpression(item.value)})`);
			return items.length === 0 ? '{}' : `{${items.join(' ')}}`;
		}

		case 'Parenthesized': {
			return `(paren ${printExpression(expression.expression)})`;
		}

		case 'For': {
			const names = expression.keyVariable === undefined ? expression.valueVariable : `${expression.keyVariable} ${expression.valueVariable}`;
			const key = expression.keyExpression ? `${printExpression(expression.keyExpression)} => ` : '';
			const grouping = expression.grouping ? '...' : '';
			const condition = expression.condition ? ` (if ${printExpression(expression.condition)})` : '';
			const head = expression.keyExpression ? 'for{}' : 'for[]';
			return `(${head} ${names} ${printExpression(expression.collection)} ${key}${printExpression(expression.valueExpression)}${grouping}${condition})`;
		}

		case 'Invalid': {
			return '<invalid>';
		}
	}
}

/**
A body as indented lines: `name = (expression)` for attributes, `type "label" {` ... `}` for blocks.
*/
export function printBody(body: Body, indent = ''): string {
	const lines: string[] = [];
	for (const item of body.items) {
		if (item.kind === 'Attribute') {
			lines.push(`${indent}${item.name} = ${printExpression(item.expression)}`);
			continue;
		}

		const labels = item.labels.map(label => ` ${quote(label)}`).join('');
		if (item.body.items.length === 0) {
			lines.push(`${indent}${item.type}${labels} {}`);
			continue;
		}

		lines.push(`${indent}${item.type}${labels} {`, printBody(item.body, indent + '  '), `${indent}}`);
	}

	return lines.join('\n');
}
