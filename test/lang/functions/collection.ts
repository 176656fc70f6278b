import {callTable} from '../../helpers/functions.js';
import {
	boolType, dynamicType, listType, mapType, numberType, objectType, stringType, tupleType,
} from '../../../source/lang/types.js';
import {
	boolValue, listValue, mapValue, markSensitive, nullValue, numberValue, objectValue, stringValue, tupleValue, unknownValue,
} from '../../../source/lang/values.js';
import {makeSet} from '../../../source/lang/functions/support.js';

const s = stringValue;
const n = numberValue;
const strings = (...items: string[]) => listValue(stringType, items.map(item => s(item)));
// An unknown string nested inside known collections: cty calls the function with it (only a wholly unknown argument short-circuits).
const x = unknownValue(stringType);

callTable('collection', [
	['length', [unknownValue(listType(stringType))], 'unknown(number)'],
	['length', [unknownValue(tupleType([stringType, numberType]))], '2'],
	['length', [markSensitive(strings('a', 'b'))], '2 (sensitive)'],
	['length', [strings('a', 'b')], '2'],
	['length', [nullValue(listType(stringType))], 'error[0]: argument must not be null'],
	['alltrue', [listValue(boolType, [boolValue(true), unknownValue(boolType)])], 'unknown(bool)'],
	['alltrue', [listValue(boolType, [boolValue(false), unknownValue(boolType)])], 'false'],
	['anytrue', [listValue(boolType, [unknownValue(boolType), boolValue(true)])], 'true'],
	['concat', [strings('a'), unknownValue(listType(stringType))], 'unknown(list(string))'],
	['concat', [strings('a'), markSensitive(strings('b'))], `tolist([
  "a",
  "b",
]) (sensitive)`],
	['contains', [strings('a'), unknownValue(stringType)], 'unknown(bool)'],
	['keys', [unknownValue(mapType(numberType))], 'unknown(list(string))'],
	['keys', [mapValue(numberType, [['b', n(1)], ['a', n(2)]])], `tolist([
  "a",
  "b",
])`],
	['values', [objectValue({b: n(1), a: s('x')})], `[
  "x",
  1,
]`],
	['lookup', [mapValue(stringType, [['a', s('x')]]), s('b'), s('d')], '"d"'],
	['lookup', [mapValue(stringType, [['a', s('x')]]), unknownValue(stringType), s('d')], 'unknown(string)'],
	['lookup', [mapValue(stringType, [['a', s('x')]]), s('b')], 'error: the given map has no key "b"'],
	['element', [tupleValue([s('a'), n(1)]), n(3)], '1'],
	['element', [strings('a', 'b'), unknownValue(numberType)], 'unknown(string)'],
	['flatten', [tupleValue([strings('a'), unknownValue(listType(stringType))])], 'unknown(dynamic)'],
	['merge', [objectValue({a: n(1)}), unknownValue(objectType({b: stringType}))], 'unknown(object({a=number, b=string}))'],
	['merge', [objectValue({a: n(1)}), nullValue(dynamicType)], `{
  "a" = 1
}`],
	['coalesce', [nullValue(stringType), unknownValue(stringType), s('x')], 'unknown(string)'],
	['coalesce', [s(''), markSensitive(s('x'))], '"x" (sensitive)'],
	['coalescelist', [tupleValue([]), strings('z')], `tolist([
  "z",
])`],
	['compact', [listValue(stringType, [s('a'), nullValue(stringType), s('')])], `tolist([
  "a",
])`],
	['distinct', [listValue(numberType, [n(1), n('1.0'), n(2)])], `tolist([
  1,
  2,
])`],
	['range', [n(3), n(0)], `tolist([
  3,
  2,
  1,
])`],
	['range', [unknownValue(numberType)], 'unknown(list(number))'],
	['range', [n(0), n(2000)], 'error: more than 1024 values were generated; either decrease the difference between start and end or use a smaller step'],
	['reverse', [unknownValue(tupleType([stringType, numberType]))], 'unknown(tuple([number, string]))'],
	['slice', [strings('a', 'b', 'c'), n(1), n(3)], `tolist([
  "b",
  "c",
])`],
	['sort', [listValue(stringType, [s('b'), unknownValue(stringType)])], 'unknown(list(string))'],
	['sum', [listValue(numberType, [n('0.1'), n('0.2')])], '0.3'],
	['sum', [markSensitive(listValue(numberType, [n(1), n(2)]))], '3 (sensitive)'],
	['zipmap', [strings('a', 'b'), listValue(numberType, [n(1), n(2)])], `tomap({
  "a" = 1
  "b" = 2
})`],
	['zipmap', [unknownValue(listType(stringType)), listValue(numberType, [])], 'unknown(map(number))'],
	['one', [listValue(stringType, [])], 'tostring(null)'],
	['one', [unknownValue(listType(stringType))], 'unknown(string)'],
	['transpose', [mapValue(listType(stringType), [['k', listValue(stringType, [nullValue(stringType)])]])], 'error[0]: input must not contain null list elements'],
	['chunklist', [strings('a', 'b', 'c'), n(2)], `tolist([
  tolist([
    "a",
    "b",
  ]),
  tolist([
    "c",
  ]),
])`],
	['matchkeys', [strings('x', 'y'), strings('a', 'b'), unknownValue(listType(stringType))], 'unknown(list(string))'],
	['index', [strings('a', 'b'), s('b')], '1'],
	['merge', [objectValue({a: x}), objectValue({b: n(1)})], `{
  "a" = (known after apply)
  "b" = 1
}`],
	['merge', [objectValue({x}), objectValue({})], `{
  "x" = (known after apply)
}`],
	['merge', [mapValue(stringType, [['a', x]]), mapValue(stringType, [['b', s('y')]])], `tomap({
  "a" = (known after apply)
  "b" = "y"
})`],
	['merge', [objectValue({a: n(1)}), unknownValue(mapType(stringType))], 'unknown(dynamic)'],
	['merge', [markSensitive(objectValue({a: x})), objectValue({b: n(1)})], `{
  "a" = (known after apply)
  "b" = 1
} (sensitive)`],
	['concat', [tupleValue([x]), tupleValue([n(1)])], `[
  (known after apply),
  1,
]`],
	['concat', [listValue(stringType, [x]), strings('b')], `tolist([
  (known after apply),
  "b",
])`],
	['zipmap', [strings('a'), tupleValue([x])], `{
  "a" = (known after apply)
}`],
	['zipmap', [strings('a'), listValue(stringType, [x])], `tomap({
  "a" = (known after apply)
})`],
	['zipmap', [listValue(stringType, [x]), strings('v')], 'unknown(map(string))'],
	['flatten', [tupleValue([listValue(stringType, [s('a'), x]), tupleValue([n(1)])])], `[
  "a",
  (known after apply),
  1,
]`],
	['flatten', [tupleValue([unknownValue(dynamicType)])], 'unknown(dynamic)'],
	['flatten', [tupleValue([makeSet(stringType, [s('a'), x])])], 'unknown(dynamic)'],
	['keys', [objectValue({b: x, a: n(1)})], `[
  "a",
  "b",
]`],
	['keys', [unknownValue(objectType({b: stringType, a: numberType}))], `[
  "a",
  "b",
]`],
	['keys', [mapValue(stringType, [['a', x]])], `tolist([
  "a",
])`],
	['length', [listValue(stringType, [x, s('a')])], '2'],
	['length', [makeSet(stringType, [x])], '1'],
	['length', [makeSet(stringType, [x, s('a')])], 'unknown(number)'],
	['lookup', [mapValue(numberType, [['a', unknownValue(numberType)], ['b', n(2)]]), s('b')], '2'],
	['lookup', [mapValue(stringType, [['a', x]]), s('b'), s('d')], '"d"'],
	['lookup', [objectValue({a: x, b: n(1)}), s('b')], '1'],
	['lookup', [mapValue(stringType, [['a', s('v')]]), s('a'), x], '"v"'],
	['lookup', [unknownValue(mapType(stringType)), s('a')], 'unknown(string)'],
	['element', [listValue(stringType, [s('a'), x]), n(2)], '"a"'],
	['element', [listValue(stringType, [s('a'), x]), n(1)], 'unknown(string)'],
	['element', [unknownValue(listType(stringType)), n(-1)], 'unknown(string)'],
	['element', [listValue(stringType, [s('a'), s('b'), s('c')]), n(-1)], '"c"'],
	['element', [listValue(stringType, [s('a'), s('b'), s('c')]), n(-3)], '"a"'],
	['element', [listValue(stringType, [s('a'), s('b'), s('c')]), n(-5)], '"b"'],
	['slice', [listValue(stringType, [s('a'), x, s('c')]), n(1), n(3)], `tolist([
  (known after apply),
  "c",
])`],
	['slice', [tupleValue([s('a'), x]), n(1), n(2)], `[
  (known after apply),
]`],
	['reverse', [listValue(stringType, [s('a'), x])], `tolist([
  (known after apply),
  "a",
])`],
	['coalescelist', [listValue(stringType, []), listValue(stringType, [x])], `tolist([
  (known after apply),
])`],
	['values', [objectValue({b: x, a: n(1)})], `[
  1,
  (known after apply),
]`],
	['values', [unknownValue(mapType(stringType))], 'unknown(list(string))'],
	['contains', [listValue(stringType, [s('a'), x]), s('a')], 'true'],
	['contains', [listValue(stringType, [s('a'), x]), s('b')], 'unknown(bool)'],
	['contains', [tupleValue([n(1), x]), n(2)], 'false'],
	['contains', [listValue(stringType, []), x], 'unknown(bool)'],
	['index', [listValue(stringType, [s('a'), x, s('b')]), s('a')], '0'],
	['index', [listValue(stringType, [s('a'), x, s('b')]), s('b')], 'unknown(number)'],
	['distinct', [listValue(stringType, [s('a'), x])], 'unknown(list(string))'],
	['compact', [listValue(stringType, [s('a'), x])], 'unknown(list(string))'],
	['one', [tupleValue([s('a')])], '"a"'],
	['one', [listValue(numberType, [unknownValue(numberType)])], 'unknown(number)'],
	['one', [makeSet(stringType, [x, s('a')])], 'unknown(string)'],
	['chunklist', [listValue(stringType, [s('a'), x, s('c')]), n(2)], `tolist([
  tolist([
    "a",
    (known after apply),
  ]),
  tolist([
    "c",
  ]),
])`],
	['matchkeys', [listValue(stringType, [s('x'), x]), strings('a', 'b'), strings('b')], 'unknown(list(string))'],
	['matchkeys', [strings('x', 'y'), strings('a', 'b'), listValue(stringType, [x])], 'tolist([])'],
	['matchkeys', [strings('x', 'y'), strings('a', 'b'), strings('b')], `tolist([
  "y",
])`],
	['alltrue', [listValue(boolType, [unknownValue(boolType), boolValue(false)])], 'unknown(bool)'],
	['sum', [listValue(numberType, [n(1), unknownValue(numberType)])], 'unknown(number)'],
]);
