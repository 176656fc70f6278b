import path from 'node:path';
import test from 'ava';
import {formatTraceText} from '../../source/explain/format-text.js';
import {traceJson} from '../../source/explain/format-json.js';
import {explainAddress} from '../../source/explain/index.js';
import {loadWorkspace} from '../../source/workspace.js';
import {golden} from '../helpers/golden.js';
import {schemaErrors} from '../helpers/json-schema.js';

/*
`why` of Terraform 1.14+ actions, on test/fixtures/configs/terraform-1.16-action-graph: an action instance's config arguments traced in its own count.index/each scope, and the resource instances that trigger it through their lifecycle action_trigger (the item's index evaluated in the resource instance's scope, evaluate_action_expression.go at hashicorp/terraform v1.16), each with its condition traced.
*/

const fixture = path.join('test', 'fixtures', 'configs', 'terraform-1.16-action-graph');
const workspace = loadWorkspace({directory: fixture, environment: {}});

const trace = async (address: string): Promise<string> => {
	const result = explainAddress(await workspace, address);
	if (!result.value) {
		throw new Error(result.diagnostics.map(diagnostic => `${diagnostic.summary}: ${diagnostic.detail ?? ''}`).join('\n'));
	}

	return formatTraceText(result.value);
};

test('why of an action instance: its config traced, then each resource instance that triggers it with its condition', async t => {
	const text = await trace('action.local_command.notify[1]');
	t.is(text, golden(path.join(fixture, 'why-notify-1.txt'), text));
	// terraform_data.web[1] names notify[count.index], which is notify[1] there; web[0] names notify[0].
	t.regex(text, /└── terraform_data\.web\[1\] = false {2}\(triggers it on after_create, after_update, when its condition is true \(false here: it does not\)/);
	t.notRegex(text, /terraform_data\.web\[0\]/);
	t.regex(text, /count\.index = 1 {2}\(of action\.local_command\.notify\[1\]\)/);
});

test('why of a for_each action instance lists the resource instances naming its key; a module\'s action carries the module path', async t => {
	const each = await trace('action.local_command.each["a"]');
	t.regex(each, /terraform_data\.web\[0\] = true/);
	t.regex(each, /terraform_data\.web\[1\] = false/);
	t.notRegex(await trace('action.local_command.each["b"]'), /terraform_data\.web/);
	t.regex(await trace('module.hooks.action.local_command.announce'), /└── module\.hooks\.terraform_data\.service = true {2}\(triggers it on before_destroy,/);
});

test('why of one config argument, of the expansion, and of what is not there', async t => {
	t.regex(await trace('action.local_command.notify[0].command'), /^action\.local_command\.notify\[0\]\.command = "echo 0" {2}\(argument,/);
	t.regex(await trace('action.local_command.each'), /^action\.local_command\.each\.for_each = toset\(\[…\]\) \(2 elements\) {2}\(argument, 2 instances,/);
	const missing = explainAddress(await workspace, 'action.local_command.nothing');
	t.deepEqual(missing.diagnostics.map(diagnostic => diagnostic.summary), ['No such action']);
	const instance = explainAddress(await workspace, 'action.local_command.notify[7]');
	t.deepEqual(instance.diagnostics.map(diagnostic => diagnostic.detail), ['There is no action instance action.local_command.notify[7] in this configuration.']);
});

test('why --json of an action instance matches its schema, the trigger step kind "trigger"', async t => {
	const result = explainAddress(await workspace, 'action.local_command.notify[0]');
	const json = JSON.parse(JSON.stringify(traceJson(result.value!))) as {trace: {children: Array<{kind: string; label: string}>}};
	t.is(schemaErrors('why', json), '');
	t.deepEqual(json.trace.children.map(child => `${child.kind} ${child.label}`), ['argument action.local_command.notify[0].command', 'trigger terraform_data.web[0]']);
});
