import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {chooseLanguage} from '../../source/config/language.js';
import {renderCheck} from '../../source/commands/check.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
A `terraform { encryption { ... } }` block chooses OpenTofu when nothing before it in the rule does (a flag, a .tofu file, an OpenTofu lock file): Terraform rejects the block ("Unsupported block type: Blocks of type "encryption" are not expected here.", hashicorp/terraform internal/configs/parser_config.go terraformBlockSchema at v1.11 to v1.16, and terraform validate 1.11 in test/fixtures/language-errors/opentofu-only), so no Terraform release runs such a configuration; OpenTofu decodes it (opentofu/opentofu v1.12 internal/configs/parser_config.go, `case "encryption"`).
*/

const made: string[] = [];

test.after.always(() => {
	for (const directory of made) {
		fs.rmSync(directory, {recursive: true, force: true});
	}
});

function temporaryDirectory(files: Record<string, string>): string {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-encryption-'));
	made.push(directory);
	for (const [name, text] of Object.entries(files)) {
		fs.writeFileSync(path.join(directory, name), text);
	}

	return directory;
}

const encryption = `terraform {
  encryption {
    key_provider "pbkdf2" "main" {
      passphrase = "correct-horse-battery-staple"
    }

    method "aes_gcm" "main" {
      keys = key_provider.pbkdf2.main
    }

    state {
      method = method.aes_gcm.main
    }
  }
}
`;

const terraformLock = 'provider "registry.terraform.io/hashicorp/aws" {\n  version = "5.80.0"\n}\n';

const cases: Array<{name: string; files: Record<string, string>; forced?: 'terraform'; mode: 'terraform' | 'opentofu'; reason: string}> = [
	{name: 'an encryption block', files: {'main.tf': 'resource "terraform_data" "x" {}\n', 'encryption.tf': encryption}, mode: 'opentofu', reason: 'encryption.tf configures state encryption, which only OpenTofu has'},
	{name: 'in JSON syntax', files: {'main.tf.json': JSON.stringify({terraform: {encryption: {state: {enforced: false}}}})}, mode: 'opentofu', reason: 'main.tf.json configures state encryption, which only OpenTofu has'},
	{name: 'beside a lock file of Terraform registry providers', files: {'main.tf': encryption, '.terraform.lock.hcl': terraformLock}, mode: 'opentofu', reason: 'main.tf configures state encryption, which only OpenTofu has'},
	{name: 'an override file\'s', files: {'main.tf': '', 'main_override.tf': encryption}, mode: 'opentofu', reason: 'main_override.tf configures state encryption, which only OpenTofu has'},
	{name: '--terraform still decides', files: {'main.tf': encryption}, forced: 'terraform', mode: 'terraform', reason: 'chosen with --terraform'},
	{name: 'a .tofu file decides first', files: {'main.tofu': '', 'main.tf': encryption}, mode: 'opentofu', reason: 'main.tofu is an OpenTofu file'},
	{name: 'the word elsewhere does not count', files: {'main.tf': 'locals {\n  encryption = "aws:kms"\n}\n\nresource "terraform_data" "encryption" {}\n'}, mode: 'terraform', reason: 'no .tofu files and no OpenTofu registry providers in .terraform.lock.hcl'},
	{name: 'an encryption block outside terraform does not count', files: {'main.tf': 'resource "x" "y" {\n  encryption {\n  }\n}\n'}, mode: 'terraform', reason: 'no .tofu files and no OpenTofu registry providers in .terraform.lock.hcl'},
];

for (const {name, files, forced, mode, reason} of cases) {
	test(`language: ${name}`, t => {
		const choice = chooseLanguage(temporaryDirectory(files), forced);
		t.is(choice.rules.mode, mode);
		t.is(choice.reason, reason);
	});
}

test('a configuration with an encryption block loads as OpenTofu without a false error', async t => {
	const directory = temporaryDirectory({'main.tf': `${encryption}\nresource "terraform_data" "x" {\n  input = "a"\n}\n`});
	const workspace = await loadWorkspace({directory});
	t.is(workspace.language.rules.product, 'OpenTofu');
	t.is(renderCheck(workspace.diagnostics, directory), '');
	const asTerraform = await loadWorkspace({directory, language: 'terraform'});
	t.true(asTerraform.diagnostics.some(diagnostic => diagnostic.summary === 'Unsupported block type' && diagnostic.detail?.includes('"encryption"') === true));
});
