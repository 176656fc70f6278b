import path from 'node:path';
import {PassThrough} from 'node:stream';
import test from 'ava';
import {type Command, defaultFlags} from '../../source/commands/command.js';
import {checkCommand} from '../../source/commands/check.js';
import {consoleCommand} from '../../source/commands/console.js';
import {graphCommand} from '../../source/commands/graph.js';
import {instancesCommand} from '../../source/commands/instances.js';
import {treeCommand} from '../../source/commands/tree.js';
import {whyCommand} from '../../source/commands/why.js';
import {parseJsonOutput} from '../helpers/json-schema.js';

/*
Commands on a Terragrunt estate (a directory of units) and on one unit's directory, run in-process from the estate fixture's directory.
*/

const cwd = path.join(import.meta.dirname, '..', '..');
const estate = 'test/fixtures/terragrunt/estate';

async function run(command: Command, arguments_: string[], flags: Partial<typeof defaultFlags> = {}, stdinText = ''): Promise<{code: number; stdout: string; stderr: string}> {
	let stdout = '';
	let stderr = '';
	const stdin = new PassThrough();
	stdin.end(stdinText);
	const code = await command({
		arguments: arguments_, flags: {...defaultFlags, ...flags}, stdin, stdout: {write: (text: string) => (stdout += text)}, stderr: {write: (text: string) => (stderr += text)}, isTerminal: false, environment: {}, cwd,
	});
	return {code, stdout, stderr};
}

test('tree of an estate: folders, units with their module and dependencies, each unit\'s module tree', async t => {
	const {code, stdout} = await run(treeCommand, [`${estate}/live`]);
	t.is(code, 0);
	t.is(stdout, [
		'. (Terragrunt estate: 3 units)',
		'└── prod/',
		'    └── eu-west-1/',
		'        ├── app [unit: ../modules/app; reads vpc, db]',
		'        │     root (1 resource, 2 instances)',
		'        ├── db [unit: source not available: git::https://example.com/acme/modules.git//db?ref=v1.2.0]',
		'        │     root (0 resources, 0 instances)',
		'        └── vpc [unit: ../modules/vpc]',
		'              root (1 resource, 1 instance)',
		'',
	].join('\n'));
});

test('instances of an estate are addressed UNIT:ADDRESS; a unit\'s path selects it', async t => {
	t.is((await run(instancesCommand, [`${estate}/live`])).stdout, 'prod/eu-west-1/app:terraform_data.server[0]\nprod/eu-west-1/app:terraform_data.server[1]\nprod/eu-west-1/vpc:terraform_data.vpc\n');
	t.is((await run(instancesCommand, [`${estate}/live`, 'prod/eu-west-1/vpc'])).stdout, 'prod/eu-west-1/vpc:terraform_data.vpc\n');
	t.is((await run(instancesCommand, [`${estate}/live`, 'prod/eu-west-1/app:terraform_data.server[1]'])).stdout, 'prod/eu-west-1/app:terraform_data.server[1]\n');
	const missing = await run(instancesCommand, [`${estate}/live`, 'prod/nowhere']);
	t.is(missing.code, 1);
});

test('instances --json of an estate: the versioned format of one configuration, each row with its unit; a selector narrows it', async t => {
	type Row = {unit: string; address: string; kind: string; module: string; type: string | null; name: string; key: unknown; file: string | null; placeholder: boolean};
	const all = await run(instancesCommand, [`${estate}/live`], {json: true});
	t.is(all.code, 0);
	const {instances} = parseJsonOutput<{instances: Row[]}>(t, 'instances', all.stdout);
	t.deepEqual(instances.map(row => [row.unit, row.address, row.kind, row.module, row.type, row.name, row.key, row.placeholder]), [
		['prod/eu-west-1/app', 'terraform_data.server[0]', 'resource', '', 'terraform_data', 'server', 0, false],
		['prod/eu-west-1/app', 'terraform_data.server[1]', 'resource', '', 'terraform_data', 'server', 1, false],
		['prod/eu-west-1/vpc', 'terraform_data.vpc', 'resource', '', 'terraform_data', 'vpc', null, false],
	]);
	// The unit's path is the first key; every row has the same keys.
	t.deepEqual(new Set(instances.map(row => Object.keys(row).join(','))).size, 1);
	t.is(Object.keys(instances[0]!)[0], 'unit');
	t.is(instances[2]!.file, `${estate}/modules/vpc/main.tf:10`);
	const one = await run(instancesCommand, [`${estate}/live`, 'prod/eu-west-1/app:terraform_data.server[1]'], {json: true});
	t.deepEqual(parseJsonOutput<{instances: Row[]}>(t, 'instances', one.stdout).instances.map(row => `${row.unit}:${row.address}`), ['prod/eu-west-1/app:terraform_data.server[1]']);
});

test('check of an estate: every unit\'s problems once, exit 1 on errors; --source-map clears the missing source', async t => {
	const plain = await run(checkCommand, [`${estate}/live`]);
	t.is(plain.code, 1);
	t.is(plain.stdout.split('\n').filter(line => /^\S/.test(line)).join('\n'), `${estate}/live/prod/eu-west-1/app/terragrunt.hcl:32:17: warning: Function not run\n${estate}/live/prod/eu-west-1/db/terragrunt.hcl:6:12: error: Module source not available`);
	t.is(plain.stderr, '1 error, 1 warning in 3 Terragrunt units.\n');
	const mapped = await run(checkCommand, [`${estate}/live`], {sourceMap: [`git::https://example.com/acme/modules.git=${estate}/modules`]});
	t.is(mapped.code, 0);
	t.is(mapped.stderr, '0 errors, 1 warning in 3 Terragrunt units.\n');
});

test('console on a unit\'s directory evaluates in its module with its inputs, as terragrunt console there would', async t => {
	const {stdout} = await run(consoleCommand, [`${estate}/live/prod/eu-west-1/app`], {}, 'var.cidr\nvar.vpc_id\nterraform_data.server[1].input.subnet\nvar.image\n');
	// The unit's warnings first, as terraform console prints the configuration's warnings before it reads.
	t.true(stdout.startsWith(`\nWarning: Function not run\n\n  on ${estate}/live/prod/eu-west-1/app/terragrunt.hcl line 32:\n  32:   image       = run_cmd(`));
	t.true(stdout.endsWith('\n"10.0.0.0/16"\n"vpc-mock"\n"10.0.1.0/24"\n(known after apply)\n'));
});

test('why crosses units: an input read from a dependency is traced into the other unit\'s module', async t => {
	const {code, stdout} = await run(whyCommand, ['var.cidr', `${estate}/live/prod/eu-west-1/app`]);
	t.is(code, 0);
	t.is(stdout, [
		`var.cidr = "10.0.0.0/16"  (variable, ${estate}/modules/app/main.tf:4:1 in the root module)`,
		`└── inputs.cidr = "10.0.0.0/16"  (set in ${estate}/live/prod/eu-west-1/app/terragrunt.hcl:30:3)`,
		`    └── dependency.vpc.outputs.cidr from unit ${estate}/live/prod/eu-west-1/vpc: output.cidr = "10.0.0.0/16"  (output, ${estate}/modules/vpc/main.tf:14:1)`,
		`        └── var.cidr = "10.0.0.0/16"  (variable, ${estate}/modules/vpc/main.tf:1:1)`,
		`            └── inputs.cidr = "10.0.0.0/16"  (set in ${estate}/live/prod/eu-west-1/vpc/terragrunt.hcl:10:3)`,
		'',
	].join('\n'));
});

test('graph of an estate: unit -> unit edges, a dependency block named, dependencies dashed', async t => {
	const {code, stdout} = await run(graphCommand, [`${estate}/live`]);
	t.is(code, 0);
	t.is(stdout, [
		'digraph {',
		'  rankdir = "LR"',
		'  "prod/eu-west-1/app" [shape = "box"]',
		'  "prod/eu-west-1/db" [shape = "box"]',
		'  "prod/eu-west-1/vpc" [shape = "box"]',
		'  "prod/eu-west-1/app" -> "prod/eu-west-1/vpc" [label = "vpc"]',
		'  "prod/eu-west-1/app" -> "prod/eu-west-1/db" [label = "db"]',
		'}',
		'',
	].join('\n'));
	t.is((await run(graphCommand, [`${estate}/live`], {format: 'text'})).stdout, 'prod/eu-west-1/app\n  -> prod/eu-west-1/vpc (dependency "vpc")\n  -> prod/eu-west-1/db (dependency "db")\nprod/eu-west-1/db\nprod/eu-west-1/vpc\n');
});

test('tree of a stack: the units terragrunt stack generate would write, each named by its block, nested stacks by theirs', async t => {
	const {code, stdout} = await run(treeCommand, ['test/fixtures/terragrunt/stacks/live']);
	t.is(code, 0);
	t.is(stdout, [
		'. (Terragrunt estate: 8 units)',
		'└── .terragrunt-stack/',
		'    ├── aurora/',
		'    │   ├── api [unit: stack unit aurora[api]; ../units/app]',
		'    │   │     root (1 resource, 1 instance)',
		'    │   └── web [unit: stack unit aurora[web]; ../units/app]',
		'    │         root (1 resource, 1 instance)',
		'    ├── db [unit: stack unit db; ../units/db; reads vpc]',
		'    │     root (1 resource, 1 instance)',
		'    ├── shard/',
		'    │   ├── 0 [unit: stack unit shard[0]; ../units/app]',
		'    │   │     root (1 resource, 1 instance)',
		'    │   └── 1 [unit: stack unit shard[1]; ../units/app]',
		'    │         root (1 resource, 1 instance)',
		'    ├── team/',
		'    │   ├── 0/ [stack team[0]: ../stacks/team]',
		'    │   │   └── .terragrunt-stack/',
		'    │   │       └── member [unit: stack unit member; ../units/app]',
		'    │   │             root (1 resource, 1 instance)',
		'    │   └── 1/ [stack team[1]: ../stacks/team]',
		'    │       └── .terragrunt-stack/',
		'    │           └── member [unit: stack unit member; ../units/app]',
		'    │                 root (1 resource, 1 instance)',
		'    └── vpc [unit: stack unit vpc; ../units/app]',
		'          root (1 resource, 1 instance)',
		'',
	].join('\n'));
	const instances = await run(instancesCommand, ['test/fixtures/terragrunt/stacks/live', '.terragrunt-stack/team']);
	t.is(instances.stdout, '.terragrunt-stack/team/0/.terragrunt-stack/member:terraform_data.app\n.terragrunt-stack/team/1/.terragrunt-stack/member:terraform_data.app\n');
});

test('graph --instances of an estate: the wiring across units, output -> input -> variable -> resource instances, each output\'s tier named', async t => {
	const {code, stdout} = await run(graphCommand, [`${estate}/live`], {instances: true, format: 'text'});
	t.is(code, 0);
	t.is(stdout, [
		'prod/eu-west-1/app:terraform_data.server[0]',
		'  -> prod/eu-west-1/app:var.cidr (reads)',
		'  -> prod/eu-west-1/app:var.db_endpoint (reads)',
		'  -> prod/eu-west-1/app:var.vpc_id (reads)',
		'prod/eu-west-1/app:terraform_data.server[1]',
		'  -> prod/eu-west-1/app:var.cidr (reads)',
		'  -> prod/eu-west-1/app:var.db_endpoint (reads)',
		'  -> prod/eu-west-1/app:var.vpc_id (reads)',
		'prod/eu-west-1/app:var.cidr',
		'  -> prod/eu-west-1/vpc:output.cidr (inputs.cidr = dependency.vpc.outputs.cidr (static))',
		'prod/eu-west-1/app:var.db_endpoint',
		'  -> prod/eu-west-1/db:output.endpoint (inputs.db_endpoint = dependency.db.outputs.endpoint (mock))',
		'prod/eu-west-1/app:var.vpc_id',
		'  -> prod/eu-west-1/vpc:output.vpc_id (inputs.vpc_id = dependency.vpc.outputs.vpc_id (mock))',
		'prod/eu-west-1/db:output.endpoint',
		'prod/eu-west-1/vpc:output.cidr',
		'prod/eu-west-1/vpc:output.vpc_id',
		'  -> prod/eu-west-1/vpc:terraform_data.vpc (reads)',
		'prod/eu-west-1/vpc:terraform_data.vpc',
		'',
	].join('\n'));
	const dot = await run(graphCommand, [`${estate}/live`], {instances: true});
	t.true(dot.stdout.includes('  "prod/eu-west-1/app:var.cidr" -> "prod/eu-west-1/vpc:output.cidr" [label = "inputs.cidr = dependency.vpc.outputs.cidr (static)"]\n'));
});

test('a command on a unit a stack generates works on it although the directory exists only in memory; why crosses into its sibling', async t => {
	const stack = 'test/fixtures/terragrunt/stacks/live';
	const {stdout} = await run(consoleCommand, [`${stack}/.terragrunt-stack/shard/1`], {}, 'var.role\nterraform_data.app.input\n');
	t.is(stdout, '"shard-1"\n"shard-1"\n');
	const why = await run(whyCommand, ['var.network', `${stack}/.terragrunt-stack/db`]);
	t.is(why.code, 0);
	t.true(why.stdout.includes(`    └── dependency.vpc.outputs.role from unit .terragrunt-stack/vpc: output.role = "vpc"  (output, ${stack}/.terragrunt-stack/vpc/main.tf:9:1)\n`));
	t.false((await import('node:fs')).existsSync(`${cwd}/${stack}/.terragrunt-stack`));
});
