import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import type {Diagnostic} from '../../source/hcl/diagnostics.js';
import {formatRangeShort} from '../../source/hcl/position.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
Loading `.tfquery.hcl` files (Terraform 1.14+): what is read and what is rejected, with Terraform's words and ranges. Terraform 1.16 is not on these machines; each expected diagnostic is taken from hashicorp/terraform at v1.16 (commit fcd4f214004cd6eef0085e7fcbf5d8a001f79937): the cases of internal/configs/parser_config_dir_test.go TestParserLoadConfigDirWithQueries (testdata/query-files/{valid/simple,valid/mixed,invalid/no-provider,invalid/with-depends-on}, rewritten here with the same lines and columns), internal/configs/testdata/config-diagnostics/list-in-child-module/errors, and the other checks of internal/configs/query_file.go (loadQueryFile, decodeQueryListBlock) and module.go (appendQueryFile), whose messages are quoted from the source.
Diagnostics are compared as Terraform's tests print them: `FILE:LINE,COL-COL: Summary; Detail`.
*/

type Case = {
	readonly name: string;
	/**
	File name to text; `main.tf` is added when absent.
	*/
	readonly files: Readonly<Record<string, string>>;
	readonly diagnostics: readonly string[];
	/**
	The list blocks the root module has.
	*/
	readonly lists: readonly string[];
	readonly version?: string;
};

const simple = `list "aws_instance" "test" {
  provider = aws
  count = 1
  include_resource = true
  limit = 5
  config {
    tags = {
      Name = "test"
    }
  }
}
list "aws_instance" "test2" {
  provider = aws
  count = 1
  config {
    tags = {
      Name = join("-", ["test2", list.aws_instance.test.data[0]])
    }
  }
}
list "aws_instance" "test3" {
  provider = aws
}
`;

const cases: readonly Case[] = [
	{
		name: 'valid/simple: three list blocks, one referring to another',
		files: {'main.tfquery.hcl': simple},
		diagnostics: [],
		lists: ['list.aws_instance.test', 'list.aws_instance.test2', 'list.aws_instance.test3'],
	},
	{
		name: 'valid/mixed: a list block beside a resource of the same type and name',
		files: {
			'main.tf': 'resource "aws_instance" "test" {\n  provider = aws\n  count = 1\n  tags = {\n    Name = "test"\n  }\n}\n',
			'main.tfquery.hcl': 'list "aws_instance" "test" {\n  provider = aws\n  count = 1\n  config {\n    tags = {\n      Name = "test"\n    }\n  }\n}\nlist "aws_ec2" "test" {\n  provider = aws\n  count = 1\n  config {\n    tags = {\n      Name = join("-", ["test", list.aws_instance.test.data[0]])\n    }\n  }\n}\n',
		},
		diagnostics: [],
		lists: ['list.aws_instance.test', 'list.aws_ec2.test'],
	},
	{
		name: 'invalid/no-provider',
		files: {'main.tfquery.hcl': 'list "aws_instance" "test" {\n  count = 1\n  config {\n    tags = {\n      Name = "test"\n    }\n  }\n}\n'},
		diagnostics: ['main.tfquery.hcl:1,1-27: Missing "provider" attribute; You must specify a provider attribute when defining a list block.'],
		lists: [],
	},
	{
		name: 'invalid/with-depends-on: the block with an error is left out',
		files: {'main.tfquery.hcl': `${simple.replace('list "aws_instance" "test3" {\n  provider = aws\n}\n', 'list "aws_instance" "test3" {\n  provider = aws\n  depends_on = [list.aws_instance.test2]\n}\n')}`},
		diagnostics: ['main.tfquery.hcl:23,3-13: Unsupported argument; An argument named "depends_on" is not expected here.'],
		lists: ['list.aws_instance.test', 'list.aws_instance.test2'],
	},
	{
		name: 'list blocks in a child module (config_build.go)',
		files: {
			'main.tf': 'module "child" {\n  source = "./child"\n}\n',
			'child/main.tf': '',
			'child/main.tfquery.hcl': 'list "test_resource" "test" {\n  provider = azurerm\n  count = 1\n}\n',
		},
		diagnostics: ['child/main.tfquery.hcl:1,1-28: Invalid list configuration; A list block was detected in "module.child". List blocks are only allowed in the root module.'],
		lists: [],
	},
	{
		name: 'blocks a query file does not have (queryFileSchema), and a top-level argument',
		files: {'main.tfquery.hcl': 'resource "aws_instance" "x" {}\noutput "o" {\n  value = 1\n}\nx = 1\n'},
		diagnostics: [
			'main.tfquery.hcl:1,1-9: Unsupported block type; Blocks of type "resource" are not expected here.',
			'main.tfquery.hcl:2,1-7: Unsupported block type; Blocks of type "output" are not expected here.',
			'main.tfquery.hcl:5,1-2: Unsupported argument; An argument named "x" is not expected here.',
		],
		lists: [],
	},
	{
		name: 'count with for_each, an invalid name, a second config block, an unexpected block',
		files: {'main.tfquery.hcl': 'list "aws_instance" "1bad" {\n  provider = aws\n  count = 1\n  for_each = {}\n  config {}\n  config {}\n  lifecycle {}\n}\n'},
		diagnostics: [
			'main.tfquery.hcl:1,1-27: Invalid list block name; A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.',
			'main.tfquery.hcl:4,3-11: Invalid combination of "count" and "for_each"; The "count" and "for_each" meta-arguments are mutually-exclusive.',
			'main.tfquery.hcl:6,3-9: Duplicate config block; A list block must contain only one nested "config" block.',
			'main.tfquery.hcl:7,3-12: Unsupported block type; Blocks of type "lifecycle" are not expected here.',
		],
		lists: [],
	},
	{
		name: 'the same list twice in one file: both the file\'s and the module\'s duplicate errors',
		files: {'main.tfquery.hcl': 'list "aws_instance" "a" {\n  provider = aws\n}\nlist "aws_instance" "a" {\n  provider = aws\n}\n'},
		diagnostics: [
			'main.tfquery.hcl:4,1-24: Duplicate "list" block names; This query file already has a list block named aws_instance.a defined at main.tfquery.hcl:1,1-24.',
			'main.tfquery.hcl:4,1-24: Duplicate list "aws_instance" configuration; A aws_instance list named "a" was already declared at main.tfquery.hcl:1,1-24. List names must be unique per type in each module.',
		],
		lists: ['list.aws_instance.a'],
	},
	{
		name: 'variables, locals and providers merged into the module (appendQueryFile), duplicates across files',
		files: {
			'main.tf': 'variable "env" {}\nlocals {\n  a = 1\n}\nprovider "aws" {}\n',
			'a.tfquery.hcl': 'variable "env" {\n  default = 1\n}\nvariable "region" {\n  default = 1\n}\nlocals {\n  a = 2\n  b = 3\n}\nprovider "aws" {}\nprovider "aws" {\n  alias = "west"\n}\n',
			'b.tfquery.hcl': 'list "aws_instance" "a" {\n  provider = aws.west\n}\n',
			'c.tfquery.hcl': 'list "aws_instance" "a" {\n  provider = aws\n}\n',
		},
		diagnostics: [
			'a.tfquery.hcl:1,1-15: Duplicate variable declaration; A variable named "env" was already declared at main.tf:1,1-15. Variable names must be unique within a module.',
			'a.tfquery.hcl:8,3-8: Duplicate local value definition; A local value named "a" was already defined at main.tf:3,3-8. Local value names must be unique within a module.',
			'a.tfquery.hcl:11,1-15: Duplicate provider configuration; A default (non-aliased) provider configuration for "aws" was already given at main.tf:5,1-15. If multiple configurations are required, set the "alias" argument for alternative configurations.',
			'c.tfquery.hcl:1,1-24: Duplicate list "aws_instance" configuration; A aws_instance list named "a" was already declared at b.tfquery.hcl:1,1-24. List names must be unique per type in each module.',
		],
		lists: ['list.aws_instance.a'],
	},
	{
		name: '.tfquery.json files, in JSON syntax',
		files: {'main.tfquery.json': JSON.stringify({list: {aws_instance: {web: {provider: 'aws', limit: 10, config: {tags: {Name: 'web'}}}}}, locals: {n: 1}})},
		diagnostics: [],
		lists: ['list.aws_instance.web'],
	},
	{
		name: 'before Terraform 1.14 query files are not read',
		files: {'main.tf': 'terraform {\n  required_version = "< 1.14"\n}\n', 'main.tfquery.hcl': 'this is not read {'},
		diagnostics: [],
		lists: [],
		version: '1.13',
	},
	{
		name: 'hidden files and editor leftovers are not query files',
		files: {'.main.tfquery.hcl': 'not read {', 'main.tfquery.hcl~': 'not read {'},
		diagnostics: [],
		lists: [],
	},
];

function writeFiles(files: Readonly<Record<string, string>>): string {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-query-'));
	for (const [name, text] of Object.entries({'main.tf': '', ...files})) {
		fs.mkdirSync(path.dirname(path.join(directory, name)), {recursive: true});
		fs.writeFileSync(path.join(directory, name), text);
	}

	return directory;
}

function asTerraformPrints(diagnostic: Diagnostic, directory: string): string {
	const range = diagnostic.subject ? formatRangeShort({...diagnostic.subject, filename: path.relative(directory, diagnostic.subject.filename)}) : '(no location)';
	// Terraform's tests load a relative directory: ranges in details are relative too.
	return `${range}: ${diagnostic.summary}; ${(diagnostic.detail ?? '').replaceAll(`${directory}${path.sep}`, '')}`;
}

for (const testCase of cases) {
	test(testCase.name, async t => {
		const directory = writeFiles(testCase.files);
		try {
			const workspace = await loadWorkspace({directory, environment: {}});
			t.deepEqual(workspace.diagnostics.map(diagnostic => asTerraformPrints(diagnostic, directory)), testCase.diagnostics);
			t.deepEqual([...workspace.moduleTree.module.lists?.keys() ?? []], testCase.lists);
			if (testCase.version) {
				t.is(workspace.language.rules.version, testCase.version);
			}
		} finally {
			fs.rmSync(directory, {recursive: true, force: true});
		}
	});
}

test('without query files the module has no list blocks and no query files', async t => {
	const directory = writeFiles({'main.tf': 'locals {\n  a = 1\n}\n'});
	try {
		const workspace = await loadWorkspace({directory, environment: {}});
		t.is(workspace.moduleTree.module.lists, undefined);
		t.is(workspace.moduleTree.module.queryFiles, undefined);
		t.deepEqual(workspace.instances.root.lists, []);
	} finally {
		fs.rmSync(directory, {recursive: true, force: true});
	}
});
