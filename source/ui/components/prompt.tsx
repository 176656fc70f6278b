import {Box, Text} from 'ink';
import TextInput from 'ink-text-input';
import {Pane, paneBodyHeight} from './pane.js';
import {ScrollList} from './scroll-list.js';
import {sanitizeLine} from '../sanitize.js';
import {useColor} from '../theme.js';

export type PromptLineProps = {
	readonly prefix: string;
	readonly text: string;
	readonly width: number;
	readonly onChange: (text: string) => void;
	/** Changes when the text is replaced from outside, to put the cursor at its end. */
	readonly version?: number;
};

/**
The one-line prompt of `/` (the filter applies while typing).
*/
export function PromptLine({prefix, text, width, onChange, version}: PromptLineProps) {
	const color = useColor();
	return (
		<Box width={width} height={1} overflow='hidden'>
			<Text bold color={color('cyan')}>{prefix}</Text>
			<TextInput key={version} value={text} onChange={onChange} showCursor/>
		</Box>
	);
}

export type GoToProps = {
	readonly text: string;
	readonly candidates: readonly string[];
	readonly cursor: number;
	readonly width: number;
	readonly height: number;
	readonly onChange: (text: string) => void;
	readonly version?: number;
};

/**
`:` go to any address: the candidates matching what is typed, Tab completes or moves through them, Enter goes.
*/
export function GoToOverlay({text, candidates, cursor, width, height, onChange, version}: GoToProps) {
	return (
		<Pane title='Go to address' note='Tab completes · Enter goes · Esc cancels' focused width={width} height={height}>
			<PromptLine prefix=': ' text={text} width={width - 2} onChange={onChange} version={version}/>
			<ScrollList
				length={candidates.length}
				cursor={cursor}
				height={Math.max(0, paneBodyHeight(height) - 1)}
				empty='No address matches'
				renderRow={(index, selected) => <Text wrap='truncate-end' inverse={selected}>{sanitizeLine(candidates[index] ?? '')}</Text>}
			/>
		</Pane>
	);
}
