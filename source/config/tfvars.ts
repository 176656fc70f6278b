import fs from 'node:fs';
import path from 'node:path';
import type {Expression} from '../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import {FileReadError} from '../files/read-file.js';
import type {Range} from '../hcl/position.js';
import type {Value} from '../lang/values.js';
import {type ParsedConfigFile, readConfigFile} from './parse-file.js';
import type {ConfigSource} from './source.js';

/*
Where root module variable values come from, later wins: values given first (a Terragrunt unit's `inputs`, which Terragrunt passes as TF_VAR_ variables unless the environment already sets them), `TF_VAR_name`, `terraform.tfvars`, `terraform.tfvars.json`, `*.auto.tfvars(.json)` lexically, then `-var-file` and `-var` in command-line order (declared defaults come first and are applied by expansion). Values stay raw here: file values as expressions, environment and `-var` values as text, which expansion parses as HCL or takes literally depending on the variable's type, as Terraform does.
*/

export type RawVariableValue =
	| {readonly kind: 'expression'; readonly expression: Expression; readonly source: string}
	| {readonly kind: 'text'; readonly text: string; readonly source: string}
	/**
	A value already evaluated elsewhere: a Terragrunt unit's `inputs` (source/terragrunt), with where it was written.
	*/
	| {readonly kind: 'value'; readonly value: Value; readonly source: string; readonly range?: Range; readonly origins?: readonly ValueOrigin[]};

/**
Where a given value came from in another configuration (a Terragrunt dependency's output in its unit): `why` follows it there. `workspace` is that unit's Workspace.
*/
export type ValueOrigin = {readonly label: string; readonly workspace: object; readonly address: string};

export type VariableArgument = {readonly kind: 'var'; readonly text: string} | {readonly kind: 'var-file'; readonly path: string};

export type CollectedVariables = {
	readonly values: Map<string, RawVariableValue>;
	readonly diagnostics: Diagnostic[];
	readonly sources: Map<string, string>;
};

function readVariableFile(file: string, required: boolean, collected: CollectedVariables, source: ConfigSource | undefined): void {
	let parsed: ParsedConfigFile;
	try {
		// The configuration files' size limit and encoding checks hold for variables files too.
		parsed = readConfigFile(file, file, source);
	} catch (error) {
		if (required) {
			collected.diagnostics.push(errorDiagnostic('Failed to read variables file', `Given variables file ${file} does not exist or cannot be read: ${error instanceof FileReadError ? error.message : String(error)}.`));
		} else if (error instanceof FileReadError && error.failure.kind !== 'missing') {
			// An optional file that exists but cannot be read (a FIFO, a device, no permission) is not silently skipped.
			collected.diagnostics.push(errorDiagnostic('Failed to read variables file', `${error.message}.`));
		}

		return;
	}

	collected.sources.set(file, parsed.text);
	collected.diagnostics.push(...parsed.diagnostics);
	for (const item of parsed.value.items) {
		if (item.kind === 'Block') {
			collected.diagnostics.push(errorDiagnostic('Unexpected block', `Blocks are not allowed in a variables file; "${item.type}" should be an assignment.`, item.typeRange));
			continue;
		}

		collected.values.set(item.name, {kind: 'expression', expression: item.expression, source: file});
	}
}

export function collectRootVariables(directory: string, environment: Readonly<Record<string, string | undefined>>, variableArguments: readonly VariableArgument[], cwd: string, source?: ConfigSource, givenFirst?: ReadonlyMap<string, RawVariableValue>): CollectedVariables {
	const collected: CollectedVariables = {values: new Map(givenFirst), diagnostics: [], sources: new Map()};
	for (const [name, value] of Object.entries(environment)) {
		if (name.startsWith('TF_VAR_') && value !== undefined && name.length > 7) {
			collected.values.set(name.slice(7), {kind: 'text', text: value, source: `environment variable ${name}`});
		}
	}

	readVariableFile(path.join(directory, 'terraform.tfvars'), false, collected, source);
	readVariableFile(path.join(directory, 'terraform.tfvars.json'), false, collected, source);
	let names: string[] = [];
	try {
		names = source ? source.readDirectory(directory) : fs.readdirSync(directory);
	} catch {}

	for (const name of names.filter(name => name.endsWith('.auto.tfvars') || name.endsWith('.auto.tfvars.json')).sort()) {
		readVariableFile(path.join(directory, name), false, collected, source);
	}

	for (const argument of variableArguments) {
		if (argument.kind === 'var-file') {
			readVariableFile(path.resolve(cwd, argument.path), true, collected, source);
			continue;
		}

		const equals = argument.text.indexOf('=');
		if (equals <= 0) {
			collected.diagnostics.push(errorDiagnostic('Invalid -var option', `The given -var option "${argument.text}" is not correctly specified. Must be a variable name and value separated by an equals sign, like -var="key=value".`));
			continue;
		}

		collected.values.set(argument.text.slice(0, equals).trim(), {kind: 'text', text: argument.text.slice(equals + 1), source: 'command line'});
	}

	return collected;
}
