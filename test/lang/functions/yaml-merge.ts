import test from 'ava';
import {describeExpression} from '../../helpers/functions.js';

/*
yamldecode's merge keys (`<<`), by release. Terraform 1.11–1.16 and OpenTofu up to 1.11 pin go-cty-yaml 1.1.0 (go.mod on hashicorp/terraform v1.11..v1.16, opentofu v1.11): a merge key takes one mapping. OpenTofu 1.12 pins go-cty-yaml 1.2.0 (opentofu v1.12 go.mod; CHANGELOG "yamldecode ... sequences of mappings", opentofu#3607): it also takes a sequence of mappings, and a key tagged `!!merge` is a merge key.

The Terraform column is `terraform console` 1.11.4 output, case by case. The OpenTofu 1.12 column follows go-cty-yaml v1.2.0 (zclconf/go-cty-yaml 229f481): decode.go unmarshalMapping and implied_type.go impliedTypeMapping (a later key replaces an earlier one, merged or written; errors at the key's event, `cannot merge T (from sequence) into mapping`), resolve.go isMergeKey (an untagged `<<`, quoted or not, or the merge tag), and the cases of its decode_test.go, implied_type_test.go and cty_funcs_test.go ("merge sequence of mappings", "merge with conflicting keys", "merge sequence with scalar", "merge sequence with sequence", "merge by explicit tag", "merge by reference").
*/

type MergeCase = readonly [expression: string, terraform: string, openTofu112: string];

const object = (...lines: string[]) => `{\n${lines.map(line => `  ${line}`).join('\n')}\n}`;
const failed = (message: string) => `error: Call to function "yamldecode" failed: ${message}.`;
const abcd = object('"a" = "aa"', '"b" = "bb"', '"c" = "cc"', '"d" = "dd"');

const cases: readonly MergeCase[] = [
	// A mapping: both.
	[String.raw`yamldecode("a: aa\n<<:\n  b: bb\n  c: cc\nd: dd")`, abcd, abcd],
	[String.raw`yamldecode("a: aa\n<<:\n  a: aaa\n<<:\n  b: bbb\nb: bb")`, object('"a" = "aaa"', '"b" = "bb"'), object('"a" = "aaa"', '"b" = "bb"')],
	[String.raw`yamldecode("a: &foo\n  beep: boop\nb:\n  <<: *foo\n  bleep: bloop")`, object('"a" = {', '  "beep" = "boop"', '}', '"b" = {', '  "beep" = "boop"', '  "bleep" = "bloop"', '}'), object('"a" = {', '  "beep" = "boop"', '}', '"b" = {', '  "beep" = "boop"', '  "bleep" = "bloop"', '}')],
	[String.raw`yamldecode("\"<<\": {a: 1}")`, object('"a" = 1'), object('"a" = 1')],
	// A sequence of mappings: OpenTofu 1.12 only, later mappings winning.
	[String.raw`yamldecode("a: aa\n<<:\n  - b: bb\n  - c: cc\nd: dd")`, failed('on line 1, column 1: cannot merge tuple into mapping'), abcd],
	[String.raw`yamldecode("k: 0\n<<: [{k: 1, m: 1}, {m: 2}]\nz: 3")`, failed('on line 1, column 1: cannot merge tuple into mapping'), object('"k" = 1', '"m" = 2', '"z" = 3')],
	[String.raw`yamldecode("b: &b {k: 2}\nc: {<<: [{k: 1}, *b]}")`, failed('on line 1, column 5: cannot merge tuple into mapping'), object('"b" = {', '  "k" = 2', '}', '"c" = {', '  "k" = 2', '}')],
	[String.raw`yamldecode("x: 1\nz:\n  <<: []")`, failed('on line 2, column 3: cannot merge tuple into mapping'), object('"x" = 1', '"z" = {}')],
	[String.raw`yamldecode("a: aa\n<<:\n  - b: bb\n  - uh")`, failed('on line 1, column 1: cannot merge tuple into mapping'), failed('on line 1, column 1: cannot merge string (from sequence) into mapping')],
	[String.raw`yamldecode("a: aa\n<<:\n  - b: bb\n  - []\nd: dd")`, failed('on line 1, column 1: cannot merge tuple into mapping'), failed('on line 1, column 1: cannot merge tuple (from sequence) into mapping')],
	[String.raw`yamldecode("a: aa\n<<:\n  - b: bb\n  - ~")`, failed('on line 1, column 1: cannot merge tuple into mapping'), failed('on line 1, column 1: cannot merge dynamic (from sequence) into mapping')],
	[String.raw`yamldecode("{<<: [1]}")`, failed('cannot merge tuple into mapping'), failed('cannot merge number (from sequence) into mapping')],
	// An explicit merge tag in key position: OpenTofu 1.12 only; anywhere else an unsupported tag in both.
	[String.raw`yamldecode("a: aa\n!!merge x:\n  b: bb")`, failed('unsupported tag "tag:yaml.org,2002:merge"'), object('"a" = "aa"', '"b" = "bb"')],
	[String.raw`yamldecode("a: !!merge x")`, failed('unsupported tag "tag:yaml.org,2002:merge"'), failed('unsupported tag "tag:yaml.org,2002:merge"')],
	// Anything else is no mapping to merge; `<<` elsewhere is a string.
	[String.raw`yamldecode("a: aa\n<<: x")`, failed('on line 1, column 1: cannot merge string into mapping'), failed('on line 1, column 1: cannot merge string into mapping')],
	[String.raw`yamldecode("a: aa\n<<: ~")`, failed('on line 1, column 1: cannot merge dynamic into mapping'), failed('on line 1, column 1: cannot merge dynamic into mapping')],
	[String.raw`yamldecode("x: 1\ny:\n  <<: 1")`, failed('on line 2, column 3: cannot merge number into mapping'), failed('on line 2, column 3: cannot merge number into mapping')],
	[String.raw`yamldecode("a: <<")`, object('"a" = "<<"'), object('"a" = "<<"')],
	[String.raw`yamldecode("- <<")`, '[\n  "<<",\n]', '[\n  "<<",\n]'],
	// go-cty-yaml names a tag as the parser resolved it, at the scalar's line after the first (terraform console).
	[String.raw`yamldecode("a: aa\nb: !!foo x")`, failed('on line 1, column 4: unsupported tag "tag:yaml.org,2002:foo"'), failed('on line 1, column 4: unsupported tag "tag:yaml.org,2002:foo"')],
];

for (const [expression, terraform, openTofu112] of cases) {
	test(`yamldecode merge keys: ${expression}`, t => {
		t.is(describeExpression(expression, {dialect: 'terraform', version: '1.11'}), terraform, 'Terraform 1.11');
		t.is(describeExpression(expression, {dialect: 'terraform', version: '1.16'}), terraform, 'Terraform 1.16');
		t.is(describeExpression(expression, {dialect: 'opentofu', version: '1.11'}), terraform, 'OpenTofu 1.11');
		t.is(describeExpression(expression, 'opentofu'), terraform, 'OpenTofu as of 1.11');
		t.is(describeExpression(expression, {dialect: 'opentofu', version: '1.12'}), openTofu112, 'OpenTofu 1.12');
	});
}
