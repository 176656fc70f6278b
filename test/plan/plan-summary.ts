import path from 'node:path';
import test from 'ava';
import {parseJsonOutput} from '../helpers/json-schema.js';
import {runMain} from '../helpers/run-main.js';

const fixture = path.join('test', 'fixtures', 'saved-plan', 'review');
const after = path.join(fixture, 'after');
const planFile = path.join(fixture, 'plan.json');
const main = path.join(after, 'main.tf');

test('text: counts, groups by module and action, file:line, reasons, replace causes down to the tfvars line, attribute changes', async t => {
	const result = await runMain(['plan-summary', after, '--plan', planFile]);
	t.is(result.stderr, '');
	t.is(result.code, 0);
	const lines = result.stdout.split('\n');
	t.regex(lines[0]!, /^Plan .*plan\.json \(Terraform 1\.11\.\d+\): 3 create, 5 update, 5 replace, 6 delete, 1 forget, 1 read, 2 move, 1 import$/);
	const at = (text: string): number => lines.indexOf(text);
	t.true(at('root module') > 0);
	t.true(at('  replace (4)') > at('root module'));
	const named = at(`    terraform_data.named  ${main}:24`);
	t.true(named > at('  replace (4)'));
	t.deepEqual(lines.slice(named + 1, named + 4), [
		'        because an argument that forces replacement changed',
		`        triggers_replace forces replacement  ${main}:25:22`,
		`          ← local.name ← var.env ← ${path.join(after, 'terraform.tfvars')}:1`,
	]);
	t.true(lines.includes('        triggers_replace: "app-dev" → "app-prod"'));
	t.true(lines.includes('        because requested with -replace'));
	t.true(lines.includes('        because the object is tainted'));
	t.true(lines.includes('        because replace_triggered_by: a trigger changed'));
	t.true(lines.includes('  replace+cbd (1)'));
	t.true(lines.includes('        because its count index is beyond the new count'));
	t.true(lines.includes('        because its key is no longer in for_each'));
	t.true(lines.includes('        because it was moved to an address that is not in the configuration'));
	t.true(lines.includes('        moved from terraform_data.old_name'));
	t.true(lines.includes('        imported with id "imported-id"'));
	t.true(lines.includes('module.gone'));
	const eu = at('module.kept["eu"]');
	t.deepEqual(lines.slice(eu + 1, eu + 5), ['  update (1)', `    module.kept["eu"].terraform_data.this  ${path.join(after, 'modules', 'item', 'main.tf')}:5`, '        input: "eu" → "eu-prod"', '        output: "eu" → (known after apply)']);
	t.true(lines.includes('  check.environment: This plan is not for dev.'));
	t.true(lines.includes('  create output.secret = (sensitive value)'));
	// No-ops are left out.
	t.false(result.stdout.includes('terraform_data.unchanged'));
});

test('json: the same summary as data', async t => {
	const result = await runMain(['plan-summary', after, '--plan', planFile, '--format', 'json']);
	const json = parseJsonOutput<{counts: Record<string, number>; modules: Array<{module: string; groups: Array<{action: string; changes: Array<Record<string, unknown>>}>}>; failed_checks: unknown[]}>(t, 'plan-summary', result.stdout);
	t.deepEqual(json.counts, {create: 3, update: 5, replace: 5, delete: 6, forget: 1, read: 1, move: 2, import: 1});
	const root = json.modules.find(module => module.module === '')!;
	const named = root.groups.find(group => group.action === 'replace')!.changes.find(change => change['address'] === 'terraform_data.named')!;
	t.deepEqual(named['replace_causes'], [{path: 'triggers_replace', expression: `${main}:25:22`, chain: ['local.name', 'var.env', `${path.join(after, 'terraform.tfvars')}:1`]}]);
	t.is(named['action_reason'], 'replace_because_cannot_update');
	t.deepEqual(json.failed_checks, [{address: 'check.environment', kind: 'check', status: 'fail', messages: ['This plan is not for dev.']}]);
	const again = await runMain(['plan-summary', after, '--plan', planFile, '--json']);
	t.is(again.stdout, result.stdout);
});

test('markdown: a table per module for a pull-request comment', async t => {
	const result = await runMain(['plan-summary', after, '--plan', planFile, '--format', 'markdown']);
	const lines = result.stdout.split('\n');
	t.is(lines[0], '### Plan: 3 create, 5 update, 5 replace, 6 delete, 1 forget, 1 read, 2 move, 1 import');
	t.true(lines.includes('#### Root module'));
	t.true(lines.includes('#### `module.kept["eu"]`'));
	t.true(lines.includes('| Action | Address | Where | Why |'));
	t.true(lines.some(line => line.startsWith('| replace | `terraform_data.named` | `') && line.includes('`triggers_replace` forces replacement ← `local.name` ← `var.env` ← `')));
	t.true(lines.includes('- `check.environment`: This plan is not for dev.'));
});

test('an errored plan exits 1; without --plan, a usage error', async t => {
	const failing = path.join('test', 'fixtures', 'saved-plan', 'failing');
	const errored = await runMain(['plan-summary', path.join(failing, 'after'), '--plan', path.join(failing, 'plan.json')]);
	t.is(errored.code, 1);
	t.regex(errored.stdout, /, errored: 1 create\n/);
	t.true(errored.stdout.includes('  terraform_data.pre: limit is too large for pre.'));
	const missing = await runMain(['plan-summary', after]);
	t.is(missing.code, 2);
	t.regex(missing.stderr, /^Error: Missing --plan/);
	const badFormat = await runMain(['plan-summary', after, '--plan', planFile, '--format', 'dot']);
	t.is(badFormat.code, 2);
});
