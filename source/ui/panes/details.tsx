import {Fragment, memo} from 'react';
import {Text} from 'ink';
import type {StyledLine} from '../detail-lines.js';
import {Pane, paneBodyHeight} from '../components/pane.js';
import {StyledLineView} from '../components/styled-line.js';

export type DetailsProps = {
	readonly lines: readonly StyledLine[];
	readonly scroll: number;
	readonly focused: boolean;
	readonly width: number;
	readonly height: number;
};

export const DetailsPane = memo(function DetailsPane({lines, scroll, focused, width, height}: DetailsProps) {
	const body = paneBodyHeight(height);
	const start = Math.max(0, Math.min(scroll, lines.length - body));
	const visible = lines.slice(start, start + body);
	return (
		<Pane title='Details' note={lines.length > body ? `${start + 1}-${start + visible.length}/${lines.length}` : undefined} focused={focused} width={width} height={height}>
			{visible.length === 0 ? <Text dimColor>Nothing selected</Text> : visible.map((line, index) => (
				// eslint-disable-next-line react/no-array-index-key
				<Fragment key={start + index}><StyledLineView line={line}/></Fragment>
			))}
		</Pane>
	);
});
