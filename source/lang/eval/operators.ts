import type {BinaryOp, UnaryOp} from '../../hcl/ast.js';
import {compareRanges, excludes, notNullUnknown, unknownBool} from '../refinements.js';
import {type Diagnostic, errorDiagnostic, hasErrors} from '../../hcl/diagnostics.js';
import {convert} from '../convert.js';
import {arithmetic} from '../numbers.js';
import {rawEquals} from '../operations.js';
import {type Type, boolType, dynamicType, hasDynamicType, numberType, typeEquals} from '../types.js';
import {type Value, boolValue, deepMarks, hasDeepMarks, isWhollyKnown, numberValue, typeOf, unmark, withMarks} from '../values.js';
import {type Context, type Evaluation, conversionText, joined, marksOf, unknown, walkRefused} from './context.js';
import {evaluateIn} from './evaluate.js';

/*
Binary and unary operators, as cty functions; equality.
*/

type OperatorSpec = {readonly parameter: Type; readonly result: Type};

function operatorSpec(operator: BinaryOp['operator']): OperatorSpec {
	switch (operator) {
		case '||':
		case '&&': {
			return {parameter: boolType, result: boolType};
		}

		case '==':
		case '!=': {
			return {parameter: dynamicType, result: boolType};
		}

		case '<':
		case '>':
		case '<=':
		case '>=': {
			return {parameter: numberType, result: boolType};
		}

		default: {
			return {parameter: numberType, result: numberType};
		}
	}
}

export function evaluateBinary(expression: BinaryOp, context: Context): Evaluation {
	const spec = operatorSpec(expression.operator);
	const left = evaluateIn(expression.left, context);
	const right = evaluateIn(expression.right, context);
	let diagnostics = joined(left.diagnostics, right.diagnostics);
	const convertedLeft = convert(left.value, spec.parameter);
	const convertedRight = convert(right.value, spec.parameter);
	if (!convertedLeft.ok) {
		diagnostics = joined(diagnostics, [errorDiagnostic('Invalid operand', `Unsuitable value for left operand: ${conversionText(convertedLeft, context)}.`, expression.left.range, expression.range)]);
	}

	if (!convertedRight.ok) {
		diagnostics = joined(diagnostics, [errorDiagnostic('Invalid operand', `Unsuitable value for right operand: ${conversionText(convertedRight, context)}.`, expression.right.range, expression.range)]);
	}

	if (!convertedLeft.ok || !convertedRight.ok) {
		return {value: unknown(spec.result), diagnostics};
	}

	const a = convertedLeft.value;
	const b = convertedRight.value;
	if (expression.operator === '&&' || expression.operator === '||') {
		const decided = shortCircuit(expression.operator, a, b, left.diagnostics, right.diagnostics);
		if (decided) {
			return {value: withMarks(decided.value, marksOf(a, b)), diagnostics: decided.diagnostics};
		}
	}

	if (hasErrors(diagnostics)) {
		return {value: unknown(spec.result), diagnostics};
	}
	if (expression.operator === '==' || expression.operator === '!=') {
		const refused = walkRefused([a, b], expression, context);
		if (refused) {
			return {value: unknown(boolType), diagnostics: joined(diagnostics, refused)};
		}

		const equal = equals(a, b, context.scope.functionContext.equalsNullShallowMarks === true);
		if (expression.operator === '!=' && equal.kind === 'bool') {
			return {value: withMarks(boolValue(!equal.value), equal.marks), diagnostics};
		}

		return {value: equal, diagnostics};
	}

	if (a.kind === 'null' || b.kind === 'null') {
		return {value: unknown(spec.result), diagnostics: [errorDiagnostic('Operation failed', 'Error during operation: argument must not be null.', expression.range)]};
	}

	const marks = marksOf(a, b);
	const [bareA] = unmark(a);
	const [bareB] = unmark(b);
	if (expression.operator === '&&' || expression.operator === '||') {
		// Reached only with both operands known and neither deciding (shortCircuit above): never unknown here.
		if (bareA.kind !== 'bool' || bareB.kind !== 'bool') {
			return {value: withMarks(unknownBool, marks), diagnostics};
		}

		const result = expression.operator === '||' ? bareA.value || bareB.value : bareA.value && bareB.value;
		return {value: withMarks(boolValue(result), marks), diagnostics};
	}

	if (bareA.kind !== 'number' || bareB.kind !== 'number') {
		return {value: withMarks(unknownOperation(expression.operator, bareA, bareB), marks), diagnostics};
	}

	let result: Value;
	switch (expression.operator) {
		case '<': {
			result = boolValue(bareA.value.lessThan(bareB.value));
			break;
		}

		case '>': {
			result = boolValue(bareA.value.greaterThan(bareB.value));
			break;
		}

		case '<=': {
			result = boolValue(bareA.value.lessThanOrEqualTo(bareB.value));
			break;
		}

		case '>=': {
			result = boolValue(bareA.value.greaterThanOrEqualTo(bareB.value));
			break;
		}

		case '%': {
			// cty gives the left operand back when dividing by zero.
			result = bareB.value.isZero() ? bareA : numberValue(arithmetic('%', bareA.value, bareB.value));
			break;
		}

		default: {
			const value = arithmetic(expression.operator, bareA.value, bareB.value);
			if (value.isNaN()) {
				const reasons: Readonly<Record<string, string>> = {
					'+': 'can\'t compute sum of opposing infinities',
					'-': 'can\'t subtract infinity from itself',
					'*': 'can\'t multiply zero by infinity',
					'/': 'can\'t divide zero by zero or infinity by infinity',
				};
				return {value: unknown(numberType), diagnostics: [errorDiagnostic('Operation failed', `Error during operation: ${reasons[expression.operator] ?? 'the result is not a number'}.`, expression.range)]};
			}

			result = numberValue(value);
		}
	}

	return {value: withMarks(result, marks), diagnostics};
}

/**
Terraform 1.12+ and OpenTofu 1.10+ short-circuit `||` and `&&` (hashicorp/hcl hclsyntax/expression_ops.go, OpLogicalOr/OpLogicalAnd's ShortCircuit and BinaryOpExpr.Value, hcl v2.24; OpenTofu's hcl fork since 1.10, website/docs/language/expressions/operators.mdx): both operands are still evaluated (and converted to bool: a conversion error always stands, as does a bad reference, resolved before evaluation), but a known operand that decides the result (`true` for `||`; `false` or null for `&&`) gives that result with only its own side's diagnostics, and an unknown operand beside one that cannot decide gives an unknown with the unknown side's diagnostics; two unknowns give an unknown with the left side's diagnostics unless those hold an error. Marks of both sides are kept. Undefined: evaluate the operation as usual. Terraform 1.11 evaluates both sides fully; tfscope follows current Terraform here (readme, Unknowns).
*/
function shortCircuit(operator: '&&' | '||', a: Value, b: Value, leftDiagnostics: Diagnostic[], rightDiagnostics: Diagnostic[]): {value: Value; diagnostics: Diagnostic[]} | undefined {
	const [left] = unmark(a);
	const [right] = unmark(b);
	const leftKnown = left.kind !== 'unknown';
	const rightKnown = right.kind !== 'unknown';
	if (!leftKnown && !rightKnown) {
		// Left to right: a good unknown decides; a failed left one lets both sides' diagnostics through.
		return hasErrors(leftDiagnostics) ? undefined : {value: unknownBool, diagnostics: leftDiagnostics};
	}

	// cty's Value.True is Equals(True): false for null, so False (its negation) is true for null.
	const isTrue = (value: Value): boolean => value.kind === 'bool' && value.value;
	const deciding = operator === '||' ? isTrue : (value: Value) => !isTrue(value);
	if (leftKnown && deciding(left)) {
		return {value: boolValue(operator === '||'), diagnostics: leftDiagnostics};
	}

	if (rightKnown && deciding(right)) {
		return {value: boolValue(operator === '||'), diagnostics: rightDiagnostics};
	}

	if (!leftKnown) {
		return {value: unknownBool, diagnostics: leftDiagnostics};
	}

	if (!rightKnown) {
		return {value: unknownBool, diagnostics: rightDiagnostics};
	}

	return undefined;
}

/**
An operation on numbers with an unknown operand, as cty decides it from their ranges (refinements.ts): comparisons may still be true or false (`length(x) > 0` when the length is at least 1); the result is never null.
*/
function unknownOperation(operator: string, a: Value, b: Value): Value {
	switch (operator) {
		case '<': {
			return compareRanges(a, b);
		}

		case '>': {
			return compareRanges(b, a);
		}

		case '<=': {
			return orBool(compareRanges(a, b), equalsUnmarked(a, b));
		}

		case '>=': {
			return orBool(compareRanges(b, a), equalsUnmarked(a, b));
		}

		default: {
			return notNullUnknown(numberType);
		}
	}
}

// cty's Or, with unknowns: true if either is true.
function orBool(a: Value, b: Value): Value {
	if ((a.kind === 'bool' && a.value) || (b.kind === 'bool' && b.value)) {
		return boolValue(true);
	}

	return a.kind === 'bool' && b.kind === 'bool' ? boolValue(false) : unknownBool;
}

/**
cty's Equals: unknown when either side is unknown (unless its refinement rules the other side out: `x != null` of a value known not to be null, a string outside its known prefix), nulls equal each other, otherwise same type and same value.
*/
export function equals(a: Value, b: Value, nullShallowMarks = false): Value {
	if (!hasDeepMarks(a) && !hasDeepMarks(b)) {
		// Nearly every comparison: no marks to gather (three Sets each time).
		return equalsUnmarked(a, b);
	}

	// go-cty 1.18.0 (Value.Equals, commit d586d11): one null and one non-null operand keep only their top-level marks, as the nested values play no part in the answer.
	const [bareA, topA] = unmark(a);
	const [bareB, topB] = unmark(b);
	const marks = nullShallowMarks && (bareA.kind === 'null') !== (bareB.kind === 'null') ? new Set([...(topA ?? []), ...(topB ?? [])]) : new Set([...deepMarks(a), ...deepMarks(b)]);
	const result = equalsUnmarked(a, b);
	return withMarks(result, marks.size > 0 ? marks : undefined);
}

function equalsUnmarked(a: Value, b: Value): Value {
	if (a.kind === 'unknown' || b.kind === 'unknown') {
		const known = a.kind === 'unknown' ? b : a;
		const other = a.kind === 'unknown' ? a : b;
		if (known.kind === 'unknown') {
			return unknownBool;
		}

		if (excludes(other, unmark(known)[0])) {
			return boolValue(false);
		}

		if (known.kind !== 'null' && !hasDynamicType(typeOf(other)) && !typeEquals(typeOf(known), typeOf(other))) {
			return boolValue(false);
		}

		return unknownBool;
	}

	if (a.kind === 'null' || b.kind === 'null') {
		return boolValue(a.kind === 'null' && b.kind === 'null');
	}

	const typeA = typeOf(a);
	const typeB = typeOf(b);
	if (!typeEquals(typeA, typeB)) {
		return boolValue(false);
	}

	if (!isWhollyKnown(a) || !isWhollyKnown(b)) {
		return compareStructure(a, b);
	}

	return boolValue(rawEquals(stripMarks(a), stripMarks(b)));
}

function compareStructure(a: Value, b: Value): Value {
	const pairs: Array<[Value, Value]> = [];
	if ((a.kind === 'list' || a.kind === 'tuple' || a.kind === 'set') && (b.kind === a.kind)) {
		const other = b as typeof a;
		if (a.elements.length !== other.elements.length) {
			return boolValue(false);
		}

		for (const [position, element] of a.elements.entries()) {
			pairs.push([element, other.elements[position]!]);
		}
	} else if ((a.kind === 'map' && b.kind === 'map') || (a.kind === 'object' && b.kind === 'object')) {
		const left = a.kind === 'map' ? a.entries : (a as Extract<Value, {kind: 'object'}>).attributes;
		const right = b.kind === 'map' ? b.entries : (b as Extract<Value, {kind: 'object'}>).attributes;
		if (left.size !== right.size) {
			return boolValue(false);
		}

		for (const [key, element] of left) {
			const match = right.get(key);
			if (!match) {
				return boolValue(false);
			}

			pairs.push([element, match]);
		}
	} else {
		return unknownBool;
	}

	let anyUnknown = false;
	for (const [left, right] of pairs) {
		const result = equalsUnmarked(left, right);
		if (result.kind === 'bool' && !result.value) {
			return boolValue(false);
		}

		if (result.kind === 'unknown') {
			anyUnknown = true;
		}
	}

	return anyUnknown ? unknownBool : boolValue(true);
}

function stripMarks(value: Value): Value {
	return hasDeepMarks(value) ? unmarkAll(value) : value;
}

function unmarkAll(value: Value): Value {
	const [bare] = unmark(value);
	switch (bare.kind) {
		case 'list':
		case 'set':
		case 'tuple': {
			return {...bare, elements: bare.elements.map(element => unmarkAll(element))};
		}

		case 'map': {
			return {...bare, entries: new Map([...bare.entries].map(([key, element]) => [key, unmarkAll(element)]))};
		}

		case 'object': {
			return {...bare, attributes: new Map([...bare.attributes].map(([key, element]) => [key, unmarkAll(element)]))};
		}

		default: {
			return bare;
		}
	}
}

export function evaluateUnary(expression: UnaryOp, context: Context): Evaluation {
	const type = expression.operator === '!' ? boolType : numberType;
	const operand = evaluateIn(expression.operand, context);
	const diagnostics = [...operand.diagnostics];
	const converted = convert(operand.value, type);
	if (!converted.ok) {
		diagnostics.push(errorDiagnostic('Invalid operand', `Unsuitable value for unary operand: ${conversionText(converted, context)}.`, expression.operand.range, expression.range));
	}

	if (hasErrors(diagnostics) || !converted.ok) {
		return {value: unknown(type), diagnostics};
	}

	const [bare, marks] = unmark(converted.value);
	if (bare.kind === 'null') {
		return {value: unknown(type), diagnostics: [errorDiagnostic('Operation failed', 'Error during operation: argument must not be null.', expression.range)]};
	}

	if (bare.kind === 'bool') {
		return {value: withMarks(boolValue(!bare.value), marks), diagnostics};
	}

	if (bare.kind === 'number') {
		const negated: Value = bare.precision === undefined ? numberValue(bare.value.negated()) : {kind: 'number', value: bare.value.negated(), precision: bare.precision};
		return {value: withMarks(negated, marks), diagnostics};
	}

	// cty's Not and Negate: an unknown operand gives an unknown never null.
	return {value: withMarks(notNullUnknown(type), marks), diagnostics};
}
