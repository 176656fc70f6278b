import type {State} from '../state/state.js';

/*
The one table of key bindings. The input hook, the status bar, the help overlay and the readme's key table are all read from it (a test checks the readme). Scopes are tried from the most specific (the open overlay or prompt, then the focused pane) to `global`.
*/

export type PaneId = 'modules' | 'blocks' | 'details' | 'edges' | 'console';

export const paneOrder: readonly PaneId[] = ['modules', 'blocks', 'details', 'edges', 'console'];

/** `results`: the console's output browsed (Esc from its input line) rather than typed into. */
export type Scope = 'global' | PaneId | 'results' | 'prompt' | 'graph' | 'diagnostics' | 'assumptions' | 'why' | 'help';

export type Group = 'navigation' | 'selection' | 'views' | 'console' | 'application';

export type Binding = {
	readonly id: BindingId;
	/** Key names: a printable character, or `up`, `down`, `left`, `right`, `enter`, `escape`, `tab`, `shift+tab`, `backspace`, `pageup`, `pagedown`, `home`, `end`, `ctrl+c` (and other `ctrl+` letters). */
	readonly keys: readonly string[];
	/** How the keys are shown. */
	readonly help: string;
	readonly description: string;
	readonly scope: Scope;
	readonly group: Group;
	/** Shown in the status bar for its scope (help shows everything). */
	readonly status?: boolean;
	/** Why the binding does nothing now, shown instead of silently ignoring the key. */
	readonly disabledReason?: (context: BindingContext) => string | undefined;
};

/**
What a binding can look at to decide whether it applies.
*/
export type BindingContext = {
	readonly state: State;
	/** The selection is a block with count/for_each or one of its instances. */
	readonly steppable: boolean;
	readonly selected?: string;
};

const noInstances = 'The selection has no count or for_each instances';

export const keymap = [
	{id: 'move-up', keys: ['up', 'k'], help: '↑/k', description: 'Move up', scope: 'global', group: 'navigation'},
	{id: 'move-down', keys: ['down', 'j'], help: '↓/j', description: 'Move down', scope: 'global', group: 'navigation', status: true},
	{id: 'page-up', keys: ['pageup'], help: 'PgUp', description: 'Page up', scope: 'global', group: 'navigation'},
	{id: 'page-down', keys: ['pagedown'], help: 'PgDn', description: 'Page down', scope: 'global', group: 'navigation'},
	{id: 'move-first', keys: ['g', 'home'], help: 'g/Home', description: 'First row (top)', scope: 'global', group: 'navigation'},
	{id: 'move-last', keys: ['G', 'end'], help: 'G/End', description: 'Last row (bottom)', scope: 'global', group: 'navigation'},
	{id: 'pane-left', keys: ['left', 'h'], help: '←/h', description: 'Pane to the left', scope: 'global', group: 'navigation'},
	{id: 'pane-right', keys: ['right', 'l'], help: '→/l', description: 'Pane to the right', scope: 'global', group: 'navigation'},
	{id: 'focus-next-pane', keys: ['tab'], help: 'Tab', description: 'Next pane', scope: 'global', group: 'navigation', status: true},
	{id: 'focus-previous-pane', keys: ['shift+tab'], help: 'Shift-Tab', description: 'Previous pane', scope: 'global', group: 'navigation'},
	{id: 'open', keys: ['enter'], help: 'Enter', description: 'Open, expand or follow the edge', scope: 'global', group: 'navigation', status: true},
	{id: 'back', keys: ['escape', 'backspace'], help: 'Esc/Backspace', description: 'Back (navigation history); in a filtered list, clear the filter first', scope: 'global', group: 'navigation', status: true},
	{
		id: 'previous-instance', keys: ['['], help: '[', description: 'Previous instance of count/for_each', scope: 'global', group: 'selection', disabledReason: undefinedIfStepping,
	},
	{
		id: 'next-instance', keys: [']'], help: ']', description: 'Next instance of count/for_each', scope: 'global', group: 'selection', status: true, disabledReason: undefinedIfStepping,
	},
	{id: 'details-previous-target', keys: ['up', 'k'], help: '↑/k', description: 'Previous argument (w traces the one under the cursor)', scope: 'details', group: 'selection'},
	{id: 'details-next-target', keys: ['down', 'j'], help: '↓/j', description: 'Next argument (past the last: scroll on into the source)', scope: 'details', group: 'selection', status: true},
	{id: 'details-assume', keys: ['A'], help: 'A', description: 'Assume a value for the unknown under the cursor: writes :assume ADDRESS = in the console', scope: 'details', group: 'selection', status: true},
	{
		id: 'details-previous-instance', keys: ['left', 'h'], help: '←/h', description: 'Previous instance', scope: 'details', group: 'selection', status: true, disabledReason: undefinedIfStepping,
	},
	{
		id: 'details-next-instance', keys: ['right', 'l'], help: '→/l', description: 'Next instance', scope: 'details', group: 'selection', status: true, disabledReason: undefinedIfStepping,
	},
	{id: 'details-unfold', keys: ['enter'], help: 'Enter', description: 'Show long values in full (again: fold them)', scope: 'details', group: 'selection', status: true},
	{id: 'details-toggle-unset', keys: ['u'], help: 'u', description: 'List the schema attributes left unset (again: hide them)', scope: 'details', group: 'selection'},
	{id: 'details-scroll-left', keys: ['<'], help: '<', description: 'Scroll Details left', scope: 'details', group: 'navigation'},
	{id: 'details-scroll-right', keys: ['>'], help: '>', description: 'Scroll Details right (long values)', scope: 'details', group: 'navigation'},
	{id: 'edges-open', keys: ['enter'], help: 'Enter', description: 'Follow the edge; on a group of a module call\'s edges (inputs, dependents, contents): open it (again: fold it)', scope: 'edges', group: 'navigation', status: true},
	{id: 'edges-unfold', keys: ['right', 'l'], help: '→/l', description: 'Open the group', scope: 'edges', group: 'navigation'},
	{id: 'edges-fold', keys: ['left', 'h'], help: '←/h', description: 'Fold the group the cursor is in (elsewhere: the pane to the left)', scope: 'edges', group: 'navigation'},
	{id: 'zoom', keys: ['z', 'ctrl+z'], help: 'z', description: 'Zoom the focused pane to the whole screen (again: back); Ctrl-Z in the console', scope: 'global', group: 'views', status: true},
	{id: 'widen', keys: ['+', '='], help: '+', description: 'Widen the focused pane', scope: 'global', group: 'views'},
	{id: 'narrow', keys: ['-'], help: '-', description: 'Narrow the focused pane', scope: 'global', group: 'views'},
	{id: 'filter', keys: ['/'], help: '/', description: 'Fuzzy filter the focused list', scope: 'global', group: 'views', status: true},
	{id: 'go-to', keys: [':'], help: ':', description: 'Go to an address (Tab completes)', scope: 'global', group: 'views', status: true},
	{id: 'show-graph', keys: ['v'], help: 'v', description: 'Graph of the selection\'s neighbourhood', scope: 'global', group: 'views', status: true},
	{id: 'toggle-changed-only', keys: ['D'], help: 'D', description: 'With --diff REV or --plan FILE: only what changes (again: everything)', scope: 'global', group: 'views'},
	{id: 'show-diagnostics', keys: ['d'], help: 'd', description: 'All diagnostics', scope: 'global', group: 'views'},
	{id: 'exclude', keys: ['X'], help: 'X', description: 'Exclude the selection as tofu plan -exclude does (again: include it); what it skips is marked ⊖', scope: 'global', group: 'views'},
	{id: 'show-assumptions', keys: ['a'], help: 'a', description: 'Assumptions in force and the unknowns they can pin', scope: 'global', group: 'views'},
	{id: 'why', keys: ['w'], help: 'w', description: 'Why: where the selection\'s values (or the edge\'s expression) come from, why they are not known', scope: 'global', group: 'views', status: true},
	{id: 'focus-console', keys: ['c', '`'], help: 'c/`', description: 'Focus the console', scope: 'global', group: 'views', status: true},
	{
		id: 'copy-address', keys: ['y'], help: 'y', description: 'Copy the selected address (OSC 52)', scope: 'global', group: 'application', disabledReason: context => (context.selected === undefined ? 'Nothing is selected' : undefined),
	},
	{id: 'toggle-help', keys: ['?'], help: '?', description: 'Help: every key binding', scope: 'global', group: 'application', status: true},
	{id: 'quit', keys: ['q'], help: 'q', description: 'Quit', scope: 'global', group: 'application', status: true},
	{id: 'force-quit', keys: ['ctrl+c'], help: 'Ctrl-C', description: 'Quit, from anywhere', scope: 'global', group: 'application'},
	{id: 'console-submit', keys: ['enter'], help: 'Enter', description: 'Evaluate (continues while brackets are open); :clear clears; :assume ADDRESS = VALUE pins an unknown', scope: 'console', group: 'console', status: true},
	{id: 'history-previous', keys: ['up'], help: '↑', description: 'Previous expression in history', scope: 'console', group: 'console', status: true},
	{id: 'history-next', keys: ['down'], help: '↓', description: 'Next expression in history', scope: 'console', group: 'console'},
	{id: 'console-complete', keys: ['tab'], help: 'Tab', description: 'Complete names, attributes and map keys of known values, functions (with their parameters)', scope: 'console', group: 'console', status: true},
	{id: 'console-scroll-up', keys: ['pageup'], help: 'PgUp', description: 'Scroll results up', scope: 'console', group: 'console'},
	{id: 'console-scroll-down', keys: ['pagedown'], help: 'PgDn', description: 'Scroll results down', scope: 'console', group: 'console'},
	{id: 'leave-console', keys: ['escape'], help: 'Esc', description: 'Browse the results (w traces one); with none yet, leave the console; while a line is evaluated, cancel it', scope: 'console', group: 'console', status: true},
	{id: 'results-previous', keys: ['up', 'k'], help: '↑/k', description: 'Previous result', scope: 'results', group: 'console', status: true},
	{id: 'results-next', keys: ['down', 'j'], help: '↓/j', description: 'Next result', scope: 'results', group: 'console'},
	{id: 'results-why', keys: ['w'], help: 'w', description: 'Why: trace the selected result (:why EXPRESSION in the input line traces any)', scope: 'results', group: 'console', status: true},
	{id: 'results-edit', keys: ['enter'], help: 'Enter', description: 'Edit the selected expression in the input line', scope: 'results', group: 'console', status: true},
	{id: 'results-type', keys: ['i', 'c'], help: 'i/c', description: 'Back to the input line', scope: 'results', group: 'console', status: true},
	{id: 'results-leave', keys: ['escape'], help: 'Esc', description: 'Leave the console', scope: 'results', group: 'console', status: true},
	{id: 'prompt-accept', keys: ['enter'], help: 'Enter', description: 'Accept', scope: 'prompt', group: 'views', status: true},
	{id: 'prompt-complete', keys: ['tab'], help: 'Tab', description: 'Complete (again: the next candidate)', scope: 'prompt', group: 'views', status: true},
	{id: 'prompt-next', keys: ['down'], help: '↓', description: 'Next candidate (go-to)', scope: 'prompt', group: 'views'},
	{id: 'prompt-previous', keys: ['up'], help: '↑', description: 'Previous candidate (go-to)', scope: 'prompt', group: 'views'},
	{id: 'prompt-cancel', keys: ['escape'], help: 'Esc', description: 'Cancel (clears the filter)', scope: 'prompt', group: 'views', status: true},
	{id: 'graph-previous', keys: ['up', 'k', 'left', 'h'], help: '↑/k', description: 'Previous node', scope: 'graph', group: 'views', status: true},
	{id: 'graph-next', keys: ['down', 'j', 'right', 'l'], help: '↓/j', description: 'Next node', scope: 'graph', group: 'views', status: true},
	{id: 'graph-jump', keys: ['enter'], help: 'Enter', description: 'Jump to the node', scope: 'graph', group: 'views', status: true},
	{id: 'close-view', keys: ['escape', 'q', 'v', 'd', '?'], help: 'Esc/q', description: 'Close the view', scope: 'graph', group: 'views', status: true},
	{id: 'diagnostics-open', keys: ['enter'], help: 'Enter', description: 'Open the block there in the panes', scope: 'diagnostics', group: 'views', status: true},
	{id: 'diagnostics-severity', keys: ['e'], help: 'e', description: 'Errors only, then warnings only, then all', scope: 'diagnostics', group: 'views', status: true},
	{id: 'close-diagnostics', keys: ['escape', 'q', 'd'], help: 'Esc/q', description: 'Close the view', scope: 'diagnostics', group: 'views', status: true},
	{id: 'assumption-drop', keys: ['x', 'delete'], help: 'x', description: 'Drop the selected assumption', scope: 'assumptions', group: 'views', status: true},
	{id: 'assumption-write', keys: ['enter'], help: 'Enter', description: 'Write an assumption for the selected row in the console', scope: 'assumptions', group: 'views', status: true},
	{id: 'close-assumptions', keys: ['escape', 'q', 'a'], help: 'Esc/q', description: 'Close the view', scope: 'assumptions', group: 'views', status: true},
	{id: 'why-previous', keys: ['up', 'k'], help: '↑/k', description: 'Previous step', scope: 'why', group: 'views'},
	{id: 'why-next', keys: ['down', 'j'], help: '↓/j', description: 'Next step', scope: 'why', group: 'views', status: true},
	{id: 'why-fold', keys: ['left', 'h'], help: '←/h', description: 'Fold the step (or go to the step above it)', scope: 'why', group: 'views', status: true},
	{id: 'why-unfold', keys: ['right', 'l'], help: '→/l', description: 'Unfold the step', scope: 'why', group: 'views', status: true},
	{id: 'why-jump', keys: ['enter'], help: 'Enter', description: 'Jump to the step\'s block and instance', scope: 'why', group: 'views', status: true},
	{id: 'close-why', keys: ['escape', 'q', 'w'], help: 'Esc/q', description: 'Close the view', scope: 'why', group: 'views', status: true},
	{id: 'help-scroll-up', keys: ['up', 'k', 'pageup'], help: '↑/k', description: 'Scroll help up', scope: 'help', group: 'views'},
	{id: 'help-scroll-down', keys: ['down', 'j', 'pagedown'], help: '↓/j', description: 'Scroll help down', scope: 'help', group: 'views', status: true},
	{id: 'help-search', keys: ['/'], help: '/', description: 'Search the keys (Enter keeps the search, Esc clears it)', scope: 'help', group: 'views', status: true},
	{id: 'help-top', keys: ['g', 'home'], help: 'g', description: 'Top of the help', scope: 'help', group: 'views'},
	{id: 'help-bottom', keys: ['G', 'end'], help: 'G', description: 'Bottom of the help', scope: 'help', group: 'views'},
	{id: 'close-help', keys: ['escape', 'q', '?'], help: 'Esc/?', description: 'Close help', scope: 'help', group: 'views', status: true},
] as const satisfies ReadonlyArray<Omit<Binding, 'id'> & {readonly id: string}>;

export type BindingId = (typeof keymap)[number]['id'];

function undefinedIfStepping(context: BindingContext): string | undefined {
	return context.steppable ? undefined : noInstances;
}

export const bindings: readonly Binding[] = keymap as readonly Binding[];

const keyLabels: Readonly<Record<string, string>> = {
	up: '↑', down: '↓', left: '←', right: '→', enter: 'Enter', escape: 'Esc', tab: 'Tab', 'shift+tab': 'Shift-Tab', backspace: 'Backspace', pageup: 'PgUp', pagedown: 'PgDn', home: 'Home', end: 'End', 'ctrl+c': 'Ctrl-C', 'ctrl+z': 'Ctrl-Z', delete: 'Delete',
};

/**
How one key name reads in the help and the readme.
*/
export function displayKey(key: string): string {
	return keyLabels[key] ?? key;
}

/**
The scopes that apply now, most specific first.
*/
export function activeScopes(state: State): readonly Scope[] {
	switch (state.overlay.kind) {
		case 'prompt': {
			return ['prompt'];
		}

		case 'help': {
			return ['help'];
		}

		case 'graph': {
			return ['graph', 'global'];
		}

		case 'diagnostics': {
			return ['diagnostics', 'global'];
		}

		case 'assumptions': {
			return ['assumptions', 'global'];
		}

		case 'why': {
			return ['why'];
		}

		case 'none': {
			// The console's text input takes printable keys and the cursor keys: only its own bindings (and Ctrl-C, Shift-Tab) apply; browsing its results, the panes' keys do too.
			if (state.focus === 'console') {
				return state.console.browse === undefined ? ['console'] : ['results', 'global'];
			}

			return [state.focus, 'global'];
		}
	}
}

/**
The binding a key resolves to now, if any.
*/
export function resolveKey(key: string, state: State): Binding | undefined {
	if (key === 'ctrl+c') {
		return bindings.find(binding => binding.id === 'force-quit');
	}

	// The console's text input takes printable keys: Shift-Tab and the Ctrl chords of global bindings still apply there.
	if ((key === 'shift+tab' || key.startsWith('ctrl+')) && state.focus === 'console' && state.overlay.kind === 'none') {
		return bindings.find(binding => binding.scope === 'console' && binding.keys.includes(key)) ?? bindings.find(binding => binding.scope === 'global' && binding.keys.includes(key));
	}

	for (const scope of activeScopes(state)) {
		const binding = bindings.find(candidate => candidate.scope === scope && candidate.keys.includes(key));
		if (binding) {
			return binding;
		}
	}

	return undefined;
}

/**
The bindings the status bar shows for the current scope.
*/
export function statusBindings(state: State): readonly Binding[] {
	const [scope = 'global'] = activeScopes(state);
	// The same array for the same scope, so the status bar re-renders only when the scope changes.
	const cached = statusCache.get(scope);
	if (cached) {
		return cached;
	}

	const shown = computeStatusBindings(scope);
	statusCache.set(scope, shown);
	return shown;
}

const statusCache = new Map<Scope, readonly Binding[]>();

function computeStatusBindings(scope: Scope): readonly Binding[] {
	const own = bindings.filter(binding => binding.scope === scope && binding.status === true);
	if (scope === 'global' || scope === 'prompt' || scope === 'help' || scope === 'console' || scope === 'why') {
		return own;
	}

	const shadowed = new Set(own.flatMap(binding => binding.keys));
	return [...own, ...bindings.filter(binding => binding.scope === 'global' && binding.status === true && !binding.keys.some(key => shadowed.has(key)))];
}
