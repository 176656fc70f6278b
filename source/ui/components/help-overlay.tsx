import {Box, Text} from 'ink';
import {bindings, type Scope} from '../keymap.js';
import {Pane} from './pane.js';
import {useColor} from '../theme.js';

const scopeTitles: Readonly<Record<Scope, string>> = {
	global: 'Everywhere',
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

export function helpSections(): Array<{readonly title: string; readonly rows: ReadonlyArray<{readonly keys: string; readonly description: string}>}> {
	const scopes: Scope[] = [];
	for (const binding of bindings) {
		if (!scopes.includes(binding.scope)) {
			scopes.push(binding.scope);
		}
	}

	return scopes.map(scope => ({
		title: scopeTitles[scope],
		rows: bindings.filter(binding => binding.scope === scope).map(binding => ({keys: binding.help, description: binding.description})),
	}));
}

/**
Every key binding, from the keymap table, in two columns of sections.
*/
export function HelpOverlay({width, height}: {readonly width: number; readonly height: number}) {
	const color = useColor();
	const lines: Array<{readonly key: string; readonly title?: string; readonly keys?: string; readonly description?: string}> = [];
	for (const section of helpSections()) {
		lines.push({key: section.title, title: section.title});
		for (const row of section.rows) {
			lines.push({key: `${section.title}/${row.keys}/${row.description}`, keys: row.keys, description: row.description});
		}
	}

	const rows = Math.max(1, height - 3);
	const columns = Math.ceil(lines.length / rows);
	const columnWidth = Math.floor((width - 2) / Math.max(1, columns));
	return (
		<Pane title='Help — every key (Esc or ? closes)' focused width={width} height={height}>
			<Box flexDirection='row'>
				{Array.from({length: columns}, (_, column) => (
					<Box key={column} flexDirection='column' width={columnWidth}>
						{lines.slice(column * rows, (column + 1) * rows).map(line => (
							<Box key={line.key} height={1} overflow='hidden'>
								{line.title === undefined
									? <Text wrap='truncate-end'><Text bold color={color('cyan')}>{(line.keys ?? '').padEnd(14)}</Text>{line.description}</Text>
									: <Text bold underline wrap='truncate-end'>{line.title}</Text>}
							</Box>
						))}
					</Box>
				))}
			</Box>
		</Pane>
	);
}
