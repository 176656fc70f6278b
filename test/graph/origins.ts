import test from 'ava';
import {parseConfig} from '../../source/hcl/index.js';
import {parseJsonConfig} from '../../source/hcl/json/parse-json.js';
import type {Body} from '../../source/hcl/ast.js';
import {chainSpan, walkBodyReferenceChains, type ReferenceChain} from '../../source/lang/references.js';
import {PlacedOrigin, ReferenceOrigin, sameOrigin} from '../../source/graph/origins.js';

function chainsOf(body: Body): ReferenceChain[] {
	const chains: ReferenceChain[] = [];
	walkBodyReferenceChains(body, chain => chains.push(chain));
	return chains;
}

const native = `
locals {
  a = aws_instance.web[count.index].private_ip
  b = "\${var.x}-\${module.net["eu"].ids[0]}"
  c = [for s in aws_subnet.this : s.id if s.tags.Name != local.name]
  d = data.aws_ami.ubuntu.id
  e = var.list[*].name
  f = {
    k = var.deep.a.b.c
  }
}
`;

// A string with an escape is decoded before it is parsed: its nodes all have the string's range.
const json = JSON.stringify({locals: {a: '${aws_instance.web.id}', b: '\\u0041${var.x}', c: '${module.net.out}\\n'}}, undefined, 2);

for (const [name, body] of [['native syntax', parseConfig(native, 'main.tf').value], ['JSON syntax, escaped strings included', parseJsonConfig(json, 'main.tf.json').value]] as const) {
	test(`a reference's span is its range's file and offsets, and its range once read (${name})`, t => {
		const chains = chainsOf(body);
		t.true(chains.length >= 3);
		for (const chain of chains) {
			const span = chainSpan(chain);
			const {range} = chain;
			t.deepEqual({filename: span.filename, start: span.start, end: span.end}, {filename: range.filename, start: range.start.offset, end: range.end.offset});
			t.deepEqual(span.range, range);
			t.deepEqual(new ReferenceOrigin('x', span).range, range);
		}
	});
}

test('origins are the same when the same text starts at the same place, whatever object holds them', t => {
	const [first, second] = chainsOf(parseConfig('a = var.x\nb = var.x\n', 'main.tf').value);
	const one = new ReferenceOrigin('var.x', chainSpan(first!));
	t.true(sameOrigin(one, one));
	t.true(sameOrigin(one, new ReferenceOrigin('var.x', chainSpan(first!))));
	t.true(sameOrigin(one, {expression: 'var.x', range: first!.range}));
	t.true(sameOrigin(one, new PlacedOrigin('var.x', () => first!.range)));
	t.false(sameOrigin(one, new ReferenceOrigin('var.x', chainSpan(second!))));
	t.false(sameOrigin(one, new ReferenceOrigin('var.y', chainSpan(first!))));
	t.true(sameOrigin({expression: 'a'}, {expression: 'a'}));
	t.false(sameOrigin({expression: 'a'}, one));
});

test('a placed origin finds its range once, when first read', t => {
	let reads = 0;
	const range = {filename: 'main.tf', start: {line: 1, column: 1, offset: 0}, end: {line: 1, column: 4, offset: 3}};
	const origin = new PlacedOrigin('aws', () => {
		reads++;
		return range;
	});
	t.is(reads, 0);
	t.is(origin.range, range);
	t.is(origin.range, range);
	t.is(reads, 1);
});
