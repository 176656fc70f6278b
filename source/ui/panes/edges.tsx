import {memo} from 'react';
import type {Edge} from '../explorer-data.js';
import {Pane, paneBodyHeight} from '../components/pane.js';
import {ScrollList} from '../components/scroll-list.js';
import {sanitizeLine} from '../sanitize.js';

export type EdgesProps = {
	readonly edges: readonly Edge[];
	readonly cursor: number;
	readonly focused: boolean;
	readonly width: number;
	readonly height: number;
	readonly filter: string;
	/** The graph is still being built. */
	readonly loading?: boolean;
};

export const EdgesPane = memo(function EdgesPane({edges, cursor, focused, width, height, filter, loading = false}: EdgesProps) {
	const incoming = edges.filter(edge => edge.direction === 'in').length;
	return (
		<Pane title='Edges' note={`← ${incoming} used by · → ${edges.length - incoming} uses${filter === '' ? '' : ` /${sanitizeLine(filter)}`}`} focused={focused} width={width} height={height}>
			<ScrollList
				length={edges.length}
				cursor={cursor}
				height={paneBodyHeight(height)}
				width={width - 2}
				empty={loading ? 'Building the dependency graph…' : 'No edges'}
				renderRow={(index, selected) => {
					const edge = edges[index];
					if (!edge) {
						return undefined;
					}

					return {
						spans: [
							{text: edge.direction === 'in' ? '← ' : '→ ', style: {color: edge.direction === 'in' ? 'green' : 'cyan'}},
							{text: sanitizeLine(edge.address)},
							{text: `  ${sanitizeLine(edge.expression)}`, style: {dim: true}},
						],
						...(selected && {style: focused ? {inverse: true} : {underline: true}}),
					};
				}}
			/>
		</Pane>
	);
});
