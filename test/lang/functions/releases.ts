import test from 'ava';
import {functionTable} from '../../../source/lang/functions/index.js';
import {describeExpression} from '../../helpers/functions.js';

/*
Where Terraform's functions changed after 1.11, by release. Terraform 1.15 and 1.16 are not on these machines: the expected results come from their source. `convert` (1.15): hashicorp/terraform v1.15 internal/lang/funcs/conversion.go ConvertFunc and internal/lang/functions_test.go ("convert" cases), internal/addrs/parse_ref.go (a lone `string`, `number`, `bool`, `any` is no reference). `contains` of null and `merge` of null objects (1.16, go-cty 1.18.1): zclconf/go-cty v1.18.1 cty/function/stdlib/collection.go ContainsFunc (the value may be null; an untyped null is of dynamic type, which the parameter does not allow, so the result is unknown: cty/function/function.go returnTypeForValues) and MergeFunc (a null object counts as an empty one), with its collection_test.go TestMerge cases.
*/

const noConvert = 'error: There is no function named "convert".';
const nullRefused = 'error: Invalid value for "value" parameter: argument must not be null.';

const cases: ReadonlyArray<readonly [expression: string, byRelease: Readonly<Record<string, string>>]> = [
	['contains(["a", null], tostring(null))', {'1.11': nullRefused, '1.15': nullRefused, '1.16': 'true'}],
	['contains(["a"], tostring(null))', {'1.14': nullRefused, '1.16': 'false'}],
	['contains([], tostring(null))', {'1.16': 'false'}],
	['contains(["a", null], null)', {'1.15': nullRefused, '1.16': '(known after apply)'}],
	['contains(["a", "b"], "a")', {'1.11': 'true', '1.16': 'true'}],
	['convert({}, object({attr = optional(string, "default")}))', {'1.14': noConvert, '1.15': '{\n  "attr" = "default"\n}', '1.16': '{\n  "attr" = "default"\n}'}],
	['convert({}, map(list(map(set(string)))))', {'1.15': 'tomap({})'}],
	['convert(["1", 2], list(number))', {'1.16': 'tolist([\n  1,\n  2,\n])'}],
	['convert("a", number)', {'1.16': 'error: Invalid value for "value" parameter: a number is required.'}],
	['convert(null, string)', {'1.16': 'tostring(null)'}],
	['convert(sensitive("1"), number)', {'1.16': '1 (sensitive)'}],
	['convert(1, strin)', {'1.16': 'error: The keyword "strin" is not a valid type specification.'}],
	['convert(1)', {'1.16': 'error: Function "convert" expects 2 argument(s). Missing value for "type".'}],
	['convert(1, number, 2)', {'1.16': 'error: Function "convert" expects only 2 argument(s).'}],
	['merge(convert(null, object({a = string})))', {'1.16': '{}'}],
	['merge(convert(null, object({a = string})), convert(null, object({b = string})))', {'1.16': '{}'}],
	['merge(convert(null, object({a = string})), {a = "a value"})', {'1.16': '{\n  "a" = "a value"\n}'}],
];

for (const [expression, byRelease] of cases) {
	for (const [version, expected] of Object.entries(byRelease)) {
		test(`Terraform ${version}: ${expression}`, t => {
			t.is(describeExpression(expression, {dialect: 'terraform', version}), expected);
		});
	}
}

test('convert is offered from Terraform 1.15 only, and never by OpenTofu 1.12', t => {
	t.false(functionTable({dialect: 'terraform', version: '1.14'}).names().includes('convert'));
	t.true(functionTable({dialect: 'terraform', version: '1.15'}).names().includes('convert'));
	t.is(functionTable({dialect: 'terraform', version: '1.16'}).lookup('core::convert')?.name, 'convert');
	t.is(functionTable({dialect: 'opentofu', version: '1.12'}).lookup('convert'), undefined);
	t.is(functionTable('terraform').lookup('convert'), undefined);
});
