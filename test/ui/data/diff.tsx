import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import git from 'isomorphic-git';
import {defaultFlags} from '../../../source/commands/command.js';
import {diffWorkspaces} from '../../../source/diff/index.js';
import {Explorer} from '../../../source/ui/app.js';
import {withDiff} from '../../../source/ui/data/diff.js';
import type {ExplorerData} from '../../../source/ui/explorer-data.js';
import {reduce} from '../../../source/ui/state/reducer.js';
import {blockList, moduleList} from '../../../source/ui/state/selectors.js';
import {createInitialState} from '../../../source/ui/state/state.js';
import {createWorkspaceData} from '../../../source/ui/data/workspace-data.js';
import {defaultFormatting} from '../../../source/ui/data/formatting.js';
import {loadExplorerData} from '../../../source/ui/data/load.js';
import {loadWorkspace} from '../../../source/workspace.js';
import {renderFrames} from '../../helpers/render.js';

/*
The explorer on a diff (`tfscope DIR --diff REV`): module and resource instances marked with what the change does, destroyed ones listed from the old side, Details with the argument diff and the moved block, D showing only what changed.
*/

const cases = path.join(import.meta.dirname, '..', '..', 'fixtures', 'diff');

async function diffData(name: string): Promise<ExplorerData> {
	const [from, to] = await Promise.all([loadWorkspace({directory: path.join(cases, name, 'old')}), loadWorkspace({directory: path.join(cases, name, 'new')})]);
	return withDiff(createWorkspaceData(to, defaultFormatting()), createWorkspaceData(from, defaultFormatting()), diffWorkspaces(from, to), 'old');
}

test('module instances and blocks carry the marks; what is destroyed has a row of its own', async t => {
	const moved = await diffData('moved-module');
	t.deepEqual(moved.modules().map(row => `${row.mark ?? ' '} ${row.address}`), ['~ ', '→ module.fleet["one"]', '+ module.fleet["two"]', '→ module.service']);
	const fleet = moved.blocks('').find(entry => entry.address === 'module.fleet')!;
	t.is(fleet.mark, '~');
	t.deepEqual([...fleet.instanceMarks!], [['module.fleet["one"]', '→'], ['module.fleet["two"]', '+']]);
	t.deepEqual(moved.blocks('module.service').filter(entry => entry.kind === 'resource').map(entry => `${entry.mark ?? ' '} ${entry.label}`), ['→ terraform_data.this', '~ terraform_data.pair']);
	const renamed = await diffData('rename-without-moved');
	t.deepEqual(renamed.blocks('').filter(entry => entry.kind === 'resource').map(entry => `${entry.mark ?? ' '} ${entry.label}`), ['+ terraform_data.primary_database', '+ terraform_data.other', '- terraform_data.database', '- terraform_data.unrelated']);
	t.regex(renamed.status(), /^diff vs old: 2 to add, 0 to change, 2 to destroy; 0 unchanged · /);
});

test('Details: the change first, with the argument diff, the moved block that applies, or the one a suspected rename needs', async t => {
	const updates = await diffData('updates');
	t.deepEqual(updates.details('terraform_data.config')?.change, {mark: '~', summary: 'terraform_data.config: update in place', lines: ['input.size: 1 → 2']});
	const moved = await diffData('moved-module');
	t.deepEqual(moved.details('module.service.terraform_data.this')?.change?.lines, ['', 'moved {', '  from = module.legacy', '  to   = module.service', '}']);
	const renamed = await diffData('rename-without-moved');
	const gone = renamed.details('terraform_data.database');
	t.is(gone?.change?.summary, 'terraform_data.database: destroy (no longer in the configuration)');
	t.true(gone?.change?.lines.includes('  from = terraform_data.database'));
	// A destroyed object's Details come from the old configuration.
	t.regex(gone?.source?.text ?? '', /resource "terraform_data" "database"/);
	t.deepEqual(renamed.locate('terraform_data.database'), {module: '', block: 'terraform_data.database'});
});

test('D shows only what changed, and says why it does nothing without a diff', async t => {
	const data = await diffData('updates');
	const state = createInitialState();
	const all = blockList(data, state).rows.filter(row => row.type === 'block').map(row => row.key);
	const changedOnly = reduce(state, {type: 'toggle-changed-only'}, data);
	t.true(changedOnly.changedOnly);
	const changed = blockList(data, changedOnly).rows.filter(row => row.type === 'block').map(row => row.key);
	t.true(changed.length < all.length);
	t.true(changed.every(address => data.blocks('').find(entry => entry.address === address)?.mark !== undefined));
	t.deepEqual(moduleList(data, changedOnly).rows.map(row => row.address), ['']);
	t.false(reduce(changedOnly, {type: 'toggle-changed-only'}, data).changedOnly);
	const plain = {...data, diffSummary: undefined};
	t.is(reduce(state, {type: 'toggle-changed-only'}, plain).message, 'Nothing to filter: open the explorer with --diff REV or --plan FILE');
});

test.serial('the frame shows the marks, and Details the change of the selection', async t => {
	const data = await diffData('rename-without-moved');
	const app = await renderFrames(<Explorer data={data} columns={140} rows={30} color={false}/>);
	try {
		await app.waitFor('+ terraform_data.primary_database');
		t.regex(app.frame(), /- terraform_data\.database/);
		await app.press('focus-next-pane');
		await app.waitFor('+ terraform_data.primary_database: create');
		t.regex(app.frame(), /diff vs old: 2 to add/);
	} finally {
		await app.unmount();
	}
});

test('--diff REV loads the revision from git and marks the working tree against it', async t => {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-explorer-diff-'));
	t.teardown(() => {
		fs.rmSync(directory, {recursive: true, force: true});
	});
	const author = {name: 'test', email: 'test@example.com', timestamp: 1_700_000_000, timezoneOffset: 0};
	await git.init({fs, dir: directory, defaultBranch: 'main'});
	fs.writeFileSync(path.join(directory, 'main.tf'), 'resource "terraform_data" "a" {\n  input = 1\n}\n');
	await git.add({fs, dir: directory, filepath: 'main.tf'});
	await git.commit({fs, dir: directory, message: 'one', author});
	fs.writeFileSync(path.join(directory, 'main.tf'), 'resource "terraform_data" "b" {\n  input = 1\n}\n\nmoved {\n  from = terraform_data.a\n  to   = terraform_data.b\n}\n');
	const {data, summary} = await loadExplorerData({directory, flags: {...defaultFlags, diff: 'main'}, environment: {}, cwd: directory});
	t.regex(summary, /^diff vs main \([\da-f]{7}\): 0 to add, 0 to change, 0 to destroy, 1 moved; 0 unchanged/);
	t.deepEqual(data.blocks('').map(entry => `${entry.mark ?? ' '} ${entry.label}`), ['→ terraform_data.b']);
	await t.throwsAsync(loadExplorerData({directory, flags: {...defaultFlags, diff: 'no-such-rev'}, environment: {}, cwd: directory}), {message: /^--diff no-such-rev: /});
});
