import {errorDiagnostic} from '../hcl/diagnostics.js';
import type {Range} from '../hcl/position.js';
import {type Context, report} from './expand-context.js';

/*
Memoised values: each computed once, a value that depends on itself reported as a cycle.
*/

export const pending = Symbol('pending');

/**
Something with a range (a declaration, a block), read only when a diagnostic needs it.
*/
export type Located = {readonly range: Range};

/**
Reports the cycle that `label` closes: every member from its first appearance on the evaluation stack.
*/
export function reportCycle(context: Context, label: string, range: Range | undefined): void {
	const {stack} = context;
	const start = stack.indexOf(label);
	// Labels starting with `~` are steps through which a cycle passes (a module call's outputs), not members of it.
	const members = (start === -1 ? [label] : stack.slice(start)).filter((member, index, all) => !member.startsWith('~') && all.indexOf(member) === index);
	if (members.length === 0) {
		members.push(label.replace(/^~/, ''));
	}

	report(context, [errorDiagnostic(`Cycle: ${members.join(', ')}`, `These values refer to each other, so none of them can be evaluated: ${members.join(' → ')} → ${members[0]!}. Remove one of the references to break the cycle.`, range)]);
}

function withLabel<V>(context: Context, label: string, compute: () => V): V {
	context.stack.push(label);
	try {
		return compute();
	} finally {
		context.stack.pop();
	}
}

/**
Memoised computation with cycle detection over a shared stack of labels.
*/
export class Memo<V> {
	// Made on first use: every module instance has two memos, many never used.
	#values: Map<string, V | typeof pending> | undefined;
	readonly #context: Context;

	constructor(context: Context) {
		this.#context = context;
	}

	/**
	`where` is the declaration a cycle's diagnostic points at: its range is read only then, as working out a line and column costs more than the rest of a memoised read.
	*/
	get(key: string, label: string, where: Located | undefined, compute: () => V, onCycle: () => V): V {
		const values = this.#values ??= new Map();
		const existing = values.get(key);
		if (existing === pending) {
			reportCycle(this.#context, label, where?.range);
			return onCycle();
		}

		if (existing !== undefined || values.has(key)) {
			return existing as V;
		}

		values.set(key, pending);
		const value = withLabel(this.#context, label, compute);
		values.set(key, value);
		return value;
	}
}
