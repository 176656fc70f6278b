import type {Expression} from '../hcl/ast.js';
import {withChanges} from '../hcl/ast.js';
import {endOf, startOf} from '../hcl/nodes.js';
import {printExpression} from '../hcl/print.js';
import {type Value, unmark} from '../lang/values.js';

/*
What an argument's expression still says once the choices its instance decides are made: a conditional whose condition is known is its chosen branch, parentheses are dropped (except around an object's key, where they make the key an expression), and the rest prints in the parser's canonical form (hcl/print.ts), so layout and comments do not count. Two arguments whose values are unknown on both sides (they read what only apply knows) are the same value when their residual forms are equal: `var.create ? aws_subnet.a.id : null` with `create` true reads `aws_subnet.a.id` as the old `subnet_id = aws_subnet.a.id` did, and Terraform's plan shows no change.
*/

/**
The value of a condition's source text in the instance's scope (errors give an unknown or error value: no choice is made).
*/
export type ConditionEvaluator = (text: string) => Value;

function isNode(value: unknown): value is {readonly kind: string} {
	return typeof value === 'object' && value !== null && typeof (value as {kind?: unknown}).kind === 'string';
}

function decide(condition: Expression, source: string, evaluate: ConditionEvaluator): boolean | undefined {
	const [value] = unmark(evaluate(source.slice(startOf(condition), endOf(condition))));
	return value.kind === 'bool' ? value.value : undefined;
}

/**
Rewrites every known choice inside a value of the tree (an expression, an array of them, an object item): a copy where something changed, the same value where nothing did.
*/
function rewrite<T>(value: T, source: string, evaluate: ConditionEvaluator): T {
	if (Array.isArray(value)) {
		let changed = false;
		const items = value.map(item => {
			const next = rewrite(item as unknown, source, evaluate);
			changed ||= next !== item;
			return next;
		});
		return (changed ? items : value) as T;
	}

	if (typeof value !== 'object' || value === null) {
		return value;
	}

	if (isNode(value) && value.kind === 'Conditional') {
		const conditional = value as unknown as Extract<Expression, {kind: 'Conditional'}>;
		const chosen = decide(conditional.condition, source, evaluate);
		if (chosen !== undefined) {
			return rewrite((chosen ? conditional.trueResult : conditional.falseResult) as unknown as T, source, evaluate);
		}
	}

	if (isNode(value) && value.kind === 'Parenthesized') {
		return rewrite((value as unknown as Extract<Expression, {kind: 'Parenthesized'}>).expression as unknown as T, source, evaluate);
	}

	// An object's keys stay as written: parentheses there make a key an expression (`{(k) = v}`), and a key is no value read from elsewhere.
	if (isNode(value) && value.kind === 'Object') {
		const object = value as unknown as Extract<Expression, {kind: 'Object'}>;
		let changed = false;
		const items = object.items.map(item => {
			const next = rewrite(item.value, source, evaluate);
			changed ||= next !== item.value;
			return next === item.value ? item : withChanges(item, {value: next});
		});
		return changed ? withChanges(object, {items}) as unknown as T : value;
	}

	// For expressions bind names of their own: a condition inside one cannot be decided in the instance's scope, so it is left as written.
	if (isNode(value) && value.kind === 'For') {
		return value;
	}

	const changes: Record<string, unknown> = {};
	let changed = false;
	for (const [key, child] of Object.entries(value)) {
		if (typeof child === 'object' && child !== null) {
			const next = rewrite(child as unknown, source, evaluate);
			if (next !== child) {
				changes[key] = next;
				changed = true;
			}
		}
	}

	if (!changed) {
		return value;
	}

	return withChanges(value as object, changes) as T;
}

/**
The residual form of an argument's expression (see above); `source` is the text of the file the expression is in.
*/
export function residualForm(expression: Expression, source: string, evaluate: ConditionEvaluator): string {
	return printExpression(rewrite(expression, source, evaluate));
}
