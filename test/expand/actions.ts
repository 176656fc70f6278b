import path from 'node:path';
import test from 'ava';
import {instanceLines} from '../../source/commands/instances.js';
import {formatValue} from '../../source/lang/format-value.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
Terraform 1.14+ action blocks expanded into instances with their config evaluated, on test/fixtures/configs/terraform-1.16-action-values. Terraform 1.16 is not on these machines: the addresses, the expansion and the scope of `config` are read from hashicorp/terraform v1.16 (internal/addrs/action.go, internal/terraform/node_action.go, internal/lang/eval.go EvalActionBlock).
*/

const fixture = path.join(import.meta.dirname, '..', 'fixtures', 'configs', 'terraform-1.16-action-values');
const workspace = loadWorkspace({directory: fixture, environment: {}});

test('action instances are addressed action.TYPE.NAME[KEY] and listed after the module\'s resources', async t => {
	const loaded = await workspace;
	t.deepEqual(loaded.diagnostics, []);
	t.deepEqual(instanceLines(loaded.instances).map(line => `${line.kind} ${line.instance.text}`), [
		'resource terraform_data.web',
		'action action.aws_lambda_invoke.notify[0]',
		'action action.aws_lambda_invoke.notify[1]',
		'action action.local_command.each["a"]',
		'action action.local_command.each["b"]',
		'action action.local_command.bare',
	]);
});

test('config is evaluated per instance with count.index and each, caller unknown; no config block is null', async t => {
	const {root} = (await workspace).instances;
	const values = Object.fromEntries(root.actions.flatMap(action => action.instances.map(instance => [instance.text, formatValue(instance.value)])));
	t.is(values['action.aws_lambda_invoke.notify[1]'], '{\n  "function_name" = "fn-1"\n  "payload" = (known after apply)\n}');
	t.is(values['action.local_command.each["b"]'], '{\n  "command" = "echo b"\n  "nested" = tolist([\n    {\n      "x" = 1\n    },\n  ])\n}');
	t.is(values['action.local_command.bare'], 'null');
});

test('each action knows the resources that trigger it and on which events', async t => {
	const {root} = (await workspace).instances;
	t.deepEqual(root.actions.map(action => [action.text, action.triggeredBy]), [
		['action.aws_lambda_invoke.notify', [{resource: 'terraform_data.web', events: ['after_create', 'after_update']}]],
		['action.local_command.each', [{resource: 'terraform_data.web', events: ['after_create', 'after_update']}]],
		['action.local_command.bare', []],
	]);
});

test('tree counts each module instance\'s actions and action instances, in text and --json (with its schema)', async t => {
	const {renderTree, treeDocumentJson} = await import('../../source/commands/tree.js');
	const {schemaErrors} = await import('../helpers/json-schema.js');
	const {root} = (await workspace).instances;
	t.is(renderTree(root), 'root (1 resource, 1 instance, 3 actions, 5 action instances)\n');
	const json = treeDocumentJson(root);
	t.like(json, {resources: 1, resource_instances: 1, actions: 3, action_instances: 5});
	t.is(schemaErrors('tree', JSON.parse(JSON.stringify(json))), '');
});
