import test from 'ava';
import {consoleFunctionNames} from '../../../source/commands/console.js';
import {parseExpression} from '../../../source/hcl/index.js';
import {evaluate, evaluateReporting} from '../../../source/lang/eval/evaluate.js';
import {type Scope, createScope, moduleResolver} from '../../../source/lang/eval/scope.js';
import {formatValue} from '../../../source/lang/format-value.js';
import {callFunction, FunctionError} from '../../../source/lang/function.js';
import {lookupFunction} from '../../../source/lang/functions/index.js';
import {
	dynamicType, listType, numberType, objectType, stringType,
} from '../../../source/lang/types.js';
import {
	type Value, markSensitive, numberValue, objectValue, stringValue, unknownValue,
} from '../../../source/lang/values.js';

/*
Evaluation against a hand-made scope: unknown values (which terraform console only shows for resources without state), sensitive values, the scope API. Exact console text is compared; cases that terraform console can show are in test/commands/console.ts.
*/

function testScope(): Scope {
	const variables = new Map<string, Value>([
		['u', unknownValue(stringType)],
		['ul', unknownValue(listType(stringType))],
		['d', unknownValue(dynamicType)],
		['obj', unknownValue(objectType({a: numberType}))],
		['s', markSensitive(stringValue('secret'))],
		['n', numberValue(2)],
		['open', {kind: 'object', attributes: new Map([['name', stringValue('x')]]), open: true}],
	]);
	return createScope({
		resolveReference: moduleResolver({
			variables,
			count: {index: numberValue(1)},
			each: {key: stringValue('k'), value: objectValue({v: numberValue(9)})},
			moduleDescription: 'module.child',
		}),
		functions: lookupFunction,
		functionNames: () => consoleFunctionNames,
		functionContext: {baseDirectory: '.', impure: true},
	});
}

function run(source: string, scope = testScope()): string {
	const parsed = parseExpression(source, 'test.tf');
	if (parsed.diagnostics.length > 0) {
		return `parse: ${parsed.diagnostics.map(diagnostic => diagnostic.summary).join(', ')}`;
	}

	const result = evaluate(parsed.value, scope);
	const errors = result.diagnostics.filter(diagnostic => diagnostic.severity === 'error');
	if (errors.length > 0) {
		return errors.map(diagnostic => `${diagnostic.summary}: ${diagnostic.detail ?? ''}`).join('\n');
	}

	return formatValue(result.value);
}

const evaluatesTo = test.macro({
	exec(t, source: string, expected: string) {
		t.is(run(source), expected);
	},
	title: (_title, source: string) => source,
});

// Unknowns propagate.
test(evaluatesTo, 'var.u', '(known after apply)');
test(evaluatesTo, 'var.u == "a"', '(known after apply)');
test(evaluatesTo, 'var.u == 1', 'false');
test(evaluatesTo, 'var.n + 1', '3');
test(evaluatesTo, 'var.n + var.d', '(known after apply)');
test(evaluatesTo, '"x${var.u}"', '(known after apply)');
test(evaluatesTo, '"${var.d}"', '(known after apply)');
test(evaluatesTo, 'var.ul[0]', '(known after apply)');
test(evaluatesTo, 'var.ul[*]', '(known after apply)');
test(evaluatesTo, 'length(var.ul)', '(known after apply)');
// A nested splat over scalars gives a tuple of one element, or none for a null: a list's splat cannot hold both (HCL 2.24, hclsyntax/expression.go SplatExpr.Value, commit 8c8dab2; Terraform 1.11 panics).
test(evaluatesTo, 'tolist([{x = "a"}, {x = null}])[*].x[*]', 'Invalid nested splat expressions: The second level of splat expression produced elements of different types, so it isn\'t possible to construct a valid list to represent the top-level result.\n\nConsider using a for expression instead, to produce a tuple-typed result which can therefore have non-homogenous element types.');
test(evaluatesTo, 'tolist([{x = "a"}, {x = "b"}])[*].x[*]', 'tolist([\n  [\n    "a",\n  ],\n  [\n    "b",\n  ],\n])');
test(evaluatesTo, '[{x = "a"}, {x = null}][*].x[*]', '[\n  [\n    "a",\n  ],\n  [],\n]');
test(evaluatesTo, 'tolist([{x = "a"}, {x = var.d}])[*].x[*]', 'tolist([\n  [\n    "a",\n  ],\n  (known after apply),\n])');
test(evaluatesTo, 'upper(var.u)', '(known after apply)');
test(evaluatesTo, 'var.obj.a', '(known after apply)');
test(evaluatesTo, 'var.obj.b', 'Unsupported attribute: This object does not have an attribute named "b".');
test(evaluatesTo, 'var.d.anything[3]', '(known after apply)');
test(evaluatesTo, '[for x in var.ul : x]', '(known after apply)');
// Set elements that are not wholly known are never known to be equal: both stay.
test(evaluatesTo, 'length(toset([{a = var.u}, {a = var.u}]))', '(known after apply)');
test(evaluatesTo, 'toset([{a = var.u}, {a = var.u}])', 'toset([\n  {\n    "a" = (known after apply)\n  },\n  {\n    "a" = (known after apply)\n  },\n])');
test(evaluatesTo, '{for x in var.d : x => x}', '(known after apply)');
test(evaluatesTo, 'var.u ? 1 : 2', '(known after apply)');
test(evaluatesTo, 'true ? var.u : "b"', '(known after apply)');
test(evaluatesTo, 'false ? var.u : "b"', '"b"');
test(evaluatesTo, '[var.u, 1]', '[\n  (known after apply),\n  1,\n]');
test(evaluatesTo, '{a = var.u}', '{\n  "a" = (known after apply)\n}');
test(evaluatesTo, 'var.u && true', '(known after apply)');
// Short-circuit (Terraform 1.12+, OpenTofu 1.10+; hcl hclsyntax/expression_ops.go): a known deciding operand decides beside an unknown one.
test(evaluatesTo, 'var.d && false', 'false');
test(evaluatesTo, 'true || var.d', 'true');
test(evaluatesTo, 'var.d || false', '(known after apply)');
test(evaluatesTo, 'try(var.u, "x")', '(known after apply)');
test(evaluatesTo, 'can(var.u)', '(known after apply)');
test(evaluatesTo, 'can(var.n)', 'true');
test(evaluatesTo, '"%{for x in var.ul}${x}%{endfor}"', '(known after apply)');
test(evaluatesTo, '"%{if var.u == "a"}y%{endif}"', '(known after apply)');
test(evaluatesTo, 'max(var.ul...)', '(known after apply)');
test(evaluatesTo, '[var.u][0]', '(known after apply)');
test(evaluatesTo, '{a = 1}[var.u]', '(known after apply)');

// Sensitive values stay sensitive through operations.
test(evaluatesTo, 'var.s', '(sensitive value)');
test(evaluatesTo, 'upper(var.s)', '(sensitive value)');
test(evaluatesTo, 'var.s == "secret"', '(sensitive value)');
test(evaluatesTo, '"${var.s}!"', '(sensitive value)');
test(evaluatesTo, 'nonsensitive(var.s)', '"secret"');
test(evaluatesTo, '[var.s]', '[\n  (sensitive value),\n]');
test(evaluatesTo, '{k = var.s}.k', '(sensitive value)');
test(evaluatesTo, 'sensitive({a = 1}).a', '(sensitive value)');
test(evaluatesTo, '[for c in sensitive(["a"]) : c]', '(sensitive value)');

// The scope: references, for variables, count and each, open objects.
test(evaluatesTo, 'count.index', '1');
test(evaluatesTo, 'each.key', '"k"');
test(evaluatesTo, 'each.value.v', '9');
test(evaluatesTo, 'each.other', 'Invalid "each" attribute: The "each" object does not have an attribute named "other". The supported attributes are each.key and each.value, the current key and value pair of the "for_each" attribute set.');
test(evaluatesTo, 'aws_instance.web', 'Reference to undeclared resource: A managed resource "aws_instance" "web" has not been declared in module.child.');
test(evaluatesTo, 'module.m', 'Reference to undeclared module: No module call named "m" is declared in module.child.');
test(evaluatesTo, 'var.o', 'Reference to undeclared input variable: An input variable with the name "o" has not been declared. Did you mean "d"?');
test(evaluatesTo, '[for var in [1, 2] : var]', '[\n  1,\n  2,\n]');
test(evaluatesTo, '[for each in [1] : [for count in [2] : each + count]]', '[\n  [\n    3,\n  ],\n]');
test(evaluatesTo, 'var.open.name', '"x"');
test(evaluatesTo, 'var.open.id', '(known after apply)');
test(evaluatesTo, 'var.open["arn"]', '(known after apply)');
test(evaluatesTo, 'true ? 1 : var.undeclared', 'Reference to undeclared input variable: An input variable with the name "undeclared" has not been declared. This variable can be declared with a variable "undeclared" {} block.');
test(evaluatesTo, '[for x in [] : var.undeclared]', 'Reference to undeclared input variable: An input variable with the name "undeclared" has not been declared. This variable can be declared with a variable "undeclared" {} block.');
test(evaluatesTo, 'can(var.undeclared)', 'Reference to undeclared input variable: An input variable with the name "undeclared" has not been declared. This variable can be declared with a variable "undeclared" {} block.');

test('scope.child binds names that shadow references, innermost first', t => {
	const scope = testScope().child(new Map([['x', numberValue(1)]])).child(new Map<string, Value>([['x', numberValue(2)], ['var', stringValue('bound')]]));
	t.is(run('x', scope), '2');
	t.is(run('var', scope), '"bound"');
	t.is(scope.lookup('x')?.kind, 'number');
	t.is(scope.parent?.lookup('var'), undefined);
});

test('a resolver sees the static traversal and the steps past the subject', t => {
	const seen: string[] = [];
	const scope = createScope({
		resolveReference(reference) {
			seen.push(`${reference.subject.kind} ${reference.remaining.map(step => (step.kind === 'attribute' ? step.name : String(step.key))).join(',')}`);
			return {value: objectValue({id: stringValue('i-1')}), diagnostics: []};
		},
	});
	t.is(run('aws_instance.web.id', scope), '"i-1"');
	t.is(run('data.t.n["x"]', scope), 'Invalid index: The given key does not identify an element in this collection value.');
	// Each reference is resolved when references are checked, before evaluation, and again while evaluating.
	t.deepEqual([...new Set(seen)], ['resource id', 'resource x']);
});

test('diagnostics carry the source range of the failing part', t => {
	const parsed = parseExpression('1 + "a"', 'main.tf');
	const result = evaluate(parsed.value, testScope());
	const [diagnostic] = result.diagnostics;
	t.is(diagnostic?.subject?.start.column, 5);
	t.is(diagnostic?.subject?.end.column, 8);
});

test('callFunction words arity errors as Terraform does', t => {
	const upper = lookupFunction('upper')!;
	const context = {baseDirectory: '.', impure: true};
	t.is(t.throws(() => callFunction(upper, [], context), {instanceOf: FunctionError})?.message, 'Function "upper" expects 1 argument(s). Missing value for "str".');
	t.is(t.throws(() => callFunction(upper, [stringValue('a'), stringValue('b')], context), {instanceOf: FunctionError})?.message, 'Function "upper" expects only 1 argument(s).');
});

// Infinities, with cty's messages (checked against terraform console).
test(evaluatesTo, '1/0 - 1/0', 'Operation failed: Error during operation: can\'t subtract infinity from itself.');
test(evaluatesTo, '1/0 + -1/0', 'Operation failed: Error during operation: can\'t compute sum of opposing infinities.');
test(evaluatesTo, '1/0 * 0', 'Operation failed: Error during operation: can\'t multiply zero by infinity.');
test(evaluatesTo, '0/0', 'Operation failed: Error during operation: can\'t divide zero by zero or infinity by infinity.');
test(evaluatesTo, '-(1/0)', '-Inf');
test(evaluatesTo, '0 % 0', '0');

// Integer arithmetic small enough for float64 takes a shortcut that must give what the big-float path gives (checked against terraform console): signs of zero, truncated remainders, results past 2^53.
test(evaluatesTo, '0 * -3', '-0');
test(evaluatesTo, '-3 * 0', '-0');
test(evaluatesTo, '3 - 3', '0');
test(evaluatesTo, '-4 % 2', '0');
test(evaluatesTo, '-7 % 3', '-1');
test(evaluatesTo, '7 % -3', '1');
test(evaluatesTo, 'var.n % 2 == 0', 'true');
test(evaluatesTo, '999999999999999 * 999999999999999', '999999999999998000000000000001');
test(evaluatesTo, '9007199254740991 + 2', '9007199254740993');

// merge of known objects builds its result without working out the return type first: later arguments win, names in order, marks of the arguments kept.
test(evaluatesTo, 'merge({b = 1, a = 2}, {c = 3, a = 4})', '{\n  "a" = 4\n  "b" = 1\n  "c" = 3\n}');
test(evaluatesTo, 'merge({a = 1}, sensitive({b = 2}))', '(sensitive value)');
test(evaluatesTo, 'merge({a = 1}, {b = var.s}).a', '1');
test(evaluatesTo, 'length(merge({for i in range(100) : "k${i}" => i}, {for i in range(50, 150) : "k${i}" => -i})) == 150 && merge({for i in range(100) : "k${i}" => i}, {for i in range(50, 150) : "k${i}" => -i}).k60 == -60', 'true');
test(evaluatesTo, 'keys(merge({c = 1, a = 2}, {d = 3, b = 4, a = 5}))', '[\n  "a",\n  "b",\n  "c",\n  "d",\n]');

test('a nested splat\'s error is on the nested part, in the context of the whole splat', t => {
	const parsed = parseExpression('tolist([{x = "a"}, {x = null}])[*].x[*]', 'test.tf');
	const [error] = evaluate(parsed.value, testScope()).diagnostics;
	t.is(error?.summary, 'Invalid nested splat expressions');
	t.deepEqual([error?.subject?.start.column, error?.subject?.end.column, error?.context?.start.column, error?.context?.end.column], [32, 40, 1, 40]);
});

test('evaluateReporting gives evaluate\'s value and passes on its diagnostics, only when there are some', t => {
	const scope = testScope();
	for (const source of ['var.n + 1', 'format("%s-%02d", "a", var.n)', 'format("%s-%02d", "b", var.n)', 'var.missing', 'var.n + "x"', '[for x in [1, 2] : var.nope]', '{b = var.n, a = 1}']) {
		const expression = parseExpression(source, 'test.tf').value;
		const expected = evaluate(expression, scope);
		const reported: unknown[][] = [];
		const value = evaluateReporting(expression, scope, diagnostics => {
			reported.push([...diagnostics]);
		});
		t.is(formatValue(value), formatValue(expected.value), source);
		t.deepEqual(reported, expected.diagnostics.length === 0 ? [] : [expected.diagnostics], source);
	}
});

// Object constructors of bare names: their keys are worked out once per node, names already in order sharing one list of places; each value must land under its own name, in or out of order, whatever objects came before.
test('object constructors put each value under its name, names in order or not', t => {
	const names = (count: number, order: 'ascending' | 'descending') => Array.from({length: count}, (_, index) => `k${String(order === 'ascending' ? index : count - 1 - index).padStart(3, '0')}`);
	for (const count of [1, 2, 5, 33, 70, 3]) {
		for (const order of ['ascending', 'descending'] as const) {
			const keys = names(count, order);
			const source = `{${keys.map(key => `${key} = "${key}-value"`).join(', ')}}`;
			const expression = parseExpression(source, 'test.tf').value;
			for (let time = 0; time < 2; time++) {
				const value = evaluate(expression, testScope()).value;
				t.is(value.kind, 'object');
				const attributes = (value as Extract<Value, {kind: 'object'}>).attributes;
				t.deepEqual([...attributes.keys()], [...keys].sort(), `${count} ${order}`);
				t.true([...attributes].every(([key, attribute]) => attribute.kind === 'string' && attribute.value === `${key}-value`), `${count} ${order}`);
			}
		}
	}
});

// A `for` without a key variable makes no keys for a map or object (only a key variable reads them); directives' texts are parts of their template's one string value.
test(evaluatesTo, '[for v in {b = 2, a = 1} : v]', '[\n  1,\n  2,\n]');
test(evaluatesTo, '[for k, v in {b = 2, a = 1} : "${k}=${v}"]', '[\n  "a=1",\n  "b=2",\n]');
test(evaluatesTo, '[for v in tomap({b = "y", a = "x"}) : v]', '[\n  "x",\n  "y",\n]');
test(evaluatesTo, '{for k, v in tomap({b = "y", a = "x"}) : v => k}', '{\n  "x" = "a"\n  "y" = "b"\n}');
test(evaluatesTo, '"%{for k, v in {b = 2, a = 1}}${k}${v}%{if v > 1}!%{else}.%{endif}%{endfor}"', '"a1.b2!"');
test(evaluatesTo, '"[%{for v in [var.n, 3]}<${v}>%{endfor}]" == "[<2><3>]"', 'true');
test(evaluatesTo, 'upper("%{if var.n == 2}two%{endif}-%{for x in ["a", "b"]}${x}%{endfor}")', '"TWO-AB"');
test(evaluatesTo, '"x%{for v in var.ul}${v}%{endfor}"', '(known after apply)');
test(evaluatesTo, '"%{if var.s == "secret"}${var.s}%{endif}"', '(sensitive value)');
