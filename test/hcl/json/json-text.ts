import test from 'ava';
import fc from 'fast-check';
import {compareKeys, isIndexKey, sortedJsonText} from '../../../source/hcl/json/json-text.js';

test('keys compare by code point, as their UTF-8 bytes do', t => {
	const keys = ['b', '\u{1F600}', '9', '\uFFFD', '10', 'B', '\uE000', ''];
	const byBytes = [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
	t.deepEqual([...keys].sort(compareKeys), byBytes);
	fc.assert(fc.property(fc.string({unit: 'binary'}), fc.string({unit: 'binary'}), (a, b) => Math.sign(compareKeys(a, b)) === Buffer.compare(Buffer.from(a), Buffer.from(b))));
});

test('integer-like keys are those JavaScript orders first', t => {
	t.true(isIndexKey('0'));
	t.true(isIndexKey('4294967294'));
	t.false(isIndexKey('4294967295'));
	t.false(isIndexKey('01'));
	t.false(isIndexKey('-1'));
	t.false(isIndexKey('1.5'));
	t.false(isIndexKey(''));
	t.deepEqual(Object.keys({b: 1, 4294967295: 2, 4294967294: 3, '01': 4}).filter(key => isIndexKey(key)), ['4294967294']);
});

test('sortedJsonText writes what JSON.stringify writes for the same keys in sorted order', t => {
	fc.assert(fc.property(fc.jsonValue(), fc.constantFrom('', '  ', '\t'), (value, indent) => {
		const text = sortedJsonText(value, {indent});
		// JSON.parse keeps the text's order of keys that are not integer-like; JSON.stringify then writes the same text when there are none.
		const again = JSON.stringify(JSON.parse(text), undefined, indent);
		return JSON.stringify(value).match(/"\d+":/) !== null || again === text;
	}));
	t.is(sortedJsonText({b: [1, {y: null, x: undefined}], a: 'x', 10: true, 9: false}, {indent: ''}), '{"10":true,"9":false,"a":"x","b":[1,{"y":null}]}');
});
