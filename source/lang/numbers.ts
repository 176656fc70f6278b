import {Numeric, type NumericValue} from './values.js';

/*
Terraform numbers are Go big.Float values of 512 bits of mantissa, printed with the shortest decimal text that reads back to the same binary value (`Text('f', -1)`). We keep them as decimal.js values that are exactly such binary floats: every arithmetic result goes through `roundToBinary`, and `formatNumber` finds the shortest decimal within half an ulp, as Go does. That is how `1/3` prints 155 digits ending in 5 and `2/3*3` prints `2`.
*/

export const defaultPrecision = 512;

/**
A wide decimal context for intermediate results, so that rounding to 512 bits afterwards sees (almost always) the exact result.
*/
const Wide = Numeric.clone({precision: 1200});

type BinaryFloat = {readonly negative: boolean; readonly mantissa: bigint; readonly exponent: number};

const ten = 10n;

function pow10(n: number): bigint {
	return ten ** BigInt(n);
}

function bitLength(n: bigint): number {
	return n === 0n ? 0 : n.toString(2).length;
}

/**
Splits a finite decimal into sign, integer coefficient and power of ten.
*/
function decimalParts(value: NumericValue): {negative: boolean; coefficient: bigint; power: number} {
	const text = value.abs().toFixed();
	const point = text.indexOf('.');
	if (point === -1) {
		return {negative: value.isNegative(), coefficient: BigInt(text), power: 0};
	}

	const digits = text.slice(0, point) + text.slice(point + 1);
	return {negative: value.isNegative(), coefficient: BigInt(digits), power: -(text.length - point - 1)};
}

/**
Divides with round-half-even.
*/
function divideRounded(numerator: bigint, denominator: bigint): bigint {
	const quotient = numerator / denominator;
	const remainder = numerator - (quotient * denominator);
	const twice = remainder * 2n;
	if (twice > denominator || (twice === denominator && (quotient & 1n) === 1n)) {
		return quotient + 1n;
	}

	return quotient;
}

/**
The nearest binary float of `precision` bits (ties to even), as big.Float rounds.
*/
function toBinary(value: NumericValue, precision: number): BinaryFloat | undefined {
	if (value.isZero()) {
		return undefined;
	}

	const {negative, coefficient, power} = decimalParts(value);
	// Value = coefficient * 10^power = numerator / denominator.
	let numerator = power >= 0 ? coefficient * pow10(power) : coefficient;
	let denominator = power >= 0 ? 1n : pow10(-power);
	// Choose exponent so that numerator / denominator / 2^exponent has `precision` bits.
	let exponent = bitLength(numerator) - bitLength(denominator) - precision;
	if (exponent > 0) {
		denominator <<= BigInt(exponent);
	} else if (exponent < 0) {
		numerator <<= BigInt(-exponent);
	}

	let mantissa = divideRounded(numerator, denominator);
	// The estimate of the bit length can be off by one either way.
	while (bitLength(mantissa) > precision) {
		exponent += 1;
		denominator *= 2n;
		mantissa = divideRounded(numerator, denominator);
	}

	while (bitLength(mantissa) < precision) {
		exponent -= 1;
		numerator *= 2n;
		mantissa = divideRounded(numerator, denominator);
		if (bitLength(mantissa) > precision) {
			exponent += 1;
			denominator *= 2n;
			mantissa = divideRounded(numerator, denominator);
			break;
		}
	}

	return {negative, mantissa, exponent};
}

function binaryToDecimal(binary: BinaryFloat): NumericValue {
	let text: string;
	if (binary.exponent >= 0) {
		text = (binary.mantissa << BigInt(binary.exponent)).toString();
	} else {
		// M * 2^-k = M * 5^k / 10^k
		const k = -binary.exponent;
		const digits = (binary.mantissa * (5n ** BigInt(k))).toString().padStart(k + 1, '0');
		text = `${digits.slice(0, -k)}.${digits.slice(-k)}`;
	}

	return new Numeric(binary.negative ? `-${text}` : text);
}

/**
The value rounded to the nearest binary float of `precision` bits.
*/
export function roundToBinary(value: NumericValue, precision = defaultPrecision): NumericValue {
	if (!value.isFinite() || value.isZero()) {
		return value;
	}

	const binary = toBinary(value, precision);
	return binary ? binaryToDecimal(binary) : value;
}

/**
Parses a decimal number literal as Terraform does (512-bit binary).
*/
export function parseNumber(text: string): NumericValue | undefined {
	try {
		return roundToBinary(new Numeric(text));
	} catch {
		return undefined;
	}
}

export type ArithmeticOperator = '+' | '-' | '*' | '/' | '%';

/**
One arithmetic operation at Terraform's precision. Division by zero gives an infinity (the caller reports it where Terraform does).
*/
export function arithmetic(operator: ArithmeticOperator, left: NumericValue, right: NumericValue): NumericValue {
	const a = new Wide(left);
	let result: NumericValue;
	switch (operator) {
		case '+': {
			result = a.plus(right);
			break;
		}

		case '-': {
			result = a.minus(right);
			break;
		}

		case '*': {
			result = a.times(right);
			break;
		}

		case '/': {
			result = a.dividedBy(right);
			break;
		}

		case '%': {
			result = modulo(a, new Wide(right));
			break;
		}
	}

	return roundToBinary(new Numeric(result));
}

/**
cty's Modulo: integers use Go's truncated remainder; other values a - b*trunc(a/b); infinities as cty does.
*/
function modulo(a: NumericValue, b: NumericValue): NumericValue {
	if (b.isZero()) {
		return new Wide(Number.NaN);
	}

	if (!a.isFinite()) {
		return a;
	}

	if (!b.isFinite()) {
		return a;
	}

	return a.minus(b.times(a.dividedBy(b).truncated()));
}

/**
The shortest decimal text that identifies the binary value at `precision` bits, without exponent (Go's `Text('f', -1)`), with `+Inf`/`-Inf`.
*/
export function formatNumber(value: NumericValue, precision: number = defaultPrecision): string {
	if (value.isNaN()) {
		return 'NaN';
	}

	if (!value.isFinite()) {
		return value.isNegative() ? '-Inf' : '+Inf';
	}

	if (value.isZero()) {
		return value.isNegative() ? '-0' : '0';
	}

	const binary = toBinary(value, precision);
	if (!binary) {
		return '0';
	}

	// Shift so the lowest bit of mantissa stands for half an ulp; bounds are mantissa ± 1.
	const mantissa = binary.mantissa * 2n;
	const exponent = binary.exponent - 1;
	const inclusive = (binary.mantissa & 1n) === 0n;
	const exact = decimalDigits(mantissa, exponent);
	const lower = decimalDigits(mantissa - 1n, exponent);
	const upper = decimalDigits(mantissa + 1n, exponent);
	const digits = shortestDigits(exact, lower, upper, inclusive);
	const text = placeDigits(digits.digits, digits.point);
	return binary.negative ? `-${text}` : text;
}

type Digits = {readonly digits: string; readonly point: number};

/**
The decimal digits of m * 2^e: digit string without leading/trailing zeros and the position of the decimal point (value = 0.digits * 10^point).
*/
function decimalDigits(mantissa: bigint, exponent: number): Digits {
	let text: string;
	let fractionLength = 0;
	if (exponent >= 0) {
		text = (mantissa << BigInt(exponent)).toString();
	} else {
		fractionLength = -exponent;
		text = (mantissa * (5n ** BigInt(fractionLength))).toString();
	}

	const point = text.length - fractionLength;
	const trimmedStart = text.replace(/^0+/, '');
	const leading = text.length - trimmedStart.length;
	return {digits: trimmedStart.replace(/0+$/, ''), point: point - leading};
}

function digitAt(value: Digits, index: number, point: number): number {
	// Digits aligned to `point` of the exact value.
	const shift = point - value.point;
	const position = index - shift;
	if (position < 0 || position >= value.digits.length) {
		return 0;
	}

	return value.digits.codePointAt(position)! - 48;
}

function shortestDigits(exact: Digits, lower: Digits, upper: Digits, inclusive: boolean): Digits {
	const point = exact.point;
	const lowerLength = lower.digits.length + (point - lower.point);
	const upperLength = upper.digits.length + (point - upper.point);
	for (let index = 0; index < exact.digits.length; index++) {
		const m = digitAt(exact, index, point);
		const l = digitAt(lower, index, point);
		const u = digitAt(upper, index, point);
		const okDown = l !== m || (inclusive && index + 1 === lowerLength);
		const okUp = m !== u && (inclusive || m + 1 < u || index + 1 < upperLength);
		if (okDown && okUp) {
			return roundDigits(exact, index + 1, 'nearest');
		}

		if (okDown) {
			return roundDigits(exact, index + 1, 'down');
		}

		if (okUp) {
			return roundDigits(exact, index + 1, 'up');
		}
	}

	return exact;
}

function roundDigits(value: Digits, length: number, mode: 'nearest' | 'down' | 'up'): Digits {
	if (length >= value.digits.length) {
		return value;
	}

	let up = mode === 'up';
	if (mode === 'nearest') {
		const next = value.digits.codePointAt(length)! - 48;
		// Go rounds half up unless exactly half with an even previous digit.
		up = next > 5 || (next === 5 && (length + 1 < value.digits.length || ((value.digits.codePointAt(length - 1)! - 48) % 2 === 1)));
	}

	const kept = value.digits.slice(0, length);
	if (!up) {
		return {digits: kept.replace(/0+$/, ''), point: value.point};
	}

	const incremented = (BigInt(kept) + 1n).toString();
	if (incremented.length > kept.length) {
		return {digits: incremented.replace(/0+$/, ''), point: value.point + 1};
	}

	return {digits: incremented.replace(/0+$/, ''), point: value.point};
}

function placeDigits(digits: string, point: number): string {
	if (point <= 0) {
		return `0.${'0'.repeat(-point)}${digits}`;
	}

	if (point >= digits.length) {
		return digits + '0'.repeat(point - digits.length);
	}

	return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
Numbers compare equal when they print the same, as cty's number equality is defined (with -0 equal to 0).
*/
export function numbersEqual(a: NumericValue, b: NumericValue, precisionA?: number, precisionB?: number): boolean {
	const left = formatNumber(a, precisionA);
	const right = formatNumber(b, precisionB);
	return left.replace(/^-0$/, '0') === right.replace(/^-0$/, '0');
}
