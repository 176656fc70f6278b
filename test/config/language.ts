import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {chooseLanguage, rulesFor} from '../../source/config/language.js';

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

const versionCases: Array<{name: string; files: Record<string, string>; forced?: 'terraform' | 'opentofu'; rules: string; reason: string}> = [
	{name: 'no constraint: the newest release', files: {'main.tf': ''}, rules: 'terraform@1.16', reason: '1.16 is the newest release'},
	{name: 'a constraint the newest release meets', files: {'versions.tf': 'terraform {\n  required_version = ">= 1.3"\n}\n'}, rules: 'terraform@1.16', reason: '1.16, the newest release, meets required_version ">= 1.3"'},
	{name: 'a pessimistic constraint on a patch release', files: {'versions.tf': 'terraform {\n  required_version = "~> 1.13.0"\n}\n'}, rules: 'terraform@1.13', reason: 'required_version "~> 1.13.0" allows 1.13 at most'},
	{name: 'a lower bound on a patch release allows its minor release', files: {'versions.tf': 'terraform {\n  required_version = ">= 1.14.3, < 1.15"\n}\n'}, rules: 'terraform@1.14', reason: 'required_version ">= 1.14.3, < 1.15" allows 1.14 at most'},
	{name: 'constraints in two files must all hold', files: {'a.tf': 'terraform {\n  required_version = ">= 1.12"\n}\n', 'b.tf': 'terraform {\n  required_version = "< 1.15.0"\n}\n'}, rules: 'terraform@1.14', reason: 'required_version ">= 1.12" and required_version "< 1.15.0" allows 1.14 at most'},
	{name: 'an old release: the oldest whose rules tfscope follows', files: {'main.tf': 'terraform {\n  required_version = "~> 0.13.0"\n}\n'}, rules: 'terraform@1.11', reason: 'required_version "~> 0.13.0" asks for a release older than 1.11, the oldest whose rules tfscope follows'},
	{name: 'no release meets it: the newest', files: {'main.tf': 'terraform {\n  required_version = ">= 9.0"\n}\n'}, rules: 'terraform@1.16', reason: 'no release meets required_version ">= 9.0", so 1.16, the newest'},
	{name: 'JSON syntax', files: {'main.tf.json': '{"terraform": {"required_version": "~> 1.12.0"}}'}, rules: 'terraform@1.12', reason: 'required_version "~> 1.12.0" allows 1.12 at most'},
	{name: 'Terraform does not read .tofu files', files: {'main.tf': '', 'versions.tofu': 'terraform {\n  required_version = "~> 1.11.0"\n}\n'}, forced: 'terraform', rules: 'terraform@1.16', reason: '1.16 is the newest release'},
	{name: 'OpenTofu: a .tofu file\'s required_version', files: {'versions.tofu': 'terraform {\n  required_version = "~> 1.11.0"\n}\n'}, rules: 'opentofu@1.11', reason: 'required_version "~> 1.11.0" allows 1.11 at most'},
	{name: 'OpenTofu: language { compatible_with }', files: {'main.tofu': 'language {\n  compatible_with {\n    opentofu = ">= 1.12.0"\n  }\n}\n'}, rules: 'opentofu@1.12', reason: '1.12, the newest release, meets compatible_with.opentofu ">= 1.12.0"'},
	{name: 'a required_version that is not a literal decides nothing', files: {'main.tf': 'terraform {\n  required_version = var.v\n}\n'}, rules: 'terraform@1.16', reason: '1.16 is the newest release'},
];

for (const {name, files, forced, rules, reason} of versionCases) {
	test(`language release: ${name}`, t => {
		const choice = chooseLanguage(temporaryDirectory(files), forced);
		t.is(`${choice.rules.mode}@${choice.rules.version}`, rules);
		t.is(choice.versionReason, reason);
		t.is(choice.rules, rulesFor(choice.rules.mode, choice.rules.version), 'the same rules object for the same release');
	});
}

test('each rule follows the release that brought it', t => {
	const rule = (mode: 'terraform' | 'opentofu', version: string) => rulesFor(mode, version);
	t.false(rule('terraform', '1.14').constVariables);
	t.true(rule('terraform', '1.15').constVariables);
	t.true(rule('opentofu', '1.12').constVariables);
	t.false(rule('opentofu', '1.11').constVariables);
	t.false(rule('terraform', '1.14').deprecations);
	t.true(rule('terraform', '1.15').deprecations);
	t.true(rule('opentofu', '1.11').deprecations);
	t.false(rule('terraform', '1.15').lifecycleDestroy);
	t.true(rule('terraform', '1.16').lifecycleDestroy);
	t.true(rule('opentofu', '1.12').lifecycleDestroy);
	t.is(rule('terraform', '1.13').actions, false);
	t.is(rule('terraform', '1.14').actions, 'events');
	t.is(rule('terraform', '1.16').actions, 'destroy-events');
	t.is(rule('opentofu', '1.12').actions, false);
	t.true(rule('opentofu', '1.11').lifecycleEnabled);
	t.false(rule('terraform', '1.16').lifecycleEnabled);
});
