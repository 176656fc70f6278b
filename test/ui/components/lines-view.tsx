import test from 'ava';
import chalk from 'chalk';
import {Box, Text} from 'ink';
import {LinesView} from '../../../source/ui/components/lines-view.js';
import type {Line, Span} from '../../../source/ui/text/lines.js';
import {ThemeContext} from '../../../source/ui/components/theme.js';
import {renderFrames} from '../../helpers/render.js';

/*
`LinesView` draws pre-cut, pre-styled lines in one text node; the frame must be the one Ink draws from a `<Text wrap='truncate-end'>` a row with nested `<Text>` a styled span, escape codes included. (Where a wide character straddles the edge, Ink's cut keeps it and goes a column past the pane; `truncateLine` leaves it out: see test/ui/text/lines.ts.)
*/

// Colour escape codes in the frames (Ink and the view share chalk).
chalk.level = 1;

const lines: Line[] = [
	{spans: [{text: 'Resources (3)', style: {bold: true, color: 'blue'}}]},
	{spans: [{text: '▸ aws_instance.web'}, {text: ' ×12', style: {color: 'magenta'}}], style: {inverse: true}},
	{spans: [{text: '← ', style: {color: 'green'}}, {text: 'module.net["eu"].aws_subnet.this[0]'}, {text: '  aws_subnet.this.id', style: {dim: true}}]},
	{spans: []},
	{spans: [{text: 'x日本語のラベルは長い、ここで切れます'}]},
	{spans: [{text: 'a value', style: {italic: true, color: 'yellow'}}, {text: ' then plain text that runs past the edge of the pane'}], style: {underline: true}},
	{spans: [{text: 'title', style: {bold: true, color: 'cyan'}}, {text: ' 1-20/29', style: {bold: true, color: 'cyan', dim: true}}]},
];

function spanElement(span: Span, key: number) {
	const {style} = span;
	return style
		? <Text key={key} color={style.color} dimColor={style.dim} bold={style.bold} italic={style.italic} underline={style.underline} inverse={style.inverse}>{span.text}</Text>
		: span.text;
}

function InkRows({rows}: {readonly rows: readonly Line[]}) {
	return (
		<Box flexDirection='column' width={30}>
			{rows.map((line, index) => (
				// eslint-disable-next-line react/no-array-index-key
				<Text key={index} wrap='truncate-end' inverse={line.style?.inverse} underline={line.style?.underline}>
					{line.spans.length === 0 ? ' ' : line.spans.map((span, position) => spanElement(span, position))}
				</Text>
			))}
		</Box>
	);
}

test.serial('the same frame as Ink draws from a Text a row, escape codes included', async t => {
	const expected = await renderFrames(<InkRows rows={lines}/>);
	const ink = expected.rawFrame();
	await expected.unmount();
	const actual = await renderFrames(<Box flexDirection='column' width={30}><LinesView lines={lines} width={30}/></Box>);
	t.true(ink.includes('\u001B['));
	// Ink's frame ends each row's styles; an empty row is a space there and nothing here, and rows end without trailing spaces.
	t.is(actual.rawFrame(), ink.split('\n').map(row => row.trimEnd()).join('\n'));
	await actual.unmount();
});

test.serial('without colour, bold, dim and inverse stay and colours go', async t => {
	const app = await renderFrames(
		<ThemeContext.Provider value={{color: false}}>
			<LinesView lines={[{spans: [{text: 'a', style: {color: 'red', bold: true}}, {text: 'b', style: {color: 'green'}}], style: {inverse: true}}]} width={10}/>
		</ThemeContext.Provider>,
	);
	t.is(app.rawFrame(), chalk.inverse(`${chalk.bold('a')}b`));
	await app.unmount();
});
