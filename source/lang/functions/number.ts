import {goPow} from './go-pow.js';
import {
	type FunctionSpec, FunctionError, defineFunction, staticReturnType,
} from '../function.js';
import {dynamicType, friendlyTypeName, numberType} from '../types.js';
import {
	type NumericValue, type Value, Numeric, numberValue, typeOf,
} from '../values.js';
import {integerOf, numberOf} from './support.js';

/*
Numeric functions. Exact operations stay in decimal; `log` and `pow` go through float64 as Terraform's math.Log/math.Pow do, so their digits match.
*/

function unary(name: string, description: string, operation: (number: NumericValue) => NumericValue): FunctionSpec {
	return defineFunction({
		name,
		description,
		parameters: [{name: 'num', type: numberType}],
		returnType: staticReturnType(numberType),
		impl([number]) {
			const result = operation(numberOf(number!));
			// Go's big.Float has no negative zero in these results (ceil(-0.5) is 0).
			return numberValue(result.isZero() ? new Numeric(0) : result);
		},
	});
}

export const abs = unary('abs', 'Returns the absolute value of the given number.', number => number.abs());
export const ceil = unary('ceil', 'Returns the closest whole number that is greater than or equal to the given value.', number => number.isFinite() ? number.ceil() : number);
export const floor = unary('floor', 'Returns the closest whole number that is less than or equal to the given value.', number => number.isFinite() ? number.floor() : number);
export const signum = defineFunction({
	name: 'signum',
	description: 'Determines the sign of a number, returning -1, 0 or 1.',
	parameters: [{name: 'num', type: numberType}],
	returnType: staticReturnType(numberType),
	impl([number]) {
		// Terraform reads the argument as an int64 first, so fractions are an error.
		const value = integerOf(number!, undefined);
		return numberValue(Math.sign(value) || 0);
	},
});

// Terraform computes log and pow in float64 and keeps the result at 53 bits, so it prints the shortest decimal at that precision.
function fromFloat(result: number): Value {
	if (Number.isNaN(result)) {
		throw new FunctionError('the result is not a number (NaN)');
	}

	if (!Number.isFinite(result)) {
		return numberValue(new Numeric(result));
	}

	// The exact float64 value at 53 bits: it prints as Go's shortest text, and arithmetic goes on from the exact binary value, as with Terraform's big.Float.
	return numberValue(result);
}

export const log = defineFunction({
	name: 'log',
	description: 'Returns the logarithm of a given number in a given base.',
	parameters: [{name: 'num', type: numberType}, {name: 'base', type: numberType}],
	returnType: staticReturnType(numberType),
	impl([number, base]) {
		const value = numberOf(number!).toNumber();
		const baseValue = numberOf(base!).toNumber();
		return fromFloat(Math.log(value) / Math.log(baseValue));
	},
});

export const pow = defineFunction({
	name: 'pow',
	description: 'Calculates an exponent, by raising its first argument to the power of the second argument.',
	parameters: [{name: 'num', type: numberType}, {name: 'power', type: numberType}],
	returnType: staticReturnType(numberType),
	impl([number, power]) {
		return fromFloat(goPow(numberOf(number!).toNumber(), numberOf(power!).toNumber()));
	},
});

function extreme(name: string, description: string, pick: (a: NumericValue, b: NumericValue) => boolean): FunctionSpec {
	return defineFunction({
		name,
		description,
		parameters: [],
		variadic: {name: 'numbers', type: numberType},
		returnType: staticReturnType(numberType),
		impl(numbers) {
			if (numbers.length === 0) {
				throw new FunctionError('must pass at least one number');
			}

			let best = numberOf(numbers[0]!);
			for (const number of numbers.slice(1)) {
				if (pick(numberOf(number), best)) {
					best = numberOf(number);
				}
			}

			return numberValue(best);
		},
	});
}

export const max = extreme('max', 'Takes one or more numbers and returns the greatest number from the set.', (a, b) => a.greaterThan(b));
export const min = extreme('min', 'Takes one or more numbers and returns the smallest number from the set.', (a, b) => a.lessThan(b));

const digits = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

// Go's big.Int SetString: case-insensitive digits up to base 36, then 0-9 a-z A-Z up to 62.
function digitValue(character: string, base: number): number {
	if (base <= 36) {
		return digits.indexOf(character.toLowerCase());
	}

	return digits.indexOf(character);
}

export const parseint = defineFunction({
	name: 'parseint',
	description: 'Parses the given string as a representation of an integer in the specified base and returns the resulting number.',
	parameters: [{name: 'number', type: dynamicType}, {name: 'base', type: numberType}],
	returnType([type]) {
		if (type!.kind !== 'string' && type!.kind !== 'dynamic') {
			throw new FunctionError(`first argument must be a string, not ${friendlyTypeName(type!)}`, 0);
		}

		return numberType;
	},
	impl([text, baseValue]) {
		if (text!.kind !== 'string') {
			throw new FunctionError(`first argument must be a string, not ${friendlyTypeName(typeOf(text!))}`, 0);
		}

		const radix = integerOf(baseValue!, 1);
		if (radix < 2 || radix > 62) {
			throw new FunctionError('base must be a whole number between 2 and 62 inclusive', 1);
		}

		const source = text!.value;
		let body = source;
		let negative = false;
		if (body.startsWith('-') || body.startsWith('+')) {
			negative = body.startsWith('-');
			body = body.slice(1);
		}

		if (body === '') {
			throw new FunctionError(`cannot parse ${JSON.stringify(source)} as a base ${radix} integer`, 0);
		}

		const values = new Uint8Array(body.length);
		let count = 0;
		for (const character of body) {
			const digit = digitValue(character, radix);
			if (digit < 0 || digit >= radix) {
				throw new FunctionError(`cannot parse ${JSON.stringify(source)} as a base ${radix} integer`, 0);
			}

			values[count++] = digit;
		}

		const result = integerFromDigits(values.subarray(0, count), radix, body);
		return numberValue(negative ? -result : result);
	},
});

// Bases JavaScript's BigInt reads itself (digits already checked), in time about linear in the digits.
const bigIntPrefixes: Readonly<Record<number, string>> = {2: '0b', 8: '0o', 10: '', 16: '0x'};

/**
The integer of checked digits. One digit at a time (multiply by the base, add) is quadratic: a million binary digits ran past 30 s. BigInt reads bases 2, 8, 10 and 16 itself; any other base is split in halves, each half's value found the same way and joined by one multiplication by a power of the base (V8 multiplies big numbers in less than quadratic time).
*/
function integerFromDigits(values: Uint8Array, radix: number, text: string): bigint {
	const prefix = bigIntPrefixes[radix];
	if (prefix !== undefined) {
		return BigInt(prefix + text);
	}

	const base = BigInt(radix);
	const powers = new Map<number, bigint>();
	const power = (exponent: number) => {
		let value = powers.get(exponent);
		if (value === undefined) {
			value = base ** BigInt(exponent);
			powers.set(exponent, value);
		}

		return value;
	};

	const join = (from: number, to: number): bigint => {
		if (to - from <= 16) {
			// 62^16 < 2^96: small enough to stay cheap as a BigInt.
			let value = 0n;
			for (let index = from; index < to; index++) {
				value = (value * base) + BigInt(values[index]!);
			}

			return value;
		}

		const middle = (from + to) >>> 1;
		return (join(from, middle) * power(to - middle)) + join(middle, to);
	};

	return join(0, values.length);
}

export const numberFunctions: readonly FunctionSpec[] = [abs, ceil, floor, log, max, min, parseint, pow, signum];
