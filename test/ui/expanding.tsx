import process from 'node:process';
import {act} from 'react';
import test from 'ava';
import {App} from '../../source/ui/app.js';
import {defaultFlags} from '../../source/commands/command.js';
import type {ExplorerData, ExplorerLoad} from '../../source/ui/explorer-data.js';
import {createWorkspaceData} from '../../source/ui/data/workspace-data.js';
import {defaultFormatting} from '../../source/ui/data/formatting.js';
import {loadExplorerData} from '../../source/ui/data/load.js';
import {loadWorkspace} from '../../source/workspace.js';
import {createFixtureData} from '../fixtures/ui/fixture-data.js';
import {renderFrames} from '../helpers/render.js';

/*
The explorer while a configuration's instances are still being made in the background (loadExplorerData's `expanding`): the module tree as far as it is known, the other panes saying they wait, keys that work, and once every instance is made exactly what a whole load shows.
*/

/** What the explorer shows while expanding: the fixture's tree with the root made and its children not yet. */
function expandingView(): ExplorerData {
	const whole = createFixtureData();
	return {
		...whole,
		expanding: 'Terraform 1.16 · expanding… 1/3 module instances, 8 resource instances so far',
		status: () => 'Terraform 1.16 · expanding… 1/3 module instances, 8 resource instances so far',
		modules: () => whole.modules().map((row, index) => (index === 0 ? row : {...row, resourceInstanceCount: 0, pending: true})),
		blocks: () => [],
		details: () => undefined,
		edges: () => [],
		evaluate: () => ({ok: false, text: 'not yet'}),
	};
}

test.serial('while expanding: the module tree with … for the counts not known, the other panes waiting, moving keys working, views that need every instance saying so; then the whole configuration, with a console line typed meanwhile evaluated', async t => {
	let finish: (() => void) | undefined;
	const done = new Promise<void>(resolve => {
		finish = resolve;
	});
	const load = async (): Promise<ExplorerLoad> => ({data: createFixtureData(), summary: '', expanding: {view: expandingView, done, stop() {}}});
	const app = await renderFrames(<App directory='fixture' load={load} columns={100} rows={30} color={false}/>);
	let frame = await app.waitFor('Expanding the configuration…');
	t.regex(frame, /root 8r 2m/);
	t.regex(frame, / {2}net\["eu"\] …/);
	t.regex(frame, /Still expanding: details to follow/);
	t.regex(frame, /expanding… 1\/3m, 8r so far/);
	// Keys work: ↓ selects the next module instance.
	await app.press('move-down');
	frame = await app.waitFor('Blocks — module.net["eu"]');
	// The diagnostics need every instance: a message, not an empty list.
	await app.press('show-diagnostics');
	frame = await app.waitFor('Still expanding the configuration');
	t.notRegex(frame, /No diagnostics/);
	// A console line waits until the configuration is whole.
	await app.press('focus-console');
	await app.type('upper("x")');
	await app.press('console-submit');
	frame = await app.waitFor('> upper("x")');
	t.false(frame.includes('"X"'));
	finish?.();
	frame = await app.waitFor('"X"');
	// The whole configuration: counts, blocks of the selected module instance, the status of the whole.
	t.regex(frame, / {2}net\["eu"\] 1 resource/);
	t.regex(frame, /3 module instances/);
	t.notRegex(frame, /expanding/i);
	await app.unmount();
});

test.serial('the dependency graph waits for the frame that shows every instance, even when no key came while expanding, then follows it without a key', async t => {
	let finish: (() => void) | undefined;
	const done = new Promise<void>(resolve => {
		finish = resolve;
	});
	const whole = createFixtureData();
	// The frame on screen when the whole data is first asked for edges (which builds the graph on a real configuration).
	let frameAtFirstEdges: string | undefined;
	let app: Awaited<ReturnType<typeof renderFrames>> | undefined;
	const data: ExplorerData = {
		...whole,
		edges(address) {
			frameAtFirstEdges ??= app?.frame() ?? '';
			return whole.edges(address);
		},
	};
	const load = async (): Promise<ExplorerLoad> => ({data, summary: '', expanding: {view: expandingView, done, stop() {}}});
	app = await renderFrames(<App directory='fixture' load={load} columns={100} rows={30} color={false}/>);
	await app.waitFor('Expanding the configuration…');
	// Longer than the pause that starts the graph, with no key: the graph must still not be built in the frame that switches to the whole data.
	await act(async () => {
		await new Promise(resolve => {
			setTimeout(resolve, 400);
		});
	});
	t.is(frameAtFirstEdges, undefined);
	finish?.();
	await app.waitFor(/3 module instances/);
	while (frameAtFirstEdges === undefined) {
		// eslint-disable-next-line no-await-in-loop -- waiting for the graph to be asked for, without a key
		await act(async () => {
			await new Promise(resolve => {
				setImmediate(resolve);
			});
		});
	}

	t.regex(frameAtFirstEdges, /3 module instances/);
	t.notRegex(frameAtFirstEdges, /expanding/i);
	await app.unmount();
});

test('loadExplorerData expanding in the background: its views list the module instances made so far, and once done the data answers exactly as a whole load', async t => {
	const options = {directory: 'examples/multi-region', flags: defaultFlags, environment: {}, cwd: process.cwd()};
	// A slice of 0: one step of the walk at a time, so the views see it half-way.
	const loaded = await loadExplorerData({...options, sliceMilliseconds: 0});
	t.truthy(loaded.expanding);
	const first = loaded.expanding!.view();
	t.truthy(first.expanding);
	t.regex(first.status(), /expanding… \d+\/\d+ module instances?, \d+ resource instances? so far/);
	t.is(first.modules()[0]?.address, '');
	// Half-way (one step of the walk per turn of the event loop): the blocks of a module instance the walk has finished are those of the whole configuration; the others wait.
	let halfWay = first;
	while (halfWay.expanding !== undefined && halfWay.modules().every(row => row.pending)) {
		// eslint-disable-next-line no-await-in-loop -- a turn of the event loop, for the next step
		await new Promise(resolve => {
			setImmediate(resolve);
		});
		halfWay = loaded.expanding!.view();
	}

	t.truthy(halfWay.expanding, 'the walk finished before any module instance was seen finished');
	const rows = halfWay.modules();
	const finishedBlocks = new Map(rows.filter(row => !row.pending).map(row => [row.address, halfWay.blocks(row.address)]));
	t.true(finishedBlocks.size > 0);
	t.true(rows.filter(row => row.pending).every(row => halfWay.blocks(row.address).length === 0));
	await loaded.expanding!.done;
	const view = loaded.expanding!.view();
	t.is(view, loaded.data);
	t.is(view.expanding, undefined);
	const whole = createWorkspaceData(await loadWorkspace({directory: options.directory, environment: {}, cwd: process.cwd()}), defaultFormatting());
	t.deepEqual(loaded.data.modules(), whole.modules());
	t.is(loaded.data.status(), whole.status());
	for (const row of whole.modules()) {
		t.deepEqual(loaded.data.blocks(row.address), whole.blocks(row.address));
	}

	for (const [address, blocks] of finishedBlocks) {
		t.deepEqual(blocks, whole.blocks(address));
	}

	t.deepEqual(loaded.data.diagnostics(), whole.diagnostics());
	t.is(loaded.summary, whole.status());
});

test('reading the data before the background expansion is done makes the rest at once, with the same answers', async t => {
	const options = {directory: 'examples/multi-region', flags: defaultFlags, environment: {}, cwd: process.cwd()};
	const loaded = await loadExplorerData({...options, sliceMilliseconds: 0});
	t.truthy(loaded.expanding?.view().expanding);
	const rows = loaded.data.modules();
	t.is(loaded.expanding!.view(), loaded.data);
	await loaded.expanding!.done;
	const whole = createWorkspaceData(await loadWorkspace({directory: options.directory, environment: {}, cwd: process.cwd()}), defaultFormatting());
	t.deepEqual(rows, whole.modules());
	t.deepEqual(loaded.data.details('aws_s3_bucket.logs'), whole.details('aws_s3_bucket.logs'));
	t.deepEqual(loaded.data.diagnostics(), whole.diagnostics());
});

test('stopping the background expansion (the explorer quitting half-way) leaves the walk where it is; reading the data later makes the rest, with the same answers', async t => {
	const options = {directory: 'examples/multi-region', flags: defaultFlags, environment: {}, cwd: process.cwd()};
	const loaded = await loadExplorerData({...options, sliceMilliseconds: 0});
	loaded.expanding!.stop();
	await loaded.expanding!.done;
	t.truthy(loaded.expanding!.view().expanding);
	const whole = createWorkspaceData(await loadWorkspace({directory: options.directory, environment: {}, cwd: process.cwd()}), defaultFormatting());
	t.deepEqual(loaded.data.modules(), whole.modules());
	t.is(loaded.expanding!.view(), loaded.data);
});
