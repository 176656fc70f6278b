import type {ExplorerData} from '../explorer-data.js';
import type {Action} from './actions.js';
import {openWhy} from './why.js';
import type {ConsoleEntry, ConsoleState, State} from './state.js';

/*
Browsing the console's results: Esc from the input line selects the last expression evaluated; ↑/↓ move from one to the next (the output scrolls to keep the selection in view), `w` traces the selected one, Enter puts it back in the input line to edit, `i`/`c` go back to typing and Esc leaves the console. Typing keeps readline's keys (Ctrl-W deletes a word).
*/

function entryLines(entry: ConsoleEntry): number {
	return entry.kind === 'hint' ? 1 : entry.text.split('\n').length;
}

/**
The first and last output line (counted from the top, as the console pane draws them) of the expression whose input entry is at `index`, with its result.
*/
export function entryLineRange(output: readonly ConsoleEntry[], index: number): {readonly first: number; readonly last: number} {
	let first = 0;
	for (let at = 0; at < index; at++) {
		first += entryLines(output[at]!);
	}

	let last = first + entryLines(output[index]!) - 1;
	for (let at = index + 1; at < output.length && output[at]!.kind === 'result'; at++) {
		last += entryLines(output[at]!);
	}

	return {first, last};
}

export function outputLineCount(output: readonly ConsoleEntry[]): number {
	let lines = 0;
	for (const entry of output) {
		lines += entryLines(entry);
	}

	return lines;
}

/**
The input entry a line of output belongs to (the expression or its result), if any.
*/
export function entryAtLine(output: readonly ConsoleEntry[], line: number): number | undefined {
	let start = 0;
	let owner: number | undefined;
	for (const [index, entry] of output.entries()) {
		if (entry.kind === 'input') {
			owner = index;
		} else if (entry.kind === 'hint') {
			owner = undefined;
		}

		const end = start + entryLines(entry);
		if (line >= start && line < end) {
			return owner;
		}

		start = end;
	}

	return undefined;
}

/**
Lines of output the console pane shows above its input line (its body less the input line and an unfinished entry's lines).
*/
export function consoleOutputRows(state: State): number {
	return Math.max(1, state.consolePageSize + 1 - state.console.pending.length);
}

/**
The scroll (lines up from the bottom) that shows the selected entry, its first line first when it is taller than the pane.
*/
function scrollToEntry(state: State, index: number): number {
	const {output, scroll} = state.console;
	const total = outputLineCount(output);
	const rows = consoleOutputRows(state);
	const {first, last} = entryLineRange(output, index);
	const top = Math.max(0, total - rows - scroll);
	const bottom = total - 1 - scroll;
	if (first >= top && last <= bottom) {
		return scroll;
	}

	return Math.max(0, first < top || last - first >= rows ? total - rows - first : total - 1 - last);
}

function inputEntries(output: readonly ConsoleEntry[]): number[] {
	const indices: number[] = [];
	for (const [index, entry] of output.entries()) {
		if (entry.kind === 'input') {
			indices.push(index);
		}
	}

	return indices;
}

/**
Selects an expression of the output (browsing), scrolled into view.
*/
export function browseEntry(state: State, index: number): State {
	const selected: State = {...state, console: {...state.console, browse: index}};
	return {...selected, console: {...selected.console, scroll: scrollToEntry(selected, index)}};
}

/**
Esc from the input line: browse the results, from the last one; with none, leave the console.
*/
export function startBrowsing(state: State): State {
	const last = inputEntries(state.console.output).at(-1);
	return last === undefined ? {...state, focus: 'blocks'} : browseEntry(state, last);
}

function typing(console_: ConsoleState): ConsoleState {
	return {...console_, browse: undefined};
}

export function reduceResults(state: State, action: Action, data: ExplorerData): State {
	const {browse, output} = state.console;
	const entries = inputEntries(output);
	const position = browse === undefined ? -1 : entries.indexOf(browse);
	if (position === -1) {
		return {...state, console: typing(state.console)};
	}

	switch (action.type) {
		case 'results-previous':
		case 'results-next': {
			const next = entries[Math.max(0, Math.min(entries.length - 1, position + (action.type === 'results-next' ? 1 : -1)))]!;
			return browseEntry(state, next);
		}

		case 'results-why': {
			const entry = output[browse!];
			return entry?.kind === 'input' ? openWhy(state, data, {kind: 'expression', expression: entry.text, context: entry.context}) : state;
		}

		case 'results-edit': {
			const entry = output[browse!];
			const lines = entry?.kind === 'input' ? entry.text.split('\n') : [''];
			return {...state, textCursorFromEnd: 0, console: {...typing(state.console), pending: lines.slice(0, -1), input: lines.at(-1) ?? '', historyIndex: undefined, scroll: 0}};
		}

		case 'results-type': {
			return {...state, console: {...typing(state.console), scroll: 0}};
		}

		case 'results-leave': {
			return {...state, focus: 'blocks', console: {...typing(state.console), scroll: 0}};
		}

		default: {
			return state;
		}
	}
}
