import type {Expression} from '../hcl/ast.js';
import type {Range} from '../hcl/position.js';
import type {ImportBlock} from '../config/module.js';
import {walkModuleTree} from '../config/module-tree.js';
import {traversalText} from '../config/static.js';
import {formatResourceInstance} from '../expand/addresses.js';
import {importEachElements} from '../expand/expansion.js';
import {parseAddress} from '../expand/parse-address.js';
import {evaluate} from '../lang/eval/evaluate.js';
import {type Scope, createScope} from '../lang/eval/scope.js';
import {type Value, unmark} from '../lang/values.js';
import type {Workspace} from '../workspace.js';

/*
The instances the `import` blocks adopt: the root module's, and from Terraform 1.16 those of child modules, whose `to` is relative to the module and which are expanded once per instance of the module (internal/refactoring/import_statement.go and node_resource_plan.go expandResourceImports at v1.16). When a parent module's block and a child module's block name the same resource (by configuration address, keys left out), the parent's wins and the child's is not expanded at all (FindImportStatements). An import with `for_each` (Terraform 1.7+) is expanded as Terraform's plan expands it: one import per element of a map, object, set of strings, list or tuple, with `each.key` and `each.value` bound in `to` (whose instance keys are expressions: `terraform_data.adopted[each.key]`) and in `id`.
*/

export type ImportTarget = {readonly id?: string; readonly range: Range};

export function importTargets(workspace: Workspace): Map<string, ImportTarget> {
	const targets = new Map<string, ImportTarget>();
	const root = workspace.scopeAt('').value;
	if (!root) {
		return targets;
	}

	const inModules = workspace.language.rules.importsInModules;
	// The blocks that apply: by the configuration address of their target (module path and resource, no keys), the outermost module's.
	const claimed = new Map<string, ImportBlock>();
	for (const node of walkModuleTree(workspace.moduleTree)) {
		if (node.path.length > 0 && !inModules) {
			continue;
		}

		for (const block of node.module.imports) {
			const target = block.to && configAddressOf(block.to);
			const key = target === undefined ? undefined : [...node.path.map(name => `module.${name}`), target].join('.');
			if (key !== undefined && !claimed.has(key)) {
				claimed.set(key, block);
			}
		}
	}

	const applies = new Set(claimed.values());
	const instances = inModules ? [...workspace.instances.moduleInstances.values()] : [workspace.instances.root];
	for (const instance of instances) {
		const blocks = instance.node.module.imports.filter(block => applies.has(block));
		const scope = blocks.length === 0 ? undefined : (instance.text === '' ? root : workspace.scopeAt(instance.text).value);
		if (!scope) {
			continue;
		}

		for (const block of blocks) {
			const eachScopes = block.forEach === undefined ? [scope] : forEachScopes(evaluate(block.forEach, scope).value, scope);
			for (const each of eachScopes) {
				const text = addressText(block.to!, each);
				const parsed = text === undefined ? undefined : parseAddress(text);
				if (!parsed?.ok || parsed.address.kind !== 'resource') {
					continue;
				}

				const id = block.id ? idText(block.id, each) : undefined;
				const address = {...parsed.address.resource, module: [...instance.address, ...parsed.address.resource.module]};
				targets.set(formatResourceInstance(address), {...(id !== undefined && {id}), range: block.range});
			}
		}
	}

	return targets;
}

/**
The configuration address an import's `to` names, relative to its module, with the instance keys left out (`module.a.aws_x.y`); undefined when it is not a reference.
*/
function configAddressOf(expression: Expression): string | undefined {
	switch (expression.kind) {
		case 'Index': {
			return configAddressOf(expression.collection);
		}

		case 'GetAttribute': {
			const object = configAddressOf(expression.object);
			return object === undefined ? undefined : `${object}.${expression.name}`;
		}

		case 'Variable': {
			return expression.name;
		}

		default: {
			// JSON syntax writes the reference as a string.
			const text = traversalText(expression);
			return text?.replaceAll(/\[[^\]]*\]/g, '');
		}
	}
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
