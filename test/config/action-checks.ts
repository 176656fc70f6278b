import path from 'node:path';
import test from 'ava';
import {loadWorkspace} from '../../source/workspace.js';

/*
Terraform's checks of `action_trigger` items and conditions and of `action.TYPE.NAME` in ordinary expressions, worded as Terraform words them, on test/fixtures/configs/terraform-1.16-action-checks and terraform-1.14-action-checks (their markers are also checked by error-fixtures.ts). Terraform 1.14 and 1.16 are not on these machines: the expected diagnostics are read from hashicorp/terraform v1.16 (fcd4f214004cd6eef0085e7fcbf5d8a001f79937: internal/terraform/node_action.go validateInstanceKey and EvalInstance, transform_config.go buildActionTriggers, node_resource_abstract_instance.go planActionTriggers, internal/lang/eval.go, internal/addrs/parse_ref.go) and v1.14 (aa3ef8ce5b764558c4df546107f8ee942c853326: node_action_trigger_instance_plan.go Execute and evaluateActionCondition).
*/

const fixtures = path.join(import.meta.dirname, '..', 'fixtures', 'configs');

async function diagnosticsOf(name: string): Promise<string[]> {
	const workspace = await loadWorkspace({directory: path.join(fixtures, name), environment: {}});
	return workspace.diagnostics.map(diagnostic => `${diagnostic.subject?.start.line ?? 0}:${diagnostic.subject?.start.column ?? 0} ${diagnostic.summary}: ${diagnostic.detail}`);
}

test('Terraform 1.16: keys checked against the action\'s count/for_each, instances looked up per resource instance, the condition a bool, actions not referable elsewhere', async t => {
	t.deepEqual(await diagnosticsOf('terraform-1.16-action-checks'), [
		'39:19 Incorrect value type: Invalid expression value: a bool is required.',
		'41:9 Missing index: An action with count must be referenced via an integer key',
		'42:9 Invalid index: Invalid string key ["x"] for action with count',
		// terraform_data.wrong[2] names action.local_command.counted[2]; [0] and [1] exist.
		'43:9 Reference to non-existent action instance: The address action.local_command.counted[2] does not identify an instance of action.local_command.counted',
		'44:9 Missing index: An action with for_each must be referenced via a string key',
		'45:9 Invalid index: Invalid key 0 for action with for_each',
		'46:9 Reference to non-existent action instance: The address action.local_command.keyed["c"] does not identify an instance of action.local_command.keyed',
		'47:9 Invalid index: Unexpanded action referenced with instance key 0',
		'48:9 action_trigger actions references non-existent action: The lifecycle action_trigger actions list contains a reference to the action "action.local_command.singel" that does not exist in the configuration of this module. Did you mean "action.local_command.single"?',
		'55:11 Invalid reference: Actions can not be referenced in this context. They can only be referenced from within a resource\'s lifecycle actions list.',
		'59:11 Invalid reference: The "action" object must be followed by two attribute names: the action type and the action name.',
	]);
});

test('Terraform 1.14: only whether the instance exists, with 1.14\'s detail; self, and count/each before the change, refused in the condition', async t => {
	t.deepEqual(await diagnosticsOf('terraform-1.14-action-checks'), [
		'18:19 Self reference not allowed: The condition expression cannot reference "self".',
		'24:19 Count reference not allowed: The condition expression cannot reference "count" if the action is run before the resource is applied.',
		'25:20 Reference to non-existent action instance: Action instance was not found in the current context.',
		'32:9 Reference to non-existent action instance: Action instance was not found in the current context.',
		'33:9 action_trigger actions references non-existent action: The lifecycle action_trigger actions list contains a reference to the action "action.local_command.missing" that does not exist in the configuration of this module.',
	]);
});

test('in a child module, addresses carry the module path', async t => {
	const {default: fs} = await import('node:fs');
	const {default: os} = await import('node:os');
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-actions-'));
	try {
		fs.mkdirSync(path.join(directory, 'child'));
		fs.writeFileSync(path.join(directory, 'main.tf'), 'terraform {\n  required_version = ">= 1.16"\n}\n\nmodule "m" {\n  source   = "./child"\n  for_each = toset(["x"])\n}\n');
		fs.writeFileSync(path.join(directory, 'child', 'main.tf'), 'action "local_command" "a" {\n  count = 1\n}\n\nresource "terraform_data" "r" {\n  lifecycle {\n    action_trigger {\n      events  = [after_create]\n      actions = [action.local_command.a[3], action.local_command.b]\n    }\n  }\n}\n');
		const workspace = await loadWorkspace({directory, environment: {}});
		t.deepEqual(workspace.diagnostics.map(diagnostic => `${diagnostic.summary}: ${diagnostic.detail}`), [
			'Reference to non-existent action instance: The address module.m["x"].action.local_command.a[3] does not identify an instance of module.m.action.local_command.a',
			'action_trigger actions references non-existent action: The lifecycle action_trigger actions list contains a reference to the action "module.m.action.local_command.b" that does not exist in the configuration of this module. Did you mean "module.m.action.local_command.a"?',
		]);
	} finally {
		fs.rmSync(directory, {recursive: true, force: true});
	}
});

test('a quoted event is no keyword in native syntax (hcl.ExprAsKeyword: Terraform\'s summary ends in a space); in JSON syntax a string is one', async t => {
	const {default: fs} = await import('node:fs');
	const {default: os} = await import('node:os');
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-actions-'));
	try {
		fs.writeFileSync(path.join(directory, 'main.tf'), 'action "local_command" "a" {}\n\nresource "terraform_data" "r" {\n  lifecycle {\n    action_trigger {\n      events  = ["after_create", after_update]\n      actions = [action.local_command.a]\n    }\n  }\n}\n');
		fs.writeFileSync(path.join(directory, 'other.tf.json'), JSON.stringify({resource: {terraform_data: {j: {lifecycle: [{action_trigger: [{events: ['after_create'], actions: ['action.local_command.a']}]}]}}}}));
		const workspace = await loadWorkspace({directory, environment: {}});
		t.deepEqual(workspace.diagnostics.map(diagnostic => `${path.basename(diagnostic.subject?.filename ?? '')}:${diagnostic.subject?.start.line ?? 0} ${diagnostic.summary}|`), ['main.tf:6 Invalid "event" value |']);
	} finally {
		fs.rmSync(directory, {recursive: true, force: true});
	}
});
