import {memo, useMemo} from 'react';
import type {ModuleRow} from '../explorer-data.js';
import {Pane, paneBodyHeight} from '../components/pane.js';
import {ScrollList} from '../components/scroll-list.js';
import {sanitizeLine} from '../text/sanitize.js';
import {markColour, markSpans, markWidth} from '../text/change-marks.js';
import {lineWidth, textWidth, type Line, type Span} from '../text/lines.js';
import {cutApart} from '../text/cut-apart.js';

export type ModuleTreeProps = {
	readonly rows: readonly ModuleRow[];
	readonly cursor: number;
	readonly focused: boolean;
	readonly width: number;
	readonly height: number;
	readonly filter: string;
	/** The pane's title (a Terragrunt unit's panes name the unit). */
	readonly title?: string;
};

function plural(count: number, noun: string): string {
	return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
A row's counts, longest first: `9 resources · 4 modules`, `9r 4m`. Counts not known yet (still expanding): an ellipsis, not a count that would be wrong.
*/
function countBadges(row: ModuleRow): readonly string[] {
	if (row.pending) {
		return [' …', ' …'];
	}

	const modules = row.moduleInstanceCount;
	return [
		` ${plural(row.resourceInstanceCount, 'resource')}${modules > 0 ? ` · ${plural(modules, 'module')}` : ''}`,
		` ${row.resourceInstanceCount}r${modules > 0 ? ` ${modules}m` : ''}`,
	];
}

/** Under `--plan`: the changes in the row's subtree by action, ` ~2 -1`. */
function plannedText(row: ModuleRow): string {
	return row.planned?.map(count => ` ${count.mark}${count.count}`).join('') ?? '';
}

// Rows looked at for the width wanted: a list of thousands is as wide as its first rows say.
const measuredRows = 2000;

/**
Columns (borders included) the pane needs to show every row's name whole, counts left out (they give way first).
*/
export function moduleRowsWidth(rows: readonly ModuleRow[]): number {
	let widest = 0;
	for (const row of rows.slice(0, measuredRows)) {
		widest = Math.max(widest, 2 * row.depth + textWidth(sanitizeLine(row.label.replace(/^module\./, ''))) + markWidth(row.mark) + textWidth(plannedText(row)));
	}

	return widest + 3;
}

type RowParts = {
	readonly indent: string;
	readonly name: string;
	/** Columns the name may take. */
	readonly columns: number;
	readonly planned: readonly Span[];
	readonly counts: string;
	readonly flags: readonly Span[];
};

function rowParts(row: ModuleRow, width: number): RowParts {
	const indent = '  '.repeat(row.depth);
	// The row's own step (`network["eu"]`): the indentation says whose child it is.
	const name = sanitizeLine(row.label.replace(/^module\./, ''));
	const flags: Span[] = [];
	if (row.errors > 0) {
		flags.push({text: ` ✖${row.errors}`, style: {color: 'red'}});
	}

	if (row.warnings > 0) {
		flags.push({text: ` ⚠${row.warnings}`, style: {color: 'yellow'}});
	}

	// Not installed (or not loadable): ⊘, and Details says what to do.
	if (row.unavailable) {
		flags.push({text: ' ⊘', style: {color: 'yellow'}});
	}

	// Under --plan the changes below come right after the name: they give way after the resource counts, before the name.
	const planned: Span[] = (row.planned ?? []).map(count => ({text: ` ${count.mark}${count.count}`, style: {color: markColour(count.mark), bold: true}}));
	// A root row has no indent for the selection marker (`▶ ` with colours off) to take: it takes two columns of its own.
	const whole = width - 2 - Math.max(2, indent.length) - markWidth(row.mark) - lineWidth({spans: flags});
	const plannedWidth = lineWidth({spans: planned});
	const withPlanned = textWidth(name) + plannedWidth <= whole;
	const room = whole - (withPlanned ? plannedWidth : 0);
	// The counts spelled out where the name leaves room for them, else short (`9r 4m`), else none (Details has them): the row's own step comes first, and a step too long to fit alone is cut by cutName (its key's brackets, start and end kept).
	const counts = countBadges(row).find(badge => textWidth(name) + textWidth(badge) <= room) ?? '';
	return {indent, name, columns: Math.max(8, room - textWidth(counts)), planned: withPlanned ? planned : [], counts, flags};
}

/**
Every row as drawn at this width, its name cut apart from the others' (two different module instances are never drawn alike: near-identical keys are cut where they differ).
*/
export function moduleRowLines(rows: readonly ModuleRow[], width: number): Line[] {
	const parts = rows.map(row => rowParts(row, width));
	const names = cutApart(parts.map(part => ({text: part.name, columns: part.columns})));
	return parts.map((part, index) => ({spans: [{text: part.indent}, ...markSpans(rows[index]!.mark), {text: names[index]!}, ...part.planned, {text: part.counts, style: {dim: true}}, ...part.flags]}));
}

export const ModuleTreePane = memo(function ModuleTreePane({rows, cursor, focused, width, height, filter, title = 'Modules'}: ModuleTreeProps) {
	const lines = useMemo(() => moduleRowLines(rows, width), [rows, width]);
	return (
		<Pane title={title} note={filter === '' ? `${rows.length}` : `/${sanitizeLine(filter)} (${rows.length})`} focused={focused} width={width} height={height}>
			<ScrollList
				length={rows.length}
				cursor={cursor}
				height={paneBodyHeight(height)}
				width={width - 2}
				empty={filter === '' ? 'No modules' : 'No match'}
				renderRow={(index, selected) => {
					const line = lines[index];
					return line && selected ? {...line, style: {inverse: true}} : line;
				}}
			/>
		</Pane>
	);
});
