import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test, {type ExecutionContext} from 'ava';
import type {ResourceInstance} from '../../source/expand/instance-tree.js';
import {encodeJson} from '../../source/lang/functions/encoding.js';
import {isWhollyKnown} from '../../source/lang/values.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
Placeholders and their causes against `terraform plan` (test/fixtures/placeholders/regenerate.sh, terraform 1.11):

- data-source-at-plan: the zones come from `terraform_remote_state` of a local state file, which Terraform reads during plan, and tfscope too: as committed, tfscope's instances and inputs are the plan's exactly. The placeholder checks load a copy without the state file (a state kept on another machine, where tfscope cannot read it). There, without assumptions, tfscope knows exactly the instances of the plan that do not depend on the zones (with the same planned `input`), shows one placeholder for each block that does (matching the plan's instances with `[*]` for the unknown keys, with the same `input` wherever the placeholder's is known), and names one cause, the data source, as a note. With the assumption of what the state file holds, tfscope's instances and inputs are the plan's, each marked as existing through an assumption where its expansion used it.
- attribute-at-apply: count and for_each from `terraform_data.seed.id`, known only after apply: Terraform's plan stops with one error per block; tfscope shows a placeholder for exactly those blocks and one warning-level cause naming the attribute.
*/

const fixtures = path.join(import.meta.dirname, '..', 'fixtures', 'placeholders');

type Planned = {instances?: Array<{address: string; input: unknown}>; errors?: Array<{summary: string; filename: string; line: number; column: number}>};

function expected(name: string): Planned {
	return JSON.parse(fs.readFileSync(path.join(fixtures, name, 'expected-plan.json'), 'utf8')) as Planned;
}

/**
A copy of a case without its state file, as a user without access to the remote state has it; removed when the test ends.
*/
function withoutStateFile(t: ExecutionContext, name: string): string {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-placeholders-'));
	t.teardown(() => {
		fs.rmSync(directory, {recursive: true, force: true});
	});
	fs.cpSync(path.join(fixtures, name), directory, {recursive: true, filter: source => !source.endsWith('.tfstate')});
	return directory;
}

function managed(instances: Iterable<ResourceInstance>): ResourceInstance[] {
	return [...instances].filter(instance => instance.address.mode === 'managed');
}

function inputOf(instance: ResourceInstance): unknown {
	const value = instance.value.kind === 'object' ? instance.value.attributes.get('input') : undefined;
	return value === undefined || !isWhollyKnown(value) ? undefined : JSON.parse(encodeJson(value)) as unknown;
}

/**
Whether a placeholder's address (`module.zone[*].terraform_data.this`) stands for a planned one (`module.zone["eu-west-1a"].terraform_data.this`).
*/
function standsFor(placeholder: string, planned: string): boolean {
	const pattern = placeholder.split('[*]').map(part => part.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\[[^\\]]+\\]');
	return new RegExp(`^${pattern}$`).test(planned);
}

test('data source read at plan: the known instances are the plan\'s, placeholders stand for the rest, one cause', async t => {
	const plan = expected('data-source-at-plan').instances!;
	const workspace = await loadWorkspace({directory: withoutStateFile(t, 'data-source-at-plan'), environment: {}});
	t.deepEqual(workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error'), []);
	const instances = managed(workspace.instances.resourceInstances.values());
	const known = instances.filter(instance => !instance.text.includes('[*]'));
	const placeholders = instances.filter(instance => instance.text.includes('[*]'));
	const planned = new Map(plan.map(entry => [entry.address, entry.input]));
	for (const instance of known) {
		t.true(planned.has(instance.text), `${instance.text} is in the plan`);
		t.deepEqual(inputOf(instance), planned.get(instance.text), instance.text);
	}

	const knownAddresses = new Set(known.map(instance => instance.text));
	for (const entry of plan.filter(entry => !knownAddresses.has(entry.address))) {
		const standIns = placeholders.filter(placeholder => standsFor(placeholder.text, entry.address));
		t.is(standIns.length, 1, `one placeholder stands for ${entry.address}`);
		const input = inputOf(standIns[0]!);
		if (input !== undefined) {
			t.deepEqual(input, entry.input, `${standIns[0]!.text}'s known input is ${entry.address}'s`);
		}
	}

	for (const placeholder of placeholders) {
		t.true(plan.some(entry => standsFor(placeholder.text, entry.address)), `${placeholder.text} stands for planned instances`);
	}

	t.deepEqual(known.map(instance => instance.text).sort(), ['terraform_data.named["a"]', 'terraform_data.named["b"]', 'terraform_data.static[0]', 'terraform_data.static[1]']);
	t.is(workspace.instances.unknownCauses.length, 1);
	const [report] = workspace.instances.unknownCauses;
	t.is(report!.cause.owner, 'data.terraform_remote_state.network');
	t.is(report!.cause.when, 'plan');
	t.is(`${path.basename(report!.cause.range!.filename)}:${report!.cause.range!.start.line}`, 'main.tf:4');
	t.deepEqual([...report!.blocks].sort(), ['module.zone', 'terraform_data.route', 'terraform_data.subnet']);
});

test('data source read at plan, assumed as the state holds it: the plan\'s instances and inputs exactly', async t => {
	const plan = expected('data-source-at-plan').instances!;
	const directory = withoutStateFile(t, 'data-source-at-plan');
	const workspace = await loadWorkspace({directory, environment: {}, cwd: directory, assumptions: [{kind: 'file', path: 'assumptions.hcl'}]});
	t.deepEqual(workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error'), []);
	t.deepEqual(workspace.instances.unknownCauses, []);
	const instances = managed(workspace.instances.resourceInstances.values()).sort((a, b) => (a.text < b.text ? -1 : (a.text > b.text ? 1 : 0)));
	t.deepEqual(instances.map(instance => ({address: instance.text, input: inputOf(instance)})), plan);
});

test('data source read at plan, with the state file there: tfscope reads it as Terraform does, the plan\'s instances and inputs exactly, nothing open-ended', async t => {
	const plan = expected('data-source-at-plan').instances!;
	const workspace = await loadWorkspace({directory: path.join(fixtures, 'data-source-at-plan'), environment: {}});
	t.deepEqual(workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error'), []);
	t.deepEqual(workspace.instances.unknownCauses, []);
	const instances = managed(workspace.instances.resourceInstances.values()).sort((a, b) => (a.text < b.text ? -1 : (a.text > b.text ? 1 : 0)));
	t.deepEqual(instances.map(instance => ({address: instance.text, input: inputOf(instance)})), plan);
});

test('attribute known after apply: placeholders for exactly the blocks Terraform\'s plan stops on, one cause', async t => {
	const {errors} = expected('attribute-at-apply');
	const workspace = await loadWorkspace({directory: path.join(fixtures, 'attribute-at-apply'), environment: {}});
	const placeholders = managed(workspace.instances.resourceInstances.values()).filter(instance => instance.text.includes('[*]'));
	t.deepEqual(placeholders.map(instance => instance.text).sort(), ['terraform_data.counted[*]', 'terraform_data.keyed[*]']);
	// Each error of the plan is at the count/for_each of one placeholder's block.
	t.deepEqual(errors!.map(error => `${error.summary.split(' ')[1]} ${error.line}`).sort(), placeholders.map(instance => {
		const {block} = instance.resource;
		const meta = block.count ?? block.forEach;
		return `${block.count ? 'count' : 'for_each'} ${meta!.range.start.line}`;
	}).sort());
	t.deepEqual(managed(workspace.instances.resourceInstances.values()).filter(instance => !instance.text.includes('[*]')).map(instance => instance.text).sort(), ['terraform_data.known[0]', 'terraform_data.known[1]', 'terraform_data.seed']);
	t.is(workspace.instances.unknownCauses.length, 1);
	const [report] = workspace.instances.unknownCauses;
	t.is(report!.cause.owner, 'terraform_data.seed');
	t.is(report!.cause.attribute, 'id');
	t.is(report!.cause.when, 'apply');
	t.deepEqual([...report!.blocks].sort(), ['terraform_data.counted', 'terraform_data.keyed']);
	t.true(workspace.diagnostics.some(diagnostic => diagnostic.severity === 'warning' && diagnostic.summary !== '' && diagnostic.detail?.includes('terraform_data.seed.id') === true));
});
