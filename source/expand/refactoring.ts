import type {Expression} from '../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import type {Range} from '../hcl/position.js';
import {type ModuleNode, formatModulePath, walkModuleTree} from '../config/module-tree.js';
import {traversalText} from '../config/static.js';
import {type LanguageRules, terraformRules} from '../config/language.js';
import {referenceChainOf, walkReferenceChains} from '../lang/references.js';
import {formatModuleInstance, formatResourceInstance} from './addresses.js';
import {type ParsedAddress, parseAddress} from './parse-address.js';

/*
The checks Terraform makes on `moved`, `removed` and `import` blocks from the configuration alone (at validate or plan time, before any provider or state is involved): endpoints must be static references, a move must stay a resource or a module, a move to its own address is redundant, a removed object must be gone from the configuration, an import target must be declared, and imports belong in the root module before Terraform 1.16 (from 1.16 a child module's import names its targets relative to that module, internal/refactoring/import_statement.go).
*/

/**
A `moved`/`removed`/`import` endpoint: an address relative to the block's module, and its text as Terraform prints it.
*/
type Endpoint = {
	readonly address: ParsedAddress;
	readonly text: string;
};

const staticReferenceDetail = 'A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.';

/**
An import target's text with the index keys that are not constants left out (`to = aws_instance.a[each.key]` under `for_each`): only the resource it names is checked.
*/
function unkeyedText(expression: Expression): string | undefined {
	switch (expression.kind) {
		case 'Index': {
			return traversalText(expression) ?? unkeyedText(expression.collection);
		}

		case 'GetAttribute': {
			const object = unkeyedText(expression.object);
			return object === undefined ? undefined : `${object}.${expression.name}`;
		}

		default: {
			return traversalText(expression);
		}
	}
}

/**
Terraform's errors for what an import's `to` index keys read besides `each.key` and `each.value` (internal/terraform's parseImportToKeyExpression adds the last sentence, without a space).
*/
function eachOnlyErrors(to: Expression): Diagnostic[] {
	const errors: Diagnostic[] = [];
	for (const step of referenceChainOf(to)?.steps ?? []) {
		if (step.kind === 'index') {
			walkReferenceChains(step.key, chain => {
				if (chain.root !== 'each') {
					errors.push(errorDiagnostic('Unknown variable', `There is no variable named ${JSON.stringify(chain.root)}.Only "each.key" and "each.value" can be used in import address index expressions.`, chain.rootRange));
				}
			});
		}
	}

	return errors;
}

function readEndpoint(written: Expression | undefined, syntax: 'native' | 'json', diagnostics: Diagnostic[], context: Range, constantKeys = true): Endpoint | undefined {
	if (written === undefined) {
		// A missing argument is already reported by the block reader.
		return undefined;
	}

	// In JSON syntax the reference is written as a string (`"from": "aws_instance.a"`); in native syntax a string is not a reference.
	const text = syntax === 'native' && written.kind === 'Template' ? undefined : (constantKeys ? traversalText(written) : unkeyedText(written));
	const parsed = text === undefined || text === '' ? undefined : parseAddress(text);
	if (!parsed?.ok) {
		diagnostics.push(errorDiagnostic('Invalid expression', staticReferenceDetail, written.range, context));
		return undefined;
	}

	const {address} = parsed;
	return {address, text: address.kind === 'module' ? formatModuleInstance(address.module) : formatResourceInstance(address.resource)};
}

/**
The declaration an endpoint names in the configuration, with the range Terraform points at.
*/
function declarationOf(node: ModuleNode, {address}: Endpoint): Range | undefined {
	let target: ModuleNode | undefined = node;
	for (const step of address.kind === 'module' ? address.module : address.resource.module) {
		target = target.children.get(step.name);
		if (target === undefined) {
			return undefined;
		}
	}

	if (address.kind === 'module') {
		return target.call?.block.typeRange;
	}

	const {mode, type, name} = address.resource;
	return target.module.resources.get(`${mode === 'managed' ? '' : `${mode}.`}${type}.${name}`)?.block.typeRange;
}

function checkModule(node: ModuleNode, rules: LanguageRules, diagnostics: Diagnostic[]): void {
	const {module} = node;
	for (const moved of module.moved) {
		const from = readEndpoint(moved.from, moved.block.body.syntax, diagnostics, moved.range);
		const to = readEndpoint(moved.to, moved.block.body.syntax, diagnostics, moved.range);
		if (from === undefined || to === undefined) {
			continue;
		}

		if (from.address.kind !== to.address.kind) {
			diagnostics.push(errorDiagnostic('Invalid "moved" addresses', 'The "from" and "to" addresses must either both refer to resources or both refer to modules.', moved.block.typeRange, moved.range));
			continue;
		}

		if (from.text === to.text) {
			diagnostics.push(errorDiagnostic('Redundant move statement', `This statement declares a move from ${from.text} to the same address, which is the same as not declaring this move at all.`, moved.block.typeRange, moved.range));
		}
	}

	for (const removed of module.removed) {
		const from = readEndpoint(removed.from, removed.block.body.syntax, diagnostics, removed.range);
		const declaration = from && declarationOf(node, from);
		if (from && declaration) {
			const what = from.address.kind;
			diagnostics.push(errorDiagnostic(`Removed ${what} still exists`, `This statement declares that ${from.text} was removed, but it is still declared in configuration.`, declaration));
		}
	}

	for (const imported of module.imports) {
		if (node.path.length > 0 && !rules.importsInModules) {
			diagnostics.push(errorDiagnostic('Invalid import configuration', `An import block was detected in "${formatModulePath(node.path)}". Import blocks are only allowed in the root module.`, imported.block.typeRange, imported.range));
			continue;
		}

		// Without for_each, `to` is a static reference; with it, its index keys may read `each.key` and `each.value` only (Terraform evaluates them with nothing else in scope).
		const to = readEndpoint(imported.to, imported.block.body.syntax, diagnostics, imported.range, imported.forEach === undefined);
		if (to === undefined) {
			continue;
		}

		if (imported.forEach && imported.block.body.syntax === 'native') {
			diagnostics.push(...eachOnlyErrors(imported.to!));
		}

		if (to.address.kind !== 'resource' || declarationOf(node, to) === undefined) {
			diagnostics.push(errorDiagnostic('Configuration for import target does not exist', `The configuration for the given import target ${to.text} does not exist. If you wish to automatically generate config for this resource, use the -generate-config-out option within terraform plan. Otherwise, make sure the target resource exists within your configuration. For example:\n\n  terraform plan -generate-config-out=generated.tf`, imported.to!.range, imported.range));
		}
	}
}

/**
Every problem with the `moved`, `removed` and `import` blocks of a module tree, under the rules of the language release (imports in child modules).
*/
export function checkRefactoringBlocks(root: ModuleNode, rules: LanguageRules = terraformRules): Diagnostic[] {
	const diagnostics: Diagnostic[] = [];
	for (const node of walkModuleTree(root)) {
		checkModule(node, rules, diagnostics);
	}

	return diagnostics;
}
