import {Box, Text} from 'ink';
import {bindings} from '../input/keymap.js';
import {helpLines, type HelpView} from '../input/help-sections.js';
import {sanitizeLine} from '../text/sanitize.js';
import {Pane, paneBodyHeight} from './pane.js';
import {useColor} from './theme.js';

const minimumColumnWidth = 58;

/**
How the help overlay fills a size: rows per column, columns, and lines shown at once.
*/
export function helpLayout(width: number, height: number, view: HelpView = {}): {rows: number; columns: number; perScreen: number} {
	const rows = Math.max(1, paneBodyHeight(height));
	const columns = Math.max(1, Math.min(Math.ceil(helpLines(view).length / rows), Math.floor((width - 2) / minimumColumnWidth)));
	return {rows, columns, perScreen: rows * columns};
}

/**
Every key binding, from the keymap table: as many columns as fit, scrolled with ↑/↓ when they do not.
*/
export function HelpOverlay({width, height, scroll, view = {}, searching = false}: {readonly width: number; readonly height: number; readonly scroll: number; readonly view?: HelpView; readonly searching?: boolean}) {
	const color = useColor();
	const lines = helpLines(view);
	const {rows, columns, perScreen} = helpLayout(width, height, view);
	const query = view.query ?? '';
	const search = searching ? `/${sanitizeLine(query)}▏` : (query === '' ? '/ searches' : `/${sanitizeLine(query)} (Esc clears)`);
	const columnWidth = Math.floor((width - 2) / columns);
	const keyWidth = Math.max(...bindings.map(binding => binding.help.length)) + 2;
	const start = Math.min(scroll, Math.max(0, lines.length - perScreen));
	const shown = lines.slice(start, start + perScreen);
	return (
		<Pane title='Help' note={`${search} · ${lines.length > perScreen ? `↑/↓ ${start + 1}-${start + shown.length}/${lines.length} · ` : ''}Esc closes`} focused width={width} height={height}>
			{lines.length === 0 && <Text dimColor>{`No key matches "${sanitizeLine(query)}"`}</Text>}
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
