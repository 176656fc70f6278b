import {type Attribute, type Body, type Expression, definitionRange} from '../hcl/ast.js';
import {type Diagnostic, errorDiagnostic, warningDiagnostic} from '../hcl/diagnostics.js';
import type {Range} from '../hcl/position.js';
import type {LanguageMode} from './language.js';
import type {VariableBlock} from './module.js';
import {referencesOf} from '../lang/references.js';
import {type ModuleNode, walkModuleTree} from './module-tree.js';
import type {RawVariableValue} from './tfvars.js';

/*
Deprecation warnings (OpenTofu 1.10, Terraform 1.15): a variable or output declared with `deprecated = "..."` warns where a value is given to it or read from it. The block readers keep `deprecated` only where the language release has it (config/blocks/variable.ts, output.ts), so elsewhere there is nothing to warn about. Each product words its warnings its own way (`Wording`).

Both mark values and warn where a marked value arrives; tfscope warns at each reference to a deprecated output in the calling module (`module.net.ids`), which is where such a value enters the caller.
*/

/**
How one product words its deprecation warnings.
*/
type Wording = {
	readonly argument: (variable: VariableBlock, input: Attribute) => Diagnostic | undefined;
	readonly rootVariable: (variable: VariableBlock) => Diagnostic;
	readonly outputReference: (subject: string, message: string, range: Range) => Diagnostic;
};

const wordings: Readonly<Record<LanguageMode, Wording>> = {
	// internal/tofu/eval_variable.go evalVariableDeprecation, context_plan.go warnOnUsedDeprecatedVars, internal/lang/marks/marks.go.
	opentofu: {
		argument: (variable, input) => warningDiagnostic('Variable marked as deprecated by the module author', `Variable "${variable.name}" is marked as deprecated with the following message:\n${variable.deprecated!}`, input.expression.range),
		rootVariable: variable => warningDiagnostic('Deprecated variable used from the root module', `The root variable "${variable.name}" is deprecated with the following message: ${variable.deprecated!}`, variable.range),
		outputReference: (subject, message, range) => warningDiagnostic('Value derived from a deprecated source', `This value is derived from ${subject}, which is deprecated with the following message:\n\n${message}`, range),
	},
	// internal/terraform/node_module_variable.go and node_root_variable.go ("got a value": only a value that is not null), internal/deprecation/deprecation.go.
	terraform: {
		argument: (variable, input) => (isNullLiteral(input.expression) ? undefined : warningDiagnostic('Deprecated variable got a value', variable.deprecated!, input.expression.range)),
		rootVariable: variable => warningDiagnostic('Deprecated variable got a value', variable.deprecated!, variable.deprecatedRange ?? variable.range, definitionRange(variable.block)),
		outputReference: (_subject, message, range) => warningDiagnostic('Deprecated value used', message, range),
	},
};

function isNullLiteral(expression: Expression): boolean {
	return expression.kind === 'Literal' && expression.value.type === 'null';
}

/**
A warning at each argument of a call that sets a deprecated variable.
*/
export function deprecatedArguments(node: ModuleNode, wording: Wording = wordings.opentofu): Diagnostic[] {
	const diagnostics: Diagnostic[] = [];
	for (const [name, child] of node.children) {
		for (const input of child.call?.inputs ?? []) {
			const variable = child.module.variables.get(input.name);
			if (variable?.deprecated !== undefined) {
				const warning = wording.argument(variable, input);
				if (warning) {
					diagnostics.push({...warning, context: node.module.moduleCalls.get(name)?.range});
				}
			}
		}
	}

	return diagnostics;
}

/**
A warning for each deprecated root variable given a value from outside the configuration.
*/
export function deprecatedRootVariables(root: ModuleNode, values: ReadonlyMap<string, RawVariableValue>, wording: Wording = wordings.opentofu): Diagnostic[] {
	const diagnostics: Diagnostic[] = [];
	for (const name of values.keys()) {
		const variable = root.module.variables.get(name);
		if (variable?.deprecated !== undefined) {
			diagnostics.push(wording.rootVariable(variable));
		}
	}

	return diagnostics;
}

/**
A warning at each reference in `node` to a deprecated output of one of its module calls.
*/
export function deprecatedOutputReferences(node: ModuleNode, wording: Wording = wordings.opentofu): Diagnostic[] {
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
				diagnostics.push(wording.outputReference(subject, message, reference.traversalRange));
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

	// Query files' list blocks (validate -query: node_resource_validate.go ValidateAndUnmarkConfig on config, ValidateAndUnmark on limit and include_resource).
	for (const list of module.lists?.values() ?? []) {
		checkBody(list.block.body, check);
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
export function deprecationWarnings(root: ModuleNode, rootValues: ReadonlyMap<string, RawVariableValue>, mode: LanguageMode = 'opentofu'): Diagnostic[] {
	const wording = wordings[mode];
	const seen = new Set<string>();
	const warnings: Diagnostic[] = [...rootOutputDeprecations(root, mode)];
	for (const node of walkModuleTree(root)) {
		for (const warning of [...deprecatedArguments(node, wording), ...deprecatedOutputReferences(node, wording)]) {
			const key = `${warning.summary}|${warning.subject?.filename}:${warning.subject?.start.offset}|${warning.detail}`;
			if (!seen.has(key)) {
				seen.add(key);
				warnings.push(warning);
			}
		}
	}

	return [...warnings, ...deprecatedRootVariables(root, rootValues, wording)];
}

/**
Terraform refuses `deprecated` on a root module's outputs (internal/terraform/node_output.go): nothing above the root would read the warning.
*/
function rootOutputDeprecations(root: ModuleNode, mode: LanguageMode): Diagnostic[] {
	if (mode !== 'terraform') {
		return [];
	}

	return [...root.module.outputs.values()].filter(output => output.deprecatedRange).map(output => errorDiagnostic('Root module output deprecated', 'Root module outputs cannot be deprecated, as there is no higher-level module to inform of the deprecation.', output.deprecatedRange));
}
