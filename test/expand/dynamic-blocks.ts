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
