import {memo, useMemo} from 'react';
import {Box, Text} from 'ink';
import type {ConsoleEntry} from '../state/state.js';
import {Pane, paneBodyHeight} from '../components/pane.js';
import {TextField} from '../components/text-field.js';
import {LinesView} from '../components/lines-view.js';
import type {Line, SpanStyle} from '../text/lines.js';
import {sanitizeLine} from '../text/sanitize.js';
import {useColor} from '../components/theme.js';

export type ConsoleProps = {
	readonly output: readonly ConsoleEntry[];
	readonly input: string;
	readonly pending: readonly string[];
	/** The address expressions are evaluated in (`''` is the root module). */
	readonly context: string;
	/** What the title calls the root module (a Terragrunt unit's path; default `root`). */
	readonly root?: string;
	readonly scroll: number;
	readonly busy: boolean;
	readonly cursorFromEnd: number;
	readonly focused: boolean;
	readonly width: number;
	readonly height: number;
	/** Browsing the results: the output lines of the selected expression and its result (first and last, inclusive), in inverse video. */
	readonly selected?: {readonly first: number; readonly last: number} | undefined;
};

type OutputLine = {readonly text: string; readonly kind: 'input' | 'ok' | 'error' | 'hint'};

const outputStyles: Readonly<Record<Exclude<OutputLine['kind'], 'ok'>, SpanStyle>> = {
	input: {color: 'cyan'},
	error: {color: 'red'},
	hint: {dim: true},
};

export function consoleLines(output: readonly ConsoleEntry[]): OutputLine[] {
	const lines: OutputLine[] = [];
	for (const entry of output) {
		const texts = entry.text.split('\n');
		switch (entry.kind) {
			case 'input': {
				for (const [index, text] of texts.entries()) {
					lines.push({text: (index === 0 ? '> ' : '… ') + sanitizeLine(text), kind: 'input'});
				}

				break;
			}

			case 'result': {
				for (const text of texts) {
					lines.push({text: sanitizeLine(text), kind: entry.ok ? 'ok' : 'error'});
				}

				break;
			}

			case 'hint': {
				lines.push({text: sanitizeLine(entry.text), kind: 'hint'});
				break;
			}
		}
	}

	return lines;
}

/**
Lines of the last expression and its result, which the console grows to show when focused.
*/
export function lastEntryLines(output: readonly ConsoleEntry[]): number {
	const start = output.findLastIndex(entry => entry.kind === 'input');
	return consoleLines(output.slice(Math.max(0, start))).length;
}

export const ConsolePane = memo(function ConsolePane({output, input, pending, context, root = 'root', scroll, busy, cursorFromEnd, focused, width, height, selected}: ConsoleProps) {
	const color = useColor();
	const lines = useMemo(() => consoleLines(output), [output]);
	// Rows for output: the body less the prompt line and the lines of an unfinished multi-line entry.
	const room = Math.max(0, paneBodyHeight(height) - 1 - pending.length);
	const maxScroll = Math.max(0, lines.length - room);
	const offset = Math.min(scroll, maxScroll);
	const from = Math.max(0, lines.length - room - offset);
	const visible = lines.slice(from, lines.length - offset);
	const shown: Line[] = visible.map((line, index) => ({
		spans: [{text: line.text, ...(line.kind !== 'ok' && {style: outputStyles[line.kind]})}],
		...(selected && from + index >= selected.first && from + index <= selected.last && {style: {inverse: true}}),
	}));
	for (const [index, line] of pending.entries()) {
		shown.push({spans: [{text: (index === 0 ? '> ' : '… ') + sanitizeLine(line), style: {color: 'cyan'}}]});
	}

	const title = `Console — ${sanitizeLine(context === '' ? root : context)}`;
	return (
		<Pane title={title} note={offset > 0 ? `↑${offset}` : (busy ? 'evaluating…' : undefined)} focused={focused} width={width} height={height}>
			<LinesView lines={shown} width={width - 2}/>
			{focused && !selected
				? (
					<Box height={1} overflow='hidden'>
						<Text color={color('cyan')}>{pending.length > 0 ? '… ' : '> '}</Text>
						<TextField text={input} cursorFromEnd={cursorFromEnd} focused/>
					</Box>
				)
				: <LinesView lines={[{spans: [{text: pending.length > 0 ? '… ' : '> ', style: {color: 'cyan'}}, {text: input === '' ? (selected ? 'i or c to type, w traces the selected result, Esc leaves' : 'press c to type an expression') : sanitizeLine(input), style: {dim: true}}]}]} width={width - 2}/>}
		</Pane>
	);
});
