import {blockKinds, type BlockEntry, type BlockKind, type DiagnosticRow, type Edge, type ExplorerData, type ModuleRow} from '../explorer-data.js';
import {detailView, type DetailTarget, type DetailView, type StyledLine} from '../text/detail-lines.js';
import {textWidth} from '../text/lines.js';
import type {SeverityFilter, State} from './state.js';

/*
What the panes show, derived from the data and the state. List selectors are memoised on their inputs (by identity), so a key press that only moves the cursor costs a map lookup, not work proportional to the configuration.
*/

export type BlockRow =
	| {readonly type: 'header'; readonly key: string; readonly kind: BlockKind; readonly count: number}
	| {readonly type: 'block'; readonly key: string; readonly entry: BlockEntry}
	| {readonly type: 'instance'; readonly key: string; readonly entry: BlockEntry; readonly index: number};

export type IndexedList<T> = {
	readonly rows: readonly T[];
	/** Row index of each address. */
	readonly index: ReadonlyMap<string, number>;
};

/**
Subsequence match, ignoring case: `nets` matches `module.net["eu"].aws_subnet`.
*/
export function fuzzyMatch(query: string, text: string): boolean {
	if (query === '') {
		return true;
	}

	const needle = query.toLowerCase();
	const haystack = text.toLowerCase();
	let position = 0;
	for (const character of needle) {
		position = haystack.indexOf(character, position);
		if (position === -1) {
			return false;
		}

		position += character.length;
	}

	return true;
}

/**
Lower is better: exact substring first (earlier is better), then subsequence matches by length.
*/
export function fuzzyScore(query: string, text: string): number {
	const at = text.toLowerCase().indexOf(query.toLowerCase());
	return at === -1 ? 1_000_000 + text.length : (at * 1000) + text.length;
}

/**
Remembers the last few results by argument identity: a few, not one, so looking at the rows next to the selection (prefetching) does not push out the current one.
*/
function memoize<Arguments extends readonly unknown[], Result>(compute: (...arguments_: Arguments) => Result, size = 4): (...arguments_: Arguments) => Result {
	const recent: Array<{arguments_: Arguments; result: Result}> = [];
	return (...arguments_: Arguments) => {
		const hit = recent.find(entry => entry.arguments_.length === arguments_.length && entry.arguments_.every((value, index) => value === arguments_[index]));
		if (hit) {
			return hit.result;
		}

		const result = compute(...arguments_);
		recent.unshift({arguments_, result});
		recent.length = Math.min(recent.length, size);
		return result;
	};
}

function indexBy<T>(rows: readonly T[], keyOf: (row: T) => string): IndexedList<T> {
	const index = new Map<string, number>();
	for (const [position, row] of rows.entries()) {
		index.set(keyOf(row), position);
	}

	return {rows, index};
}

const memoModules = memoize((all: readonly ModuleRow[], filter: string, changedOnly: boolean): IndexedList<ModuleRow> => {
	// Under --plan a module instance is kept when something in its subtree changes (its counts), so the path to every change stays.
	const marked = changedOnly ? all.filter(row => row.mark !== undefined || row.planned !== undefined) : all;
	const rows = filter === '' ? marked : marked.filter(row => fuzzyMatch(filter, row.label));
	return indexBy(rows, row => row.address);
});

export function moduleList(data: ExplorerData, state: State): IndexedList<ModuleRow> {
	return memoModules(data.modules(), state.filters.modules, state.changedOnly);
}

export function moduleCursor(data: ExplorerData, state: State): number {
	return moduleList(data, state).index.get(state.module) ?? 0;
}

const memoBlocks = memoize((data: ExplorerData, module: string, expanded: ReadonlySet<string>, filter: string, changedOnly: boolean): IndexedList<BlockRow> => {
	// Under --diff or --plan with D: only the blocks the change marks, and only their changed instances.
	const entries = changedOnly ? data.blocks(module).filter(entry => entry.mark !== undefined).map(entry => entry.instanceMarks ? {...entry, instances: entry.instances.filter(address => entry.instanceMarks!.has(address))} : entry) : data.blocks(module);
	const rows: BlockRow[] = [];
	for (const kind of blockKinds) {
		const ofKind = entries.filter(entry => entry.kind === kind);
		const kindRows: BlockRow[] = [];
		for (const entry of ofKind) {
			const blockMatches = fuzzyMatch(filter, entry.label);
			// With a filter, instances whose key matches show even when their block is folded, so any instance can be found; their block row shows too, for context.
			const instanceRows: BlockRow[] = [];
			if (expanded.has(entry.address) || (filter !== '' && entry.instances.length > 0)) {
				for (const [index, address] of entry.instances.entries()) {
					if (filter === '' || blockMatches || fuzzyMatch(filter, address.slice(entry.address.length))) {
						instanceRows.push({type: 'instance', key: address, entry, index});
					}
				}
			}

			if (blockMatches || instanceRows.length > 0) {
				kindRows.push({type: 'block', key: entry.address, entry}, ...instanceRows);
			}
		}

		if (kindRows.length > 0) {
			rows.push({type: 'header', key: `#${kind}`, kind, count: ofKind.length}, ...kindRows);
		}
	}

	return indexBy(rows, row => row.key);
});

export function blockList(data: ExplorerData, state: State): IndexedList<BlockRow> {
	return memoBlocks(data, state.module, state.expanded, state.filters.blocks, state.changedOnly);
}

/**
Index of the selected row in the Blocks pane: the selected address, else the first row that is not a header; -1 when there is none.
*/
export function blockCursor(data: ExplorerData, state: State): number {
	const {rows, index} = blockList(data, state);
	const found = state.selected === undefined ? undefined : index.get(state.selected);
	if (found !== undefined) {
		return found;
	}

	return rows.findIndex(row => row.type !== 'header');
}

export function selectedRow(data: ExplorerData, state: State): BlockRow | undefined {
	const cursor = blockCursor(data, state);
	return cursor === -1 ? undefined : blockList(data, state).rows[cursor];
}

/**
The address the Details and Edges panes describe: the selected block or instance, else the module instance.
*/
export function selectedAddress(data: ExplorerData, state: State): string {
	const row = selectedRow(data, state);
	return row && row.type !== 'header' ? row.key : state.module;
}

/**
Where console expressions are evaluated: an instance or a single block binds its own scope (`each.*`, `count.index`); a block that expands to many evaluates in its module instance.
*/
export function consoleContext(data: ExplorerData, state: State): string {
	const row = selectedRow(data, state);
	// An action or query list instance binds its own count.index/each too (`console --at action.TYPE.NAME[KEY]`).
	if (row?.type === 'instance' || (row?.type === 'block' && row.entry.mode === 'single' && (row.entry.kind === 'resource' || row.entry.kind === 'data' || row.entry.kind === 'ephemeral' || row.entry.kind === 'action' || row.entry.kind === 'list'))) {
		return row.key;
	}

	return state.module;
}

export function isSteppable(data: ExplorerData, state: State): boolean {
	const row = selectedRow(data, state);
	return row !== undefined && row.type !== 'header' && row.entry.instances.length > 0;
}

const memoEdges = memoize((data: ExplorerData, address: string, filter: string): readonly Edge[] => {
	const all = data.edges(address);
	const sorted = [...all.filter(edge => edge.direction === 'in'), ...all.filter(edge => edge.direction === 'out')];
	return filter === '' ? sorted : sorted.filter(edge => fuzzyMatch(filter, `${edge.address} ${edge.expression}`));
});

export function edgeList(data: ExplorerData, state: State): readonly Edge[] {
	return memoEdges(data, selectedAddress(data, state), state.filters.edges);
}

const noneSkipped: ReadonlyMap<string, string> = new Map();

const memoSkipped = memoize((data: ExplorerData, excluded: readonly string[]): ReadonlyMap<string, string> => (excluded.length === 0 ? noneSkipped : data.skipped?.(excluded) ?? noneSkipped));

/**
What the excluded addresses (X) skip, as `tofu plan -exclude` would: instance address to why.
*/
export function skippedInstances(data: ExplorerData, state: State): ReadonlyMap<string, string> {
	return memoSkipped(data, state.excluded);
}

const goToLimit = 50;

/**
Addresses matching the go-to prompt, best first (at most 50).
*/
export function goToCandidates(data: ExplorerData, text: string): readonly string[] {
	const matches: string[] = [];
	for (const address of data.addresses()) {
		if (fuzzyMatch(text, address)) {
			matches.push(address);
		}
	}

	return matches.sort((a, b) => fuzzyScore(text, a) - fuzzyScore(text, b)).slice(0, goToLimit);
}

/**
Longest common prefix of some strings.
*/
export function commonPrefix(words: readonly string[]): string {
	const [first, ...rest] = words;
	if (first === undefined) {
		return '';
	}

	let length = first.length;
	for (const word of rest) {
		let same = 0;
		while (same < length && same < word.length && word[same] === first[same]) {
			same++;
		}

		length = same;
	}

	return first.slice(0, length);
}

const noDetails: DetailView = {lines: [], targets: []};

const memoDetails = memoize((data: ExplorerData, address: string, unfolded: boolean, showUnset: boolean): DetailView => {
	const details = data.details(address);
	return details ? detailView(details, {unfolded, showUnset}) : noDetails;
});

function detailsOf(data: ExplorerData, state: State): DetailView {
	const address = selectedAddress(data, state);
	return memoDetails(data, address, state.unfolded === address, state.showUnset);
}

/**
The Details pane's lines for the selection (long values folded unless the selection was unfolded with Enter).
*/
export function detailsView(data: ExplorerData, state: State): readonly StyledLine[] {
	return detailsOf(data, state).lines;
}

/**
What the Details cursor can rest on, in the order shown.
*/
export function detailsTargets(data: ExplorerData, state: State): readonly DetailTarget[] {
	return detailsOf(data, state).targets;
}

/**
Index of the Details cursor's target: the one last chosen (by its key: the same argument from one instance to the next), else the first argument, else the first target; -1 when there is none.
*/
export function detailsCursor(data: ExplorerData, state: State): number {
	const targets = detailsTargets(data, state);
	const chosen = state.detailsTarget === undefined ? -1 : targets.findIndex(target => target.key === state.detailsTarget);
	if (chosen !== -1) {
		return chosen;
	}

	const argument = targets.findIndex(target => target.kind === 'argument');
	return argument === -1 ? (targets.length > 0 ? 0 : -1) : argument;
}

/**
The furthest the Details pane scrolls: its last line at the bottom of the pane.
*/
export function detailsScrollLimit(data: ExplorerData, state: State): number {
	return Math.max(0, detailsView(data, state).length - state.viewRows.details);
}

const memoWidest = memoize((lines: readonly StyledLine[]): number => {
	let widest = 0;
	for (const line of lines) {
		let width = 0;
		for (const segment of line) {
			width += textWidth(segment.text);
		}

		widest = Math.max(widest, width);
	}

	return widest;
});

/**
Columns of the widest line in Details: how far it scrolls sideways.
*/
export function detailsWidestLine(data: ExplorerData, state: State): number {
	return memoWidest(detailsView(data, state));
}

/**
Diagnostics with the same severity, summary and place, as one row: a module called 89 times reports its problem 89 times, once per instance (the details say which).
*/
export type DiagnosticGroup = {
	readonly first: DiagnosticRow;
	readonly members: readonly DiagnosticRow[];
};

const memoGroups = memoize((rows: readonly DiagnosticRow[], severity: SeverityFilter): readonly DiagnosticGroup[] => {
	const groups = new Map<string, DiagnosticRow[]>();
	for (const row of rows) {
		if (severity !== 'all' && row.severity !== severity) {
			continue;
		}

		const key = `${row.severity}\u0000${row.summary}\u0000${row.where}`;
		const members = groups.get(key);
		if (members) {
			members.push(row);
		} else {
			groups.set(key, [row]);
		}
	}

	return [...groups.values()].map(members => ({first: members[0]!, members}));
});

export function diagnosticGroups(data: ExplorerData, severity: SeverityFilter): readonly DiagnosticGroup[] {
	return memoGroups(data.diagnostics(), severity);
}
