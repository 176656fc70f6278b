import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {diffWorkspaces} from '../../source/diff/compare.js';
import {formatValue} from '../../source/lang/format-value.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
What each language release accepts and how it evaluates it, on test/fixtures/configs/terraform-1.16 (its diagnostics are checked by its markers in error-fixtures.ts) and small configurations written here. Terraform 1.15 and 1.16 are not on these machines: the expected behaviour is taken from hashicorp/terraform at v1.16 (internal/configs/named_values.go decodeVariableBlock and decodeOutputBlock, internal/terraform/node_output.go evalOutputValue, node_module_variable.go, internal/deprecation/deprecation.go) and opentofu/opentofu at v1.12 (internal/configs/language.go, named_values.go).
*/

const fixtures = path.join(import.meta.dirname, '..', 'fixtures', 'configs');

const made: string[] = [];
test.after.always(() => {
	for (const directory of made) {
		fs.rmSync(directory, {recursive: true, force: true});
	}
});

function write(files: Record<string, string>): string {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-release-'));
	made.push(directory);
	for (const [name, text] of Object.entries(files)) {
		fs.mkdirSync(path.dirname(path.join(directory, name)), {recursive: true});
		fs.writeFileSync(path.join(directory, name), text);
	}

	return directory;
}

test('Terraform 1.15+: an output\'s type converts its value, in the module and where it is read', async t => {
	const workspace = await loadWorkspace({directory: path.join(fixtures, 'terraform-1.16'), environment: {}});
	t.is(workspace.language.rules.version, '1.16');
	t.is(formatValue(workspace.evaluateAt('module.net.count').value), '3');
	t.is(formatValue(workspace.evaluateAt('output.ports').value), 'tolist([\n  80,\n  443,\n])');
	// A value that does not convert is unknown of the type, after its error.
	t.is(formatValue(workspace.evaluateAt('output.wrong').value), '(known after apply)');
	t.is(formatValue(workspace.evaluateAt('var.region').value), '"eu-west-1"');
});

test('Terraform 1.14 keeps an output\'s value as written: type is not an argument there', async t => {
	const workspace = await loadWorkspace({directory: path.join(fixtures, 'terraform-1.14'), environment: {}});
	t.is(workspace.language.rules.version, '1.14');
	t.is(formatValue(workspace.evaluateAt('output.ports').value), '[\n  "80",\n]');
});

test('a deprecated root variable given a value warns at its deprecated argument (Terraform) or declaration (OpenTofu)', async t => {
	const files = {'main.tf': 'variable "legacy" {\n  type       = string\n  default    = null\n  deprecated = "Use region."\n}\n'};
	const terraform = await loadWorkspace({directory: write(files), environment: {}, variables: ['legacy=x']});
	t.deepEqual(terraform.diagnostics.map(diagnostic => `${diagnostic.subject?.start.line}:${diagnostic.subject?.start.column} ${diagnostic.summary}: ${diagnostic.detail}`), ['4:3 Deprecated variable got a value: Use region.']);
	const openTofu = await loadWorkspace({directory: write(files), environment: {}, variables: ['legacy=x'], language: 'opentofu'});
	t.deepEqual(openTofu.diagnostics.map(diagnostic => `${diagnostic.subject?.start.line}:${diagnostic.subject?.start.column} ${diagnostic.summary}`), ['1:1 Deprecated variable used from the root module']);
	const unset = await loadWorkspace({directory: write(files), environment: {}});
	t.deepEqual(unset.diagnostics, []);
});

test('OpenTofu 1.12: const variables and the language block; 1.11 knows neither', async t => {
	const files = {
		'main.tofu': 'language {\n  compatible_with {\n    opentofu = ">= 1.12.0"\n  }\n}\n\nvariable "v" {\n  type    = string\n  const   = true\n  default = "a"\n}\n',
	};
	const current = await loadWorkspace({directory: write(files), environment: {}});
	t.is(`${current.language.rules.mode} ${current.language.rules.version}`, 'opentofu 1.12');
	t.deepEqual(current.diagnostics, []);
	const old = await loadWorkspace({directory: write({'main.tofu': `language {\n  compatible_with {\n    other = "1"\n  }\n}\n\n${files['main.tofu'].split('\n\n')[1]!}`, 'versions.tofu': 'terraform {\n  required_version = "~> 1.11.0"\n}\n'}), environment: {}});
	t.is(old.language.rules.version, '1.11');
	t.deepEqual(old.diagnostics.map(diagnostic => diagnostic.summary), ['Unsupported block type', 'Unsupported argument']);
	const ineffective = await loadWorkspace({directory: write({'main.tofu': 'language {\n  compatible_with {\n    opentofu = ">= 1.6"\n  }\n}\n'}), environment: {}});
	t.deepEqual(ineffective.diagnostics.map(diagnostic => `${diagnostic.subject?.start.line} ${diagnostic.summary}`), ['3 Ineffective version constraint']);
});

test('lifecycle { destroy = false }: the instances a resource no longer has are forgotten, not destroyed', async t => {
	const resource = (count: number) => `resource "terraform_data" "kept" {\n  count = ${count}\n  lifecycle {\n    destroy = false\n  }\n}\n\nresource "terraform_data" "plain" {\n  count = ${count}\n}\n`;
	const [from, to] = await Promise.all([loadWorkspace({directory: write({'main.tf': resource(2)}), environment: {}}), loadWorkspace({directory: write({'main.tf': resource(1)}), environment: {}})]);
	const changes = diffWorkspaces(from, to).changes.map(change => `${change.address} ${change.action} ${change.reason ?? ''} ${change.removedBlock ? `line ${change.removedBlock.start.line}` : ''}`.trim());
	t.deepEqual(changes, ['terraform_data.kept[1] forget lifecycle-destroy line 3', 'terraform_data.plain[1] delete no-instance']);
	// Before 1.16 the argument is not a lifecycle setting, and the instance is destroyed.
	const pinned = (count: number) => ({'main.tf': `terraform {\n  required_version = "~> 1.15.0"\n}\n\n${resource(count)}`});
	const [oldFrom, oldTo] = await Promise.all([loadWorkspace({directory: write(pinned(2)), environment: {}}), loadWorkspace({directory: write(pinned(1)), environment: {}})]);
	t.deepEqual(diffWorkspaces(oldFrom, oldTo).changes.map(change => `${change.address} ${change.action}`), ['terraform_data.kept[1] delete', 'terraform_data.plain[1] delete']);
});

test('Terraform 1.15+: module sources from const variables and locals load the modules init would install (fixture terraform-1.15, its errors by markers)', async t => {
	const directory = path.join(fixtures, 'terraform-1.15');
	const workspace = await loadWorkspace({directory, environment: {}});
	const loaded = (node: typeof workspace.moduleTree, prefix = ''): string[] => [...node.children.values()].flatMap(child => [`${prefix}${child.path.at(-1)} ${child.source.kind === 'unresolved' ? 'unresolved' : path.relative(directory, child.source.directory)}`, ...loaded(child, `${prefix}  `)]);
	t.deepEqual(loaded(workspace.moduleTree), [
		'from_const modules/tiered',
		'  zone modules/zone',
		'  by_region unresolved',
		'from_local modules/flat',
		'from_path modules/flat',
		'from_variable unresolved',
		'from_local_of_variable unresolved',
		'from_resource unresolved',
		'from_each unresolved',
		'null_source unresolved',
		'sensitive_source unresolved',
		'versioned unresolved',
		'version_from_path unresolved',
		'unknown_const modules/flat',
	]);
	t.is(formatValue(workspace.evaluateAt('module.from_const.zone').value), '"zone"');
	// A const root variable set on the command line decides the source.
	const flat = await loadWorkspace({directory, environment: {}, variables: ['layout=flat']});
	t.is(flat.moduleTree.children.get('from_const')!.source.kind === 'local' && path.relative(directory, (flat.moduleTree.children.get('from_const')!.source as {directory: string}).directory), 'modules/flat');
	// Terraform 1.14 requires a literal source.
	const old = await loadWorkspace({directory: write({'main.tf': 'terraform {\n  required_version = "~> 1.14.0"\n}\n\nvariable "layout" {\n  type    = string\n  default = "tiered"\n}\n\nmodule "m" {\n  source = "./modules/${var.layout}"\n}\n'}), environment: {}});
	t.deepEqual(old.diagnostics.map(diagnostic => `${diagnostic.subject?.start.line} ${diagnostic.summary}`), ['11 Invalid module source']);
});
