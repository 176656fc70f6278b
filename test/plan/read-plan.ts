import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {parsePlan, readPlanFile} from '../../source/plan/read-plan.js';
import {describeAction, displayAction} from '../../source/plan/overlay.js';
import {formatValue} from '../../source/lang/format-value.js';
import {hclOf} from '../../source/plan/variables.js';
import {parseExpression} from '../../source/hcl/index.js';
import {evaluate} from '../../source/lang/eval/evaluate.js';
import {createScope} from '../../source/lang/eval/scope.js';
import {jsonToValue} from '../../source/config/state.js';

const fixtures = path.join('test', 'fixtures', 'saved-plan');

function overlayOf(name: string) {
	const read = readPlanFile(path.join(fixtures, name, 'plan.json'), process.cwd());
	if (!read.ok) {
		throw new Error(read.message);
	}

	return read.overlay;
}

const review = overlayOf('review');

// Each instance of the review golden: its action as tfscope shows it, and the plan's reason.
const expected: Array<[string, string, string | undefined]> = [
	['terraform_data.created', 'create', undefined],
	['terraform_data.updated', 'update', undefined],
	['terraform_data.unchanged', 'no-op', undefined],
	['terraform_data.named', 'replace', 'replace_because_cannot_update'],
	['terraform_data.cbd', 'replace+cbd', 'replace_because_cannot_update'],
	['terraform_data.triggered', 'replace', 'replace_by_triggers'],
	['terraform_data.requested', 'replace', 'replace_by_request'],
	['terraform_data.tainted', 'replace', 'replace_because_tainted'],
	['terraform_data.counted[2]', 'delete', 'delete_because_count_index'],
	['terraform_data.keyed["b"]', 'delete', 'delete_because_each_key'],
	['terraform_data.repeated["x"]', 'delete', 'delete_because_wrong_repetition'],
	['module.gone.terraform_data.this', 'delete', 'delete_because_no_resource_config'],
	['terraform_data.orphan', 'delete', 'delete_because_no_resource_config'],
	['terraform_data.nowhere', 'delete', 'delete_because_no_move_target'],
	['terraform_data.new_name', 'move', undefined],
	['terraform_data.forgotten', 'forget', 'delete_because_no_resource_config'],
	['terraform_data.imported', 'import+update', undefined],
	['data.terraform_remote_state.later', 'read', 'read_because_config_unknown'],
];

for (const [address, action, reason] of expected) {
	test(`review: ${address} is ${action}`, t => {
		const change = review.changes.get(address);
		t.truthy(change, address);
		t.is(displayAction(change!), action);
		t.is(change!.reason, reason);
	});
}

test('replace paths, move origin, import id and create-before-destroy order', t => {
	t.deepEqual(review.changes.get('terraform_data.named')!.replacePaths, [['triggers_replace']]);
	t.true(review.changes.get('terraform_data.cbd')!.createBeforeDestroy);
	t.false(review.changes.get('terraform_data.named')!.createBeforeDestroy);
	t.is(review.changes.get('terraform_data.new_name')!.previousAddress, 'terraform_data.old_name');
	t.is(describeAction(review.changes.get('terraform_data.imported')!), 'update, import id "imported-id"');
	t.is(review.changes.get('module.kept["eu"].terraform_data.this')!.module, 'module.kept["eu"]');
});

test('planned values: unknown and sensitive parts, data sources read during plan', t => {
	const created = review.changes.get('terraform_data.created')!;
	t.is(formatValue(created.after!), '{\n  "id" = (known after apply)\n  "input" = {\n    "name" = "app-prod"\n    "secret" = (sensitive value)\n  }\n  "output" = (known after apply)\n  "triggers_replace" = null\n}');
	t.is(review.changes.get('terraform_data.orphan')!.after, undefined);
	t.truthy(review.changes.get('terraform_data.orphan')!.before);
	t.is(formatValue(review.read.get('data.terraform_remote_state.shared')!), '{\n  "backend" = "local"\n  "config" = {\n    "path" = "shared.tfstate"\n  }\n  "defaults" = null\n  "outputs" = {\n    "region" = "eu-west-1"\n  }\n  "workspace" = null\n}');
});

test('variables, timestamp, outputs and checks of the review plan', t => {
	t.deepEqual([...review.variables], [['env', 'prod'], ['secret', 's3cret'], ['size', 2]]);
	t.regex(review.timestamp!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
	t.is(review.outputs.get('name')!.action, 'create');
	t.false(review.errored);
	const environment = review.checks.find(check => check.address === 'check.environment')!;
	t.is(environment.status, 'fail');
	t.deepEqual(environment.instances[0]!.problems, ['This plan is not for dev.']);
	t.deepEqual([...review.configuration!.keys()].sort(), ['', 'module.kept']);
	t.true(review.configuration!.get('')!.has('terraform_data.created'));
});

test('an errored plan keeps its failed checks: precondition, postcondition, variable validation, output precondition', t => {
	const failing = overlayOf('failing');
	t.true(failing.errored);
	const failed = failing.checks.filter(check => check.status === 'fail').map(check => [check.kind, check.address, check.instances.flatMap(instance => instance.problems)]);
	t.deepEqual(failed, [
		['output_value', 'output.limited', ['limit must be below 2 for the output.']],
		['resource', 'terraform_data.post', ['input must be c.']],
		['resource', 'terraform_data.pre', ['limit is too large for pre.']],
		['var', 'var.size', ['size must be below 3.']],
	]);
});

const bad: Array<[string, string | Uint8Array, RegExp]> = [
	['a binary plan file', new Uint8Array([0x50, 0x4B, 0x03, 0x04, 0, 0]), /^--plan plan\.bin: a binary plan file; tfscope reads its JSON: terraform show -json plan\.bin > plan\.json/],
	['not JSON', 'plan:', /^--plan plan\.bin: not JSON/],
	['a JSON array', '[]', /not a plan/],
	['no format_version', '{}', /no format_version/],
	['format_version 2', '{"format_version": "2.0"}', /format_version 2\.0 is not supported \(tfscope reads 1\.x\)/],
	['a state', '{"format_version": "1.0", "values": {}}', /the JSON of a state, not of a plan/],
];

for (const [title, content, message] of bad) {
	test(`${title} is a one-line error`, t => {
		const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-plan-'));
		fs.writeFileSync(path.join(directory, 'plan.bin'), content);
		const read = readPlanFile('plan.bin', directory);
		t.false(read.ok);
		t.regex(read.ok ? '' : read.message, message);
		t.false((read.ok ? '' : read.message).includes('\n'));
		fs.rmSync(directory, {recursive: true});
	});
}

test('a missing plan file', t => {
	const read = readPlanFile('nowhere.json', os.tmpdir());
	t.false(read.ok);
	t.regex(read.ok ? '' : read.message, /^--plan nowhere\.json does not exist$/);
});

test('format_version 1.x of any minor and an empty plan', t => {
	const read = parsePlan('{"format_version": "1.9"}', 'p.json');
	t.true(read.ok);
	t.is(read.ok ? read.overlay.changes.size : -1, 0);
});

test('deferred changes and drift filtered by relevant attributes', t => {
	const change = (address: string, actions: string[]) => ({address, mode: 'managed', type: 't', name: address.split('.')[1], change: {actions, before: {a: 1}, after: {a: 2}}});
	const read = parsePlan(JSON.stringify({
		format_version: '1.2',
		deferred_changes: [{reason: 'resource_config_unknown', resource_change: change('t.deferred', ['create'])}],
		resource_drift: [change('t.relevant', ['update']), change('t.irrelevant', ['update'])],
		relevant_attributes: [{resource: 't.relevant', attribute: ['a']}],
	}), 'p.json');
	t.true(read.ok);
	if (read.ok) {
		t.is(displayAction(read.overlay.changes.get('t.deferred')!), 'deferred create');
		t.deepEqual(read.overlay.drift.map(entry => entry.address), ['t.relevant']);
	}
});

test('JSON values become HCL that evaluates to them', t => {
	for (const value of ['a${b}%{c}\\n"', 'tab\there\bback\fform', 1.5, true, null, [1, 'x'], {'a b': {c: [null]}}]) {
		const parsed = parseExpression(hclOf(value));
		t.deepEqual(parsed.diagnostics, []);
		const {value: evaluated} = evaluate(parsed.value, createScope({}));
		t.is(formatValue(evaluated), formatValue(jsonToValue(value)), JSON.stringify(value));
	}
});
