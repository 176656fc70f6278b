import {memo, useCallback, useMemo} from 'react';
import {Transform, useIsScreenReaderEnabled} from 'ink';
import chalk from 'chalk';
import {lineWidth, truncateLine, type Line, type SpanStyle} from '../text/lines.js';
import {useTheme} from './theme.js';

export type LinesViewProps = {
	readonly lines: readonly Line[];
	/** Columns the lines are cut to (the pane's inner width). */
	readonly width: number;
};

/**
A text in a style, with the escape codes Ink's `<Text>` writes for the same props (the same chalk calls in the same order).
*/
export function applyStyle(text: string, style: SpanStyle, color: boolean): string {
	let result = text;
	if (style.dim) {
		result = chalk.dim(result);
	}

	if (style.color !== undefined && color) {
		const paint = (chalk as unknown as Record<string, ((text: string) => string) | undefined>)[style.color];
		result = paint ? paint(result) : result;
	}

	if (style.bold) {
		result = chalk.bold(result);
	}

	if (style.italic) {
		result = chalk.italic(result);
	}

	if (style.underline) {
		result = chalk.underline(result);
	}

	if (style.inverse) {
		result = chalk.inverse(result);
	}

	return result;
}

/**
One line as written to the terminal: its spans styled, then the line's own style over them (as nested `<Text>` would).
*/
export function styledLine(line: Line, color: boolean): string {
	let text = '';
	for (const span of line.spans) {
		text += span.style ? applyStyle(span.text, span.style, color) : span.text;
	}

	return line.style ? applyStyle(text, line.style, color) : text;
}

/**
Lines as one Ink text node. Each line is cut to `width` and styled here; Ink lays out and measures a stand-in of plain ASCII of the same widths and draws the styled lines in its place through `<Transform>`. Ink measures every text node on every frame with string-width, whose cost grows with every character outside ASCII (borders, arrows, `…`), and lays out one node a pane instead of one a row. A `LinesView` must not sit in a clipping box (`overflow='hidden'`): Ink would cut the stand-in, not the line.
*/
export const LinesView = memo(function LinesView({lines, width}: LinesViewProps) {
	const {color} = useTheme();
	const screenReader = useIsScreenReaderEnabled();
	const {styled, standIn, plain} = useMemo(() => {
		const cut = lines.map(line => truncateLine(line, width));
		return {
			styled: cut.map(line => styledLine(line, color)),
			standIn: cut.map(line => 'x'.repeat(lineWidth(line))).join('\n'),
			plain: cut.map(line => line.spans.map(span => span.text).join('')).join('\n'),
		};
	}, [lines, width, color]);
	const transform = useCallback((_line: string, index: number) => styled[index] ?? '', [styled]);
	if (lines.length === 0) {
		return null;
	}

	return <Transform transform={transform} accessibilityLabel={plain}>{screenReader ? plain : standIn}</Transform>;
});
