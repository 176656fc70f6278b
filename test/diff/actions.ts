import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {diffWorkspaces} from '../../source/diff/index.js';
import {triggeredEvents} from '../../source/diff/actions.js';
import {formatDiffMarkdown} from '../../source/diff/format-markdown.js';
import {formatDiffText} from '../../source/diff/format-text.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
Actions and list blocks in a diff (Terraform 1.14+), on test/fixtures/diff/actions: the action invocations the resource changes trigger, against the plan JSON's action_invocations written from hashicorp/terraform v1.16's source (the fixture's ORACLE.md cites each file), and the action and list block instances the change adds, removes or changes, which no plan shows.
*/

const fixture = path.join(import.meta.dirname, '..', 'fixtures', 'diff', 'actions');
const sides = Promise.all([loadWorkspace({directory: path.join(fixture, 'old'), environment: {}}), loadWorkspace({directory: path.join(fixture, 'new'), environment: {}})]);

type PlannedInvocation = {
	readonly address: string;
	readonly lifecycle_action_trigger: {readonly triggering_resource_address: string; readonly action_trigger_event: string; readonly action_trigger_block_index: number; readonly actions_list_index: number; readonly on_failure: string};
};

// Go's stringer names (internal/configs/actiontriggerevent_string.go, actiononfailure_string.go).
const pascal = (text: string): string => text.split('_').map(word => word[0]!.toUpperCase() + word.slice(1)).join('');

test('the actions the changes trigger are the plan\'s action_invocations', async t => {
	const [from, to] = await sides;
	t.deepEqual([...from.diagnostics, ...to.diagnostics], []);
	const diff = diffWorkspaces(from, to);
	const expected = JSON.parse(fs.readFileSync(path.join(fixture, 'expected-invocations.json'), 'utf8')) as PlannedInvocation[];
	t.deepEqual(diff.invocations.map(invocation => ({
		address: invocation.action,
		lifecycle_action_trigger: {
			triggering_resource_address: invocation.trigger,
			action_trigger_event: pascal(invocation.event),
			action_trigger_block_index: invocation.blockIndex,
			actions_list_index: invocation.listIndex,
			on_failure: `ActionOnFailure${pascal(invocation.onFailure ?? 'halt')}`,
		},
	})), expected.map(({address, lifecycle_action_trigger}) => ({address, lifecycle_action_trigger})));
	// Only a condition apply decides is marked: `var.enabled` (false) planned nothing.
	t.deepEqual(diff.invocations.filter(invocation => invocation.conditional).map(invocation => invocation.action), ['action.local_command.audit', 'action.local_command.notify']);
	// Actions are not resources: the resource changes are those of terraform_data alone.
	t.deepEqual(diff.changes.map(change => `${change.action} ${change.address}`), ['create terraform_data.app["dev"]', 'create terraform_data.app["prod"]', 'delete terraform_data.db[1]', 'create terraform_data.gated', 'delete terraform_data.gone', 'update terraform_data.web']);
});

test('action and list block instances added, removed and changed are listed, with their config compared', async t => {
	const [from, to] = await sides;
	const diff = diffWorkspaces(from, to);
	t.deepEqual(diff.blockChanges.map(block => [block.change, block.address, ...block.attributes.map(attribute => `${attribute.name}: ${attribute.kind}`)]), [
		['added', 'action.local_command.audit'],
		['changed', 'action.local_command.notify', 'config.command: changed'],
		['added', 'action.local_command.per_env["test"]'],
		['removed', 'action.local_command.retired'],
		['added', 'list.aws_instance.web'],
	]);
	// The same configuration on both sides: nothing.
	t.deepEqual(diffWorkspaces(to, to).blockChanges, []);
});

test('text and Markdown show the invocations under their change and the blocks apart; the summary counts them as Terraform\'s plan does', async t => {
	const [from, to] = await sides;
	const diff = diffWorkspaces(from, to);
	const text = formatDiffText(diff, {colour: false, from: 'old', to: 'new'});
	t.is(text.split('\n')[1], '3 to add, 1 to change, 2 to destroy, 8 actions to invoke; 1 unchanged');
	t.true(text.includes('  ~ terraform_data.web  update in place\n      input: "v1" → "v2"\n      invokes action.local_command.notify (after_update)\n'));
	t.true(text.includes('  - terraform_data.db[1]  destroy (no longer an instance)\n      invokes action.local_command.notify (before_destroy)\n'));
	t.true(text.includes('  - terraform_data.gone  destroy (no longer in the configuration)\n  ~ terraform_data.web'));
	t.true(text.includes('      invokes action.local_command.per_env["dev"] (after_create, on_failure = continue)\n'));
	t.true(text.includes('      invokes action.local_command.audit (after_create, if its condition holds at apply)\n'));
	t.true(text.includes('\nActions and list blocks\n'));
	t.true(text.includes('  ~ action.local_command.notify  action changed\n      config.command: "echo created" → "echo changed"\n'));
	t.true(text.includes('  + list.aws_instance.web  new list block\n'));
	const markdown = formatDiffMarkdown(diff, {from: 'old', to: 'new'});
	t.true(markdown.includes('<details><summary>Actions to invoke (8)</summary>\n\n- `action.local_command.per_env["dev"]` by `terraform_data.app["dev"]` (before_create, on_failure = continue)\n'));
	t.true(markdown.includes('<details><summary>Actions and list blocks changed, not planned (5)</summary>\n'));
	t.true(markdown.includes('- `action.local_command.notify`: action changed\n  - `config.command: "echo created" → "echo changed"`\n'));
});

test('the events a planned change triggers (eventsForPlannedAction); destroy events only from Terraform 1.16', t => {
	const all = ['before_create', 'after_create', 'before_update', 'after_update', 'before_destroy', 'after_destroy'];
	t.deepEqual(triggeredEvents(all, 'create', 'destroy-events'), ['before_create', 'after_create']);
	t.deepEqual(triggeredEvents(all, 'update', 'destroy-events'), ['before_update', 'after_update']);
	t.deepEqual(triggeredEvents(all, 'replace', 'destroy-events'), ['before_create', 'after_create', 'before_destroy', 'after_destroy']);
	t.deepEqual(triggeredEvents(all, 'delete', 'destroy-events'), ['before_destroy', 'after_destroy']);
	t.deepEqual(triggeredEvents(all, 'replace', 'events'), ['before_create', 'after_create']);
	t.deepEqual(triggeredEvents(all, 'delete', 'events'), []);
	t.deepEqual(triggeredEvents(all, 'forget', 'destroy-events'), []);
	t.deepEqual(triggeredEvents(all, 'no-op', 'destroy-events'), []);
});

test('Terraform before 1.14 and OpenTofu have no actions: nothing is invoked', async t => {
	const [from, to] = await Promise.all([loadWorkspace({directory: path.join(fixture, 'old'), environment: {}, language: 'opentofu'}), loadWorkspace({directory: path.join(fixture, 'new'), environment: {}, language: 'opentofu'})]);
	t.deepEqual(diffWorkspaces(from, to).invocations, []);
});
