import type {State} from './state.js';

/*
Small pieces every part of the reducer uses: bounds, the status message, what counts as text entry, typed text cleaned of control characters.
*/

export function clamp(value: number, low: number, high: number): number {
	return Math.max(low, Math.min(high, value));
}

export function withMessage(state: State, message: string): State {
	return {...state, message};
}

/**
Whether keys go to a text input (the console's or a prompt's) rather than to the panes.
*/
export function isTextEntry(state: State): boolean {
	return state.overlay.kind === 'prompt' || (state.focus === 'console' && state.overlay.kind === 'none' && state.console.browse === undefined);
}

/**
Text from a text input without control characters: Enter and Tab that arrived in the same read as text are keys (the input hook dispatches them), and nothing raw reaches the screen.
*/
export function typedText(text: string): string {
	// eslint-disable-next-line no-control-regex
	return text.replaceAll(/[\u0000-\u001F\u007F-\u009F]/gu, '');
}
