import type {ReactNode} from 'react';
import {Box} from 'ink';
import {useColor} from './theme.js';
import {cutName, textWidth, type Line} from '../text/lines.js';
import {LinesView} from './lines-view.js';

export type PaneProps = {
	readonly title: string;
	readonly focused: boolean;
	readonly width: number;
	readonly height: number;
	/** Shown after the title, dimmed: counts, the filter. */
	readonly note?: string;
	readonly children?: ReactNode;
};

// The note is drawn inside the bold title (as Ink's nested text was): bold and dimmed.
// The title is cut in the middle (a long module address keeps its key's end) so the note stays whole.
function titleLine(title: string, note: string | undefined, focused: boolean, width: number): Line {
	// The focused pane's title is in inverse video: it shows without colour too.
	const style = {bold: true, ...(focused && {color: 'cyan', inverse: true})};
	const noteWidth = note ? textWidth(note) + 1 : 0;
	const shown = cutName(title, Math.max(12, width - noteWidth));
	return {spans: note ? [{text: shown, style}, {text: ` ${note}`, style: {...style, dim: true}}] : [{text: shown, style}]};
}

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
			<LinesView lines={[titleLine(title, note, focused, width - 2)]} width={width - 2}/>
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
