import type {ExplorerData} from '../explorer-data.js';
import type {PaneId} from '../input/keymap.js';
import {windowStart} from '../layout/list-window.js';
import type {MouseButton} from '../input/mouse.js';
import type {MouseTarget, ViewPosition} from '../input/mouse-target.js';
import {sanitizeLine} from '../text/sanitize.js';
import {diagnosticsListHeight, graphDrawingRows, whyListHeight} from '../layout/view-geometry.js';
import type {Action} from './actions.js';
import {browseEntry, consoleOutputRows, entryAtLine, outputLineCount} from './console-results.js';
import {targetAtLine} from './details-cursor.js';
import {blockCursor, blockList, detailsScrollLimit, detailsView, diagnosticGroups, moduleCursor, moduleList} from './selectors.js';
import {explainOf, whyRows} from './why.js';
import {edgeRows} from './edge-groups.js';
import type {State} from './state.js';

/*
The mouse, as lazygit and k9s have it: a click focuses the pane under the pointer and selects the row clicked (a click on the row already selected opens it, as Enter does); the wheel moves the selection of the list under the pointer, or scrolls Details and the console's output, without moving the focus. In a view over the panes the wheel moves as ↑/↓ do there, and a click selects the row (why, diagnostics, assumptions) or the node (graph) under the pointer; a click on what is already selected acts as Enter there, and one on a why step's ▸/▾ folds or unfolds it. The help has no rows to select: only the wheel. While a prompt is open the mouse does nothing.
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
			let index = clickedIndex(row, cursor, length, rows);
			if (index === undefined) {
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

/**
The index a click on a list's row `row` selects, from the window the list draws (`windowStart`), or undefined below its last row.
*/
function clickedIndex(row: number, cursor: number, length: number, height: number): number | undefined {
	if (row < 0 || row >= height) {
		return undefined;
	}

	const index = windowStart(length, cursor, height) + row;
	return index < length ? index : undefined;
}

/**
A list view (diagnostics, assumptions): select the row clicked, or act on it (`enter`) when it was already selected.
*/
function clickInList(state: State, row: number, cursor: number, length: number, height: number, enter: Action, helpers: MouseHelpers): State {
	const index = clickedIndex(row, cursor, length, height);
	if (index === undefined) {
		return state;
	}

	return index === cursor ? helpers.reduce(state, enter) : helpers.move(state, () => index);
}

/**
The node of a graph drawing's line at a column: a name drawn whole there, or the label there (the text between the drawing's lines and spaces) when the drawing cut it to fit (`…_record.app["eu"]`: the one node that ends so).
*/
export function graphNodeAt(line: string, column: number, nodes: readonly string[]): number {
	const whole = nodes.findIndex(name => {
		for (let at = line.indexOf(name); name !== '' && at !== -1; at = line.indexOf(name, at + 1)) {
			if (column >= at && column < at + name.length) {
				return true;
			}
		}

		return false;
	});
	if (whole !== -1) {
		return whole;
	}

	const isLabel = (character: string | undefined) => character !== undefined && character !== ' ' && !/[\u2500-\u257F\u25C0\u25B6]/.test(character);
	if (!isLabel(line[column])) {
		return -1;
	}

	let start = column;
	let end = column + 1;
	while (isLabel(line[start - 1])) {
		start--;
	}

	while (isLabel(line[end])) {
		end++;
	}

	const label = line.slice(start, end);
	const matching = label.startsWith('…')
		? nodes.flatMap((name, index) => (name.endsWith(label.slice(1)) ? [index] : []))
		: (label.endsWith('…') ? nodes.flatMap((name, index) => (name.startsWith(label.slice(0, -1)) ? [index] : [])) : []);
	return matching.length === 1 ? matching[0]! : -1;
}

function overlayClick(state: State, data: ExplorerData, position: ViewPosition, helpers: MouseHelpers): State {
	const {overlay} = state;
	const body = state.viewRows.diagnostics;
	switch (overlay.kind) {
		case 'diagnostics': {
			const {length} = diagnosticGroups(data, overlay.severity);
			return clickInList(state, position.row, overlay.cursor, length, diagnosticsListHeight(length, body), {type: 'diagnostics-open'}, helpers);
		}

		case 'assumptions': {
			const length = (data.assumptions?.().length ?? 0) + (data.unknownCauses?.().length ?? 0);
			return clickInList(state, position.row, overlay.cursor, length, body, {type: 'assumption-write'}, helpers);
		}

		case 'why': {
			const view = explainOf(data, overlay.subject);
			if (!view.ok) {
				return state;
			}

			const rows = whyRows(view.root, overlay.folded);
			const cursor = Math.min(overlay.cursor, rows.length - 1);
			const index = clickedIndex(position.row, cursor, rows.length, whyListHeight(body, view.footer.length));
			const row = index === undefined ? undefined : rows[index];
			if (index === undefined || !row) {
				return state;
			}

			const selected = {...state, overlay: {...overlay, cursor: index}};
			// The ▸/▾ marker after the row's indentation: fold or unfold that step.
			const marker = row.depth * 2;
			if (row.hasChildren && position.column >= marker && position.column < marker + 2) {
				return helpers.reduce(selected, {type: overlay.folded.has(row.id) ? 'why-unfold' : 'why-fold'});
			}

			return index === cursor ? helpers.reduce(selected, {type: 'why-jump'}) : selected;
		}

		case 'graph': {
			// The node drawn under the pointer, found as the graph view highlights it: by its name on the line.
			const drawing = data.drawGraph(overlay.center, state.viewRows.viewWidth, graphDrawingRows(body));
			const line = position.row >= 0 && position.row < graphDrawingRows(body) ? drawing.lines[position.row] : undefined;
			if (line === undefined || position.column < 0) {
				return state;
			}

			const node = graphNodeAt(sanitizeLine(line), position.column, drawing.nodes.map(name => sanitizeLine(name)));
			if (node === -1) {
				return state;
			}

			return node === overlay.cursor ? helpers.reduce(state, {type: 'graph-jump'}) : {...state, overlay: {...overlay, cursor: node}};
		}

		case 'help':
		case 'prompt':
		case 'none': {
			return state;
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
		if (button === 'left') {
			return target.area === 'pane' && target.view ? overlayClick(state, data, target.view, helpers) : state;
		}

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
