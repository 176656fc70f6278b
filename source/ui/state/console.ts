import type {ExplorerData} from '../explorer-data.js';
import {isIncomplete, splitCompletionWord} from '../input/console-input.js';
import type {Action} from './actions.js';
import {assumeCommand} from './assumptions.js';
import {clamp, isTextEntry, typedText, withMessage} from './common.js';
import {appendHistory, consoleHistoryLimit, consoleOutputLimit, pushOutput} from './console-output.js';
import {outputLineCount, startBrowsing} from './console-results.js';
import {commonPrefix, consoleContext} from './selectors.js';
import type {ConsoleEntry, State} from './state.js';
import {consoleWhy} from './why.js';

/*
The console pane: submitting a line (an expression, a multi-line entry, `:clear`, `:why`, `:assume`), its history, Tab completion, the results placed after their inputs, scrolling.
*/

function submitConsole(state: State, data: ExplorerData): State {
	const {console: console_} = state;
	const lines = [...console_.pending, console_.input];
	const text = lines.join('\n');
	if (console_.pending.length === 0 && text.trim() === '') {
		return state;
	}

	if (console_.pending.length === 0 && text.trim() === ':clear') {
		return {...state, console: {...console_, input: '', output: [], scroll: 0, historyIndex: undefined}};
	}

	const command = console_.pending.length === 0 ? assumeCommand(state, data, text) : undefined;
	if (command) {
		return command;
	}

	// OpenTofu's console: a line ending in one backslash continues, without it.
	const trimmed = console_.input.trimEnd();
	if (data.consoleBackslashContinuation && trimmed.endsWith('\\') && !trimmed.endsWith('\\\\')) {
		return {...state, console: {...console_, pending: [...console_.pending, trimmed.slice(0, -1)], input: ''}};
	}

	if (console_.pending.length === 0 && /^:why(\s|$)/.test(text.trim())) {
		return consoleWhy(state, data, text);
	}

	if (isIncomplete(text)) {
		return {...state, console: {...console_, pending: lines, input: ''}};
	}

	const context = consoleContext(data, state);
	const history = appendHistory(console_.history, text);
	const serial = console_.serial + 1;
	return {
		...state,
		console: {
			...pushOutput(console_, [{kind: 'input', text, context, serial}]),
			input: '',
			pending: [],
			history,
			historyIndex: undefined,
			serial,
			requests: [...console_.requests, {expression: text, context, serial}],
		},
	};
}

function browseHistory(state: State, step: 1 | -1): State {
	const {history, historyIndex} = state.console;
	if (history.length === 0) {
		return state;
	}

	const current = historyIndex ?? history.length;
	const next = clamp(current + step, 0, history.length);
	// A multi-line entry comes back as its lines: the first ones as entered, the last one to edit.
	const lines = (next === history.length ? '' : (history[next] ?? '')).split('\n');
	return {
		...state,
		textCursorFromEnd: 0,
		console: {
			...state.console,
			historyIndex: next === history.length ? undefined : next,
			pending: lines.slice(0, -1),
			input: lines.at(-1) ?? '',
		},
	};
}

function completeConsole(state: State, data: ExplorerData): State {
	const {before, word} = splitCompletionWord(state.console.input);
	const candidates = data.complete(word, consoleContext(data, state));
	if (candidates.length === 0) {
		return withMessage(state, `No completions for "${word}"`);
	}

	const prefix = commonPrefix(candidates);
	const input = before + (prefix.length > word.length ? prefix : word);
	// A function name completed: its parameters and what it does.
	const completedFunction = candidates.length === 1 && prefix.endsWith('(') ? data.signature?.(prefix.slice(0, -1)) : undefined;
	const hint = completedFunction ?? (candidates.length > 1 && prefix.length <= word.length ? candidates.slice(0, 40).join('  ') : undefined);
	const console_ = hint === undefined ? state.console : pushOutput(state.console, [{kind: 'hint', text: hint}]);
	return {...state, message: undefined, textCursorFromEnd: 0, console: {...console_, input}};
}

/** What the console pane shows for a line Esc cancelled, in place of its result. */
export const cancelledText = 'Cancelled with Esc: the line was stopped before it finished.';

/**
Places a line's result (and its hint lines) right after its input line: later lines of a paste may already be shown.
*/
function placeResult(output: readonly ConsoleEntry[], serial: number, result: readonly ConsoleEntry[]): ConsoleEntry[] {
	const at = output.findIndex(entry => entry.kind === 'input' && entry.serial === serial);
	return at === -1 ? [...output, ...result] : [...output.slice(0, at + 1), ...result, ...output.slice(at + 1)];
}

/**
Esc while a line is evaluated (or waits for the configuration to be whole): that line and those queued after it are cancelled, each marked so in the output. Dropping the requests is the request to stop: the effect that evaluates the first one stops its worker when it is gone (app.tsx), and a result that still arrives for it is ignored.
*/
function cancelRequests(state: State): State {
	let output = state.console.output;
	for (const request of state.console.requests) {
		output = placeResult(output, request.serial, [{kind: 'result', text: cancelledText, ok: false}]);
	}

	return {...state, console: {...state.console, output: output.slice(-consoleOutputLimit), scroll: 0, requests: []}};
}

/**
The console's input line, its history, completion, output and scrolling.
*/
export function reduceConsole(state: State, action: Action, data: ExplorerData): State {
	switch (action.type) {
		case 'console-change': {
			if (!isTextEntry(state) || state.overlay.kind !== 'none') {
				return state;
			}

			return {...state, textCursorFromEnd: 0, console: {...state.console, input: typedText(action.text)}};
		}

		case 'console-submit': {
			return submitConsole(state, data);
		}

		case 'console-result': {
			const {requests, output} = state.console;
			if (!requests.some(request => request.serial === action.serial)) {
				return state;
			}

			const result: ConsoleEntry[] = [{kind: 'result', text: action.text, ok: action.ok}, ...(action.hint ?? '').split('\n').filter(line => line !== '').map(line => ({kind: 'hint' as const, text: line}))];
			const placed = placeResult(output, action.serial, result);
			return {
				...state,
				console: {...state.console, output: placed.slice(-consoleOutputLimit), scroll: 0, requests: requests.filter(request => request.serial !== action.serial)},
			};
		}

		case 'console-history-loaded': {
			return {...state, console: {...state.console, history: [...action.history, ...state.console.history].slice(-consoleHistoryLimit)}};
		}

		case 'history-previous': {
			return browseHistory(state, -1);
		}

		case 'history-next': {
			return browseHistory(state, 1);
		}

		case 'console-complete': {
			return completeConsole(state, data);
		}

		case 'console-scroll-up': {
			// No further than the first line at the top.
			const limit = Math.max(0, outputLineCount(state.console.output) - state.consolePageSize - 1 + state.console.pending.length);
			return {...state, console: {...state.console, scroll: Math.min(limit, state.console.scroll + state.consolePageSize)}};
		}

		case 'console-scroll-down': {
			return {...state, console: {...state.console, scroll: Math.max(0, state.console.scroll - state.consolePageSize)}};
		}

		case 'leave-console': {
			// Esc stops a line being evaluated first; the next Esc browses the results.
			return state.console.requests.length > 0 ? cancelRequests(state) : startBrowsing(state);
		}

		default: {
			return state;
		}
	}
}
