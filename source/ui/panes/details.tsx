import {memo, useMemo} from 'react';
import type {LineStyle, StyledLine} from '../text/detail-lines.js';
import {segmentColors} from '../text/highlight.js';
import {cutName, dropColumns, markSelected, textWidth, type Line, type SpanStyle} from '../text/lines.js';
import {useTheme} from '../components/theme.js';
import {Pane, paneBodyHeight} from '../components/pane.js';
import {LinesView} from '../components/lines-view.js';

export type DetailsProps = {
	readonly lines: readonly StyledLine[];
	readonly scroll: number;
	/** Columns scrolled sideways. */
	readonly column?: number;
	readonly focused: boolean;
	readonly width: number;
	readonly height: number;
	/** The lines of the cursor's target (first and last, inclusive), shown in inverse video. */
	readonly highlight?: {readonly first: number; readonly last: number} | undefined;
	/** The pane's title (a Terragrunt unit's panes name the unit). */
	readonly title?: string;
};

const colors: Partial<Record<NonNullable<LineStyle>, string>> = {
	...segmentColors,
	unknown: 'yellow',
	sensitive: 'magenta',
	error: 'red',
	label: 'cyan',
};

/**
How each kind of text in Details is drawn.
*/
export function detailStyle(style: LineStyle): SpanStyle | undefined {
	if (style === undefined) {
		return undefined;
	}

	const color = colors[style];
	return {
		...(color && {color}),
		...(style === 'title' && {bold: true}),
		...((style === 'dim' || style === 'comment') && {dim: true}),
		...((style === 'unknown' || style === 'sensitive') && {italic: true}),
	};
}

function toLine(line: StyledLine, width: number): Line {
	const middle = line.findIndex(segment => segment.cut === 'middle');
	let room = 0;
	if (middle !== -1) {
		room = width;
		for (const [index, segment] of line.entries()) {
			room -= index === middle ? 0 : textWidth(segment.text);
		}
	}

	return {spans: line.map((segment, index) => {
		const style = detailStyle(segment.style);
		const text = index === middle ? cutName(segment.text, Math.max(8, room)) : segment.text;
		return style ? {text, style} : {text};
	})};
}

export const DetailsPane = memo(function DetailsPane({lines, scroll, column = 0, focused, width, height, highlight, title = 'Details'}: DetailsProps) {
	const {marker} = useTheme();
	const body = paneBodyHeight(height);
	const start = Math.max(0, Math.min(scroll, lines.length - body));
	const first = highlight?.first ?? -1;
	const last = highlight?.last ?? -1;
	// Scrolled sideways, the lines are shown as they are (so every column can be reached); else names are cut in the middle.
	const visible = useMemo(() => lines.slice(start, start + body).map((line, offset) => {
		const shown = column > 0 ? dropColumns(toLine(line, Number.POSITIVE_INFINITY), column) : toLine(line, width - 2);
		const index = start + offset;
		if (index < first || index > last) {
			return shown;
		}

		const inverse: Line = {...shown, style: {inverse: true}};
		return marker && index === first ? markSelected(inverse) : inverse;
	}), [lines, start, body, column, width, first, last, marker]);
	const notes = [lines.length > body ? `${start + 1}-${start + visible.length}/${lines.length}` : undefined, column > 0 ? `→${column}` : undefined].filter(note => note !== undefined);
	return (
		<Pane title={title} note={notes.length > 0 ? notes.join(' ') : undefined} focused={focused} width={width} height={height}>
			<LinesView lines={visible.length === 0 ? [{spans: [{text: 'Nothing selected', style: {dim: true}}]}] : visible} width={width - 2}/>
		</Pane>
	);
});
