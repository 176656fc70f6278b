import type {ExplorerData} from '../explorer-data.js';
import type {Action} from './actions.js';
import {typedText, withMessage} from './common.js';
import {navigate} from './navigation.js';
import {commonPrefix, goToCandidates, selectedRow} from './selectors.js';
import type {State} from './state.js';

/*
The prompts over the panes: `/` filters the focused list, `:` goes to an address.
*/

function acceptPrompt(state: State, data: ExplorerData): State {
	const {overlay} = state;
	if (overlay.kind !== 'prompt') {
		return state;
	}

	if (overlay.purpose === 'filter') {
		// The row the filter shows first becomes the selection, so going back to it (after following an edge) finds it without the filter.
		const row = overlay.target === 'blocks' ? selectedRow(data, state) : undefined;
		return {...state, overlay: {kind: 'none'}, ...(row && row.type !== 'header' && {selected: row.key})};
	}

	const candidates = goToCandidates(data, overlay.text);
	const exact = data.locate(overlay.text) ? overlay.text : undefined;
	const target = exact ?? candidates[overlay.cursor] ?? candidates[0];
	if (target === undefined) {
		return withMessage({...state, overlay: {kind: 'none'}}, `No address matches "${overlay.text}"`);
	}

	return {...navigate({...state, overlay: {kind: 'none'}}, data, target), focus: 'blocks'};
}

function completePrompt(state: State, data: ExplorerData): State {
	const {overlay} = state;
	if (overlay.kind !== 'prompt' || overlay.purpose !== 'go-to') {
		return state;
	}

	const candidates = goToCandidates(data, overlay.text).filter(candidate => candidate.startsWith(overlay.text));
	const prefix = commonPrefix(candidates);
	if (prefix.length > overlay.text.length) {
		return {...state, overlay: {...overlay, text: prefix, cursor: 0}};
	}

	// Nothing longer in common: Tab moves through the candidates.
	const all = goToCandidates(data, overlay.text);
	return {...state, overlay: {...overlay, cursor: all.length === 0 ? 0 : (overlay.cursor + 1) % all.length}};
}

/**
The filter and go-to prompts: opening, typing (a filter applies as it is typed), completing, choosing, accepting, cancelling.
*/
export function reducePrompt(state: State, action: Action, data: ExplorerData): State {
	switch (action.type) {
		case 'filter': {
			const target = state.focus === 'modules' || state.focus === 'edges' ? state.focus : 'blocks';
			return {...state, promptSerial: state.promptSerial + 1, textCursorFromEnd: 0, overlay: {kind: 'prompt', purpose: 'filter', target, text: state.filters[target]}};
		}

		case 'go-to': {
			return {...state, promptSerial: state.promptSerial + 1, textCursorFromEnd: 0, overlay: {kind: 'prompt', purpose: 'go-to', text: '', cursor: 0}};
		}

		case 'prompt-change': {
			const {overlay} = state;
			if (overlay.kind !== 'prompt' || (action.serial !== undefined && action.serial !== state.promptSerial)) {
				return state;
			}

			if (overlay.purpose === 'filter') {
				// The filter applies while typing; the selection goes back to the first match.
				const reset = overlay.target === 'modules' ? {} : (overlay.target === 'blocks' ? {selected: undefined} : {edgeCursor: 0});
				return {...state, ...reset, textCursorFromEnd: 0, overlay: {...overlay, text: typedText(action.text)}, filters: {...state.filters, [overlay.target]: typedText(action.text)}};
			}

			return {...state, textCursorFromEnd: 0, overlay: {...overlay, text: typedText(action.text), cursor: 0}};
		}

		case 'prompt-accept': {
			return acceptPrompt(state, data);
		}

		case 'prompt-complete': {
			return completePrompt(state, data);
		}

		case 'prompt-next':
		case 'prompt-previous': {
			const {overlay} = state;
			if (overlay.kind !== 'prompt' || overlay.purpose !== 'go-to') {
				return state;
			}

			const {length} = goToCandidates(data, overlay.text);
			return length === 0 ? state : {...state, overlay: {...overlay, cursor: (overlay.cursor + (action.type === 'prompt-next' ? 1 : -1) + length) % length}};
		}

		case 'prompt-cancel': {
			const {overlay} = state;
			if (overlay.kind === 'prompt' && overlay.purpose === 'filter') {
				return {...state, overlay: {kind: 'none'}, filters: {...state.filters, [overlay.target]: ''}};
			}

			return {...state, overlay: {kind: 'none'}};
		}

		default: {
			return state;
		}
	}
}
