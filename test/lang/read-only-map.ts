import test from 'ava';
import {stringType} from '../../source/lang/types.js';
import {mapValue, stringValue, type Value} from '../../source/lang/values.js';

const entries = (pairs: Array<[string, string]>): ReadonlyMap<string, Value> => {
	const value = mapValue(stringType, pairs.map(([key, text]) => [key, stringValue(text)] as const));
	if (value.kind !== 'map') {
		throw new Error('not a map');
	}

	return value.entries;
};

test('a small map value is a Map in sorted key order, read through every Map method', t => {
	const map = entries([['b', 'two'], ['a', 'one'], ['c', 'three']]);
	t.true(map instanceof Map);
	t.is(map.size, 3);
	t.deepEqual([...map.keys()], ['a', 'b', 'c']);
	t.deepEqual([...map.values()].map(value => value.kind === 'string' ? value.value : ''), ['one', 'two', 'three']);
	t.deepEqual([...map].map(([key]) => key), ['a', 'b', 'c']);
	t.deepEqual([...map.entries()].map(([key]) => key), ['a', 'b', 'c']);
	const seen: string[] = [];
	map.forEach((_value, key, self) => {
		seen.push(key);
		t.is(self, map);
	});
	t.deepEqual(seen, ['a', 'b', 'c']);
	t.true(map.has('b'));
	t.false(map.has('z'));
	t.is(map.get('z'), undefined);
});

test('a small map value refuses every mutation', t => {
	const map = entries([['a', 'one']]) as Map<string, Value>;
	t.throws(() => map.set('b', stringValue('x')), {instanceOf: TypeError, message: 'A map value\'s entries are read-only'});
	t.throws(() => map.delete('a'), {instanceOf: TypeError});
	t.throws(() => {
		map.clear();
	}, {instanceOf: TypeError});
	t.is(map.size, 1);
});
