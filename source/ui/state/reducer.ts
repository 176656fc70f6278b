import type {ExplorerData} from '../explorer-data.js';
import {resolveKey} from '../input/keymap.js';
import {resizeShares} from '../layout/layout.js';
import type {Action} from './actions.js';
import {reduceAssumptions} from './assumptions.js';
import {clamp, isTextEntry, withMessage} from './common.js';
import {reduceConsole} from './console.js';
import {reduceResults} from './console-results.js';
import {moveDetailsCursor} from './details-cursor.js';
import {reduceEdgeGroup} from './edge-groups.js';
import {reduceHelp, typeHelpSearch} from './help.js';
import {reduceMouse} from './mouse.js';
import {move, open, reduceNavigation, showSelectedModule} from './navigation.js';
import {reducePrompt} from './prompts.js';
import {detailsWidestLine, isSteppable, selectedAddress} from './selectors.js';
import type {State} from './state.js';
import {editText} from './text-editing.js';
import {reduceViews} from './views.js';

/*
The explorer's state machine: a pure function of the state, an action and the (read-only) data. Each concern has its own module (navigation, prompts, text editing, console, assumptions, help, the views, the mouse, Details' cursor, edge groups, console results); this one resolves keys and sends each action to its home. Effects (evaluating a console line, writing the clipboard, quitting) are requested through fields of the state and carried out by `effects.ts`.
*/

const keepsMessage: ReadonlySet<Action['type']> = new Set(['resize', 'console-result', 'console-history-loaded', 'assumptions-applied', 'assumptions-refused']);

export function reduce(state: State, action: Action, data: ExplorerData): State {
	// A message lasts until the next thing the user does: a pane re-measured after the key that set it (resize) or a result arriving is not that.
	const next = state.message === undefined || keepsMessage.has(action.type) ? state : {...state, message: undefined};
	const reduced = reduceAction(next, action, data);
	// `assumptions-applied` brings the data the next frames read: its module list is the one to check against.
	return showSelectedModule(reduced, action.type === 'assumptions-applied' ? action.data : data);
}

function pressKey(state: State, name: string, data: ExplorerData): State {
	const searched = typeHelpSearch(state, name);
	if (searched) {
		return searched;
	}

	if (isTextEntry(state)) {
		const edited = editText(state, name, data);
		if (edited) {
			return edited;
		}
	}

	const binding = resolveKey(name, state);
	if (!binding) {
		return state;
	}

	const address = selectedAddress(data, state);
	const reason = binding.disabledReason?.({state, steppable: isSteppable(data, state), ...(address !== '' && {selected: address})});
	return reason === undefined ? reduceAction(state, {type: binding.id}, data) : withMessage(state, reason);
}

/**
What needs every instance of the configuration: while it is still being expanded (`data.expanding`), these keys say so instead of showing a partial answer.
*/
const waitsForExpansion: ReadonlySet<Action['type']> = new Set<Action['type']>(['show-graph', 'why', 'results-why', 'show-diagnostics', 'exclude', 'show-assumptions', 'details-assume', 'go-to']);

function reduceAction(state: State, action: Action, data: ExplorerData): State {
	if (data.expanding !== undefined && waitsForExpansion.has(action.type)) {
		return withMessage(state, 'Still expanding the configuration: available once every instance is made');
	}

	switch (action.type) {
		case 'key': {
			return pressKey(state, action.name, data);
		}

		case 'move-up':
		case 'move-down':
		case 'page-up':
		case 'page-down':
		case 'move-first':
		case 'move-last':
		case 'pane-left':
		case 'pane-right':
		case 'focus-next-pane':
		case 'focus-previous-pane':
		case 'focus-pane':
		case 'focus-console':
		case 'open':
		case 'back':
		case 'navigate':
		case 'previous-instance':
		case 'details-previous-instance':
		case 'next-instance':
		case 'details-next-instance': {
			return reduceNavigation(state, action, data);
		}

		case 'filter':
		case 'go-to':
		case 'prompt-change':
		case 'prompt-accept':
		case 'prompt-complete':
		case 'prompt-next':
		case 'prompt-previous':
		case 'prompt-cancel': {
			return reducePrompt(state, action, data);
		}

		case 'console-change':
		case 'console-submit':
		case 'console-result':
		case 'console-history-loaded':
		case 'history-previous':
		case 'history-next':
		case 'console-complete':
		case 'console-scroll-up':
		case 'console-scroll-down':
		case 'leave-console': {
			return reduceConsole(state, action, data);
		}

		case 'details-assume':
		case 'show-assumptions':
		case 'assumption-drop':
		case 'assumption-write':
		case 'assumptions-applied':
		case 'assumptions-refused': {
			return reduceAssumptions(state, action, data);
		}

		case 'close-help':
		case 'toggle-help':
		case 'help-search':
		case 'help-top':
		case 'help-bottom':
		case 'help-scroll-up':
		case 'help-scroll-down': {
			return reduceHelp(state, action);
		}

		case 'show-graph':
		case 'graph-previous':
		case 'graph-next':
		case 'graph-jump':
		case 'toggle-changed-only':
		case 'why':
		case 'why-previous':
		case 'why-next':
		case 'why-fold':
		case 'why-unfold':
		case 'why-jump':
		case 'close-why':
		case 'show-diagnostics':
		case 'diagnostics-open':
		case 'diagnostics-severity':
		case 'exclude':
		case 'close-assumptions':
		case 'close-view':
		case 'close-diagnostics': {
			return reduceViews(state, action, data);
		}

		case 'edges-open': {
			return reduceEdgeGroup(state, data, 'toggle') ?? open(state, data);
		}

		case 'edges-unfold': {
			return reduceEdgeGroup(state, data, 'unfold') ?? state;
		}

		case 'edges-fold': {
			return reduceEdgeGroup(state, data, 'fold') ?? reduceAction(state, {type: 'pane-left'}, data);
		}

		case 'details-scroll-left':
		case 'details-scroll-right': {
			const step = Math.max(8, Math.floor(state.viewRows.detailsWidth / 2));
			const column = state.detailsColumn + (action.type === 'details-scroll-right' ? step : -step);
			return {...state, detailsColumn: clamp(column, 0, Math.max(0, detailsWidestLine(data, state) - state.viewRows.detailsWidth))};
		}

		case 'zoom': {
			return {...state, zoomed: !state.zoomed};
		}

		case 'widen':
		case 'narrow': {
			const shares = resizeShares(state.shares, state.focus, action.type === 'widen' ? 1 : -1);
			if (state.focus === 'console') {
				return withMessage(state, 'The console takes the whole width: z zooms it');
			}

			return shares === state.shares ? withMessage(state, action.type === 'widen' ? 'As wide as it goes' : 'As narrow as it goes') : {...state, shares};
		}

		case 'details-toggle-unset': {
			return {...state, showUnset: !state.showUnset};
		}

		case 'details-unfold': {
			const address = selectedAddress(data, state);
			return {...state, unfolded: state.unfolded === address ? undefined : address};
		}

		case 'details-previous-target':
		case 'details-next-target': {
			return moveDetailsCursor(state, data, action.type === 'details-next-target' ? 1 : -1);
		}

		case 'results-previous':
		case 'results-next':
		case 'results-why':
		case 'results-edit':
		case 'results-type':
		case 'results-leave': {
			return reduceResults(state, action, data);
		}

		case 'mouse': {
			return reduceMouse(state, action, data, {
				move: (from, target) => move(from, data, target),
				reduce: (from, next) => reduceAction(from, next, data),
			});
		}

		case 'copy-address': {
			const address = selectedAddress(data, state);
			return {
				...state,
				clipboard: {text: address, serial: (state.clipboard?.serial ?? 0) + 1},
				message: `Copied ${address === '' ? 'root' : address}`,
			};
		}

		case 'quit':
		case 'force-quit': {
			return {...state, quitting: true};
		}

		case 'show-message': {
			return withMessage(state, action.text);
		}

		case 'resize': {
			const consolePageSize = Math.max(1, action.consoleRows - 1);
			const same = consolePageSize === state.consolePageSize && (Object.keys(action.viewRows) as Array<keyof State['viewRows']>).every(key => action.viewRows[key] === state.viewRows[key]);
			return same ? state : {...state, viewRows: action.viewRows, consolePageSize};
		}
	}
}
