import {Box, Text} from 'ink';
import {bindings, displayKey, type Scope} from '../keymap.js';
import {Pane, paneBodyHeight} from './pane.js';
import {useColor} from '../theme.js';

const scopeTitles: Readonly<Record<Scope, string>> = {
	global: 'Panes and views',
	modules: 'Modules pane',
	blocks: 'Blocks pane',
	details: 'Details pane',
	edges: 'Edges pane',
	console: 'Console',
	prompt: 'Filter and go-to prompts',
	graph: 'Graph view',
	diagnostics: 'Diagnostics view',
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

const minimumColumnWidth = 58;

/**
Every key binding, from the keymap table: as many columns as fit, scrolled with ↑/↓ when they do not.
*/
export function HelpOverlay({width, height, scroll}: {readonly width: number; readonly height: number; readonly scroll: number}) {
	const color = useColor();
	const lines: Array<{readonly key: string; readonly title?: string; readonly keys?: string; readonly description?: string}> = [];
	for (const section of helpSections()) {
		lines.push({key: section.title, title: section.title});
		for (const row of section.rows) {
			lines.push({key: `${section.title}/${row.keys}/${row.description}`, keys: row.keys, description: row.description});
		}
	}

	const rows = Math.max(1, paneBodyHeight(height));
	const columns = Math.max(1, Math.min(Math.ceil(lines.length / rows), Math.floor((width - 2) / minimumColumnWidth)));
	const columnWidth = Math.floor((width - 2) / columns);
	const keyWidth = Math.max(...bindings.map(binding => binding.help.length)) + 2;
	const perScreen = rows * columns;
	const start = Math.min(scroll, Math.max(0, lines.length - perScreen));
	const shown = lines.slice(start, start + perScreen);
	return (
		<Pane title='Help — every key' note={lines.length > perScreen ? `↑/↓ scroll (${start + 1}-${start + shown.length}/${lines.length}) · Esc closes` : 'Esc closes'} focused width={width} height={height}>
			<Box flexDirection='row'>
				{Array.from({length: columns}, (_, column) => (
					<Box key={column} flexDirection='column' width={columnWidth}>
						{shown.slice(column * rows, (column + 1) * rows).map(line => (
							<Box key={line.key} height={1} overflow='hidden'>
								{line.title === undefined
									? <Text wrap='truncate-end'><Text bold color={color('cyan')}>{(line.keys ?? '').padEnd(keyWidth)}</Text>{line.description}</Text>
									: <Text bold underline wrap='truncate-end'>{line.title}</Text>}
							</Box>
						))}
					</Box>
				))}
			</Box>
		</Pane>
	);
}
