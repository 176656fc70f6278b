import type {Expression} from '../../hcl/ast.js';
import {type Diagnostic, type Result, errorDiagnostic, hasErrors} from '../../hcl/diagnostics.js';
import {traversalsOf} from '../references.js';
import {numberType} from '../types.js';
import {type Value, nullValue, tupleValue} from '../values.js';
import {keepOwnAnalysis, ownAnalysis} from '../node-analysis.js';
import type {Scope} from './scope.js';
import {type InvariantCache, type Resolution, ReferenceProblem, cleanResolutions, invariantPoints, sameResolutions} from './invariant.js';
import {evaluateCall} from './calls.js';
import {evaluateTraversal} from './chains.js';
import {evaluateConditional} from './conditionals.js';
import {type Context, type Evaluation, type EvaluationTracer, charged, evaluationReferenceDiagnostics, joined, none, resolutionsByTraversal, unknown} from './context.js';
import {evaluateFor} from './for-expressions.js';
import {falseEvaluation, numberLiteralEvaluation, trueEvaluation} from './literals.js';
import {evaluateObject} from './objects.js';
import {evaluateBinary, evaluateUnary} from './operators.js';
import {resolveTraversal} from './resolve.js';
import {evaluateSplat} from './splat.js';
import {evaluateTemplate} from './templates.js';

/*
Expression evaluation after hclsyntax's Value methods, with Terraform's semantics: each node kind has its rule, operators are cty functions (so operand errors read "Unsuitable value for left operand: ..."), unknowns propagate, marks travel with values. Never throws on bad input: problems become diagnostics and the value becomes unknown.

This file is the entry (reference checks before evaluating, the dispatch per node kind, invariant points and tracing); each expression kind has its own home beside it: chains.ts (attribute and index steps on a name), objects.ts, operators.ts, conditionals.ts, templates.ts, for-expressions.ts, splat.ts, calls.ts (function calls, try, can), literals.ts; context.ts holds what they share.
*/

export function evaluate(expression: Expression, scope: Scope, tracer?: EvaluationTracer, invariant?: InvariantCache): Result<Value> {
	const result = evaluateChecked(expression, scope, tracer, invariant);
	return {value: result.value, diagnostics: distinct(result.diagnostics)};
}

/**
`evaluate` for a caller that only passes the diagnostics on (the evaluation of resource bodies, once per argument and instance): `report` is called only when there are diagnostics (the same as `evaluate` gives), and no result object is made.
*/
export function evaluateReporting(expression: Expression, scope: Scope, report: (diagnostics: readonly Diagnostic[]) => void, invariant?: InvariantCache): Value {
	const result = evaluateChecked(expression, scope, undefined, invariant);
	if (result.diagnostics.length > 0) {
		report(distinct(result.diagnostics));
	}

	return result.value;
}

/**
The evaluation, its diagnostics not yet made distinct (and possibly shared: read-only).
*/
function evaluateChecked(expression: Expression, scope: Scope, tracer: EvaluationTracer | undefined, invariant: InvariantCache | undefined): Evaluation {
	// Terraform resolves every reference before evaluating, so a bad one is reported even where evaluation would not reach it.
	let problems: Diagnostic[] | undefined;
	let resolutions: Array<Resolution | undefined> | undefined;
	const traversals = traversalsOf(expression);
	// Arrays of the right length at once: every evaluation of every instance comes here, and growing an empty array allocates for 17 elements.
	for (let position = 0; position < traversals.length; position++) {
		const traversal = traversals[position]!;
		if (scope.lookup(traversal.root) === undefined) {
			const resolution = resolveTraversal(traversal, scope);
			resolutions ??= new Array<Resolution | undefined>(traversals.length);
			resolutions[position] = resolution;
			if (resolution instanceof ReferenceProblem && resolution.diagnostics.length > 0) {
				problems ??= [];
				// What only evaluation finds (evaluationReferenceDiagnostics) is reported where evaluation reaches it, so `try` can catch it.
				problems.push(...resolution.diagnostics.filter(diagnostic => !evaluationReferenceDiagnostics.has(diagnostic)));
			}
		}
	}

	if (problems && hasErrors(problems)) {
		return {value: unknown(), diagnostics: problems};
	}

	const points = invariant && !tracer ? invariantPoints(expression, invariant.instanceNames, traversals) : undefined;
	if (resolutions === undefined) {
		return evaluateIn(expression, tracer ? {scope, tracer} : (points ? {scope, invariantCache: invariant, invariantPoints: points} : {scope}));
	}

	const byTraversal = resolutionsByTraversal(traversals, resolutions);
	return evaluateIn(expression, tracer
		? {scope, traversals, resolutions, byTraversal, tracer}
		: (points ? {scope, traversals, resolutions, byTraversal, invariantCache: invariant, invariantPoints: points} : {scope, traversals, resolutions, byTraversal}));
}

/**
The same problem found on every iteration of a `for` is reported once, as Terraform reports reference problems once.
*/
function distinct(diagnostics: readonly Diagnostic[]): Diagnostic[] {
	if (diagnostics.length < 2) {
		return diagnostics.length === 0 ? [] : [diagnostics[0]!];
	}

	const seen = new Set<string>();
	return diagnostics.filter(diagnostic => {
		const key = JSON.stringify([diagnostic.severity, diagnostic.summary, diagnostic.detail, diagnostic.subject?.start.offset, diagnostic.subject?.end.offset]);
		if (seen.has(key)) {
			return false;
		}

		seen.add(key);
		return true;
	});
}

export function evaluateIn(expression: Expression, context: Context): Evaluation {
	if (context.invariantPoints !== undefined && context.invariantPoints.points.has(expression)) {
		return kept(expression, context, evaluateNode);
	}

	return context.tracer === undefined ? evaluateNode(expression, context) : evaluateTraced(expression, context, context.tracer);
}

/**
A point's evaluation (see invariant.ts): the one kept for the block when it is certainly the same, else evaluated (and kept when it may be reused). Only in the expression's own scope: inside a `for` or a splat's element the point's names may be bound to something else.
*/
export function kept<N extends object>(node: N, context: Context, evaluateIt: (node: N, context: Context) => Evaluation): Evaluation {
	const cache = context.invariantCache!;
	const points = context.invariantPoints!;
	const {budget} = context.scope.functionContext;
	if (context.scope.parent !== undefined || context.item !== undefined || budget?.spent) {
		return evaluateIt(node, context);
	}

	const resolutions = context.resolutions ?? noResolutions;
	const entry = cache.entries.get(node);
	if (entry !== undefined && sameResolutions(entry.resolved, resolutions, points.instancePositions)) {
		return {value: entry.value, diagnostics: none};
	}

	const elements = budget?.elements;
	const characters = budget?.characters;
	const evaluation = evaluateIt(node, context);
	// Kept only when evaluating again would give the same: no diagnostics, nothing charged to the budget, every other reference resolved cleanly.
	if (evaluation.diagnostics.length === 0 && (budget === undefined || (!budget.spent && budget.elements === elements && budget.characters === characters)) && cleanResolutions(resolutions, points.instancePositions)) {
		cache.entries.set(node, {value: evaluation.value, resolved: resolutions});
	}

	return evaluation;
}

const noResolutions: ReadonlyArray<Resolution | undefined> = Object.freeze([]);

function evaluateTraced(expression: Expression, context: Context, tracer: EvaluationTracer): Evaluation {
	tracer.enter(expression, context.scope, context.item);
	const result = evaluateNode(expression, context);
	tracer.leave(expression, result.value, result.diagnostics);
	return result;
}

function evaluateNode(expression: Expression, context: Context): Evaluation {
	switch (expression.kind) {
		case 'Literal': {
			const literal = expression.value;
			if (literal.type === 'number') {
				let evaluation = ownAnalysis(expression) as Evaluation | undefined;
				if (!evaluation) {
					evaluation = numberLiteralEvaluation(literal.text) ?? {value: unknown(numberType), diagnostics: [errorDiagnostic('Invalid number literal', `Failed to recognize the value of this number literal.`, expression.range)]};
					keepOwnAnalysis(expression, evaluation);
				}

				return evaluation;
			}

			return literal.type === 'bool' ? (literal.value ? trueEvaluation : falseEvaluation) : {value: nullValue(), diagnostics: none};
		}

		case 'Template': {
			return charged(evaluateTemplate(expression, context), expression, context);
		}

		case 'Variable':
		case 'GetAttribute':
		case 'Index': {
			return evaluateTraversal(expression, context);
		}

		case 'Splat': {
			return charged(evaluateSplat(expression, context), expression, context);
		}

		case 'SplatItem': {
			return {value: context.item ?? unknown(), diagnostics: none};
		}

		case 'FunctionCall': {
			return evaluateCall(expression, context);
		}

		case 'Conditional': {
			return evaluateConditional(expression, context);
		}

		case 'BinaryOp': {
			return evaluateBinary(expression, context);
		}

		case 'UnaryOp': {
			return evaluateUnary(expression, context);
		}

		case 'Tuple': {
			let diagnostics = none;
			const elements: Value[] = [];
			for (const item of expression.items) {
				const result = evaluateIn(item, context);
				diagnostics = joined(diagnostics, result.diagnostics);
				elements.push(result.value);
			}

			return charged({value: tupleValue(elements), diagnostics}, expression, context);
		}

		case 'Object': {
			return charged(evaluateObject(expression, context), expression, context);
		}

		case 'Parenthesized': {
			return evaluateIn(expression.expression, context);
		}

		case 'For': {
			// Once the budget is spent, nothing more is built.
			const {budget} = context.scope.functionContext;
			return budget?.spent ? {value: unknown(), diagnostics: budget.exhausted(expression.range)} : charged(evaluateFor(expression, context), expression, context);
		}

		case 'Invalid': {
			return {value: unknown(), diagnostics: none};
		}
	}
}

export type {EvaluationTracer} from './context.js';
export {isReferenceDiagnostic} from './context.js';
export {equals} from './operators.js';
export {describeConditionalTypeMismatch} from './conditionals.js';
export {typeOfArgument} from './calls.js';
