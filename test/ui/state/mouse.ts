import test from 'ava';
import type {Action} from '../../../source/ui/state/actions.js';
import {reduce} from '../../../source/ui/state/reducer.js';
import {createInitialState, type State} from '../../../source/ui/state/state.js';
import {blockList, detailsTargets, detailsView, edgeList, selectedAddress} from '../../../source/ui/state/selectors.js';
import {computeLayout, viewRowsOf} from '../../../source/ui/layout/layout.js';
import {mouseTarget} from '../../../source/ui/input/mouse-target.js';
import {graphNodeAt} from '../../../source/ui/state/mouse.js';
import type {MouseButton} from '../../../source/ui/input/mouse.js';
import type {ExplorerData, WhyNode} from '../../../source/ui/explorer-data.js';
import {createFixtureData} from '../../fixtures/ui/fixture-data.js';

/*
Clicks and the wheel at the reducer level, with the targets computed from a 100x29 layout as the explorer computes them from the frame on screen.
*/

const data = createFixtureData();
const layout = computeLayout(100, 29);
const sized = reduce(createInitialState(), {type: 'resize', viewRows: viewRowsOf(layout, 10), consoleRows: layout.console - 4}, data);

function run(actions: readonly Action[], start: State = sized): State {
	let state = start;
	for (const action of actions) {
		state = reduce(state, action, data);
	}

	return state;
}

/** A press of `button` at a screen position (zero-based). */
function mouse(column: number, row: number, button: MouseButton = 'left'): Action {
	return {type: 'mouse', button, target: mouseTarget(layout, column, row)};
}

/** Screen row of a pane body's row (below the border and title). */
const bodyRow = (row: number, top = 0) => top + 2 + row;
const blocksColumn = layout.modules + 3;
const detailsColumn = layout.modules + layout.blocks + 3;

test('a click focuses the pane under the pointer and selects the row clicked', t => {
	const rows = blockList(data, sized).rows;
	const subnet = rows.findIndex(row => row.key === 'aws_subnet.this');
	const state = run([mouse(blocksColumn, bodyRow(subnet))]);
	t.is(state.focus, 'blocks');
	t.is(selectedAddress(data, state), 'aws_subnet.this');
	t.false(state.expanded.has('aws_subnet.this'));
	// Again on the selected row: Enter (the block's instances unfold).
	const again = run([mouse(blocksColumn, bodyRow(subnet))], state);
	t.true(again.expanded.has('aws_subnet.this'));
	// A group header selects the first block under it.
	const header = rows.findIndex(row => row.type === 'header' && row.kind === 'data');
	t.is(selectedAddress(data, run([mouse(blocksColumn, bodyRow(header))])), rows[header + 1]!.key);
	// Below the last row, or on the title: only the focus.
	const below = run([mouse(blocksColumn, bodyRow(rows.length + 1))], state);
	t.is(selectedAddress(data, below), 'aws_subnet.this');
	const title = run([{type: 'focus-pane', pane: 'modules'}, mouse(blocksColumn, 1)], state);
	t.is(title.focus, 'blocks');
	t.is(selectedAddress(data, title), 'aws_subnet.this');
});

test('a click in Modules selects the module instance; in Edges the edge', t => {
	const state = run([mouse(3, bodyRow(2))]);
	t.is(state.focus, 'modules');
	t.is(state.module, 'module.net["us"]');
	const edges = run([mouse(detailsColumn, bodyRow(1, layout.details))]);
	t.is(edges.focus, 'edges');
	t.is(edges.edgeCursor, 1);
	t.is(edgeList(data, edges)[1]?.address, edgeList(data, sized)[1]?.address);
});

test('the wheel moves the selection of the list under the pointer and leaves the focus where it is', t => {
	let state = run([{type: 'focus-pane', pane: 'blocks'}, mouse(3, bodyRow(0), 'wheel-down')]);
	t.is(state.module, 'module.net["eu"]');
	t.is(state.focus, 'blocks');
	state = run([mouse(3, bodyRow(0), 'wheel-up'), mouse(3, bodyRow(0), 'wheel-up')], state);
	t.is(state.module, '');
	state = run([mouse(detailsColumn, bodyRow(0, layout.details), 'wheel-down')], state);
	t.is(state.edgeCursor, 1);
	t.is(state.focus, 'blocks');
});

test('the wheel scrolls Details three lines a step, no further than its last line; a click there picks the argument on that line', t => {
	const selected = run([{type: 'navigate', address: 'aws_subnet.this["a"]'}]);
	const lines = detailsView(data, selected).length;
	const limit = Math.max(0, lines - selected.viewRows.details);
	let state = run([mouse(detailsColumn, bodyRow(0), 'wheel-down')], selected);
	t.is(state.detailsScroll, Math.min(3, limit));
	for (let step = 0; step < 20; step++) {
		state = run([mouse(detailsColumn, bodyRow(0), 'wheel-down')], state);
	}

	t.is(state.detailsScroll, limit);
	state = run([mouse(detailsColumn, bodyRow(0), 'wheel-up')], state);
	t.is(state.detailsScroll, Math.max(0, limit - 3));
	const target = detailsTargets(data, selected).findLast(each => each.first < selected.viewRows.details && each.first > 0)!;
	const clicked = run([mouse(detailsColumn, bodyRow(target.first))], selected);
	t.is(clicked.focus, 'details');
	t.is(clicked.detailsTarget, target.key);
});

test('in the console, the wheel scrolls the output and a click on a result browses it; one on the input line types', t => {
	let state = run([{type: 'focus-console'}]);
	for (const [serial, expression] of ['1', '2', '3', '4', '5', '6', '7', '8'].entries()) {
		state = run([{type: 'console-change', text: `${expression} + 0`}, {type: 'console-submit'}, {type: 'console-result', serial: serial + 1, ok: true, text: expression}], state);
	}

	const consoleTop = layout.top;
	state = run([mouse(10, bodyRow(0, consoleTop), 'wheel-up')], state);
	t.is(state.console.scroll, 3);
	state = run([mouse(10, bodyRow(0, consoleTop), 'wheel-down'), mouse(10, bodyRow(0, consoleTop), 'wheel-down')], state);
	t.is(state.console.scroll, 0);
	// 16 lines of output; the pane shows the last ones: its first row is an input line or a result.
	state = run([mouse(10, bodyRow(1, consoleTop))], state);
	t.not(state.console.browse, undefined);
	const entry = state.console.output[state.console.browse!];
	t.is(entry?.kind, 'input');
	state = run([{type: 'key', name: 'w'}], state);
	t.is(state.message, 'No traces here');
	// The input line (below the output): back to typing.
	const inputRow = layout.top + layout.console - 2;
	state = run([mouse(10, inputRow)], state);
	t.is(state.console.browse, undefined);
	t.is(state.focus, 'console');
});

test('over a view, the wheel moves in the view; a click in the help does nothing; with a prompt open, the mouse does nothing', t => {
	const help = run([{type: 'toggle-help'}, mouse(10, 5, 'wheel-down'), mouse(10, 5, 'wheel-down')]);
	t.deepEqual(help.overlay, {kind: 'help', scroll: 2, first: 'modules'});
	t.is(run([mouse(10, 5)], help), help);
	const prompt = run([{type: 'filter'}]);
	t.is(run([mouse(3, bodyRow(1)), mouse(3, bodyRow(1), 'wheel-down')], prompt), prompt);
	// Right and middle buttons, the status bar: nothing.
	t.is(run([mouse(3, bodyRow(1), 'right'), mouse(3, layout.height - 1)]), sized);
});

/** Runs actions on other data than the fixture's. */
function runOn(other: ExplorerData, actions: readonly Action[], start: State = sized): State {
	let state = start;
	for (const action of actions) {
		state = reduce(state, action, other);
	}

	return state;
}

test('in the diagnostics view a click selects a diagnostic, a second click on it opens its block; the rule and detail below the list select nothing', t => {
	const open = run([{type: 'show-diagnostics'}]);
	// The list starts under the view's title, whichever pane is drawn below it (here over Details, right of Blocks).
	const second = run([mouse(detailsColumn, bodyRow(1))], open);
	t.deepEqual(second.overlay, {kind: 'diagnostics', cursor: 1, severity: 'all'});
	const first = run([mouse(3, bodyRow(0))], second);
	t.deepEqual(first.overlay, {kind: 'diagnostics', cursor: 0, severity: 'all'});
	// Below the list (3 rows at least): nothing changes.
	t.is(run([mouse(3, bodyRow(4))], first), first);
	// Again on the selected one: Enter, which opens main.tf:12 in the panes.
	const opened = run([mouse(3, bodyRow(0))], first);
	t.is(opened.overlay.kind, 'none');
	t.is(selectedAddress(data, opened), 'aws_vpc.main');
	t.is(opened.focus, 'details');
});

test('in the graph view a click on a node selects it, a second click jumps to it; a click on no node does nothing', t => {
	const open = run([{type: 'navigate', address: 'aws_vpc.main'}, {type: 'show-graph'}]);
	t.deepEqual(open.overlay, {kind: 'graph', center: 'aws_vpc.main', cursor: 0});
	// The drawing's first line is `var.cidr ─▶ aws_vpc.main ─▶ aws_subnet.this`, inside the left border.
	const line = 'var.cidr ─▶ aws_vpc.main ─▶ aws_subnet.this';
	const subnet = run([mouse(1 + line.indexOf('aws_subnet.this') + 3, bodyRow(0))], open);
	t.deepEqual(subnet.overlay, {kind: 'graph', center: 'aws_vpc.main', cursor: 2});
	// The arrow between two nodes, and the left border: nothing.
	t.is(run([mouse(1 + line.indexOf('─▶'), bodyRow(0))], subnet), subnet);
	t.is(run([mouse(0, bodyRow(0))], subnet), subnet);
	const jumped = run([mouse(1 + line.indexOf('aws_subnet.this'), bodyRow(0))], subnet);
	t.is(jumped.overlay.kind, 'none');
	t.is(selectedAddress(data, jumped), 'aws_subnet.this');
});

test('in the assumptions view a click selects a row, a second click writes its :assume in the console', t => {
	const withAssumptions: ExplorerData = {
		...data,
		assumptions: () => [{address: 'var.region', expression: '"eu-west-1"', source: '--assume'}],
		unknownCauses: () => [{address: 'data.aws_availability_zones.available.names', when: 'plan', where: 'main.tf:2', blocks: 3}],
	};
	const open = runOn(withAssumptions, [{type: 'show-assumptions'}]);
	const cause = runOn(withAssumptions, [mouse(10, bodyRow(1))], open);
	t.deepEqual(cause.overlay, {kind: 'assumptions', cursor: 1});
	t.is(runOn(withAssumptions, [mouse(10, bodyRow(2))], cause), cause);
	const written = runOn(withAssumptions, [mouse(10, bodyRow(1))], cause);
	t.is(written.overlay.kind, 'none');
	t.is(written.focus, 'console');
	t.is(written.console.input, ':assume data.aws_availability_zones.available.names = ');
});

test('in the why view a click selects a step, one on its ▸/▾ folds or unfolds it, a second click jumps to its block', t => {
	const leaf = (text: string, target?: string): WhyNode => ({text, ...(target !== undefined && {target}), children: []});
	const root: WhyNode = {text: 'aws_subnet.this["a"].cidr_block', target: 'aws_subnet.this["a"]', children: [
		{text: 'cidrsubnet(var.cidr, 8, 1)', children: [leaf('var.cidr = "10.0.0.0/16"', 'var.cidr')]},
		leaf('each.key = "a"'),
	]};
	const withWhy: ExplorerData = {...data, explain: () => ({ok: true, title: 'aws_subnet.this["a"]', root, footer: []})};
	const open = runOn(withWhy, [{type: 'why'}]);
	t.is(open.overlay.kind, 'why');
	// Rows: the root (0), cidrsubnet (1), var.cidr (2), each.key (3).
	const variable = runOn(withWhy, [mouse(20, bodyRow(2))], open);
	t.like(variable.overlay, {kind: 'why', cursor: 2});
	// The marker of cidrsubnet's row, one level in: folded, its child gone.
	const folded = runOn(withWhy, [mouse(1 + 2, bodyRow(1))], variable);
	t.like(folded.overlay, {kind: 'why', cursor: 1});
	t.true(folded.overlay.kind === 'why' && folded.overlay.folded.has('0.0'));
	const unfolded = runOn(withWhy, [mouse(1 + 2, bodyRow(1))], folded);
	t.true(unfolded.overlay.kind === 'why' && !unfolded.overlay.folded.has('0.0'));
	// Below the last row: nothing.
	t.is(runOn(withWhy, [mouse(20, bodyRow(6))], variable), variable);
	const jumped = runOn(withWhy, [mouse(20, bodyRow(2))], variable);
	t.is(jumped.overlay.kind, 'none');
	t.is(selectedAddress(data, jumped), 'var.cidr');
});

test('a graph label cut to fit is the one node it ends (or starts) with', t => {
	const nodes = ['aws_route53_zone.main', 'aws_route53_record.app["eu"]', 'aws_route53_record.app["us"]', 'local.common_tags'];
	const line = '─┬─ …_record.app["eu"] ─── local.common_… ─ …["x"]';
	t.is(graphNodeAt(line, line.indexOf('…_record') + 3, nodes), 1);
	t.is(graphNodeAt(line, line.indexOf('local.common_…'), nodes), 3);
	// No node ends so; between labels; on the drawing's lines.
	t.is(graphNodeAt(line, line.indexOf('["x"]'), nodes), -1);
	t.is(graphNodeAt(line, line.indexOf(' ───'), nodes), -1);
	t.is(graphNodeAt(line, 1, nodes), -1);
	// Two nodes end with the same tail: neither.
	t.is(graphNodeAt('…app', 1, ['a.app', 'b.app']), -1);
});
