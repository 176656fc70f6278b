import {useInput, type Key} from 'ink';
import type {Action} from '../state/actions.js';

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

const characterNames: Readonly<Record<string, string>> = {
	'\r': 'enter',
	'\n': 'enter',
	'\t': 'tab',
	'\u007F': 'backspace',
	'\u0008': 'backspace',
	'\u0003': 'ctrl+c',
};

/**
Key names for one input event. A busy terminal can deliver several typed keys in one read (`jjj`), which Ink passes on as one string: outside text entry each character is a key.
*/
export function keyNames(input: string, key: Key): string[] {
	const characters = [...input];
	if (characters.length <= 1 || key.ctrl || key.meta || input.includes('\u001B')) {
		const name = keyName(input, key);
		return name === undefined ? [] : [name];
	}

	return characters.map(character => characterNames[character] ?? character);
}

/**
The explorer's single input handler: every key press becomes a `key` action; the reducer resolves it through the keymap against the state it is applied to, so keys that arrive faster than frames are still read in the right scope.
*/
export function useKeymap(options: {
	readonly textEntry: () => boolean;
	readonly dispatch: (action: Action) => void;
	readonly isActive: boolean;
}): void {
	const {textEntry, dispatch, isActive} = options;
	useInput((input, key) => {
		// Several characters at once in the console or a prompt are text for the text input, except Enter and Tab among them (a busy terminal delivers `abc<Enter>` in one read).
		if (textEntry() && [...input].length > 1 && !key.ctrl && !input.includes('\u001B')) {
			const keys = [...input].filter(character => character === '\r' || character === '\n' || character === '\t');
			// After the text input's own handler of this same event has passed the text on.
			queueMicrotask(() => {
				for (const character of keys) {
					dispatch({type: 'key', name: characterNames[character] ?? ''});
				}
			});
			return;
		}

		const names = keyNames(input, key);
		for (const name of names) {
			dispatch({type: 'key', name, ...(names.length > 1 && {run: true})});
		}
	}, {isActive});
}
