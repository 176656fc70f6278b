import {Box, Text} from 'ink';
import type {DiagnosticRow} from '../explorer-data.js';
import {Pane, paneBodyHeight} from '../components/pane.js';
import {ScrollList} from '../components/scroll-list.js';
import {sanitizeLine, sanitizeText} from '../sanitize.js';

export type DiagnosticsProps = {
	readonly diagnostics: readonly DiagnosticRow[];
	readonly cursor: number;
	readonly open: boolean;
	readonly width: number;
	readonly height: number;
};

export function DiagnosticsPane({diagnostics, cursor, open, width, height}: DiagnosticsProps) {
	const body = paneBodyHeight(height);
	const selected = diagnostics[cursor];
	const detail = open && selected ? [selected.detail ?? '', '', selected.snippet ?? '(no source)'].join('\n').split('\n') : [];
	const listHeight = open ? Math.max(3, Math.floor(body / 3)) : body;
	const errors = diagnostics.filter(diagnostic => diagnostic.severity === 'error').length;
	return (
		<Pane title='Diagnostics' note={`${errors} errors, ${diagnostics.length - errors} warnings`} focused width={width} height={height}>
			<ScrollList
				length={diagnostics.length}
				cursor={cursor}
				height={listHeight}
				width={width - 2}
				empty='No diagnostics'
				renderRow={(index, isSelected) => {
					const row = diagnostics[index];
					if (!row) {
						return undefined;
					}

					return {
						spans: [
							{text: row.severity === 'error' ? 'Error  ' : 'Warning ', style: {color: row.severity === 'error' ? 'red' : 'yellow'}},
							{text: `${row.where === '' ? '' : `${sanitizeLine(row.where)}  `}${sanitizeLine(row.summary)}`},
						],
						...(isSelected && {style: {inverse: true}}),
					};
				}}
			/>
			{detail.slice(0, Math.max(0, body - listHeight)).map((line, index) => (
				// eslint-disable-next-line react/no-array-index-key
				<Box key={index} height={1} overflow='hidden'><Text wrap='truncate-end'>{sanitizeText(line) || ' '}</Text></Box>
			))}
		</Pane>
	);
}
