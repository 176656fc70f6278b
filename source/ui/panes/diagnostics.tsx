import {wrapText} from '../../lang/console.js';
import type {DiagnosticGroup} from '../state/selectors.js';
import type {SeverityFilter} from '../state/state.js';
import {textWidth, type Line} from '../text/lines.js';
import {Pane, paneBodyHeight} from '../components/pane.js';
import {ScrollList} from '../components/scroll-list.js';
import {LinesView} from '../components/lines-view.js';
import {sanitizeLine} from '../text/sanitize.js';
import {diagnosticsListHeight} from '../layout/view-geometry.js';

export type DiagnosticsProps = {
	readonly groups: readonly DiagnosticGroup[];
	readonly cursor: number;
	readonly severity: SeverityFilter;
	/** Totals over every diagnostic, whatever the filter. */
	readonly errors: number;
	readonly warnings: number;
	readonly width: number;
	readonly height: number;
};

const severityNotes: Readonly<Record<SeverityFilter, string>> = {all: '', error: ' · errors only', warning: ' · warnings only'};

/** Keeps the end of a place (`…modules/app/main.tf:12:3`): the file and line say more than the directories. */
function cutPlace(text: string, columns: number): string {
	const characters = [...text];
	return characters.length <= columns ? text : `…${characters.slice(characters.length - columns + 1).join('')}`;
}

/**
The list's columns: the count (`×3`) and the place as wide as the widest of them (the place at most two fifths of the row), so every summary starts in the same column.
*/
export function diagnosticColumns(groups: readonly DiagnosticGroup[], width: number): {readonly count: number; readonly place: number} {
	let count = 0;
	let place = 0;
	for (const {first, members} of groups) {
		count = Math.max(count, members.length > 1 ? textWidth(`×${members.length}`) + 1 : 0);
		place = Math.max(place, textWidth(sanitizeLine(first.where)));
	}

	return {count, place: Math.min(place, Math.max(12, Math.floor(width * 2 / 5)))};
}

/**
The selected group's detail: how many times it was reported, each distinct detail wrapped to the width (they name the module instance), then the source.
*/
export function diagnosticDetail(group: DiagnosticGroup, width: number): Line[] {
	const lines: Line[] = [];
	const {first, members} = group;
	lines.push({spans: [{text: sanitizeLine(first.summary), style: {bold: true, color: first.severity === 'error' ? 'red' : 'yellow'}}, ...(members.length > 1 ? [{text: `  reported ${members.length} times (once per module instance)`, style: {dim: true}}] : [])]});
	const details = [...new Set(members.map(member => member.detail ?? ''))].filter(detail => detail !== '');
	for (const detail of details.slice(0, 20)) {
		for (const line of wrapText(detail, Math.max(20, width)).split('\n')) {
			lines.push({spans: [{text: sanitizeLine(line)}]});
		}
	}

	if (details.length > 20) {
		lines.push({spans: [{text: `… ${details.length - 20} more`, style: {dim: true}}]});
	}

	lines.push({spans: []});
	for (const line of (first.snippet ?? '(no source)').split('\n')) {
		lines.push({spans: [{text: sanitizeLine(line), style: {dim: true}}]});
	}

	return lines;
}

export function DiagnosticsPane({groups, cursor, severity, errors, warnings, width, height}: DiagnosticsProps) {
	const body = paneBodyHeight(height);
	const selected = groups[cursor];
	const listHeight = diagnosticsListHeight(groups.length, body);
	const columns = diagnosticColumns(groups, width - 2);
	const detail = selected ? diagnosticDetail(selected, width - 2).slice(0, Math.max(0, body - listHeight - 1)) : [];
	return (
		<Pane title='Diagnostics' note={`${errors} errors, ${warnings} warnings${severityNotes[severity]} · Enter opens the block · e: severity`} focused width={width} height={height}>
			<ScrollList
				length={groups.length}
				cursor={cursor}
				height={listHeight}
				width={width - 2}
				empty={severity === 'all' ? 'No diagnostics' : `No ${severity}s`}
				renderRow={(index, isSelected) => {
					const group = groups[index];
					if (!group) {
						return undefined;
					}

					const {first, members} = group;
					const place = cutPlace(sanitizeLine(first.where), columns.place);
					return {
						spans: [
							{text: first.severity === 'error' ? 'Error   ' : 'Warning ', style: {color: first.severity === 'error' ? 'red' : 'yellow'}},
							...(columns.count > 0 ? [{text: (members.length > 1 ? `×${members.length}` : '').padEnd(columns.count), style: {color: 'magenta'}}] : []),
							...(columns.place > 0 ? [{text: `${place}${' '.repeat(Math.max(0, columns.place - textWidth(place)))}  `}] : []),
							{text: sanitizeLine(first.summary)},
						],
						...(isSelected && {style: {inverse: true}}),
					};
				}}
			/>
			{detail.length > 0 && <LinesView lines={[{spans: [{text: '─'.repeat(Math.max(0, width - 2)), style: {dim: true}}]}, ...detail]} width={width - 2}/>}
		</Pane>
	);
}
