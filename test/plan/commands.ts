import path from 'node:path';
import test from 'ava';
import {runMain} from '../helpers/run-main.js';

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
	const entries = JSON.parse(result.stdout) as Array<Record<string, unknown>>;
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
