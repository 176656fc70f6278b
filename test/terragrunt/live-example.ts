import path from 'node:path';
import {PassThrough} from 'node:stream';
import test from 'ava';
import {type Command, defaultFlags} from '../../source/commands/command.js';
import {checkCommand} from '../../source/commands/check.js';
import {consoleCommand} from '../../source/commands/console.js';
import {treeCommand} from '../../source/commands/tree.js';
import {openEstate} from '../../source/terragrunt/estate.js';
import {show} from '../helpers/terragrunt.js';

/*
The canonical public live repository, gruntwork-io/terragrunt-infrastructure-live-example, with the modules its units pin (terragrunt-infrastructure-modules-example v0.8.0), trimmed and committed in test/fixtures/terragrunt/live-example (fetch.sh reproduces it; both Apache-2.0). Its units' sources are remote git URLs: --source-map reads them from the committed copy, as `terragrunt --source-map` would.
*/

const cwd = path.join(import.meta.dirname, '..', '..');
const example = 'test/fixtures/terragrunt/live-example';
const sourceMap = [`git::git@github.com:gruntwork-io/terragrunt-infrastructure-modules-example.git=${example}/modules`];

async function run(command: Command, arguments_: string[], flags: Partial<typeof defaultFlags>, environment: Record<string, string> = {}, stdinText = ''): Promise<{code: number; stdout: string; stderr: string}> {
	let stdout = '';
	let stderr = '';
	const stdin = new PassThrough();
	stdin.end(stdinText);
	const code = await command({
		arguments: arguments_, flags: {...defaultFlags, ...flags}, stdin, stdout: {write: (text: string) => (stdout += text)}, stderr: {write: (text: string) => (stderr += text)}, isTerminal: false, environment, cwd,
	});
	return {code, stdout, stderr};
}

test('every unit of the live example expands down to its resource instances', async t => {
	const {code, stdout} = await run(treeCommand, [`${example}/live`], {sourceMap});
	t.is(code, 0);
	t.is(stdout, [
		'. (Terragrunt estate: 6 units)',
		'├── non-prod/',
		'│   └── us-east-1/',
		'│       ├── qa/',
		'│       │   ├── mysql [unit: mapped: ../modules/modules/mysql]',
		'│       │   │     root (1 resource, 1 instance)',
		'│       │   └── webserver-cluster [unit: mapped: ../modules/modules/asg-alb-service]',
		'│       │         root (15 resources, 14 instances, 1 open-ended [*])',
		'│       └── stage/',
		'│           ├── mysql [unit: mapped: ../modules/modules/mysql]',
		'│           │     root (1 resource, 1 instance)',
		'│           └── webserver-cluster [unit: mapped: ../modules/modules/asg-alb-service]',
		'│                 root (15 resources, 14 instances, 1 open-ended [*])',
		'└── prod/',
		'    └── us-east-1/',
		'        └── prod/',
		'            ├── mysql [unit: mapped: ../modules/modules/mysql]',
		'            │     root (1 resource, 1 instance)',
		'            └── webserver-cluster [unit: mapped: ../modules/modules/asg-alb-service]',
		'                  root (15 resources, 14 instances, 1 open-ended [*])',
		'',
	].join('\n'));
});

test('inputs merge root.hcl, _envcommon and the unit, the unit winning; the generated provider and backend name the account and region', async t => {
	const estate = openEstate({root: path.join(cwd, example, 'live'), sourceMappings: [{from: 'git::git@github.com:gruntwork-io/terragrunt-infrastructure-modules-example.git', to: path.join(cwd, example, 'modules')}], workspaceOptions: {cwd}});
	const prod = estate.units.find(unit => unit.path === 'prod/us-east-1/prod/mysql')!;
	const {evaluation} = await estate.open(prod);
	const inputs = Object.fromEntries([...evaluation.inputs].map(([name, input]) => [name, `${JSON.stringify((input.value as {value?: unknown}).value)} @ ${path.basename(input.file)}`]));
	t.like(inputs, {
		instance_class: '"db.t2.medium" @ terragrunt.hcl',
		name: '"mysql_prod" @ mysql.hcl',
		storage_type: '"standard" @ mysql.hcl',
		aws_region: '"us-east-1" @ root.hcl',
		account_name: '"prod" @ root.hcl',
	});
	t.is(show(evaluation.inputs.get('allocated_storage')!.value), '100');
	t.is(path.basename(evaluation.inputs.get('allocated_storage')!.file), 'terragrunt.hcl');
	t.regex(evaluation.generated.get('provider.tf')!, /region = "us-east-1"/);
	t.regex(evaluation.generated.get('backend.tf')!, /bucket *= "terragrunt-example-tf-state-prod-us-east-1"/);
	t.regex(evaluation.generated.get('backend.tf')!, /key *= "prod\/us-east-1\/prod\/mysql\/tf.tfstate"/);
});

test('check: the one problem is the password the example asks for in TF_VAR_master_password; without --source-map every source is named not available', async t => {
	const plain = await run(checkCommand, [`${example}/live`], {sourceMap});
	t.is(plain.code, 1);
	t.is(plain.stdout.split('\n')[0], `${example}/modules/modules/mysql/variables.tf:31:10: error: No value for required variable`);
	t.is(plain.stderr, '1 error, 0 warnings in 6 Terragrunt units.\n');
	const withPassword = await run(checkCommand, [`${example}/live`], {sourceMap}, {TF_VAR_master_password: 'from-the-environment'});
	t.is(withPassword.stderr, 'No problems found in 6 Terragrunt units.\n');
	const unmapped = await run(checkCommand, [`${example}/live`], {});
	t.is(unmapped.stdout.split('\n').filter(line => line.includes('error: Module source not available')).length, 6);
});

test('the console in a unit: the environment\'s overrides reach the module', async t => {
	const {stdout} = await run(consoleCommand, [`${example}/live/prod/us-east-1/prod/webserver-cluster`], {sourceMap}, {}, 'var.min_size\naws_autoscaling_group.webserver_example.max_size\nvar.name\n');
	t.true(stdout.endsWith('3\n3\n"webserver-example-prod"\n'));
});
