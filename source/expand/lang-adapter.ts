import type {Expression} from '../hcl/ast.js';
import type {Result} from '../hcl/diagnostics.js';
import {parseExpression} from '../hcl/index.js';
import {evaluate} from '../lang/eval/evaluate.js';
import type {Scope} from '../lang/eval/scope.js';
import type {Value} from '../lang/values.js';
import type {FunctionSpec} from '../lang/function.js';
import {collectionFunctions} from '../lang/functions/collection.js';
import {conversionFunctions} from '../lang/functions/conversion.js';
import {cryptoFunctions} from '../lang/functions/crypto.js';
import {datetimeFunctions} from '../lang/functions/datetime.js';
import {encodingFunctions} from '../lang/functions/encoding.js';
import {ipNetworkFunctions} from '../lang/functions/ip-network.js';
import {numberFunctions} from '../lang/functions/number.js';
import {regexFunctions} from '../lang/functions/regex.js';
import {setFunctions} from '../lang/functions/set.js';
import {stringFunctions} from '../lang/functions/string.js';

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

// Until the functions registry (lang/functions/index.ts) lands: the families, by name.
const families: ReadonlyArray<readonly FunctionSpec[]> = [collectionFunctions, conversionFunctions, cryptoFunctions, datetimeFunctions, encodingFunctions, ipNetworkFunctions, numberFunctions, regexFunctions, setFunctions, stringFunctions];
export const builtinFunctions: ReadonlyMap<string, FunctionSpec> = new Map(families.flat().map(spec => [spec.name, spec]));

export function lookupFunction(name: string): FunctionSpec | undefined {
	return builtinFunctions.get(name.startsWith('core::') ? name.slice(6) : name);
}
