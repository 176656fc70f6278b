import test from 'ava';
import {canConvert, convert, conversionFailureText, mismatchMessage} from '../../source/lang/convert.js';
import {rawEquals} from '../../source/lang/operations.js';
import {
	type Type, boolType, dynamicType, friendlyTypeName, listType, mapType, numberType, objectType, setType, stringType, tupleType,
} from '../../source/lang/types.js';
import {unify} from '../../source/lang/unify.js';
import {
	type Value, isSensitive, markSensitive, nullValue, numberValue, stringValue, typeOf, unknownValue, unmark,
} from '../../source/lang/values.js';
import {toValue} from '../helpers/lang.js';

const converts = test.macro({
	exec(t, input: unknown, want: Type, expected: Value) {
		const result = convert(toValue(input), want);
		if (!result.ok) {
			t.fail(conversionFailureText(result, 'terse'));
			return;
		}

		t.true(rawEquals(result.value, expected), JSON.stringify(result.value));
	},
	title: (_title, input: unknown, want: Type) => `${JSON.stringify(input)} to ${friendlyTypeName(want)}`,
});

const fails = test.macro({
	exec(t, input: unknown, want: Type, message: string) {
		const result = convert(toValue(input), want);
		t.false(result.ok);
		t.is(result.ok ? '' : conversionFailureText(result, 'terse'), message);
	},
	title: (_title, input: unknown, want: Type, message: string) => `${JSON.stringify(input)} to ${friendlyTypeName(want)} fails: ${message}`,
});

test(converts, 1.5, stringType, stringValue('1.5'));
test(converts, true, stringType, stringValue('true'));
test(converts, '12', numberType, numberValue(12));
test(converts, '1e3', numberType, numberValue(1000));
test(converts, 'true', boolType, toValue(true));
test(converts, '1', boolType, toValue(true));
test(converts, '0', boolType, toValue(false));
test(converts, [1, 'a'], listType(dynamicType), {kind: 'list', elementType: stringType, elements: [stringValue('1'), stringValue('a')]});
test(converts, ['b', 'a', 'b'], setType(stringType), {kind: 'set', elementType: stringType, elements: [stringValue('a'), stringValue('b')]});
test(converts, {b: 1, a: 2}, mapType(stringType), {kind: 'map', elementType: stringType, entries: new Map([['a', stringValue('2')], ['b', stringValue('1')]])});
test(converts, {a: 1, extra: true}, objectType({a: stringType}), toValue({a: '1'}));
test(converts, {}, objectType({a: stringType}, new Set(['a'])), toValue({a: nullValue(stringType)}));
test(converts, [[1]], listType(listType(stringType)), {kind: 'list', elementType: listType(stringType), elements: [{kind: 'list', elementType: stringType, elements: [stringValue('1')]}]});

test(fails, 'a', numberType, 'a number is required');
test(fails, 'yes', boolType, 'a bool is required');
test(fails, 'True', boolType, 'a bool is required; to convert from string, use lowercase "true"');
test(fails, true, numberType, 'number required');
test(fails, [], stringType, 'string required');
test(fails, {}, objectType({x: stringType}), 'attribute "x" is required');
test(fails, {}, objectType({x: stringType, y: stringType}), 'attributes "x" and "y" are required');
test(fails, {}, objectType({z: stringType, x: stringType, y: stringType}), 'attributes "x", "y", and "z" are required');
test(fails, {x: []}, objectType({x: stringType}), 'attribute "x": string required');
test(fails, [1, []], listType(dynamicType), 'all list elements must have the same type');
test(fails, [[]], listType(stringType), 'element 0: string required');
test(fails, {a: true}, listType(stringType), 'list of string required');
test(fails, ['a'], listType(numberType), 'a number is required');

test('a null converts to a null of the wanted type', t => {
	const result = convert(nullValue(), listType(stringType));
	t.deepEqual(result, {ok: true, value: nullValue(listType(stringType))});
});

test('an unknown converts to an unknown of the wanted type', t => {
	const result = convert(unknownValue(), numberType);
	t.deepEqual(result, {ok: true, value: unknownValue(numberType)});
});

test('marks survive conversion', t => {
	const result = convert(markSensitive(numberValue(1)), stringType);
	t.true(result.ok && isSensitive(result.value) && result.value.kind === 'string' && result.value.value === '1');
});

test('sensitive set elements mark the set', t => {
	const result = convert(toValue([markSensitive(stringValue('a'))]), setType(stringType));
	t.true(result.ok && isSensitive(result.value));
});

test('optional attributes take their default', t => {
	const want: Type = {
		kind: 'object', attributes: {a: numberType}, optional: new Set(['a']), defaults: new Map([['a', numberValue(3)]]),
	};
	const result = convert(toValue({}), want);
	t.true(result.ok && rawEquals(result.value, toValue({a: 3})));
});

test('canConvert and mismatchMessage agree with cty', t => {
	t.true(canConvert(tupleType([numberType, stringType]), listType(stringType)));
	t.false(canConvert(boolType, numberType));
	t.is(mismatchMessage(listType(stringType), mapType(stringType), 'terse'), 'map of string required');
	t.is(mismatchMessage(listType(listType(stringType)), listType(stringType), 'terse'), 'incorrect list element type: string required');
});

test('unify', t => {
	t.deepEqual(unify([numberType, stringType]), stringType);
	t.deepEqual(unify([stringType, dynamicType]), stringType);
	t.deepEqual(unify([listType(numberType), listType(stringType)]), listType(stringType));
	t.deepEqual(unify([objectType({a: numberType}), mapType(stringType)]), mapType(stringType));
	// Objects of different shapes meet as a map, tuples of different lengths as a list (terraform: `true ? {a = 1} : {b = 1}`).
	t.deepEqual(unify([objectType({a: numberType}), objectType({b: numberType})]), mapType(numberType));
	t.deepEqual(unify([tupleType([numberType]), tupleType([numberType, stringType])]), listType(stringType));
	t.is(unify([objectType({a: numberType}), objectType({b: listType(numberType)})]), undefined);
	t.is(unify([objectType({}), tupleType([])]), undefined);
	t.deepEqual(unify([setType(numberType), listType(numberType)]), listType(numberType));
	t.deepEqual(unify([tupleType([numberType]), tupleType([stringType])]), tupleType([stringType]));
	t.deepEqual(typeOf(toValue([])), tupleType([]));
	// Lists and tuples meet as a list of the unified elements (terraform: `tomap({a = tolist([1]), b = ["x"]})` is a map of list of string).
	t.deepEqual(unify([listType(numberType), tupleType([stringType])]), listType(stringType));
	t.deepEqual(unify([listType(numberType), tupleType([]), tupleType([numberType, numberType])]), listType(numberType));
	t.is(unify([listType(numberType), tupleType([objectType({})])]), undefined);
});

test('numbers convert to the same strings whether or not they are shared small integers (whose strings are kept)', t => {
	for (let round = 0; round < 2; round++) {
		for (const number of [0, 1, 7, 9, 10, 99, 100, 4095, 4096, 5000, 1e7, 12_345_678, 0.5, 1.25, -3]) {
			for (const value of [numberValue(number), numberValue(String(number)), markSensitive(numberValue(number))]) {
				const converted = convert(value, stringType);
				t.true(converted.ok);
				const [bare] = unmark((converted as {value: Value}).value);
				t.is(bare.kind === 'string' ? bare.value : bare.kind, String(number), `${number}`);
			}
		}
	}

	// A shared small integer's string is made once.
	const once = convert(numberValue(7), stringType) as {value: Value};
	t.is((convert(numberValue(7), stringType) as {value: Value}).value, once.value);
});
