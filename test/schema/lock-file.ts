import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {readLockFile} from '../../source/config/lock-file.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
The lock file decides how far a bundled digest is trusted: `.terraform.lock.hcl` names the provider version Terraform uses, so a digest at or after it (same major version) is certain, one before it is not, whatever the module's `required_providers` constraint allows. The bundled aws digest is 6.66.0.
*/

function directoryWith(files: Record<string, string>): string {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-lock-'));
	for (const [name, text] of Object.entries(files)) {
		fs.writeFileSync(path.join(directory, name), text);
	}

	return directory;
}

function lock(version: string, address = 'registry.terraform.io/hashicorp/aws'): string {
	return `# This file is maintained automatically by "terraform init".
# Manual edits may be lost in future updates.

provider "${address}" {
  version     = "${version}"
  constraints = ">= 6.0.0"
  hashes = [
    "h1:0000000000000000000000000000000000000000000=",
  ]
}
`;
}

const main = `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = ">= 6.0" }
  }
}

resource "aws_instance" "web" {
  instance_typ = "t3.micro"
}
`;

test('the lock file reader: each provider block with its version, through our HCL parser', t => {
	const directory = directoryWith({'.terraform.lock.hcl': `${lock('6.20.0')}
provider "registry.terraform.io/hashicorp/random" {
  version = "3.7.2"
}

provider "registry.terraform.io/hashicorp/aws" {
  version = "1.0.0"
}

provider "registry.terraform.io/hashicorp/null" {
  constraints = "~> 3.0"
}
`});
	t.deepEqual(readLockFile(directory).map(provider => `${provider.address} ${provider.version ?? '-'} ${provider.range.start.line}`), [
		'registry.terraform.io/hashicorp/aws 6.20.0 4',
		'registry.terraform.io/hashicorp/random 3.7.2 12',
		'registry.terraform.io/hashicorp/null - 20',
	]);
	t.deepEqual(readLockFile(directoryWith({})), []);
	t.deepEqual(readLockFile(directoryWith({'.terraform.lock.hcl': 'provider "registry.terraform.io/hashicorp/aws" {\n  version = "6.1.0"\n'})).map(provider => provider.version), ['6.1.0']);
});

const cases: ReadonlyArray<{readonly name: string; readonly lock?: string; readonly severity: 'error' | 'warning' | 'none'; readonly detail?: string}> = [
	{name: 'no lock file: the constraint allows newer releases', severity: 'warning', detail: 'the version constraint ">= 6.0" allows newer releases of the provider, which may have it: terraform init installs the newest.'},
	{name: 'locked at the digest\'s version', lock: lock('6.66.0'), severity: 'error'},
	{name: 'locked at an older release of the same major version', lock: lock('6.2.0'), severity: 'error'},
	{name: 'locked at a newer release', lock: lock('6.67.0'), severity: 'warning', detail: '.terraform.lock.hcl selects 6.67.0, a newer release, which may have it.'},
	{name: 'locked at another major version: not checked', lock: lock('7.0.0'), severity: 'none'},
	{name: 'locked from OpenTofu\'s registry: the same provider', lock: lock('6.66.0', 'registry.opentofu.org/hashicorp/aws'), severity: 'error'},
	{name: 'a lock entry of another provider', lock: lock('6.66.0', 'registry.terraform.io/hashicorp/random'), severity: 'warning', detail: 'the version constraint ">= 6.0" allows newer releases'},
];

for (const entry of cases) {
	test(`a name the aws digest lacks, ${entry.name}: ${entry.severity}`, async t => {
		const workspace = await loadWorkspace({directory: directoryWith({'main.tf': main, ...(entry.lock !== undefined && {'.terraform.lock.hcl': entry.lock})})});
		const found = workspace.diagnostics.filter(diagnostic => diagnostic.summary === 'Unsupported argument');
		if (entry.severity === 'none') {
			t.deepEqual(found, []);
			return;
		}

		t.deepEqual(found.map(diagnostic => diagnostic.severity), [entry.severity]);
		t.true(found[0]!.detail!.startsWith('An argument named "instance_typ" is not expected here.'), found[0]!.detail);
		if (entry.detail) {
			t.true(found[0]!.detail!.includes(`The bundled schema of registry.terraform.io/hashicorp/aws 6.66.0 lacks it, but ${entry.detail}`), found[0]!.detail);
		} else {
			t.false(found[0]!.detail!.includes('The bundled schema'), found[0]!.detail);
		}
	});
}
