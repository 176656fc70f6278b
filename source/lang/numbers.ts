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
	if (n === 0n) {
		return 0;
	}

	const hex = (n < 0n ? -n : n).toString(16);
	return ((hex.length - 1) * 4) + (32 - Math.clz32(Number.parseInt(hex[0]!, 16)));
}

/**
Go's big.Float keeps the binary exponent in an int32: a literal whose exponent falls outside is "Invalid number literal" in Terraform (`1e99999999999`), and arithmetic past it gives ±Inf (overflow) or ±0 (underflow). Values are m·2^e with the top bit of m at 2^(top-1), where top = e + bitLength(m) is Go's exponent.
*/
const maximumBinaryExponent = 2_147_483_647;
const minimumBinaryExponent = -2_147_483_648;

/**
Decimal exponents past this many digits go through `Wide` (a 1,200-digit float) instead of exact BigInt integers and decimal text, which would hold millions of digits: `1e10000000` has 10 million, and takes milliseconds this way.
*/
const hugeDecimalExponent = 2000;

/**
Binary exponents past this many bits likewise.
*/
const hugeBinaryExponent = 6000;

function isHuge(value: NumericValue): boolean {
	return value.isFinite() && !value.isZero() && Math.abs(value.e) > hugeDecimalExponent;
}

const two = new Wide(2);

/**
m·2^e as a 1,200-digit decimal: exact in the first 1,100 or so digits, which is all the 155 a 512-bit float has and the shortest-digit search reads.
*/
function wideOfBinary(mantissa: bigint, exponent: number): InstanceType<typeof Wide> {
	return new Wide(mantissa.toString()).times(two.pow(exponent));
}

/**
The binary form of numbers this module produced (or already converted), so chains of arithmetic stay in BigInt.
*/
const binaryCache = new WeakMap<NumericValue, BinaryFloat>();

/**
The value as ±mantissa·2^exponent, exactly when it is a binary float of at most `defaultPrecision` bits (every number this module makes), else rounded to one.
*/
function binaryOf(value: NumericValue): BinaryFloat {
	const cached = binaryCache.get(value);
	if (cached) {
		return cached;
	}

	const binary: BinaryFloat = value.isInteger() && value.e < 1000
		? {negative: value.isNegative(), mantissa: BigInt(value.abs().toFixed()), exponent: 0}
		: toBinary(value, defaultPrecision)!;
	binaryCache.set(value, binary);
	return binary;
}

/**
Rounds ±mantissa·2^exponent to `precision` bits, ties to even; `sticky` says nonzero bits were already dropped below the mantissa.
*/
function roundBits(negative: boolean, mantissa: bigint, exponent: number, precision: number, sticky = false): BinaryFloat {
	const length = bitLength(mantissa);
	if (length <= precision) {
		return {negative, mantissa, exponent};
	}

	const drop = BigInt(length - precision);
	let kept = mantissa >> drop;
	const rest = mantissa - (kept << drop);
	const half = 1n << (drop - 1n);
	if (rest > half || (rest === half && (sticky || (kept & 1n) === 1n))) {
		kept += 1n;
	}

	// Rounding up may carry into a new bit; one more halving is exact then (the low bit is 0).
	if (bitLength(kept) > precision) {
		return {negative, mantissa: kept >> 1n, exponent: exponent + Number(drop) + 1};
	}

	return {negative, mantissa: kept, exponent: exponent + Number(drop)};
}

function signed(binary: BinaryFloat): bigint {
	return binary.negative ? -binary.mantissa : binary.mantissa;
}

/**
+, -, * and / on exact binary floats, rounded once to `precision` bits as big.Float does.
*/
function binaryArithmetic(operator: '+' | '-' | '*' | '/', a: BinaryFloat, b: BinaryFloat, precision: number): BinaryFloat {
	switch (operator) {
		case '+':
		case '-': {
			// An operand below half an ulp of the other changes nothing after rounding (and shifting by the gap could need a BigInt of billions of bits).
			const gap = (a.exponent + bitLength(a.mantissa)) - (b.exponent + bitLength(b.mantissa));
			if (Math.abs(gap) > precision + 2) {
				const larger = gap > 0 ? a : {...b, negative: operator === '-' ? !b.negative : b.negative};
				return roundBits(larger.negative, larger.mantissa, larger.exponent, precision);
			}

			const exponent = Math.min(a.exponent, b.exponent);
			const left = signed(a) << BigInt(a.exponent - exponent);
			let right = signed(b) << BigInt(b.exponent - exponent);
			if (operator === '-') {
				right = -right;
			}

			const sum = left + right;
			return roundBits(sum < 0n, sum < 0n ? -sum : sum, exponent, precision);
		}

		case '*': {
			return roundBits(a.negative !== b.negative, a.mantissa * b.mantissa, a.exponent + b.exponent, precision);
		}

		case '/': {
			// Enough quotient bits for the precision plus a rounding bit; the remainder is the sticky bit.
			const shift = Math.max(0, precision + 2 + bitLength(b.mantissa) - bitLength(a.mantissa));
			const numerator = a.mantissa << BigInt(shift);
			const quotient = numerator / b.mantissa;
			const remainder = numerator - (quotient * b.mantissa);
			return roundBits(a.negative !== b.negative, quotient, a.exponent - b.exponent - shift, precision, remainder !== 0n);
		}
	}
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

	if (isHuge(value)) {
		return hugeToBinary(value, precision);
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

/**
toBinary for a value with a huge decimal exponent: the mantissa is value / 2^exponent rounded to an integer in `Wide`, whose 1,200 digits leave the rounding exact unless the value lies within 10^-1000 of a tie (a decimal with such an exponent never lies exactly on one).
*/
function hugeToBinary(value: NumericValue, precision: number): BinaryFloat {
	const absolute = new Wide(value).abs();
	// log2 of the value from its decimal exponent and leading digits: off by at most one, which the loop corrects.
	const leading = Number(absolute.toExponential(15).split('e')[0]);
	let exponent = Math.floor((absolute.e * Math.log2(10)) + Math.log2(leading)) + 1 - precision;
	for (;;) {
		const mantissa = BigInt(absolute.times(two.pow(-exponent)).toDecimalPlaces(0, Numeric.ROUND_HALF_EVEN).toFixed());
		const length = bitLength(mantissa);
		if (length > precision) {
			exponent += length - precision;
		} else if (length < precision) {
			exponent -= precision - length;
		} else {
			return {negative: value.isNegative(), mantissa, exponent};
		}
	}
}

/**
±Inf past Go's largest binary exponent, ±0 past its smallest, as big.Float's arithmetic gives; undefined when the value is in range.
*/
function outOfRange(binary: BinaryFloat): NumericValue | undefined {
	const top = binary.exponent + bitLength(binary.mantissa);
	if (top > maximumBinaryExponent) {
		return new Numeric(binary.negative ? -Infinity : Infinity);
	}

	if (top < minimumBinaryExponent) {
		return new Numeric(binary.negative ? '-0' : '0');
	}

	return undefined;
}

function binaryToDecimal(input: BinaryFloat): NumericValue {
	let binary = input;
	if (binary.exponent < 0 && binary.mantissa !== 0n) {
		// Fewer powers of five to multiply by: drop trailing zero bits.
		const zeros = Math.min(bitLength(binary.mantissa & -binary.mantissa) - 1, -binary.exponent);
		if (zeros > 0) {
			binary = {negative: binary.negative, mantissa: binary.mantissa >> BigInt(zeros), exponent: binary.exponent + zeros};
		}
	}

	const result = decimalOfBinary(binary);
	binaryCache.set(result, input);
	return result;
}

/**
Significant digits of the decimal face of a fractional binary float: more than the 155 that tell two 512-bit floats apart, so the face converts back to the same binary value (the cache keeps the exact one anyway) and compares like it.
*/
const faceDigits = 170;

const powersOfTen = new Map<number, bigint>();

function pow10Cached(n: number): bigint {
	let power = powersOfTen.get(n);
	if (power === undefined) {
		power = pow10(n);
		powersOfTen.set(n, power);
	}

	return power;
}

function decimalOfBinary(binary: BinaryFloat): NumericValue {
	if (Math.abs(binary.exponent) > hugeBinaryExponent) {
		const face = wideOfBinary(binary.mantissa, binary.exponent).toSignificantDigits(faceDigits, Numeric.ROUND_DOWN);
		return new Numeric(binary.negative ? face.negated() : face);
	}

	let text: string;
	if (binary.exponent >= 0) {
		text = (binary.mantissa << BigInt(binary.exponent)).toString();
	} else {
		// The value truncated to about `faceDigits` significant digits: floor(M * 10^p / 2^k) / 10^p.
		const k = -binary.exponent;
		const magnitude = Math.floor((bitLength(binary.mantissa) - k) * Math.log10(2));
		const places = Math.max(0, faceDigits - magnitude);
		const digits = ((binary.mantissa * pow10Cached(places)) >> BigInt(k)).toString().padStart(places + 1, '0');
		text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
	}

	return new Numeric(binary.negative ? `-${text}` : text);
}

/**
The value rounded to the nearest binary float of `precision` bits.
*/
export function roundToBinary(value: NumericValue, precision = defaultPrecision): NumericValue {
	if (!value.isFinite() || value.isZero() || isExactInteger(value, precision)) {
		return value;
	}

	const binary = precision === defaultPrecision ? binaryOf(value) : toBinary(value, precision);
	return binary ? binaryToDecimal(roundBits(binary.negative, binary.mantissa, binary.exponent, precision)) : value;
}

/**
Integers below 10^(digits the precision holds) are exact binary floats already, and print as themselves: the common case, kept off the BigInt path.
*/
function isExactInteger(value: NumericValue, precision: number): boolean {
	// 10^e <= |value| < 10^(e+1) <= 2^precision
	return value.isInteger() && value.e < Math.floor(precision * Math.log10(2)) - 1;
}

/**
Parses a decimal number literal as Terraform does (512-bit binary).
*/
export function parseNumber(text: string): NumericValue | undefined {
	if (!exponentInRange(text)) {
		return undefined;
	}

	try {
		const value = new Numeric(text);
		if (isHuge(value)) {
			// Past Go's exponent range once computed: `1e700000000` is +Inf and `1e-2000000000` is 0 in Terraform.
			const binary = hugeToBinary(value, defaultPrecision);
			return outOfRange(binary) ?? binaryToDecimal(binary);
		}

		return roundToBinary(value);
	} catch {
		return undefined;
	}
}

/**
Go's big.ParseFloat refuses a literal whose binary exponent (the mantissa digits' bits, plus the decimal exponent, minus the fraction digits) falls outside an int32, or whose written exponent does not fit an int64, before computing anything; zero is zero whatever its exponent.
*/
function exponentInRange(text: string): boolean {
	const parts = /^[-+]?(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/.exec(text);
	if (!parts?.[3]) {
		return true;
	}

	const written = BigInt(parts[3]);
	if (written > 9_223_372_036_854_775_807n || written < -9_223_372_036_854_775_808n) {
		return false;
	}

	const integer = parts[1] ?? '';
	const fraction = parts[2] ?? '';
	const digits = (integer + fraction).replace(/^0+/, '');
	if (digits === '') {
		return true;
	}

	// Bits of the digits as one integer, within a bit or two: enough, as a literal near the boundary would have hundreds of millions of digits.
	const bits = BigInt(Math.ceil(digits.length * Math.log2(10)));
	const exponent = bits + written - BigInt(fraction.length);
	return exponent <= BigInt(maximumBinaryExponent) && exponent >= BigInt(minimumBinaryExponent);
}

export type ArithmeticOperator = '+' | '-' | '*' | '/' | '%';

/**
One arithmetic operation at Terraform's precision. Division by zero gives an infinity (the caller reports it where Terraform does).
*/
export function arithmetic(operator: ArithmeticOperator, left: NumericValue, right: NumericValue): NumericValue {
	const small = smallIntegerArithmetic(operator, left, right);
	if (small !== undefined) {
		return small;
	}

	if (operator !== '%' && left.isFinite() && right.isFinite() && !left.isZero() && !right.isZero()) {
		const result = binaryArithmetic(operator, binaryOf(left), binaryOf(right), defaultPrecision);
		return outOfRange(result) ?? binaryToDecimal(result);
	}

	if (operator === '%' && (isHuge(left) || isHuge(right))) {
		return hugeModulo(left, right);
	}

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
Integers below 10^15 (float64 holds them exactly), as JavaScript numbers; undefined for every other value, -0 included.
*/
function smallInteger(value: NumericValue): number | undefined {
	return value.e < 15 && value.isFinite() && value.isInteger() && !(value.isZero() && value.isNegative()) ? integerToNumber(value) : undefined;
}

/**
A finite integer below 10^15 (not -0) as a JavaScript number, read from decimal.js's documented representation (`d`: base-10^7 words, most significant first, trailing zero words dropped; `e`: the exponent of the first digit; `s`: the sign), exactly as `toNumber()` gives it: that goes through the decimal text of the value and back (1% of evaluating every value at 4x, in count.index arithmetic). Every step is a whole number below 10^15, exact in float64.
*/
export function integerToNumber(value: NumericValue): number {
	const words = value.d;
	let number = words[0]!;
	for (let index = 1; index < words.length; index++) {
		number = (number * 1e7) + words[index]!;
	}

	let firstDigits = 1;
	for (let word = words[0]!; word >= 10; word = Math.floor(word / 10)) {
		firstDigits++;
	}

	// The exponent of the last word's last digit, never negative for an integer.
	for (let scale = value.e - (firstDigits - 1) - (7 * (words.length - 1)); scale > 0; scale--) {
		number *= 10;
	}

	return value.s < 0 ? -number : number;
}

/**
`+`, `-`, `*` and `%` of two small integers (count.index arithmetic, `% 2`) when the result is a safe integer: float64 computes those exactly, the same value the big-float path gives at a fraction of the cost (checked against it, signs of zero included). Undefined otherwise.
*/
function smallIntegerArithmetic(operator: ArithmeticOperator, left: NumericValue, right: NumericValue): NumericValue | undefined {
	if (operator === '/') {
		return undefined;
	}

	const a = smallInteger(left);
	const b = a === undefined ? undefined : smallInteger(right);
	if (a === undefined || b === undefined) {
		return undefined;
	}

	// JavaScript's % is the truncated remainder, as Go's (and decimal.js's ROUND_DOWN modulo); a zero remainder is +0 there, -0 here for a negative dividend.
	if (operator === '%') {
		const remainder = a % b;
		return Number.isSafeInteger(remainder) ? new Numeric(remainder === 0 ? 0 : remainder) : undefined;
	}

	const result = operator === '+' ? a + b : (operator === '-' ? a - b : a * b);
	return Number.isSafeInteger(result) ? new Numeric(result) : undefined;
}

/**
`%` when an operand has a huge exponent, as cty's Modulo computes it on 512-bit floats: a - b·trunc(a/b), each step rounded (so `1e10000000 % 7` is 0 in Terraform, as here), in BigInt binary arithmetic instead of decimal division with millions of digits.
*/
function hugeModulo(left: NumericValue, right: NumericValue): NumericValue {
	if (right.isZero() || !left.isFinite()) {
		return new Numeric(Number.NaN);
	}

	if (!right.isFinite() || left.isZero()) {
		return left;
	}

	const a = binaryOf(left);
	const b = binaryOf(right);
	const ratio = binaryArithmetic('/', a, b, defaultPrecision);
	const shift = -ratio.exponent;
	const truncated: BinaryFloat = shift <= 0 ? ratio : {...ratio, mantissa: shift >= bitLength(ratio.mantissa) ? 0n : ratio.mantissa >> BigInt(shift), exponent: 0};
	if (truncated.mantissa === 0n) {
		return left;
	}

	const result = binaryArithmetic('-', a, binaryArithmetic('*', b, truncated, defaultPrecision), defaultPrecision);
	if (result.mantissa === 0n) {
		return new Numeric(0);
	}

	return outOfRange(result) ?? binaryToDecimal(result);
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

	// decimal.js's default modulo mode (ROUND_DOWN) is the truncated remainder a - b*trunc(a/b).
	return a.mod(b);
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

	if (isExactInteger(value, precision)) {
		return value.toFixed();
	}

	const held = precision === defaultPrecision ? binaryOf(value) : toBinary(value, precision);
	if (!held) {
		return '0';
	}

	const binary = normalize(roundBits(held.negative, held.mantissa, held.exponent, precision), precision);

	// Shift so the lowest bit of mantissa stands for half an ulp; bounds are mantissa ± 1.
	const mantissa = binary.mantissa * 2n;
	const exponent = binary.exponent - 1;
	const inclusive = (binary.mantissa & 1n) === 0n;
	const digitsOf = Math.abs(exponent) > hugeBinaryExponent ? wideDigits : decimalDigits;
	const exact = digitsOf(mantissa, exponent);
	const lower = digitsOf(mantissa - 1n, exponent);
	const upper = digitsOf(mantissa + 1n, exponent);
	const digits = shortestDigits(exact, lower, upper, inclusive);
	const text = placeDigits(digits.digits, digits.point);
	return binary.negative ? `-${text}` : text;
}

/**
The same value with exactly `precision` mantissa bits, which the half-ulp bounds of the shortest-digits search assume.
*/
function normalize(binary: BinaryFloat, precision: number): BinaryFloat {
	const missing = precision - bitLength(binary.mantissa);
	return missing > 0 ? {negative: binary.negative, mantissa: binary.mantissa << BigInt(missing), exponent: binary.exponent - missing} : binary;
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

/**
decimalDigits for a huge exponent, from `Wide`: the first 1,200 digits, never a short exact value (m·2^e with e far from 0 has millions of digits), which is what the search needs to know.
*/
function wideDigits(mantissa: bigint, exponent: number): Digits {
	const [coefficient, power] = wideOfBinary(mantissa, exponent).toExponential().split('e') as [string, string];
	return {digits: coefficient.replace('.', '').replace(/0+$/, ''), point: Number(power) + 1};
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

/**
The longest number text printed in full (Go's 'f' format): 64 Mi characters, the limit on strings functions build. Past it (`1e2000000000` has two billion digits, more than a JavaScript string holds) the number prints in Go's 'e' format, `1e+2000000000`, where Terraform would spend minutes and gigabytes on the digits.
*/
const maximumNumberTextLength = 64 * 1024 * 1024;

function placeDigits(digits: string, point: number): string {
	if (Math.max(point, -point + digits.length) > maximumNumberTextLength) {
		const exponent = point - 1;
		return `${digits[0]!}${digits.length > 1 ? `.${digits.slice(1)}` : ''}e${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
	}

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
	// Integers below 10^15 are exact at any precision used (53 or 512 bits), so they print alike exactly when they are equal; -0 equals 0 here too.
	if (a.e < 15 && b.e < 15 && a.isInteger() && b.isInteger()) {
		return a.eq(b);
	}

	// Huge exponents compare by binary value (their text has millions of digits).
	if (isHuge(a) || isHuge(b)) {
		return sameBinary(a, b, precisionA, precisionB);
	}

	const left = formatNumber(a, precisionA);
	const right = formatNumber(b, precisionB);
	return left.replace(/^-0$/, '0') === right.replace(/^-0$/, '0');
}

function sameBinary(a: NumericValue, b: NumericValue, precisionA = defaultPrecision, precisionB = defaultPrecision): boolean {
	if (!a.isFinite() || !b.isFinite() || a.isZero() || b.isZero()) {
		return a.eq(b);
	}

	const [x, y] = [[a, precisionA], [b, precisionB]].map(([value, precision]) => {
		const held = precision === defaultPrecision ? binaryOf(value as NumericValue) : toBinary(value as NumericValue, precision as number)!;
		const rounded = roundBits(held.negative, held.mantissa, held.exponent, precision as number);
		const zeros = bitLength(rounded.mantissa & -rounded.mantissa) - 1;
		return {...rounded, mantissa: rounded.mantissa >> BigInt(zeros), exponent: rounded.exponent + zeros};
	}) as [BinaryFloat, BinaryFloat];
	return x.negative === y.negative && x.mantissa === y.mantissa && x.exponent === y.exponent;
}
