import {formatValue} from '../lang/format-value.js';
import type {Value} from '../lang/values.js';
import type {InstanceChange, WorkspaceDiff} from './compare.js';

/*
What every output format of a diff shares: the counts, the kind of each change as a reader names it, and a value on one line.
*/

export type ChangeKind = 'create' | 'delete' | 'update' | 'replace' | 'move' | 'forget' | 'import';

export type DiffSummary = Readonly<Record<ChangeKind, number>> & {
	readonly unchanged: number;
	/**
	Action invocations the changes trigger (Terraform 1.14+): the plan's "Actions: N to invoke."
	*/
	readonly invoke: number;
};

/**
The one word a change is listed under: an import or a move first (a moved object may also be updated: it is listed as moved, with its attribute changes).
*/
export function changeKind(change: InstanceChange): ChangeKind {
	if (change.importing) {
		return 'import';
	}

	if (change.action === 'forget') {
		return 'forget';
	}

	if (change.previousAddress !== undefined && (change.action === 'no-op' || change.action === 'update')) {
		return 'move';
	}

	return change.action === 'no-op' ? 'update' : change.action;
}

export function summarise(diff: WorkspaceDiff): DiffSummary {
	const counts: Record<ChangeKind, number> = {
		create: 0, delete: 0, update: 0, replace: 0, move: 0, forget: 0, import: 0,
	};
	for (const change of diff.changes) {
		counts[changeKind(change)]++;
	}

	return {...counts, unchanged: diff.unchanged.length, invoke: diff.invocations.length};
}

/**
Whether the diff changes anything a plan would act on (the exit code's question).
*/
export function hasChanges(diff: WorkspaceDiff): boolean {
	return diff.changes.length > 0 || diff.undetermined.length > 0;
}

export function summaryLine(summary: DiffSummary): string {
	// As Terraform's plan summary: add, change, destroy always; the rarer kinds when there are some.
	const parts = [
		`${summary.create} to add`,
		`${summary.update} to change`,
		...(summary.replace > 0 ? [`${summary.replace} to replace`] : []),
		`${summary.delete} to destroy`,
		...(summary.move > 0 ? [`${summary.move} moved`] : []),
		...(summary.forget > 0 ? [`${summary.forget} forgotten`] : []),
		...(summary.import > 0 ? [`${summary.import} to import`] : []),
		...(summary.invoke > 0 ? [`${summary.invoke} ${summary.invoke === 1 ? 'action' : 'actions'} to invoke`] : []),
	];
	return `${parts.join(', ')}; ${summary.unchanged} unchanged`;
}

const maximumValueWidth = 100;

/**
A value on one line, as the console prints it with its line breaks folded, cut at a readable width.
*/
export function oneLineValue(value: Value | undefined): string {
	if (value === undefined) {
		return '(not set)';
	}

	const text = formatValue(value).replaceAll(/\n\s*/g, ' ');
	return text.length > maximumValueWidth ? `${text.slice(0, maximumValueWidth - 1)}…` : text;
}
