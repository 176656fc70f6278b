import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {rulesFor} from '../../source/config/language.js';
import {type MismatchWording, convert, conversionFailureText, mismatchMessage} from '../../source/lang/convert.js';
import {
	type Type, boolType, dynamicType, listType, mapType, numberType, objectType, stringType, tupleType,
} from '../../source/lang/types.js';
import {loadWorkspace} from '../../source/workspace.js';
import {toValue} from '../helpers/lang.js';

/*
How a type mismatch is worded, by go-cty release: up to 1.16.2 only what was required; from 1.16.3 (zclconf/go-cty 89f0621, "convert: More forthcoming about cause in MismatchMessage", cty/convert/mismatch_msg.go typesAreLikelyToCauseConfusion) also the type given, where that is unlikely to confuse. Which go-cty each release pins, from its go.mod: Terraform v1.11 1.16.0, v1.12 1.16.2, v1.13 and v1.14 1.16.3, v1.15 1.18.0, v1.16 1.18.1 (hashicorp/terraform branches); OpenTofu v1.10 1.16.3, v1.11 1.17.0, v1.12 1.18.0 (opentofu/opentofu branches).
*/

const empty = objectType({});
const foo = objectType({foo: stringType});

// [got, want, go-cty 1.16.0-1.16.2, go-cty 1.16.3+, where the 1.16.3+ words are written]
const cases: ReadonlyArray<readonly [got: Type, want: Type, terse: string, withGivenType: string, source: string]> = [
	[boolType, numberType, 'number required', 'number required, but have bool', 'go-cty v1.16.3 cty/convert/mismatch_msg_test.go'],
	[numberType, boolType, 'bool required', 'bool required, but have number', 'opentofu v1.12 internal/lang/evalchecks/eval_lifecycle_enabled_test.go'],
	[listType(stringType), boolType, 'bool required', 'bool required, but have list of string', 'opentofu v1.12 internal/lang/evalchecks/eval_lifecycle_enabled_test.go'],
	[tupleType([]), boolType, 'bool required', 'bool required, but have tuple', 'opentofu v1.12 internal/lang/evalchecks/eval_lifecycle_enabled_test.go'],
	[foo, stringType, 'string required', 'string required, but have object', 'terraform v1.16 internal/terraform/eval_variable_test.go'],
	[tupleType([stringType]), stringType, 'string required', 'string required, but have tuple', 'terraform v1.16 internal/terraform/context_validate_test.go'],
	[mapType(stringType), stringType, 'string required', 'string required, but have map of string', 'terraform v1.16 internal/backend/backendbase/base_test.go'],
	[listType(stringType), listType(foo), 'incorrect list element type: object required', 'incorrect list element type: object required, but have string', 'go-cty v1.16.3 cty/convert/mismatch_msg_test.go'],
	[objectType({a: boolType}), objectType({a: numberType}), 'attribute "a": number required', 'attribute "a": number required, but have bool', 'go-cty v1.16.3 cty/convert/public_test.go'],
	[tupleType([stringType, boolType]), listType(numberType), 'element 1: number required', 'element 1: number required, but have bool', 'mismatch_msg.go: mismatchMessageCollectionsFromStructural recurses'],
	// FriendlyName, not FriendlyNameForConstraint, in the new words.
	[stringType, listType(dynamicType), 'list of any single type required', 'list of dynamic required, but have string', 'mismatch_msg.go: want.FriendlyName()'],
	[tupleType([]), foo, 'object required', 'object required, but have tuple', 'mismatch_msg.go: tuple to object'],
	// Unchanged: cases MismatchMessage answers before, and those it still finds confusing.
	[foo, tupleType([]), 'tuple required', 'tuple required', 'mismatch_msg.go: its object-to-tuple test reads got twice'],
	[listType(stringType), foo, 'object required', 'object required', 'mismatch_msg.go: collection to object is confusing'],
	[empty, foo, 'attribute "foo" is required', 'attribute "foo" is required', 'go-cty v1.16.3 cty/convert/mismatch_msg_test.go'],
	[empty, listType(foo), 'list of object required', 'list of object required', 'go-cty v1.16.3 cty/convert/mismatch_msg_test.go'],
	[tupleType([empty]), listType(foo), 'element 0: attribute "foo" is required', 'element 0: attribute "foo" is required', 'go-cty v1.16.3 cty/convert/mismatch_msg_test.go'],
	[tupleType([empty, tupleType([])]), listType(dynamicType), 'all list elements must have the same type', 'all list elements must have the same type', 'go-cty v1.16.3 cty/convert/mismatch_msg_test.go'],
	[objectType({a: stringType, b: tupleType([])}), mapType(dynamicType), 'all map elements must have the same type', 'all map elements must have the same type', 'go-cty v1.16.0 cty/convert/public_test.go'],
	[listType(stringType), mapType(stringType), 'map of string required', 'map of string required', 'mismatch_msg.go: mismatchMessageCollectionsFromCollections'],
];

for (const [got, want, terse, withGivenType, source] of cases) {
	test(`${withGivenType} (${source})`, t => {
		t.is(mismatchMessage(got, want, 'terse'), terse);
		t.is(mismatchMessage(got, want, 'with-given-type'), withGivenType);
	});
}

test('a value\'s own failure reads the same in every release', t => {
	for (const wording of ['terse', 'with-given-type'] as const) {
		const result = convert(toValue('x'), numberType);
		t.is(result.ok ? '' : conversionFailureText(result, wording), 'a number is required');
	}
});

test('a failed conversion carries the types, worded later', t => {
	const result = convert(toValue([1, 'a']), stringType);
	t.false(result.ok);
	if (!result.ok) {
		t.is(result.reason.kind, 'mismatch');
		t.is(conversionFailureText(result, 'terse'), 'string required');
		t.is(conversionFailureText(result, 'with-given-type'), 'string required, but have tuple');
	}
});

const releases: ReadonlyArray<readonly ['terraform' | 'opentofu', string, MismatchWording]> = [
	['terraform', '1.11', 'terse'],
	['terraform', '1.12', 'terse'],
	['terraform', '1.13', 'with-given-type'],
	['terraform', '1.16', 'with-given-type'],
	['opentofu', '1.11', 'with-given-type'],
	['opentofu', '1.12', 'with-given-type'],
];

for (const [mode, version, wording] of releases) {
	test(`${mode} ${version} words mismatches ${wording}`, t => {
		t.is(rulesFor(mode, version).mismatchWording, wording);
	});
}

/*
End to end: a configuration's version constraint chooses the words in the console, a variable's default, a function argument, an operand, an index key, a template and `count`.
*/
function configuration(requiredVersion: string | undefined): string {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-wording-'));
	fs.writeFileSync(path.join(directory, 'main.tf'), `${requiredVersion === undefined ? '' : `terraform {\n  required_version = "${requiredVersion}"\n}\n\n`}variable "name" {
  type    = string
  default = ["a"]
}

resource "terraform_data" "x" {
  count = true
  input = "x"
}
`);
	return directory;
}

const expressions: ReadonlyArray<readonly [expression: string, terse: string, withGivenType: string]> = [
	['1 + true', 'Unsuitable value for right operand: number required.', 'Unsuitable value for right operand: number required, but have bool.'],
	['upper([])', 'Invalid value for "str" parameter: string required.', 'Invalid value for "str" parameter: string required, but have tuple.'],
	['format("%d", true)', 'Call to function "format" failed: unsupported value for "%d" at 0: number required.', 'Call to function "format" failed: unsupported value for "%d" at 0: number required, but have bool.'],
	['formatlist("%d", [true])', 'Call to function "formatlist" failed: error on format iteration 0: unsupported value for "%d" at 0: number required.', 'Call to function "formatlist" failed: error on format iteration 0: unsupported value for "%d" at 0: number required, but have bool.'],
	['["a"][true]', 'The given key does not identify an element in this collection value: number required.', 'The given key does not identify an element in this collection value: number required, but have bool.'],
	['"a${[1]}"', 'Cannot include the given value in a string template: string required.', 'Cannot include the given value in a string template: string required, but have tuple.'],
];

for (const [constraint, wording] of [['~> 1.12.0', 'terse'], [undefined, 'with-given-type']] as const) {
	test(`a configuration read by Terraform ${constraint === undefined ? '1.16' : '1.12'} words mismatches ${wording}`, async t => {
		const directory = configuration(constraint);
		try {
			const workspace = await loadWorkspace({directory});
			t.is(workspace.language.rules.mismatchWording, wording);
			for (const [expression, terse, withGivenType] of expressions) {
				const {diagnostics} = workspace.evaluateAt(expression);
				t.deepEqual(diagnostics.map(diagnostic => diagnostic.detail), [wording === 'terse' ? terse : withGivenType], expression);
			}

			const details = workspace.diagnostics.map(diagnostic => diagnostic.detail ?? '');
			const given = (type: string): string => (wording === 'terse' ? '' : `, but have ${type}`);
			t.true(details.some(detail => detail.startsWith('The given value is not suitable for var.name') && detail.endsWith(`: string required${given('tuple')}.`)), details.join('\n'));
			t.true(details.includes(`Invalid expression value: number required${given('bool')}.`), details.join('\n'));
		} finally {
			fs.rmSync(directory, {recursive: true, force: true});
		}
	});
}
