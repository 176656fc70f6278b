import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {loadWorkspace} from '../../source/workspace.js';
import {formatValue} from '../../source/lang/format-value.js';
import {formatRangeStart} from '../../source/hcl/position.js';
import type {Diagnostic} from '../../source/hcl/diagnostics.js';
import {runMain} from '../helpers/run-main.js';

/*
Where tfscope's predictions (moves, assumptions) disagree with a saved plan. The plans are terraform 1.11's (test/fixtures/saved-plan/regenerate.ts): `moves` applies before/ and plans after/ (a renamed resource, a renamed module call, an implied move of a resource that gained count); `moves-unplanned` plans the same change without the moved blocks; `moves/edited` is after/ with one moved block gone and one pointed elsewhere.
*/

const plans = path.join('test', 'fixtures', 'saved-plan');
const moves = path.join(plans, 'moves');
const review = path.join(plans, 'review');
const summaries = new Set(['Move not predicted', 'Predicted move not in the plan', 'Assumption contradicted by the plan', 'Instance not in the plan', 'Instance only in the plan']);

function disagreements(diagnostics: readonly Diagnostic[]): string[] {
	return diagnostics.filter(diagnostic => summaries.has(diagnostic.summary)).map(diagnostic => `${diagnostic.subject ? `${formatRangeStart(diagnostic.subject)} ` : ''}${diagnostic.summary}: ${diagnostic.detail!}`);
}

test('the configuration the plan was made from: every move predicted, none warned', async t => {
	for (const scenario of [moves, review]) {
		// eslint-disable-next-line no-await-in-loop
		const workspace = await loadWorkspace({directory: path.join(scenario, 'after'), planFile: path.join(scenario, 'plan.json')});
		t.deepEqual(disagreements(workspace.diagnostics), [], scenario);
	}
});

test('moved blocks changed after the plan: the plan\'s moves tfscope does not predict are warned at the destination block', async t => {
	const planFile = path.join(moves, 'plan.json');
	const directory = path.join(moves, 'edited');
	const workspace = await loadWorkspace({directory, planFile});
	const main = path.join(directory, 'main.tf');
	t.deepEqual(disagreements(workspace.diagnostics), [
		`${main}:4:1 Move not predicted: The plan ${planFile} moves terraform_data.renamed to terraform_data.new_name, but no moved block of this configuration moves terraform_data.renamed: the configuration's moved blocks changed since the plan was made (the plan is the truth).`,
		`${main}:8:1 Move not predicted: The plan ${planFile} moves terraform_data.retargeted to terraform_data.target, but this configuration's moved blocks move it to terraform_data.elsewhere: the configuration's moved blocks changed since the plan was made (the plan is the truth).`,
	]);
});

test('a plan made before the moved blocks: each predicted move the plan lacks is warned at its moved block, the implied move agrees', async t => {
	const planFile = path.join(plans, 'moves-unplanned', 'plan.json');
	const directory = path.join(moves, 'after');
	const workspace = await loadWorkspace({directory, planFile});
	const main = path.join(directory, 'main.tf');
	const found = disagreements(workspace.diagnostics);
	t.deepEqual(found, [
		['7:1', 'terraform_data.renamed', 'terraform_data.new_name'],
		['16:1', 'terraform_data.retargeted', 'terraform_data.target'],
		['31:1', 'module.old_call.terraform_data.this', 'module.new_call.terraform_data.this'],
	].map(([at, from, to]) => `${main}:${at} Predicted move not in the plan: This moved block moves ${from} to ${to}, but the plan ${planFile} does not move it: the moved blocks changed since the plan was made, or the plan found an object already at ${to} (the plan is the truth).`));
	t.false(found.some(line => line.includes('counted')));
	// The plan's actions stay the plan's: the renamed object is created anew.
	t.is(workspace.plan!.changes.get('terraform_data.new_name')!.action, 'create');
});

test('an errored plan is not compared', async t => {
	const text = JSON.parse(fs.readFileSync(path.join(plans, 'moves-unplanned', 'plan.json'), 'utf8')) as Record<string, unknown>;
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-predictions-'));
	const planFile = path.join(directory, 'plan.json');
	fs.writeFileSync(planFile, JSON.stringify({...text, errored: true}));
	const workspace = await loadWorkspace({directory: path.join(moves, 'after'), planFile});
	t.deepEqual(disagreements(workspace.diagnostics), []);
});

test('assumptions the plan contradicts are warned and the plan\'s values win; those it agrees with are not', async t => {
	const planFile = path.join(review, 'plan.json');
	const workspace = await loadWorkspace({
		directory: path.join(review, 'after'),
		planFile,
		assumptions: [
			{kind: 'text', text: 'terraform_data.unchanged.output = "different"'},
			{kind: 'text', text: 'terraform_data.unchanged.input = "same"'},
			{kind: 'text', text: 'var.env = "dev"'},
			{kind: 'text', text: 'var.size = 2'},
			// A whole object pins only the attributes it names.
			{kind: 'text', text: 'terraform_data.updated = {input = "v2"}'},
			// The plan does not know it: nothing to contradict.
			{kind: 'text', text: 'terraform_data.updated.output = "v2"'},
			{kind: 'text', text: 'var.secret = "other"'},
		],
	});
	t.deepEqual(disagreements(workspace.diagnostics), [
		`Assumption contradicted by the plan: terraform_data.unchanged.output = "different" (--assume), but the plan ${planFile} has terraform_data.unchanged.output = "same": the plan's value is used.`,
		`Assumption contradicted by the plan: var.env = "dev" (--assume), but the plan ${planFile} has var.env = "prod": the plan's value is used.`,
		// A sensitive variable's planned value is not printed.
		`Assumption contradicted by the plan: var.secret = "other" (--assume), but the plan ${planFile} has var.secret = (sensitive value): the plan's value is used.`,
	]);
	t.is(formatValue(workspace.evaluateAt('local.name').value), '"app-prod"');
	t.is(formatValue(workspace.evaluateAt('terraform_data.unchanged.output').value), '"same"');
	// The root variables the plan gives are no longer assumed.
	t.deepEqual(workspace.assumptions.map(assumption => assumption.address), ['terraform_data.unchanged.output', 'terraform_data.unchanged.input', 'terraform_data.updated', 'terraform_data.updated.output']);
});

test('an assumption file\'s line is where the contradiction is shown', async t => {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-predictions-'));
	const file = path.join(directory, 'assume.tfvars');
	fs.writeFileSync(file, '# pinned\nvar.env = "staging"\n');
	const result = await runMain(['check', path.join(review, 'after'), '--plan', path.join(review, 'plan.json'), '--assume-file', file]);
	t.is(result.code, 0, result.stderr);
	t.regex(result.stdout + result.stderr, new RegExp(`${file.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:1: warning: Assumption contradicted by the plan\n  var\\.env = "staging" \\(from ${file.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:1\\), but the plan`));
});
