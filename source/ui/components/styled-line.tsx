import {Text} from 'ink';
import type {LineStyle, StyledLine} from '../detail-lines.js';
import {segmentColors} from '../highlight.js';
import {useColor} from '../theme.js';

const colors: Partial<Record<NonNullable<LineStyle>, string>> = {
	...segmentColors,
	unknown: 'yellow',
	sensitive: 'magenta',
	error: 'red',
	label: 'cyan',
};

/**
One line of styled segments, truncated to the pane's width.
*/
export function StyledLineView({line}: {readonly line: StyledLine}) {
	const color = useColor();
	return (
		<Text wrap='truncate-end'>
			{line.length === 0 ? ' ' : line.map((segment, index) => {
				const name = segment.style ? colors[segment.style] : undefined;
				return (
					<Text
						// eslint-disable-next-line react/no-array-index-key
						key={index}
						color={name ? color(name) : undefined}
						bold={segment.style === 'title'}
						dimColor={segment.style === 'dim' || segment.style === 'comment'}
						italic={segment.style === 'unknown' || segment.style === 'sensitive'}
					>
						{segment.text}
					</Text>
				);
			})}
		</Text>
	);
}
