import {memo} from 'react';
import type {EdgeGroup} from '../explorer-data.js';
import type {EdgeRow} from '../state/edge-groups.js';
import {Pane, paneBodyHeight} from '../components/pane.js';
import {ScrollList} from '../components/scroll-list.js';
import {sanitizeLine} from '../text/sanitize.js';
import {cutName, type Span} from '../text/lines.js';

export type EdgesProps = {
	readonly rows: readonly EdgeRow[];
	readonly cursor: number;
	readonly focused: boolean;
	readonly width: number;
	readonly height: number;
	readonly filter: string;
	/** The graph is still being built. */
	readonly loading?: boolean;
	/** What the pane says while `loading` (default: the graph is being built). */
	readonly waiting?: string;
};

/** What each group of a module call's edges holds, after its name and count. */
const groupNotes: Readonly<Record<EdgeGroup, string>> = {
	inputs: 'what its arguments read',
	dependents: 'what uses its outputs',
	contents: 'what waits for its expansion',
};

function note(rows: readonly EdgeRow[]): string {
	const groups = rows.filter(row => row.type === 'group');
	if (groups.length > 0) {
		return groups.map(row => `${row.count} ${row.group}`).join(' · ');
	}

	const incoming = rows.filter(row => row.type === 'edge' && row.edge.direction === 'in').length;
	return `← ${incoming} used by · → ${rows.length - incoming} uses`;
}

export const EdgesPane = memo(function EdgesPane({rows, cursor, focused, width, height, filter, loading = false, waiting = 'Building the dependency graph…'}: EdgesProps) {
	return (
		<Pane title='Edges' note={`${note(rows)}${filter === '' ? '' : ` /${sanitizeLine(filter)}`}`} focused={focused} width={width} height={height}>
			<ScrollList
				length={rows.length}
				cursor={cursor}
				height={paneBodyHeight(height)}
				width={width - 2}
				empty={loading ? waiting : 'No edges'}
				renderRow={(index, selected) => {
					const row = rows[index];
					if (!row) {
						return undefined;
					}

					const style = selected ? (focused ? {inverse: true} : {underline: true}) : undefined;
					if (row.type === 'group') {
						const spans: Span[] = [
							{text: `${row.open ? '▾' : '▸'} ${row.group} ${row.count}`, style: {bold: true}},
							{text: `  ${groupNotes[row.group]}`, style: {dim: true}},
						];
						return {spans, ...(style && {style})};
					}

					const {edge} = row;
					const expression = edge.argument === undefined ? edge.expression : `${edge.argument} = ${edge.expression}`;
					const arrow = `${row.group === undefined ? '' : '  '}${edge.direction === 'in' ? '← ' : '→ '}`;
					return {
						spans: [
							{text: arrow, style: {color: edge.direction === 'in' ? 'green' : 'cyan'}},
							// Cut as every address is (its own last step and keys kept), a column short of the row: the expression after it is what the row's end drops, with its …
							{text: cutName(sanitizeLine(edge.address), Math.max(8, width - 3 - arrow.length))},
							{text: `  ${sanitizeLine(expression)}`, style: {dim: true}},
						],
						...(style && {style}),
					};
				}}
			/>
		</Pane>
	);
});
