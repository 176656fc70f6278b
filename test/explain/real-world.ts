import path from 'node:path';
import test from 'ava';
import {defaultFlags} from '../../source/commands/command.js';
import {type TraceStep, explainAddress} from '../../source/explain/index.js';
import {reduce} from '../../source/ui/state/reducer.js';
import {createInitialState} from '../../source/ui/state/state.js';
import {loadExplorerData} from '../../source/ui/workspace-data.js';
import {loadWorkspace} from '../../source/workspace.js';

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

test('w on the placeholder row in the explorer opens the same trace', async t => {
	const {data} = await loadExplorerData({directory, flags: defaultFlags, environment: {}, cwd: process.cwd()});
	const state = reduce(reduce(createInitialState(), {type: 'navigate', address: `${partitionBlock}[*]`}, data), {type: 'why'}, data);
	t.is(state.overlay.kind, 'why');
	if (state.overlay.kind === 'why') {
		const view = data.explain!(state.overlay.subject);
		t.true(view.ok);
		if (view.ok) {
			t.regex(view.root.text, /data\.aws_partition\.current = \(known after apply\) {2}\(unknown, its count is not known/);
			t.true(view.footer.includes(`pin it: --assume '${root}=VALUE'`));
		}
	}
});
