import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {renderCheck} from '../source/commands/check.js';
import {formatValue} from '../source/lang/format-value.js';
import {loadWorkspace} from '../source/workspace.js';

/*
The done-when fixture (test/fixtures/configs/opentofu): early-evaluated module sources, provider for_each and lifecycle { enabled }, read as OpenTofu (detected from its lock file) and as Terraform (--terraform), which reports each OpenTofu-only construct as it did before language modes existed.
*/

const fixtures = path.join(import.meta.dirname, 'fixtures', 'configs');
const directory = path.join('test', 'fixtures', 'configs', 'opentofu');

const asOpenTofu = loadWorkspace({directory});
const asTerraform = loadWorkspace({directory, language: 'terraform'});

test('detected as OpenTofu from the lock file', async t => {
	const workspace = await asOpenTofu;
	t.is(workspace.language.rules.mode, 'opentofu');
	t.is(workspace.language.reason, '.terraform.lock.hcl records registry.opentofu.org/hashicorp/aws from OpenTofu\'s registry');
});

test('OpenTofu: no diagnostics, and the instances OpenTofu plans', async t => {
	const workspace = await asOpenTofu;
	t.is(renderCheck(workspace.diagnostics, directory), '');
	t.deepEqual([...workspace.instances.resourceInstances.keys()], [
		'aws_vpc.private["ap-northeast-1"]',
		'aws_vpc.private["eu-central-2"]',
		'module.network["ap-northeast-1"].module.subnets.aws_subnet.this["private"]',
		'module.network["ap-northeast-1"].module.subnets.aws_subnet.this["public"]',
		'module.network["eu-central-2"].module.subnets.aws_subnet.this["private"]',
		'module.network["eu-central-2"].module.subnets.aws_subnet.this["public"]',
	]);
	// module.bastion is disabled: no instance. The module source evaluated from the parent's input loads ./layouts/tiered.
	t.deepEqual([...workspace.instances.moduleInstances.keys()], ['', 'module.network["ap-northeast-1"]', 'module.network["ap-northeast-1"].module.subnets', 'module.network["eu-central-2"]', 'module.network["eu-central-2"].module.subnets']);
	const subnets = workspace.moduleTree.children.get('network')!.children.get('subnets')!;
	t.deepEqual(subnets.source, {kind: 'local', directory: path.join(directory, 'modules', 'network', 'layouts', 'tiered')});
});

const evaluatesTo = test.macro({
	async exec(t, workspace: Promise<Awaited<typeof asOpenTofu>>, expression: string, expected: string) {
		const result = (await workspace).evaluateAt(expression);
		t.deepEqual(result.diagnostics.map(diagnostic => diagnostic.summary), []);
		t.is(formatValue(result.value), expected);
	},
	title: (_title, workspace, expression: string, expected: string) => `${workspace === asOpenTofu ? 'OpenTofu' : 'Terraform'}: ${expression} is ${expected}`,
});

// A disabled resource and module call are null (website/docs/language/meta-arguments/enabled.mdx, "Accessing Disabled Resources").
test(evaluatesTo, asOpenTofu, 'terraform_data.bastion', 'null');
test(evaluatesTo, asOpenTofu, 'module.bastion', 'null');
test(evaluatesTo, asOpenTofu, 'terraform_data.bastion != null ? terraform_data.bastion.id : "not-created"', '"not-created"');
test(evaluatesTo, asOpenTofu, 'try(terraform_data.bastion.id, "not-created")', '"not-created"');
test(evaluatesTo, asOpenTofu, 'module.network["eu-central-2"].subnets', '[\n  "private",\n  "public",\n]');
test(evaluatesTo, asTerraform, 'module.network["eu-central-2"].subnets', '(known after apply)');
test(evaluatesTo, asTerraform, 'terraform_data.bastion.input', '"bastion"');

test('OpenTofu: an enabled resource and module call have one instance with no key', async t => {
	const workspace = await loadWorkspace({directory, variables: ['create_bastion=true']});
	t.true(workspace.instances.resourceInstances.has('terraform_data.bastion'));
	t.true(workspace.instances.resourceInstances.has('module.bastion.terraform_data.host'));
	t.is(formatValue(workspace.evaluateAt('module.bastion').value), '{\n  "host" = "bastion-host"\n}');
	t.is(formatValue(workspace.evaluateAt('terraform_data.bastion.input').value), '"bastion"');
	t.is(workspace.instances.resources.get('terraform_data.bastion')!.expansion.mode, 'enabled');
});

test('Terraform: each OpenTofu-only construct is Terraform\'s error (with who accepts it), and not applied', async t => {
	const workspace = await asTerraform;
	t.is(workspace.language.reason, 'chosen with --terraform');
	t.is(renderCheck(workspace.diagnostics, directory), [
		'test/fixtures/configs/opentofu/main.tf:36:3: error: Reserved argument name in provider block',
		'  The provider argument name "for_each" is reserved for use by Terraform in a future version.',
		'',
		'  OpenTofu accepts it: if this configuration is written for OpenTofu, open it with --opentofu.',
		'test/fixtures/configs/opentofu/main.tf:46:14: error: Invalid provider reference',
		'  A provider reference must be a provider local name with an optional alias, like "aws.west".',
		'test/fixtures/configs/opentofu/main.tf:55:11: error: Invalid provider reference',
		'  A provider reference must be a provider local name with an optional alias, like "aws.west".',
		'test/fixtures/configs/opentofu/main.tf:66:5: error: Unsupported argument',
		'  An argument named "enabled" is not expected here.',
		'',
		'  OpenTofu accepts it: if this configuration is written for OpenTofu, open it with --opentofu.',
		'test/fixtures/configs/opentofu/main.tf:73:3: error: Reserved block type name in module block',
		'  The block type name "lifecycle" is reserved for use by Terraform in a future version.',
		'',
		'  OpenTofu accepts it: if this configuration is written for OpenTofu, open it with --opentofu.',
		// Terraform 1.15+ evaluates module sources at init from locals and const variables: ${local.modules} is known, the child's var.layout (not const) is not.
		'test/fixtures/configs/opentofu/modules/network/main.tf:11:12: error: Unknown module source',
		'  Only literal values and const variables can be evaluated during init.',
		'',
	].join('\n'));
	t.deepEqual([...workspace.instances.resourceInstances.keys()], ['aws_vpc.private["ap-northeast-1"]', 'aws_vpc.private["eu-central-2"]', 'terraform_data.bastion', 'module.bastion.terraform_data.host']);
});

test('OpenTofu: what early evaluation and enabled refuse, worded as OpenTofu words it', async t => {
	const errors = path.join('test', 'fixtures', 'configs', 'opentofu-errors');
	const workspace = await loadWorkspace({directory: errors});
	t.is(renderCheck(workspace.diagnostics, errors), fs.readFileSync(path.join(fixtures, 'opentofu-errors', 'check.golden'), 'utf8'));
	// Every call whose source failed is unresolved, and loads nothing.
	for (const name of ['from_resource', 'from_local', 'from_output', 'from_each', 'sensitive', 'circular', 'required']) {
		t.is(workspace.moduleTree.children.get(name)!.source.kind, 'unresolved', name);
	}
});

test('OpenTofu\'s functions: available in OpenTofu mode, unknown to Terraform', async t => {
	const tofu = await loadWorkspace({directory: path.join(fixtures, 'opentofu-files')});
	t.is(formatValue(tofu.evaluateAt('[local.inside, local.decoded]').value), '[\n  true,\n  "a b",\n]');
	const terraform = await loadWorkspace({directory: path.join(fixtures, 'opentofu-files'), language: 'terraform'});
	const result = terraform.evaluateAt('urldecode("a")');
	t.deepEqual(result.diagnostics.map(diagnostic => `${diagnostic.summary}: ${diagnostic.detail}`), ['Call to unknown function: There is no function named "urldecode". Did you mean "urlencode"?']);
	t.true(terraform.diagnostics.some(diagnostic => diagnostic.summary === 'Call to unknown function' && diagnostic.detail === 'There is no function named "cidrcontains".'));
});

test('OpenTofu sets up the key providers and methods the encryption targets use, statically: key provider outputs, chains, cycles, unknown types (golden cited in main.tofu)', async t => {
	const directory = path.join('test', 'fixtures', 'configs', 'opentofu-key-providers');
	const workspace = await loadWorkspace({directory, language: 'opentofu'});
	t.is(renderCheck(workspace.diagnostics, directory), fs.readFileSync(path.join(fixtures, 'opentofu-key-providers', 'check-opentofu.golden'), 'utf8'));
});

test('OpenTofu evaluates backend and encryption blocks early; Terraform allows no references in a backend', async t => {
	const directory = path.join('test', 'fixtures', 'configs', 'opentofu-settings');
	for (const language of ['opentofu', 'terraform'] as const) {
		const workspace = await loadWorkspace({directory, language});
		t.is(renderCheck(workspace.diagnostics, directory), fs.readFileSync(path.join(fixtures, 'opentofu-settings', `check-${language}.golden`), 'utf8'), language);
	}
});
