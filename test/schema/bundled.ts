import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {runConsole} from '../../source/commands/console.js';
import {loadWorkspace, type Workspace} from '../../source/workspace.js';

/*
Resource values and validate-level errors from the bundled digests (schemas/, generated from the CDK for Terraform provider packages): the AWS provider's sets, lists of at most one block, computed attributes and conversions.
*/

async function load(files: Record<string, string>): Promise<Workspace> {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-schema-'));
	for (const [name, text] of Object.entries(files)) {
		fs.mkdirSync(path.dirname(path.join(directory, name)), {recursive: true});
		fs.writeFileSync(path.join(directory, name), text);
	}

	return loadWorkspace({directory});
}

function printed(workspace: Workspace, expression: string): string {
	const {value: scope} = workspace.scopeAt();
	let stdout = '';
	let stderr = '';
	runConsole(`${expression}\n`, {scope: scope!, stdout: {write: chunk => (stdout += chunk)}, stderr: {write: chunk => (stderr += chunk)}});
	return stdout + stderr;
}

function errors(workspace: Workspace): string[] {
	return workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error').map(diagnostic => `${diagnostic.subject ? `${diagnostic.subject.start.line}:${diagnostic.subject.start.column} ` : ''}${diagnostic.summary}: ${diagnostic.detail ?? ''}`);
}

const instance = `
resource "aws_instance" "web" {
  ami           = 5
  instance_type = "t3.micro"
  ebs_block_device {
    device_name = "/dev/sdb"
    volume_size = "10"
  }
  root_block_device {
    volume_size = 8
  }
}
`;

/**
The digest's own version, so the schema is exact: without a pin, a newer release may be installed, where names the digest lacks may exist (see below).
*/
const pinnedAws = `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = "6.66.0" }
  }
}
`;

test('a set block is a set of objects, every attribute present: unset optional ones null, computed ones unknown', async t => {
	const workspace = await load({'main.tf': instance});
	t.deepEqual(errors(workspace), []);
	const ebs = printed(workspace, 'aws_instance.web.ebs_block_device');
	t.true(ebs.startsWith('toset([\n  {\n'), ebs);
	t.regex(ebs, /"device_name" = "\/dev\/sdb"/);
	// "10" converted to the number the schema says.
	t.regex(ebs, /"volume_size" = 10\n/);
	t.regex(ebs, /"volume_id" = \(known after apply\)/);
	t.regex(ebs, /"tags" = tomap\(null\)|"tags" = null/);
	t.is(printed(workspace, 'type(aws_instance.web.root_block_device)').split('\n')[0], 'list(');
});

test('a string attribute given a number is converted to a string; an unset computed attribute is known after apply', async t => {
	const workspace = await load({'versions.tf': pinnedAws, 'main.tf': instance});
	t.is(printed(workspace, 'aws_instance.web.ami'), '"5"\n');
	t.is(printed(workspace, 'aws_instance.web.arn'), '(known after apply)\n');
	t.is(printed(workspace, 'aws_instance.web.tags'), 'tomap(null) /* of string */\n');
	t.true(printed(workspace, 'keys(aws_instance.web)').includes('"private_ip",'));
});

// With no version constraint, Terraform 1.16's words: go-cty 1.16.3 names the type given.
test('a value that does not convert is hcldec\'s error on the argument', async t => {
	const workspace = await load({'main.tf': 'resource "aws_instance" "web" {\n  instance_type = ["t3.micro"]\n}\n'});
	t.deepEqual(errors(workspace), ['2:19 Incorrect attribute value type: Inappropriate value for attribute "instance_type": string required, but have tuple.']);
	t.is(printed(workspace, 'aws_instance.web.instance_type'), '(known after apply)\n');
});

test('a dynamic block expands into the set block type', async t => {
	const workspace = await load({'main.tf': `
resource "aws_instance" "web" {
  dynamic "ebs_block_device" {
    for_each = ["b", "c", "b"]
    content {
      device_name = "/dev/sd\${ebs_block_device.value}"
    }
  }
}
`});
	t.deepEqual(errors(workspace), []);
	const devices = printed(workspace, 'aws_instance.web.ebs_block_device');
	t.true(devices.startsWith('toset([\n'), devices);
	t.regex(devices, /"device_name" = "\/dev\/sdb"[^]*"device_name" = "\/dev\/sdc"/);
	// Each object has attributes known only after apply, so no two are known to be equal, and the set's length is not known either (cty).
	t.is(printed(workspace, 'length(aws_instance.web.ebs_block_device)'), '(known after apply)\n');
});

test('too many blocks of a type of at most one, unsupported names and missing required arguments: terraform validate\'s errors', async t => {
	// Pinned to the digest's version, so a name the digest lacks is certainly unsupported (see the next test).
	const workspace = await load({'versions.tf': pinnedAws, 'main.tf': `
resource "aws_instance" "web" {
  instance_typ = "t3.micro"
  root_block_device {}
  root_block_device {}
  ebs_blok_device {}
}

resource "aws_subnet" "a" {
  cidr_block = "10.0.0.0/24"
}
`});
	t.deepEqual(errors(workspace).sort(), [
		'3:3 Unsupported argument: An argument named "instance_typ" is not expected here. Did you mean "instance_type"?',
		'5:3 Too many root_block_device blocks: No more than 1 "root_block_device" blocks are allowed',
		'6:3 Unsupported block type: Blocks of type "ebs_blok_device" are not expected here. Did you mean "ebs_block_device"?',
		'9:27 Missing required argument: The argument "vpc_id" is required, but no definition was found.',
	]);
});

test('the constraints of every module bound the provider together: a root\'s pin or range decides for a child module that states none', async t => {
	const child = {'modules/web/main.tf': 'resource "aws_instance" "web" {\n  instance_typ = "t3.micro"\n}\n'};
	const call = 'module "web" {\n  source = "./modules/web"\n}\n';
	const withRoot = (constraint: string) => `${call}terraform {\n  required_providers {\n    aws = { source = "hashicorp/aws", version = "${constraint}" }\n  }\n}\n`;
	const typo = 'Unsupported argument';
	// Pinned at the digest's version by the root: exact, so an error as terraform validate gives.
	const pinned = await load({...child, 'main.tf': withRoot('6.66.0')});
	t.deepEqual(pinned.diagnostics.filter(diagnostic => diagnostic.summary === typo).map(diagnostic => diagnostic.severity), ['error']);
	// A root range that excludes the digest (caf pins azurerm ~> 3.114.0 against the 4.x digest): the name may exist in the version used, nothing reported.
	const excluded = await load({...child, 'main.tf': withRoot('~> 5.0')});
	t.deepEqual(excluded.diagnostics.filter(diagnostic => diagnostic.summary === typo), []);
	// Two constraints together, both naming newer releases: a warning that names both.
	const both = await load({'modules/web/main.tf': `terraform {\n  required_providers {\n    aws = { source = "hashicorp/aws", version = "< 7.0" }\n  }\n}\n${child['modules/web/main.tf']}`, 'main.tf': withRoot('>= 6.0')});
	const warnings = both.diagnostics.filter(diagnostic => diagnostic.summary === typo);
	t.deepEqual(warnings.map(warning => warning.severity), ['warning']);
	t.regex(warnings[0]!.detail!, /but the version constraints "(>= 6\.0|< 7\.0)", "(>= 6\.0|< 7\.0)" allow newer releases of the provider, which may have it/);
});

test('where newer provider releases than the digest\'s are allowed, a name the digest lacks is a warning that says why; other schema errors stay', async t => {
	for (const versions of ['', 'terraform {\n  required_providers {\n    aws = { source = "hashicorp/aws", version = ">= 6.0" }\n  }\n}\n']) {
		const workspace = await load({'versions.tf': versions, 'main.tf': `
resource "aws_instance" "web" {
  instance_typ = "t3.micro"
  root_block_device {}
  root_block_device {}
  brand_new_block {}
}
`});
		t.deepEqual(errors(workspace), ['5:3 Too many root_block_device blocks: No more than 1 "root_block_device" blocks are allowed']);
		const warnings = workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'warning');
		t.deepEqual(warnings.map(warning => warning.summary).sort(), ['Unsupported argument', 'Unsupported block type']);
		const allowed = versions === '' ? 'no version constraint bounds the provider, so newer releases may be used' : 'the version constraint ">= 6.0" allows newer releases of the provider';
		t.true(warnings.every(warning => warning.detail!.endsWith(`The bundled schema of registry.terraform.io/hashicorp/aws 6.66.0 lacks it, but ${allowed}, which may have it: terraform init installs the newest. To check against the version you use, give its schema with --schema.`)), warnings.map(warning => warning.detail).join('\n'));
		// Nor is a reference to such a name an error.
		t.is(printed(workspace, 'aws_instance.web.brand_new_attribute'), '(known after apply)\n');
	}
});

test('an attribute of type set of objects written as blocks (aws_security_group ingress): objects with the attributes left out null', async t => {
	const workspace = await load({'main.tf': `
resource "aws_security_group" "sg" {
  ingress {
    from_port   = 443
    to_port     = "443"
    protocol    = "tcp"
    cidr_blocks = ["0.0.0.0/0"]
  }
  egress = []
}
`});
	t.deepEqual(errors(workspace), []);
	const ingress = printed(workspace, 'aws_security_group.sg.ingress');
	t.true(ingress.startsWith('toset([\n'), ingress);
	t.regex(ingress, /"description" = tostring\(null\)|"description" = null/);
	t.regex(ingress, /"to_port" = 443\n/);
	t.is(printed(workspace, 'aws_security_group.sg.egress'), 'toset([])\n');
});

test('a digest of a provider version the configuration does not accept shapes values but reports no unknown names, and reading a name it lacks is unknown', async t => {
	const workspace = await load({'main.tf': `
terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = "~> 4.0" }
  }
}

resource "aws_instance" "web" {
  removed_in_v5 = true
}
`});
	t.deepEqual(errors(workspace), []);
	t.is(printed(workspace, 'aws_instance.web.arn'), '(known after apply)\n');
	// A name the digest lacks may exist in the version used (caf reads azuread_application.application_id under azuread ~> 2.43, against the 3.x digest).
	t.is(printed(workspace, 'aws_instance.web.only_in_v4'), '(known after apply)\n');
	t.is(printed(workspace, 'keys(aws_instance.web)'), '(known after apply)\n');
});

test('a schema file given by the user: its types are used, unknown names are errors', async t => {
	const schema = {
		format_version: '1.0',
		provider_schemas: {
			'registry.terraform.io/acme/widget': {
				resource_schemas: {
					widget_thing: {
						block: {
							attributes: {
								name: {type: 'string', required: true},
								size: {type: 'number', optional: true},
								token: {type: 'string', computed: true, sensitive: true},
								ports: {type: ['set', 'number'], optional: true},
							},
							block_types: {
								rule: {nesting_mode: 'list', min_items: 1, block: {attributes: {port: {type: 'number', required: true}}}},
							},
						},
					},
				},
			},
		},
	};
	const workspace = await load({
		'providers-schema.json': JSON.stringify(schema),
		'main.tf': `
terraform {
  required_providers {
    widget = { source = "acme/widget" }
  }
}

resource "widget_thing" "a" {
  name  = 1
  ports = [80, 80, 443]
  rule {
    port = "22"
  }
}

resource "widget_thing" "b" {
  colour = "red"
}
`,
	});
	t.deepEqual(errors(workspace).sort(), [
		'16:29 Insufficient rule blocks: At least 1 "rule" blocks are required.',
		'16:29 Missing required argument: The argument "name" is required, but no definition was found.',
		'17:3 Unsupported argument: An argument named "colour" is not expected here.',
	]);
	t.is(printed(workspace, 'widget_thing.a'), `{
  "name" = "1"
  "ports" = toset([
    80,
    443,
  ])
  "rule" = tolist([
    {
      "port" = 22
    },
  ])
  "size" = tonumber(null)
  "token" = (known after apply)
}
`);
	t.is(printed(workspace, 'issensitive(widget_thing.a.token)'), 'true\n');
});

test('a schema file\'s sensitive and write-only attributes, item limits above one, ephemeral resource types and the provider block', async t => {
	const schema = {
		format_version: '1.0',
		provider_schemas: {
			'registry.terraform.io/acme/vault': {
				provider: {block: {attributes: {address: {type: 'string', required: true}, token: {type: 'string', optional: true, sensitive: true}}}},
				resource_schemas: {
					vault_secret: {
						block: {
							attributes: {
								path: {type: 'string', required: true},
								data: {type: 'string', optional: true, sensitive: true},
								data_wo: {type: 'string', optional: true, write_only: true},
								version: {type: 'number', computed: true},
							},
							block_types: {
								replica: {nesting_mode: 'set', min_items: 2, max_items: 3, block: {attributes: {region: {type: 'string', required: true}}}},
							},
						},
					},
				},
				ephemeral_resource_schemas: {
					vault_token: {block: {attributes: {policies: {type: ['list', 'string'], optional: true}, client_token: {type: 'string', computed: true, sensitive: true}}}},
				},
			},
		},
	};
	const workspace = await load({
		'providers-schema.json': JSON.stringify(schema),
		'main.tf': `
terraform {
  required_providers {
    vault = { source = "acme/vault" }
  }
}

provider "vault" {
  adress = "https://vault"
}

resource "vault_secret" "a" {
  path    = "kv/a"
  data    = "hunter2"
  data_wo = "never stored"
  replica { region = "eu" }
}

resource "vault_secret" "b" {
  path = "kv/b"
  replica { region = "eu" }
  replica { region = "us" }
  replica { region = "ap" }
  replica { region = "sa" }
}

ephemeral "vault_token" "t" {
  policies = ["read"]
  ttl      = "1h"
}
`,
	});
	t.deepEqual(errors(workspace).sort(), [
		'12:29 Insufficient replica blocks: At least 2 "replica" blocks are required.',
		'24:3 Too many replica blocks: No more than 3 "replica" blocks are allowed',
		'29:3 Unsupported argument: An argument named "ttl" is not expected here.',
		'8:18 Missing required argument: The argument "address" is required, but no definition was found.',
		'9:3 Unsupported argument: An argument named "adress" is not expected here. Did you mean "address"?',
	]);
	// Sensitive attributes are hidden as terraform console hides them; write-only ones are always null.
	t.is(printed(workspace, 'vault_secret.a.data'), '(sensitive value)\n');
	t.is(printed(workspace, 'vault_secret.a.data_wo'), 'tostring(null)\n');
	t.is(printed(workspace, 'ephemeral.vault_token.t.policies'), '(ephemeral value)\n');
	t.is(printed(workspace, 'issensitive(ephemeral.vault_token.t.client_token)'), 'true\n');
});

test('provider blocks are checked against the bundled digest, where a nested block may also be written as an attribute (helm 3\'s kubernetes = {...})', async t => {
	const workspace = await load({'main.tf': `
terraform {
  required_providers {
    helm = { source = "hashicorp/helm", version = "<= 3.1.1" }
  }
}

provider "helm" {
  kubernetes = {
    host = "https://k8s"
  }
  burst_limt = 10
}

provider "helm" {
  alias = "blocks"
  kubernetes {
    host = "https://k8s"
  }
}
`});
	t.deepEqual(errors(workspace), ['12:3 Unsupported argument: An argument named "burst_limt" is not expected here. Did you mean "burst_limit"?']);
});

test('the kubernetes digest has kubernetes_pod\'s nested blocks (kept by the CDK package in index-structs/): the GKE deploy_service example has no false errors', async t => {
	const workspace = await load({'main.tf': `
resource "kubernetes_pod" "nginx" {
  metadata {
    name   = "nginx-example"
    labels = {app = "nginx"}
  }

  spec {
    container {
      image = "nginx:1.31.2"
      name  = "nginx"
    }
  }
}
`});
	t.deepEqual(errors(workspace), []);
	t.is(printed(workspace, 'kubernetes_pod.nginx.metadata[0].labels.app'), '"nginx"\n');
	t.is(printed(workspace, 'kubernetes_pod.nginx.metadata[0].uid'), '(known after apply)\n');
});

test('a block the digest types as an attribute of any type (azurerm\'s features { resource_group {...} }, a nested block the CDK package leaves undescribed) is taken unchecked', async t => {
	const workspace = await load({'main.tf': `
terraform {
  required_providers {
    azurerm = {
      source  = "hashicorp/azurerm"
      version = ">= 4.0, <= 4.73.0"
    }
  }
}

provider "azurerm" {
  features {
    resource_group {
      prevent_deletion_if_contains_resources = false
    }
    no_such_feature {}
  }
}
`});
	t.deepEqual(errors(workspace), ['16:5 Unsupported block type: Blocks of type "no_such_feature" are not expected here.']);
});
