import test from 'ava';
import {disableMouseSequence, enableMouseSequence, parseLegacyMouse, parseMouseInput} from '../../../source/ui/input/mouse.js';
import {mouseTarget} from '../../../source/ui/input/mouse-target.js';
import {computeLayout} from '../../../source/ui/layout/layout.js';

/*
Mouse reports as a terminal sends them (SGR encoding, 1006; the legacy X10 bytes from a terminal that ignores it), and what is under the pointer.
*/

const reports = test.macro({
	exec(t, input: string, expected: ReturnType<typeof parseMouseInput>) {
		t.deepEqual(parseMouseInput(input), expected);
	},
	title: (_title, input: string) => JSON.stringify(input),
});

test(reports, '\u001B[<0;12;5M', {kind: 'event', event: {button: 'left', release: false, column: 11, row: 4}});
test(reports, '\u001B[<0;12;5m', {kind: 'event', event: {button: 'left', release: true, column: 11, row: 4}});
test(reports, '\u001B[<2;1;1M', {kind: 'event', event: {button: 'right', release: false, column: 0, row: 0}});
test(reports, '\u001B[<64;300;120M', {kind: 'event', event: {button: 'wheel-up', release: false, column: 299, row: 119}});
test(reports, '\u001B[<65;3;4M', {kind: 'event', event: {button: 'wheel-down', release: false, column: 2, row: 3}});
// With Ctrl (16), Meta (8) or Shift (4) held: the same button.
test(reports, '\u001B[<16;3;4M', {kind: 'event', event: {button: 'left', release: false, column: 2, row: 3}});
test(reports, '\u001B[<81;3;4M', {kind: 'event', event: {button: 'wheel-down', release: false, column: 2, row: 3}});
// Motion and extra buttons are reports the explorer does not use: swallowed, not keys.
test(reports, '\u001B[<35;3;4M', {kind: 'event', event: undefined});
test(reports, '\u001B[<128;3;4M', {kind: 'event', event: undefined});
test(reports, '\u001B[<0;0;4M', {kind: 'event', event: undefined});
test(reports, '\u001B[M', {kind: 'legacy-start'});
// Not the mouse: keys and other sequences.
test(reports, '\u001B[A', {kind: 'none'});
test(reports, '\u001B[5~', {kind: 'none'});
test(reports, 'M', {kind: 'none'});
test(reports, '[<0;12;5M', {kind: 'none'});
test(reports, '\u001B[<0;12M', {kind: 'none'});
test(reports, '\u001B[<0;12;5M\u001B[<0;12;5M', {kind: 'none'});

test('legacy X10 bytes: button, column and row plus 32', t => {
	t.deepEqual(parseLegacyMouse(' +%'), {button: 'left', release: false, column: 10, row: 4});
	t.deepEqual(parseLegacyMouse('a!!'), {button: 'wheel-down', release: false, column: 0, row: 0});
	// "Released" (3) names no button.
	t.is(parseLegacyMouse('#!!'), undefined);
	t.is(parseLegacyMouse(' !'), undefined);
});

test('reporting is turned on in SGR encoding and off in the reverse order', t => {
	t.is(enableMouseSequence, '\u001B[?1000h\u001B[?1006h');
	t.is(disableMouseSequence, '\u001B[?1006l\u001B[?1000l');
});

test('what is under the pointer: each pane and the row of its body, borders and titles as -1; in the top area also the place in a view over the panes', t => {
	// 100 columns, 29 rows: Modules 24, Blocks 30, Details and Edges 46 wide.
	const layout = computeLayout(100, 29);
	const pane = (target: ReturnType<typeof mouseTarget>) => (target.area === 'pane' ? {area: target.area, pane: target.pane, row: target.row} : target);
	const view = (target: ReturnType<typeof mouseTarget>) => (target.area === 'pane' ? target.view : undefined);
	t.deepEqual(pane(mouseTarget(layout, 0, 0)), {area: 'pane', pane: 'modules', row: -1});
	t.deepEqual(pane(mouseTarget(layout, 5, 1)), {area: 'pane', pane: 'modules', row: -1});
	t.deepEqual(pane(mouseTarget(layout, 5, 2)), {area: 'pane', pane: 'modules', row: 0});
	t.deepEqual(pane(mouseTarget(layout, 23, 7)), {area: 'pane', pane: 'modules', row: 5});
	t.deepEqual(pane(mouseTarget(layout, 24, 7)), {area: 'pane', pane: 'blocks', row: 5});
	t.deepEqual(pane(mouseTarget(layout, 54, 3)), {area: 'pane', pane: 'details', row: 1});
	t.deepEqual(pane(mouseTarget(layout, 99, layout.details + 2)), {area: 'pane', pane: 'edges', row: 0});
	t.deepEqual(pane(mouseTarget(layout, 60, layout.top - 1)), {area: 'pane', pane: 'edges', row: -1});
	t.deepEqual(mouseTarget(layout, 10, layout.top + 2), {area: 'pane', pane: 'console', row: 0});
	t.deepEqual(mouseTarget(layout, 10, layout.height - 1), {area: 'status'});
	t.deepEqual(mouseTarget(layout, 100, 3), {area: 'outside'});
	t.deepEqual(mouseTarget(layout, 10, layout.height), {area: 'outside'});
	// The same places in a view over the panes: rows from under its title, columns from inside its left border, whichever pane is below.
	t.deepEqual(view(mouseTarget(layout, 0, 0)), {row: -1, column: -1});
	t.deepEqual(view(mouseTarget(layout, 5, 2)), {row: 0, column: 4});
	t.deepEqual(view(mouseTarget(layout, 99, layout.details + 2)), {row: layout.details, column: -1});
	t.deepEqual(view(mouseTarget(layout, 60, layout.top - 1)), {row: -1, column: 59});
	// A zoomed pane takes the whole top area.
	const zoomed = computeLayout(100, 29, {zoomed: 'edges'});
	t.deepEqual(pane(mouseTarget(zoomed, 0, 4)), {area: 'pane', pane: 'edges', row: 2});
	const console = computeLayout(100, 29, {zoomed: 'console'});
	t.deepEqual(mouseTarget(console, 50, 2), {area: 'pane', pane: 'console', row: 0});
});
