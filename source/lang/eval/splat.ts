import type {Splat} from '../../hcl/ast.js';
import {hasErrors} from '../../hcl/diagnostics.js';
import {convert} from '../convert.js';
import {dynamicType} from '../types.js';
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

		const elementType = unify(results.map(result => typeOf(result))) ?? dynamicType;
		const converted = results.map(result => {
			const conversion = convert(result, elementType);
			return conversion.ok ? conversion.value : result;
		});
		return {value: withMarks(listValue(elementType, converted), marks), diagnostics};
	}

	return {value: withMarks(tupleValue(results), marks), diagnostics};
}
