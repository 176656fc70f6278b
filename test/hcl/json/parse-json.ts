import test from 'ava';
import {
	jsonBlocks, parseConfig, parseJsonConfig, printBody, toHcl2Json,
} from '../../../source/hcl/index.js';
import {findAttribute} from '../../../source/hcl/ast.js';

const source = `{
  "//": "a comment property, skipped",
  "variable": {"region": {"default": "eu-west-1", "type": "string"}},
  "resource": {
    "aws_vpc": {
      "main": {"cidr_block": "\${var.cidr}", "tags": {"Name": "main-\${var.env}"}, "count": 2}
    },
    "aws_subnet": {
      "a": [{"vpc_id": "\${aws_vpc.main.id}"}, {"vpc_id": "other"}]
    }
  },
  "locals": {"list": [1, true, null, "x"], "escaped": "quote \\" and \${upper(\\"a\\")}"}
}`;

test('a JSON file is a body of attributes with templates for strings', t => {
	const {value, diagnostics} = parseJsonConfig(source, 'main.tf.json');
	t.deepEqual(diagnostics, []);
	t.is(value.syntax, 'json');
	t.deepEqual(value.items.map(item => item.kind === 'Attribute' ? item.name : ''), ['variable', 'resource', 'locals']);
	t.is(printBody(value).split('\n')[0], 'variable = {("region" {("default" "eu-west-1") ("type" "string")})}');
});

test('jsonBlocks reads an attribute as blocks with labels from its nesting', t => {
	const {value} = parseJsonConfig(source, 'main.tf.json');
	const resources = jsonBlocks(findAttribute(value, 'resource')!, 2);
	t.deepEqual(resources.diagnostics, []);
	t.deepEqual(resources.value.map(block => [block.type, ...block.labels].join('.')), ['resource.aws_vpc.main', 'resource.aws_subnet.a', 'resource.aws_subnet.a']);
	const [vpc] = resources.value;
	t.is(printBody(vpc!.body), 'cidr_block = (template (${} (. var cidr)))\ntags = {("Name" (template "main-" (${} (. var env))))}\ncount = 2');
	t.is(vpc!.body.syntax, 'json');
	const locals = jsonBlocks(findAttribute(value, 'locals')!, 0);
	t.is(printBody(locals.value[0]!.body), 'list = [1 true null "x"]\nescaped = (template "quote \\" and " (${} (call upper "a")))');
});

test('jsonBlocks reports values of the wrong shape', t => {
	const {value} = parseJsonConfig('{"resource": {"aws_vpc": "oops"}}', 'x.tf.json');
	const {diagnostics} = jsonBlocks(findAttribute(value, 'resource')!, 2);
	t.deepEqual(diagnostics.map(diagnostic => `${diagnostic.subject?.start.line}:${diagnostic.subject?.start.column} ${diagnostic.summary}`), ['1:26 Incorrect JSON value type']);
});

test('template ranges point into the file when the string has no escapes', t => {
	const {value} = parseJsonConfig('{"a": "x-${var.name}"}', 'x.tf.json');
	const attribute = findAttribute(value, 'a')!;
	t.is(attribute.expression.kind, 'Template');
	if (attribute.expression.kind === 'Template') {
		const part = attribute.expression.parts[1]!;
		t.is(part.kind, 'TemplateInterpolation');
		t.deepEqual([part.range.start.column, part.range.end.column], [10, 21]);
	}
});

const invalid: Array<[string, string]> = [
	['{"a": }', '1:7 Invalid JSON value'],
	['{"a" 1}', '1:6 Missing property value colon'],
	['{"a": 1 "b": 2}', '1:9 Missing attribute separator comma'],
	['[1 2]', '1:4 Missing array element separator'],
	['{"a": "x', '1:7 Unterminated string'],
	['{"a": 1} x', '1:10 Extraneous data after value'],
	['"just a string"', '1:1 Root value must be object'],
	['{"a": "${"}', '1:10 Missing expression'],
];

for (const [text, expected] of invalid) {
	test(`JSON error: ${text}`, t => {
		const {diagnostics} = parseJsonConfig(text, 'x.tf.json');
		t.is(diagnostics.map(diagnostic => `${diagnostic.subject?.start.line}:${diagnostic.subject?.start.column} ${diagnostic.summary}`)[0], expected);
	});
}

test('hcl2json export: an argument replaces blocks of the same name; label counts must agree', t => {
	const convert = (text: string) => {
		const {value} = parseConfig(text, 'x.tf');
		const result = toHcl2Json(value, text);
		return {json: JSON.parse(JSON.stringify(result.value)) as unknown, errors: result.diagnostics.map(diagnostic => diagnostic.summary)};
	};

	t.deepEqual(convert('a = 1\na {}\n'), {json: {a: 1}, errors: []});
	t.deepEqual(convert('a = {}\na "x" {}\n'), {json: {a: {}}, errors: []});
	t.deepEqual(convert('r "x" {}\nr {}\n').errors, ['Unable to convert block to JSON']);
	t.deepEqual(convert('r {}\nr "x" {}\n').errors, ['Unable to convert block to JSON']);
});
