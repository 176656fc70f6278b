import {readFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {describeExpression} from '../../helpers/functions.js';

/*
Functions whose behaviour go-cty changed after 1.16.0, by release. Terraform 1.11 ships go-cty 1.16.0, 1.12 1.16.2, 1.13/1.14 1.16.3, 1.15 1.18.0, 1.16 1.18.1; OpenTofu 1.11 ships 1.17.0 and 1.12 1.18.0 (go.mod of each release branch of hashicorp/terraform and opentofu/opentofu). Terraform 1.11's results are its console's (test/fixtures/functions/go-cty.json, checked by goldens.ts); the later ones are taken from zclconf/go-cty:
- 1.16.1, commit 8920baa (cty/function/stdlib/format.go): FormatFunc and FormatListFunc take AllowDynamicType, so an untyped null is formatted as any null is (`%v` gives `null`, `%s` "null value cannot be formatted") instead of making the call unknown;
- 1.16.2, commit 1c48de3 (cty/json/type_implied.go impliedObjectType): a property repeated with a value of another implied type is `duplicate "a" property in JSON object`; before, the last occurrence's type was the property's and the earlier ones had to unmarshal to it (cty/json/unmarshal.go at v1.16.0);
- 1.16.2, commit d13b46e (cty/function/stdlib/collection.go ElementFunc): a negative index into a tuple is wrapped before its element type is read; before, it panicked.
*/

const goldens = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '..', 'fixtures', 'functions', 'go-cty.json'), 'utf8')) as Array<{readonly expression: string; readonly output?: string; readonly error?: {readonly detail: string}}>;

const terraform111 = {dialect: 'terraform', version: '1.11'} as const;
const later = [{dialect: 'terraform', version: '1.12'}, {dialect: 'terraform', version: '1.16'}, {dialect: 'opentofu', version: '1.11'}, {dialect: 'opentofu', version: '1.12'}] as const;

/**
What go-cty 1.16.2 and later give, where it differs from Terraform 1.11's golden.
*/
const changed: ReadonlyMap<string, string> = new Map([
	['format("%v", null)', '"null"'],
	['format("%s", null)', 'error: Call to function "format" failed: unsupported value for "%s" at 0: null value cannot be formatted.'],
	['format("x%v", null)', '"xnull"'],
	['format("%v %v", 1, null)', '"1 null"'],
	['formatlist("%v", null)', 'tolist([\n  "null",\n])'],
	['formatlist("%s-%v", ["a", "b"], null)', 'tolist([\n  "a-null",\n  "b-null",\n])'],
	['jsondecode("{\\"a\\":1,\\"a\\":\\"x\\"}")', 'error: Call to function "jsondecode" failed: duplicate "a" property in JSON object.'],
	['jsondecode("{\\"a\\":true,\\"a\\":\\"x\\"}")', 'error: Call to function "jsondecode" failed: duplicate "a" property in JSON object.'],
	['jsondecode("{\\"a\\":\\"x\\",\\"a\\":1}")', 'error: Call to function "jsondecode" failed: duplicate "a" property in JSON object.'],
	['jsondecode("{\\"a\\":\\"12\\",\\"a\\":1}")', 'error: Call to function "jsondecode" failed: duplicate "a" property in JSON object.'],
	['jsondecode("{\\"a\\":true,\\"a\\":1}")', 'error: Call to function "jsondecode" failed: duplicate "a" property in JSON object.'],
	['jsondecode("{\\"a\\":\\"true\\",\\"a\\":false}")', 'error: Call to function "jsondecode" failed: duplicate "a" property in JSON object.'],
	['jsondecode("{\\"a\\":\\"yes\\",\\"a\\":false}")', 'error: Call to function "jsondecode" failed: duplicate "a" property in JSON object.'],
	['jsondecode("{\\"a\\":1,\\"a\\":true}")', 'error: Call to function "jsondecode" failed: duplicate "a" property in JSON object.'],
	['jsondecode("[{\\"a\\":1,\\"a\\":true}]")', 'error: Call to function "jsondecode" failed: duplicate "a" property in JSON object.'],
	['jsondecode("{\\"a\\":{\\"b\\":1},\\"a\\":{\\"b\\":\\"x\\"}}")', 'error: Call to function "jsondecode" failed: duplicate "a" property in JSON object.'],
	['jsondecode("{\\"a\\":{\\"b\\":1,\\"c\\":2},\\"a\\":{\\"b\\":\\"x\\"}}")', 'error: Call to function "jsondecode" failed: duplicate "a" property in JSON object.'],
	['jsondecode("{\\"a\\":[1,2],\\"a\\":[\\"x\\"]}")', 'error: Call to function "jsondecode" failed: duplicate "a" property in JSON object.'],
	['jsondecode("{\\"a\\":[1],\\"a\\":[\\"x\\",\\"y\\"]}")', 'error: Call to function "jsondecode" failed: duplicate "a" property in JSON object.'],
	['jsondecode("{\\"a\\":[1],\\"a\\":\\"x\\"}")', 'error: Call to function "jsondecode" failed: duplicate "a" property in JSON object.'],
	['jsondecode("{\\"a\\":\\"x\\",\\"a\\":null}")', 'error: Call to function "jsondecode" failed: duplicate "a" property in JSON object.'],
	['jsondecode("{\\"a\\":null,\\"a\\":\\"x\\"}")', 'error: Call to function "jsondecode" failed: duplicate "a" property in JSON object.'],
	// ImpliedType reads as it goes: the repetition is found before the trailing text.
	['jsondecode("{\\"a\\":1,\\"a\\":\\"x\\"} x")', 'error: Call to function "jsondecode" failed: duplicate "a" property in JSON object.'],
]);

// The comparisons with null are operators, whose rule comes with the language rules rather than the function table (test/lang/eval/equals-marks.ts); goldens.ts checks them at 1.11.
const functionCases = goldens.filter(({expression}) => !expression.includes('sensitive('));

function golden(expression: string): string {
	const found = goldens.find(candidate => candidate.expression === expression)!;
	return found.output ?? `error: ${found.error!.detail.replaceAll('\n', ' ')}`;
}

test('the goldens cover every case, and Terraform 1.11 gives them', t => {
	t.true(functionCases.length >= 25);
	for (const {expression} of functionCases) {
		t.is(describeExpression(expression, terraform111).replaceAll('\n', ' '), golden(expression).replaceAll('\n', ' '), expression);
	}
});

for (const release of later) {
	test(`${release.dialect} ${release.version} has go-cty 1.16.2's format, formatlist, jsondecode and element`, t => {
		for (const {expression} of functionCases) {
			t.is(describeExpression(expression, release).replaceAll('\n', ' '), (changed.get(expression) ?? golden(expression)).replaceAll('\n', ' '), expression);
		}
	});
}

test('element of a tuple with a negative index: Terraform 1.11 panics (the first line of its message), later releases count from the end', t => {
	t.is(describeExpression('element(["x", 1], -1)', terraform111), 'error: Call to function "element" failed: panic in function implementation: runtime error: index out of range [-1].');
	t.is(describeExpression('element(["x", 1, true], -4)', terraform111), 'error: Call to function "element" failed: panic in function implementation: runtime error: index out of range [-1].');
	t.is(describeExpression('element(["x", 1], -2)', terraform111), '"x"');
	for (const release of later) {
		t.is(describeExpression('element(["x", 1], -1)', release), '1');
		t.is(describeExpression('element(["x", 1, true], -4)', release), 'true');
	}
});
