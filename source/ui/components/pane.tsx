import type {ReactNode} from 'react';
import {Box, Text} from 'ink';
import {useColor} from '../theme.js';

export type PaneProps = {
	readonly title: string;
	readonly focused: boolean;
	readonly width: number;
	readonly height: number;
	/** Shown after the title, dimmed: counts, the filter. */
	readonly note?: string;
	readonly children?: ReactNode;
};

/**
A bordered pane with its title on the first line. Without colour, the focused pane has a double border.
*/
export function Pane({title, focused, width, height, note, children}: PaneProps) {
	const color = useColor();
	return (
		<Box
			flexDirection='column'
			width={width}
			height={height}
			borderStyle={focused ? 'double' : 'single'}
			borderColor={focused ? color('cyan') : color('gray')}
		>
			<Box height={1}>
				<Text wrap='truncate-end' bold color={focused ? color('cyan') : undefined}>
					{title}
					{note ? <Text dimColor bold={false}>{` ${note}`}</Text> : null}
				</Text>
			</Box>
			<Box flexDirection='column' flexGrow={1}>
				{children}
			</Box>
		</Box>
	);
}

/**
Rows inside a pane of the given outer height (border and title take three lines).
*/
export function paneBodyHeight(height: number): number {
	return Math.max(0, height - 3);
}
