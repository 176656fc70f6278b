import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {chooseLanguage} from '../../source/config/language.js';

const fixtures = path.join(import.meta.dirname, '..', 'fixtures', 'configs');

const made: string[] = [];

test.after.always(() => {
	for (const directory of made) {
		fs.rmSync(directory, {recursive: true, force: true});
	}
});

function temporaryDirectory(files: Record<string, string>): string {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-language-'));
	made.push(directory);
	for (const [name, text] of Object.entries(files)) {
		fs.writeFileSync(path.join(directory, name), text);
	}

	return directory;
}

const terraformLock = 'provider "registry.terraform.io/hashicorp/aws" {\n  version = "5.80.0"\n}\n';
const openTofuLock = `${terraformLock}provider "registry.opentofu.org/hashicorp/random" {\n  version = "3.6.0"\n}\n`;

const cases: Array<{name: string; directory: () => string; forced?: 'terraform' | 'opentofu'; mode: 'terraform' | 'opentofu'; reason: string}> = [
	{name: 'a .tofu file', directory: () => path.join(fixtures, 'opentofu-files'), mode: 'opentofu', reason: 'main.tofu is an OpenTofu file'},
	{name: 'a .tofu.json file', directory: () => temporaryDirectory({'b.tofu.json': '{}', 'a.tf': ''}), mode: 'opentofu', reason: 'b.tofu.json is an OpenTofu file'},
	{name: 'a lock file with a provider from registry.opentofu.org', directory: () => temporaryDirectory({'main.tf': '', '.terraform.lock.hcl': openTofuLock}), mode: 'opentofu', reason: '.terraform.lock.hcl records registry.opentofu.org/hashicorp/random from OpenTofu\'s registry'},
	{name: 'a lock file with Terraform registry providers only', directory: () => temporaryDirectory({'main.tf': '', '.terraform.lock.hcl': terraformLock}), mode: 'terraform', reason: 'no .tofu files and no OpenTofu registry providers in .terraform.lock.hcl'},
	{name: 'a broken lock file', directory: () => temporaryDirectory({'main.tf': '', '.terraform.lock.hcl': 'provider "registry.opentofu.org/x/y" {'}), mode: 'opentofu', reason: '.terraform.lock.hcl records registry.opentofu.org/x/y from OpenTofu\'s registry'},
	{name: 'a hidden .tofu file does not count', directory: () => temporaryDirectory({'.x.tofu': '', 'main.tf': ''}), mode: 'terraform', reason: 'no .tofu files and no OpenTofu registry providers in .terraform.lock.hcl'},
	{name: 'a plain Terraform configuration', directory: () => path.join(import.meta.dirname, '..', '..', 'examples', 'multi-region'), mode: 'terraform', reason: 'no .tofu files and no OpenTofu registry providers in .terraform.lock.hcl'},
	{name: 'a missing directory', directory: () => path.join(fixtures, 'no-such-directory'), mode: 'terraform', reason: 'no .tofu files and no OpenTofu registry providers in .terraform.lock.hcl'},
	{name: '--terraform over a .tofu file', directory: () => path.join(fixtures, 'opentofu-files'), forced: 'terraform', mode: 'terraform', reason: 'chosen with --terraform'},
	{name: '--opentofu over a Terraform configuration', directory: () => path.join(fixtures, 'kitchen-sink'), forced: 'opentofu', mode: 'opentofu', reason: 'chosen with --opentofu'},
];

for (const {name, directory, forced, mode, reason} of cases) {
	test(`language: ${name}`, t => {
		const choice = chooseLanguage(directory(), forced);
		t.is(choice.rules.mode, mode);
		t.is(choice.reason, reason);
	});
}

test('a lock file that is a directory decides nothing', t => {
	const directory = temporaryDirectory({'main.tf': ''});
	fs.mkdirSync(path.join(directory, '.terraform.lock.hcl'));
	t.is(chooseLanguage(directory).rules.mode, 'terraform');
});
