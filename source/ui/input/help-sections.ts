import {bindings, displayKey, type Scope} from './keymap.js';

/*
The keymap table grouped for the help overlay and the readme's key table.
*/

const scopeTitles: Readonly<Record<Scope, string>> = {
	global: 'Panes and views',
	modules: 'Modules pane',
	blocks: 'Blocks pane',
	details: 'Details pane',
	edges: 'Edges pane',
	console: 'Console',
	results: 'Console results (Esc from the input line)',
	prompt: 'Filter and go-to prompts',
	graph: 'Graph view',
	diagnostics: 'Diagnostics view',
	assumptions: 'Assumptions view',
	why: 'Why view',
	help: 'Help',
};

export type HelpSection = {readonly title: string; readonly rows: ReadonlyArray<{readonly keys: string; readonly allKeys: readonly string[]; readonly description: string}>};

/**
The keymap table grouped by scope, in table order.
*/
export function helpSections(): HelpSection[] {
	const scopes: Scope[] = [];
	for (const binding of bindings) {
		if (!scopes.includes(binding.scope)) {
			scopes.push(binding.scope);
		}
	}

	return scopes.map(scope => ({
		title: scopeTitles[scope],
		rows: bindings.filter(binding => binding.scope === scope).map(binding => ({keys: binding.help, allKeys: binding.keys.map(key => displayKey(key)), description: binding.description})),
	}));
}

export type HelpLine = {readonly key: string; readonly title?: string; readonly keys?: string; readonly description?: string};

const cachedLines = new Map<string, readonly HelpLine[]>();

/** What the help overlay shows: the scope whose keys come first (the focused pane's), and the search typed after `/`. */
export type HelpView = {readonly first?: Scope; readonly query?: string};

/**
The help overlay's lines: each section's title, then its bindings; the `first` scope's section at the top, and with a query only the bindings whose keys or description contain it (ignoring case), under their section's title.
*/
export function helpLines(view: HelpView = {}): readonly HelpLine[] {
	const cacheKey = `${view.first ?? ''}\u0000${view.query ?? ''}`;
	const cached = cachedLines.get(cacheKey);
	if (cached) {
		return cached;
	}

	const sections = helpSections();
	const firstTitle = view.first === undefined ? undefined : scopeTitles[view.first];
	const ordered = [...sections.filter(section => section.title === firstTitle), ...sections.filter(section => section.title !== firstTitle)];
	const query = (view.query ?? '').toLowerCase();
	const lines: HelpLine[] = [];
	for (const section of ordered) {
		const rows = query === '' ? section.rows : section.rows.filter(row => `${row.allKeys.join(' ')} ${row.description}`.toLowerCase().includes(query));
		if (rows.length === 0) {
			continue;
		}

		lines.push({key: section.title, title: section.title});
		for (const row of rows) {
			lines.push({key: `${section.title}/${row.keys}/${row.description}`, keys: row.keys, description: row.description});
		}
	}

	if (cachedLines.size > 64) {
		cachedLines.clear();
	}

	cachedLines.set(cacheKey, lines);
	return lines;
}
