import fs from 'node:fs';
import path from 'node:path';
import {PassThrough} from 'node:stream';
import test from 'ava';
import {type CommandFlags, defaultFlags} from '../../source/commands/command.js';
import {instancesCommand} from '../../source/commands/instances.js';
import {parseJsonOutput} from '../helpers/json-schema.js';

const planFixtures = path.join(import.meta.dirname, '..', 'fixtures', 'plan');

async function run(arguments_: string[], flags: Partial<CommandFlags> = {}): Promise<{code: number; stdout: string; stderr: string}> {
	let stdout = '';
	let stderr = '';
	const code = await instancesCommand({
		arguments: arguments_,
		flags: {...defaultFlags, ...flags},
		stdin: new PassThrough(),
		stdout: {write: (text: string) => (stdout += text)},
		stderr: {write: (text: string) => (stderr += text)},
		isTerminal: false,
		environment: {},
		cwd: process.cwd(),
	});
	return {code, stdout, stderr};
}

/**
The `plan-args` of a fixture as command flags (only -var and -var-file are used there).
*/
function planFlags(directory: string): Partial<CommandFlags> {
	const file = path.join(directory, 'plan-args');
	const variables: string[] = [];
	const varFiles: string[] = [];
	if (fs.existsSync(file)) {
		for (const line of fs.readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
			if (line.startsWith('-var-file=')) {
				varFiles.push(path.join(directory, line.slice('-var-file='.length)));
			} else if (line.startsWith('-var=')) {
				variables.push(line.slice('-var='.length));
			}
		}
	}

	return {var: variables, varFile: varFiles};
}

for (const name of fs.readdirSync(planFixtures).filter(entry => fs.existsSync(path.join(planFixtures, entry, 'expected-instances.txt')))) {
	test(`resource instances of ${name} match terraform plan`, async t => {
		const directory = path.join(planFixtures, name);
		const {code, stdout, stderr} = await run([directory], planFlags(directory));
		t.is(stderr, '');
		t.is(code, 0);
		const resources = stdout.split('\n').filter(line => line !== '' && !/^module\.[^.]+(?:\[[^\]]+\])?(?:\.module\.[^.]+(?:\[[^\]]+\])?)*$/.test(line));
		const expected = fs.readFileSync(path.join(directory, 'expected-instances.txt'), 'utf8').split('\n').filter(Boolean);
		t.deepEqual([...resources].sort(), expected);
	});
}

test('module instances are listed before their resources, children after', async t => {
	const {stdout} = await run([path.join(planFixtures, 'nested-modules')]);
	const lines = stdout.split('\n');
	t.deepEqual(lines.slice(0, 4), [
		'terraform_data.summary',
		'module.region["eu"]',
		'module.region["eu"].terraform_data.network',
		'module.region["eu"].terraform_data.zone["a"]',
	]);
	t.true(lines.indexOf('module.region["eu"].module.subnet[0]') > lines.indexOf('module.region["eu"].terraform_data.zone["b"]'));
	t.false(lines.some(line => line.startsWith('module.disabled')));
});

const selects = test.macro({
	async exec(t, address: string, expected: string[]) {
		const {code, stdout} = await run([path.join(planFixtures, 'nested-modules'), address]);
		t.is(code, 0);
		t.deepEqual(stdout.split('\n').filter(Boolean), expected);
	},
	title: (_title, address: string) => `selects ${address}`,
});

test(selects, 'module.region["us"].module.subnet[2]', [
	'module.region["us"].module.subnet[2]',
	'module.region["us"].module.subnet[2].terraform_data.host[0]',
	'module.region["us"].module.subnet[2].terraform_data.host[1]',
	'module.region["us"].module.subnet[2].terraform_data.host[2]',
	'module.region["us"].module.subnet[2].terraform_data.subnet',
]);
test(selects, 'module.region.module.subnet.terraform_data.subnet', [
	'module.region["eu"].module.subnet[0].terraform_data.subnet',
	'module.region["eu"].module.subnet[1].terraform_data.subnet',
	'module.region["us"].module.subnet[0].terraform_data.subnet',
	'module.region["us"].module.subnet[1].terraform_data.subnet',
	'module.region["us"].module.subnet[2].terraform_data.subnet',
]);
test(selects, 'module.region["eu"].terraform_data.zone', [
	'module.region["eu"].terraform_data.zone["a"]',
	'module.region["eu"].terraform_data.zone["b"]',
]);
test(selects, 'module.region["eu"].terraform_data.zone["b"]', ['module.region["eu"].terraform_data.zone["b"]']);
test(selects, 'module.single', ['module.single', 'module.single.terraform_data.host[0]', 'module.single.terraform_data.subnet']);

test('an action or query list address selects its instances, a key one instance', async t => {
	const actions = 'test/fixtures/configs/terraform-1.16-action-values';
	t.is((await run([actions, 'action.aws_lambda_invoke.notify'])).stdout, 'action.aws_lambda_invoke.notify[0]\naction.aws_lambda_invoke.notify[1]\n');
	t.is((await run([actions, 'action.local_command.each["b"]'])).stdout, 'action.local_command.each["b"]\n');
	t.is((await run([actions, 'action.local_command.bare'])).stdout, 'action.local_command.bare\n');
	const query = 'test/fixtures/query/basic';
	t.is((await run([query, 'list.aws_instance.by_region'])).stdout, 'list.aws_instance.by_region["eu-west-1"]\nlist.aws_instance.by_region["us-east-1"]\n');
	t.is((await run([query, 'list.aws_instance.by_count[1]'])).stdout, 'list.aws_instance.by_count[1]\n');
	const missing = await run([query, 'list.aws_instance.by_count[5]']);
	t.is(missing.code, 1);
	t.regex(missing.stderr, /No matching instances/);
});

test('an address that matches nothing is an error', async t => {
	const {code, stderr} = await run([path.join(planFixtures, 'nested-modules'), 'module.nope']);
	t.is(code, 1);
	t.regex(stderr, /No matching instances/);
});

test('an invalid address is a usage error', async t => {
	const {code, stderr} = await run([path.join(planFixtures, 'nested-modules'), 'module.x[']);
	t.is(code, 2);
	t.regex(stderr, /Invalid address/);
});

test('--json gives objects with address, kind and key', async t => {
	const {stdout} = await run([path.join(planFixtures, 'expansion'), 'terraform_data.by_set["a b"]'], {json: true});
	t.deepEqual(parseJsonOutput(t, 'instances', stdout), {format_version: '1.0', instances: [{
		address: 'terraform_data.by_set["a b"]', kind: 'resource', module: '', type: 'terraform_data', name: 'by_set', key: 'a b', file: `${path.join(planFixtures, 'expansion', 'main.tf')}:47`, placeholder: false, assumed: [], exists_by_assumption: false, skipped: null,
	}]});
});

test('--json: module rows have the same keys as resource rows (type null, file of the call)', async t => {
	const {stdout} = await run(['examples/multi-region', 'module.network["eu"]'], {json: true});
	const {instances} = parseJsonOutput<{instances: Array<Record<string, unknown>>}>(t, 'instances', stdout);
	const [module, resource] = instances;
	t.deepEqual(Object.keys(module!), Object.keys(resource!));
	t.like(module, {address: 'module.network["eu"]', kind: 'module', module: '', type: null, name: 'network', key: 'eu'});
	t.regex(module!['file'] as string, /^examples\/multi-region\/main\.tf:\d+$/);
});

test('invalid count and for_each: the rest is listed, the problems go to stderr, exit 1', async t => {
	const directory = path.join(import.meta.dirname, '..', 'fixtures', 'configs', 'errors');
	const {code, stdout, stderr} = await run([directory]);
	t.is(code, 1);
	t.true(stdout.split('\n').includes('terraform_data.lifecycle'));
	t.regex(stderr, /main\.tf:33:11: error: Invalid count argument \(terraform_data\.negative\)/);
	t.regex(stderr, /main\.tf:27:1: error: Invalid combination of "count" and "for_each" \(terraform_data\.both\)/);
});

test('count and for_each not known: one placeholder instance [*] each, the cause on stderr, exit 0', async t => {
	const {code, stdout, stderr} = await run(['test/fixtures/configs/unknown-expansion']);
	t.is(code, 0);
	t.is(stdout, 'data.aws_partition.p\nnull_resource.by_key[*]\nnull_resource.counted[*]\nnull_resource.known[0]\n');
	t.regex(stderr, /^test\/fixtures\/configs\/unknown-expansion\/main\.tf:1:1: note: Instances known at plan\n {2}data\.aws_partition\.p\.partition \(.*main\.tf:1\) is read from the provider during plan, so the number of instances of 1 block is not known here: null_resource\.by_key\./);
	t.regex(stderr, /data\.aws_partition\.p\.dns_suffix .* null_resource\.counted\./);
});

test('ephemeral resources are not listed: Terraform does not plan them', async t => {
	const {code, stdout} = await run(['test/fixtures/configs/ephemeral']);
	t.is(code, 0);
	t.is(stdout, 'aws_db_instance.db\n');
});

test('a count or for_each expression that fails is an error, not known after apply', async t => {
	const {code, stdout, stderr} = await run(['test/fixtures/configs/meta-argument-errors']);
	t.is(code, 1);
	t.is(stdout, 'terraform_data.fine\n');
	t.regex(stderr, /main\.tf:3:15: error: Invalid operand \(terraform_data\.counted\)/);
	t.regex(stderr, /main\.tf:7:20: error: Invalid function argument \(terraform_data\.each\)/);
	t.notRegex(stderr, /known after apply/);
});
