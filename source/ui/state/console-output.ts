import type {ConsoleEntry, ConsoleState} from './state.js';

/*
The console's output and history lists, each kept to a bound.
*/

export const consoleHistoryLimit = 500;

export const consoleOutputLimit = 2000;

export function pushOutput(console_: ConsoleState, entries: readonly ConsoleEntry[]): ConsoleState {
	return {...console_, output: [...console_.output, ...entries].slice(-consoleOutputLimit), scroll: 0};
}

/**
The history with `text` added at its end (not twice in a row).
*/
export function appendHistory(history: readonly string[], text: string): readonly string[] {
	return history.at(-1) === text ? history : [...history, text].slice(-consoleHistoryLimit);
}
