import type {Expression} from '../hcl/ast.js';
import type {Result} from '../hcl/diagnostics.js';
import {parseExpression} from '../hcl/index.js';
import {evaluate} from '../lang/eval/evaluate.js';
import type {Scope} from '../lang/eval/scope.js';
import type {Value} from '../lang/values.js';
import type {FunctionContext} from '../lang/function.js';
import {createTemplateRenderer} from '../lang/functions/render-template.js';

/*
The one place expansion calls the parser and evaluator, so their APIs meet ours here.
*/

export function evaluateExpression(expression: Expression, scope: Scope): Result<Value> {
	return evaluate(expression, scope);
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
