import test from 'ava';
import {AddressIndex} from '../../source/expand/address-index.js';

type Item = {readonly text: string; readonly n: number};
const item = (text: string, n: number): Item => ({text, n});

test('lists items in the order they were added, group by group, as a Map would', t => {
	const index = new AddressIndex<Item>();
	index.add([item('b', 1), item('a', 2)]);
	index.add([]);
	index.add([item('c', 3)]);
	t.is(index.size, 3);
	t.deepEqual([...index.keys()], ['b', 'a', 'c']);
	t.deepEqual([...index.values()].map(value => value.n), [1, 2, 3]);
	t.deepEqual([...index].map(([key, value]) => `${key}=${value.n}`), ['b=1', 'a=2', 'c=3']);
	const seen: string[] = [];
	index.forEach((value, key, map) => {
		seen.push(`${key}=${value.n}`);
		t.is(map, index);
	});
	t.deepEqual(seen, ['b=1', 'a=2', 'c=3']);
	t.true(index instanceof Map);
});

test('finds an item by address, also one added after the first lookup', t => {
	const index = new AddressIndex<Item>();
	index.add([item('x', 1)]);
	t.is(index.get('x')?.n, 1);
	t.false(index.has('y'));
	index.add([item('y', 2)]);
	t.true(index.has('y'));
	t.is(index.get('y')?.n, 2);
	t.is(index.get('z'), undefined);
	t.is(index.size, 2);
});

test('is read-only to its readers', t => {
	const index = new AddressIndex<Item>();
	index.add([item('x', 1)]);
	const map: Map<string, Item> = index;
	t.throws(() => map.set('y', item('y', 2)), {instanceOf: TypeError});
	t.throws(() => map.delete('x'), {instanceOf: TypeError});
	t.throws(() => {
		map.clear();
	}, {instanceOf: TypeError});
	t.is(index.size, 1);
});
