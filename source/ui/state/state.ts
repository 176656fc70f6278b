import type {AssumptionRow, EdgeGroup, WhySubject} from '../explorer-data.js';
import type {PaneId, Scope} from '../input/keymap.js';
import {defaultShares, type PaneShares} from '../layout/layout.js';

export type SeverityFilter = 'all' | 'error' | 'warning';

export type ListFilterTarget = 'modules' | 'blocks' | 'edges';

export type Overlay =
	| {readonly kind: 'none'}
	/** `first`: the scope whose keys come first (the focused pane's); `query`: the search typed after `/` (`searching` while it is typed). */
	| {readonly kind: 'help'; readonly scroll: number; readonly first?: Scope; readonly query?: string; readonly searching?: boolean}
	| {readonly kind: 'graph'; readonly center: string; readonly cursor: number}
	/** `cursor` indexes the groups of identical diagnostics shown under the severity filter. */
	| {readonly kind: 'diagnostics'; readonly cursor: number; readonly severity: SeverityFilter}
	/** The assumptions in force, then the unknowns an assumption could pin; `cursor` indexes both, in that order. */
	| {readonly kind: 'assumptions'; readonly cursor: number}
	/** The why view (`w`): a trace as a foldable tree; `cursor` indexes the visible rows, `folded` holds row ids (`0.2.1`). */
	| {readonly kind: 'why'; readonly subject: WhySubject; readonly cursor: number; readonly folded: ReadonlySet<string>}
	| {readonly kind: 'prompt'; readonly purpose: 'filter'; readonly target: ListFilterTarget; readonly text: string}
	| {readonly kind: 'prompt'; readonly purpose: 'go-to'; readonly text: string; readonly cursor: number};

/**
One place in the navigation history (like a browser's).
*/
export type Location = {
	readonly module: string;
	readonly selected: string | undefined;
	readonly focus: PaneId;
	readonly edgeCursor: number;
};

export type ConsoleEntry =
	/** `serial` ties the entry to its evaluation request: the result is shown right after it. */
	| {readonly kind: 'input'; readonly text: string; readonly context: string; readonly serial?: number}
	| {readonly kind: 'result'; readonly text: string; readonly ok: boolean}
	| {readonly kind: 'hint'; readonly text: string};

export type ConsoleRequest = {readonly expression: string; readonly context: string; readonly serial: number};

export type ConsoleState = {
	readonly input: string;
	/** Lines entered so far of an expression whose brackets are still open. */
	readonly pending: readonly string[];
	readonly output: readonly ConsoleEntry[];
	/** Oldest first. */
	readonly history: readonly string[];
	/** Position while browsing history with ↑/↓; undefined when editing a new line. */
	readonly historyIndex: number | undefined;
	/** Browsing the output (Esc from the input line): the index in `output` of the selected expression's input entry; undefined while typing. */
	readonly browse?: number | undefined;
	/** Lines scrolled up from the bottom of the output. */
	readonly scroll: number;
	/** Expressions waiting for the evaluation effect, oldest first: a paste of several lines submits several at once, and each is evaluated in turn, as `terraform console` does with pasted lines. */
	readonly requests: readonly ConsoleRequest[];
	/** Serial of the last request, so a late result of an old request is ignored. */
	readonly serial: number;
};

export type State = {
	readonly focus: PaneId;
	readonly overlay: Overlay;
	/** Selected module instance address (`''` is root). */
	readonly module: string;
	/** Selected block or instance address in the Blocks pane; undefined means the first row. */
	readonly selected: string | undefined;
	/** Blocks (count/for_each) whose instances are shown. */
	readonly expanded: ReadonlySet<string>;
	readonly edgeCursor: number;
	/** The groups of a module call's edges opened in the Edges pane, for the address they were opened on. */
	readonly openEdgeGroups: {readonly address: string; readonly groups: readonly EdgeGroup[]} | undefined;
	readonly detailsScroll: number;
	/** The address whose Details show every value in full (Enter in Details); other selections fold long values. */
	readonly unfolded: string | undefined;
	/** Details lists the schema attributes left unset (`u`). */
	readonly showUnset: boolean;
	/** The Details cursor's target (`argument:tags`): kept by key, so stepping to the next instance keeps it on the same argument. */
	readonly detailsTarget: string | undefined;
	/** Columns the Details pane is scrolled sideways. */
	readonly detailsColumn: number;
	/** The focused pane is shown alone (z). */
	readonly zoomed: boolean;
	/** How the width is shared between the panes (+/-). */
	readonly shares: PaneShares;
	readonly filters: Readonly<Record<ListFilterTarget, string>>;
	/** Under `--diff`: the lists show only what the change marks (D). */
	readonly changedOnly: boolean;
	readonly history: readonly Location[];
	/** One line for the status bar: why a key did nothing, what was copied. */
	readonly message: string | undefined;
	readonly console: ConsoleState;
	/** Text for the clipboard effect (OSC 52); serial makes a repeated copy a new request. */
	readonly clipboard: {readonly text: string; readonly serial: number} | undefined;
	readonly quitting: boolean;
	/** Counts prompts opened, so a text input's late change cannot land in the next prompt. */
	readonly promptSerial: number;
	/** The text cursor of the console or the open prompt, in characters from the end of the text. */
	readonly textCursorFromEnd: number;
	/** Rows each view shows now (a page key moves that many; scrolling stops where the last row is in view). */
	readonly viewRows: ViewRows;
	readonly consolePageSize: number;
	/** The Workspace rebuilt with these assumptions, waiting for the effect (`:assume`, dropping one); the serial ties its result to the request. */
	readonly reassume: {readonly assumptions: readonly AssumptionRow[]; readonly serial: number} | undefined;
	readonly reassumeSerial: number;
	/** Addresses excluded as `tofu plan -exclude` would (X): what they skip is marked. */
	readonly excluded: readonly string[];
};

export type ViewRows = {
	readonly modules: number;
	readonly blocks: number;
	readonly details: number;
	readonly edges: number;
	/** The body of a view over the panes (diagnostics, why, graph, assumptions): rows inside its border and title. */
	readonly diagnostics: number;
	/** Columns inside a view over the panes. */
	readonly viewWidth: number;
	/** Lines the help overlay shows at once (all its columns). */
	readonly help: number;
	/** Columns inside the Details pane. */
	readonly detailsWidth: number;
};

export const initialConsole: ConsoleState = {
	input: '', pending: [], output: [], history: [], historyIndex: undefined, scroll: 0, requests: [], serial: 0,
};

export function createInitialState(overrides: Partial<State> = {}): State {
	return {
		focus: 'modules',
		overlay: {kind: 'none'},
		module: '',
		selected: undefined,
		expanded: new Set(),
		edgeCursor: 0,
		openEdgeGroups: undefined,
		detailsScroll: 0,
		unfolded: undefined,
		showUnset: false,
		detailsTarget: undefined,
		detailsColumn: 0,
		zoomed: false,
		shares: defaultShares,
		filters: {modules: '', blocks: '', edges: ''},
		changedOnly: false,
		history: [],
		message: undefined,
		console: initialConsole,
		clipboard: undefined,
		quitting: false,
		promptSerial: 0,
		textCursorFromEnd: 0,
		viewRows: {modules: 10, blocks: 10, details: 10, edges: 10, diagnostics: 10, viewWidth: 40, help: 10, detailsWidth: 40},
		consolePageSize: 3,
		reassume: undefined,
		reassumeSerial: 0,
		excluded: [],
		...overrides,
	};
}
