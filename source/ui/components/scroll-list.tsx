import {Fragment, type ReactNode} from 'react';
import {Box, Text} from 'ink';

export type ScrollListProps = {
	readonly length: number;
	readonly cursor: number;
	readonly height: number;
	/** One row: a single `<Text wrap='truncate-…'>`, which keeps it to one line of the list's width (rows are not wrapped in clipping boxes: Ink slices every line drawn inside a clipping box, which cost more per frame than all of React's work). */
	readonly renderRow: (index: number, selected: boolean) => ReactNode;
	readonly empty?: string;
};

/**
The first visible row: the cursor stays in view, near the middle once the list is longer than the window. Only the visible rows are rendered, so a list of 50,000 costs as much as one of 20.
*/
export function windowStart(length: number, cursor: number, height: number): number {
	if (length <= height || height <= 0) {
		return 0;
	}

	return Math.max(0, Math.min(cursor - Math.floor(height / 2), length - height));
}

export function ScrollList({length, cursor, height, renderRow, empty}: ScrollListProps) {
	if (length === 0) {
		return <Text dimColor>{empty ?? '(empty)'}</Text>;
	}

	const start = windowStart(length, cursor, height);
	const end = Math.min(length, start + height);
	const rows: ReactNode[] = [];
	for (let index = start; index < end; index++) {
		rows.push(<Fragment key={index}>{renderRow(index, index === cursor)}</Fragment>);
	}

	return <Box flexDirection='column'>{rows}</Box>;
}
