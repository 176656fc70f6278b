import {Box, Text} from 'ink';
import {Pane, paneBodyHeight} from './pane.js';
import {TextField} from './text-field.js';
import {ScrollList} from './scroll-list.js';
import {sanitizeLine} from '../text/sanitize.js';
import {useColor} from './theme.js';

export type PromptLineProps = {
	readonly prefix: string;
	readonly text: string;
	readonly width: number;
	readonly cursorFromEnd: number;
};

/**
The one-line prompt of `/` (the filter applies while typing).
*/
export function PromptLine({prefix, text, width, cursorFromEnd}: PromptLineProps) {
	const color = useColor();
	return (
		<Box width={width} height={1} overflow='hidden'>
			<Text bold color={color('cyan')}>{prefix}</Text>
			<TextField text={text} cursorFromEnd={cursorFromEnd} focused/>
		</Box>
	);
}

export type GoToProps = {
	readonly text: string;
	readonly candidates: readonly string[];
	readonly cursor: number;
	readonly width: number;
	readonly height: number;
	readonly cursorFromEnd: number;
};

/**
`:` go to any address: the candidates matching what is typed, Tab completes or moves through them, Enter goes.
*/
export function GoToOverlay({text, candidates, cursor, width, height, cursorFromEnd}: GoToProps) {
	return (
		<Pane title='Go to address' note='Tab completes · Enter goes · Esc cancels' focused width={width} height={height}>
			<PromptLine prefix=': ' text={text} width={width - 2} cursorFromEnd={cursorFromEnd}/>
			<ScrollList
				length={candidates.length}
				cursor={cursor}
				height={Math.max(0, paneBodyHeight(height) - 1)}
				empty='No address matches'
				width={width - 2}
				renderRow={(index, selected) => ({spans: [{text: candidates[index] === '' ? 'root' : sanitizeLine(candidates[index] ?? '')}], ...(selected && {style: {inverse: true}})})}
			/>
		</Pane>
	);
}
