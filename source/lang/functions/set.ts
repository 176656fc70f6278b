import {
	type FunctionSpec, FunctionError, defineFunction,
} from '../function.js';
import {convert} from '../convert.js';
import {
	type Type, dynamicType, listType, setType, tupleType,
} from '../types.js';
import {
	type Value, listValue, tupleValue, unknownValue,
} from '../values.js';
import {
	elementsOf, knownLength, makeSet, unifyTypes, valueEquals,
} from './support.js';
import {checkElementCount} from './limits.js';

/*
Set functions. Arguments convert to sets of one unified element type; results are sets in cty's order.

Unknowns as in cty: an unknown argument makes the result unknown; setunion keeps unknown elements of known sets (they are elements of the union whatever they turn out to be), while setintersection and setsubtract need every element known (the default short-circuit); setproduct needs each argument's length known, so lists with unknown elements give tuples with unknown elements.
*/

function unifiedSetType(types: readonly Type[]): Type {
	const element = unifyTypes(types.map(type => (type as {element: Type}).element));
	if (!element) {
		throw new FunctionError('given sets must all have compatible element types', 1);
	}

	return setType(element);
}

function convertedElements(value: Value, type: Type): readonly Value[] {
	const result = convert(value, type);
	if (!result.ok) {
		throw new FunctionError({prefix: '', failure: result});
	}

	return elementsOf(result.value);
}

function setOperation(name: string, description: string, variadic: boolean, combine: (sets: ReadonlyArray<readonly Value[]>) => Value[], allowUnknown = false): FunctionSpec {
	const first = name === 'setsubtract' ? 'a' : 'first_set';
	return defineFunction({
		name,
		description,
		parameters: variadic ? [{name: first, type: setType(dynamicType), allowUnknown}] : [{name: 'a', type: setType(dynamicType)}, {name: 'b', type: setType(dynamicType)}],
		...(variadic ? {variadic: {name: 'other_sets', type: setType(dynamicType), allowUnknown}} : {}),
		returnType: types => unifiedSetType(types),
		impl(values, returnType) {
			if (values.some(value => value.kind === 'unknown')) {
				return unknownValue(returnType);
			}

			const element = (returnType as {element: Type}).element;
			return makeSet(element, combine(values.map(value => convertedElements(value, returnType))));
		},
	});
}

export const setintersection = setOperation('setintersection', 'Takes multiple sets and produces a single set containing only the elements that all of the given sets have in common.', true, sets => sets[0]!.filter(element => sets.every(other => other.some(candidate => valueEquals(candidate, element)))));
export const setunion = setOperation('setunion', 'Takes multiple sets and produces a single set containing the elements from all of the given sets.', true, sets => sets.flat(), true);
export const setsubtract = setOperation('setsubtract', 'Returns a new set containing the elements from the first set that are not present in the second set.', false, ([a, b]) => a!.filter(element => !b!.some(candidate => valueEquals(candidate, element))));

export const setproduct = defineFunction({
	name: 'setproduct',
	shallow: true,
	description: 'Finds all of the possible combinations of elements from all of the given sets by computing the Cartesian product.',
	parameters: [],
	variadic: {name: 'sets', type: dynamicType, allowUnknown: true, allowNestedMarks: true},
	returnType(types) {
		if (types.length < 2) {
			throw new FunctionError('at least two arguments are required');
		}

		// Any set among the arguments makes the product a set (as terraform console shows); otherwise a list.
		let anySet = false;
		const elementTypes: Type[] = [];
		for (const [index, type] of types.entries()) {
			if (type.kind === 'set') {
				anySet = true;
				elementTypes.push(type.element);
			} else if (type.kind === 'list') {
				elementTypes.push(type.element);
			} else if (type.kind === 'tuple') {
				const element = unifyTypes(type.elements);
				if (!element) {
					throw new FunctionError('all elements must be of the same type', index);
				}

				elementTypes.push(element);
			} else if (type.kind === 'dynamic') {
				return dynamicType;
			} else {
				throw new FunctionError('a set or a list is required', index);
			}
		}

		const combination = tupleType(elementTypes);
		return anySet ? setType(combination) : listType(combination);
	},
	impl(values, returnType, context) {
		if (values.some(value => value.kind === 'unknown' || knownLength(value) === undefined)) {
			return unknownValue(returnType);
		}

		const size = values.reduce((product, value) => product * knownLength(value)!, 1);
		checkElementCount(size);
		// The pairs (or tuples) with their elements, counted against the whole evaluation's budget before they are built.
		if (context.budget && !context.budget.affords(size * (1 + values.length))) {
			return unknownValue(returnType);
		}

		const combination = (returnType as {element: Type}).element as {elements: readonly Type[]};
		const columns = values.map((value, index) => convertedElements(value, listType(combination.elements[index]!)));
		let products: Value[][] = [[]];
		for (const column of columns) {
			products = products.flatMap(prefix => column.map(element => [...prefix, element]));
		}

		const tuples = products.map(product => tupleValue(product));
		return returnType.kind === 'set' ? makeSet(combination as Type, tuples) : listValue(combination as Type, tuples);
	},
});

export const setFunctions: readonly FunctionSpec[] = [setintersection, setproduct, setsubtract, setunion];
