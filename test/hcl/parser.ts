import test from 'ava';
import type {Expression} from '../../source/hcl/ast.js';
import {
	formatDiagnostic, isIncompleteExpression, parseConfig, parseExpression, parseTemplate, printExpression,
} from '../../source/hcl/index.js';
import {nameSuggestion} from '../../source/hcl/did-you-mean.js';
import {bodyParsesTo, failsWith} from '../helpers/hcl.js';

test(bodyParsesTo, 'a = 1\nb = "x"\n', 'a = 1\nb = "x"');
test(bodyParsesTo, 'resource "aws_vpc" "main" {\n  cidr = var.cidr\n}\n', 'resource "aws_vpc" "main" {\n  cidr = (. var cidr)\n}');
test(bodyParsesTo, 'block bare "quoted" other {}\n', 'block "bare" "quoted" "other" {}');
test(bodyParsesTo, 'a { b = 1 }\n', 'a {\n  b = 1\n}');
test(bodyParsesTo, 'outer {\n  inner {\n    deep {\n      x = true\n    }\n  }\n}', 'outer {\n  inner {\n    deep {\n      x = true\n    }\n  }\n}');
test(bodyParsesTo, '# only a comment\n', '');
test(bodyParsesTo, '', '');
test(bodyParsesTo, 'a = [\n  1,\n  2,\n]\nb = {\n  c = 1\n}\n', 'a = [1 2]\nb = {(c 1)}');

test(failsWith, 'a = 1 2\n', ['test.tf:1:7: error: Missing newline after argument']);
test(failsWith, 'a = \n', ['test.tf:1:5: error: Invalid expression']);
test(failsWith, 'a = (1\n', ['test.tf:2:1: error: Unbalanced parentheses']);
test(failsWith, 'a {\n', ['test.tf:1:3: error: Unclosed configuration block']);
test(failsWith, 'a = 1\na = 2\n', ['test.tf:2:1: error: Attribute redefined']);
test(failsWith, 'a = "\\x"\n', ['test.tf:1:6: error: Invalid escape sequence']);
test(failsWith, 'a = "\\uD800"\n', ['test.tf:1:6: error: Invalid escape sequence']);
test(failsWith, 'a = "%{ iff x }%{ endif }"\n', ['test.tf:1:9: error: Invalid template control keyword', 'test.tf:1:16: error: Unexpected endif directive']);
test(failsWith, 'x {\n  a = [1 2]\n}\ny {\n  b = f(1 2)\n}\n', ['test.tf:2:10: error: Missing item separator', 'test.tf:5:11: error: Missing argument separator']);

test('one broken block does not hide the next ones', t => {
	const {value, diagnostics} = parseConfig('a "x" {\n  v = [1 2]\n}\n\nb "y" {\n  w = 3\n}\n', 'test.tf');
	t.is(diagnostics.length, 1);
	t.deepEqual(value.items.map(item => item.kind === 'Block' ? item.labels[0] : item.name), ['x', 'y']);
});

test('the source text of every expression is its range', t => {
	const source = 'a = [for k, v in var.m : "${k}=${v}" if v != null]\nb = f(x...) + -y.z[0] * (2 - 1)\nc = {a = 1, "b" = x ? y : z}\nd = w[*].id\ne = <<EOT\nhi ${name}\nEOT\n';
	const {value, diagnostics} = parseConfig(source, 'test.tf');
	t.deepEqual(diagnostics, []);
	const texts: string[] = [];
	const visit = (expression: Expression) => {
		texts.push(source.slice(expression.range.start.offset, expression.range.end.offset));
		for (const child of Object.values(expression)) {
			for (const item of Array.isArray(child) ? child : [child]) {
				if (item && typeof item === 'object' && 'kind' in item && 'range' in item && item.kind !== 'TemplateLiteral') {
					if (item.kind === 'TemplateInterpolation') {
						visit(item.expression);
					} else if (item.kind !== 'TemplateIf' && item.kind !== 'TemplateFor') {
						visit(item as Expression);
					}
				} else if (item && typeof item === 'object' && 'key' in item && 'value' in item) {
					visit(item.key as Expression);
					visit(item.value as Expression);
				}
			}
		}
	};

	for (const item of value.items) {
		if (item.kind === 'Attribute') {
			visit(item.expression);
		}
	}

	t.true(texts.includes('[for k, v in var.m : "${k}=${v}" if v != null]'));
	t.true(texts.includes('"${k}=${v}"'));
	t.true(texts.includes('f(x...) + -y.z[0] * (2 - 1)'));
	t.true(texts.includes('-y.z[0] * (2 - 1)'));
	t.true(texts.includes('-y.z[0]'));
	t.true(texts.includes('(2 - 1)'));
	t.true(texts.includes('x ? y : z'));
	t.true(texts.includes('w[*].id'));
	t.true(texts.includes('<<EOT\nhi ${name}\nEOT'));
	t.true(texts.includes('name'));
});

test('positions count lines and code point columns', t => {
	const {value} = parseExpression('"😀" + x', 'test.tf');
	t.is(value.kind, 'BinaryOp');
	if (value.kind === 'BinaryOp') {
		t.deepEqual(value.right.range.start, {line: 1, column: 7, offset: 7});
	}
});

test('names are where their text is: attribute and block names, variables and attribute steps', t => {
	const source = 'résumé "x" {\n  größe   =   ünï . ñame .b\n}\n';
	const {value, diagnostics} = parseConfig(source, 'test.tf');
	t.deepEqual(diagnostics, []);
	const text = (range: {start: {offset: number}; end: {offset: number}}) => source.slice(range.start.offset, range.end.offset);
	const block = value.items[0]!;
	t.is(block.kind, 'Block');
	if (block.kind !== 'Block') {
		return;
	}

	t.is(text(block.typeRange), 'résumé');
	t.deepEqual(block.typeRange.end, {line: 1, column: 7, offset: 6});
	const attribute = block.body.items[0]!;
	t.is(attribute.kind, 'Attribute');
	if (attribute.kind !== 'Attribute') {
		return;
	}

	t.is(text(attribute.nameRange), 'größe');
	const steps: string[] = [];
	let expression = attribute.expression;
	while (expression.kind === 'GetAttribute') {
		steps.push(`${text(expression.nameRange)} in ${text(expression.range)}`);
		expression = expression.object;
	}

	t.deepEqual(steps, ['b in ünï . ñame .b', 'ñame in ünï . ñame']);
	t.is(expression.kind, 'Variable');
	t.is(text(expression.range), 'ünï');
	t.deepEqual(expression.range.end, {line: 2, column: 18, offset: 30});
});

const byteOrderMarkCases: Array<[string, string, string[]]> = [
	['\uFEFFa = 1\n', '1:1-2:1', ['1:1']],
	['\uFEFF\r\nb = 2\r\n', '1:1-3:1', ['2:1']],
	['\uFEFF', '1:1-1:1', []],
	['\uFEFFx {}', '1:1-1:5', ['1:1']],
];

for (const [source, bodyRange, items] of byteOrderMarkCases) {
	test(`a byte order mark takes no column: ${JSON.stringify(source)}`, t => {
		const {value, diagnostics} = parseConfig(source, 'test.tf');
		t.deepEqual(diagnostics, []);
		const {start, end} = value.range;
		t.is(`${start.line}:${start.column}-${end.line}:${end.column}`, bodyRange);
		t.deepEqual(value.items.map(item => `${item.range.start.line}:${item.range.start.column}`), items);
	});
}

const incomplete: Array<[string, boolean]> = [
	['1 + 2', false],
	['[1, 2', true],
	['{\n  a = 1', true],
	['f(', true],
	['"abc', true],
	['"${x', true],
	['<<EOT\nline', true],
	['<<EOT\nline\nEOT', false],
	[']', false],
	['[1, 2]', false],
	['"a\n', false],
];

for (const [source, expected] of incomplete) {
	test(`isIncompleteExpression(${JSON.stringify(source)}) is ${expected}`, t => {
		t.is(isIncompleteExpression(source), expected);
	});
}

test('parseExpression reports extra characters', t => {
	const {diagnostics} = parseExpression('1 2', 'console');
	t.deepEqual(diagnostics.map(diagnostic => diagnostic.summary), ['Extra characters after expression']);
});

test('parseExpression ignores newlines around and inside', t => {
	const {value, diagnostics} = parseExpression('\n  1 +\n  2\n', 'console');
	t.deepEqual(diagnostics, []);
	t.is(printExpression(value), '(+ 1 2)');
});

test('parseTemplate reads a whole file as a template', t => {
	const {value, diagnostics} = parseTemplate('Hello ${name}!\n%{ for x in xs ~}\n- ${x}\n%{ endfor ~}\n\\n stays', 'greeting.tftpl');
	t.deepEqual(diagnostics, []);
	t.is(printExpression(value), '(template "Hello " (${} name) "!\\n" (%for x xs "- " (${} x) "\\n") "\\\\n stays")');
});

test('a CR ending the input after a line comment is comment text, as in hclsyntax', t => {
	t.deepEqual(parseConfig('a = 1\r\n# last line\r', 'crlf-without-final-newline.tf').diagnostics, []);
	t.deepEqual(parseConfig('a = 1 // c\r', 'comment.tf').diagnostics, []);
});

test('a lone CR in a template file makes the rest of it literal text, as hclsyntax scans it', t => {
	const {value, diagnostics} = parseTemplate('a ${x}\rb ${y} %{ if z }', 'lone-cr.tftpl');
	t.deepEqual(diagnostics, []);
	t.is(printExpression(value), '(template "a " (${} x) "\\rb ${y} %{ if z }")');
});

test('a lone CR inside a heredoc of a template file is an invalid character', t => {
	const {diagnostics} = parseTemplate('${<<EOT\na\rb\nEOT\n}\n', 'heredoc.tftpl');
	t.deepEqual(diagnostics.map(diagnostic => `${diagnostic.subject?.start.line}:${diagnostic.subject?.start.column} ${diagnostic.summary}`), ['2:2 Invalid character', '2:2 Unterminated template string']);
});

test('diagnostics render as Terraform does, with the subject underlined', t => {
	const source = 'locals {\n  a = [1 2]\n}\n';
	const {diagnostics} = parseConfig(source, 'main.tf');
	t.is(formatDiagnostic(diagnostics[0]!, {source}), [
		'╷',
		'│ Error: Missing item separator',
		'│',
		'│   on main.tf line 2:',
		'│    2:   a = [1 2]',
		'│                ^',
		'│',
		'│ Expected a comma to mark the beginning of the next item.',
		'╵',
		'',
	].join('\n'));
});

test('did you mean', t => {
	t.is(nameSuggestion('endfi', ['if', 'for', 'else', 'endif', 'endfor']), 'endif');
	t.is(nameSuggestion('zzzzzz', ['if', 'for']), undefined);
});
