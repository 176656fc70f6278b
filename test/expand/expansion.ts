import test from 'ava';
import {setFromElements} from '../../source/lang/operations.js';
import {
	mapType, numberType, objectType, setType, stringType,
} from '../../source/lang/types.js';
import {
	type Value, markSensitive, mapValue, nullValue, numberValue, objectValue, stringValue, tupleValue, unknownValue,
} from '../../source/lang/values.js';
import {formatKey} from '../../source/expand/addresses.js';
import {
	countExpansion, describeExpansion, expansionInstances, forEachExpansion, instanceKeys, repetitionData,
} from '../../source/expand/expansion.js';

const expandsTo = test.macro({
	exec(t, meta: 'count' | 'for_each', value: Value, expected: string) {
		const {expansion, error} = meta === 'count' ? countExpansion(value) : forEachExpansion(value);
		const keys = instanceKeys(expansion).map(key => formatKey(key) || 'single').join(' ');
		t.is(error ? `${error.summary}: ${error.detail}` : `${describeExpansion(expansion)}: ${keys}`, expected);
	},
	title: (title = '') => title,
});

test('count 3', expandsTo, 'count', numberValue(3), 'count = 3: [0] [1] [2]');
test('count 0', expandsTo, 'count', numberValue(0), 'count = 0: ');
test('count "2" converts', expandsTo, 'count', stringValue('2'), 'count = 2: [0] [1]');
test('sensitive count', expandsTo, 'count', markSensitive(numberValue(1)), 'count = 1: [0]');
test('count 1.5', expandsTo, 'count', numberValue('1.5'), 'Invalid count argument: The given "count" argument value is unsuitable: value must be a whole number.');
test('count -1', expandsTo, 'count', numberValue(-1), 'Invalid count argument: The given "count" argument value is unsuitable: must be greater than or equal to zero.');
test('count "abc"', expandsTo, 'count', stringValue('abc'), 'Incorrect value type: Invalid expression value: a number is required.');
test('count 1e9', expandsTo, 'count', numberValue('1e9'), 'Too many instances: The "count" value 1000000000 is more than tfscope expands for one block (100000); the block is shown without instances.');
test('count null', expandsTo, 'count', nullValue(numberType), 'Invalid count argument: The given "count" argument value is null. An integer is required.');
test('count unknown: one placeholder', expandsTo, 'count', unknownValue(numberType), 'count not known yet: The "count" value depends on values that are not known yet.: [*]');
test('for_each map', expandsTo, 'for_each', mapValue(stringType, [['b', stringValue('2')], ['a', stringValue('1')]]), 'for_each (2): ["a"] ["b"]');
test('for_each object', expandsTo, 'for_each', objectValue({z: numberValue(1), y: stringValue('x')}), 'for_each (2): ["y"] ["z"]');
test('for_each set', expandsTo, 'for_each', setFromElements(stringType, [stringValue('x'), stringValue('a b')]), 'for_each (2): ["a b"] ["x"]');
test('for_each tuple', expandsTo, 'for_each', tupleValue([stringValue('a')]), 'Invalid for_each argument: The given "for_each" argument value is unsuitable: the "for_each" argument must be a map, or set of strings, and you have provided a value of type tuple.');
test('for_each set of number', expandsTo, 'for_each', setFromElements(numberType, [numberValue(1)]), 'Invalid for_each argument: The given "for_each" argument value is unsuitable: the "for_each" argument must be a map, or set of strings, and you have provided a value of type set of number.');
test('for_each null', expandsTo, 'for_each', nullValue(), 'Invalid for_each argument: The given "for_each" argument value is unsuitable: the given "for_each" argument value is null. A map, or set of strings is allowed.');
test('for_each sensitive', expandsTo, 'for_each', markSensitive(mapValue(stringType, [['a', stringValue('1')]])), 'Invalid for_each argument: Sensitive values, or values derived from sensitive values, cannot be used as for_each arguments. If used, the sensitive value could be exposed as a resource instance key.');
test('for_each unknown: one placeholder', expandsTo, 'for_each', unknownValue(), 'for_each not known yet: The "for_each" value depends on values that are not known yet, so the number of instances is not known.: [*]');
test('for_each set with an unknown element: one placeholder', expandsTo, 'for_each', setFromElements(stringType, [stringValue('a'), unknownValue(stringType)]), 'for_each not known yet: The "for_each" set includes values that are not known yet.: [*]');
test('for_each map of known keys and unknown values: those keys', expandsTo, 'for_each', mapValue(stringType, [['b', unknownValue(stringType)], ['a', unknownValue(stringType)]]), 'for_each (2): ["a"] ["b"]');

test('a placeholder binds count.index, each.key unknown, and each.value unknown of the element type', t => {
	const counted = countExpansion(unknownValue(numberType)).expansion;
	const [countKey] = instanceKeys(counted);
	t.deepEqual(repetitionData(counted, countKey!), {countIndex: unknownValue(numberType)});
	const keyed = forEachExpansion(unknownValue(mapType(objectType({cidr: stringType})))).expansion;
	t.deepEqual(repetitionData(keyed, instanceKeys(keyed)[0]!), {eachKey: unknownValue(stringType), eachValue: unknownValue(objectType({cidr: stringType}))});
	const set = forEachExpansion(unknownValue(setType(stringType))).expansion;
	t.deepEqual(repetitionData(set, instanceKeys(set)[0]!), {eachKey: unknownValue(stringType), eachValue: unknownValue(stringType)});
});

test('repetition data binds each.key and each.value', t => {
	const {expansion} = forEachExpansion(mapValue(stringType, [['eu', stringValue('10.0.0.0/16')]]));
	const [key] = instanceKeys(expansion);
	const data = repetitionData(expansion, key!);
	t.deepEqual(data, {eachKey: stringValue('eu'), eachValue: stringValue('10.0.0.0/16')});
});

test('blocks that iterate over the same value share one expansion and its instances; count instances are shared across expansions', t => {
	const value = mapValue(stringType, [['b', stringValue('2')], ['a', stringValue('1')]]);
	const first = forEachExpansion(value).expansion;
	t.is(forEachExpansion(value).expansion, first);
	// A module call's error names modules, so it has a result of its own.
	t.not(forEachExpansion(value, 'module').expansion, first);
	const instances = expansionInstances(first);
	t.is(expansionInstances(first), instances);
	t.deepEqual(instances.suffixes, ['["a"]', '["b"]']);
	t.deepEqual(instances.repetitions.map(({eachKey, eachValue}) => [eachKey, eachValue]), [[stringValue('a'), stringValue('1')], [stringValue('b'), stringValue('2')]]);
	t.deepEqual(instances.repetitions, instances.keys.map(key => repetitionData(first, key)));
	const three = expansionInstances(countExpansion(numberValue(3)).expansion);
	const two = expansionInstances(countExpansion(numberValue(2)).expansion);
	t.is(three.keys[1], two.keys[1]);
	t.is(three.repetitions[1], two.repetitions[1]);
	t.deepEqual(three.suffixes, ['[0]', '[1]', '[2]']);
});
