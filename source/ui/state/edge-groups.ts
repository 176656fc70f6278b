import {edgeGroups, type Edge, type EdgeGroup, type ExplorerData} from '../explorer-data.js';
import {edgeList, selectedAddress} from './selectors.js';
import type {State} from './state.js';

/*
The rows of the Edges pane. A module call's edges come in groups (inputs, dependents, contents: see data/module-edges.ts), each a header row with its count, folded until opened (Enter or →), so the few edges a reader looks for are not buried under hundreds from the module's own contents. Other selections list their edges as they are. Which groups are open is kept for one address: selecting something else folds them again.
*/

export type EdgeRow =
	| {readonly type: 'group'; readonly group: EdgeGroup; readonly count: number; readonly open: boolean}
	| {readonly type: 'edge'; readonly edge: Edge; readonly group?: EdgeGroup};

const rowsCache = new WeakMap<readonly Edge[], Map<string, readonly EdgeRow[]>>();

/**
The groups open for the selection: those opened on it, or every one while a filter is typed (the matches are what is looked for).
*/
function openGroups(data: ExplorerData, state: State): readonly EdgeGroup[] {
	if (state.filters.edges !== '') {
		return edgeGroups;
	}

	const open = state.openEdgeGroups;
	return open && open.address === selectedAddress(data, state) ? open.groups : [];
}

export function edgeRows(data: ExplorerData, state: State): readonly EdgeRow[] {
	const edges = edgeList(data, state);
	const open = openGroups(data, state);
	const key = open.join(',');
	let byOpen = rowsCache.get(edges);
	if (!byOpen) {
		byOpen = new Map();
		rowsCache.set(edges, byOpen);
	}

	let rows = byOpen.get(key);
	if (!rows) {
		rows = groupRows(edges, open);
		byOpen.set(key, rows);
	}

	return rows;
}

function groupRows(edges: readonly Edge[], open: readonly EdgeGroup[]): readonly EdgeRow[] {
	if (!edges.some(edge => edge.group !== undefined)) {
		return edges.map(edge => ({type: 'edge', edge}));
	}

	const rows: EdgeRow[] = [];
	for (const group of edgeGroups) {
		const members = edges.filter(edge => edge.group === group);
		const isOpen = open.includes(group);
		rows.push({type: 'group', group, count: members.length, open: isOpen});
		if (isOpen) {
			rows.push(...members.map((edge): EdgeRow => ({type: 'edge', edge, group})));
		}
	}

	return rows;
}

/** The edge under the cursor (undefined on a group's header). */
export function selectedEdge(data: ExplorerData, state: State): Edge | undefined {
	const row = edgeRows(data, state)[state.edgeCursor];
	return row?.type === 'edge' ? row.edge : undefined;
}

/**
Enter, → and ← in the Edges pane on a grouped list: Enter and → open the group under the cursor (Enter again folds it), ← folds the group the cursor is in and puts the cursor on its header. Undefined when the key means what it means elsewhere (following an edge, moving to the pane on the left).
*/
export function reduceEdgeGroup(state: State, data: ExplorerData, key: 'toggle' | 'unfold' | 'fold'): State | undefined {
	const rows = edgeRows(data, state);
	const row = rows[state.edgeCursor];
	if (!row || (row.type === 'edge' && row.group === undefined) || state.filters.edges !== '') {
		return undefined;
	}

	const address = selectedAddress(data, state);
	const current = openGroups(data, state);
	const withGroups = (groups: readonly EdgeGroup[], cursorGroup: EdgeGroup): State => {
		const next: State = {...state, openEdgeGroups: {address, groups}};
		const cursor = edgeRows(data, next).findIndex(each => each.type === 'group' && each.group === cursorGroup);
		return {...next, edgeCursor: Math.max(0, cursor)};
	};

	if (row.type === 'group') {
		if (key === 'fold') {
			return row.open ? withGroups(current.filter(group => group !== row.group), row.group) : undefined;
		}

		if (row.open) {
			return key === 'toggle' ? withGroups(current.filter(group => group !== row.group), row.group) : state;
		}

		return withGroups([...current, row.group], row.group);
	}

	// An edge in an open group: ← folds its group, Enter and → follow it as elsewhere.
	return key === 'fold' && row.group ? withGroups(current.filter(group => group !== row.group), row.group) : undefined;
}
