import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/*
A deterministic generator of large, realistic Terraform configurations for the benchmarks.

Shape: a root module calls `services` service modules (one directory each), each with `for_each` over `moduleInstances` environments. Each service module nests a chain of child modules `moduleDepth - 1` levels deep (one directory per level). Every module directory holds `resourcesPerModule` resource blocks in a repeating pattern of five expansion modes (single, single, `count`, `for_each` over a map built by a `for` expression, `for_each` over a set), so one pattern of five blocks expands to `2 + countSize + 2 * forEachSize` instances. Resources reference each other (graph edges), use `dynamic` blocks, heredocs, templates, `jsonencode`, and the modules pass values down and outputs up.

Counts, as the bench reports them:
- resource blocks: the `resource` blocks written in files;
- resources: resource blocks times the module instances that contain them (what a plan shows as distinct resource configurations);
- resource instances: after `count` / `for_each`.
*/

export type GeneratorOptions = {
	readonly seed: number;
	/** Top-level module calls, each to its own directory. */
	readonly services: number;
	/** `for_each` size of every top-level module call. */
	readonly moduleInstances: number;
	/** Levels of modules per service (1 = the service module only). */
	readonly moduleDepth: number;
	/** Resource blocks in every module directory (a multiple of 5 keeps the pattern whole). */
	readonly resourcesPerModule: number;
	readonly countSize: number;
	readonly forEachSize: number;
	/** Write heredoc `user_data` and policies. */
	readonly heredocs: boolean;
};

export type GeneratedFile = {
	/** Relative to the configuration root, with `/` separators. */
	readonly path: string;
	readonly text: string;
};

export type GeneratedConfiguration = {
	readonly options: GeneratorOptions;
	readonly files: readonly GeneratedFile[];
	readonly bytes: number;
	readonly resourceBlocks: number;
	readonly resources: number;
	readonly resourceInstances: number;
	readonly moduleInstances: number;
};

export const baseResources = 2500;

/**
The preset of the benchmark sizes: `scale` 1 is 2,500 resources and 12,500 resource instances; 4 is 10,000 resources and 50,000 instances.
*/
export function sizePreset(scale: number, seed = 1): GeneratorOptions {
	return {
		seed,
		services: 10 * scale,
		moduleInstances: 2,
		moduleDepth: 5,
		resourcesPerModule: 25,
		countSize: 7,
		forEachSize: 8,
		heredocs: true,
	};
}

/**
A landing zone's shape, as issue 35 measured one (57 module instances, 671 resource instances): 19 top-level module calls with `for_each` over 3 environments, one level each, 5 resource blocks a module (a `count` of 2, `for_each` over 4): 57 module instances, 684 resource instances.
*/
export function landingZonePreset(seed = 1): GeneratorOptions {
	return {
		seed,
		services: 19,
		moduleInstances: 3,
		moduleDepth: 1,
		resourcesPerModule: 5,
		countSize: 2,
		forEachSize: 4,
		heredocs: true,
	};
}

/**
Mulberry32: a small seeded generator, so the same options always give the same bytes.
*/
export function seededRandom(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6D_2B_79_F5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
	};
}

type Random = {
	next(): number;
	int(limit: number): number;
	pick<T>(items: readonly T[]): T;
};

function makeRandom(seed: number): Random {
	const next = seededRandom(seed);
	return {
		next,
		int: limit => Math.floor(next() * limit),
		pick: items => items[Math.floor(next() * items.length)]!,
	};
}

const instanceTypes = ['t3.micro', 't3.small', 't3.medium', 'm5.large', 'm5.xlarge', 'c5.large', 'r5.large'];
const teams = ['platform', 'payments', 'search', 'identity', 'data', 'edge', 'mobile', 'ledger'];
const regions = ['eu-west-1', 'eu-central-1', 'us-east-1', 'us-west-2', 'ap-southeast-2'];
const environments = ['prod', 'staging', 'dev', 'qa', 'perf', 'sandbox', 'dr', 'canary'];
const zoneLetters = 'abcdefghijklmnopqrstuvwxyz';

function pad(value: number, width = 2): string {
	return String(value).padStart(width, '0');
}

function serviceName(index: number): string {
	return `svc_${pad(index, 3)}`;
}

/**
Instances one five-block pattern expands to.
*/
function patternInstances(options: GeneratorOptions, index: number): number {
	switch (index % 5) {
		case 2: {
			return options.countSize;
		}

		case 3:
		case 4: {
			return options.forEachSize;
		}

		default: {
			return 1;
		}
	}
}

function variablesFile(options: GeneratorOptions, random: Random, level: number): string {
	const zones = Array.from({length: options.forEachSize}, (_, index) => `"${random.pick(regions)}${zoneLetters[index % 26]}"`);
	return `variable "name" {
  type        = string
  description = "Prefix of every resource name in this module."

  validation {
    condition     = length(var.name) > 0 && length(var.name) <= 64
    error_message = "The name must be 1 to 64 characters long."
  }
}

variable "environment" {
  type    = string
  default = "dev"
}

variable "cidr" {
  type    = string
  default = "10.${level}.0.0/16"
}

variable "replicas" {
  type    = number
  default = ${options.countSize}
}

variable "zones" {
  type    = list(string)
  default = [${zones.join(', ')}]
}

variable "tags" {
  type    = map(string)
  default = {}
}

variable "ports" {
  type = list(object({
    port     = number
    protocol = optional(string, "tcp")
    cidrs    = optional(list(string), ["10.0.0.0/8"])
  }))
  default = [
    { port = 443 },
    { port = 80, protocol = "tcp" },
    { port = 8080, cidrs = ["10.1.0.0/16", "10.2.0.0/16"] },
  ]
}

variable "settings" {
  type = object({
    monitoring = bool
    retention  = number
    owner      = string
  })
  default = {
    monitoring = true
    retention  = ${7 * (level + 1)}
    owner      = "${random.pick(teams)}"
  }
}
`;
}

function localsFile(options: GeneratorOptions, random: Random, module: string): string {
	return `locals {
  module_name = "${module}"
  zone_map = {
    for index, zone in slice(var.zones, 0, ${options.forEachSize}) : zone => {
      index = index
      cidr  = cidrsubnet(var.cidr, 4, index)
      name  = format("%s-%s-%02d", var.name, zone, index)
    }
  }
  names      = toset([for index in range(${options.forEachSize}) : format("%s-node-%02d", var.name, index)])
  replicas   = var.environment == "prod" ? var.replicas : var.replicas
  common_tags = merge(var.tags, {
    Module      = local.module_name
    Environment = var.environment
    Team        = "${random.pick(teams)}"
    CostCenter  = "cc-${pad(random.int(1000), 4)}"
  })
  port_rules = flatten([
    for rule in var.ports : [
      for cidr in rule.cidrs : {
        port     = rule.port
        protocol = rule.protocol
        cidr     = cidr
      }
    ]
  ])
  alarm_names = [for name in local.names : upper(name) if length(name) > 3]
}
`;
}

function resourceBlock(options: GeneratorOptions, random: Random, index: number): string {
	const name = `r${pad(index, 3)}`;
	const kind = index % 5;
	// Index 0 is the module's single `aws_vpc`; later blocks refer to it and to their neighbours in the pattern.
	switch (kind) {
		case 0: {
			if (index === 0) {
				return `resource "aws_vpc" "${name}" {
  cidr_block           = var.cidr
  enable_dns_support   = true
  enable_dns_hostnames = ${random.next() > 0.5}

  tags = merge(local.common_tags, {
    Name = "\${var.name}-vpc"
  })
}
`;
			}

			return `resource "aws_security_group" "${name}" {
  name        = "\${var.name}-${name}"
  description = "Security group ${index} of \${local.module_name}"
  vpc_id      = aws_vpc.r000.id

  dynamic "ingress" {
    for_each = local.port_rules
    iterator = rule
    content {
      from_port   = rule.value.port
      to_port     = rule.value.port
      protocol    = rule.value.protocol
      cidr_blocks = [rule.value.cidr]
    }
  }

  egress {
    from_port   = 0
    to_port     = 0
    protocol    = "-1"
    cidr_blocks = ["0.0.0.0/0"]
  }

  tags = local.common_tags
}
`;
		}

		case 1: {
			const policy = options.heredocs
				? `  assume_role_policy = <<-EOT
    {
      "Version": "2012-10-17",
      "Statement": [
        {
          "Effect": "Allow",
          "Principal": {"Service": "ec2.amazonaws.com"},
          "Action": "sts:AssumeRole",
          "Condition": {"StringEquals": {"aws:RequestTag/Module": "\${local.module_name}"}}
        }
      ]
    }
  EOT
`
				: `  assume_role_policy = jsonencode({Version = "2012-10-17"})
`;
			return `resource "aws_iam_role" "${name}" {
  name = "\${var.name}-${name}-role"
${policy}
  inline_policy {
    name = "read-only"
    policy = jsonencode({
      Version = "2012-10-17"
      Statement = [{
        Effect   = "Allow"
        Action   = ["s3:GetObject", "s3:ListBucket"]
        Resource = ["arn:aws:s3:::\${var.name}-${name}/*"]
      }]
    })
  }

  tags = local.common_tags
}
`;
		}

		case 2: {
			const userData = options.heredocs
				? `  user_data = <<-EOT
    #!/bin/bash
    echo "instance \${count.index} of \${var.name}" > /etc/motd
    %{ for zone in var.zones ~}
    echo "zone \${zone}" >> /etc/zones
    %{ endfor ~}
    systemctl enable --now app.service
  EOT
`
				: '';
			return `resource "aws_instance" "${name}" {
  count         = local.replicas
  ami           = "ami-${pad(random.int(100_000_000), 8)}"
  instance_type = "${random.pick(instanceTypes)}"
  subnet_id     = aws_vpc.r000.id
  iam_instance_profile = aws_iam_role.r${pad(index - 1, 3)}.name
  monitoring    = var.settings.monitoring
${userData}
  root_block_device {
    volume_size = ${8 * (1 + random.int(8))}
    volume_type = "gp3"
    encrypted   = true
  }

  tags = merge(local.common_tags, {
    Name  = format("%s-${name}-%02d", var.name, count.index)
    Index = count.index
  })
}
`;
		}

		case 3: {
			return `resource "aws_subnet" "${name}" {
  for_each          = local.zone_map
  vpc_id            = aws_vpc.r000.id
  cidr_block        = each.value.cidr
  availability_zone = each.key

  tags = merge(local.common_tags, {
    Name = each.value.name
    Tier = each.value.index % 2 == 0 ? "public" : "private"
  })
}
`;
		}

		default: {
			const subnets = `r${pad(index - 1, 3)}`;
			return `resource "aws_cloudwatch_metric_alarm" "${name}" {
  for_each            = local.names
  alarm_name          = "\${each.key}-${name}"
  comparison_operator = "GreaterThanThreshold"
  evaluation_periods  = ${1 + random.int(5)}
  metric_name         = "CPUUtilization"
  namespace           = "AWS/EC2"
  period              = ${60 * (1 + random.int(5))}
  statistic           = "Average"
  threshold           = ${50 + random.int(45)}
  alarm_description   = "CPU of \${each.key} in \${var.environment}"
  dimensions = {
    SubnetIds = join(",", [for subnet in aws_subnet.${subnets} : subnet.id])
    Count     = length(aws_instance.r${pad(index - 2, 3)})
  }

  tags = local.common_tags
}
`;
		}
	}
}

function outputsFile(options: GeneratorOptions, hasChild: boolean): string {
	const last = options.resourcesPerModule - 1;
	let text = `output "vpc_id" {
  description = "The VPC of this module."
  value       = aws_vpc.r000.id
}

output "zone_names" {
  value = keys(local.zone_map)
}

output "names" {
  value = sort(tolist(local.names))
}
`;
	if (last >= 3) {
		text += `
output "subnet_ids" {
  value = {for key, subnet in aws_subnet.r003 : key => subnet.id}
}
`;
	}

	if (hasChild) {
		text += `
output "child" {
  value = {
    vpc_id = module.child.vpc_id
    zones  = module.child.zone_names
  }
}
`;
	}

	return text;
}

function moduleMainFile(options: GeneratorOptions, random: Random, level: number): string {
	const blocks: string[] = [];
	for (let index = 0; index < options.resourcesPerModule; index++) {
		blocks.push(resourceBlock(options, random, index));
	}

	if (level + 1 < options.moduleDepth) {
		blocks.push(`module "child" {
  source      = "./level-${level + 1}"
  name        = "\${var.name}-l${level + 1}"
  environment = var.environment
  cidr        = cidrsubnet(var.cidr, 1, 1)
  replicas    = var.replicas
  zones       = var.zones
  tags        = local.common_tags
  settings    = var.settings
}
`);
	}

	return blocks.join('\n');
}

function rootFiles(options: GeneratorOptions, random: Random): GeneratedFile[] {
	const environmentNames = environments.slice(0, options.moduleInstances);
	while (environmentNames.length < options.moduleInstances) {
		environmentNames.push(`env${environmentNames.length}`);
	}

	const calls: string[] = [];
	const outputs: string[] = [];
	for (let index = 0; index < options.services; index++) {
		const service = serviceName(index);
		calls.push(`module "${service}" {
  source   = "./modules/${service}"
  for_each = local.environments

  name        = "${service.replace('_', '-')}-\${each.key}"
  environment = each.key
  cidr        = each.value.cidr
  replicas    = var.replicas
  zones       = [for zone in var.zones : "\${each.value.region}\${zone}"]
  tags = merge(local.default_tags, {
    Service = "${service}"
    Owner   = "${random.pick(teams)}"
  })
}
`);
		outputs.push(`output "${service}" {
  value = {for key, instance in module.${service} : key => instance.vpc_id}
}
`);
	}

	const environmentMap = environmentNames.map((name, index) => `    ${name} = {
      region = "${regions[index % regions.length]}"
      cidr   = "10.${index}.0.0/16"
    }`).join('\n');
	const zones = Array.from({length: options.forEachSize}, (_, index) => `"${zoneLetters[index % 26]}"`).join(', ');

	return [
		{
			path: 'versions.tf',
			text: `terraform {
  required_version = ">= 1.5"

  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
  }
}

provider "aws" {
  region = var.region
}
`,
		},
		{
			path: 'variables.tf',
			text: `variable "region" {
  type    = string
  default = "eu-west-1"
}

variable "replicas" {
  type    = number
  default = ${options.countSize}
}

variable "zones" {
  type    = list(string)
  default = [${zones}]
}
`,
		},
		{
			path: 'locals.tf',
			text: `locals {
  environments = {
${environmentMap}
  }
  default_tags = {
    ManagedBy = "terraform"
    Project   = "tfscope-bench"
  }
  services = [${Array.from({length: options.services}, (_, index) => `"${serviceName(index)}"`).join(', ')}]
}
`,
		},
		{path: 'main.tf', text: calls.join('\n')},
		{path: 'outputs.tf', text: outputs.join('\n')},
	];
}

/**
Every file of one configuration, with the counts the loader should reproduce.
*/
export function generateConfiguration(options: GeneratorOptions): GeneratedConfiguration {
	const random = makeRandom(options.seed);
	const files: GeneratedFile[] = rootFiles(options, random);
	for (let service = 0; service < options.services; service++) {
		let directory = `modules/${serviceName(service)}`;
		for (let level = 0; level < options.moduleDepth; level++) {
			const module = `${serviceName(service)}-level-${level}`;
			files.push(
				{path: `${directory}/variables.tf`, text: variablesFile(options, random, level)},
				{path: `${directory}/locals.tf`, text: localsFile(options, random, module)},
				{path: `${directory}/main.tf`, text: moduleMainFile(options, random, level)},
				{path: `${directory}/outputs.tf`, text: outputsFile(options, level + 1 < options.moduleDepth)},
			);
			directory = `${directory}/level-${level + 1}`;
		}
	}

	let perModuleInstances = 0;
	for (let index = 0; index < options.resourcesPerModule; index++) {
		perModuleInstances += patternInstances(options, index);
	}

	const moduleInstances = options.services * options.moduleInstances * options.moduleDepth;
	const resourceBlocks = options.services * options.moduleDepth * options.resourcesPerModule;
	return {
		options,
		files,
		bytes: files.reduce((sum, file) => sum + Buffer.byteLength(file.text), 0),
		resourceBlocks,
		resources: moduleInstances * options.resourcesPerModule,
		resourceInstances: moduleInstances * perModuleInstances,
		moduleInstances,
	};
}

/**
Writes a configuration into `directory`, replacing what was there.
*/
export function writeConfiguration(configuration: GeneratedConfiguration, directory: string): void {
	rmSync(directory, {recursive: true, force: true});
	for (const file of configuration.files) {
		const target = path.join(directory, ...file.path.split('/'));
		mkdirSync(path.dirname(target), {recursive: true});
		writeFileSync(target, file.text);
	}
}

const licenceHeader = `/**
 * Copyright (c) the platform team. Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 */

`;

const prose = [
	'The value is passed to every resource this module makes, so change it with care: a new value replaces them.',
	'See the module README for the accepted values and for how this setting interacts with the others.',
	'Leave it unset to use the organisation default, which is read from the shared settings of the account.',
	'Set it per environment in the tfvars file of that environment, never in the module call itself.',
];

/**
A file as people write them (the real-world corpus of bench/real-corpus.ts shows how): a licence header, a comment above each top-level block, descriptions as heredocs of a few lines of prose, and comments at the ends of lines.
*/
function realisticText(text: string, random: Random): string {
	const lines = text.split('\n');
	const out: string[] = [];
	for (const line of lines) {
		const block = /^(resource|variable|output|module|locals|data) ?"?([^" ]*)"?/.exec(line);
		if (block) {
			out.push(`# ${block[1]} ${block[2] ?? ''}: ${random.pick(prose)}`, '# ---------------------------------------------------------------------------');
		}

		const description = /^(\s*)description(\s*)= "(.*)"$/.exec(line);
		if (description) {
			const indentation = description[1]!;
			out.push(`${indentation}description${description[2]!}= <<-EOT`, `${indentation}  ${description[3]!}`, ...Array.from({length: 2 + random.int(4)}, () => `${indentation}  ${random.pick(prose)}`), `${indentation}EOT`);
			continue;
		}

		out.push(/^\s+\w+\s+= /.test(line) && !line.includes('<<') && random.next() < 0.08 ? `${line} # ${random.pick(prose).slice(0, 40)}` : line);
	}

	return licenceHeader + out.join('\n');
}

/**
A file cut into files of a few top-level blocks each, as modules split into many small files (`iam.tf`, `network.tf`...): each top-level block starts at a line that opens it at the start of the line.
*/
function splitFile(file: GeneratedFile, blocksPerFile: number): GeneratedFile[] {
	const blockStarts = [...file.text.matchAll(/^# (?:resource|variable|output|module|locals|data) /gm)].map(match => match.index);
	if (blockStarts.length <= blocksPerFile) {
		return [file];
	}

	const pieces: GeneratedFile[] = [];
	const base = file.path.replace(/\.tf$/, '');
	for (let index = 0; index < blockStarts.length; index += blocksPerFile) {
		const from = index === 0 ? 0 : blockStarts[index]!;
		const to = index + blocksPerFile < blockStarts.length ? blockStarts[index + blocksPerFile]! : file.text.length;
		pieces.push({path: `${base}-${pad(index / blocksPerFile)}.tf`, text: file.text.slice(from, to)});
	}

	return pieces;
}

/**
Module files only (no root), from consecutive seeds, until at least `minimumBytes`: the parse-throughput corpus. Made to look like real files (`realisticText`: licence headers, comments, heredoc descriptions; main.tf cut into small files of three blocks each) unless `plain`.
*/
export function generateParseCorpus(minimumBytes: number, seed = 7, {plain = false}: {readonly plain?: boolean} = {}): GeneratedFile[] {
	const files: GeneratedFile[] = [];
	let bytes = 0;
	for (let round = 0; bytes < minimumBytes; round++) {
		const configuration = generateConfiguration({...sizePreset(1, seed + round), services: 4});
		const random = makeRandom(seed * 1000 + round);
		for (const file of configuration.files) {
			const pieces = plain ? [file] : splitFile({path: file.path, text: realisticText(file.text, random)}, 3);
			for (const piece of pieces) {
				files.push({path: `round-${round}/${piece.path}`, text: piece.text});
				bytes += Buffer.byteLength(piece.text);
			}
		}
	}

	return files;
}
