import test from 'ava';
import {stringType} from '../../source/lang/types.js';
import {type Value, mapValue, sortedEntries, stringValue} from '../../source/lang/values.js';

// Small maps share their keys with recent maps of the same keys (a ring of eight): made in turn from more key sets than the ring holds, each map still reads back its own keys and values.
test('small maps made in turn from many key sets keep their own keys and values', t => {
	const keySets = Array.from({length: 12}, (_, set) => Array.from({length: 1 + (set % 4)}, (_, index) => `k${set}-${index}`));
	const made: Array<{keys: string[]; map: ReadonlyMap<string, Value>}> = [];
	for (let round = 0; round < 3; round++) {
		for (const [set, keys] of keySets.entries()) {
			const values = keys.map(key => stringValue(`${key}@${round}`));
			const map = set % 2 === 0 ? sortedEntries(keys, values) : mapValue(stringType, keys.map((key, index) => [key, values[index]!] as const)).entries;
			made.push({keys, map});
		}
	}

	for (const [position, {keys, map}] of made.entries()) {
		const round = Math.floor(position / keySets.length);
		t.deepEqual([...map.keys()], keys);
		t.deepEqual([...map.values()].map(value => (value as {value: string}).value), keys.map(key => `${key}@${round}`));
		t.true(keys.every(key => map.has(key)) && !map.has('absent'));
	}
});
