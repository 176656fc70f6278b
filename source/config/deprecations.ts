import type {Body, Expression} from '../hcl/ast.js';
import {type Diagnostic, warningDiagnostic} from '../hcl/diagnostics.js';
import {referencesOf} from '../lang/references.js';
import {type ModuleNode, walkModuleTree} from './module-tree.js';
import type {RawVariableValue} from './tfvars.js';

/*
OpenTofu's deprecation warnings (1.10): a variable or output declared with `deprecated = "..."` warns where a value is given to it or read from it. Only OpenTofu's block readers keep `deprecated` (config/blocks/variable.ts, output.ts), so in Terraform mode there is nothing to warn about.

OpenTofu marks values and warns where a marked value arrives; tfscope warns at each reference to a deprecated output in the calling module (`module.net.ids`), which is where such a value enters the caller.
*/

/**
"Variable marked as deprecated by the module author" at each argument of a call that sets a deprecated variable (internal/tofu/eval_variable.go evalVariableDeprecation).
*/
export function deprecatedArguments(node: ModuleNode): Diagnostic[] {
	const diagnostics: Diagnostic[] = [];
	for (const [name, child] of node.children) {
		for (const input of child.call?.inputs ?? []) {
			const variable = child.module.variables.get(input.name);
			if (variable?.deprecated !== undefined) {
				diagnostics.push(warningDiagnostic('Variable marked as deprecated by the module author', `Variable "${variable.name}" is marked as deprecated with the following message:\n${variable.deprecated}`, input.expression.range, node.module.moduleCalls.get(name)?.range));
			}
		}
	}

	return diagnostics;
}

/**
"Deprecated variable used from the root module" for a deprecated root variable given a value from outside the configuration (internal/tofu/context_plan.go warnOnUsedDeprecatedVars).
*/
export function deprecatedRootVariables(root: ModuleNode, values: ReadonlyMap<string, RawVariableValue>): Diagnostic[] {
	const diagnostics: Diagnostic[] = [];
	for (const name of values.keys()) {
		const variable = root.module.variables.get(name);
		if (variable?.deprecated !== undefined) {
			diagnostics.push(warningDiagnostic('Deprecated variable used from the root module', `The root variable "${name}" is deprecated with the following message: ${variable.deprecated}`, variable.range));
		}
	}

	return diagnostics;
}

/**
"Value derived from a deprecated source" at each reference in `node` to a deprecated output of one of its module calls (internal/lang/marks/marks.go).
*/
export function deprecatedOutputReferences(node: ModuleNode): Diagnostic[] {
	const diagnostics: Diagnostic[] = [];
	const deprecated = new Map<string, string>();
	for (const [name, child] of node.children) {
		for (const output of child.module.outputs.values()) {
			if (output.deprecated !== undefined) {
				deprecated.set(`${name}.${output.name}`, output.deprecated);
			}
		}
	}

	if (deprecated.size === 0) {
		return diagnostics;
	}

	const modulePath = node.path.map(name => `module.${name}`);
	const check = (expression: Expression): void => {
		for (const reference of referencesOf(expression)) {
			if (reference.subject.kind !== 'module') {
				continue;
			}

			// `module.net.ids` or `module.net["eu"].ids`.
			const steps = reference.remaining[0]?.kind === 'attribute' ? reference.remaining : reference.remaining.slice(1);
			const output = steps[0]?.kind === 'attribute' ? steps[0].name : undefined;
			const message = output === undefined ? undefined : deprecated.get(`${reference.subject.name}.${output}`);
			if (message !== undefined) {
				const subject = [...modulePath, `module.${reference.subject.name}`, output].join('.');
				diagnostics.push(warningDiagnostic('Value derived from a deprecated source', `This value is derived from ${subject}, which is deprecated with the following message:\n\n${message}`, reference.traversalRange));
			}
		}
	};

	const {module} = node;
	for (const local of module.locals.values()) {
		check(local.expression);
	}

	for (const output of module.outputs.values()) {
		if (output.value) {
			check(output.value);
		}
	}

	for (const call of module.moduleCalls.values()) {
		for (const input of call.inputs) {
			check(input.expression);
		}
	}

	for (const resource of module.resources.values()) {
		checkBody(resource.body, check);
	}

	return diagnostics;
}

function checkBody(body: Body, check: (expression: Expression) => void): void {
	for (const item of body.items) {
		if (item.kind === 'Attribute') {
			check(item.expression);
		} else {
			checkBody(item.body, check);
		}
	}
}

/**
Every deprecation warning of a module tree, each place once (a module directory called from several places is one set of files).
*/
export function deprecationWarnings(root: ModuleNode, rootValues: ReadonlyMap<string, RawVariableValue>): Diagnostic[] {
	const seen = new Set<string>();
	const warnings: Diagnostic[] = [];
	for (const node of walkModuleTree(root)) {
		for (const warning of [...deprecatedArguments(node), ...deprecatedOutputReferences(node)]) {
			const key = `${warning.summary}|${warning.subject?.filename}:${warning.subject?.start.offset}|${warning.detail}`;
			if (!seen.has(key)) {
				seen.add(key);
				warnings.push(warning);
			}
		}
	}

	return [...warnings, ...deprecatedRootVariables(root, rootValues)];
}
