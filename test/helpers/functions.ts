import path from 'node:path';
import {fileURLToPath} from 'node:url';
import test, {type ExecutionContext} from 'ava';
import {formatValue} from '../../source/lang/format-value.js';
import {type Type} from '../../source/lang/types.js';
import {type FunctionContext, FunctionError, callFunction} from '../../source/lang/function.js';
import {type FunctionDialect, type FunctionRelease, builtinFunctionNames, functionTable, lookupFunction} from '../../source/lang/functions/index.js';
import {parseExpression} from '../../source/hcl/index.js';
import {evaluate} from '../../source/lang/eval/evaluate.js';
import {createScope, moduleResolver} from '../../source/lang/eval/scope.js';
import {createNodeFilesystem} from '../../source/lang/functions/node-filesystem.js';
import {createTemplateRenderer} from '../../source/lang/functions/render-template.js';
import {type Value, isSensitive, unmark} from '../../source/lang/values.js';

/*
Helpers for the function family tests: call a registered function with values (so unknown and sensitive inputs, which the console cannot write, are testable) and describe the result in one line.
*/

export const functionFixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/functions');
export const filesDirectory = path.join(functionFixtures, 'files');

const base: Omit<FunctionContext, 'renderTemplate'> = {
	baseDirectory: filesDirectory,
	filesystem: createNodeFilesystem({cwd: filesDirectory, home: '/home/tester'}),
	impure: true,
};

export const consoleContext: FunctionContext = {...base, renderTemplate: createTemplateRenderer(base, {functions: lookupFunction, functionNames: builtinFunctionNames})};
export const planContext: FunctionContext = {...consoleContext, impure: false};

/**
The result in one line: the console text (with ` (sensitive)` when marked), `unknown(TYPE)` for unknown values, or `error: MESSAGE` / `error[ARGUMENT]: MESSAGE`.
*/
export function describeCall(name: string, values: readonly Value[], context: FunctionContext = consoleContext): string {
	const spec = lookupFunction(name);
	if (!spec) {
		throw new Error(`no function ${name}`);
	}

	let result: Value;
	try {
		result = callFunction(spec, values, context);
	} catch (error) {
		if (error instanceof FunctionError) {
			return `error${error.argumentIndex === undefined ? '' : `[${error.argumentIndex}]`}: ${error.message}`;
		}

		throw error;
	}

	const sensitive = isSensitive(result) ? ' (sensitive)' : '';
	const [bare] = unmark(result);
	if (bare.kind === 'unknown') {
		return `unknown(${shortType(bare.type)})${sensitive}`;
	}

	return formatValue(bare) + sensitive;
}

export type CallCase = readonly [name: string, values: readonly Value[], expected: string];

/**
Registers one test per case: `name(arguments)` must be described as `expected`.
*/
export function callTable(title: string, cases: readonly CallCase[], context: FunctionContext = consoleContext): void {
	for (const [index, [name, values, expected]] of cases.entries()) {
		test(`${title} #${index + 1}: ${name}(${values.map(value => describeArgument(value)).join(', ')})`, (t: ExecutionContext) => {
			t.is(describeCall(name, values, context), expected);
		});
	}
}

function describeArgument(value: Value): string {
	const [bare] = unmark(value);
	const text = bare.kind === 'unknown' ? `unknown(${shortType(bare.type)})` : formatValue(bare).replaceAll(/\s+/g, ' ');
	return isSensitive(value) ? `sensitive(${text})` : text;
}

/**
A type on one line: `list(string)`, `tuple([string, number])`, `object({a=number})`.
*/
export function shortType(type: Type): string {
	switch (type.kind) {
		case 'list':
		case 'set':
		case 'map': {
			return `${type.kind}(${shortType(type.element)})`;
		}

		case 'tuple': {
			return `tuple([${type.elements.map(element => shortType(element)).join(', ')}])`;
		}

		case 'object': {
			return `object({${Object.keys(type.attributes).sort().map(name => `${name}=${shortType(type.attributes[name]!)}`).join(', ')}})`;
		}

		default: {
			return type.kind;
		}
	}
}

/**
An expression evaluated as the console evaluates it, with the functions of a language (and release), described in one line: the console text (with ` (sensitive)` when marked) or `error: DETAIL`.
*/
export function describeExpression(text: string, release: FunctionDialect | FunctionRelease): string {
	const table = functionTable(release);
	const parsed = parseExpression(text, '<test>');
	const scope = createScope({
		resolveReference: moduleResolver({path: {module: '.', root: '.', cwd: filesDirectory}}),
		functions: table.lookup,
		functionNames: table.names,
		functionContext: {baseDirectory: filesDirectory, impure: true, filesystem: createNodeFilesystem({cwd: filesDirectory})},
		console: true,
	});
	const result = evaluate(parsed.value, scope);
	const error = result.diagnostics.find(diagnostic => diagnostic.severity === 'error');
	if (error) {
		return `error: ${error.detail ?? error.summary}`;
	}

	const [bare, marks] = unmark(result.value);
	return formatValue(bare) + (marks?.has('sensitive') ? ' (sensitive)' : '');
}
