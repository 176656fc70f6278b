import type {Expression} from '../hcl/ast.js';
import {type Diagnostic, type Result, errorDiagnostic} from '../hcl/diagnostics.js';
import {parseExpression} from '../hcl/index.js';
import {evaluate, evaluateReporting} from '../lang/eval/evaluate.js';
import type {InvariantCache} from '../lang/eval/invariant.js';
import type {Scope} from '../lang/eval/scope.js';
import {type Value, unknownValue} from '../lang/values.js';
import type {FunctionContext} from '../lang/function.js';
import {createTemplateRenderer} from '../lang/functions/render-template.js';

/*
The one place expansion calls the parser and evaluator, so their APIs meet ours here.
*/

/**
Evaluates an expression; an exception from the evaluator (a bug) becomes a diagnostic on the expression, so one bad expression cannot stop a whole configuration from loading. `invariant`: where the parts that are the same for every instance of a block are kept (see lang/eval/invariant.ts).
*/
export function evaluateExpression(expression: Expression, scope: Scope, invariant?: InvariantCache): Result<Value> {
	try {
		return evaluate(expression, scope, undefined, invariant);
	} catch (error) {
		return failedEvaluation(expression, error);
	}
}

function failedEvaluation(expression: Expression, error: unknown): Result<Value> {
	if (error instanceof RangeError && /call stack/i.test(error.message)) {
		return {value: unknownValue(), diagnostics: [errorDiagnostic('Expression too deeply nested', 'Evaluating this expression nested deeper than tfscope can follow.', expression.range)]};
	}

	return {value: unknownValue(), diagnostics: [errorDiagnostic('Internal evaluation error', `Evaluating this expression failed unexpectedly (${error instanceof Error ? error.message : String(error)}). This is a bug in tfscope; its value is shown as unknown.`, expression.range)]};
}

/**
evaluateExpression for a caller that only passes the diagnostics on (see lang/eval/evaluate.ts evaluateReporting): `report` is called only when there are some, and no result object is made.
*/
export function evaluateExpressionReporting(expression: Expression, scope: Scope, report: (diagnostics: readonly Diagnostic[]) => void, invariant?: InvariantCache): Value {
	try {
		return evaluateReporting(expression, scope, report, invariant);
	} catch (error) {
		const result = failedEvaluation(expression, error);
		report(result.diagnostics);
		return result.value;
	}
}

export function parseExpressionText(text: string, filename: string): {value: Expression | undefined; diagnostics: Result<Expression>['diagnostics']} {
	const result = parseExpression(text, filename);
	return {value: result.value, diagnostics: result.diagnostics};
}

import {builtinFunctionNames, lookupFunction} from '../lang/functions/index.js';

export {builtinFunctionNames, builtinFunctions, createNodeFilesystem, lookupFunction} from '../lang/functions/index.js';

/**
A function context with `templatefile`/`templatestring` rendering.
*/
export function withTemplates(context: Omit<FunctionContext, 'renderTemplate' | 'templateDepth'>): FunctionContext {
	return {...context, renderTemplate: createTemplateRenderer(context, {functions: lookupFunction, functionNames: builtinFunctionNames})};
}
