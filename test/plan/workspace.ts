import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {loadWorkspace} from '../../source/workspace.js';
import {formatValue} from '../../source/lang/format-value.js';
import {runMain} from '../helpers/run-main.js';

const fixture = path.join('test', 'fixtures', 'saved-plan', 'review');
const after = path.join(fixture, 'after');
const planFile = path.join(fixture, 'plan.json');
const plan = JSON.parse(fs.readFileSync(planFile, 'utf8')) as {timestamp: string};

test('the plan\'s variables are the root variables; a tfvars file that gives the same value stays their source', async t => {
	const workspace = await loadWorkspace({directory: after, planFile});
	t.is(workspace.rootVariables.get('env')!.source, path.join(after, 'terraform.tfvars'));
	t.is(workspace.rootVariables.get('size')!.source, `the plan ${planFile}`);
	t.is(formatValue(workspace.evaluateAt('var.size').value), '2');
	t.false(workspace.diagnostics.some(diagnostic => diagnostic.summary === 'Variable differs from the plan'));
});

test('a --var that the plan contradicts is a warning and the plan wins', async t => {
	const workspace = await loadWorkspace({directory: after, planFile, variables: ['env=dev']});
	t.is(formatValue(workspace.evaluateAt('var.env').value), '"prod"');
	const warning = workspace.diagnostics.find(diagnostic => diagnostic.summary === 'Variable differs from the plan');
	t.truthy(warning);
	t.regex(warning!.detail!, /^var\.env is "prod" in the plan .*plan\.json, not what the command line gives; the plan's value is used\.$/);
	t.is(formatValue(workspace.evaluateAt('local.name').value), '"app-prod"');
});

test('plantimestamp() is the plan\'s timestamp; without a plan it is not known', async t => {
	const workspace = await loadWorkspace({directory: after, planFile});
	t.is(formatValue(workspace.evaluateAt('plantimestamp()').value), JSON.stringify(plan.timestamp));
	const alone = await loadWorkspace({directory: after});
	t.is(formatValue(alone.evaluateAt('plantimestamp()').value), '(known after apply)');
});

test('values downstream of planned values are evaluated again: an output of a module instance', async t => {
	const workspace = await loadWorkspace({directory: after, planFile});
	const id = workspace.evaluateAt('module.kept["eu"].id').value;
	t.regex(formatValue(id), /^"[\da-f-]{36}"$/);
	t.is(formatValue(workspace.evaluateAt('output.id', 'module.kept["eu"]').value), formatValue(id));
});

test('the console at a resource instance under --plan: self-free scope with the planned values', async t => {
	const result = await runMain(['console', after, '--plan', planFile, '--at', 'module.kept["us"].terraform_data.this'], {stdin: 'var.label\n'});
	t.is(result.stderr, '');
	t.is(result.stdout, '"us-prod"\n');
});

test('--plan with a binary plan file: one line, exit 1', async t => {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-plan-'));
	fs.writeFileSync(path.join(directory, 'plan.tfplan'), new Uint8Array([0x50, 0x4B, 0x03, 0x04, 1, 2, 3]));
	for (const command of [['instances'], ['tree'], ['check'], ['console']]) {
		// eslint-disable-next-line no-await-in-loop
		const result = await runMain([...command, after, '--plan', path.join(directory, 'plan.tfplan')]);
		t.is(result.code, 1, command[0]);
		t.is(result.stdout, '');
		t.regex(result.stderr, /^tfscope: --plan .*plan\.tfplan: a binary plan file; tfscope reads its JSON: terraform show -json .*plan\.tfplan > plan\.json \(or tofu show -json\), then --plan plan\.json\n$/);
	}

	fs.rmSync(directory, {recursive: true});
});

test('--plan with a missing file: one line, exit 1', async t => {
	const result = await runMain(['instances', after, '--plan', 'nowhere.json']);
	t.is(result.code, 1);
	t.is(result.stderr, 'tfscope: --plan nowhere.json: no such file\n');
});
