import path from 'node:path';
import test from 'ava';
import {defaultFlags} from '../../../source/commands/command.js';
import {Explorer} from '../../../source/ui/app.js';
import {fitState} from '../../../source/ui/components/status-bar.js';
import type {ExplorerData} from '../../../source/ui/explorer-data.js';
import {loadExplorerData} from '../../../source/ui/data/load.js';
import {reduce} from '../../../source/ui/state/reducer.js';
import {blockList, moduleList} from '../../../source/ui/state/selectors.js';
import {createInitialState} from '../../../source/ui/state/state.js';
import {textWidth} from '../../../source/ui/text/lines.js';
import {runMain} from '../../helpers/run-main.js';
import {renderFrames} from '../../helpers/render.js';

/*
The explorer under a saved plan (`tfscope DIR --plan FILE`), on the plan goldens of terraform 1.11 (test/fixtures/saved-plan): every module instance, block and instance marked with what the plan does, what the plan destroys that the configuration no longer has in rows of its own, Details with the action, its reason, the replacement's cause traced down to the tfvars line, the attributes before → after and the failed checks; D showing only what changes; the counts by action in the status bar.
*/

const saved = path.join(import.meta.dirname, '..', '..', 'fixtures', 'saved-plan');

async function planData(name: string, directory = 'after'): Promise<ExplorerData> {
	const {data, expanding} = await loadExplorerData({
		directory: path.join(saved, name, directory), flags: {...defaultFlags, plan: path.join(saved, name, 'plan.json')}, environment: {}, cwd: process.cwd(),
	});
	await expanding?.done;
	return data;
}

const review = planData('review');

function marked(data: ExplorerData, module: string): string[] {
	return data.blocks(module).filter(entry => entry.kind === 'resource' || entry.kind === 'data' || entry.kind === 'module').map(entry => `${entry.mark ?? ' '} ${entry.label}`);
}

test('blocks and instances carry the mark of what the plan does, as instances --plan says it', async t => {
	const data = await review;
	t.deepEqual(marked(data, ''), [
		'-/+ terraform_data.named',
		'~ terraform_data.updated',
		'-/+ terraform_data.requested',
		'~ terraform_data.trigger_source',
		'-/+ terraform_data.triggered',
		'+/- terraform_data.cbd',
		'-/+ terraform_data.tainted',
		'- terraform_data.counted',
		'- terraform_data.keyed',
		'→ terraform_data.new_name',
		'  terraform_data.unchanged',
		'+ terraform_data.created',
		'~ terraform_data.imported',
		'  data.terraform_remote_state.shared',
		'<= data.terraform_remote_state.later',
		'+ terraform_data.guarded',
		'* terraform_data.repeated',
		'* module.kept',
		// What the plan destroys or forgets and the configuration no longer has: rows of their own.
		'- terraform_data.counted[2]',
		'. terraform_data.forgotten',
		'- terraform_data.keyed["b"]',
		'- terraform_data.nowhere',
		'- terraform_data.orphan',
		'- terraform_data.repeated["x"]',
	]);
	const repeated = data.blocks('').find(entry => entry.address === 'terraform_data.repeated')!;
	t.deepEqual([...repeated.instanceMarks!], [['terraform_data.repeated[0]', '+']]);
	t.deepEqual(marked(data, 'module.kept["eu"]'), ['~ terraform_data.this']);
	t.deepEqual(marked(data, 'module.gone'), ['- terraform_data.this']);

	// Every action `instances --plan` prints has its mark: the same instances, the same actions.
	const {stdout} = await runMain(['instances', path.join(saved, 'review', 'after'), '--plan', path.join(saved, 'review', 'plan.json')]);
	const symbols: Record<string, string> = {
		create: '+', update: '~', replace: '-/+', 'replace+cbd': '+/-', delete: '-', forget: '.', read: '<=', move: '→', 'import+update': '~', 'no-op': ' ',
	};
	for (const line of stdout.split('\n').filter(line => /^\S/.test(line))) {
		const [action, address] = [line.slice(0, 16).trim(), line.slice(16)];
		const located = data.locate(address);
		t.truthy(located, address);
		const entry = data.blocks(located!.module).find(each => each.address === located!.block)!;
		const mark = located!.instance === undefined ? entry.mark : entry.instanceMarks?.get(address);
		t.is(mark ?? ' ', symbols[action] ?? `no mark for ${action}`, `${action} ${address}`);
	}
});

test('module instances count the changes of their subtree; a module the configuration no longer has is a row', async t => {
	const data = await review;
	t.deepEqual(data.modules().map(row => `${row.mark ?? ' '} ${row.address} ${row.planned?.map(count => `${count.mark}${count.count}`).join(' ') ?? ''}`), [
		'   +3 ~5 -/+5 -6 .1 <=1 →2 <1',
		'  module.kept["eu"] ~1',
		'  module.kept["us"] ~1',
		'- module.gone -1',
	]);
	t.deepEqual(data.locate('module.gone'), {module: 'module.gone'});
	t.is(data.details('module.gone')?.change?.summary, 'plan: 1 delete');
	t.is(data.details('module.kept')?.change?.summary, 'plan: 2 update');
	t.is(data.details('terraform_data.repeated')?.change?.summary, 'plan: 1 create, 1 delete');
});

test('Details: the action, its reason, a replacement traced to the tfvars line, the attributes before → after', async t => {
	const data = await review;
	t.deepEqual(data.details('terraform_data.named')?.change, {
		mark: '-/+',
		summary: 'plan: replace',
		lines: [
			'because an argument that forces replacement changed',
			'triggers_replace forces replacement',
			'  main.tf:25:22',
			'  ← local.name',
			'  ← var.env',
			'  ← terraform.tfvars:1',
			'id: "1fa95b80-953a-5ffb-5dc2-b295a21e36b5" → (known after apply)',
			'output: "x" → (known after apply)',
			'triggers_replace: "app-dev" → "app-prod"',
		],
	});
	t.deepEqual(data.details('terraform_data.tainted')?.change?.lines.slice(0, 1), ['because the object is tainted']);
	t.deepEqual(data.details('terraform_data.requested')?.change?.lines.slice(0, 1), ['because requested with -replace']);
	t.deepEqual(data.details('terraform_data.triggered')?.change?.lines.slice(0, 1), ['because replace_triggered_by: a trigger changed']);
	t.deepEqual(data.details('module.kept["eu"].terraform_data.this')?.change, {mark: '~', summary: 'plan: update', lines: ['input: "eu" → "eu-prod"', 'output: "eu" → (known after apply)']});
	t.deepEqual(data.details('terraform_data.new_name')?.change, {mark: '→', summary: 'plan: move', lines: ['moved from terraform_data.old_name']});
	t.is(data.details('terraform_data.imported')?.change?.lines[0], 'imported with id "imported-id"');
	t.deepEqual(data.details('terraform_data.unchanged')?.change, {mark: '', summary: 'plan: no-op', lines: []});
	// What the configuration no longer has: its Details come from the plan (the value before).
	const gone = data.details('terraform_data.counted[2]');
	t.is(gone?.kind, 'resource');
	t.deepEqual(gone?.change?.lines, ['because its count index is beyond the new count']);
	t.true(gone!.attributes.some(attribute => attribute.name === 'input'));
	t.deepEqual(data.locate('terraform_data.counted[2]'), {module: '', block: 'terraform_data.counted[2]'});
	t.deepEqual(data.edges('terraform_data.counted[2]'), []);
	// The plan's failed check on the object that owns it.
	t.deepEqual(data.details('check.environment')?.failedChecks, ['This plan is not for dev.']);
});

test('Details: the failed checks of an errored plan on the objects that own them', async t => {
	const data = await planData('failing');
	t.deepEqual(data.details('terraform_data.post')?.failedChecks, ['input must be c.']);
	t.deepEqual(data.details('terraform_data.pre')?.failedChecks, ['limit is too large for pre.']);
	t.deepEqual(data.details('output.limited')?.failedChecks, ['limit must be below 2 for the output.']);
	t.deepEqual(data.details('var.size')?.failedChecks, ['size must be below 3.']);
	t.regex(data.status(), /^plan \(errored\): 1 create · /);
});

test('the graph view marks each node with its action, as graph --plan labels it', async t => {
	const data = await review;
	const drawing = data.drawGraph('terraform_data.trigger_source', 100, 8).lines.join('\n');
	// The focus box keeps the end of its label: the mark.
	t.regex(drawing, /┤ …gger_source \(update\) ├/);
	t.regex(drawing, /data\.triggered \(replace\)/);
	// A block whose instances do different things, at block level.
	t.regex(data.drawGraph('terraform_data.repeated', 100, 8).lines.join('\n'), /repeated \(changed\)/);
});

test('D shows only what the plan changes, and the path to it', async t => {
	const data = await review;
	const state = createInitialState();
	const changedOnly = reduce(state, {type: 'toggle-changed-only'}, data);
	t.true(changedOnly.changedOnly);
	t.is(changedOnly.message, 'Showing only what changed (D: everything)');
	const blocks = blockList(data, changedOnly).rows.filter(row => row.type === 'block').map(row => row.key);
	t.false(blocks.includes('terraform_data.unchanged'));
	t.false(blocks.includes('data.terraform_remote_state.shared'));
	t.true(blocks.includes('terraform_data.named'));
	t.true(blocks.includes('module.kept'));
	t.true(blocks.includes('terraform_data.nowhere'));
	t.is(blocks.length, marked(data, '').filter(line => !line.startsWith(' ')).length);
	t.deepEqual(moduleList(data, changedOnly).rows.map(row => row.address), ['', 'module.kept["eu"]', 'module.kept["us"]', 'module.gone']);
	// An expanded block under D lists only its changed instances.
	const expanded = {...changedOnly, expanded: new Set(['terraform_data.repeated'])};
	t.deepEqual(blockList(data, expanded).rows.filter(row => row.type === 'instance').map(row => row.key), ['terraform_data.repeated[0]']);
	t.false(reduce(changedOnly, {type: 'toggle-changed-only'}, data).changedOnly);
	const plain = {...data, planSummary: undefined};
	t.is(reduce(state, {type: 'toggle-changed-only'}, plain).message, 'Nothing to filter: open the explorer with --diff REV or --plan FILE');
});

test('the status bar counts by action, and at 80 columns cuts what matters least first', async t => {
	const data = await review;
	t.regex(data.status(), /^plan: 3 create, 5 update, 5 replace, 6 delete, 1 forget, 1 read, 2 move, 1 import · Terraform /);
	// 80 columns: at most half the line; the language and the module count go first, the counts by action stay whole.
	const at80 = fitState(data.status(), 80);
	t.true(textWidth(at80) <= 40, at80);
	t.regex(at80, /^plan \+3 ~5 -\/\+5 -6 \.1 <=1 →2 <1\b/);
	// Short of room: the counts of what matters least go (import, move, read...), creates and replacements stay.
	t.is(fitState(data.status(), 80, 20), 'plan +3 ~5 -/+5 -6');
});

test.serial('a frame at 80x24 shows the marks, the counts and the replacement traced to its tfvars line', async t => {
	const data = await review;
	const app = await renderFrames(<Explorer data={data} columns={80} rows={24} color={false}/>);
	try {
		await app.waitFor('-/+ terraform_data.named');
		const frame = app.frame();
		t.regex(frame, /root \+3 ~5 -\/\+5 -6 \.1 <=1 →2 <1/);
		t.regex(frame, /kept\["eu"\] ~1/);
		t.regex(frame, /plan \+3 ~5 -\/\+5 -6 \.1 <=1 →2 <1/);
		t.regex(frame, /-\/\+ plan: replace/);
		// Details focused is wide enough for the chain, one step a line, in its first lines.
		await app.press('focus-next-pane', 'focus-next-pane');
		await app.waitFor('← terraform.tfvars:1');
		t.regex(app.frame(), /triggers_replace forces replacement *║\n.*║ {4}main\.tf:25:22/);
		t.regex(app.frame(), /← var\.env/);
	} finally {
		await app.unmount();
	}
});
