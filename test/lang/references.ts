import test from 'ava';
import {parseExpression} from '../../source/hcl/index.js';
import {formatSubject, referencesOf} from '../../source/lang/references.js';

const findsReferences = test.macro({
	exec(t, source: string, expected: string[]) {
		const parsed = parseExpression(source, 'test.tf');
		t.deepEqual(parsed.diagnostics, []);
		const references = referencesOf(parsed.value).map(reference => {
			const remaining = reference.remaining.map(step => (step.kind === 'attribute' ? `.${step.name}` : `[${JSON.stringify(step.key)}]`)).join('');
			const text = source.slice(reference.range.start.offset, reference.range.end.offset);
			return `${formatSubject(reference.subject)}${remaining} @${text}`;
		});
		t.deepEqual(references, expected);
	},
	title: (_title, source: string) => source,
});

test(findsReferences, 'var.x', ['var.x @var.x']);
test(findsReferences, 'local.y + 1', ['local.y @local.y']);
test(findsReferences, 'aws_instance.web[0].id', ['aws_instance.web[0].id @aws_instance.web']);
test(findsReferences, 'module.m.out', ['module.m.out @module.m']);
test(findsReferences, 'data.aws_ami.ubuntu.id', ['data.aws_ami.ubuntu.id @data.aws_ami.ubuntu']);
test(findsReferences, 'each.value.name', ['each.value.name @each.value']);
test(findsReferences, 'count.index', ['count.index @count.index']);
test(findsReferences, 'path.module', ['path.module @path.module']);
test(findsReferences, 'aws_instance.web[var.i].id', ['aws_instance.web @aws_instance.web', 'var.i @var.i']);
test(findsReferences, 'aws_instance.web["a"]', ['aws_instance.web["a"] @aws_instance.web']);
test(findsReferences, '[for x in var.list : x.name if x.on]', ['var.list @var.list']);
test(findsReferences, '{for k, v in local.m : k => v...}', ['local.m @local.m']);
test(findsReferences, '"${var.a}-%{for s in var.b}${s}${local.c}%{endfor}"', ['var.a @var.a', 'var.b @var.b', 'local.c @local.c']);
test(findsReferences, 'aws_instance.web[*].id', ['aws_instance.web @aws_instance.web']);
test(findsReferences, 'f(var.a, [local.b]...)', ['var.a @var.a', 'local.b @local.b']);
test(findsReferences, '{(var.k) = var.v, plain = 1}', ['var.k @var.k', 'var.v @var.v']);
test(findsReferences, 'var', []);
test(findsReferences, 'true ? self.x : [1, 2][0]', ['self.x @self']);
