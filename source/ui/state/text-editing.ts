import type {ExplorerData} from '../explorer-data.js';
import {resolveKey} from '../input/keymap.js';
import type {State} from './state.js';
import {reduceConsole} from './console.js';
import {reducePrompt} from './prompts.js';

/*
Line editing in the console and the prompts (readline's keys), done here rather than in a text input component so that keys arriving faster than frames are applied in order to the latest text.
*/

function activeText(state: State): string {
	return state.overlay.kind === 'prompt' ? state.overlay.text : state.console.input;
}

function setActiveText(state: State, text: string, data: ExplorerData): State {
	return state.overlay.kind === 'prompt'
		? reducePrompt(state, {type: 'prompt-change', text}, data)
		: reduceConsole(state, {type: 'console-change', text}, data);
}

export function isPrintable(name: string): boolean {
	// eslint-disable-next-line no-control-regex
	return [...name].length === 1 && !/[\u0000-\u001F\u007F-\u009F]/u.test(name);
}

const wordCharacter = /[\p{L}\p{N}_]/u;

/**
Where the word before `at` starts (readline: skip what is not a word, then the word).
*/
function wordStart(characters: readonly string[], at: number): number {
	let position = at;
	while (position > 0 && !wordCharacter.test(characters[position - 1]!)) {
		position--;
	}

	while (position > 0 && wordCharacter.test(characters[position - 1]!)) {
		position--;
	}

	return position;
}

function wordEnd(characters: readonly string[], at: number): number {
	let position = at;
	while (position < characters.length && !wordCharacter.test(characters[position]!)) {
		position++;
	}

	while (position < characters.length && wordCharacter.test(characters[position]!)) {
		position++;
	}

	return position;
}

/**
Line editing in the console and the prompts, done here rather than in a text input component so that keys arriving faster than frames are applied in order to the latest text. The cursor is kept as a distance from the end, so text replaced from elsewhere (history, completion) leaves it at the end.
*/
export function editText(state: State, name: string, data: ExplorerData): State | undefined {
	const characters = [...activeText(state)];
	const fromEnd = Math.min(state.textCursorFromEnd, characters.length);
	const at = characters.length - fromEnd;
	switch (name) {
		case 'backspace': {
			if (at === 0) {
				return state;
			}

			characters.splice(at - 1, 1);
			return {...setActiveText(state, characters.join(''), data), textCursorFromEnd: fromEnd};
		}

		case 'left': {
			return {...state, textCursorFromEnd: Math.min(characters.length, fromEnd + 1)};
		}

		case 'right': {
			return {...state, textCursorFromEnd: Math.max(0, fromEnd - 1)};
		}

		case 'home':
		case 'ctrl+a': {
			return {...state, textCursorFromEnd: characters.length};
		}

		case 'end':
		case 'ctrl+e': {
			return {...state, textCursorFromEnd: 0};
		}

		case 'delete':
		case 'ctrl+d': {
			if (fromEnd === 0) {
				return state;
			}

			characters.splice(at, 1);
			return {...setActiveText(state, characters.join(''), data), textCursorFromEnd: fromEnd - 1};
		}

		case 'ctrl+u': {
			return {...setActiveText(state, characters.slice(at).join(''), data), textCursorFromEnd: fromEnd};
		}

		case 'ctrl+k': {
			return {...setActiveText(state, characters.slice(0, at).join(''), data), textCursorFromEnd: 0};
		}

		case 'ctrl+w':
		case 'alt+d': {
			// Ctrl-W deletes the word before the cursor, Alt-D the word after it (readline).
			const [from, to] = name === 'ctrl+w' ? [wordStart(characters, at), at] : [at, wordEnd(characters, at)];
			characters.splice(from, to - from);
			return {...setActiveText(state, characters.join(''), data), textCursorFromEnd: characters.length - from};
		}

		case 'alt+b': {
			return {...state, textCursorFromEnd: characters.length - wordStart(characters, at)};
		}

		case 'alt+f': {
			return {...state, textCursorFromEnd: characters.length - wordEnd(characters, at)};
		}

		default: {
			if (!isPrintable(name) || resolveKey(name, state)) {
				return undefined;
			}

			characters.splice(at, 0, name);
			return {...setActiveText(state, characters.join(''), data), textCursorFromEnd: fromEnd};
		}
	}
}
