import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {runMain} from '../helpers/run-main.js';
import {parseJsonOutput} from '../helpers/json-schema.js';

const fixture = path.join('test', 'fixtures', 'saved-plan', 'review');
const after = path.join(fixture, 'after');
const planFile = path.join(fixture, 'plan.json');

test('instances --plan: an action column before each address, then what the configuration no longer has', async t => {
	const result = await runMain(['instances', after, '--plan', planFile]);
	t.is(result.code, 0);
	const lines = result.stdout.split('\n');
	t.true(lines.includes('replace+cbd     terraform_data.cbd'));
	t.true(lines.includes('move            terraform_data.new_name'));
	t.true(lines.includes('import+update   terraform_data.imported'));
	t.true(lines.includes('no-op           data.terraform_remote_state.shared'));
	t.true(lines.includes('                module.kept["eu"]'));
	t.true(lines.includes('update          module.kept["eu"].terraform_data.this'));
	t.deepEqual(lines.slice(-8), [
		'delete          terraform_data.counted[2]',
		'forget          terraform_data.forgotten',
		'delete          terraform_data.keyed["b"]',
		'delete          terraform_data.nowhere',
		'delete          terraform_data.orphan',
		'delete          terraform_data.repeated["x"]',
		'delete          module.gone.terraform_data.this',
		'',
	]);
});

test('instances --plan --json: action keys', async t => {
	const result = await runMain(['instances', after, '--plan', planFile, '--json']);
	const entries = parseJsonOutput<{instances: Array<Record<string, unknown>>}>(t, 'instances', result.stdout).instances;
	t.is(new Set(entries.map(entry => Object.keys(entry).join(','))).size, 1, 'every row has the same keys');
	const named = entries.find(entry => entry['address'] === 'terraform_data.named')!;
	t.like(named, {action: 'replace', action_reason: 'replace_because_cannot_update', replace_paths: [['triggers_replace']], file: `${path.join(after, 'main.tf')}:24`});
	t.like(entries.find(entry => entry['address'] === 'terraform_data.new_name')!, {action: 'move', previous_address: 'terraform_data.old_name'});
	t.like(entries.find(entry => entry['address'] === 'module.gone.terraform_data.this')!, {action: 'delete', action_reason: 'delete_because_no_resource_config', in_configuration: false, module: 'module.gone'});
	t.like(entries.find(entry => entry['address'] === 'terraform_data.imported')!, {action: 'import+update', importing_id: 'imported-id'});
});

test('instances without --plan prints addresses alone', async t => {
	const result = await runMain(['instances', after]);
	t.true(result.stdout.split('\n').includes('terraform_data.cbd'));
});

const failing = path.join('test', 'fixtures', 'saved-plan', 'failing');

test('check --plan: the errored plan\'s failed conditions on their blocks, each once', async t => {
	const result = await runMain(['check', path.join(failing, 'after'), '--plan', path.join(failing, 'plan.json')]);
	t.is(result.code, 1);
	const main = path.join(failing, 'after', 'main.tf');
	for (const line of [
		`${main}:5:21: error: Invalid value for variable`,
		`${main}:19:23: error: Resource precondition failed`,
		`${main}:29:23: error: Resource postcondition failed`,
		`${main}:37:21: warning: Check block assertion failed`,
		`${main}:45:21: error: Module output value precondition failed`,
	]) {
		t.is(result.stdout.split('\n').filter(each => each === line).length, 1, line);
	}

	// An errored plan stops part-way: no warning that an instance is missing from it.
	t.false(result.stdout.includes('Instance not in the plan'));
});

test('check --plan: the plan\'s failed check block is reported once, on its condition', async t => {
	const result = await runMain(['check', after, '--plan', planFile]);
	t.regex(result.stdout, /main\.tf:137:21: warning: Check block assertion failed\n {2}This plan is not for dev\./);
	t.is(result.stdout.split('This plan is not for dev.').length, 2);
});

test('where tfscope\'s expansion and the plan disagree, a warning names the instance', async t => {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-plan-'));
	fs.cpSync(after, directory, {recursive: true});
	const main = path.join(directory, 'main.tf');
	fs.writeFileSync(main, fs.readFileSync(main, 'utf8').replace('for_each = toset(["a"])', 'for_each = toset(["a", "c"])'));
	const result = await runMain(['check', directory, '--plan', path.resolve(planFile)]);
	t.regex(result.stdout, /main\.tf:\d+:1: warning: Instance not in the plan\n {2}tfscope expands terraform_data\.keyed\["c"\], but the plan .* has no such instance/);
	t.false(result.stdout.includes('keyed["a"], but'));
	fs.rmSync(directory, {recursive: true});
});

test('a plan of another configuration is a one-line error naming what differs', async t => {
	const result = await runMain(['instances', path.join(failing, 'after'), '--plan', planFile]);
	t.is(result.code, 1);
	t.regex(result.stderr, /^tfscope: --plan .*plan\.json was not made from this configuration: the plan's configuration has terraform_data\.cbd, .* and \d+ more, which this one does not; this configuration has terraform_data\.pre, terraform_data\.post, which the plan's does not\. .*\n$/);
});

test('tree --plan: each module instance with its changes by action, and the module instances the configuration no longer has', async t => {
	const result = await runMain(['tree', after, '--plan', planFile]);
	t.is(result.stdout, [
		'root (17 resources, 18 instances; plan: 3 create, 3 update, 5 replace, 5 delete, 1 forget, 1 read, 2 move, 1 import)',
		'├── module.kept["eu"] (1 resource, 1 instance; plan: 1 update)',
		'└── module.kept["us"] (1 resource, 1 instance; plan: 1 update)',
		'module.gone (not in the configuration; plan: 1 delete)',
		'',
	].join('\n'));
	const json = parseJsonOutput<{planned_actions: Record<string, number>; modules: Array<{planned_actions: Record<string, number>}>}>(t, 'tree', (await runMain(['tree', after, '--plan', planFile, '--json'])).stdout);
	t.deepEqual(json.modules[0]!.planned_actions, {update: 1});
	t.is(json.planned_actions['replace'], 5);
});

test('graph --plan: actions as marks in text, colours in DOT and Mermaid', async t => {
	const text = (await runMain(['graph', after, '--plan', planFile, '--format', 'text'])).stdout.split('\n');
	t.true(text.includes('data.terraform_remote_state.later (read)'));
	t.true(text.includes('terraform_data.cbd (replace+cbd)'));
	t.true(text.includes('module.kept.terraform_data.this (update)'));
	t.true(text.includes('terraform_data.repeated (changed)'));
	t.true(text.includes('terraform_data.unchanged'));
	const dot = (await runMain(['graph', after, '--plan', planFile, '--instances'])).stdout;
	t.regex(dot, /"terraform_data\.created" \[label = "terraform_data\.created \(create\)", shape = "box", color = "#2e7d32", penwidth = "2"\]/);
	t.regex(dot, /"terraform_data\.repeated\[0\]" \[label = "terraform_data\.repeated\[0\] \(create\)"/);
	const mermaid = (await runMain(['graph', after, '--plan', planFile, '--format', 'mermaid'])).stdout;
	t.regex(mermaid, /\tclassDef replace stroke:#ef6c00,stroke-width:2px\n\tclass n\d+(?:,n\d+)+ replace\n/);
});
