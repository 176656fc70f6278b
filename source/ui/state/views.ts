import type {ExplorerData} from '../explorer-data.js';
import type {Action} from './actions.js';
import {withMessage} from './common.js';
import {navigate} from './navigation.js';
import {diagnosticGroups, selectedAddress} from './selectors.js';
import type {State} from './state.js';
import {openWhy, reduceWhy, whySubject} from './why.js';

/*
The views over the panes: the graph around the selection, the why trace, the diagnostics list, and what `tofu plan -exclude` would skip; the `D` filter of `--diff` and `--plan`.
*/

function graphCenter(state: State, data: ExplorerData): string {
	return selectedAddress(data, state);
}

export function reduceViews(state: State, action: Action, data: ExplorerData): State {
	switch (action.type) {
		case 'show-graph': {
			return {...state, overlay: {kind: 'graph', center: graphCenter(state, data), cursor: 0}};
		}

		case 'graph-previous':
		case 'graph-next': {
			const {overlay} = state;
			if (overlay.kind !== 'graph') {
				return state;
			}

			const nodes = data.drawGraph(overlay.center, 0, 0).nodes.length;
			const step = action.type === 'graph-next' ? 1 : -1;
			return nodes === 0 ? state : {...state, overlay: {...overlay, cursor: (overlay.cursor + step + nodes) % nodes}};
		}

		case 'graph-jump': {
			const {overlay} = state;
			if (overlay.kind !== 'graph') {
				return state;
			}

			const target = data.drawGraph(overlay.center, 0, 0).nodes[overlay.cursor];
			return target === undefined ? state : {...navigate({...state, overlay: {kind: 'none'}}, data, target), focus: 'blocks'};
		}

		case 'toggle-changed-only': {
			if (data.diffSummary === undefined && data.planSummary === undefined) {
				return withMessage(state, 'Nothing to filter: open the explorer with --diff REV or --plan FILE');
			}

			return withMessage({...state, changedOnly: !state.changedOnly}, state.changedOnly ? 'Showing everything' : 'Showing only what changed (D: everything)');
		}

		case 'why': {
			return openWhy(state, data, whySubject(state, data));
		}

		case 'why-previous':
		case 'why-next':
		case 'why-fold':
		case 'why-unfold':
		case 'why-jump':
		case 'close-why': {
			return reduceWhy(state, action, data, (from, address) => navigate(from, data, address));
		}

		case 'show-diagnostics': {
			return {...state, overlay: {kind: 'diagnostics', cursor: 0, severity: 'all'}};
		}

		case 'diagnostics-open': {
			const {overlay} = state;
			if (overlay.kind !== 'diagnostics') {
				return state;
			}

			const row = diagnosticGroups(data, overlay.severity)[overlay.cursor]?.first;
			const address = row?.filename === undefined || row.line === undefined ? undefined : data.addressAt?.(row.filename, row.line);
			if (address === undefined) {
				return withMessage(state, row ? 'No block at this place' : 'No diagnostic selected');
			}

			return {...navigate({...state, overlay: {kind: 'none'}}, data, address), focus: 'details'};
		}

		case 'diagnostics-severity': {
			const {overlay} = state;
			if (overlay.kind !== 'diagnostics') {
				return state;
			}

			const next = {all: 'error', error: 'warning', warning: 'all'} as const;
			return {...state, overlay: {...overlay, severity: next[overlay.severity], cursor: 0}};
		}

		case 'exclude': {
			const address = selectedAddress(data, state);
			if (!data.skipped) {
				return withMessage(state, 'Excluding needs a configuration loaded from a directory');
			}

			const included = state.excluded.includes(address);
			const excluded = included ? state.excluded.filter(each => each !== address) : [...state.excluded, address];
			const count = data.skipped(excluded).size;
			return withMessage({...state, excluded}, `${included ? 'Included' : 'Excluded'} ${address === '' ? 'root' : address}: ${count} instance${count === 1 ? '' : 's'} skipped as tofu plan -exclude would`);
		}

		case 'close-assumptions':
		case 'close-view':
		case 'close-diagnostics': {
			return {...state, overlay: {kind: 'none'}};
		}

		default: {
			return state;
		}
	}
}
