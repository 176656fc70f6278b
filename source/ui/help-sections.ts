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

let cachedLines: readonly HelpLine[] | undefined;

/**
The help overlay's lines: each section's title, then its bindings.
*/
export function helpLines(): readonly HelpLine[] {
	if (!cachedLines) {
		const lines: HelpLine[] = [];
		for (const section of helpSections()) {
			lines.push({key: section.title, title: section.title});
			for (const row of section.rows) {
				lines.push({key: `${section.title}/${row.keys}/${row.description}`, keys: row.keys, description: row.description});
			}
		}

		cachedLines = lines;
	}

	return cachedLines;
}
