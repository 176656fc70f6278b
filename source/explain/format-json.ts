import {formatValue} from '../lang/format-value.js';
import {isWhollyKnown} from '../lang/values.js';
import {summarizeValue} from './summary.js';
import type {Trace, TraceStep} from './trace.js';

/*
`tfscope why --json`: the trace as data (format_version 1), documented in the readme.
*/

export type StepJson = {
	readonly kind: TraceStep['kind'];
	readonly label: string;
	/** The value as `terraform console` prints it. */
	readonly value: string;
	/** The value on one line, summarised when large. */
	readonly summary: string;
	readonly known: boolean;
	readonly location: {readonly file: string; readonly line: number; readonly column: number} | null;
	/** The module or resource instance it is evaluated in (`""`: the root module). */
	readonly scope: string;
	/** An expression and the instance `tfscope console --at` evaluates it in to this step's value, when there is one. */
	readonly console?: TraceStep['console'];
	readonly note?: string;
	readonly unknown?: TraceStep['unknown'];
	readonly children: readonly StepJson[];
};

export type TraceJson = {
	readonly format_version: 1;
	readonly subject: string;
	readonly trace: StepJson;
	readonly way_out?: {readonly assume: readonly string[]; readonly target: readonly string[]; readonly exclude: readonly string[]};
};

export function stepJson(step: TraceStep): StepJson {
	const {range} = step;
	return {
		kind: step.kind,
		label: step.label,
		value: formatValue(step.value),
		summary: summarizeValue(step.value),
		known: isWhollyKnown(step.value),
		location: range ? {file: range.filename, line: range.start.line, column: range.start.column} : null,
		scope: step.scope,
		...(step.console && {console: step.console}),
		...(step.note !== undefined && {note: step.note}),
		...(step.unknown && {unknown: step.unknown}),
		children: step.children.map(child => stepJson(child)),
	};
}

export function traceJson(trace: Trace): TraceJson {
	return {
		format_version: 1,
		subject: trace.subject,
		trace: stepJson(trace.root),
		...(trace.wayOut && {way_out: trace.wayOut}),
	};
}
