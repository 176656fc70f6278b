import {memo} from 'react';
import type {ModuleRow} from '../explorer-data.js';
import {Pane, paneBodyHeight} from '../components/pane.js';
import {ScrollList} from '../components/scroll-list.js';
import {sanitizeLine} from '../sanitize.js';
import {markSpans} from '../diff-marks.js';
import {cutName, lineWidth, type Span} from '../lines.js';

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

					// Counts not known yet (still expanding): an ellipsis, not a count that would be wrong.
					const badges: Span[] = [{text: row.pending ? ' …' : ` ${row.resourceInstanceCount}r${row.moduleInstanceCount > 0 ? ` ${row.moduleInstanceCount}m` : ''}`, style: {dim: true}}];
					if (row.errors > 0) {
						badges.push({text: ` ✖${row.errors}`, style: {color: 'red'}});
					}

					if (row.warnings > 0) {
						badges.push({text: ` ⚠${row.warnings}`, style: {color: 'yellow'}});
					}

					// Not installed (or not loadable): ⊘, and Details says what to do.
					if (row.unavailable) {
						badges.push({text: ' ⊘', style: {color: 'yellow'}});
					}

					// The name is cut in the middle so its key's end and the badges stay in view.
					const indent = '  '.repeat(row.depth);
					const room = Math.max(8, width - 2 - indent.length - lineWidth({spans: badges}));
					const mark = markSpans(row.mark);
					return {spans: [{text: indent}, ...mark, {text: cutName(sanitizeLine(row.label), room - (mark.length > 0 ? 2 : 0))}, ...badges], ...(selected && {style: {inverse: true}})};
				}}
			/>
		</Pane>
	);
});
