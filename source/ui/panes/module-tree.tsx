import {memo} from 'react';
import type {ModuleRow} from '../explorer-data.js';
import {Pane, paneBodyHeight} from '../components/pane.js';
import {ScrollList} from '../components/scroll-list.js';
import {sanitizeLine} from '../sanitize.js';
import type {Span} from '../lines.js';

export type ModuleTreeProps = {
	readonly rows: readonly ModuleRow[];
	readonly cursor: number;
	readonly focused: boolean;
	readonly width: number;
	readonly height: number;
	readonly filter: string;
};

export const ModuleTreePane = memo(function ModuleTreePane({rows, cursor, focused, width, height, filter}: ModuleTreeProps) {
	return (
		<Pane title='Modules' note={filter === '' ? `${rows.length}` : `/${sanitizeLine(filter)} (${rows.length})`} focused={focused} width={width} height={height}>
			<ScrollList
				length={rows.length}
				cursor={cursor}
				height={paneBodyHeight(height)}
				width={width - 2}
				empty={filter === '' ? 'No modules' : 'No match'}
				renderRow={(index, selected) => {
					const row = rows[index];
					if (!row) {
						return undefined;
					}

					const spans: Span[] = [
						{text: '  '.repeat(row.depth) + sanitizeLine(row.label)},
						{text: ` ${row.resourceInstanceCount}r${row.moduleInstanceCount > 0 ? ` ${row.moduleInstanceCount}m` : ''}`, style: {dim: true}},
					];
					if (row.errors > 0) {
						spans.push({text: ` ✖${row.errors}`, style: {color: 'red'}});
					}

					if (row.warnings > 0) {
						spans.push({text: ` ⚠${row.warnings}`, style: {color: 'yellow'}});
					}

					return {spans, ...(selected && {style: {inverse: true}})};
				}}
			/>
		</Pane>
	);
});
