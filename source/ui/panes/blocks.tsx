import {memo, useMemo} from 'react';
import type {BlockKind} from '../explorer-data.js';
import type {BlockRow} from '../state/selectors.js';
import {Pane, paneBodyHeight} from '../components/pane.js';
import {ScrollList} from '../components/scroll-list.js';
import {sanitizeLine} from '../text/sanitize.js';
import {markSpans, markWidth} from '../text/change-marks.js';
import {textWidth} from '../text/lines.js';
import {cutApart} from '../text/cut-apart.js';

export const kindTitles: Readonly<Record<BlockKind, string>> = {
	resource: 'Resources',
	data: 'Data sources',
	ephemeral: 'Ephemeral resources',
	module: 'Modules',
	variable: 'Variables',
	local: 'Locals',
	output: 'Outputs',
	provider: 'Providers',
	check: 'Checks',
	action: 'Actions',
	list: 'List blocks (query)',
};

export type BlocksProps = {
	readonly title: string;
	readonly rows: readonly BlockRow[];
	readonly cursor: number;
	readonly expanded: ReadonlySet<string>;
	readonly focused: boolean;
	readonly width: number;
	readonly height: number;
	readonly filter: string;
	/** What the excluded addresses skip (X), by instance address. */
	readonly skipped?: ReadonlyMap<string, string>;
	/** What an empty list says (a module that is not installed says so). */
	readonly empty?: string;
};

function countBadge(row: BlockRow & {type: 'block'}): string {
	const {mode, instances} = row.entry;
	if (mode === 'unknown') {
		return ' ×?';
	}

	if (mode === 'enabled') {
		return ` enabled = ${instances.length > 0}`;
	}

	return mode === 'single' ? '' : ` ×${instances.length}`;
}

// Rows looked at for the width wanted: a list of thousands is as wide as its first rows say.
const measuredRows = 2000;

/**
Columns (borders included) the pane needs to show every row's name whole, with its instance count.
*/
export function blockRowsWidth(rows: readonly BlockRow[]): number {
	let widest = 0;
	for (const row of rows.slice(0, measuredRows)) {
		if (row.type === 'header') {
			continue;
		}

		const mark = markWidth(row.type === 'block' ? row.entry.mark : row.entry.instanceMarks?.get(row.key));
		if (row.type === 'block') {
			widest = Math.max(widest, 2 + mark + textWidth(sanitizeLine(row.entry.label)) + textWidth(countBadge(row)));
		} else if (row.type === 'instance') {
			widest = Math.max(widest, 4 + mark + textWidth(sanitizeLine(row.key.slice(row.entry.address.length))));
		}
	}

	return widest + 3;
}

/** A block row's badge: its count, and ⊖ when every instance is skipped. */
function blockBadge(row: BlockRow & {type: 'block'}, skipped: ReadonlyMap<string, string> | undefined): string {
	const instances = row.entry.instances.length === 0 ? [row.key] : row.entry.instances;
	return countBadge(row) + (skipped !== undefined && skipped.size > 0 && instances.every(instance => skipped.has(instance)) ? ' ⊖' : '');
}

/**
Each row's name as shown at this width (headers: empty): a block's label, an instance's key, each cut to the room its row leaves, and cut apart from the others (two different rows are never drawn alike).
*/
export function blockRowNames(rows: readonly BlockRow[], width: number, skipped?: ReadonlyMap<string, string>): string[] {
	return cutApart(rows.map(row => {
		switch (row.type) {
			case 'header': {
				return {text: '', columns: 0};
			}

			case 'block': {
				return {text: sanitizeLine(row.entry.label), columns: Math.max(8, width - 4 - blockBadge(row, skipped).length - markWidth(row.entry.mark))};
			}

			case 'instance': {
				const skip = skipped?.has(row.key) ? 2 : 0;
				return {text: sanitizeLine(row.key.slice(row.entry.address.length)), columns: Math.max(8, width - 6 - markWidth(row.entry.instanceMarks?.get(row.key)) - skip)};
			}
		}
	}));
}

export const BlocksPane = memo(function BlocksPane({title, rows, cursor, expanded, focused, width, height, filter, empty, skipped}: BlocksProps) {
	const names = useMemo(() => blockRowNames(rows, width, skipped), [rows, width, skipped]);
	return (
		<Pane title={title} note={filter === '' ? undefined : `/${sanitizeLine(filter)}`} focused={focused} width={width} height={height}>
			<ScrollList
				length={rows.length}
				cursor={cursor}
				height={paneBodyHeight(height)}
				width={width - 2}
				empty={filter === '' ? (empty ?? 'No blocks') : 'No match'}
				renderRow={(index, selected) => {
					const row = rows[index];
					switch (row?.type) {
						case 'header': {
							return {spans: [{text: `${kindTitles[row.kind]} (${row.count})`, style: {bold: true, color: 'blue'}}]};
						}

						case 'block': {
							const foldable = row.entry.instances.length > 0;
							const marker = foldable ? (expanded.has(row.key) ? '▾ ' : '▸ ') : '  ';
							const badge = blockBadge(row, skipped);
							const mark = markSpans(row.entry.mark);
							return {
								spans: [{text: marker}, ...mark, {text: names[index] ?? ''}, {text: badge, style: {color: row.entry.mode === 'unknown' ? 'yellow' : 'magenta'}}],
								...(selected && {style: {inverse: true}}),
							};
						}

						case 'instance': {
							const instanceMark = row.entry.instanceMarks?.get(row.key);
							const mark = markSpans(instanceMark);
							const skip = skipped?.has(row.key) ? [{text: ' ⊖', style: {color: 'magenta'}}] : [];
							return {spans: [{text: '    '}, ...mark, {text: names[index] ?? ''}, ...skip], ...(selected && {style: {inverse: true}})};
						}

						case undefined: {
							return undefined;
						}
					}
				}}
			/>
		</Pane>
	);
});
