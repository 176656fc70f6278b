import test from 'ava';
import {parseExpression} from '../../../source/hcl/index.js';
import {type Diagnostic} from '../../../source/hcl/diagnostics.js';
import {evaluate} from '../../../source/lang/eval/evaluate.js';
import {type Scope, createScope, moduleResolver} from '../../../source/lang/eval/scope.js';
import {formatValue} from '../../../source/lang/format-value.js';
import {type FunctionSpec} from '../../../source/lang/function.js';
import {builtinFunctionNames, functionTable, lookupFunction, resolveFunction} from '../../../source/lang/functions/index.js';
import {type Value, stringValue} from '../../../source/lang/values.js';

/*
Function calls in the evaluator: what Terraform says about unknown functions, where argument and call errors point (HCL's "start range" of an expression), and templatestring's rule that its template is a reference. Wording checked against terraform 1.11 console.
*/

function scopeWith(functions: (name: string) => FunctionSpec | undefined, functionNames: () => readonly string[] = builtinFunctionNames): Scope {
	const variables = new Map<string, Value>([['tpl', stringValue('Hello, ${name}!')]]);
	return createScope({
		resolveReference: moduleResolver({variables, moduleDescription: 'the root module'}),
		functions,
		functionNames,
		functionContext: {baseDirectory: '.', impure: true},
	});
}

function firstError(source: string, scope: Scope): Diagnostic | undefined {
	const parsed = parseExpression(source, 'test.tf');
	return evaluate(parsed.value, scope).diagnostics.find(diagnostic => diagnostic.severity === 'error');
}

function message(source: string, scope = scopeWith(lookupFunction)): string {
	const error = firstError(source, scope);
	return error ? `${error.summary}: ${error.detail ?? ''}` : 'no error';
}

function subject(source: string, scope = scopeWith(lookupFunction)): string {
	const range = firstError(source, scope)?.subject;
	return range ? `${range.start.column}-${range.end.column}` : 'none';
}

const declaresTerraform = scopeWith(name => resolveFunction(name, {declaredProviders: new Set(['terraform'])}));
const declaresNothing = scopeWith(name => resolveFunction(name, {declaredProviders: new Set()}));

const unknownFunctions: Array<[string, Scope, string]> = [
	['core::nope(1)', declaresTerraform, 'Unknown provider function: The function namespace "core" is not valid. Provider function calls must use the "provider::" namespace prefix.'],
	['a::b::c(1)', declaresTerraform, 'Unknown provider function: The function namespace "a" is not valid. Provider function calls must use the "provider::" namespace prefix.'],
	['provider::aws(1)', declaresTerraform, 'Unknown provider function: The function call must include the provider name after the "provider::" prefix.'],
	['provider::terraform::nope(1)', declaresTerraform, 'Unknown provider function: The function "nope" is not available from the provider "terraform".'],
	['provider::terraform::nope(1)', declaresNothing, 'Unknown provider function: There is no function named "provider::terraform::nope". Ensure that provider name "terraform" is declared in this module\'s required_providers block, and that this provider offers a function named "nope".'],
	['provider::aws::arn_parse("x")', declaresNothing, 'Unknown provider function: There is no function named "provider::aws::arn_parse". Ensure that provider name "aws" is declared in this module\'s required_providers block, and that this provider offers a function named "arn_parse".'],
	['uppr("a")', declaresTerraform, 'Call to unknown function: There is no function named "uppr". Did you mean "upper"?'],
	['frobnicate(1)', declaresTerraform, 'Call to unknown function: There is no function named "frobnicate".'],
];

for (const [source, scope, expected] of unknownFunctions) {
	test(`unknown function: ${source}${scope === declaresNothing ? ', no provider declared' : ''}`, t => {
		t.is(message(source, scope), expected);
	});
}

test('the suggestion is the nearest name within distance 2, the first listed on a tie', t => {
	t.is(message('nope(1)', scopeWith(lookupFunction, () => ['one', 'type', 'nopx'])), 'Call to unknown function: There is no function named "nope". Did you mean "nopx"?');
	t.is(message('nope(1)', scopeWith(lookupFunction, () => ['one', 'type'])), 'Call to unknown function: There is no function named "nope". Did you mean "one"?');
	t.is(message('nope(1)', scopeWith(lookupFunction, () => ['type', 'one'])), 'Call to unknown function: There is no function named "nope". Did you mean "type"?');
});

// Columns of the error's subject, as HCL reports them.
const subjects: Array<[string, string]> = [
	['tonumber("x")', '11-12'], // A quoted string's first part, inside the quotes.
	['tonumber(upper("x"))', '10-16'], // A call's name and opening parenthesis.
	['upper(1, 2)', '10-11'], // Too many arguments: the first extra one.
	['upper()', '7-8'], // Not enough: the closing parenthesis.
	['file("missing.txt")', '1-6'], // An error of the call itself: name and parenthesis.
	['try(tonumber("x"), tobool("y"))', '1-5'], // try names each failure in its detail.
	['try()', '1-5'],
	['can()', '5-6'],
	['can(1, upper("a"))', '8-14'],
	['"a${[1]}b"', '5-8'], // An interpolation: the expression inside ${…}.
	['"a${null}b"', '5-9'],
	['upper(["a"])', '7-12'],
];

for (const [source, expected] of subjects) {
	test(`error subject: ${source}`, t => {
		t.is(subject(source), expected);
	});
}

/*
convert (Terraform 1.15+) takes a type expression, which the evaluator reads rather than evaluates; its arity errors are any call's, at the same places: the closing parenthesis, the start of the first extra argument (the text inside the quotes of "abc", not the quotes).
*/
const convertScope = scopeWith(name => functionTable({dialect: 'terraform', version: '1.16'}).lookup(name), () => functionTable({dialect: 'terraform', version: '1.16'}).names());
const convertSubjects: Array<[string, string, string]> = [
	['convert(1)', '10-11', 'Not enough function arguments: Function "convert" expects 2 argument(s). Missing value for "type".'],
	['convert(1, number, "abc")', '21-24', 'Too many function arguments: Function "convert" expects only 2 argument(s).'],
	['convert(1, number, upper("a"))', '20-26', 'Too many function arguments: Function "convert" expects only 2 argument(s).'],
	['upper("a", "abc")', '13-16', 'Too many function arguments: Function "upper" expects only 1 argument(s).'],
];

for (const [source, expectedSubject, expectedMessage] of convertSubjects) {
	test(`arity error, as for any call: ${source}`, t => {
		t.is(subject(source, convertScope), expectedSubject);
		t.is(message(source, convertScope), expectedMessage);
	});
}

test('try lists each failure at its argument\'s start range', t => {
	t.regex(message('try(tonumber("x"), tobool("y"))'), /\(at test\.tf:1,15-16\)[\s\S]*\(at test\.tf:1,28-29\)/);
});

const literalTemplate = 'Invalid function argument: Invalid value for "template" parameter: invalid template expression: templatestring is only for rendering templates retrieved dynamically from elsewhere, and so does not support providing a literal template; consider using a template string expression instead.';
const wrapped = 'Invalid function argument: Invalid value for "template" parameter: invalid template expression: templatestring is only for rendering templates retrieved dynamically from elsewhere; to treat the inner expression as template syntax, write the reference expression directly without any template interpolation syntax.';
const inline = 'Invalid function argument: Invalid value for "template" parameter: invalid template expression: templatestring is only for rendering templates retrieved dynamically from elsewhere; to render an inline template, consider using a plain template string expression.';
const notReference = 'Invalid function argument: Invalid value for "template" parameter: invalid template expression: must be a direct reference to a single string from elsewhere, containing valid Terraform template syntax.';

const templateStrings: Array<[string, string]> = [
	['templatestring("Hello, $${name}!", {name = "W"})', literalTemplate],
	['templatestring(<<EOT\n$${x}\nEOT\n, {x = 1})', literalTemplate],
	['templatestring(<<EOT\n${var.tpl}\nEOT\n, {name = "W"})', inline],
	['templatestring("a${var.tpl}", {name = "W"})', inline],
	['templatestring("${upper(var.tpl)}", {name = "W"})', wrapped],
	['templatestring("x", "y")', literalTemplate], // The template is refused before the vars are looked at.
	['templatestring("${var.tpl}", {name = "W"})', wrapped],
	['templatestring(upper(var.tpl), {name = "W"})', notReference],
	['templatestring((var.tpl), {name = "W"})', notReference],
	['templatestring("${var.nope}", {})', 'Reference to undeclared input variable: An input variable with the name "nope" has not been declared. This variable can be declared with a variable "nope" {} block.'], // References are checked before the call.
	['templatestring(var.tpl, {name = "W"})', '"Hello, W!"'],
	['templatestring([var.tpl][0], {name = "W"})', notReference],
	['templatestring({a = var.tpl}.a, {name = "W"})', notReference],
	['templatestring(var.tpl, nope)', 'Invalid reference: A reference to a resource type must be followed by at least one attribute access, specifying the resource name.'],
];

for (const [source, expected] of templateStrings) {
	test(`templatestring: ${source.replaceAll('\n', '\\n')}`, t => {
		const parsed = parseExpression(source, 'test.tf');
		const result = evaluate(parsed.value, scopeWith(lookupFunction));
		const error = result.diagnostics.find(diagnostic => diagnostic.severity === 'error');
		t.is(error ? `${error.summary}: ${error.detail ?? ''}` : formatValue(result.value), expected);
	});
}

test('whether a function walks its arguments whole is its spec\'s, under core:: too', t => {
	const table = functionTable({dialect: 'terraform', version: '1.16'});
	const shallow = table.names().filter(name => table.lookup(name)?.shallow === true).sort();
	t.deepEqual(shallow, ['alltrue', 'anytrue', 'chunklist', 'coalesce', 'coalescelist', 'compact', 'concat', 'contains', 'element', 'index', 'keys', 'length', 'lookup', 'merge', 'one', 'range', 'reverse', 'setproduct', 'slice', 'values', 'zipmap']);
	t.true(table.lookup('core::length')?.shallow);
	t.falsy(table.lookup('jsonencode')?.shallow);
});
