import type {AssumptionRow, UnknownCauseRow} from '../explorer-data.js';
import type {Line} from '../text/lines.js';
import {Pane, paneBodyHeight} from '../components/pane.js';
import {ScrollList} from '../components/scroll-list.js';
import {sanitizeLine} from '../text/sanitize.js';

export type AssumptionsProps = {
	readonly assumptions: readonly AssumptionRow[];
	readonly causes: readonly UnknownCauseRow[];
	/** Indexes the assumptions, then the causes. */
	readonly cursor: number;
	/** A rebuild is under way. */
	readonly busy: boolean;
	readonly width: number;
	readonly height: number;
};

const when: Readonly<Record<UnknownCauseRow['when'], string>> = {
	plan: 'read at plan',
	apply: 'known after apply',
	variable: 'no value',
	expression: 'unknown',
};

function plural(count: number, noun: string): string {
	return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
The rows of the assumptions view, as lines: an assumption (`= VALUE  from SOURCE`), or an unknown at the root of open-ended blocks (`read at plan · 3 blocks · main.tf:2`).
*/
export function assumptionLine(assumptions: readonly AssumptionRow[], causes: readonly UnknownCauseRow[], index: number): Line | undefined {
	const assumption = assumptions[index];
	if (assumption) {
		return {spans: [
			{text: 'assumed  ', style: {color: 'green'}},
			{text: sanitizeLine(assumption.address), style: {bold: true}},
			{text: ` = ${sanitizeLine(assumption.expression.replaceAll('\n', ' '))}`},
			{text: `  ${sanitizeLine(assumption.source)}`, style: {dim: true}},
		]};
	}

	const cause = causes[index - assumptions.length];
	if (!cause) {
		return undefined;
	}

	return {spans: [
		{text: 'unknown  ', style: {color: 'yellow'}},
		{text: sanitizeLine(cause.address), style: {bold: true}},
		{text: `  ${when[cause.when]} · ${plural(cause.blocks, 'block')}${cause.where === '' ? '' : ` · ${sanitizeLine(cause.where)}`}`, style: {dim: true}},
	]};
}

/**
`a`: the what-if assumptions in force (x drops one) and the unknowns at the root of open-ended blocks (Enter writes an `:assume` for one in the console).
*/
export function AssumptionsPane({assumptions, causes, cursor, busy, width, height}: AssumptionsProps) {
	const note = `${plural(assumptions.length, 'assumption')} · ${plural(causes.length, 'unknown')} · Enter: :assume in the console · x: drop${busy ? ' · expanding again…' : ''}`;
	return (
		<Pane title='Assumptions' note={note} focused width={width} height={height}>
			<ScrollList
				length={assumptions.length + causes.length}
				cursor={cursor}
				height={paneBodyHeight(height)}
				width={width - 2}
				empty='No assumptions, and no unknown count or for_each to pin: :assume ADDRESS = VALUE in the console pins any unknown value'
				renderRow={(index, selected) => {
					const line = assumptionLine(assumptions, causes, index);
					return line && (selected ? {...line, style: {inverse: true}} : line);
				}}
			/>
		</Pane>
	);
}
