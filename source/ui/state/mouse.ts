import type {ExplorerData} from '../explorer-data.js';
import type {PaneId} from '../keymap.js';
import {windowStart} from '../list-window.js';
import type {MouseButton} from '../mouse.js';
import type {MouseTarget} from '../mouse-target.js';
import type {Action} from './actions.js';
import {browseEntry, consoleOutputRows, entryAtLine, outputLineCount} from './console-results.js';
import {targetAtLine} from './details-cursor.js';
import {blockCursor, blockList, detailsScrollLimit, detailsView, moduleCursor, moduleList} from './selectors.js';
import {edgeRows} from './edge-groups.js';
import type {State} from './state.js';

/*
The mouse, as lazygit and k9s have it: a click focuses the pane under the pointer and selects the row clicked (a click on the row already selected opens it, as Enter does); the wheel moves the selection of the list under the pointer, or scrolls Details and the console's output, without moving the focus. In a view over the panes (help, why, diagnostics, assumptions, graph) the wheel moves as ↑/↓ do there. While a prompt is open the mouse does nothing.
*/

export type MouseAction = {readonly type: 'mouse'; readonly button: MouseButton; readonly target: MouseTarget};

/** Lines a wheel step scrolls Details and the console by. */
const wheelLines = 3;

/**
What the reducer lends: moving a list's cursor (`move` with the pane focused) and the other actions.
*/
export type MouseHelpers = {
	readonly move: (state: State, target: (cursor: number, length: number) => number) => State;
	readonly reduce: (state: State, action: Action) => State;
};

function clamp(value: number, low: number, high: number): number {
	return Math.max(low, Math.min(high, value));
}

/**
The list cursor and length of a pane, and the rows it shows.
*/
function listOf(state: State, data: ExplorerData, pane: 'modules' | 'blocks' | 'edges'): {readonly cursor: number; readonly length: number; readonly rows: number} {
	switch (pane) {
		case 'modules': {
			return {cursor: moduleCursor(data, state), length: moduleList(data, state).rows.length, rows: state.viewRows.modules};
		}

		case 'blocks': {
			return {cursor: blockCursor(data, state), length: blockList(data, state).rows.length, rows: state.viewRows.blocks};
		}

		case 'edges': {
			return {cursor: state.edgeCursor, length: edgeRows(data, state).length, rows: state.viewRows.edges};
		}
	}
}

function overlayWheel(state: State, up: boolean): Action | undefined {
	switch (state.overlay.kind) {
		case 'help': {
			return {type: up ? 'help-scroll-up' : 'help-scroll-down'};
		}

		case 'why': {
			return {type: up ? 'why-previous' : 'why-next'};
		}

		case 'graph': {
			return {type: up ? 'graph-previous' : 'graph-next'};
		}

		case 'diagnostics':
		case 'assumptions': {
			return {type: up ? 'move-up' : 'move-down'};
		}

		case 'prompt':
		case 'none': {
			return undefined;
		}
	}
}

function wheel(state: State, data: ExplorerData, pane: PaneId, up: boolean, helpers: MouseHelpers): State {
	switch (pane) {
		case 'modules':
		case 'blocks':
		case 'edges': {
			// The list under the pointer, whichever pane has the focus.
			const moved = helpers.move({...state, focus: pane}, cursor => cursor + (up ? -1 : 1));
			return {...moved, focus: state.focus};
		}

		case 'details': {
			const limit = detailsScrollLimit(data, state);
			return {...state, detailsScroll: clamp(Math.min(state.detailsScroll, limit) + (up ? -wheelLines : wheelLines), 0, limit)};
		}

		case 'console': {
			const limit = Math.max(0, outputLineCount(state.console.output) - consoleOutputRows(state));
			return {...state, console: {...state.console, scroll: clamp(state.console.scroll + (up ? wheelLines : -wheelLines), 0, limit)}};
		}
	}
}

function click(state: State, data: ExplorerData, pane: PaneId, row: number, helpers: MouseHelpers): State {
	const wasFocused = state.focus === pane;
	const focused = wasFocused ? state : helpers.reduce(state, {type: 'focus-pane', pane});
	if (row < 0) {
		return focused;
	}

	switch (pane) {
		case 'modules':
		case 'blocks':
		case 'edges': {
			const {cursor, length, rows} = listOf(focused, data, pane);
			let index = windowStart(length, cursor, rows) + row;
			if (index >= length) {
				return focused;
			}

			// A group header selects the first block under it.
			if (pane === 'blocks' && blockList(data, focused).rows[index]?.type === 'header') {
				index++;
			}

			if (index === cursor && wasFocused) {
				return helpers.reduce(focused, {type: 'open'});
			}

			return helpers.move(focused, () => index);
		}

		case 'details': {
			const lines = detailsView(data, focused).length;
			const start = Math.max(0, Math.min(focused.detailsScroll, lines - focused.viewRows.details));
			const target = targetAtLine(focused, data, start + row);
			return target ? {...focused, detailsTarget: target.key} : focused;
		}

		case 'console': {
			const {output} = focused.console;
			const rows = consoleOutputRows(focused);
			const total = outputLineCount(output);
			const offset = Math.min(focused.console.scroll, Math.max(0, total - rows));
			const shown = Math.min(rows, total);
			// Below the output: the input line (and an unfinished entry's lines).
			if (row >= shown) {
				return {...focused, console: {...focused.console, browse: undefined}};
			}

			const entry = entryAtLine(output, Math.max(0, total - rows - offset) + row);
			return entry === undefined ? focused : browseEntry(focused, entry);
		}
	}
}

export function reduceMouse(state: State, action: MouseAction, data: ExplorerData, helpers: MouseHelpers): State {
	const {button, target} = action;
	const up = button === 'wheel-up';
	if (state.overlay.kind === 'prompt') {
		return state;
	}

	// A view over the panes: the wheel moves in it, wherever the pointer is.
	if (state.overlay.kind !== 'none') {
		const wheelAction = button === 'wheel-up' || button === 'wheel-down' ? overlayWheel(state, up) : undefined;
		return wheelAction ? helpers.reduce(state, wheelAction) : state;
	}

	if (target.area !== 'pane') {
		return state;
	}

	if (button === 'wheel-up' || button === 'wheel-down') {
		return wheel(state, data, target.pane, up, helpers);
	}

	return button === 'left' ? click(state, data, target.pane, target.row, helpers) : state;
}
