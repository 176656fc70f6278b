import test from 'ava';
import {parseConfig, parseExpression} from '../../source/hcl/index.js';
import {interpretTraversal, type ReferenceTarget} from '../../source/graph/references.js';
import {walkBodyReferenceChains, walkReferenceChains, type ReferenceChain} from '../../source/lang/references.js';

function describe(traversal: ReferenceChain, source: string): string {
	const target = interpretTraversal(traversal);
	const text = source.slice(traversal.range.start.offset, traversal.range.end.offset);
	return target ? `${text} => ${format(target)}` : `${text} => -`;
}

function format(target: ReferenceTarget): string {
	switch (target.kind) {
		case 'variable': {
			return `var ${target.name}`;
		}

		case 'local': {
			return `local ${target.name}`;
		}

		case 'resource': {
			return `resource ${target.key}${target.index ? ' [indexed]' : ''}`;
		}

		case 'action': {
			return `action ${target.key}${target.index ? ' [indexed]' : ''}`;
		}

		case 'module': {
			return `module ${target.name}${target.index ? ' [indexed]' : ''}${target.output === undefined ? '' : ` output ${target.output}`}`;
		}
	}
}

const referencesOf = test.macro({
	exec(t, source: string, expected: string[]) {
		const {value, diagnostics} = parseExpression(source);
		t.deepEqual(diagnostics, []);
		const found: string[] = [];
		walkReferenceChains(value, traversal => found.push(describe(traversal, source)));
		t.deepEqual(found, expected);
	},
	title: (_title, source: string) => `references of \`${source}\``,
});

test(referencesOf, 'aws_vpc.main.id', ['aws_vpc.main.id => resource aws_vpc.main']);
test(referencesOf, 'aws_eip.ip[count.index].public_ip', ['aws_eip.ip[count.index].public_ip => resource aws_eip.ip [indexed]', 'count.index => -']);
test(referencesOf, 'data.aws_ami.ubuntu.id', ['data.aws_ami.ubuntu.id => resource data.aws_ami.ubuntu']);
test(referencesOf, 'module.net["eu"].ids', ['module.net["eu"].ids => module net [indexed] output ids']);
// Through a splat or a non-literal index, Terraform refers to the whole module (its close node).
test(referencesOf, 'module.net[*].ids', ['module.net[*].ids => module net']);
test(referencesOf, 'module.net.*.ids', ['module.net.*.ids => module net']);
test(referencesOf, 'module.net[each.key].ids', ['module.net[each.key].ids => module net [indexed]', 'each.key => -']);
test(referencesOf, 'module.net[0].ids', ['module.net[0].ids => module net [indexed] output ids']);
test(referencesOf, 'module.net["${var.k}"].ids', ['module.net["${var.k}"].ids => module net [indexed]', 'var.k => var k']);
test(referencesOf, 'module.net', ['module.net => module net']);
// `resource.TYPE.NAME` is a managed resource (internal/addrs/parse_ref.go): `terraform graph` 1.11 draws "terraform_data.b" -> "terraform_data.a" for it (test/fixtures/fidelity/h-resource-prefix).
test(referencesOf, 'resource.terraform_data.a[1].input', ['resource.terraform_data.a[1].input => resource terraform_data.a [indexed]']);
test(referencesOf, 'resource.list.web.id', ['resource.list.web.id => resource list.web']);
test(referencesOf, 'resource.terraform_data', ['resource.terraform_data => -']);
test(referencesOf, 'aws_instance.web[*].id', ['aws_instance.web[*].id => resource aws_instance.web']);
test(referencesOf, '[for s in aws_subnet.a : s.id if s.id != var.skip]', ['aws_subnet.a => resource aws_subnet.a', 'var.skip => var skip']);
test(referencesOf, '{for k, v in local.m : k => v}', ['local.m => local m']);
test(referencesOf, '{name = var.name, (local.key) = 1}', ['var.name => var name', 'local.key => local key']);
test(referencesOf, '"%{for x in var.list}${x}-${local.sep}%{endfor}"', ['var.list => var list', 'local.sep => local sep']);
test(referencesOf, 'length(path.module) > 0 ? each.value : terraform.workspace', ['path.module => -', 'each.value => -', 'terraform.workspace => -']);
test(referencesOf, 'values(module.net)[0].private_ids', ['module.net => module net']);
test(referencesOf, 'var', ['var => -']);

// `ingress` is not bound once `iterator = rule` renames the iterator, so it reads as a resource type (and matches none in a real module).
test('a dynamic block binds its iterator inside content only', t => {
	const source = [
		'resource "aws_security_group" "web" {',
		'  dynamic "ingress" {',
		'    for_each = var.rules',
		'    iterator = rule',
		'    content {',
		'      from_port = rule.value.port',
		'      cidr      = ingress.value',
		'      vpc       = aws_vpc.main.id',
		'    }',
		'  }',
		'  lifecycle {',
		'    ignore_changes       = [tags]',
		'    replace_triggered_by = [aws_vpc.main]',
		'  }',
		'  depends_on = [aws_iam_role.x]',
		'}',
	].join('\n');
	const {value} = parseConfig(source, 'main.tf');
	const block = value.items[0]!;
	t.is(block.kind, 'Block');
	const found: string[] = [];
	if (block.kind === 'Block') {
		walkBodyReferenceChains(block.body, (traversal, attribute) => found.push(`${attribute}: ${describe(traversal, source)}`), new Set(['depends_on']));
	}

	t.deepEqual(found, [
		'for_each: var.rules => var rules',
		'cidr: ingress.value => resource ingress.value',
		'vpc: aws_vpc.main.id => resource aws_vpc.main',
	]);
});
