import test from 'ava';
import {type Block, blocksOf, findAttribute} from '../../source/hcl/ast.js';
import {parseConfig} from '../../source/hcl/index.js';
import {applyOverrides} from '../../source/config/overrides.js';
import {literalString} from '../../source/config/static.js';

function blocks(text: string, filename: string): Block[] {
	return blocksOf(parseConfig(text, filename).value);
}

test('nested block types in an override replace all of that type, static or dynamic', t => {
	const base = blocks(`
resource "x" "y" {
  name = "a"
  rule { port = 1 }
  dynamic "rule" {
    for_each = [2]
    content { port = rule.value }
  }
  tag { key = "k" }
}`, 'main.tf');
	const override = blocks(`
resource "x" "y" {
  rule { port = 3 }
}`, 'override.tf');
	const {blocks: merged, diagnostics} = applyOverrides(base, override);
	t.deepEqual(diagnostics, []);
	const body = merged[0]!.body;
	t.deepEqual(body.items.map(item => (item.kind === 'Attribute' ? item.name : `${item.type}${item.labels.length > 0 ? ` ${item.labels.join(' ')}` : ''}`)), ['name', 'tag', 'rule']);
	t.is(literalString(findAttribute(body, 'name')?.expression), 'a');
});

test('providers match by name and alias; an override without a base block is an error', t => {
	const base = blocks('provider "aws" {\n  region = "a"\n}\nprovider "aws" {\n  alias  = "west"\n  region = "b"\n}\n', 'main.tf');
	const override = blocks('provider "aws" {\n  alias  = "west"\n  region = "c"\n}\nvariable "missing" {}\n', 'x_override.tf');
	const {blocks: merged, diagnostics} = applyOverrides(base, override);
	t.is(literalString(findAttribute(merged[0]!.body, 'region')?.expression), 'a');
	t.is(literalString(findAttribute(merged[1]!.body, 'region')?.expression), 'c');
	t.deepEqual(diagnostics.map(diagnostic => `${diagnostic.subject?.start.line}: ${diagnostic.summary}`), ['5: Missing base variable block to override']);
});

test('overriding a local that does not exist is an error', t => {
	const {diagnostics} = applyOverrides(blocks('locals {\n  a = 1\n}\n', 'main.tf'), blocks('locals {\n  b = 2\n}\n', 'override.tf'));
	t.deepEqual(diagnostics.map(diagnostic => diagnostic.summary), ['Missing base local value definition to override']);
});

test('an override may configure a default provider the primary files only use implicitly; an aliased one needs its base (#38, H)', t => {
	const base = blocks('resource "aws_s3_bucket" "b" {}\n', 'main.tf');
	const override = blocks('provider "aws" {\n  region = "c"\n}\nprovider "google" {\n  alias = "west"\n}\n', 'x_override.tf');
	const {blocks: merged, diagnostics} = applyOverrides(base, override);
	t.deepEqual(merged.map(block => [block.type, ...block.labels].join(' ')), ['resource aws_s3_bucket b', 'provider aws']);
	t.is(literalString(findAttribute(merged[1]!.body, 'region')?.expression), 'c');
	t.deepEqual(diagnostics.map(diagnostic => `${diagnostic.subject?.start.line}: ${diagnostic.summary}: ${diagnostic.detail}`), ['4: Missing base provider configuration for override: There is no google provider configuration with the alias "west". An override file can only override an aliased provider configuration that was already defined in a primary configuration file.']);
});
