import {useInput, type Key} from 'ink';
import {resolveKey, type BindingContext} from '../keymap.js';
import type {Action} from '../state/actions.js';
import type {State} from '../state/state.js';

/**
The name the keymap table uses for a key press, or undefined for keys it never binds (pastes, meta chords).
*/
export function keyName(input: string, key: Key): string | undefined {
	if (key.ctrl && input === 'c') {
		return 'ctrl+c';
	}

	if (key.upArrow) {
		return 'up';
	}

	if (key.downArrow) {
		return 'down';
	}

	if (key.leftArrow) {
		return 'left';
	}

	if (key.rightArrow) {
		return 'right';
	}

	if (key.pageUp) {
		return 'pageup';
	}

	if (key.pageDown) {
		return 'pagedown';
	}

	if (key.home) {
		return 'home';
	}

	if (key.end) {
		return 'end';
	}

	if (key.return) {
		return 'enter';
	}

	if (key.escape) {
		return 'escape';
	}

	if (key.tab) {
		return key.shift ? 'shift+tab' : 'tab';
	}

	// Ink reports the Backspace key (DEL, 0x7f) as `delete`.
	if (key.backspace || key.delete) {
		return 'backspace';
	}

	if (key.ctrl || key.meta) {
		return undefined;
	}

	return [...input].length === 1 ? input : undefined;
}

/**
The explorer's single input handler: a key becomes the action of the binding the keymap resolves it to, or a message saying why that binding does nothing now.
*/
export function useKeymap(options: {
	readonly state: State;
	readonly context: () => BindingContext;
	readonly dispatch: (action: Action) => void;
	readonly isActive: boolean;
}): void {
	const {state, context, dispatch, isActive} = options;
	useInput((input, key) => {
		const name = keyName(input, key);
		if (name === undefined) {
			return;
		}

		const binding = resolveKey(name, state);
		if (!binding) {
			return;
		}

		// Backspace edits text in the prompt and the console; it is "back" only in the panes.
		if (name === 'backspace' && binding.id === 'back' && (state.overlay.kind === 'prompt' || state.focus === 'console')) {
			return;
		}

		const reason = binding.disabledReason?.(context());
		if (reason !== undefined) {
			dispatch({type: 'show-message', text: reason});
			return;
		}

		dispatch({type: binding.id});
	}, {isActive});
}
