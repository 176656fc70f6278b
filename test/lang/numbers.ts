import test from 'ava';
import fc from 'fast-check';
import {integerToNumber} from '../../source/lang/numbers.js';
import {Numeric} from '../../source/lang/values.js';

// integerToNumber reads decimal.js's words; toNumber goes through the decimal text. They must agree on every integer below 10^15.
const agrees = (text: string): boolean => {
	const value = new Numeric(text);
	return Object.is(integerToNumber(value), value.toNumber());
};

test('small integers read from the words are what toNumber gives', t => {
	const texts: string[] = [];
	for (let number = -2000; number <= 2000; number++) {
		texts.push(String(number));
	}

	for (let power = 0; power < 15; power++) {
		for (const mantissa of [1, 9, 10, 11, 99, 1_234_567, 9_999_999, 10_000_000, 10_000_001]) {
			const number = mantissa * (10 ** power);
			if (number < 1e15) {
				texts.push(String(number), String(-number), String(number - 1), `${number}.000`);
			}
		}
	}

	texts.push('999999999999999', '-999999999999999', '1e14', '0', '70e1', '1234.5e3');
	t.deepEqual(texts.filter(text => !agrees(text)), []);
});

test('any integer below 10^15 read from the words is what toNumber gives', t => {
	fc.assert(fc.property(fc.integer({min: -(1e15 - 1), max: 1e15 - 1}), number => agrees(String(number))));
	fc.assert(fc.property(fc.integer({min: 0, max: 9_999_999}), fc.integer({min: 0, max: 8}), (number, zeros) => agrees(`${number}${'0'.repeat(zeros)}`.slice(0, 15))));
	t.pass();
});
