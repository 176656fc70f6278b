import {
	type FunctionSpec, FunctionError, defineFunction, staticReturnType,
} from '../function.js';
import {convert, friendlyNameForConstraint} from '../convert.js';
import {
	type Type, boolType, dynamicType, friendlyTypeName, listType, mapType, numberType, setType, stringType,
} from '../types.js';
import {
	type Value, boolValue, hasMark, isSensitive, markSensitive, nullValue, typeOf, unknownValue, unmark, withMarks,
} from '../values.js';

/*
Type conversion functions (`tostring`, `tolist`, ...) with Terraform's own messages, the sensitivity functions, and the removed `list`/`map`. `can` and `try` need their arguments unevaluated: the evaluator handles them before calling; their specs here describe them and act as identity when called with values that did evaluate.
*/

function conversionFunction(name: string, want: Type): FunctionSpec {
	return defineFunction({
		name,
		resultRefinement: 'unrefined',
		description: `Converts its argument to a ${friendlyNameForConstraint(want).replace(' of any single type', '')} value.`,
		parameters: [{name: 'v', type: dynamicType, allowNull: true, allowDynamicType: true, allowUnknown: true, allowMarked: true}],
		returnType([type]) {
			if (type!.kind === 'dynamic') {
				return want;
			}

			const result = convert(nullValue(type!), want);
			if (!result.ok) {
				throw new FunctionError(conversionMessage(type!, want), 0);
			}

			return typeOf(result.value);
		},
		impl([value], returnType) {
			const result = convert(value!, want);
			if (!result.ok) {
				throw new FunctionError(conversionMessage(typeOf(value!), want, value!), 0);
			}

			if (result.value.kind === 'null' && value!.kind === 'null' && typeOf(value!).kind === 'dynamic') {
				return withMarks(nullValue(returnType), value!.marks);
			}

			return result.value;
		},
	});
}

function conversionMessage(from: Type, want: Type, value?: Value): string {
	const [bare] = value ? unmark(value) : [undefined];
	const sensitive = value ? isSensitive(value) : false;
	if (want.kind === 'bool' && from.kind === 'string') {
		return bare?.kind === 'string' && !sensitive ? `cannot convert ${JSON.stringify(bare.value)} to bool; only the strings "true" or "false" are allowed` : 'cannot convert to bool; only the strings "true" or "false" are allowed';
	}

	if (want.kind === 'number' && from.kind === 'string') {
		return bare?.kind === 'string' && !sensitive ? `cannot convert ${JSON.stringify(bare.value)} to number; given string must be a decimal representation of a number` : 'cannot convert to number; given string must be a decimal representation of a number';
	}

	return `cannot convert ${friendlyTypeName(from)} to ${friendlyNameForConstraint(want)}`;
}

export const tobool = conversionFunction('tobool', boolType);
export const tolist = conversionFunction('tolist', listType(dynamicType));
export const tomap = conversionFunction('tomap', mapType(dynamicType));
export const tonumber = conversionFunction('tonumber', numberType);
export const toset = conversionFunction('toset', setType(dynamicType));
export const tostring = conversionFunction('tostring', stringType);

export const sensitive = defineFunction({
	name: 'sensitive',
	resultRefinement: 'may-be-null',
	description: 'Treats the given value as sensitive: Terraform then redacts it in its output.',
	parameters: [{name: 'value', type: dynamicType, allowNull: true, allowUnknown: true, allowMarked: true, allowDynamicType: true}],
	returnType: ([type]) => type!,
	impl: ([value]) => markSensitive(value!),
});

export const nonsensitive = defineFunction({
	name: 'nonsensitive',
	resultRefinement: 'may-be-null',
	description: 'Removes the sensitive marking from the given value.',
	parameters: [{name: 'value', type: dynamicType, allowNull: true, allowUnknown: true, allowMarked: true, allowDynamicType: true}],
	returnType: ([type]) => type!,
	impl([value]) {
		const [bare, marks] = unmark(value!);
		if (!marks) {
			return bare;
		}

		const rest = new Set([...marks].filter(mark => mark !== 'sensitive'));
		return withMarks(bare, rest);
	},
});

export const issensitive = defineFunction({
	name: 'issensitive',
	description: 'Returns true if the given value is marked as sensitive.',
	parameters: [{name: 'value', type: dynamicType, allowNull: true, allowUnknown: true, allowMarked: true, allowDynamicType: true}],
	returnType: staticReturnType(boolType),
	impl: ([value]) => boolValue(isSensitive(value!)),
});

/**
OpenTofu 1.11's `issensitive`: unknown for an unknown argument, since its sensitivity is not final before its value is (opentofu/opentofu internal/lang/funcs/sensitive.go, #3008); Terraform 1.11 answers from the marks it has.
*/
export const openTofuIssensitive = defineFunction({
	...issensitive,
	impl: ([value], returnType) => unmark(value!)[0].kind === 'unknown' ? unknownValue(returnType) : boolValue(isSensitive(value!)),
});

export const ephemeralasnull = defineFunction({
	name: 'ephemeralasnull',
	resultRefinement: 'may-be-null',
	description: 'Takes a value of any type and returns a similar value of the same type with any ephemeral values replaced with non-ephemeral null values.',
	parameters: [{name: 'value', type: dynamicType, allowNull: true, allowUnknown: true, allowMarked: true, allowDynamicType: true}],
	returnType: ([type]) => type!,
	impl: ([value]) => replaceEphemeral(value!),
});

function replaceEphemeral(value: Value): Value {
	if (hasMark(value, 'ephemeral')) {
		const others = new Set([...(value.marks ?? [])].filter(mark => mark !== 'ephemeral'));
		return withMarks(nullValue(typeOf(value)), others);
	}

	switch (value.kind) {
		case 'list':
		case 'set':
		case 'tuple': {
			return {...value, elements: value.elements.map(element => replaceEphemeral(element))};
		}

		case 'map': {
			return {...value, entries: new Map([...value.entries].map(([key, element]) => [key, replaceEphemeral(element)]))};
		}

		case 'object': {
			return {...value, attributes: new Map([...value.attributes].map(([key, element]) => [key, replaceEphemeral(element)]))};
		}

		default: {
			return value;
		}
	}
}

export const can = defineFunction({
	name: 'can',
	resultRefinement: 'may-be-null',
	description: 'Evaluates the given expression and returns a boolean value indicating whether the expression produced a result without any errors.',
	parameters: [{name: 'expression', type: dynamicType, allowNull: true, allowUnknown: true, allowMarked: true, allowDynamicType: true}],
	returnType: staticReturnType(boolType),
	impl: () => boolValue(true),
});

export const tryFunction = defineFunction({
	name: 'try',
	resultRefinement: 'may-be-null',
	description: 'Evaluates all of its argument expressions in turn and returns the result of the first one that does not produce any errors.',
	parameters: [],
	variadic: {name: 'expressions', type: dynamicType, allowNull: true, allowUnknown: true, allowMarked: true, allowDynamicType: true},
	returnType(types) {
		if (types.length === 0) {
			throw new FunctionError('at least one argument is required');
		}

		return types[0]!;
	},
	impl: ([first]) => first!,
});

function removed(name: 'list' | 'map'): FunctionSpec {
	const literal = name === 'list' ? 'tolist([ ... ])' : 'tomap({ ... })';
	return defineFunction({
		name,
		description: `Removed in Terraform v0.12; use ${literal} instead.`,
		parameters: [],
		variadic: {name: 'vals', type: dynamicType, allowNull: true, allowUnknown: true, allowMarked: true, allowDynamicType: true},
		returnType() {
			throw new FunctionError(`the "${name}" function was deprecated in Terraform v0.12 and is no longer available; use ${literal} syntax to write a literal ${name}`);
		},
		impl() {
			throw new FunctionError(`the "${name}" function was deprecated in Terraform v0.12 and is no longer available; use ${literal} syntax to write a literal ${name}`);
		},
	});
}

export const list = removed('list');
export const map = removed('map');

export const conversionFunctions: readonly FunctionSpec[] = [can, ephemeralasnull, issensitive, list, map, nonsensitive, sensitive, tobool, tolist, tomap, tonumber, toset, tostring, tryFunction];

/**
`convert(value, TYPE)` (Terraform 1.15, internal/lang/funcs/conversion.go ConvertFunc): the type argument is a type constraint expression, decoded rather than evaluated (the evaluator does that: FunctionSpec.typeParameter), so `optional(T, default)` attributes get their defaults; the result's type is the constraint without its optional markers. A value that does not convert is an error at the value.
*/
export const convertFunction = defineFunction({
	name: 'convert',
	description: 'Converts a value to the type given by a type constraint, such as list(string) or object({a = optional(number, 1)}), filling in the defaults of optional attributes.',
	parameters: [{name: 'value', type: dynamicType, allowNull: true, allowDynamicType: true}, {name: 'type', type: dynamicType}],
	typeParameter: 1,
	returnType: () => dynamicType,
	impl() {
		throw new FunctionError('must be a type constraint', 1);
	},
	implWithType([value], type) {
		const result = convert(value!, type);
		if (!result.ok) {
			throw new FunctionError({prefix: '', failure: result}, 0);
		}

		return result.value;
	},
});
