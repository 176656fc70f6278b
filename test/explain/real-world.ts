import path from 'node:path';
import test from 'ava';
import {defaultFlags} from '../../source/commands/command.js';
import {type TraceStep, explainAddress} from '../../source/explain/index.js';
import {formatTraceText} from '../../source/explain/format-text.js';
import {reduce} from '../../source/ui/state/reducer.js';
import {createInitialState} from '../../source/ui/state/state.js';
import {loadExplorerData} from '../../source/ui/data/load.js';
import {loadWorkspace} from '../../source/workspace.js';
import {golden} from '../helpers/golden.js';

/*
`why` and the explorer's `w` on a count/for_each that is not known in a public module: terraform-aws-eks `examples/karpenter` (the committed subset in test/fixtures/real-world), where the node group's data sources have a count that depends on the parent's data.aws_partition, read at plan.
*/

const directory = path.join(import.meta.dirname, '..', 'fixtures', 'real-world', 'terraform-aws-eks', 'examples', 'karpenter');
const partitionBlock = 'module.eks.module.eks_managed_node_group["karpenter"].data.aws_partition.current';
const root = 'module.eks.data.aws_partition.current[0].partition';

function steps(step: TraceStep): TraceStep[] {
	return [step, ...step.children.flatMap(child => steps(child))];
}

test('the placeholder [*] of an open-ended block is explained by its count (it was the data source\'s empty object): down to the data source read at plan, through try', async t => {
	const workspace = await loadWorkspace({directory, environment: {}});
	for (const address of [partitionBlock, `${partitionBlock}[*]`]) {
		const trace = explainAddress(workspace, address).value;
		t.truthy(trace, address);
		t.is(trace!.root.kind, 'unknown');
		t.regex(trace!.root.note ?? '', /its count is not known/);
		const all = steps(trace!.root);
		t.true(all.some(step => step.label === 'var.create && var.partition == "" ? 1 : 0'), address);
		const leaf = all.find(step => step.label === root);
		t.is(leaf?.unknown?.when, 'plan');
		// try() of a value not known is not known: not "used".
		t.regex(leaf?.note ?? '', /^not known, so neither is the try; read from the provider during plan/);
		t.deepEqual(trace!.wayOut?.assume, [`--assume '${root}=VALUE'`]);
		t.deepEqual(trace!.wayOut?.target, []);
	}
});

test('the way out works: with the assumption the trace names, the node group\'s data sources have a known count (none)', async t => {
	const workspace = await loadWorkspace({directory, environment: {}, assumptions: [{kind: 'text', text: `${root}="aws"`}]});
	const trace = explainAddress(workspace, `${partitionBlock}.count`).value;
	t.is(trace?.root.note, '0 instances');
	t.false(workspace.instances.resourceInstances.has(`${partitionBlock}[*]`));
});

/**
The explorer, opened on `directory`, after navigating to `address` and pressing `w`: the why view's first line and footer.
*/
async function whyInExplorer(directory: string, address: string): Promise<{readonly overlay: string; readonly root?: string; readonly footer?: readonly string[]}> {
	const {data} = await loadExplorerData({directory, flags: defaultFlags, environment: {}, cwd: process.cwd()});
	const state = reduce(reduce(createInitialState(), {type: 'navigate', address}, data), {type: 'why'}, data);
	if (state.overlay.kind !== 'why') {
		return {overlay: state.overlay.kind};
	}

	const view = data.explain!(state.overlay.subject);
	return view.ok ? {overlay: 'why', root: view.root.text, footer: view.footer} : {overlay: 'why'};
}

test('w on the placeholder row in the explorer opens the same trace', async t => {
	const view = await whyInExplorer(directory, `${partitionBlock}[*]`);
	t.is(view.overlay, 'why');
	t.regex(view.root ?? '', /data\.aws_partition\.current = \(known after apply\) {2}\(unknown, its count is not known/);
	t.true(view.footer?.includes(`pin it: --assume '${root}=VALUE'`));
});

/*
An unknown for_each on a public module example: Azure/terraform-azurerm-caf-enterprise-scale `examples/400-multi-with-orchestration` (committed subset), where the first level of management groups is `for_each = local.azurerm_management_group_level_1`, a map filtered by `value.parent_management_group_id == local.root_parent_id`, and the root parent is the tenant id the example reads from `data.azurerm_client_config` (read at plan). Terraform plans it; tfscope has a placeholder and explains it.
*/

const enterpriseScale = path.join(import.meta.dirname, '..', 'fixtures', 'real-world', 'terraform-azurerm-caf-enterprise-scale', 'examples', '400-multi-with-orchestration');
const levelOne = 'module.core.module.alz.azurerm_management_group.level_1';
const tenant = 'module.core.data.azurerm_client_config.current.tenant_id';
const enterpriseScaleWorkspace = loadWorkspace({directory: enterpriseScale, environment: {}});

test('why on an unknown for_each of enterprise-scale: from the placeholder through locals, the module argument and the filter, to the data source read at plan', async t => {
	const workspace = await enterpriseScaleWorkspace;
	const trace = explainAddress(workspace, `${levelOne}.for_each`).value!;
	t.is(trace.root.kind, 'unknown');
	t.is(trace.root.note, 'its for_each is not known, so neither are its instances');
	const all = steps(trace.root);
	// Every step on the way: the for_each's local, its filter, the root parent (local, variable, the module argument in the parent), the data source.
	for (const label of [
		'module.core.module.alz.local.azurerm_management_group_level_1',
		'module.core.module.alz.local.root_parent_id',
		'module.core.module.alz.var.root_parent_id',
		tenant,
	]) {
		t.true(all.some(step => step.label === label), label);
	}

	const leaves = all.filter(step => step.unknown?.when === 'plan').map(step => step.label);
	t.true(leaves.includes(tenant), leaves.join('\n'));
	t.true(trace.wayOut!.assume.includes(`--assume '${tenant}=VALUE'`), trace.wayOut!.assume.join('\n'));
	// File names relative to the copy, so the golden does not depend on where the repository is checked out.
	const actual = formatTraceText(trace).replaceAll(`${path.join(import.meta.dirname, '..', 'fixtures', 'real-world')}${path.sep}`, '');
	t.is(actual, golden(path.join('test', 'fixtures', 'explain', 'real-world', 'enterprise-scale-management-groups.txt'), actual));
});

test('the way out of the enterprise-scale trace works: with the tenant id assumed, the management groups have instances', async t => {
	const workspace = await (await enterpriseScaleWorkspace).withAssumptions([{kind: 'text', text: `${tenant}="00000000-0000-0000-0000-000000000000"`}]);
	t.true(workspace.instances.resourceInstances.has(`${levelOne}["/providers/Microsoft.Management/managementGroups/myorg"]`));
	t.false(workspace.instances.resourceInstances.has(`${levelOne}[*]`));
	t.is(explainAddress(workspace, `${levelOne}.for_each`).value?.root.kind === 'unknown', false);
});

test('w on the enterprise-scale placeholder row in the explorer opens the same trace, with the assumption that pins it', async t => {
	const view = await whyInExplorer(enterpriseScale, `${levelOne}[*]`);
	t.is(view.overlay, 'why');
	t.regex(view.root ?? '', /azurerm_management_group\.level_1 = \(known after apply\) {2}\(unknown, its for_each is not known/);
	t.true(view.footer?.includes(`pin it: --assume '${tenant}=VALUE'`), view.footer?.join('\n'));
});
