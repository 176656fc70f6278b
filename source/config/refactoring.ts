import type {Expression} from '../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import {parseExpression} from '../hcl/index.js';
import type {Range} from '../hcl/position.js';
import type {ModuleNode} from './module-tree.js';
import {walkModuleTree} from './module-tree.js';

/*
The checks Terraform makes on `moved`, `removed` and `import` blocks from the configuration alone (at validate or plan time, before any provider or state is involved): endpoints must be static references, a move must stay a resource or a module, a move to its own address is redundant, a removed object must be gone from the configuration, an import target must be declared, and imports belong in the root module.
*/

/**
One step of a static reference: an attribute name or a constant index key.
*/
type Step = {readonly kind: 'name'; readonly name: string} | {readonly kind: 'key'; readonly text: string};

/**
A `moved`/`removed`/`import` endpoint: module calls from the block's module, then a resource or nothing.
*/
type Endpoint = {
	readonly modules: ReadonlyArray<{readonly name: string; readonly key?: string}>;
	readonly resource?: {readonly mode: 'managed' | 'data'; readonly type: string; readonly name: string; readonly key?: string};
	/**
	The address as Terraform prints it: `module.a[0].aws_instance.b`.
	*/
	readonly text: string;
};

const staticReferenceDetail = 'A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.';

/**
The steps of a static reference, or undefined when the expression is anything else. `constantKeys: false` accepts any index key expression (an `import` target's key may use `each.key`); the key's text is then `[…]`.
*/
function staticSteps(expression: Expression, constantKeys: boolean): Step[] | undefined {
	switch (expression.kind) {
		case 'Variable': {
			return [{kind: 'name', name: expression.name}];
		}

		case 'GetAttribute': {
			const object = staticSteps(expression.object, constantKeys);
			return object && [...object, {kind: 'name', name: expression.name}];
		}

		case 'Index': {
			const collection = staticSteps(expression.collection, constantKeys);
			const key = constantKeyText(expression.key);
			if (collection === undefined || (key === undefined && constantKeys)) {
				return undefined;
			}

			return [...collection, {kind: 'key', text: key ?? '[…]'}];
		}

		default: {
			return undefined;
		}
	}
}

function constantKeyText(key: Expression): string | undefined {
	if (key.kind === 'Literal' && key.value.type === 'number') {
		return `[${key.value.text}]`;
	}

	if (key.kind === 'Template' && key.parts.every(part => part.kind === 'TemplateLiteral')) {
		const text = key.parts.map(part => (part.kind === 'TemplateLiteral' ? part.value : '')).join('');
		return `[${JSON.stringify(text)}]`;
	}

	return undefined;
}

/**
Reads steps as `module.NAME[KEY]...` then optionally `[data.]TYPE.NAME[KEY]`; undefined when they are not an address.
*/
function endpointOf(steps: readonly Step[]): Endpoint | undefined {
	const modules: Array<{name: string; key?: string}> = [];
	let position = 0;
	const nameAt = (at: number): string | undefined => {
		const step = steps[at];
		return step?.kind === 'name' ? step.name : undefined;
	};

	const keyAt = (at: number): string | undefined => {
		const step = steps[at];
		return step?.kind === 'key' ? step.text : undefined;
	};

	while (nameAt(position) === 'module') {
		const name = nameAt(position + 1);
		if (name === undefined) {
			return undefined;
		}

		const key = keyAt(position + 2);
		modules.push({name, ...(key !== undefined && {key})});
		position += key === undefined ? 2 : 3;
	}

	const prefix = modules.map(step => `module.${step.name}${step.key ?? ''}`).join('.');
	if (position === steps.length) {
		return modules.length === 0 ? undefined : {modules, text: prefix};
	}

	const mode = nameAt(position) === 'data' ? 'data' : 'managed';
	if (mode === 'data') {
		position++;
	}

	const type = nameAt(position);
	const name = nameAt(position + 1);
	if (type === undefined || name === undefined) {
		return undefined;
	}

	const key = keyAt(position + 2);
	if (position + (key === undefined ? 2 : 3) !== steps.length) {
		return undefined;
	}

	const resourceText = `${mode === 'data' ? 'data.' : ''}${type}.${name}${key ?? ''}`;
	return {
		modules,
		resource: {mode, type, name, ...(key !== undefined && {key})},
		text: prefix === '' ? resourceText : `${prefix}.${resourceText}`,
	};
}

/**
The module node an endpoint's module steps lead to from `node`, if every call is declared.
*/
function moduleAt(node: ModuleNode, endpoint: Endpoint): ModuleNode | undefined {
	let current: ModuleNode | undefined = node;
	for (const step of endpoint.modules) {
		current = current.children.get(step.name);
		if (current === undefined) {
			return undefined;
		}
	}

	return current;
}

/**
The declaration an endpoint names in the configuration, with the range Terraform points at.
*/
function declarationOf(node: ModuleNode, endpoint: Endpoint): Range | undefined {
	const target = moduleAt(node, endpoint);
	if (target === undefined) {
		return undefined;
	}

	if (endpoint.resource === undefined) {
		return target.call?.block.typeRange;
	}

	const {mode, type, name} = endpoint.resource;
	return target.module.resources.get(`${mode === 'data' ? 'data.' : ''}${type}.${name}`)?.block.typeRange;
}

/**
In JSON syntax an endpoint is a string holding the reference (`"from": "aws_instance.a"`), read as native syntax.
*/
function referenceOf(expression: Expression, syntax: 'native' | 'json'): Expression {
	if (syntax !== 'json' || expression.kind !== 'Template' || !expression.parts.every(part => part.kind === 'TemplateLiteral')) {
		return expression;
	}

	const text = expression.parts.map(part => (part.kind === 'TemplateLiteral' ? part.value : '')).join('');
	const parsed = parseExpression(text, expression.range.filename);
	return parsed.diagnostics.some(diagnostic => diagnostic.severity === 'error') || parsed.value === undefined ? expression : parsed.value;
}

function readEndpoint(written: Expression | undefined, syntax: 'native' | 'json', diagnostics: Diagnostic[], context: Range, constantKeys = true): Endpoint | undefined {
	if (written === undefined) {
		// A missing argument is already reported by the block reader.
		return undefined;
	}

	const expression = referenceOf(written, syntax);
	const steps = staticSteps(expression, constantKeys);
	const endpoint = steps && endpointOf(steps);
	if (endpoint === undefined) {
		diagnostics.push(errorDiagnostic('Invalid expression', staticReferenceDetail, written.range, context));
	}

	return endpoint;
}

function checkModule(node: ModuleNode, diagnostics: Diagnostic[]): void {
	const {module} = node;
	for (const moved of module.moved) {
		const from = readEndpoint(moved.from, moved.block.body.syntax, diagnostics, moved.range);
		const to = readEndpoint(moved.to, moved.block.body.syntax, diagnostics, moved.range);
		if (from === undefined || to === undefined) {
			continue;
		}

		if ((from.resource === undefined) !== (to.resource === undefined)) {
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
			const what = from.resource === undefined ? 'module' : 'resource';
			diagnostics.push(errorDiagnostic(`Removed ${what} still exists`, `This statement declares that ${from.text} was removed, but it is still declared in configuration.`, declaration));
		}
	}

	for (const imported of module.imports) {
		if (node.path.length > 0) {
			diagnostics.push(errorDiagnostic('Invalid import configuration', `An import block was detected in "${node.path.map(name => `module.${name}`).join('.')}". Import blocks are only allowed in the root module.`, imported.block.typeRange, imported.range));
			continue;
		}

		const to = readEndpoint(imported.to, imported.block.body.syntax, diagnostics, imported.range, false);
		if (to === undefined) {
			continue;
		}

		if (to.resource === undefined || declarationOf(node, to) === undefined) {
			diagnostics.push(errorDiagnostic('Configuration for import target does not exist', `The configuration for the given import target ${to.text} does not exist. If you wish to automatically generate config for this resource, use the -generate-config-out option within terraform plan. Otherwise, make sure the target resource exists within your configuration. For example:\n\n  terraform plan -generate-config-out=generated.tf`, imported.to!.range, imported.range));
		}
	}
}

/**
Every problem with the `moved`, `removed` and `import` blocks of a module tree.
*/
export function checkRefactoringBlocks(root: ModuleNode): Diagnostic[] {
	const diagnostics: Diagnostic[] = [];
	for (const node of walkModuleTree(root)) {
		checkModule(node, diagnostics);
	}

	return diagnostics;
}
