import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {formatValue} from '../../source/lang/format-value.js';
import {bundledProviderSchema} from '../../source/schema/bundled.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
What providers refine in a plan (issue #17): nothing, but terraform_data's id. Terraform core plans an unset computed attribute as cty.UnknownVal(type) (internal/plans/objchange/objchange.go, proposedNewAttributes; data sources through PlannedDataResourceObject) and derives no refinement from a schema; SDKv2 (terraform-plugin-sdk helper/schema/unknown.go) sets plain unknowns and refines nothing, and terraform-plugin-framework cannot refine an unknown (hashicorp/terraform-plugin-framework#869, open; its refinement pull request #1062 was closed unmerged). Only the built-in provider refines: terraform_data's planned id is cty.UnknownVal(cty.String).RefineNotNull() (internal/builtin/providers/terraform/resource_data.go). So with the bundled digests of aws, google and azurerm, `x.id != null` is (known after apply), never true.
*/

const configuration = `
resource "aws_instance" "web" {
  ami           = "ami-123"
  instance_type = "t3.micro"
}

resource "aws_vpc" "main" {
  cidr_block = "10.0.0.0/16"
}

data "aws_caller_identity" "current" {}

resource "google_compute_network" "net" {
  name = "net"
}

resource "google_storage_bucket" "bucket" {
  name     = "bucket"
  location = "EU"
}

resource "azurerm_resource_group" "group" {
  name     = "group"
  location = "westeurope"
}

resource "azurerm_virtual_network" "net" {
  name                = "net"
  location            = "westeurope"
  resource_group_name = azurerm_resource_group.group.name
  address_space       = ["10.0.0.0/16"]
}

resource "terraform_data" "seed" {}
`;

// [provider, kind, type, computed attribute, the reference]
const computed: Array<[string, 'resource' | 'data', string, string, string]> = [
	['hashicorp/aws', 'resource', 'aws_instance', 'id', 'aws_instance.web.id'],
	['hashicorp/aws', 'resource', 'aws_instance', 'arn', 'aws_instance.web.arn'],
	['hashicorp/aws', 'resource', 'aws_instance', 'private_ip', 'aws_instance.web.private_ip'],
	['hashicorp/aws', 'resource', 'aws_vpc', 'id', 'aws_vpc.main.id'],
	['hashicorp/aws', 'data', 'aws_caller_identity', 'account_id', 'data.aws_caller_identity.current.account_id'],
	['hashicorp/google', 'resource', 'google_compute_network', 'id', 'google_compute_network.net.id'],
	['hashicorp/google', 'resource', 'google_compute_network', 'self_link', 'google_compute_network.net.self_link'],
	['hashicorp/google', 'resource', 'google_storage_bucket', 'url', 'google_storage_bucket.bucket.url'],
	['hashicorp/azurerm', 'resource', 'azurerm_resource_group', 'id', 'azurerm_resource_group.group.id'],
	['hashicorp/azurerm', 'resource', 'azurerm_virtual_network', 'id', 'azurerm_virtual_network.net.id'],
	['hashicorp/azurerm', 'resource', 'azurerm_virtual_network', 'guid', 'azurerm_virtual_network.net.guid'],
];

async function workspaceOf(t: {teardown(callback: () => void): void}, bundledSchemas: boolean) {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-provider-refinements-'));
	t.teardown(() => {
		fs.rmSync(directory, {recursive: true, force: true});
	});
	fs.writeFileSync(path.join(directory, 'main.tf'), configuration);
	return loadWorkspace({directory, bundledSchemas});
}

test('the bundled digests declare these attributes computed and unset by the configuration', t => {
	for (const [provider, kind, type, attribute] of computed) {
		const schema = bundledProviderSchema(`registry.terraform.io/${provider}`);
		const declared = schema?.block(kind, type)?.attributes.get(attribute);
		t.true(declared?.computed, `${type}.${attribute}`);
		t.falsy(declared?.required, `${type}.${attribute}`);
	}
});

for (const bundledSchemas of [true, false]) {
	test(`a provider's computed attribute is an unrefined unknown, only terraform_data's id is not null (${bundledSchemas ? 'bundled digests' : 'no schemas'})`, async t => {
		const workspace = await workspaceOf(t, bundledSchemas);
		t.deepEqual(workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error').map(diagnostic => diagnostic.summary), []);
		const cases: Array<[string, string]> = [
			...computed.flatMap(([, , , , reference]): Array<[string, string]> => [
				[reference, '(known after apply)'],
				[`${reference} != null`, '(known after apply)'],
				[`${reference} == null`, '(known after apply)'],
				[`coalesce(${reference}, "x")`, '(known after apply)'],
			]),
			['terraform_data.seed.id', '(known after apply)'],
			['terraform_data.seed.id != null', 'true'],
			['terraform_data.seed.id == null', 'false'],
			// Set by the configuration: known, whatever the schema says.
			['aws_instance.web.ami != null', 'true'],
			['azurerm_virtual_network.net.resource_group_name', '"group"'],
		];
		for (const [expression, expected] of cases) {
			const result = workspace.evaluateAt(expression);
			t.deepEqual(result.diagnostics.map(diagnostic => diagnostic.summary), [], expression);
			t.is(formatValue(result.value), expected, expression);
		}
	});
}
