import type {AssumptionRow, ExplorerData} from '../explorer-data.js';
import {splitAssignment} from '../../expand/assumptions.js';
import {consoleWhy, openWhy, reduceWhy, whySubject} from './why.js';
import {edgeRows, reduceEdgeGroup, selectedEdge} from './edge-groups.js';
import {reduceMouse} from './mouse.js';
import {reduceResults, startBrowsing} from './console-results.js';
import {assumptionAddress, focusedDetailTarget, moveDetailsCursor, revealDetailsCursor} from './details-cursor.js';
import {activeScopes, paneOrder, resolveKey, type PaneId} from '../keymap.js';
import {isIncomplete, splitCompletionWord} from '../console-input.js';
import {helpLines} from '../help-sections.js';
import {resizeShares} from '../layout.js';
import type {Action} from './actions.js';
import {
	blockCursor, blockList, commonPrefix, consoleContext, detailsScrollLimit, detailsWidestLine, diagnosticGroups, goToCandidates, isSteppable, moduleCursor, moduleList, selectedAddress, selectedRow,
} from './selectors.js';
import type {ConsoleEntry, ConsoleState, Location, State} from './state.js';

/*
The explorer's state machine: a pure function of the state, an action and the (read-only) data. Effects (evaluating a console line, writing the clipboard, quitting) are requested through fields of the state and carried out by `effects.ts`.
*/

const historyLimit = 200;
const consoleHistoryLimit = 500;
const consoleOutputLimit = 2000;

function clamp(value: number, low: number, high: number): number {
	return Math.max(low, Math.min(high, value));
}

function location(state: State): Location {
	return {module: state.module, selected: state.selected, focus: state.focus, edgeCursor: state.edgeCursor};
}

function withMessage(state: State, message: string): State {
	return {...state, message};
}

function focusPane(state: State, pane: PaneId): State {
	// Browsing the console's results ends when the focus leaves it.
	return state.console.browse !== undefined && pane !== state.focus ? {...state, focus: pane, console: {...state.console, browse: undefined}} : {...state, focus: pane};
}

function cyclePane(state: State, step: number): State {
	const position = paneOrder.indexOf(state.focus);
	const next = paneOrder[(position + step + paneOrder.length) % paneOrder.length] ?? 'modules';
	return focusPane(state, next);
}

/**
Select a module instance; the Blocks pane starts at its first row.
*/
function selectModule(state: State, module: string): State {
	if (module === state.module) {
		return state;
	}

	return {...state, module, selected: undefined, edgeCursor: 0, detailsScroll: 0};
}

function selectBlockRow(state: State, address: string | undefined): State {
	return {...state, selected: address, edgeCursor: 0, detailsScroll: 0};
}

function moveInModules(state: State, data: ExplorerData, target: (cursor: number, length: number) => number): State {
	const {rows} = moduleList(data, state);
	if (rows.length === 0) {
		return state;
	}

	const row = rows[clamp(target(moduleCursor(data, state), rows.length), 0, rows.length - 1)];
	return row ? selectModule(state, row.address) : state;
}

function moveInBlocks(state: State, data: ExplorerData, target: (cursor: number, length: number) => number): State {
	const {rows} = blockList(data, state);
	const cursor = blockCursor(data, state);
	if (cursor === -1) {
		return state;
	}

	let next = clamp(target(cursor, rows.length), 0, rows.length - 1);
	// Group headers are not selectable: keep going in the direction of travel.
	const direction = next < cursor ? -1 : 1;
	while (rows[next]?.type === 'header') {
		next += direction;
	}

	if (next < 0 || next >= rows.length) {
		return state;
	}

	return selectBlockRow(state, rows[next]?.key);
}

/**
Rows a page key moves: what the focused view shows.
*/
function pageRows(state: State): number {
	if (state.overlay.kind === 'diagnostics') {
		return state.viewRows.diagnostics;
	}

	return state.focus === 'console' ? state.consolePageSize : state.viewRows[state.focus];
}

function move(state: State, data: ExplorerData, target: (cursor: number, length: number) => number): State {
	if (state.overlay.kind === 'assumptions') {
		const {length} = assumptionRows(data);
		return length === 0 ? state : {...state, overlay: {...state.overlay, cursor: clamp(target(state.overlay.cursor, length), 0, length - 1)}};
	}

	if (state.overlay.kind === 'diagnostics') {
		const {length} = diagnosticGroups(data, state.overlay.severity);
		return length === 0 ? state : {...state, overlay: {...state.overlay, cursor: clamp(target(state.overlay.cursor, length), 0, length - 1)}};
	}

	switch (state.focus) {
		case 'modules': {
			return moveInModules(state, data, target);
		}

		case 'blocks': {
			return moveInBlocks(state, data, target);
		}

		case 'edges': {
			const {length} = edgeRows(data, state);
			return length === 0 ? state : {...state, edgeCursor: clamp(target(state.edgeCursor, length), 0, length - 1)};
		}

		case 'details': {
			// The scroll is the first line shown: it stops where the last line is at the bottom, so every position is reachable both ways.
			const limit = detailsScrollLimit(data, state);
			return {...state, detailsScroll: clamp(target(Math.min(state.detailsScroll, limit), limit + 1), 0, limit)};
		}

		case 'console': {
			return state;
		}
	}
}

function navigate(state: State, data: ExplorerData, address: string): State {
	const place = data.locate(address);
	if (!place) {
		return withMessage(state, `No such address: ${address}`);
	}

	const expanded = place.instance !== undefined && place.block !== undefined && !state.expanded.has(place.block)
		? new Set([...state.expanded, place.block])
		: state.expanded;
	const history = [...state.history, location(state)].slice(-historyLimit);
	return {
		...state,
		history,
		module: place.module,
		selected: place.instance ?? place.block,
		expanded,
		edgeCursor: 0,
		detailsScroll: 0,
		filters: {...state.filters, blocks: '', edges: '', modules: ''},
		message: undefined,
	};
}

function back(state: State): State {
	const previous = state.history.at(-1);
	if (!previous) {
		return withMessage(state, 'Nothing to go back to');
	}

	return {
		...state,
		history: state.history.slice(0, -1),
		module: previous.module,
		selected: previous.selected,
		focus: previous.focus,
		edgeCursor: previous.edgeCursor,
		detailsScroll: 0,
	};
}

function stepInstance(state: State, data: ExplorerData, step: 1 | -1): State {
	const row = selectedRow(data, state);
	if (!row || row.type === 'header' || row.entry.instances.length === 0) {
		return withMessage(state, 'The selection has no count or for_each instances');
	}

	const {instances, address} = row.entry;
	let index: number;
	if (row.type === 'block') {
		index = step === 1 ? 0 : instances.length - 1;
	} else {
		index = row.index + step;
		if (index < 0 || index >= instances.length) {
			return withMessage(state, step === 1 ? 'Last instance' : 'First instance');
		}
	}

	const expanded = state.expanded.has(address) ? state.expanded : new Set([...state.expanded, address]);
	return {...selectBlockRow({...state, expanded}, instances[index]), message: undefined};
}

function open(state: State, data: ExplorerData): State {
	switch (state.focus) {
		case 'modules': {
			return focusPane(state, 'blocks');
		}

		case 'blocks': {
			const row = selectedRow(data, state);
			// A module instance (or a module call without count/for_each): Enter goes into it.
			if (row && row.type !== 'header' && row.entry.kind === 'module' && (row.type === 'instance' || row.entry.mode === 'single') && data.locate(row.key)?.block === undefined) {
				return navigate(state, data, row.key);
			}

			if (row?.type === 'block' && row.entry.instances.length > 0) {
				const expanded = new Set(state.expanded);
				if (expanded.has(row.key)) {
					expanded.delete(row.key);
				} else {
					expanded.add(row.key);
				}

				return {...state, expanded};
			}

			return focusPane(state, 'details');
		}

		case 'edges': {
			const edge = selectedEdge(data, state);
			return edge ? navigate(state, data, edge.address) : withMessage(state, 'No edge to follow');
		}

		case 'details': {
			return focusPane(state, 'edges');
		}

		case 'console': {
			return state;
		}
	}
}

/**
Lines the console's output takes (each entry's text lines; a hint is one).
*/
function consoleLineCount(output: readonly ConsoleEntry[]): number {
	let lines = 0;
	for (const entry of output) {
		lines += entry.kind === 'hint' ? 1 : entry.text.split('\n').length;
	}

	return lines;
}

function pushOutput(console_: ConsoleState, entries: readonly ConsoleEntry[]): ConsoleState {
	return {...console_, output: [...console_.output, ...entries].slice(-consoleOutputLimit), scroll: 0};
}

/**
Asks the effect to rebuild the Workspace with these assumptions; the console says what was asked and, once done, what changed.
*/
function requestReassume(state: State, assumptions: readonly AssumptionRow[], note: string): State {
	const serial = state.reassumeSerial + 1;
	return {
		...state,
		reassume: {assumptions, serial},
		reassumeSerial: serial,
		console: pushOutput(state.console, [{kind: 'hint', text: `${note}: expanding again…`}]),
	};
}

/**
`:assume` (the list), `:assume ADDRESS = VALUE` (a new assumption, or a new value for one in force) and `:unassume ADDRESS`.
*/
function assumeCommand(state: State, data: ExplorerData, text: string): State | undefined {
	const match = /^:(un)?assume(?:\s+([\s\S]*))?$/.exec(text.trim());
	if (!match) {
		return undefined;
	}

	const history = state.console.history.at(-1) === text ? state.console.history : [...state.console.history, text].slice(-consoleHistoryLimit);
	const cleared: State = {...state, console: {...pushOutput(state.console, [{kind: 'input', text, context: consoleContext(data, state)}]), input: '', historyIndex: undefined, history}};
	if (!data.assumptions || !data.withAssumptions) {
		return {...cleared, console: pushOutput(cleared.console, [{kind: 'result', ok: false, text: 'Error: assumptions need a configuration loaded from a directory'}])};
	}

	const current = data.assumptions();
	const argument = (match[2] ?? '').trim();
	if (argument === '') {
		return match[1] === undefined ? {...cleared, overlay: {kind: 'assumptions', cursor: 0}} : {...cleared, console: pushOutput(cleared.console, [{kind: 'result', ok: false, text: 'Error: :unassume ADDRESS drops the assumption of ADDRESS (a lists them)'}])};
	}

	if (match[1] !== undefined) {
		const kept = current.filter(assumption => assumption.address !== argument);
		return kept.length === current.length
			? {...cleared, console: pushOutput(cleared.console, [{kind: 'result', ok: false, text: `Error: no assumption of ${argument} is in force`}])}
			: requestReassume(cleared, kept, `dropping ${argument}`);
	}

	const split = splitAssignment(argument);
	if (!split || split[0] === '' || split[1] === '') {
		return {...cleared, console: pushOutput(cleared.console, [{kind: 'result', ok: false, text: 'Error: expected :assume ADDRESS = VALUE (data.aws_region.current.name = "eu-west-1")'}])};
	}

	const [address, expression] = split;
	// A new value for an address in force replaces it where it stands.
	const row: AssumptionRow = {address, expression, source: ':assume'};
	const at = current.findIndex(assumption => assumption.address === address);
	const next = at === -1 ? [...current, row] : current.map((assumption, index) => (index === at ? row : assumption));
	return requestReassume(cleared, next, `assuming ${address}`);
}

/**
The rows of the assumptions view: the assumptions in force, then the unknowns an assumption could pin.
*/
function assumptionRows(data: ExplorerData): {readonly assumptions: readonly AssumptionRow[]; readonly length: number} {
	const assumptions = data.assumptions?.() ?? [];
	return {assumptions, length: assumptions.length + (data.unknownCauses?.().length ?? 0)};
}

/**
After the Workspace was rebuilt: the same module instance and selection where they still exist; a placeholder (`[*]`) that now has instances gives way to its block, a module instance that is gone to the nearest one above it.
*/
function keepPlace(state: State, data: ExplorerData): State {
	const modules = data.modules();
	const module = modules.some(row => row.address === state.module)
		? state.module
		: modules.filter(row => row.address === '' || state.module.startsWith(`${row.address}.`)).reduce((best, row) => (row.address.length > best.length ? row.address : best), '');
	let {selected} = state;
	if (module !== state.module) {
		selected = undefined;
	} else if (selected !== undefined && data.locate(selected) === undefined) {
		selected = data.blocks(module).find(entry => selected!.startsWith(`${entry.address}[`))?.address;
	}

	return {...state, module, selected, detailsScroll: 0, edgeCursor: 0};
}

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
	const history = console_.history.at(-1) === text ? console_.history : [...console_.history, text].slice(-consoleHistoryLimit);
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

function graphCenter(state: State, data: ExplorerData): string {
	return selectedAddress(data, state);
}

export function reduce(state: State, action: Action, data: ExplorerData): State {
	// A message lasts until the next key.
	const next = state.message === undefined || action.type === 'console-result' || action.type === 'console-history-loaded' || action.type === 'assumptions-applied' || action.type === 'assumptions-refused' ? state : {...state, message: undefined};
	const reduced = reduceAction(next, action, data);
	// `assumptions-applied` brings the data the next frames read: its module list is the one to check against.
	return showSelectedModule(reduced, action.type === 'assumptions-applied' ? action.data : data);
}

/**
The selected module instance is always a row the Modules pane shows: when a filter (or D) hides it, the first row shown becomes the selection, so the Blocks, Details, Edges and Console panes describe the module the cursor is on. With no row shown, the selection stays (the titles name it).
*/
function showSelectedModule(state: State, data: ExplorerData): State {
	if (state.filters.modules === '' && !state.changedOnly) {
		return state;
	}

	const {rows, index} = moduleList(data, state);
	const first = rows[0];
	return first === undefined || index.has(state.module) ? state : selectModule(state, first.address);
}

/**
Whether keys go to a text input (the console's or a prompt's) rather than to the panes.
*/
export function isTextEntry(state: State): boolean {
	return state.overlay.kind === 'prompt' || (state.focus === 'console' && state.overlay.kind === 'none' && state.console.browse === undefined);
}

function activeText(state: State): string {
	return state.overlay.kind === 'prompt' ? state.overlay.text : state.console.input;
}

function setActiveText(state: State, text: string, data: ExplorerData): State {
	return state.overlay.kind === 'prompt'
		? reduceAction(state, {type: 'prompt-change', text}, data)
		: reduceAction(state, {type: 'console-change', text}, data);
}

function isPrintable(name: string): boolean {
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
function editText(state: State, name: string, data: ExplorerData): State | undefined {
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

/**
Keys while the help's search is typed: text goes to the query (the list narrows at once), Backspace deletes, Enter keeps the search, Esc drops it, ↑/↓ scroll.
*/
function typeHelpSearch(state: State, name: string): State | undefined {
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

function pressKey(state: State, name: string, data: ExplorerData): State {
	const searched = typeHelpSearch(state, name);
	if (searched) {
		return searched;
	}

	if (isTextEntry(state)) {
		const edited = editText(state, name, data);
		if (edited) {
			return edited;
		}
	}

	const binding = resolveKey(name, state);
	if (!binding) {
		return state;
	}

	const address = selectedAddress(data, state);
	const reason = binding.disabledReason?.({state, steppable: isSteppable(data, state), ...(address !== '' && {selected: address})});
	return reason === undefined ? reduceAction(state, {type: binding.id}, data) : withMessage(state, reason);
}

/**
Text from a text input without control characters: Enter and Tab that arrived in the same read as text are keys (the input hook dispatches them), and nothing raw reaches the screen.
*/
function typedText(text: string): string {
	// eslint-disable-next-line no-control-regex
	return text.replaceAll(/[\u0000-\u001F\u007F-\u009F]/gu, '');
}

/**
What needs every instance of the configuration: while it is still being expanded (`data.expanding`), these keys say so instead of showing a partial answer.
*/
const waitsForExpansion: ReadonlySet<Action['type']> = new Set<Action['type']>(['show-graph', 'why', 'results-why', 'show-diagnostics', 'exclude', 'show-assumptions', 'details-assume', 'go-to']);

function reduceAction(state: State, action: Action, data: ExplorerData): State {
	if (data.expanding !== undefined && waitsForExpansion.has(action.type)) {
		return withMessage(state, 'Still expanding the configuration: available once every instance is made');
	}

	switch (action.type) {
		case 'key': {
			return pressKey(state, action.name, data);
		}

		case 'move-up': {
			return move(state, data, cursor => cursor - 1);
		}

		case 'move-down': {
			return move(state, data, cursor => cursor + 1);
		}

		case 'page-up': {
			return move(state, data, cursor => cursor - pageRows(state));
		}

		case 'page-down': {
			return move(state, data, cursor => cursor + pageRows(state));
		}

		case 'move-first': {
			// Home in Details: the top, and the cursor back on the first argument.
			const moved = move(state, data, () => 0);
			return state.focus === 'details' && state.overlay.kind === 'none' ? {...moved, detailsTarget: undefined} : moved;
		}

		case 'move-last': {
			return move(state, data, (_cursor, length) => length - 1);
		}

		case 'pane-left': {
			const leftOf: Record<PaneId, PaneId> = {modules: 'modules', blocks: 'modules', details: 'blocks', edges: 'blocks', console: 'console'};
			return focusPane(state, leftOf[state.focus]);
		}

		case 'pane-right': {
			const rightOf: Record<PaneId, PaneId> = {modules: 'blocks', blocks: 'details', details: 'details', edges: 'edges', console: 'console'};
			return focusPane(state, rightOf[state.focus]);
		}

		case 'focus-next-pane': {
			return cyclePane(state, 1);
		}

		case 'focus-previous-pane': {
			return cyclePane(state, -1);
		}

		case 'focus-pane': {
			return focusPane(state, action.pane);
		}

		case 'open': {
			return open(state, data);
		}

		case 'edges-open': {
			return reduceEdgeGroup(state, data, 'toggle') ?? open(state, data);
		}

		case 'edges-unfold': {
			return reduceEdgeGroup(state, data, 'unfold') ?? state;
		}

		case 'edges-fold': {
			return reduceEdgeGroup(state, data, 'fold') ?? reduceAction(state, {type: 'pane-left'}, data);
		}

		case 'details-scroll-left':
		case 'details-scroll-right': {
			const step = Math.max(8, Math.floor(state.viewRows.detailsWidth / 2));
			const column = state.detailsColumn + (action.type === 'details-scroll-right' ? step : -step);
			return {...state, detailsColumn: clamp(column, 0, Math.max(0, detailsWidestLine(data, state) - state.viewRows.detailsWidth))};
		}

		case 'zoom': {
			return {...state, zoomed: !state.zoomed};
		}

		case 'widen':
		case 'narrow': {
			const shares = resizeShares(state.shares, state.focus, action.type === 'widen' ? 1 : -1);
			if (state.focus === 'console') {
				return withMessage(state, 'The console takes the whole width: z zooms it');
			}

			return shares === state.shares ? withMessage(state, action.type === 'widen' ? 'As wide as it goes' : 'As narrow as it goes') : {...state, shares};
		}

		case 'details-toggle-unset': {
			return {...state, showUnset: !state.showUnset};
		}

		case 'details-unfold': {
			const address = selectedAddress(data, state);
			return {...state, unfolded: state.unfolded === address ? undefined : address};
		}

		case 'back': {
			if (state.overlay.kind !== 'none') {
				return {...state, overlay: {kind: 'none'}};
			}

			// Esc in a filtered list clears its filter first (as k9s does); the selection stays on its row.
			const list = state.focus === 'modules' || state.focus === 'blocks' || state.focus === 'edges' ? state.focus : undefined;
			if (list !== undefined && state.filters[list] !== '') {
				return {...state, filters: {...state.filters, [list]: ''}, ...(list === 'edges' && {edgeCursor: 0})};
			}

			return back(state);
		}

		case 'navigate': {
			return navigate(state, data, action.address);
		}

		case 'previous-instance':
		case 'details-previous-instance': {
			return revealDetailsCursor(stepInstance(state, data, -1), data);
		}

		case 'next-instance':
		case 'details-next-instance': {
			return revealDetailsCursor(stepInstance(state, data, 1), data);
		}

		case 'details-previous-target':
		case 'details-next-target': {
			return moveDetailsCursor(state, data, action.type === 'details-next-target' ? 1 : -1);
		}

		case 'details-assume': {
			const target = focusedDetailTarget(state, data);
			if (!target) {
				return withMessage(state, 'Nothing under the cursor to assume');
			}

			const assumable = assumptionAddress(state, data, target);
			if ('message' in assumable) {
				return withMessage(state, assumable.message);
			}

			return {...state, focus: 'console', textCursorFromEnd: 0, console: {...state.console, browse: undefined, pending: [], input: `:assume ${assumable.address} = `, historyIndex: undefined}};
		}

		case 'results-previous':
		case 'results-next':
		case 'results-why':
		case 'results-edit':
		case 'results-type':
		case 'results-leave': {
			return reduceResults(state, action, data);
		}

		case 'mouse': {
			return reduceMouse(state, action, data, {
				move: (from, target) => move(from, data, target),
				reduce: (from, next) => reduceAction(from, next, data),
			});
		}

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

		case 'show-graph': {
			return {...state, overlay: {kind: 'graph', center: graphCenter(state, data), cursor: 0}};
		}

		case 'graph-previous':
		case 'graph-next': {
			const {overlay} = state;
			if (overlay.kind !== 'graph') {
				return state;
			}

			const nodes = data.drawGraph(overlay.center, 0, 0).nodes.length;
			const step = action.type === 'graph-next' ? 1 : -1;
			return nodes === 0 ? state : {...state, overlay: {...overlay, cursor: (overlay.cursor + step + nodes) % nodes}};
		}

		case 'graph-jump': {
			const {overlay} = state;
			if (overlay.kind !== 'graph') {
				return state;
			}

			const target = data.drawGraph(overlay.center, 0, 0).nodes[overlay.cursor];
			return target === undefined ? state : {...navigate({...state, overlay: {kind: 'none'}}, data, target), focus: 'blocks'};
		}

		case 'toggle-changed-only': {
			if (data.diffSummary === undefined) {
				return withMessage(state, 'No diff: open the explorer with --diff REV');
			}

			return withMessage({...state, changedOnly: !state.changedOnly}, state.changedOnly ? 'Showing everything' : 'Showing only what changed (D: everything)');
		}

		case 'why': {
			return openWhy(state, data, whySubject(state, data));
		}

		case 'why-previous':
		case 'why-next':
		case 'why-fold':
		case 'why-unfold':
		case 'why-jump':
		case 'close-why': {
			return reduceWhy(state, action, data, (from, address) => navigate(from, data, address));
		}

		case 'show-diagnostics': {
			return {...state, overlay: {kind: 'diagnostics', cursor: 0, severity: 'all'}};
		}

		case 'diagnostics-open': {
			const {overlay} = state;
			if (overlay.kind !== 'diagnostics') {
				return state;
			}

			const row = diagnosticGroups(data, overlay.severity)[overlay.cursor]?.first;
			const address = row?.filename === undefined || row.line === undefined ? undefined : data.addressAt?.(row.filename, row.line);
			if (address === undefined) {
				return withMessage(state, row ? 'No block at this place' : 'No diagnostic selected');
			}

			return {...navigate({...state, overlay: {kind: 'none'}}, data, address), focus: 'details'};
		}

		case 'diagnostics-severity': {
			const {overlay} = state;
			if (overlay.kind !== 'diagnostics') {
				return state;
			}

			const next = {all: 'error', error: 'warning', warning: 'all'} as const;
			return {...state, overlay: {...overlay, severity: next[overlay.severity], cursor: 0}};
		}

		case 'exclude': {
			const address = selectedAddress(data, state);
			if (!data.skipped) {
				return withMessage(state, 'Excluding needs a configuration loaded from a directory');
			}

			const included = state.excluded.includes(address);
			const excluded = included ? state.excluded.filter(each => each !== address) : [...state.excluded, address];
			const count = data.skipped(excluded).size;
			return withMessage({...state, excluded}, `${included ? 'Included' : 'Excluded'} ${address === '' ? 'root' : address}: ${count} instance${count === 1 ? '' : 's'} skipped as tofu plan -exclude would`);
		}

		case 'show-assumptions': {
			return {...state, overlay: {kind: 'assumptions', cursor: 0}};
		}

		case 'assumption-drop': {
			const {overlay} = state;
			if (overlay.kind !== 'assumptions') {
				return state;
			}

			const {assumptions} = assumptionRows(data);
			const dropped = assumptions[overlay.cursor];
			if (!dropped) {
				return withMessage(state, 'Only an assumption in force can be dropped (Enter writes one for this unknown)');
			}

			return requestReassume({...state, overlay: {...overlay, cursor: Math.max(0, Math.min(overlay.cursor, assumptions.length - 2))}}, assumptions.filter(assumption => assumption !== dropped), `dropping ${dropped.address}`);
		}

		case 'assumption-write': {
			const {overlay} = state;
			if (overlay.kind !== 'assumptions') {
				return state;
			}

			const {assumptions} = assumptionRows(data);
			const assumption = assumptions[overlay.cursor];
			const cause = assumption ? undefined : data.unknownCauses?.()[overlay.cursor - assumptions.length];
			const input = assumption ? `:assume ${assumption.address} = ${assumption.expression.replaceAll('\n', ' ')}` : (cause ? `:assume ${cause.address} = ` : undefined);
			return input === undefined ? state : {...state, overlay: {kind: 'none'}, focus: 'console', textCursorFromEnd: 0, console: {...state.console, input, historyIndex: undefined}};
		}

		case 'assumptions-applied': {
			if (state.reassume?.serial !== action.serial) {
				return state;
			}

			const applied = keepPlace({...state, reassume: undefined}, action.data);
			return {...applied, console: pushOutput(applied.console, [{kind: 'result', ok: true, text: action.summary}])};
		}

		case 'assumptions-refused': {
			if (state.reassume?.serial !== action.serial) {
				return state;
			}

			return {...state, reassume: undefined, console: pushOutput(state.console, [{kind: 'result', ok: false, text: `Error: ${action.message}`}])};
		}

		case 'close-help': {
			// With a search shown, the first Esc clears it.
			return state.overlay.kind === 'help' && (state.overlay.query ?? '') !== '' ? {...state, overlay: {...state.overlay, query: '', scroll: 0}} : {...state, overlay: {kind: 'none'}};
		}

		case 'close-assumptions':
		case 'close-view':
		case 'close-diagnostics': {
			return {...state, overlay: {kind: 'none'}};
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

		case 'focus-console': {
			return focusPane(state, 'console');
		}

		case 'leave-console': {
			return startBrowsing(state);
		}

		case 'copy-address': {
			const address = selectedAddress(data, state);
			return {
				...state,
				clipboard: {text: address, serial: (state.clipboard?.serial ?? 0) + 1},
				message: `Copied ${address === '' ? 'root' : address}`,
			};
		}

		case 'quit':
		case 'force-quit': {
			return {...state, quitting: true};
		}

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

			// The result goes right after its input line (later lines of a paste may already be shown).
			const result: ConsoleEntry = {kind: 'result', text: action.text, ok: action.ok};
			const at = output.findIndex(entry => entry.kind === 'input' && entry.serial === action.serial);
			const placed = at === -1 ? [...output, result] : [...output.slice(0, at + 1), result, ...output.slice(at + 1)];
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
			const limit = Math.max(0, consoleLineCount(state.console.output) - state.consolePageSize - 1 + state.console.pending.length);
			return {...state, console: {...state.console, scroll: Math.min(limit, state.console.scroll + state.consolePageSize)}};
		}

		case 'console-scroll-down': {
			return {...state, console: {...state.console, scroll: Math.max(0, state.console.scroll - state.consolePageSize)}};
		}

		case 'show-message': {
			return withMessage(state, action.text);
		}

		case 'resize': {
			const consolePageSize = Math.max(1, action.consoleRows - 1);
			const same = consolePageSize === state.consolePageSize && (Object.keys(action.viewRows) as Array<keyof State['viewRows']>).every(key => action.viewRows[key] === state.viewRows[key]);
			return same ? state : {...state, viewRows: action.viewRows, consolePageSize};
		}
	}
}
