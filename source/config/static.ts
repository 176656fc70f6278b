import {type Expression, literalString} from '../hcl/ast.js';

export {literalString} from '../hcl/ast.js';

/*
Reading expressions that Terraform requires to be literals or plain references (`source`, `sensitive`, `provider`, `ignore_changes`, ...), without evaluating them.
*/

export function literalBool(expression: Expression | undefined): boolean | undefined {
	if (expression?.kind === 'Literal' && expression.value.type === 'bool') {
		return expression.value.value;
	}

	// JSON syntax and quoted "true" are accepted by Terraform's conversion for these flags.
	const text = literalString(expression);
	if (text === 'true' || text === 'false') {
		return text === 'true';
	}

	return undefined;
}

/**
A static traversal (`aws.west`, `aws_instance.web`, `module.x`, `tags["Name"]`) as text; also accepts its quoted form, as JSON syntax writes it. Undefined when the expression is anything else.
*/
export function traversalText(expression: Expression | undefined): string | undefined {
	if (!expression) {
		return undefined;
	}

	switch (expression.kind) {
		case 'Variable': {
			return expression.name;
		}

		case 'GetAttribute': {
			const object = traversalText(expression.object);
			return object === undefined ? undefined : `${object}.${expression.name}`;
		}

		case 'Index': {
			const collection = traversalText(expression.collection);
			if (collection === undefined) {
				return undefined;
			}

			if (expression.key.kind === 'Literal' && expression.key.value.type === 'number') {
				return `${collection}[${expression.key.value.text}]`;
			}

			const key = literalString(expression.key);
			return key === undefined ? undefined : `${collection}[${JSON.stringify(key)}]`;
		}

		case 'Template': {
			return literalString(expression);
		}

		default: {
			return undefined;
		}
	}
}

/**
The items of a tuple expression (`depends_on = [a, b]`); a non-tuple gives undefined.
*/
export function tupleItems(expression: Expression | undefined): readonly Expression[] | undefined {
	return expression?.kind === 'Tuple' ? expression.items : undefined;
}
