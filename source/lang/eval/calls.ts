import type {Expression, FunctionCall} from '../../hcl/ast.js';
import {type Diagnostic, type Result, errorDiagnostic, hasErrors} from '../../hcl/diagnostics.js';
import {type Range, formatRangeShort, rangeBetween} from '../../hcl/position.js';
import {convert} from '../convert.js';
import {FunctionError, type FunctionSpec, type Parameter, callFunction, mismatchWordingOf} from '../function.js';
import {readTypeConstraint} from '../type-constraint.js';
import {type Type, boolType, withoutOptionalAttributes} from '../types.js';
import {type Value, boolValue, isWhollyKnown, typeOf, unmark, withMarks} from '../values.js';
import {type Scope, createScope} from './scope.js';
import {type Context, type Evaluation, conversionText, added, appended, charged, keepReferenceDiagnostics, none, unknown, walkRefused} from './context.js';
import {evaluate, evaluateIn} from './evaluate.js';

/*
Function calls, including `try` and `can`, and the console's `type`.
*/

/*
Terraform suggests any name within distance 2 (HCL walks a Go map, so which one changes from run to run: `nope` gets "one" or "type"); tfscope picks the nearest, the first in the list on a tie, so the suggestion is stable.
*/
function suggestFunction(name: string, names: readonly string[]): string {
	let best: string | undefined;
	let bestDistance = 3;
	for (const candidate of names) {
		const distance = levenshtein(name, candidate);
		if (distance < bestDistance) {
			best = candidate;
			bestDistance = distance;
		}
	}

	return best === undefined ? '' : ` Did you mean "${best}"?`;
}

/**
The error for a call to a function the scope does not have, worded as Terraform words it for each kind of name.
*/
function unknownFunction(expression: FunctionCall, scope: Scope): Diagnostic {
	const {name} = expression;
	const segments = name.split('::');
	let summary = 'Unknown provider function';
	let detail: string;
	if (segments.length === 1) {
		summary = 'Call to unknown function';
		detail = `There is no function named "${name}".${suggestFunction(name, scope.functionNames())}`;
	} else if (segments[0] !== 'provider') {
		// `core::` names only built-in functions; any other namespace is not one.
		detail = `The function namespace "${segments[0]}" is not valid. Provider function calls must use the "provider::" namespace prefix.`;
	} else if (segments.length < 3) {
		detail = 'The function call must include the provider name after the "provider::" prefix.';
	} else {
		const provider = segments[1]!;
		const functionName = segments.slice(2).join('::');
		detail = providerDeclared(provider, scope)
			? `The function "${functionName}" is not available from the provider "${provider}".`
			: `There is no function named "${name}". Ensure that provider name "${provider}" is declared in this module's required_providers block, and that this provider offers a function named "${functionName}".`;
	}

	return errorDiagnostic(summary, detail, expression.nameRange, expression.range);
}

/*
The scope offers a declared provider's functions only: the terraform provider's own, or for another provider a stand-in under any name. So a provider is declared when its `encode_expr` (one of the terraform provider's functions, and a name any stand-in answers to) resolves.
*/
function providerDeclared(provider: string, scope: Scope): boolean {
	return scope.functions(`provider::${provider}::encode_expr`) !== undefined;
}

/**
Where HCL points an error about an expression as a whole argument (its "start range"): a call's name and opening parenthesis, a quoted string's first part, otherwise the whole expression.
*/
function startRange(expression: Expression): Range {
	switch (expression.kind) {
		case 'FunctionCall': {
			return rangeBetween(expression.nameRange, expression.openParenRange);
		}

		case 'Template': {
			const [first] = expression.parts;
			if (!first || (expression.parts.length === 1 && first.kind === 'TemplateInterpolation' && !expression.heredoc)) {
				return expression.range;
			}

			return first.kind === 'TemplateInterpolation' ? startRange(first.expression) : first.range;
		}

		default: {
			return expression.range;
		}
	}
}

/**
Terraform's templatestring renders only a template fetched from elsewhere: its first argument must be a reference (`local.tpl`, `data.x.y.rendered`, an index or splat of one), not a literal template nor a computed one. Returns the refusal, or undefined for an accepted argument.
*/
function templateStringRefusal(argument: Expression): string | undefined {
	const prefix = 'invalid template expression: templatestring is only for rendering templates retrieved dynamically from elsewhere';
	if (argument.kind === 'Template') {
		const [only] = argument.parts;
		if (argument.parts.length === 1 && only!.kind === 'TemplateInterpolation' && !argument.heredoc) {
			return `${prefix}; to treat the inner expression as template syntax, write the reference expression directly without any template interpolation syntax`;
		}

		return argument.parts.every(part => part.kind === 'TemplateLiteral')
			? `${prefix}, and so does not support providing a literal template; consider using a template string expression instead`
			: `${prefix}; to render an inline template, consider using a plain template string expression`;
	}

	return isDirectReference(argument) ? undefined : 'invalid template expression: must be a direct reference to a single string from elsewhere, containing valid Terraform template syntax';
}

function isDirectReference(expression: Expression): boolean {
	switch (expression.kind) {
		case 'Variable': {
			return true;
		}

		case 'GetAttribute': {
			return isDirectReference(expression.object);
		}

		case 'Index': {
			return isDirectReference(expression.collection);
		}

		case 'Splat': {
			return isDirectReference(expression.source);
		}

		default: {
			return false;
		}
	}
}

function levenshtein(a: string, b: string): number {
	const row = Array.from({length: b.length + 1}, (_, position) => position);
	for (let i = 1; i <= a.length; i++) {
		let diagonal = row[0]!;
		row[0] = i;
		for (let j = 1; j <= b.length; j++) {
			const above = row[j]!;
			row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
			diagonal = above;
		}
	}

	return row[b.length]!;
}

export function evaluateCall(expression: FunctionCall, context: Context): Evaluation {
	const {scope} = context;
	if (expression.name === 'try' || expression.name === 'can') {
		return expression.name === 'try' ? evaluateTry(expression, context) : evaluateCan(expression, context);
	}

	const spec = scope.functions(expression.name);
	if (!spec) {
		return {value: unknown(), diagnostics: [unknownFunction(expression, scope)]};
	}

	if (spec.typeParameter !== undefined && spec.implWithType && !expression.expandFinal) {
		return evaluateWithTypeArgument(spec, spec.typeParameter, spec.implWithType, expression, context);
	}

	// The shared empty list until there is something to add (see `added`): most calls have no diagnostics.
	let diagnostics = none;
	const argumentValues: Value[] = [];
	const {arguments: callArguments} = expression;
	// Values from position expandStart on are the elements of the final `...` argument.
	let expandStart: number | undefined;

	// templatestring's template is checked, not evaluated, before the call (Terraform passes it as an expression); inside a template the call is refused as recursive instead.
	const checksTemplate = spec.name === 'templatestring' && callArguments.length > 0 && !(expression.expandFinal && callArguments.length === 1) && !context.scope.functionContext.templateDepth;
	const templateRefusal = checksTemplate ? templateStringRefusal(callArguments[0]!) : undefined;
	for (let position = 0; position < callArguments.length; position++) {
		const argument = callArguments[position]!;
		if (position === 0 && templateRefusal !== undefined) {
			argumentValues.push(unknown());
			continue;
		}

		const result = evaluateIn(argument, context);
		if (result.diagnostics.length > 0) {
			diagnostics = appended(diagnostics, result.diagnostics);
		}

		const isExpanding = expression.expandFinal && position === callArguments.length - 1;
		if (!isExpanding) {
			argumentValues.push(result.value);
			continue;
		}

		if (hasErrors(result.diagnostics)) {
			return {value: unknown(), diagnostics};
		}

		const [bare, marks] = unmark(result.value);
		if (bare.kind === 'null') {
			diagnostics = added(diagnostics, errorDiagnostic('Invalid expanding argument value', 'The expanding argument (indicated by ...) must not be null.', argument.range, expression.range));
			return {value: unknown(), diagnostics};
		}

		if (bare.kind === 'unknown') {
			return {value: withMarks(unknown(), marks), diagnostics};
		}

		if (bare.kind !== 'list' && bare.kind !== 'set' && bare.kind !== 'tuple') {
			diagnostics = added(diagnostics, errorDiagnostic('Invalid expanding argument value', 'The expanding argument (indicated by ...) must be of a tuple, list, or set type.', argument.range, expression.range));
			return {value: unknown(), diagnostics};
		}

		expandStart = argumentValues.length;
		for (const element of bare.elements) {
			argumentValues.push(withMarks(element, marks));
		}
	}

	if (diagnostics.length > 0 && hasErrors(diagnostics)) {
		return {value: unknown(), diagnostics};
	}

	const arity = arityError(spec, expression, argumentValues.length, expandStart);
	if (arity) {
		return {value: unknown(), diagnostics: added(diagnostics, arity)};
	}

	const {parameters} = spec;

	let converts = false;
	for (let position = 0; position < argumentValues.length; position++) {
		const parameter: Parameter = (parameters[position] ?? spec.variadic)!;
		// Anything converts to the dynamic type: only typed parameters can fail here.
		if (parameter.type.kind === 'dynamic') {
			continue;
		}

		const converted = convert(argumentValues[position]!, parameter.type);
		if (!converted.ok) {
			converts = true;
			diagnostics = added(diagnostics, errorDiagnostic('Invalid function argument', `Invalid value for "${parameter.name}" parameter: ${conversionText(converted, context)}.`, argumentRange(expression, argumentValues.length, expandStart, position), expression.range));
		}
	}

	if (converts && hasErrors(diagnostics)) {
		return {value: unknown(), diagnostics};
	}

	if (templateRefusal !== undefined) {
		diagnostics = added(diagnostics, errorDiagnostic('Invalid function argument', `Invalid value for "${parameters[0]!.name}" parameter: ${templateRefusal}.`, argumentRange(expression, argumentValues.length, expandStart, 0), expression.range));
		return {value: unknown(), diagnostics};
	}

	return callSpec(spec, expression, argumentValues, expandStart, context, diagnostics);
}

/**
HCL's arity errors for a call of `valueCount` values (the final `...` argument's elements from `expandStart` on), or undefined when the count fits: one check for plain calls and for calls with a type argument (`convert`), with hclsyntax's ranges (the closing parenthesis for a missing argument, the start of the first extra one).
*/
function arityError(spec: FunctionSpec, expression: FunctionCall, valueCount: number, expandStart: number | undefined): Diagnostic | undefined {
	const {parameters} = spec;
	if (valueCount < parameters.length) {
		const missing = parameters[valueCount]!;
		return errorDiagnostic('Not enough function arguments', `Function "${expression.name}" expects${spec.variadic ? ' at least' : ''} ${parameters.length} argument(s). Missing value for "${missing.name}".`, expression.closeParenRange, expression.range);
	}

	if (!spec.variadic && valueCount > parameters.length) {
		return errorDiagnostic('Too many function arguments', `Function "${expression.name}" expects only ${parameters.length} argument(s).`, argumentRange(expression, valueCount, expandStart, parameters.length), expression.range);
	}

	return undefined;
}

/**
Where an error about the argument at `position` points (the source of the final `...` argument for its elements); undefined past the last value. A plain function, not a closure per call: ranges are computed only for an error (syntax nodes build them on demand), and tsx wraps every closure it creates in a naming helper.
*/
function argumentRange(expression: FunctionCall, valueCount: number, expandStart: number | undefined, position: number): Range | undefined {
	if (position >= valueCount) {
		return undefined;
	}

	return expandStart !== undefined && position >= expandStart ? expression.arguments.at(-1)!.range : startRange(expression.arguments[position]!);
}

/**
An open object (a resource's value without its provider's schema: attributes the provider computes are missing from it) read as a whole by a function: `lookup` of a name it has is that attribute; anything else (`keys`, `values`, `merge`, `length`, `lookup` of a missing name, encoding it) is unknown, as the provider may add attributes (`lookup(res, "id")` is known after apply). Undefined when no argument is an open object.
*/
function openObjectCall(name: string, argumentValues: readonly Value[]): Value | undefined {
	const open = argumentValues.some(argument => {
		const [bare] = unmark(argument);
		return bare.kind === 'object' && bare.open === true;
	}) || ((name === 'jsonencode' || name === 'yamlencode') && argumentValues.some(argument => containsOpenObject(argument, 0)));
	if (!open) {
		return undefined;
	}

	if (name === 'lookup') {
		const [object, key] = argumentValues.map(argument => unmark(argument)[0]);
		if (object?.kind === 'object' && key?.kind === 'string' && object.attributes.has(key.value)) {
			return withMarks(object.attributes.get(key.value)!, unmark(argumentValues[0]!)[1]);
		}
	}

	return unknown();
}

function containsOpenObject(value: Value, depth: number): boolean {
	const [bare] = unmark(value);
	if (depth > 32) {
		return false;
	}

	switch (bare.kind) {
		case 'object': {
			return bare.open === true || [...bare.attributes.values()].some(element => containsOpenObject(element, depth + 1));
		}

		case 'map': {
			return [...bare.entries.values()].some(element => containsOpenObject(element, depth + 1));
		}

		case 'list':
		case 'set':
		case 'tuple': {
			return bare.elements.some(element => containsOpenObject(element, depth + 1));
		}

		default: {
			return false;
		}
	}
}

function callSpec(spec: FunctionSpec, expression: FunctionCall, argumentValues: Value[], expandStart: number | undefined, context: Context, given: Diagnostic[]): Evaluation {
	let diagnostics = given;
	const openResult = openObjectCall(expression.name, argumentValues);
	if (openResult !== undefined) {
		return {value: openResult, diagnostics};
	}

	const {budget} = context.scope.functionContext;
	if (budget?.spent) {
		// Reported once for an evaluation; a trace's budget reports each step it cuts.
		return {value: unknown(), diagnostics: [...diagnostics, ...budget.exhausted(expression.range)]};
	}

	const refused = walkRefused(argumentValues, expression, context, spec.shallow !== true);
	if (refused) {
		return {value: unknown(), diagnostics: [...diagnostics, ...refused]};
	}

	try {
		const value = callFunction(spec, argumentValues, context.scope.functionContext);
		return charged({value, diagnostics}, expression, context);
	} catch (error: unknown) {
		if (error instanceof FunctionError) {
			const position = error.argumentIndex;
			const parameter = position === undefined ? undefined : (spec.parameters[position] ?? spec.variadic);
			if (parameter && position !== undefined) {
				const subject = argumentRange(expression, argumentValues.length, expandStart, position) ?? expression.range;
				diagnostics = added(diagnostics, errorDiagnostic('Invalid function argument', `Invalid value for "${parameter.name}" parameter: ${error.messageIn(mismatchWordingOf(context.scope.functionContext))}.`, subject, expression.range));
			} else {
				diagnostics = added(diagnostics, errorDiagnostic('Error in function call', `Call to function "${expression.name}" failed: ${error.messageIn(mismatchWordingOf(context.scope.functionContext))}.`, rangeBetween(expression.nameRange, expression.openParenRange), expression.range));
			}

			return {value: unknown(), diagnostics};
		}

		throw error;
	}
}

/**
A call with a type expression argument (`convert(value, list(string))`): the arity checked as for any call, the type expression decoded as a type constraint (its `optional` defaults evaluated as constants), then the other arguments evaluated and the function called with them through a spec bound to that type, so unknown, null and marked values are handled as for any function.
*/
function evaluateWithTypeArgument(spec: FunctionSpec, typePosition: number, implWithType: NonNullable<FunctionSpec['implWithType']>, expression: FunctionCall, context: Context): Evaluation {
	const {parameters} = spec;
	const callArguments = expression.arguments;
	const arity = arityError(spec, expression, callArguments.length, undefined);
	if (arity) {
		return {value: unknown(), diagnostics: [arity]};
	}

	const constants = createScope({functions: context.scope.functions, functionNames: context.scope.functionNames, functionContext: context.scope.functionContext});
	const constraint = readTypeConstraint(callArguments[typePosition]!, written => evaluate(written, constants).value);
	if (hasErrors(constraint.diagnostics)) {
		return {value: unknown(), diagnostics: constraint.diagnostics};
	}

	let diagnostics = none;
	const argumentValues: Value[] = [];
	const valueArguments = callArguments.filter((_, position) => position !== typePosition);
	for (const argument of valueArguments) {
		const result = evaluateIn(argument, context);
		if (result.diagnostics.length > 0) {
			diagnostics = appended(diagnostics, result.diagnostics);
		}

		argumentValues.push(result.value);
	}

	if (hasErrors(diagnostics)) {
		return {value: unknown(), diagnostics};
	}

	const resultType = withoutOptionalAttributes(constraint.type);
	const bound: FunctionSpec = {
		...spec,
		parameters: parameters.filter((_, position) => position !== typePosition),
		returnType: () => resultType,
		impl: values => implWithType(values, constraint.type),
	};
	// Errors about the arguments point at them as written: the bound spec's positions skip the type argument, so it must come last (as convert's does).
	return callSpec(bound, expression, argumentValues, undefined, context, diagnostics);
}

function evaluateTry(expression: FunctionCall, context: Context): Evaluation {
	if (expression.arguments.length === 0) {
		return {value: unknown(), diagnostics: [errorDiagnostic('Error in function call', 'Call to function "try" failed: at least one argument is required.', rangeBetween(expression.nameRange, expression.openParenRange), expression.range)]};
	}

	const failures: string[] = [];
	for (const argument of expression.arguments) {
		const result = evaluateIn(argument, context);
		const references = keepReferenceDiagnostics(result.diagnostics);
		if (references.length > 0) {
			return {value: unknown(), diagnostics: references};
		}

		if (!hasErrors(result.diagnostics)) {
			if (!isWhollyKnown(result.value)) {
				return {value: unknown(), diagnostics: []};
			}

			return {value: result.value, diagnostics: result.diagnostics};
		}

		for (const diagnostic of result.diagnostics) {
			if (diagnostic.severity !== 'error') {
				continue;
			}

			const at = diagnostic.subject ? ` (at ${formatRangeShort(diagnostic.subject)})` : '';
			failures.push(`- ${diagnostic.summary}${at}${diagnostic.detail ? `\n  ${diagnostic.detail}` : ''}`);
		}
	}

	return {value: unknown(), diagnostics: [errorDiagnostic('Error in function call', `Call to function "try" failed: no expression succeeded:\n${failures.join('\n')}\n\nAt least one expression must produce a successful result.`, rangeBetween(expression.nameRange, expression.openParenRange), expression.range)]};
}

function evaluateCan(expression: FunctionCall, context: Context): Evaluation {
	if (expression.arguments.length !== 1) {
		const summary = expression.arguments.length === 0 ? 'Not enough function arguments' : 'Too many function arguments';
		const detail = expression.arguments.length === 0 ? 'Function "can" expects 1 argument(s). Missing value for "expression".' : 'Function "can" expects only 1 argument(s).';
		const subject = expression.arguments.length === 0 ? expression.closeParenRange : startRange(expression.arguments[1]!);
		return {value: unknown(boolType), diagnostics: [errorDiagnostic(summary, detail, subject, expression.range)]};
	}

	const result = evaluateIn(expression.arguments[0]!, context);
	const references = keepReferenceDiagnostics(result.diagnostics);
	if (references.length > 0) {
		return {value: unknown(boolType), diagnostics: references};
	}

	if (hasErrors(result.diagnostics)) {
		return {value: boolValue(false), diagnostics: []};
	}

	if (!isWhollyKnown(result.value)) {
		return {value: unknown(boolType), diagnostics: []};
	}

	return {value: boolValue(true), diagnostics: []};
}

/**
Evaluates `type(x)`'s argument for the console, which prints the type rather than a value.
*/
export function typeOfArgument(expression: FunctionCall, scope: Scope): Result<Type | undefined> {
	if (expression.arguments.length !== 1) {
		const summary = expression.arguments.length === 0 ? 'Not enough function arguments' : 'Too many function arguments';
		const detail = expression.arguments.length === 0 ? 'Function "type" expects 1 argument(s). Missing value for "value".' : 'Function "type" expects only 1 argument(s).';
		return {value: undefined, diagnostics: [errorDiagnostic(summary, detail, expression.range)]};
	}

	const result = evaluate(expression.arguments[0]!, scope);
	if (hasErrors(result.diagnostics)) {
		return {value: undefined, diagnostics: result.diagnostics};
	}

	return {value: typeOf(unmark(result.value)[0]), diagnostics: result.diagnostics};
}
