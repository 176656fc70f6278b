import type {Expression} from '../hcl/ast.js';
import type {Range} from '../hcl/position.js';
import {traversalText} from '../config/static.js';
import {formatResourceInstance} from '../expand/addresses.js';
import {importEachElements} from '../expand/expansion.js';
import {parseAddress} from '../expand/parse-address.js';
import {evaluate} from '../lang/eval/evaluate.js';
import {type Scope, createScope} from '../lang/eval/scope.js';
import {type Value, unmark} from '../lang/values.js';
import type {Workspace} from '../workspace.js';

/*
The instances the root module's `import` blocks adopt. An import with `for_each` (Terraform 1.7+) is expanded as Terraform's plan expands it: one import per element of a map, object, set of strings, list or tuple, with `each.key` and `each.value` bound in `to` (whose instance keys are expressions: `terraform_data.adopted[each.key]`) and in `id`.
*/

export type ImportTarget = {readonly id?: string; readonly range: Range};

export function importTargets(workspace: Workspace): Map<string, ImportTarget> {
	const targets = new Map<string, ImportTarget>();
	const root = workspace.scopeAt('').value;
	if (!root) {
		return targets;
	}

	for (const block of workspace.moduleTree.module.imports) {
		if (block.to === undefined) {
			continue;
		}

		const eachScopes = block.forEach === undefined ? [root] : forEachScopes(evaluate(block.forEach, root).value, root);
		for (const scope of eachScopes) {
			const text = addressText(block.to, scope);
			const parsed = text === undefined ? undefined : parseAddress(text);
			if (!parsed?.ok || parsed.address.kind !== 'resource') {
				continue;
			}

			const id = block.id ? idText(block.id, scope) : undefined;
			targets.set(formatResourceInstance(parsed.address.resource), {...(id !== undefined && {id}), range: block.range});
		}
	}

	return targets;
}

/**
One scope per element of an import's `for_each`, binding `each.key` and `each.value`; none when the value is not known (Terraform's plan would stop on it).
*/
function forEachScopes(value: Value, root: Scope): Scope[] {
	return (importEachElements(value) ?? []).map(([key, element]) => createScope({
		resolveReference: reference => reference.subject.kind === 'each' && (reference.subject.name === 'key' || reference.subject.name === 'value')
			? {value: reference.subject.name === 'key' ? key : element, diagnostics: []}
			: root.resolveReference(reference),
		functions: root.functions,
		functionNames: root.functionNames,
		functionContext: root.functionContext,
	}));
}

/**
The address `to` names, its instance keys evaluated (`terraform_data.adopted[each.key]`, `module.app[each.value.region].aws_s3_bucket.this`).
*/
function addressText(expression: Expression, scope: Scope): string | undefined {
	const literal = traversalText(expression);
	if (literal !== undefined) {
		return literal;
	}

	switch (expression.kind) {
		case 'GetAttribute': {
			const object = addressText(expression.object, scope);
			return object === undefined ? undefined : `${object}.${expression.name}`;
		}

		case 'Index': {
			const collection = addressText(expression.collection, scope);
			const [key] = unmark(evaluate(expression.key, scope).value);
			if (collection === undefined) {
				return undefined;
			}

			if (key.kind === 'string') {
				return `${collection}[${JSON.stringify(key.value)}]`;
			}

			return key.kind === 'number' && key.value.isInteger() ? `${collection}[${key.value.toString()}]` : undefined;
		}

		default: {
			return undefined;
		}
	}
}

function idText(expression: Expression, scope: Scope): string | undefined {
	const [value] = unmark(evaluate(expression, scope).value);
	return value.kind === 'string' ? value.value : undefined;
}
