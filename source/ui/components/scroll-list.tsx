import {markSelected, type Line} from '../text/lines.js';
import {useTheme} from './theme.js';
import {LinesView} from './lines-view.js';
import {windowStart} from '../layout/list-window.js';

export type ScrollListProps = {
	readonly length: number;
	readonly cursor: number;
	readonly height: number;
	/** Columns a row is cut to (the pane's inner width). */
	readonly width: number;
	/** One row as a line of styled spans (all rows are drawn as one text node: see `LinesView`). */
	readonly renderRow: (index: number, selected: boolean) => Line | undefined;
	readonly empty?: string;
};

export {windowStart} from '../layout/list-window.js';

export function ScrollList({length, cursor, height, width, renderRow, empty}: ScrollListProps) {
	const {marker} = useTheme();
	if (length === 0) {
		return <LinesView lines={[{spans: [{text: empty ?? '(empty)', style: {dim: true}}]}]} width={width}/>;
	}

	const start = windowStart(length, cursor, height);
	const end = Math.min(length, start + height);
	const rows: Line[] = [];
	for (let index = start; index < end; index++) {
		const row = renderRow(index, index === cursor) ?? {spans: []};
		rows.push(marker && index === cursor ? markSelected(row) : row);
	}

	return <LinesView lines={rows} width={width}/>;
}
