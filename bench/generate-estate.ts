import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/*
A generated Terragrunt estate shaped after public live repositories (gruntwork-io/terragrunt-infrastructure-live-example): accounts × regions × environments × a dozen services, one unit each, under live/ACCOUNT/REGION/ENV/SERVICE. Every unit includes root.hcl (provider and backend generated, account/region/env files read with read_terragrunt_config) and its service's _envcommon file (exposed), and reads the vpc unit of its environment through a dependency block (with mock_outputs); later services read another service too. Each service's module (modules/SERVICE) has variables, a counted terraform_data resource and outputs, some known statically (they flow to dependants), one only after apply (the mocks stand in).
*/

export const services = ['vpc', 'dns', 'kms', 'iam', 'rds', 'redis', 'ecs', 'alb', 'api', 'worker', 'queue', 'monitoring'] as const;
const accounts = ['shared', 'dev', 'stage', 'prod', 'sandbox'];
const regions = ['us-east-1', 'us-west-2', 'eu-west-1', 'ap-southeast-2'];
const environments = ['blue', 'green', 'canary', 'perf', 'qa', 'demo', 'ops', 'edge', 'lab', 'dr'];

type Place = {account: string; region: string; environment: string; service: string};

/**
The units of an estate of `units` units, in order (environment, account, region, service): a smaller estate is a prefix of a larger one.
*/
function unitPlaces(units: number): Place[] {
	const places: Place[] = [];
	for (const environment of environments) {
		for (const account of accounts) {
			for (const region of regions) {
				for (const service of services) {
					if (places.length === units) {
						return places;
					}

					places.push({
						account, region, environment, service,
					});
				}
			}
		}
	}

	return places;
}

const heredoc = 'EOT';

const rootHcl = [
	'locals {',
	'  account = read_terragrunt_config(find_in_parent_folders("account.hcl"))',
	'  region  = read_terragrunt_config(find_in_parent_folders("region.hcl"))',
	'  env     = read_terragrunt_config(find_in_parent_folders("env.hcl"))',
	'}',
	'',
	'generate "provider" {',
	'  path      = "provider.tf"',
	'  if_exists = "overwrite_terragrunt"',
	`  contents  = <<${heredoc}`,
	'provider "aws" {',
	'  region              = "${local.region.locals.aws_region}"',
	'  allowed_account_ids = ["${local.account.locals.account_id}"]',
	'}',
	heredoc,
	'}',
	'',
	'remote_state {',
	'  backend = "s3"',
	'  config = {',
	'    bucket = "${get_env("TG_BUCKET_PREFIX", "")}state-${local.account.locals.account_name}-${local.region.locals.aws_region}"',
	'    key    = "${path_relative_to_include()}/tf.tfstate"',
	'    region = local.region.locals.aws_region',
	'  }',
	'  generate = {',
	'    path      = "backend.tf"',
	'    if_exists = "overwrite_terragrunt"',
	'  }',
	'}',
	'',
	'inputs = merge(',
	'  local.account.locals,',
	'  local.region.locals,',
	'  local.env.locals,',
	'  { tags = { managed_by = "terragrunt", unit = path_relative_to_include() } },',
	')',
	'',
].join('\n');

function readsOf(service: string, index: number): string[] {
	return service === 'vpc' ? [] : ['vpc', ...(index >= 6 ? [services[index - 2]!] : [])];
}

function envcommon(service: string, index: number): string {
	return [
		'locals {',
		'  env    = read_terragrunt_config(find_in_parent_folders("env.hcl")).locals.environment',
		`  source = "\${dirname(find_in_parent_folders("root.hcl"))}/../modules//${service}"`,
		'}',
		'',
		'terraform {',
		'  source = local.source',
		'}',
		'',
		'inputs = {',
		`  name      = "${service}-\${local.env}"`,
		`  instances = ${1 + (index % 3)}`,
		`  settings  = { size = "${['small', 'medium', 'large'][index % 3]!}", port = ${8000 + index} }`,
		'}',
		'',
	].join('\n');
}

function unitHcl(service: string, index: number): string {
	const reads = readsOf(service, index);
	const blocks = reads.flatMap(name => [
		`dependency "${name}" {`,
		`  config_path = "../${name}"`,
		'  mock_outputs = {',
		`    id   = "${name}-mock-id"`,
		'    cidr = "10.255.0.0/16"',
		`    name = "${name}-mock"`,
		'  }',
		'}',
		'',
	]);
	return [
		'include "root" {',
		'  path = find_in_parent_folders("root.hcl")',
		'}',
		'',
		'include "envcommon" {',
		`  path   = "\${dirname(find_in_parent_folders("root.hcl"))}/_envcommon/${service}.hcl"`,
		'  expose = true',
		'}',
		'',
		...blocks,
		'inputs = {',
		`  label = "\${include.envcommon.locals.env}-${service}"`,
		...reads.flatMap(name => [`  ${name}_cidr = dependency.${name}.outputs.cidr`, `  ${name}_id   = dependency.${name}.outputs.id`]),
		'}',
		'',
	].join('\n');
}

function moduleTf(service: string, index: number): string {
	const reads = readsOf(service, index);
	const variables = ['name', 'label', 'environment', 'aws_region', 'account_id', ...reads.flatMap(name => [`${name}_cidr`, `${name}_id`])];
	return [
		...variables.flatMap(name => [`variable "${name}" {`, '  type = string', '}', '']),
		'variable "instances" {',
		'  type = number',
		'}',
		'',
		'variable "settings" {',
		'  type = object({ size = string, port = number })',
		'}',
		'',
		'variable "tags" {',
		'  type    = map(string)',
		'  default = {}',
		'}',
		'',
		'resource "terraform_data" "this" {',
		'  count = var.instances',
		'  input = {',
		'    name = "${var.name}-${count.index}"',
		'    size = var.settings.size',
		'    port = var.settings.port + count.index',
		'    tags = merge(var.tags, { Name = "${var.label}-${count.index}" })',
		...reads.map(name => `    ${name} = var.${name}_id`),
		'  }',
		'}',
		'',
		'output "id" {',
		'  value = terraform_data.this[0].id',
		'}',
		'',
		'output "cidr" {',
		`  value = ${reads.length === 0 ? '"10.0.0.0/16"' : `cidrsubnet(var.vpc_cidr, 8, ${index})`}`,
		'}',
		'',
		'output "name" {',
		'  value = var.name',
		'}',
		'',
	].join('\n');
}

/**
Writes an estate of `units` units into `directory` (emptied first).
*/
export function writeEstate(directory: string, units: number): {files: number; units: number} {
	rmSync(directory, {recursive: true, force: true});
	let files = 0;
	const write = (name: string, text: string): void => {
		const file = path.join(directory, name);
		mkdirSync(path.dirname(file), {recursive: true});
		writeFileSync(file, text);
		files++;
	};

	write('live/root.hcl', rootHcl);
	for (const [index, service] of services.entries()) {
		write(`live/_envcommon/${service}.hcl`, envcommon(service, index));
		write(`modules/${service}/main.tf`, moduleTf(service, index));
	}

	const places = unitPlaces(units);
	const written = new Set<string>();
	const once = (name: string, text: string): void => {
		if (!written.has(name)) {
			written.add(name);
			write(name, text);
		}
	};

	for (const {account, region, environment, service} of places) {
		once(`live/${account}/account.hcl`, `locals {\n  account_name = "${account}"\n  account_id   = "${String(100_000_000_000 + accounts.indexOf(account))}"\n}\n`);
		once(`live/${account}/${region}/region.hcl`, `locals {\n  aws_region = "${region}"\n}\n`);
		once(`live/${account}/${region}/${environment}/env.hcl`, `locals {\n  environment = "${environment}"\n}\n`);
		write(`live/${account}/${region}/${environment}/${service}/terragrunt.hcl`, unitHcl(service, services.indexOf(service as typeof services[number])));
	}

	return {files, units: places.length};
}
