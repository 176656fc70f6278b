import test from 'ava';
import {parseExpression} from '../../source/hcl/index.js';
import {withChanges} from '../../source/hcl/ast.js';
import {parseConfig} from '../../source/hcl/index.js';
import {analysisOf} from '../../source/lang/node-analysis.js';
import {formatSubject, parseReference, referenceChainOf, referencesOf, staticPart, traversalOf, traversalsOf, walkReferenceChains} from '../../source/lang/references.js';

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

test(findsReferences, 'ephemeral.random_password.db.result', ['ephemeral.random_password.db.result @ephemeral.random_password.db']);
test(findsReferences, 'ephemeral.random_password.db[0].result', ['ephemeral.random_password.db[0].result @ephemeral.random_password.db']);

const invalidReference = test.macro({
	exec(t, source: string, expected: string) {
		const parsed = parseExpression(source, 'test.tf');
		const chain = referenceChainOf(parsed.value)!;
		const {value, diagnostics} = parseReference(staticPart(chain));
		t.is(value, undefined);
		t.deepEqual(diagnostics.map(diagnostic => `${diagnostic.summary}: ${diagnostic.detail ?? ''} @${diagnostic.subject?.start.column ?? ''}`), [expected]);
	},
	title: (_title, source: string) => `invalid reference ${source}`,
});

test(invalidReference, 'ephemeral.random_password', 'Invalid reference: The "ephemeral" object must be followed by two attribute names: the ephemeral resource type and the resource name. @1');
test(invalidReference, 'ephemeral.random_password[0]', 'Invalid reference: A reference to an ephemeral resource must be followed by at least one attribute access, specifying the resource name. @27');
test(invalidReference, 'data.aws_ami', 'Invalid reference: The "data" object must be followed by two attribute names: the data source type and the resource name. @1');

// The walker behind referencesOf keeps every step of each chain: index keys as expressions (the graph resolves `[count.index]` per instance) and splats.
const findsChains = test.macro({
	exec(t, source: string, expected: string[]) {
		const parsed = parseExpression(source, 'test.tf');
		t.deepEqual(parsed.diagnostics, []);
		const found: string[] = [];
		walkReferenceChains(parsed.value, chain => {
			const steps = chain.steps.map(step => {
				switch (step.kind) {
					case 'attribute': {
						return `.${step.name}`;
					}

					case 'index': {
						return `[${source.slice(step.key.range.start.offset, step.key.range.end.offset)}]`;
					}

					case 'splat': {
						return '[*]';
					}
				}
			}).join('');
			const static_ = staticPart(chain);
			found.push(`${chain.root}${steps} @${source.slice(chain.range.start.offset, chain.range.end.offset)} static ${source.slice(static_.range.start.offset, static_.range.end.offset)}`);
		});
		t.deepEqual(found, expected);
	},
	title: (_title, source: string) => `chains of ${source}`,
});

test(findsChains, 'aws_eip.ip[count.index].public_ip', ['aws_eip.ip[count.index].public_ip @aws_eip.ip[count.index].public_ip static aws_eip.ip', 'count.index @count.index static count.index']);
test(findsChains, 'module.net[*].ids', ['module.net[*].ids @module.net[*].ids static module.net']);
test(findsChains, 'aws_instance.web[0].id', ['aws_instance.web[0].id @aws_instance.web[0].id static aws_instance.web[0].id']);
test(findsChains, '[for s in aws_subnet.a : s.id if s.id != var.skip]', ['aws_subnet.a @aws_subnet.a static aws_subnet.a', 'var.skip @var.skip static var.skip']);
test(findsChains, 'values(module.net)[local.i].ids', ['local.i @local.i static local.i', 'module.net @module.net static module.net']);

test('a walk can leave out names bound outside the expression', t => {
	const parsed = parseExpression('each.value + item.name', 'test.tf');
	const roots: string[] = [];
	walkReferenceChains(parsed.value, chain => roots.push(chain.root), new Set(['item']));
	t.deepEqual(roots, ['each']);
});

// traversalsOf has a walk of its own (no chains made): the same static parts, the same objects, in the chain walker's order.
const sameTraversals = test.macro({
	exec(t, source: string) {
		const parsed = parseExpression(source, 'test.tf');
		t.deepEqual(parsed.diagnostics, []);
		const fromChains: Array<ReturnType<typeof staticPart>> = [];
		walkReferenceChains(parsed.value, chain => fromChains.push(staticPart(chain)));
		const traversals = traversalsOf(parsed.value);
		t.true(fromChains.length > 0);
		t.is(traversals.length, fromChains.length);
		for (const [position, traversal] of traversals.entries()) {
			t.is(traversal, fromChains[position]!);
		}

		t.is(traversalsOf(parsed.value), traversals);
	},
	title: (_title, source: string) => `traversals of ${source}`,
});

test(sameTraversals, 'aws_eip.ip[count.index].public_ip');
test(sameTraversals, 'module.net[*].ids[local.i]');
test(sameTraversals, 'values(module.net)[local.i][var.j].ids');
test(sameTraversals, 'a.b[*].c[*].d[var.k][*].e');
test(sameTraversals, 'a[*].b[local.x[*].y][var.z]');
test(sameTraversals, 'f(x.y)[*].z[each.key]');
test(sameTraversals, '[for s in aws_subnet.a : s.id if s.id != var.skip]');
test(sameTraversals, '"${var.a}-%{for s in var.b}${s}${local.c[s]}%{endfor}%{if var.d}x%{else}${local.e}%{endif}"');
test(sameTraversals, '{(var.k) = var.v, plain = -local.n, other = var.c ? [1, local.t] : (data.x.y.z)}');

test('a copy made with withChanges starts without the analyses of its original', t => {
	const file = parseConfig('resource "a" "b" {\n  x = var.x\n}\n', 'main.tf');
	const block = file.value.items[0]!;
	t.is(block.kind, 'Block');
	const {body} = block as Extract<typeof block, {kind: 'Block'}>;
	analysisOf(body).plan = 'planned';
	const copy = withChanges(body, {items: []});
	t.is(analysisOf(body).plan, 'planned');
	t.is(analysisOf(copy).plan, undefined);
	t.not(analysisOf(copy), analysisOf(body));
});

test('nodes made by hand keep their analyses too', t => {
	const node = {kind: 'Variable', name: 'var', range: {filename: 'x', start: {line: 1, column: 1, offset: 0}, end: {line: 1, column: 4, offset: 3}}} as const;
	const analysis = analysisOf(node);
	t.is(analysisOf(node), analysis);
	t.false(Object.getOwnPropertySymbols(node).length > 0);
});

test('literals and templates of text alone read nothing, asked once or again; a template with an interpolation reads it', t => {
	for (const source of ['1', 'true', 'null', '"gp3"', '<<EOT\nplain\ntext\nEOT\n']) {
		const expression = parseExpression(source, 'test.tf').value;
		t.deepEqual(traversalsOf(expression), [], source);
		t.deepEqual(traversalsOf(expression), [], source);
		t.deepEqual(referencesOf(expression), [], source);
	}

	const template = parseExpression('"a-${var.x}-%{if local.y}b%{endif}"', 'test.tf').value;
	t.deepEqual(traversalsOf(template).map(traversal => traversal.root), ['var', 'local']);
	t.is(traversalsOf(template), traversalsOf(template));
});

test('a chain\'s traversal gives its depth and the node of each step, whether every step is static or not', t => {
	const describe = (source: string) => {
		const chain = traversalOf(parseExpression(source, 'test.tf').value)!;
		const nodes = Array.from({length: chain.depth}, (_, position) => {
			const node = chain.nodeAt(position);
			return node.kind === 'GetAttribute' ? `.${node.name}` : `[${node.kind === 'Index' ? node.key.kind : ''}]`;
		});
		return `${chain.traversal.root} depth ${chain.depth} static ${chain.staticDepth} ${nodes.join('')}`;
	};

	t.is(describe('a'), 'a depth 0 static 0 ');
	t.is(describe('a.b[0].c'), 'a depth 3 static 3 .b[Literal].c');
	t.is(describe('a.b["k"]'), 'a depth 2 static 2 .b[Template]');
	t.is(describe('a.b[var.k].c'), 'a depth 3 static 1 .b[GetAttribute].c');
	t.is(describe('a[var.k]'), 'a depth 1 static 0 [GetAttribute]');
	t.is(traversalOf(parseExpression('f(a).b', 'test.tf').value), undefined);
});
