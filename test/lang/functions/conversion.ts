import test from 'ava';
import {callTable, describeCall} from '../../helpers/functions.js';
import {
	dynamicType, listType, numberType, stringType,
} from '../../../source/lang/types.js';
import {
	type Value, hasMark, listValue, markSensitive, nullValue, numberValue, stringValue, tupleValue, unknownValue, withMarks,
} from '../../../source/lang/values.js';
import {callFunction} from '../../../source/lang/function.js';
import {lookupFunction} from '../../../source/lang/functions/index.js';
import {consoleContext} from '../../helpers/functions.js';

const s = stringValue;

callTable('conversion', [
	['tostring', [numberValue(1.5)], '"1.5"'],
	['tostring', [unknownValue(numberType)], 'unknown(string)'],
	['tostring', [unknownValue(dynamicType)], 'unknown(string)'],
	['tostring', [markSensitive(numberValue(2))], '"2" (sensitive)'],
	['tostring', [nullValue(dynamicType)], 'tostring(null)'],
	['tonumber', [markSensitive(s('x'))], 'error[0]: cannot convert to number; given string must be a decimal representation of a number'],
	['tobool', [s('maybe')], 'error[0]: cannot convert "maybe" to bool; only the strings "true" or "false" are allowed'],
	['tolist', [tupleValue([s('a'), numberValue(1)])], `tolist([
  "a",
  "1",
])`],
	['tolist', [tupleValue([s('a'), unknownValue(numberType)])], `tolist([
  "a",
  (known after apply),
])`],
	['toset', [unknownValue(listType(stringType))], 'unknown(set(string))'],
	['tomap', [tupleValue([])], 'error[0]: cannot convert tuple to map of any single type'],
	['sensitive', [unknownValue(stringType)], 'unknown(string) (sensitive)'],
	['sensitive', [nullValue(stringType)], 'tostring(null) (sensitive)'],
	['nonsensitive', [markSensitive(unknownValue(stringType))], 'unknown(string)'],
	['nonsensitive', [markSensitive(listValue(stringType, [s('a')]))], `tolist([
  "a",
])`],
	['issensitive', [markSensitive(unknownValue(stringType))], 'true'],
	['issensitive', [unknownValue(stringType)], 'false'],
	['issensitive', [listValue(stringType, [markSensitive(s('a'))])], 'false'],
	['list', [s('a')], 'error: the "list" function was deprecated in Terraform v0.12 and is no longer available; use tolist([ ... ]) syntax to write a literal list'],
	['map', [], 'error: the "map" function was deprecated in Terraform v0.12 and is no longer available; use tomap({ ... }) syntax to write a literal map'],
]);

function call(name: string, values: readonly Value[]): Value {
	return callFunction(lookupFunction(name)!, values, consoleContext);
}

test('ephemeralasnull replaces ephemeral values with typed nulls, at any depth, and keeps other marks', t => {
	const ephemeral = withMarks(s('token'), new Set(['ephemeral']));
	const result = call('ephemeralasnull', [tupleValue([ephemeral, s('plain')])]);
	t.is(describeCall('ephemeralasnull', [tupleValue([ephemeral, s('plain')])]), `[
  tostring(null),
  "plain",
]`);
	t.false(hasMark(result, 'ephemeral'));
	const both = withMarks(s('x'), new Set(['ephemeral', 'sensitive']));
	const replaced = call('ephemeralasnull', [both]);
	t.is(replaced.kind, 'null');
	t.true(hasMark(replaced, 'sensitive'));
	t.false(hasMark(replaced, 'ephemeral'));
});

test('ephemeralasnull leaves unknown and null values as they are', t => {
	t.is(describeCall('ephemeralasnull', [unknownValue(stringType)]), 'unknown(string)');
	t.is(describeCall('ephemeralasnull', [nullValue(numberType)]), 'tonumber(null)');
});
