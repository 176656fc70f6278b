import test from 'ava';
import {defaultFlags} from '../../../source/commands/command.js';
import {loadExplorerData} from '../../../source/ui/data/load.js';
import {detailLines} from '../../../source/ui/text/detail-lines.js';
import {reduce} from '../../../source/ui/state/reducer.js';
import {consoleContext} from '../../../source/ui/state/selectors.js';
import {createInitialState} from '../../../source/ui/state/state.js';

/*
Terraform 1.14+ actions in the explorer's data, on test/fixtures/configs/terraform-1.16-action-graph: blocks of kind `action` with their instances, Details with the expansion, the instance's count.index/each and config, and what triggers it; Edges from the instance graph (the `triggers` edges of the resource instances).
*/

const loaded = loadExplorerData({directory: 'test/fixtures/configs/terraform-1.16-action-graph', flags: defaultFlags, environment: {}, cwd: process.cwd()});

test('actions are blocks of kind action, with their instances, after the checks', async t => {
	const {data} = await loaded;
	t.deepEqual(data.blocks('').filter(entry => entry.kind === 'action'), [
		{kind: 'action', address: 'action.local_command.notify', label: 'action.local_command.notify', mode: 'count', instances: ['action.local_command.notify[0]', 'action.local_command.notify[1]']},
		{kind: 'action', address: 'action.local_command.each', label: 'action.local_command.each', mode: 'for_each', instances: ['action.local_command.each["a"]', 'action.local_command.each["b"]']},
	]);
	t.deepEqual(data.blocks('module.hooks').filter(entry => entry.kind === 'action').map(entry => `${entry.address} ${entry.mode}`), ['module.hooks.action.local_command.announce single']);
	t.deepEqual(data.locate('action.local_command.each["b"]'), {module: '', block: 'action.local_command.each', instance: 'action.local_command.each["b"]'});
	t.true(data.addresses().includes('module.hooks.action.local_command.announce'));
});

test('Details of an action instance: its expansion, count.index, config and what triggers it', async t => {
	const {data} = await loaded;
	const details = data.details('action.local_command.notify[1]');
	t.like(details, {kind: 'action', address: 'action.local_command.notify[1]', instance: {index: 1, total: 2, bindings: [{name: 'count.index', value: '1'}]}, expansion: {mode: 'count', meta: 'count', value: '2'}});
	t.deepEqual(details?.attributes.map(row => `${row.name} = ${row.value}`), ['command = "echo 1"', 'triggered by = terraform_data.web (after_create, after_update)']);
	t.true(detailLines(details!).some(line => line.map(segment => segment.text).join('').includes('triggered by')));
	t.deepEqual(data.details('module.hooks.action.local_command.announce')?.attributes.map(row => `${row.name} = ${row.value}`), ['command = "echo svc"', 'triggered by = module.hooks.terraform_data.service (before_destroy)']);
	t.like(data.details('action.local_command.each'), {kind: 'action', expansion: {mode: 'for_each', keys: ['"a"', '"b"']}});
});

test('Edges of a resource instance and of an action instance show the triggers edge', async t => {
	const {data} = await loaded;
	t.true(data.edges('terraform_data.web[1]').some(edge => edge.direction === 'out' && edge.address === 'action.local_command.notify[1]' && edge.expression === 'action.local_command.notify[count.index]'));
	t.deepEqual(data.edges('action.local_command.notify[1]').map(edge => `${edge.direction} ${edge.address}`), [
		'in terraform_data.web[1]',
		'out provider["registry.terraform.io/hashicorp/local"]',
		'out var.command',
	]);
});

test('the console completes no action.: Terraform refuses action references outside a lifecycle action_trigger, as the console prints', async t => {
	const {data} = await loaded;
	t.deepEqual(data.complete('act', ''), []);
	t.deepEqual(data.complete('action.', ''), []);
	const evaluation = data.evaluate('action.local_command.notify[0]', '');
	t.false(evaluation.ok);
	t.regex(evaluation.text, /Error: Invalid reference[\s\S]*Actions can not be referenced in this context\. They can only be referenced\sfrom within a resource's lifecycle actions list\./);
	// `:` go-to knows them.
	t.true(data.addresses().includes('action.local_command.notify[1]'));
});

test('the console evaluates in a selected action instance\'s own scope: its count.index/each', async t => {
	const {data} = await loaded;
	const at = (address: string) => consoleContext(data, reduce(createInitialState(), {type: 'navigate', address}, data));
	t.is(at('action.local_command.notify[1]'), 'action.local_command.notify[1]');
	t.is(at('action.local_command.each["b"]'), 'action.local_command.each["b"]');
	t.deepEqual(data.evaluate('count.index', at('action.local_command.notify[1]')), {ok: true, text: '1'});
	t.deepEqual(data.evaluate('each.key', at('action.local_command.each["b"]')), {ok: true, text: '"b"'});
	t.deepEqual(data.evaluate('"${var.command} ${each.value}"', 'action.local_command.each["a"]'), {ok: true, text: '"echo a"'});
});
