import test from 'ava';
import type {Details, ExplorerData} from '../../../source/ui/explorer-data.js';
import type {Action} from '../../../source/ui/state/actions.js';
import {reduce} from '../../../source/ui/state/reducer.js';
import {createInitialState, type State} from '../../../source/ui/state/state.js';
import {detailsView, diagnosticGroups, selectedAddress} from '../../../source/ui/state/selectors.js';
import {computeLayout, defaultShares, resizeShares, viewRowsOf} from '../../../source/ui/layout/layout.js';
import {createFixtureData, createLargeData} from '../../fixtures/ui/fixture-data.js';

/*
Scrolling, folding, zoom and pane widths at the reducer level (issue 21: 1, 2, 3).
*/

const fixture = createFixtureData();
const longValue = `{\n${Array.from({length: 200}, (_, index) => `  "k${index}" = ${index}`).join('\n')}\n}`;
// aws_vpc.main with one argument of 202 lines and a line 300 columns wide.
const data: ExplorerData = {
	...fixture,
	details(address: string): Details | undefined {
		const base = fixture.details(address);
		return address === 'aws_vpc.main' && base ? {...base, attributes: [{name: 'big', value: longValue, unknown: false, sensitive: false}, {name: 'wide', value: `"${'x'.repeat(300)}"`, unknown: false, sensitive: false}]} : base;
	},
};

const press = (...ids: Array<Action['type']>): Action[] => ids.map(type => ({type}) as Action);

function run(actions: readonly Action[], start: State): State {
	let state = start;
	for (const action of actions) {
		state = reduce(state, action, data);
	}

	return state;
}

const layout = computeLayout(100, 30);
const sized = run([{type: 'resize', viewRows: viewRowsOf(layout, 40), consoleRows: layout.console - 4}], createInitialState({focus: 'details'}));

test('Details: folded values, End stops at the last line, and every position is reachable back up', t => {
	const lines = detailsView(data, sized);
	// The 202-line value is folded to 8 lines and a "more" line.
	t.true(lines.some(line => line.map(segment => segment.text).join('').includes('… 194 more lines')));
	const rows = sized.viewRows.details;
	let state = run(press('move-last'), sized);
	t.is(state.detailsScroll, lines.length - rows);
	state = run(press('move-up'), state);
	t.is(state.detailsScroll, lines.length - rows - 1);
	state = run(press('page-up'), state);
	t.is(state.detailsScroll, Math.max(0, lines.length - (2 * rows) - 1));
	state = run(press('move-first', 'page-down'), state);
	t.is(state.detailsScroll, Math.min(rows, lines.length - rows));
});

test('Details: Enter unfolds every value of the selection, again folds; another selection is folded', t => {
	let state = run(press('details-unfold'), sized);
	t.is(state.unfolded, 'aws_vpc.main');
	const unfolded = detailsView(data, state);
	t.true(unfolded.some(line => line.map(segment => segment.text).join('').includes('"k199" = 199')));
	state = run(press('move-last'), state);
	t.is(state.detailsScroll, unfolded.length - state.viewRows.details);
	state = run(press('details-unfold'), state);
	t.is(state.unfolded, undefined);
	t.false(detailsView(data, state).some(line => line.map(segment => segment.text).join('').includes('"k199" = 199')));
});

test('Details: < and > scroll sideways up to the widest line', t => {
	let state = run(press('details-scroll-right'), sized);
	t.true(state.detailsColumn > 0);
	for (let index = 0; index < 30; index++) {
		state = run(press('details-scroll-right'), state);
	}

	const widest = 'wide = '.length + 302;
	t.is(state.detailsColumn, widest - state.viewRows.detailsWidth);
	for (let index = 0; index < 30; index++) {
		state = run(press('details-scroll-left'), state);
	}

	t.is(state.detailsColumn, 0);
});

test('page keys move what the focused view shows', t => {
	t.is(sized.viewRows.details, layout.details - 3);
	t.is(sized.viewRows.blocks, layout.top - 3);
	const large = createLargeData(500);
	let state: State = {...sized, focus: 'blocks', expanded: new Set(['null_resource.many'])};
	state = reduce(reduce(state, {type: 'move-down'}, large), {type: 'page-down'}, large);
	t.is(selectedAddress(large, state), `null_resource.many[${sized.viewRows.blocks}]`);
	state = reduce(state, {type: 'page-up'}, large);
	t.is(selectedAddress(large, state), 'null_resource.many[0]');
});

test('help scrolls no further than its last line, and back', t => {
	let state = run(press('toggle-help'), {...sized, focus: 'modules'});
	for (let index = 0; index < 500; index++) {
		state = run(press('help-scroll-down'), state);
	}

	const bottom = state.overlay.kind === 'help' ? state.overlay.scroll : -1;
	t.true(bottom > 0);
	state = run(press('help-scroll-up'), state);
	t.deepEqual(state.overlay, {kind: 'help', scroll: bottom - 1, first: 'modules'});
});

test('z zooms the focused pane and back; Ctrl-Z zooms the console from its text field', t => {
	let state = run(press('zoom'), sized);
	t.true(state.zoomed);
	t.is(computeLayout(100, 30, {zoomed: state.focus}).zoomed, 'details');
	state = run(press('zoom'), state);
	t.false(state.zoomed);
	state = run([{type: 'key', name: 'c'}, {type: 'key', name: 'z'}], {...sized, focus: 'modules'});
	t.is(state.console.input, 'z');
	state = run([{type: 'key', name: 'ctrl+z'}], state);
	t.true(state.zoomed);
	const zoomed = computeLayout(100, 30, {zoomed: 'console'});
	t.is(zoomed.console, 29);
	t.is(zoomed.top, 0);
});

test('+ and - widen and narrow the focused pane, within bounds', t => {
	t.deepEqual(resizeShares(defaultShares, 'modules', 1), {modules: 30, blocks: 30});
	t.deepEqual(resizeShares(defaultShares, 'details', 1), {modules: 24, blocks: 24});
	t.deepEqual(resizeShares(defaultShares, 'blocks', -1), {modules: 24, blocks: 24});
	let state = sized;
	for (let index = 0; index < 20; index++) {
		state = run(press('widen'), state);
	}

	t.is(state.message, 'As wide as it goes');
	const wide = computeLayout(100, 30, {shares: state.shares});
	t.true(wide.right >= 70);
	t.true(wide.modules >= 10 && wide.blocks >= 10);
	const before = state.shares.modules;
	state = run([{type: 'focus-pane', pane: 'modules'}, {type: 'key', name: '+'}], state);
	t.is(state.shares.modules, before + 6);
	state = run([{type: 'key', name: '-'}, {type: 'key', name: '-'}], state);
	// Back to the narrowest (12), not below a tenth of the width.
	t.is(state.shares.modules, before);
	t.is(state.message, 'As narrow as it goes');
});

test('diagnostics: identical ones are one row with their count; e filters by severity; Enter opens the block in the panes', t => {
	const repeated: ExplorerData = {
		...data,
		diagnostics: () => [
			...Array.from({length: 89}, (_, index) => ({severity: 'warning' as const, summary: 'Deprecated attribute', detail: `In module.m["${index}"]`, where: 'm/main.tf:4:5', filename: 'm/main.tf', line: 4})),
			...fixture.diagnostics(),
		],
	};
	const groups = diagnosticGroups(repeated, 'all');
	t.is(groups.length, 3);
	t.is(groups[0]?.members.length, 89);
	t.deepEqual(diagnosticGroups(repeated, 'error').map(group => group.first.summary), ['Unsupported argument']);
	let state = reduce(sized, {type: 'show-diagnostics'}, repeated);
	state = reduce(state, {type: 'move-last'}, repeated);
	t.deepEqual(state.overlay, {kind: 'diagnostics', cursor: 2, severity: 'all'});
	state = reduce(state, {type: 'diagnostics-severity'}, repeated);
	t.deepEqual(state.overlay, {kind: 'diagnostics', cursor: 0, severity: 'error'});
	state = reduce(state, {type: 'diagnostics-open'}, repeated);
	t.is(state.overlay.kind, 'none');
	t.is(selectedAddress(repeated, state), 'aws_vpc.main');
	t.is(state.focus, 'details');
	t.is(state.history.length, 1);
	// A place without a block says so and stays.
	state = reduce(reduce(reduce(sized, {type: 'show-diagnostics'}, repeated), {type: 'diagnostics-severity'}, repeated), {type: 'diagnostics-severity'}, repeated);
	state = reduce(state, {type: 'diagnostics-open'}, repeated);
	t.is(state.overlay.kind, 'diagnostics');
	t.is(state.message, 'No block at this place');
});

test('a message outlives the re-measure its own key causes (a resize is not a key), and the next key clears it', t => {
	const toggled = run(press('toggle-changed-only'), sized);
	t.regex(toggled.message ?? '', /^Nothing to filter/);
	const remeasured = run([{type: 'resize', viewRows: viewRowsOf(computeLayout(80, 24), 40), consoleRows: 4}], toggled);
	t.is(remeasured.message, toggled.message);
	t.is(run(press('move-down'), remeasured).message, undefined);
});
