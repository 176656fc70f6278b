import path from 'node:path';
import process from 'node:process';
import {Box, useInput} from 'ink';
import {useMemo, useState} from 'react';
import type {Estate, Unit} from '../../terragrunt/estate.js';
import {LinesView} from '../components/lines-view.js';
import {ScrollList} from '../components/scroll-list.js';
import {type Line, truncateLine} from '../text/lines.js';
import {sanitizeLine} from '../text/sanitize.js';
import {useColor} from '../components/theme.js';
import {estateRows, markWords, unitDetails, unitMarks, unitRowAfter} from './estate-rows.js';
import {useEstateUnits} from './use-estate-units.js';

/*
The explorer on a Terragrunt estate: its units as a tree of folders (↑/↓ and g/G move from unit to unit, passing over the folders), the selected unit's Details below (module, dependencies, inputs with the tier of every dependency output they read), marks on each unit as its module is read in the background. Enter opens the unit in the explorer's panes; q quits.
*/

export type EstateViewProps = {
	readonly estate: Estate;
	readonly columns: number;
	readonly rows: number;
	readonly onOpen: (unit: Unit) => void;
	readonly onQuit: () => void;
	readonly initialUnit?: Unit | undefined;
};

export function EstateView({estate, columns, rows: height, onOpen, onQuit, initialUnit}: EstateViewProps) {
	const color = useColor();
	const rows = useMemo(() => estateRows(estate), [estate]);
	const [cursor, setCursor] = useState(() => {
		const start = rows.findIndex(row => row.kind === 'unit' && row.unit === initialUnit);
		return start === -1 ? Math.max(0, rows.findIndex(row => row.kind === 'unit')) : start;
	});
	const selectedRow = rows[cursor];
	const selected = selectedRow?.kind === 'unit' ? selectedRow.unit : undefined;
	const opened = useEstateUnits(estate, selected);
	useInput((input, key) => {
		if (input === 'q' || (key.ctrl && input === 'c')) {
			onQuit();
		} else if (key.downArrow || input === 'j') {
			setCursor(value => unitRowAfter(rows, value, 1));
		} else if (key.upArrow || input === 'k') {
			setCursor(value => unitRowAfter(rows, value, -1));
		} else if (input === 'g' || key.home) {
			setCursor(value => unitRowAfter(rows, value, 'first'));
		} else if (input === 'G' || key.end) {
			setCursor(value => unitRowAfter(rows, value, 'last'));
		} else if (key.return && selected) {
			onOpen(selected);
		}
	});
	const excluded = estate.units.filter(unit => estate.excluded(unit)).length;
	const read = estate.units.filter(unit => opened.has(unit)).length;
	const mocked = estate.units.filter(unit => unitMarks(estate, unit, opened.get(unit)).mock > 0).length;
	const title = `Terragrunt estate ${sanitizeLine(path.relative(process.cwd(), estate.root) || '.')}: ${estate.units.length} unit${estate.units.length === 1 ? '' : 's'}${excluded > 0 ? `, ${excluded} excluded` : ''}${read < estate.units.length ? ` · reading ${read}/${estate.units.length}` : ''}${mocked > 0 ? ` · ${mocked} with mock outputs` : ''}`;
	const listHeight = Math.max(3, Math.floor((height - 3) * 0.55));
	const detailHeight = Math.max(1, height - listHeight - 3);
	const width = Math.max(10, columns);
	const renderRow = (index: number, isSelected: boolean): Line | undefined => {
		const row = rows[index];
		if (!row) {
			return undefined;
		}

		const indent = '  '.repeat(row.depth);
		if (row.kind === 'folder') {
			return truncateLine({spans: [{text: `${indent}${sanitizeLine(row.name)}/`, style: {color: color('blue')}}, ...(row.stack ? [{text: `  stack ${sanitizeLine(row.stack)}`, style: {dim: true}}] : [])], ...(isSelected && {style: {inverse: true}})}, width);
		}

		const words = markWords(opened.has(row.unit) || estate.excluded(row.unit) ? unitMarks(estate, row.unit, opened.get(row.unit)) : undefined);
		return truncateLine({
			spans: [
				{text: `${indent}${sanitizeLine(row.name)}`, style: {bold: true}},
				...words.map(word => ({text: ` [${word}]`, style: {color: color(word === 'mock' ? 'yellow' : (word === 'excluded' ? 'gray' : (word === 'needs output' ? 'magenta' : 'red')))}})),
				...(opened.has(row.unit) || estate.excluded(row.unit) ? [] : [{text: ' …', style: {dim: true}}]),
			],
			...(isSelected && {style: {inverse: true}}),
		}, width);
	};

	const details = selected ? unitDetails(estate, selected, opened.get(selected)) : ['(a folder: select a unit)'];
	// What does not fit is said, not silently cut: the unit's own panes (Enter) show all of it.
	const shown = details.length > detailHeight ? [...details.slice(0, Math.max(0, detailHeight - 1)), `… ${details.length - detailHeight + 1} more line${details.length - detailHeight + 1 === 1 ? '' : 's'}: Enter opens the unit`] : details;
	const detailLines: Line[] = shown.map(text => truncateLine({spans: [{text: sanitizeLine(text)}]}, width));
	return (
		<Box flexDirection='column' width={width}>
			<LinesView lines={[truncateLine({spans: [{text: title, style: {bold: true}}]}, width)]} width={width}/>
			<ScrollList length={rows.length} cursor={cursor} height={listHeight} width={width} renderRow={renderRow}/>
			<LinesView lines={[truncateLine({spans: [{text: '─'.repeat(width), style: {dim: true}}]}, width)]} width={width}/>
			<LinesView lines={detailLines} width={width}/>
			<LinesView lines={[truncateLine({spans: [{text: '↑/↓ select  Enter open the unit  q quit', style: {dim: true}}]}, width)]} width={width}/>
		</Box>
	);
}
