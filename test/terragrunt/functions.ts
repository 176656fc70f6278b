import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {openEstate} from '../../source/terragrunt/estate.js';
import {terragruntFunctionClasses} from '../../source/terragrunt/functions.js';
import {show, writeTree} from '../helpers/terragrunt.js';

/*
Terragrunt's functions by what they need (pkg/config/config_helpers.go at gruntwork-io/terragrunt 286a33c lists them): safe ones are evaluated, context ones answer a stated default, get_env its default unless the real environment is asked for, unsafe ones are never run.
*/

test('every function of Terragrunt\'s table has a class; the unsafe ones are those that run a program or reach a service', t => {
	t.is(terragruntFunctionClasses.size, 36);
	t.deepEqual([...terragruntFunctionClasses].filter(([, functionClass]) => functionClass === 'unsafe').map(([name]) => name).sort(), [
		'get_aws_account_alias', 'get_aws_account_id', 'get_aws_caller_identity_arn', 'get_aws_caller_identity_user_id', 'run_cmd', 'sops_decrypt_file',
	]);
});

test('run_cmd and the other unsafe functions are never run: the command\'s file is not written, the values are unknown, each call site is reported once with its line', async t => {
	const root = writeTree({
		'unit/main.tf': 'variable "a" {}\nvariable "b" {}\nvariable "c" {}\n',
		'unit/terragrunt.hcl': `
locals {
  marker = "\${get_terragrunt_dir()}/RUN_CMD_WAS_RUN"
}
inputs = {
  a = run_cmd("sh", "-c", "touch \${local.marker}")
  b = sops_decrypt_file("secrets.yaml")
  c = get_aws_account_id()
}
`,
	});
	const estate = openEstate({root});
	const {workspace, evaluation} = await estate.open(estate.units[0]!);
	t.false(fs.existsSync(path.join(root, 'unit', 'RUN_CMD_WAS_RUN')));
	t.is(show(evaluation.inputs.get('a')?.value), '(known after apply)');
	t.is(show(workspace.instances.root.variable('c')), '(known after apply)');
	const notRun = workspace.diagnostics.filter(diagnostic => diagnostic.summary === 'Function not run');
	t.deepEqual(notRun.map(diagnostic => `${diagnostic.detail!.slice(0, diagnostic.detail!.indexOf(' (') + 1)}line ${diagnostic.subject?.start.line}`), [
		'run_cmd() is never run by tfscope line 6',
		'sops_decrypt_file() is never run by tfscope line 7',
		'get_aws_account_id() is never run by tfscope line 8',
	]);
});

test('an unknown input is pinned by --assume on the unit\'s variable', async t => {
	const root = writeTree({
		'unit/main.tf': 'variable "account" {}\noutput "account" {\n  value = var.account\n}\n',
		'unit/terragrunt.hcl': 'inputs = {\n  account = get_aws_account_id()\n}\n',
	});
	const estate = openEstate({root, workspaceOptions: {assumptions: [{kind: 'text', text: 'var.account="123456789012"'}]}});
	const {workspace} = await estate.open(estate.units[0]!);
	t.is(show(workspace.instances.root.output('account')), '"123456789012" (assumed)');
});

test('get_env gives its default unless the real environment is asked for; context functions answer plan on linux', async t => {
	const files = {
		'unit/main.tf': 'variable "bucket" {}\nvariable "command" {}\nvariable "platform" {}\nvariable "missing" {}\n',
		'unit/terragrunt.hcl': 'inputs = {\n  bucket = get_env("BUCKET", "default-bucket")\n  command = get_terraform_command()\n  platform = get_platform()\n  missing = get_env("NOT_SET_ANYWHERE")\n}\n',
	};
	const environment = {BUCKET: 'real-bucket'};
	for (const [realEnvironment, bucket] of [[false, '"default-bucket"'], [true, '"real-bucket"']] as const) {
		const estate = openEstate({root: writeTree(files), environment, realEnvironment});
		// eslint-disable-next-line no-await-in-loop -- two cases
		const {evaluation} = await estate.open(estate.units[0]!);
		t.is(show(evaluation.inputs.get('bucket')?.value), bucket);
		t.is(show(evaluation.inputs.get('command')?.value), '"plan"');
		t.is(show(evaluation.inputs.get('platform')?.value), '"linux"');
		t.is(show(evaluation.inputs.get('missing')?.value), '(known after apply)');
	}
});
