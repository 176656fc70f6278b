import {Box, Text} from 'ink';
import type {GraphDrawing} from '../explorer-data.js';
import {Pane, paneBodyHeight} from '../components/pane.js';
import {sanitizeLine} from '../text/sanitize.js';
import {useColor} from '../components/theme.js';
import {graphDrawingRows} from '../layout/view-geometry.js';

export type GraphProps = {
	readonly center: string;
	readonly drawing: GraphDrawing;
	readonly cursor: number;
	readonly width: number;
	readonly height: number;
};

/**
The terminal drawing of the selection's neighbourhood, with the node under the cursor highlighted where it appears and listed below.
*/
export function GraphPane({center, drawing, cursor, width, height}: GraphProps) {
	const color = useColor();
	const body = paneBodyHeight(height);
	const target = drawing.nodes[cursor];
	const lines = drawing.lines.slice(0, graphDrawingRows(body));
	return (
		<Pane title={`Graph — ${center === '' ? 'root' : sanitizeLine(center)}`} note={`${drawing.nodes.length} nodes`} focused width={width} height={height}>
			{lines.map((raw, index) => {
				const line = sanitizeLine(raw);
				const safeTarget = target === undefined ? undefined : sanitizeLine(target);
				const at = safeTarget === undefined ? -1 : line.indexOf(safeTarget);
				return (
					// eslint-disable-next-line react/no-array-index-key
					<Box key={index} height={1} overflow='hidden'>
						{at === -1 || safeTarget === undefined
							? <Text wrap='truncate-end'>{line === '' ? ' ' : line}</Text>
							: (
								<Text wrap='truncate-end'>
									{line.slice(0, at)}
									<Text inverse color={color('cyan')}>{safeTarget}</Text>
									{line.slice(at + safeTarget.length)}
								</Text>
							)}
					</Box>
				);
			})}
			<Box height={1} overflow='hidden'>
				<Text wrap='truncate-end' bold>
					{target === undefined ? 'No nodes' : `▶ ${sanitizeLine(target)}`}
					<Text dimColor bold={false}>{`  (${cursor + 1}/${drawing.nodes.length}) Enter jumps`}</Text>
				</Text>
			</Box>
		</Pane>
	);
}
