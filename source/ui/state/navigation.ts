import type {ExplorerData} from '../explorer-data.js';
import {paneOrder, type PaneId} from '../input/keymap.js';
import type {Action} from './actions.js';
import {assumptionRows} from './assumptions.js';
import {clamp, withMessage} from './common.js';
import {revealDetailsCursor} from './details-cursor.js';
import {edgeRows, selectedEdge} from './edge-groups.js';
import {
	blockCursor, blockList, detailsScrollLimit, diagnosticGroups, moduleCursor, moduleList, selectedRow,
} from './selectors.js';
import type {Location, State} from './state.js';

/*
Where the explorer is: the focused pane, the selected module instance and row, the cursor in each list, the way back. Every move keeps the selection on a row the panes show.
*/

const historyLimit = 200;

function location(state: State): Location {
	return {module: state.module, selected: state.selected, focus: state.focus, edgeCursor: state.edgeCursor};
}

export function focusPane(state: State, pane: PaneId): State {
	// Browsing the console's results ends when the focus leaves it.
	return state.console.browse !== undefined && pane !== state.focus ? {...state, focus: pane, console: {...state.console, browse: undefined}} : {...state, focus: pane};
}

function cyclePane(state: State, step: number): State {
	const position = paneOrder.indexOf(state.focus);
	const next = paneOrder[(position + step + paneOrder.length) % paneOrder.length] ?? 'modules';
	return focusPane(state, next);
}

/**
Select a module instance; the Blocks pane starts at its first row.
*/
export function selectModule(state: State, module: string): State {
	if (module === state.module) {
		return state;
	}

	return {...state, module, selected: undefined, edgeCursor: 0, detailsScroll: 0};
}

function selectBlockRow(state: State, address: string | undefined): State {
	return {...state, selected: address, edgeCursor: 0, detailsScroll: 0};
}

function moveInModules(state: State, data: ExplorerData, target: (cursor: number, length: number) => number): State {
	const {rows} = moduleList(data, state);
	if (rows.length === 0) {
		return state;
	}

	const row = rows[clamp(target(moduleCursor(data, state), rows.length), 0, rows.length - 1)];
	return row ? selectModule(state, row.address) : state;
}

function moveInBlocks(state: State, data: ExplorerData, target: (cursor: number, length: number) => number): State {
	const {rows} = blockList(data, state);
	const cursor = blockCursor(data, state);
	if (cursor === -1) {
		return state;
	}

	let next = clamp(target(cursor, rows.length), 0, rows.length - 1);
	// Group headers are not selectable: keep going in the direction of travel.
	const direction = next < cursor ? -1 : 1;
	while (rows[next]?.type === 'header') {
		next += direction;
	}

	if (next < 0 || next >= rows.length) {
		return state;
	}

	return selectBlockRow(state, rows[next]?.key);
}

/**
Rows a page key moves: what the focused view shows.
*/
function pageRows(state: State): number {
	if (state.overlay.kind === 'diagnostics') {
		return state.viewRows.diagnostics;
	}

	return state.focus === 'console' ? state.consolePageSize : state.viewRows[state.focus];
}

export function move(state: State, data: ExplorerData, target: (cursor: number, length: number) => number): State {
	if (state.overlay.kind === 'assumptions') {
		const {length} = assumptionRows(data);
		return length === 0 ? state : {...state, overlay: {...state.overlay, cursor: clamp(target(state.overlay.cursor, length), 0, length - 1)}};
	}

	if (state.overlay.kind === 'diagnostics') {
		const {length} = diagnosticGroups(data, state.overlay.severity);
		return length === 0 ? state : {...state, overlay: {...state.overlay, cursor: clamp(target(state.overlay.cursor, length), 0, length - 1)}};
	}

	switch (state.focus) {
		case 'modules': {
			return moveInModules(state, data, target);
		}

		case 'blocks': {
			return moveInBlocks(state, data, target);
		}

		case 'edges': {
			const {length} = edgeRows(data, state);
			return length === 0 ? state : {...state, edgeCursor: clamp(target(state.edgeCursor, length), 0, length - 1)};
		}

		case 'details': {
			// The scroll is the first line shown: it stops where the last line is at the bottom, so every position is reachable both ways.
			const limit = detailsScrollLimit(data, state);
			return {...state, detailsScroll: clamp(target(Math.min(state.detailsScroll, limit), limit + 1), 0, limit)};
		}

		case 'console': {
			return state;
		}
	}
}

export function navigate(state: State, data: ExplorerData, address: string): State {
	const place = data.locate(address);
	if (!place) {
		return withMessage(state, `No such address: ${address}`);
	}

	const expanded = place.instance !== undefined && place.block !== undefined && !state.expanded.has(place.block)
		? new Set([...state.expanded, place.block])
		: state.expanded;
	const history = [...state.history, location(state)].slice(-historyLimit);
	return {
		...state,
		history,
		module: place.module,
		selected: place.instance ?? place.block,
		expanded,
		edgeCursor: 0,
		detailsScroll: 0,
		filters: {...state.filters, blocks: '', edges: '', modules: ''},
		message: undefined,
	};
}

function back(state: State): State {
	const previous = state.history.at(-1);
	if (!previous) {
		return withMessage(state, 'Nothing to go back to');
	}

	return {
		...state,
		history: state.history.slice(0, -1),
		module: previous.module,
		selected: previous.selected,
		focus: previous.focus,
		edgeCursor: previous.edgeCursor,
		detailsScroll: 0,
	};
}

function stepInstance(state: State, data: ExplorerData, step: 1 | -1): State {
	const row = selectedRow(data, state);
	if (!row || row.type === 'header' || row.entry.instances.length === 0) {
		return withMessage(state, 'The selection has no count or for_each instances');
	}

	const {instances, address} = row.entry;
	let index: number;
	if (row.type === 'block') {
		index = step === 1 ? 0 : instances.length - 1;
	} else {
		index = row.index + step;
		if (index < 0 || index >= instances.length) {
			return withMessage(state, step === 1 ? 'Last instance' : 'First instance');
		}
	}

	const expanded = state.expanded.has(address) ? state.expanded : new Set([...state.expanded, address]);
	return {...selectBlockRow({...state, expanded}, instances[index]), message: undefined};
}

export function open(state: State, data: ExplorerData): State {
	switch (state.focus) {
		case 'modules': {
			return focusPane(state, 'blocks');
		}

		case 'blocks': {
			const row = selectedRow(data, state);
			// A module instance (or a module call without count/for_each): Enter goes into it.
			if (row && row.type !== 'header' && row.entry.kind === 'module' && (row.type === 'instance' || row.entry.mode === 'single') && data.locate(row.key)?.block === undefined) {
				return navigate(state, data, row.key);
			}

			if (row?.type === 'block' && row.entry.instances.length > 0) {
				const expanded = new Set(state.expanded);
				if (expanded.has(row.key)) {
					expanded.delete(row.key);
				} else {
					expanded.add(row.key);
				}

				return {...state, expanded};
			}

			return focusPane(state, 'details');
		}

		case 'edges': {
			const edge = selectedEdge(data, state);
			return edge ? navigate(state, data, edge.address) : withMessage(state, 'No edge to follow');
		}

		case 'details': {
			return focusPane(state, 'edges');
		}

		case 'console': {
			return state;
		}
	}
}

/**
The selected module instance is always a row the Modules pane shows: when a filter (or D) hides it, the first row shown becomes the selection, so the Blocks, Details, Edges and Console panes describe the module the cursor is on. With no row shown, the selection stays (the titles name it).
*/
export function showSelectedModule(state: State, data: ExplorerData): State {
	if (state.filters.modules === '' && !state.changedOnly) {
		return state;
	}

	const {rows, index} = moduleList(data, state);
	const first = rows[0];
	return first === undefined || index.has(state.module) ? state : selectModule(state, first.address);
}

/**
Moving the cursor, the focus and the selection: arrows, pages, Home/End, panes, Enter, Esc (back), instance stepping, following an address.
*/
export function reduceNavigation(state: State, action: Action, data: ExplorerData): State {
	switch (action.type) {
		case 'move-up': {
			return move(state, data, cursor => cursor - 1);
		}

		case 'move-down': {
			return move(state, data, cursor => cursor + 1);
		}

		case 'page-up': {
			return move(state, data, cursor => cursor - pageRows(state));
		}

		case 'page-down': {
			return move(state, data, cursor => cursor + pageRows(state));
		}

		case 'move-first': {
			// Home in Details: the top, and the cursor back on the first argument.
			const moved = move(state, data, () => 0);
			return state.focus === 'details' && state.overlay.kind === 'none' ? {...moved, detailsTarget: undefined} : moved;
		}

		case 'move-last': {
			return move(state, data, (_cursor, length) => length - 1);
		}

		case 'pane-left': {
			const leftOf: Record<PaneId, PaneId> = {modules: 'modules', blocks: 'modules', details: 'blocks', edges: 'blocks', console: 'console'};
			return focusPane(state, leftOf[state.focus]);
		}

		case 'pane-right': {
			const rightOf: Record<PaneId, PaneId> = {modules: 'blocks', blocks: 'details', details: 'details', edges: 'edges', console: 'console'};
			return focusPane(state, rightOf[state.focus]);
		}

		case 'focus-next-pane': {
			return cyclePane(state, 1);
		}

		case 'focus-previous-pane': {
			return cyclePane(state, -1);
		}

		case 'focus-pane': {
			return focusPane(state, action.pane);
		}

		case 'open': {
			return open(state, data);
		}

		case 'back': {
			if (state.overlay.kind !== 'none') {
				return {...state, overlay: {kind: 'none'}};
			}

			// Esc in a filtered list clears its filter first (as k9s does); the selection stays on its row.
			const list = state.focus === 'modules' || state.focus === 'blocks' || state.focus === 'edges' ? state.focus : undefined;
			if (list !== undefined && state.filters[list] !== '') {
				return {...state, filters: {...state.filters, [list]: ''}, ...(list === 'edges' && {edgeCursor: 0})};
			}

			return back(state);
		}

		case 'navigate': {
			return navigate(state, data, action.address);
		}

		case 'previous-instance':
		case 'details-previous-instance': {
			return revealDetailsCursor(stepInstance(state, data, -1), data);
		}

		case 'next-instance':
		case 'details-next-instance': {
			return revealDetailsCursor(stepInstance(state, data, 1), data);
		}

		case 'focus-console': {
			return focusPane(state, 'console');
		}

		default: {
			return state;
		}
	}
}
