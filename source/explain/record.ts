import type {Expression} from '../hcl/ast.js';
import type {Diagnostic} from '../hcl/diagnostics.js';
import type {EvaluationTracer} from '../lang/eval/evaluate.js';
import type {Scope} from '../lang/eval/scope.js';
import {evaluate} from '../lang/eval/evaluate.js';
import {type Value, unknownValue} from '../lang/values.js';

/*
The evaluator's calls, recorded as it makes them: one node per expression evaluated, children in evaluation order (a `for` body once per element, a conditional's condition then the branch taken, `try`'s alternatives until one succeeds).
*/

export type Evaluated = {
	readonly expression: Expression;
	readonly scope: Scope;
	readonly item: Value | undefined;
	/**
	The names a `for` binds, as they were when this node was evaluated (the evaluator rebinds one scope's names per element): set on the nodes a `for` evaluates directly.
	*/
	readonly bound: ReadonlyMap<string, Value> | undefined;
	value: Value;
	diagnostics: readonly Diagnostic[];
	readonly children: Evaluated[];
};

/**
Recording stops past this many nodes (a `for` over a large collection): what was recorded is kept.
*/
const maximumNodes = 20_000;

class Recorder implements EvaluationTracer {
	readonly roots: Evaluated[] = [];
	readonly #stack: Evaluated[] = [];
	#count = 0;
	#skipped = 0;

	enter(expression: Expression, scope: Scope, item: Value | undefined): void {
		if (this.#skipped > 0 || this.#count >= maximumNodes) {
			this.#skipped++;
			return;
		}

		this.#count++;
		const parent = this.#stack.at(-1);
		const bound = parent && parent.scope !== scope && scope.variables.size > 0 ? new Map(scope.variables) : undefined;
		const node: Evaluated = {
			expression, scope, item, bound, value: unknownValue(), diagnostics: [], children: [],
		};
		(parent?.children ?? this.roots).push(node);
		this.#stack.push(node);
	}

	leave(_expression: Expression, value: Value, diagnostics: readonly Diagnostic[]): void {
		if (this.#skipped > 0) {
			this.#skipped--;
			return;
		}

		const node = this.#stack.pop()!;
		node.value = value;
		node.diagnostics = diagnostics;
	}
}

/**
Evaluates `expression` in `scope` with the evaluator's calls recorded: the same value and diagnostics as `evaluate`, and the root of the recorded calls.
*/
export function evaluateRecorded(expression: Expression, scope: Scope): {readonly value: Value; readonly diagnostics: readonly Diagnostic[]; readonly root: Evaluated | undefined} {
	const recorder = new Recorder();
	const result = evaluate(expression, scope, recorder);
	return {value: result.value, diagnostics: result.diagnostics, root: recorder.roots[0]};
}
