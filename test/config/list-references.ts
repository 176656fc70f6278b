import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {formatRangeShort} from '../../source/hcl/position.js';
import {formatValue} from '../../source/lang/format-value.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
`list.TYPE.NAME` in the `.tf` files of a configuration without query files. From Terraform 1.13 the reference parser reads `list` as a reserved root, a list resource (hashicorp/terraform v1.13.0 and v1.16 internal/addrs/parse_ref.go parseRef, case "list"; before, the default case: a managed resource of type "list"); with no list block it is undeclared, worded by internal/terraform/evaluate_valid.go staticValidateResourceReference ("A list resource ... has not been declared", and the hint to write `resource.list.TYPE` when a managed resource of type `list` named TYPE exists). `resource.TYPE.NAME` is a managed resource in every release (parse_ref.go case "resource"; its Terraform 1.11 golden is test/fixtures/fidelity/h-resource-prefix).
*/

const fixture = path.join(import.meta.dirname, '..', 'fixtures', 'configs', 'terraform-1.16-list-references');

function lines(diagnostics: ReadonlyArray<{readonly summary: string; readonly detail?: string; readonly subject?: Parameters<typeof formatRangeShort>[0]}>): string[] {
	return diagnostics.map(diagnostic => `${diagnostic.subject ? path.relative(fixture, formatRangeShort(diagnostic.subject)) : '-'}: ${diagnostic.summary}: ${diagnostic.detail ?? ''}`);
}

test('Terraform 1.16: list.TYPE.NAME without query files is an undeclared list resource, with Terraform\'s hint towards resource.list.TYPE', async t => {
	const workspace = await loadWorkspace({directory: fixture, environment: {}});
	t.is(workspace.language.rules.version, '1.16');
	t.deepEqual(lines(workspace.diagnostics), [
		'main.tf:7,11-32: Reference to undeclared resource: A list resource "aws_instance" "web" has not been declared in the root module.\n\nDid you mean the managed resource list.aws_instance? If so, please use the fully qualified name of the resource, e.g. resource.list.aws_instance',
		'main.tf:12,11-36: Reference to undeclared resource: A list resource "aws_s3_bucket" "all" has not been declared in the root module.',
		'main.tf:16,11-28: Invalid reference: The "list" object must be followed by two attribute names: the list resource type and the list resource name.',
		'modules/child/main.tf:2,11-32: Reference to undeclared resource: A list resource "aws_instance" "web" has not been declared in module.child.',
	]);
	// The prefixed form reads the managed resource; so does the console.
	t.deepEqual(workspace.evaluateAt('resource.list.aws_instance').diagnostics, []);
	t.deepEqual(lines(workspace.evaluateAt('list.aws_instance[0]').diagnostics).map(line => line.replace(/^.*?: /, '')), ['Invalid reference: A reference to a resource type must be followed by at least one attribute access, specifying the resource name.']);
});

test('Terraform 1.12 reads list.TYPE.NAME as a managed resource of type "list"', async t => {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-list-references-'));
	t.teardown(() => {
		fs.rmSync(directory, {recursive: true, force: true});
	});
	fs.cpSync(fixture, directory, {recursive: true});
	fs.writeFileSync(path.join(directory, 'versions.tf'), 'terraform {\n  required_version = "~> 1.12.0"\n}\n');
	const workspace = await loadWorkspace({directory, environment: {}});
	t.is(workspace.language.rules.version, '1.12');
	t.deepEqual(workspace.diagnostics.map(diagnostic => `${diagnostic.summary}: ${diagnostic.detail ?? ''}`), [
		'Reference to undeclared resource: A managed resource "list" "aws_s3_bucket" has not been declared in the root module.',
		'Reference to undeclared resource: A managed resource "list" "aws_instance" has not been declared in module.child.',
	]);
	t.is(formatValue(workspace.evaluateAt('list.aws_instance.web').value), '(known after apply)');
});

test('OpenTofu has no list resources: list.TYPE.NAME is a managed resource', async t => {
	const workspace = await loadWorkspace({directory: fixture, environment: {}, language: 'opentofu'});
	t.deepEqual(workspace.diagnostics.map(diagnostic => diagnostic.summary), ['Reference to undeclared resource', 'Reference to undeclared resource']);
	t.regex(workspace.diagnostics[0]!.detail ?? '', /A managed resource "list" "aws_s3_bucket"/);
});
