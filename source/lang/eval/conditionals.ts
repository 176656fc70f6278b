import type {Conditional} from '../../hcl/ast.js';
import {type NumberBound, notNullUnknown, rangeOf, refinedUnknown} from '../refinements.js';
import {type Diagnostic, errorDiagnostic} from '../../hcl/diagnostics.js';
import {rangeBetween} from '../../hcl/position.js';
import {convert} from '../convert.js';
import {type Type, boolType, dynamicType, friendlyTypeName, isCollectionType, numberType, typeEquals} from '../types.js';
import {unify} from '../unify.js';
import {type Value, nullValue, typeOf, unmark, withMarks} from '../values.js';
import {type Context, type Evaluation, conversionText, keepReferenceDiagnostics, marksOf, none, unknown} from './context.js';
import {evaluateIn} from './evaluate.js';

/*
Conditional expressions.
*/

export function describeConditionalTypeMismatch(trueType: Type, falseType: Type): string {
	if (trueType.kind === 'object' && falseType.kind === 'object') {
		const trueNames = Object.keys(trueType.attributes).sort();
		const falseNames = Object.keys(falseType.attributes).sort();
		for (const name of trueNames) {
			const falseAttribute = falseType.attributes[name];
			if (!falseAttribute) {
				return `The 'true' value includes object attribute "${name}", which is absent in the 'false' value`;
			}

			if (!typeEquals(trueType.attributes[name]!, falseAttribute)) {
				return `Type mismatch for object attribute "${name}": ${describeConditionalTypeMismatch(trueType.attributes[name]!, falseAttribute)}`;
			}
		}

		for (const name of falseNames) {
			if (!(name in trueType.attributes)) {
				return `The 'false' value includes object attribute "${name}", which is absent in the 'true' value`;
			}
		}
	} else if (trueType.kind === 'tuple' && falseType.kind === 'tuple') {
		if (trueType.elements.length !== falseType.elements.length) {
			return `The 'true' tuple has length ${trueType.elements.length}, but the 'false' tuple has length ${falseType.elements.length}`;
		}

		for (const [position, element] of trueType.elements.entries()) {
			if (!typeEquals(element, falseType.elements[position]!)) {
				return `Type mismatch for tuple element ${position}: ${describeConditionalTypeMismatch(element, falseType.elements[position]!)}`;
			}
		}
	}

	return `The 'true' value is ${friendlyTypeName(trueType)}, but the 'false' value is ${friendlyTypeName(falseType)}`;
}

function isDynamicNull(value: Value): boolean {
	return value.kind === 'null' && value.type.kind === 'dynamic' && !value.marks;
}

/**
`list` with the reference diagnostics of the branches not already in it.
*/
function withBranchReferences(list: Diagnostic[], branchReferences: readonly Diagnostic[]): Diagnostic[] {
	return branchReferences.length === 0 ? list : [...list, ...branchReferences.filter(diagnostic => !list.includes(diagnostic))];
}

export function evaluateConditional(expression: Conditional, context: Context): Evaluation {
	const trueResult = evaluateIn(expression.trueResult, context);
	const falseResult = evaluateIn(expression.falseResult, context);
	const trueType = typeOf(trueResult.value);
	const falseType = typeOf(falseResult.value);
	let resultType: Type | undefined;
	if (isDynamicNull(trueResult.value)) {
		resultType = falseType;
	} else if (isDynamicNull(falseResult.value)) {
		resultType = trueType;
	} else if (trueType.kind === 'dynamic' || falseType.kind === 'dynamic') {
		resultType = dynamicType;
	} else if (typeEquals(trueType, falseType) && !(trueType.kind === 'object' && trueType.optional)) {
		// Unifying a type with itself gives it back (the common `c ? "a" : "b"`).
		resultType = trueType;
	} else {
		resultType = unify([trueType, falseType]);
	}

	const branchReferences = trueResult.diagnostics.length === 0 && falseResult.diagnostics.length === 0 ? none : keepReferenceDiagnostics([...trueResult.diagnostics, ...falseResult.diagnostics]);
	if (!resultType) {
		return {
			value: unknown(),
			diagnostics: [...branchReferences, errorDiagnostic('Inconsistent conditional result types', `The true and false result expressions must have consistent types. ${describeConditionalTypeMismatch(trueType, falseType)}.`, rangeBetween(expression.trueResult.range, expression.falseResult.range), expression.range)],
		};
	}

	const condition = evaluateIn(expression.condition, context);
	const diagnostics = [...condition.diagnostics];

	if (condition.value.kind === 'null') {
		diagnostics.push(errorDiagnostic('Null condition', 'The condition value is null. Conditions must either be true or false.', expression.condition.range, expression.range));
		return {value: unknown(resultType), diagnostics: withBranchReferences(diagnostics, branchReferences)};
	}

	if (condition.value.kind === 'unknown') {
		if (trueResult.value.kind === 'null' && falseResult.value.kind === 'null') {
			return {value: nullValue(resultType), diagnostics: withBranchReferences(diagnostics, branchReferences)};
		}

		return {value: withMarks(unknownConditional(resultType, unmark(trueResult.value)[0], unmark(falseResult.value)[0]), marksOf(condition.value, trueResult.value, falseResult.value)), diagnostics: withBranchReferences(diagnostics, branchReferences)};
	}

	const converted = convert(condition.value, boolType);
	if (!converted.ok) {
		diagnostics.push(errorDiagnostic('Incorrect condition type', 'The condition expression must be of type bool.', expression.condition.range, expression.range));
		return {value: unknown(resultType), diagnostics: withBranchReferences(diagnostics, branchReferences)};
	}

	const [bareCondition] = unmark(converted.value);
	const marks = marksOf(condition.value, trueResult.value, falseResult.value);
	const chosen = bareCondition.kind === 'bool' && bareCondition.value ? trueResult : falseResult;
	const label = chosen === trueResult ? 'true' : 'false';
	diagnostics.push(...chosen.diagnostics);
	const [bareChosen] = unmark(chosen.value);
	const result = convert(bareChosen, resultType);
	if (!result.ok) {
		diagnostics.push(errorDiagnostic('Inconsistent conditional result types', `The ${label} result value has the wrong type: ${conversionText(result, context)}.`, (label === 'true' ? expression.trueResult : expression.falseResult).range, expression.range));
		return {value: unknown(resultType), diagnostics: withBranchReferences(diagnostics, branchReferences)};
	}

	return {value: withMarks(result.value, marks), diagnostics: withBranchReferences(diagnostics, branchReferences)};
}

/**
The result of a conditional whose condition is unknown, refined as HCL does from what both results allow: not null when neither can be null, a number between the lower and higher bounds of both, a collection (both of the same type) between their length bounds.
*/
function unknownConditional(resultType: Type, whenTrue: Value, whenFalse: Value): Value {
	const trueRange = rangeOf(whenTrue);
	const falseRange = rangeOf(whenFalse);
	const notNull = trueRange.notNull && falseRange.notNull;
	const trueType = typeOf(whenTrue);
	const falseType = typeOf(whenFalse);
	if (trueType.kind === 'number' && falseType.kind === 'number') {
		const lower = (first: NumberBound | undefined, second: NumberBound | undefined): NumberBound | undefined => {
			if (!first || !second) {
				return undefined;
			}

			return first.value.equals(second.value) ? {value: first.value, inclusive: first.inclusive || second.inclusive} : (first.value.lessThan(second.value) ? first : second);
		};

		const upper = (first: NumberBound | undefined, second: NumberBound | undefined): NumberBound | undefined => {
			if (!first || !second) {
				return undefined;
			}

			return first.value.equals(second.value) ? {value: first.value, inclusive: first.inclusive || second.inclusive} : (first.value.greaterThan(second.value) ? first : second);
		};

		const min = lower(trueRange.min, falseRange.min);
		const max = upper(trueRange.max, falseRange.max);
		return refinedUnknown(numberType, {notNull, ...(min && {min}), ...(max && {max})});
	}

	if (isCollectionType(trueType) && isCollectionType(falseType) && typeEquals(trueType, falseType)) {
		return refinedUnknown(resultType, {notNull, lengthMin: Math.min(trueRange.lengthMin, falseRange.lengthMin), lengthMax: Math.max(trueRange.lengthMax, falseRange.lengthMax)});
	}

	return notNull ? notNullUnknown(resultType) : unknown(resultType);
}
