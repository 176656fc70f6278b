import test from 'ava';
import {parseConfig, parseExpression} from '../../source/hcl/index.js';
import {blocksOf} from '../../source/hcl/ast.js';
import {dependsOnInstance, evaluateBody} from '../../source/expand/dynamic-blocks.js';
import {createScope} from '../../source/lang/eval/scope.js';
import {lookupFunction, builtinFunctionNames} from '../../source/lang/functions/index.js';
import {formatValue} from '../../source/lang/format-value.js';

const depends = test.macro({
	exec(t, text: string, expected: boolean) {
		t.is(dependsOnInstance(parseExpression(text).value), expected);
	},
	title: (_title, text: string, expected: boolean) => `${text} ${expected ? 'differs' : 'is the same'} per instance`,
});

test(depends, 'var.x', false);
test(depends, '"${var.x}-${count.index}"', true);
test(depends, 'each.value.name', true);
test(depends, '[for count in var.list : count]', false);
test(depends, 'self.id', true);
test(depends, 'merge(local.tags, {Name = each.key})', true);

test('nested blocks become lists of objects, dynamic blocks expand with their iterator', t => {
	const source = `
resource "x" "y" {
  count = 2
  name  = "n"
  ebs { size = 1 }
  ebs { size = 2 }
  dynamic "rule" {
    for_each = {a = 80, b = 443}
    iterator = port
    content {
      key  = port.key
      port = port.value
    }
  }
  dynamic "empty" {
    for_each = []
    content {}
  }
}`;
	const block = blocksOf(parseConfig(source, 'main.tf').value, 'resource')[0]!;
	const diagnostics: unknown[] = [];
	const {object} = evaluateBody(block.body, createScope({functions: lookupFunction, functionNames: builtinFunctionNames}), {skip: new Set(['count']), report: found => diagnostics.push(...found)});
	t.deepEqual(diagnostics, []);
	t.is(formatValue(object), `{
  "ebs" = tolist([
    {
      "size" = 1
    },
    {
      "size" = 2
    },
  ])
  "empty" = []
  "name" = "n"
  "rule" = tolist([
    {
      "key" = "a"
      "port" = 80
    },
    {
      "key" = "b"
      "port" = 443
    },
  ])
}`);
});

test('bodies with the same names, and bodies with more names than are scanned, each read their own values (plans share names)', t => {
	const source = `
resource "a" "one" {
  x = 1
  y = "one"
  tags { k = 1 }
}

resource "a" "two" {
  x = 2
  y = "two"
  tags { k = 2 }
}

resource "a" "three" {
  y = "three"
  x = 3
  tags { k = 3 }
}

resource "a" "wide" {
  a1 = 1
  a2 = 2
  a3 = 3
  a4 = 4
  a5 = 5
  a6 = 6
  a7 = 7
  a8 = 8
  a9 = 9
  a10 = 10
  count = 2
}

resource "a" "wide_again" {
  a1 = 11
  a2 = 12
  a3 = 13
  a4 = 14
  a5 = 15
  a6 = 16
  a7 = 17
  a8 = 18
  a9 = 19
  a10 = 20
}`;
	const scope = createScope({functions: lookupFunction, functionNames: builtinFunctionNames});
	const read = (block: ReturnType<typeof blocksOf>[number]) => {
		const {attributes} = evaluateBody(block.body, scope, {skip: new Set(['count']), report() {}});
		return [...attributes].map(([name, value]) => `${name}=${formatValue(value).replaceAll(/\s+/g, ' ')}`).join(' ');
	};

	const blocks = blocksOf(parseConfig(source, 'main.tf').value, 'resource');
	// Twice, so the second reading uses the kept plans.
	for (let round = 0; round < 2; round++) {
		t.deepEqual(blocks.map(block => read(block)), [
			'x=1 y="one" tags=tolist([ { "k" = 1 }, ])',
			'x=2 y="two" tags=tolist([ { "k" = 2 }, ])',
			'y="three" x=3 tags=tolist([ { "k" = 3 }, ])',
			'a1=1 a2=2 a3=3 a4=4 a5=5 a6=6 a7=7 a8=8 a9=9 a10=10',
			'a1=11 a2=12 a3=13 a4=14 a5=15 a6=16 a7=17 a8=18 a9=19 a10=20',
		]);
	}

	// Without the skipped names the body is planned again, and again with them.
	const {attributes} = evaluateBody(blocks[3]!.body, scope, {report() {}});
	t.is(formatValue(attributes.get('count')!), '2');
	t.is(attributes.size, 11);
	t.false(evaluateBody(blocks[3]!.body, scope, {skip: new Set(['count']), report() {}}).attributes.has('count'));
});
