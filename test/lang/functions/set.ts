import {callTable} from '../../helpers/functions.js';
import {
	listType, numberType, setType, stringType,
} from '../../../source/lang/types.js';
import {
	listValue, markSensitive, nullValue, numberValue, stringValue, tupleValue, unknownValue,
} from '../../../source/lang/values.js';
import {makeSet} from '../../../source/lang/functions/support.js';

const strings = (...items: string[]) => listValue(stringType, items.map(item => stringValue(item)));

callTable('set', [
	['setunion', [strings('b'), strings('a', 'b')], `toset([
  "a",
  "b",
])`],
	['setunion', [strings('a'), unknownValue(setType(stringType))], 'unknown(set(string))'],
	// Unknown elements of known sets: setunion keeps them, the others need every element known (cty).
	['setunion', [makeSet(stringType, [stringValue('a'), unknownValue(stringType)]), strings('b')], `toset([
  "a",
  "b",
  (known after apply),
])`],
	['setintersection', [makeSet(stringType, [stringValue('a'), unknownValue(stringType)]), strings('a')], 'unknown(set(string))'],
	['setsubtract', [strings('a', 'b'), makeSet(stringType, [unknownValue(stringType)])], 'unknown(set(string))'],
	['setproduct', [listValue(stringType, [stringValue('a'), unknownValue(stringType)]), listValue(numberType, [numberValue(1)])], `tolist([
  [
    "a",
    1,
  ],
  [
    (known after apply),
    1,
  ],
])`],
	['setproduct', [makeSet(stringType, [stringValue('a'), unknownValue(stringType)]), listValue(numberType, [numberValue(1)])], 'unknown(set(tuple([string, number])))'],
	['setproduct', [unknownValue(listType(stringType)), strings('a')], 'unknown(list(tuple([string, string])))'],
	['setunion', [strings('a'), markSensitive(strings('b'))], `toset([
  "a",
  "b",
]) (sensitive)`],
	['setunion', [strings('a'), nullValue(setType(stringType))], 'error[1]: argument must not be null'],
	['setintersection', [tupleValue([numberValue(10), numberValue(2)]), listValue(numberType, [numberValue(2), numberValue(10), numberValue(3)])], `toset([
  2,
  10,
])`],
	['setsubtract', [strings('a', 'b'), strings('a')], `toset([
  "b",
])`],
	['setsubtract', [unknownValue(setType(stringType)), strings('a')], 'unknown(set(string))'],
	['setproduct', [strings('a'), unknownValue(setType(numberType))], 'unknown(set(tuple([string, number])))'],
	['setproduct', [strings('a', 'b'), listValue(numberType, [numberValue(1)])], `tolist([
  [
    "a",
    1,
  ],
  [
    "b",
    1,
  ],
])`],
]);
