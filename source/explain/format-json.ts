import {jsonFormatVersion} from '../json-format.js';
import {formatValueWithin} from '../lang/format-value.js';
import {isWhollyKnown} from '../lang/values.js';
import {summarizeValue} from './summary.js';
import type {Trace, TraceStep} from './trace.js';

/*
`tfscope why --json`: the trace as data, documented in docs/json.md and schemas/json/why.schema.json; every step has the same keys (null when there is nothing to say).
*/

export type StepJson = {
	readonly kind: TraceStep['kind'];
	readonly label: string;
	/** The value as `terraform console` prints it, up to maximumStepValueCharacters. */
	readonly value: string;
	/** The value on one line, summarised when large. */
	readonly summary: string;
	readonly known: boolean;
	readonly location: {readonly file: string; readonly line: number; readonly column: number} | null;
	/** The module or resource instance it is evaluated in (`""`: the root module). */
	readonly scope: string;
	/** An expression and the instance `tfscope console --at` evaluates it in to this step's value, when there is one. */
	readonly console: NonNullable<TraceStep['console']> | null;
	readonly note: string | null;
	readonly unknown: NonNullable<TraceStep['unknown']> | null;
	readonly children: readonly StepJson[];
};

export type TraceJson = {
	readonly format_version: typeof jsonFormatVersion;
	readonly subject: string;
	readonly trace: StepJson;
	readonly way_out: {readonly assume: readonly string[]; readonly target: readonly string[]; readonly exclude: readonly string[]} | null;
};

/**
The most text of one step's `value`: past it the value says `(too large to show: …)` and what the value is. A trace of 2^19 doubled objects has forty steps of up to 66 MB each.
*/
export const maximumStepValueCharacters = 1024 * 1024;

export function stepJson(step: TraceStep): StepJson {
	const {range} = step;
	return {
		kind: step.kind,
		label: step.label,
		value: formatValueWithin(step.value, maximumStepValueCharacters),
		summary: summarizeValue(step.value),
		known: isWhollyKnown(step.value),
		location: range ? {file: range.filename, line: range.start.line, column: range.start.column} : null,
		scope: step.scope,
		console: step.console ?? null,
		note: step.note ?? null,
		unknown: step.unknown ?? null,
		children: step.children.map(child => stepJson(child)),
	};
}

export function traceJson(trace: Trace): TraceJson {
	return {
		format_version: jsonFormatVersion,
		subject: trace.subject,
		trace: stepJson(trace.root),
		way_out: trace.wayOut ?? null,
	};
}
