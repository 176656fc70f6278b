import {memo, useMemo} from 'react';
import type {LineStyle, StyledLine} from '../detail-lines.js';
import {segmentColors} from '../highlight.js';
import type {Line, SpanStyle} from '../lines.js';
import {Pane, paneBodyHeight} from '../components/pane.js';
import {LinesView} from '../components/lines-view.js';

export type DetailsProps = {
	readonly lines: readonly StyledLine[];
	readonly scroll: number;
	readonly focused: boolean;
	readonly width: number;
	readonly height: number;
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

function toLine(line: StyledLine): Line {
	return {spans: line.map(segment => {
		const style = detailStyle(segment.style);
		return style ? {text: segment.text, style} : {text: segment.text};
	})};
}

export const DetailsPane = memo(function DetailsPane({lines, scroll, focused, width, height}: DetailsProps) {
	const body = paneBodyHeight(height);
	const start = Math.max(0, Math.min(scroll, lines.length - body));
	const all = useMemo(() => lines.map(line => toLine(line)), [lines]);
	const visible = all.slice(start, start + body);
	return (
		<Pane title='Details' note={lines.length > body ? `${start + 1}-${start + visible.length}/${lines.length}` : undefined} focused={focused} width={width} height={height}>
			<LinesView lines={visible.length === 0 ? [{spans: [{text: 'Nothing selected', style: {dim: true}}]}] : visible} width={width - 2}/>
		</Pane>
	);
});
