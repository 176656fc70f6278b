import {parseExpression} from '../hcl/index.js';
import {type Diagnostic, warningDiagnostic} from '../hcl/diagnostics.js';
import type {RawVariableValue} from '../config/tfvars.js';
import {evaluate} from '../lang/eval/evaluate.js';
import {createScope} from '../lang/eval/scope.js';
import type {FunctionSpec} from '../lang/function.js';
import {encodeJson} from '../lang/functions/encoding.js';
import {type Value, isWhollyKnown, withoutMarks} from '../lang/values.js';
import type {PlanOverlay} from './overlay.js';

/*
The root input variables under a saved plan: the plan's `variables` are the values, as `terraform apply PLANFILE` uses them (it refuses -var and -var-file). tfscope still reads the values the directory and the command line give (tfvars files, TF_VAR_*, --var, --var-file), but only to tell where each value came from: where one gives the plan's value, it is kept (so `why` traces a value to its tfvars line); where one gives another value, the plan's wins and a warning says so; a variable the plan has and nothing else gives is "from the plan".
*/

export type PlanVariables = {
	readonly values: Map<string, RawVariableValue>;
	readonly diagnostics: Diagnostic[];
};

export function planVariables(overlay: PlanOverlay, collected: ReadonlyMap<string, RawVariableValue>, functions: (name: string) => FunctionSpec | undefined, baseDirectory: string): PlanVariables {
	const values = new Map<string, RawVariableValue>();
	const diagnostics: Diagnostic[] = [];
	for (const [name, raw] of collected) {
		// A value the plan does not have (an undeclared variable, which Terraform drops from the plan) stays, for the usual warning.
		if (!overlay.variables.has(name)) {
			values.set(name, raw);
		}
	}

	for (const [name, json] of overlay.variables) {
		const given = collected.get(name);
		const planned = canonicalJson(json);
		if (given && canonicalJson(givenJson(given, functions, baseDirectory)) === planned) {
			values.set(name, given);
			continue;
		}

		const text = hclOf(json);
		const parsed = parseExpression(text, `${overlay.file} (variables.${name})`);
		if (given) {
			diagnostics.push(warningDiagnostic('Variable differs from the plan', `var.${name} is ${text.length > 80 ? `${text.slice(0, 77)}...` : text} in the plan ${overlay.file}, not what ${given.source.startsWith('command line') ? 'the command line' : given.source} gives; the plan's value is used.`, given.kind === 'expression' ? given.expression.range : undefined));
		}

		values.set(name, {kind: 'expression', expression: parsed.value, source: `the plan ${overlay.file}`});
	}

	return {values, diagnostics};
}

/**
A given value as the plan would record it, or undefined when it cannot be told here (a value not known, an error).
*/
function givenJson(given: RawVariableValue, functions: (name: string) => FunctionSpec | undefined, baseDirectory: string): unknown {
	if (given.kind === 'text') {
		// -var and TF_VAR_ text: a string, or HCL for a complex type; both compare by what the text says.
		const parsed = parseExpression(given.text, '<value>');
		if (parsed.diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
			return given.text;
		}

		return valueJson(parsed.value, functions, baseDirectory) ?? given.text;
	}

	if (given.kind === 'value') {
		// A Terragrunt unit's input: already a value.
		return knownJson(given.value);
	}

	return valueJson(given.expression, functions, baseDirectory);
}

function knownJson(value: Value): unknown {
	if (!isWhollyKnown(value)) {
		return undefined;
	}

	try {
		return JSON.parse(encodeJson(withoutMarks(value))) as unknown;
	} catch {
		return undefined;
	}
}

function valueJson(expression: Parameters<typeof evaluate>[0], functions: (name: string) => FunctionSpec | undefined, baseDirectory: string): unknown {
	const {value, diagnostics} = evaluate(expression, createScope({functions, functionContext: {baseDirectory, impure: false}}));
	return diagnostics.some(diagnostic => diagnostic.severity === 'error') ? undefined : knownJson(value);
}

/**
JSON text with object keys sorted, numbers and strings as given: two values compare equal when they print the same. A string "2" and a number 2 compare equal, as a variable's type converts one to the other.
*/
function canonicalJson(value: unknown): string {
	if (Array.isArray(value)) {
		return `[${value.map(item => canonicalJson(item)).join(',')}]`;
	}

	if (typeof value === 'object' && value !== null) {
		return `{${Object.keys(value).sort().map(key => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
	}

	if (typeof value === 'number' || typeof value === 'boolean') {
		return JSON.stringify(String(value));
	}

	return JSON.stringify(value ?? null);
}

/**
HCL text for a JSON value: strings quoted with template sequences escaped, objects with quoted keys.
*/
export function hclOf(value: unknown): string {
	if (value === null || value === undefined) {
		return 'null';
	}

	if (typeof value === 'string') {
		// JSON's \b and \f are not HCL escapes; a backslash pair stays as it is.
		return JSON.stringify(value).replaceAll(/\\([\\bf])/g, (escape, letter: string) => (letter === 'b' ? '\\u0008' : (letter === 'f' ? '\\u000c' : escape))).replaceAll('${', () => '$${').replaceAll('%{', () => '%%{');
	}

	if (typeof value === 'number' || typeof value === 'boolean') {
		return String(value);
	}

	if (Array.isArray(value)) {
		return `[${value.map(item => hclOf(item)).join(', ')}]`;
	}

	return `{${Object.entries(value as Record<string, unknown>).map(([key, item]) => `${hclOf(key)} = ${hclOf(item)}`).join(', ')}}`;
}
