import {activeScopes} from '../input/keymap.js';
import {helpLines} from '../input/help-sections.js';
import type {Action} from './actions.js';
import {clamp} from './common.js';
import type {State} from './state.js';
import {isPrintable} from './text-editing.js';

/*
The help overlay (`?`): the focused pane's keys first, scrolling, and a search typed with `/`.
*/

/**
Keys while the help's search is typed: text goes to the query (the list narrows at once), Backspace deletes, Enter keeps the search, Esc drops it, ↑/↓ scroll.
*/
export function typeHelpSearch(state: State, name: string): State | undefined {
	const {overlay} = state;
	if (overlay.kind !== 'help' || overlay.searching !== true) {
		return undefined;
	}

	const query = overlay.query ?? '';
	switch (name) {
		case 'enter': {
			return {...state, overlay: {...overlay, searching: false}};
		}

		case 'escape': {
			return {...state, overlay: {...overlay, searching: false, query: '', scroll: 0}};
		}

		case 'backspace': {
			return {...state, overlay: {...overlay, query: [...query].slice(0, -1).join(''), scroll: 0}};
		}

		case 'up':
		case 'down':
		case 'pageup':
		case 'pagedown': {
			return undefined;
		}

		default: {
			return isPrintable(name) ? {...state, overlay: {...overlay, query: query + name, scroll: 0}} : state;
		}
	}
}

export function reduceHelp(state: State, action: Action): State {
	switch (action.type) {
		case 'close-help': {
			// With a search shown, the first Esc clears it.
			return state.overlay.kind === 'help' && (state.overlay.query ?? '') !== '' ? {...state, overlay: {...state.overlay, query: '', scroll: 0}} : {...state, overlay: {kind: 'none'}};
		}

		case 'toggle-help': {
			// The focused pane's keys (or the console's results') come first.
			const [first] = activeScopes(state);
			return {...state, overlay: state.overlay.kind === 'help' ? {kind: 'none'} : {kind: 'help', scroll: 0, ...(first !== undefined && first !== 'global' && {first})}};
		}

		case 'help-search': {
			return state.overlay.kind === 'help' ? {...state, overlay: {...state.overlay, searching: true, scroll: 0}} : state;
		}

		case 'help-top':
		case 'help-bottom': {
			const {overlay} = state;
			if (overlay.kind !== 'help') {
				return state;
			}

			const limit = Math.max(0, helpLines(overlay).length - state.viewRows.help);
			return {...state, overlay: {...overlay, scroll: action.type === 'help-top' ? 0 : limit}};
		}

		case 'help-scroll-up':
		case 'help-scroll-down': {
			const {overlay} = state;
			if (overlay.kind !== 'help') {
				return state;
			}

			const limit = Math.max(0, helpLines(overlay).length - state.viewRows.help);
			const step = (action.type === 'help-scroll-down' ? 1 : -1);
			return {...state, overlay: {...overlay, scroll: clamp(Math.min(overlay.scroll, limit) + step, 0, limit)}};
		}

		default: {
			return state;
		}
	}
}
