import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {defaultFlags} from '../../../source/commands/command.js';
import {Explorer} from '../../../source/ui/app.js';
import type {Edge} from '../../../source/ui/explorer-data.js';
import {moduleCallEdges} from '../../../source/ui/data/module-edges.js';
import {createInitialState} from '../../../source/ui/state/state.js';
import {loadExplorerData} from '../../../source/ui/data/load.js';
import {renderFrames} from '../../helpers/render.js';

/*
The edges of a module call (issue 21.8) and of a module that is not installed (21.5), on real configurations: terraform-aws-eks examples/karpenter (its module.vpc is terraform-aws-vpc), from test/fixtures/real-world.
*/

const karpenter = 'test/fixtures/real-world/terraform-aws-eks/examples/karpenter';

test('moduleCallEdges: the call\'s own edges out and its variables\' edges out of the module are inputs, edges into its outputs from outside are dependents (one row per dependent), edges from inside are contents', t => {
	const own: Edge[] = [
		{direction: 'in', address: 'module.m.aws_x.a', expression: 'module.m'},
		{direction: 'in', address: 'aws_y.outside', expression: 'module.m'},
		{direction: 'out', address: 'var.count', expression: 'var.count'},
	];
	const members: Record<string, Edge[]> = {
		'module.m.var.cidr': [
			{direction: 'out', address: 'local.cidr', expression: 'local.cidr'},
			{direction: 'out', address: 'module.m', expression: 'module.m'},
		],
		'module.m.output.id': [
			{direction: 'in', address: 'aws_y.outside', expression: 'module.m.id'},
			{direction: 'in', address: 'module.m.aws_x.b', expression: 'module.m.id'},
		],
		'module.m.output.arn': [{direction: 'in', address: 'aws_y.outside', expression: 'module.m.arn'}],
	};
	const edges = moduleCallEdges('module.m', own, {variables: ['cidr'], outputs: ['id', 'arn']}, (address, direction) => (members[address] ?? []).filter(edge => edge.direction === direction), '');
	t.deepEqual(edges, [
		{direction: 'out', address: 'var.count', expression: 'var.count', group: 'inputs', context: ''},
		{direction: 'out', address: 'local.cidr', expression: 'local.cidr', group: 'inputs', argument: 'cidr', context: ''},
		{direction: 'in', address: 'aws_y.outside', expression: 'module.m, module.m.id, module.m.arn', group: 'dependents'},
		{direction: 'in', address: 'module.m.aws_x.a', expression: 'module.m', group: 'contents'},
	]);
});

test('module.vpc of the EKS karpenter example: its inputs (local.azs, ...), its three dependents in module.eks, and its contents', async t => {
	const {data} = await loadExplorerData({directory: karpenter, flags: defaultFlags, environment: {}, cwd: process.cwd()});
	const edges = data.edges('module.vpc');
	const count = (group: string): number => edges.filter(edge => edge.group === group).length;
	// Every resource instance, variable, local and output of the module (about 400: the number follows what the module's expressions decide).
	t.true(count('contents') > 300);
	t.true(edges.filter(edge => edge.group === 'contents').every(edge => edge.address.startsWith('module.vpc.') && edge.direction === 'in'));
	t.true(edges.filter(edge => edge.group !== undefined).length === edges.length);
	t.deepEqual(edges.filter(edge => edge.group === 'inputs' && edge.argument === 'azs').map(edge => `${edge.argument} = ${edge.expression} → ${edge.address} in ${edge.context === '' ? 'root' : edge.context}`), ['azs = local.azs → local.azs in root']);
	t.deepEqual([...new Set(edges.filter(edge => edge.group === 'inputs').map(edge => edge.address))].sort(), ['local.azs', 'local.name', 'local.tags', 'local.vpc_cidr']);
	t.deepEqual(edges.filter(edge => edge.group === 'dependents').map(edge => `${edge.address} ${edge.expression}`), [
		'module.eks.var.control_plane_subnet_ids module.vpc.intra_subnets',
		'module.eks.var.subnet_ids module.vpc.private_subnets',
		'module.eks.var.vpc_id module.vpc.vpc_id',
	]);
});

test.serial('the Edges pane of module.vpc in the EKS example: three folded groups with counts; Enter opens one', async t => {
	const {data} = await loadExplorerData({directory: karpenter, flags: defaultFlags, environment: {}, cwd: process.cwd()});
	const app = await renderFrames(<Explorer data={data} columns={120} rows={32} color={false} initialState={createInitialState({focus: 'blocks', selected: 'module.vpc'})}/>);
	let frame = await app.waitFor(/▸ contents \d{3}/);
	// The title's counts (the widened Blocks pane leaves Edges less room: the contents count is on its row above).
	t.regex(frame, /Edges 11 inputs · 3 dep/);
	t.regex(frame, /▸ inputs 11 {2}what its arguments read/);
	t.regex(frame, /▸ dependents 3 {2}what uses its outputs/);
	t.notRegex(frame, /← module\.vpc\.aws_default_network_acl/);
	await app.press('focus-next-pane', 'focus-next-pane', 'edges-open');
	frame = await app.waitFor('→ local.azs  azs = local.azs');
	t.regex(frame, /▾ inputs 11/);
	await app.press('move-last', 'edges-open');
	frame = await app.waitFor(/▾ contents \d{3}/);
	t.regex(frame, /← module\.vpc\.aws_default_network_acl\.this\[0\]/);
	await app.unmount();
});

test.serial('a module that is not installed keeps its edges in the explorer: what its arguments read, and what reads its outputs', async t => {
	const directory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-uninstalled-edges-'));
	try {
		writeFileSync(path.join(directory, 'main.tf'), 'locals {\n  azs = ["a", "b"]\n}\n\nmodule "vpc" {\n  source  = "terraform-aws-modules/vpc/aws"\n  version = "~> 5.0"\n  azs     = local.azs\n}\n\nresource "terraform_data" "uses" {\n  input = module.vpc.vpc_id\n}\n');
		const {data} = await loadExplorerData({directory, flags: defaultFlags, environment: {}, cwd: process.cwd()});
		t.deepEqual(data.edges('terraform_data.uses').filter(edge => edge.address.startsWith('module.')).map(edge => `${edge.direction} ${edge.address} ${edge.expression}`), ['out module.vpc module.vpc.vpc_id']);
		const app = await renderFrames(<Explorer data={data} columns={100} rows={30} color={false} initialState={createInitialState({focus: 'edges', selected: 'module.vpc', openEdgeGroups: {address: 'module.vpc', groups: ['inputs', 'dependents']}})}/>);
		const frame = await app.waitFor('← terraform_data.uses  module.vpc.vpc_id');
		t.regex(frame, /→ local\.azs {2}local\.azs/);
		t.regex(frame, /1 inputs · 1 dependents · 0 contents/);
		await app.unmount();
	} finally {
		rmSync(directory, {recursive: true, force: true});
	}
});
