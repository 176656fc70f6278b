import {memo} from 'react';
import {Box, Text} from 'ink';
import type {Binding} from '../keymap.js';
import {sanitizeLine} from '../sanitize.js';
import {useColor} from '../theme.js';

export type StatusBarProps = {
	readonly bindings: readonly Binding[];
	readonly message: string | undefined;
	/** Right-hand side: the load state (`12 modules · 340 instances · 2 errors`). */
	readonly state: string;
	readonly width: number;
};

/**
The focused scope's keys from the keymap table, a message when a key did nothing (and why), and the load state.
*/
export const StatusBar = memo(function StatusBar({bindings, message, state, width}: StatusBarProps) {
	const color = useColor();
	return (
		<Box width={width} height={1} overflow='hidden'>
			<Box flexGrow={1} overflow='hidden'>
				{message === undefined
					? (
						<Text wrap='truncate-end'>
							{bindings.map(binding => (
								<Text key={binding.id}>
									<Text bold color={color('cyan')}>{binding.help}</Text>
									{` ${binding.description.split(/[(,;:]/)[0]?.trim() ?? ''}  `}
								</Text>
							))}
						</Text>
					)
					: <Text wrap='truncate-end' color={color('yellow')}>{sanitizeLine(message)}</Text>}
			</Box>
			<Box flexShrink={0} marginLeft={1}>
				<Text dimColor>{sanitizeLine(state)}</Text>
			</Box>
		</Box>
	);
});
