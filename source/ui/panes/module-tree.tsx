import {memo} from 'react';
import {Text} from 'ink';
import type {ModuleRow} from '../explorer-data.js';
import {Pane, paneBodyHeight} from '../components/pane.js';
import {ScrollList} from '../components/scroll-list.js';
import {sanitizeLine} from '../sanitize.js';
import {useColor} from '../theme.js';

export type ModuleTreeProps = {
	readonly rows: readonly ModuleRow[];
	readonly cursor: number;
	readonly focused: boolean;
	readonly width: number;
	readonly height: number;
	readonly filter: string;
};

export const ModuleTreePane = memo(function ModuleTreePane({rows, cursor, focused, width, height, filter}: ModuleTreeProps) {
	const color = useColor();
	return (
		<Pane title='Modules' note={filter === '' ? `${rows.length}` : `/${sanitizeLine(filter)} (${rows.length})`} focused={focused} width={width} height={height}>
			<ScrollList
				length={rows.length}
				cursor={cursor}
				height={paneBodyHeight(height)}
				empty={filter === '' ? 'No modules' : 'No match'}
				renderRow={(index, selected) => {
					const row = rows[index];
					if (!row) {
						return null;
					}

					return (
						<Text wrap='truncate-end' inverse={selected}>
							{'  '.repeat(row.depth)}
							{sanitizeLine(row.label)}
							<Text dimColor>{` ${row.resourceInstanceCount}r`}{row.moduleInstanceCount > 0 ? ` ${row.moduleInstanceCount}m` : ''}</Text>
							{row.errors > 0 ? <Text color={color('red')}>{` ✖${row.errors}`}</Text> : null}
							{row.warnings > 0 ? <Text color={color('yellow')}>{` ⚠${row.warnings}`}</Text> : null}
						</Text>
					);
				}}
			/>
		</Pane>
	);
});
