import type {Expression} from '../hcl/ast.js';
import {intKey, stringKey, type InstanceKey} from '../expand/addresses.js';
import type {RepetitionData} from '../expand/expansion.js';
import type {ModuleInstance} from '../expand/instance-tree.js';
import {numberValue, type Value} from '../lang/values.js';
import {referenceChainOf, type ReferenceChain} from '../lang/references.js';

/*
Static resolution of the index in `aws_eip.ip[count.index]` or `module.net[each.key]` in the scope of one instance: literals, `count.index`, `each.key`, `each.value` (and attributes or literal indexes of it, chained through `for_each = aws_x.y` values), `var.x` and `local.x` of the module instance. Anything else is not statically resolvable, and the edge goes to every instance.
*/

export type KeyScope = {
	readonly moduleInstance: ModuleInstance;
	readonly repetition: RepetitionData;
};

export function resolveInstanceKey(expression: Expression, scope: KeyScope): InstanceKey | undefined {
	const value = staticValue(expression, scope);
	if (value?.kind === 'number' && value.value.isInteger() && value.value.gte(0)) {
		return intKey(value.value.toNumber());
	}

	if (value?.kind === 'string') {
		return stringKey(value.value);
	}

	return undefined;
}

// An index is resolved in every instance of the block that writes it: its traversal and literal are read once.
const traversals = new WeakMap<Expression, ReferenceChain | null>();
const numbers = new WeakMap<Expression, Value>();

function staticValue(expression: Expression, scope: KeyScope): Value | undefined {
	switch (expression.kind) {
		case 'Literal': {
			if (expression.value.type !== 'number') {
				return undefined;
			}

			let number = numbers.get(expression);
			if (!number) {
				number = numberValue(expression.value.text);
				numbers.set(expression, number);
			}

			return number;
		}

		case 'Template': {
			const [part, ...rest] = expression.parts;
			if (rest.length > 0 || !part) {
				return part ? undefined : {kind: 'string', value: ''};
			}

			if (part.kind === 'TemplateLiteral') {
				return {kind: 'string', value: part.value};
			}

			return part.kind === 'TemplateInterpolation' ? staticValue(part.expression, scope) : undefined;
		}

		case 'Parenthesized': {
			return staticValue(expression.expression, scope);
		}

		case 'Variable':
		case 'GetAttribute':
		case 'Index': {
			let traversal = traversals.get(expression);
			if (traversal === undefined) {
				traversal = referenceChainOf(expression) ?? null;
				traversals.set(expression, traversal);
			}

			return traversal ? traversalValue(traversal, scope) : undefined;
		}

		default: {
			return undefined;
		}
	}
}

function traversalValue(traversal: ReferenceChain, scope: KeyScope): Value | undefined {
	const [first, ...rest] = traversal.steps;
	if (first?.kind !== 'attribute') {
		return undefined;
	}

	let value: Value | undefined;
	try {
		switch (traversal.root) {
			case 'count': {
				value = first.name === 'index' ? scope.repetition.countIndex : undefined;
				break;
			}

			case 'each': {
				value = first.name === 'key' ? scope.repetition.eachKey : (first.name === 'value' ? scope.repetition.eachValue : undefined);
				break;
			}

			case 'var': {
				value = scope.moduleInstance.variable(first.name);
				break;
			}

			case 'local': {
				value = scope.moduleInstance.local(first.name);
				break;
			}

			default: {
				return undefined;
			}
		}
	} catch {
		// A value that fails to evaluate is simply not static.
		return undefined;
	}

	for (const step of rest) {
		if (!value) {
			return undefined;
		}

		if (step.kind === 'attribute') {
			value = attribute(value, step.name);
		} else if (step.kind === 'index') {
			const key = step.key.kind === 'Literal' || step.key.kind === 'Template' ? staticValue(step.key, scope) : undefined;
			value = key ? element(value, key) : undefined;
		} else {
			return undefined;
		}
	}

	return value;
}

function attribute(value: Value, name: string): Value | undefined {
	if (value.kind === 'object') {
		return value.attributes.get(name);
	}

	return value.kind === 'map' ? value.entries.get(name) : undefined;
}

function element(value: Value, key: Value): Value | undefined {
	if (key.kind === 'string') {
		return attribute(value, key.value);
	}

	if (key.kind === 'number' && (value.kind === 'list' || value.kind === 'tuple')) {
		return value.elements[key.value.toNumber()];
	}

	return undefined;
}
