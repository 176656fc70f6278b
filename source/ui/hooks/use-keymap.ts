import {useEffect, useRef} from 'react';
import {useInput, useStdin, type Key} from 'ink';
import type {Action} from '../state/actions.js';
import {parseLegacyMouse, parseMouseInput, type MouseEvent} from '../input/mouse.js';

/**
The name the keymap table uses for a key press, or undefined for keys it never binds (pastes, meta chords).
*/
export function keyName(input: string, key: Key, raw?: string): string | undefined {
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

	// Ink reports the Backspace key (DEL, 0x7f) as `delete`, and the Delete key too: `raw` tells them apart.
	if (key.backspace || key.delete) {
		return raw !== undefined && /^\u001B\[3[~$^;]/.test(raw) ? 'delete' : 'backspace';
	}

	// Alt-B and Alt-F (readline's word moves) arrive as Esc and the letter.
	if (key.meta && !key.ctrl && /^[bfd]$/.test(input)) {
		return `alt+${input}`;
	}

	// Ctrl chords of a letter (readline's Ctrl-A/E/U/K/W, Ctrl-Z zoom): Ink reports the letter with `ctrl`.
	if (key.ctrl && /^[a-z]$/.test(input)) {
		return `ctrl+${input}`;
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
export function keyNames(input: string, key: Key, raw?: string): string[] {
	const characters = [...input];
	if (characters.length <= 1 || key.ctrl || key.meta || input.includes('\u001B')) {
		const name = keyName(input, key, raw);
		return name === undefined ? [] : [name];
	}

	return characters.map(character => characterNames[character] ?? character);
}

/**
The explorer's single input handler: every key press becomes a `key` action, and the reducer resolves it through the keymap (or edits the console's or a prompt's text) against the state it is applied to, so keys that arrive faster than frames are read in the right scope and order.
*/
export function useKeymap(options: {
	readonly dispatch: (action: Action) => void;
	readonly isActive: boolean;
	/** A mouse report (a press or a wheel step; releases too): never read as keys, whether or not this is given. */
	readonly onMouse?: (event: MouseEvent) => void;
}): void {
	const {dispatch, isActive, onMouse} = options;
	// After a legacy `ESC [ M`, the next input starts with the report's three bytes.
	const legacyPending = useRef(false);
	// The bytes of the key being handled: Ink's key object does not tell Delete from Backspace. This listener is registered before useInput's, so it sees each input first.
	const raw = useRef<string | undefined>(undefined);
	const {internal_eventEmitter: events} = useStdin();
	useEffect(() => {
		const listener = (data: string) => {
			raw.current = data;
		};

		events?.prependListener('input', listener);
		return () => {
			events?.removeListener('input', listener);
		};
	}, [events]);
	useInput((input, key) => {
		const bytes = raw.current ?? '';
		if (legacyPending.current) {
			legacyPending.current = false;
			const event = parseLegacyMouse(bytes);
			if (event) {
				onMouse?.(event);
			}

			return;
		}

		const mouse = parseMouseInput(bytes);
		if (mouse.kind === 'legacy-start') {
			legacyPending.current = true;
			return;
		}

		if (mouse.kind === 'event') {
			if (mouse.event) {
				onMouse?.(mouse.event);
			}

			return;
		}

		for (const name of keyNames(input, key, raw.current)) {
			dispatch({type: 'key', name});
		}
	}, {isActive});
}
