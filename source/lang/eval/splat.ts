import type {Splat} from '../../hcl/ast.js';
import {errorDiagnostic, hasErrors} from '../../hcl/diagnostics.js';
import {convert} from '../convert.js';
import {type Type, dynamicType} from '../types.js';
import {unify} from '../unify.js';
import {type Value, emptyTupleValue, listValue, tupleValue, typeOf, unmark, withMarks} from '../values.js';
import {type Context, type Evaluation, unknown} from './context.js';
import {evaluateIn} from './evaluate.js';

/*
Splat expressions.
*/

export function evaluateSplat(expression: Splat, context: Context): Evaluation {
	const source = evaluateIn(expression.source, context);
	if (hasErrors(source.diagnostics)) {
		return {value: unknown(), diagnostics: source.diagnostics};
	}

	const [bare, marks] = unmark(source.value);
	if (bare.kind === 'null') {
		return {value: withMarks(emptyTupleValue, marks), diagnostics: source.diagnostics};
	}

	if (bare.kind === 'unknown') {
		if (bare.type.kind === 'list' || bare.type.kind === 'set') {
			const each = evaluateIn(expression.each, {...context, item: unknown(bare.type.element)});
			return {value: withMarks(unknown({kind: 'list', element: typeOf(each.value)}), marks), diagnostics: source.diagnostics};
		}

		return {value: withMarks(unknown(), marks), diagnostics: source.diagnostics};
	}

	const isSequence = bare.kind === 'list' || bare.kind === 'set' || bare.kind === 'tuple';
	const elements = isSequence ? bare.elements : [bare];
	const diagnostics = [...source.diagnostics];
	const results: Value[] = [];
	for (const element of elements) {
		const result = evaluateIn(expression.each, {...context, item: element});
		diagnostics.push(...result.diagnostics);
		results.push(result.value);
	}

	if (hasErrors(diagnostics)) {
		return {value: unknown(), diagnostics};
	}

	if (bare.kind === 'list' || bare.kind === 'set') {
		if (results.length === 0) {
			const each = evaluateIn(expression.each, {...context, item: unknown(bare.elementType)});
			return {value: withMarks(listValue(typeOf(each.value), []), marks), diagnostics};
		}

		const types = results.map(result => typeOf(result));
		if (expression.each.kind === 'Splat' && scalarSplatsDisagree(types)) {
			return {value: unknown(), diagnostics: [...diagnostics, errorDiagnostic('Invalid nested splat expressions', nestedSplatDetail, expression.each.range, expression.range)]};
		}

		const elementType = unify(types) ?? dynamicType;
		const converted = results.map(result => {
			const conversion = convert(result, elementType);
			return conversion.ok ? conversion.value : result;
		});
		return {value: withMarks(listValue(elementType, converted), marks), diagnostics};
	}

	return {value: withMarks(tupleValue(results), marks), diagnostics};
}

/*
A list's splat is a list, so its results must share one type. A nested splat over scalars breaks that (`[*].x[*]`: a tuple of one element, or none for a null), and HCL 2.24 (Terraform 1.12+, whose HCL carries commit 8c8dab2) reports it as "Invalid nested splat expressions" (hclsyntax/expression.go SplatExpr.Value, through cty.CanListVal). Terraform 1.11 (HCL 2.23.0) panics there ("inconsistent list element types"): tfscope gives the later error whatever the version, since a crash cannot be followed, and so for OpenTofu, whose HCL fork (based on 2.20.1) was not available to check. Only that case is an error here: other differences come from values tfscope knows less precisely than Terraform (a resource without its schema), which HCL's check would wrongly reject, so those are unified as before.
*/
function scalarSplatsDisagree(types: readonly Type[]): boolean {
	const lengths = new Set<number>();
	for (const type of types) {
		if (type.kind === 'dynamic') {
			continue;
		}

		if (type.kind !== 'tuple' || type.elements.length > 1) {
			return false;
		}

		lengths.add(type.elements.length);
	}

	return lengths.size > 1;
}

const nestedSplatDetail = 'The second level of splat expression produced elements of different types, so it isn\'t possible to construct a valid list to represent the top-level result.\n\nConsider using a for expression instead, to produce a tuple-typed result which can therefore have non-homogenous element types.';
