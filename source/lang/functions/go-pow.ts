/*
Go's math.Pow, step for step in float64, so `pow` gives Terraform's digits: Go raises to the integer part of the exponent by repeated squaring of the mantissa (exponent kept apart, so nothing overflows on the way), which rounds differently from JavaScript's `**` (pow(10, 308) is 1.0000000000000006e308 in Go, exactly 1e308 in JavaScript). The fractional part goes through exp(f·log x), where JavaScript's exp and log may still differ from Go's by an ulp.
*/

/**
Go's math.Frexp: `value = fraction × 2^exponent` with |fraction| in [0.5, 1), for finite non-zero values.
*/
function frexp(value: number): [fraction: number, exponent: number] {
	if (value === 0 || !Number.isFinite(value)) {
		return [value, 0];
	}

	if (Math.abs(value) < 2 ** -1022) {
		// Subnormal: scale into the normal range first, as Go's normalize does.
		const [fraction, exponent] = frexp(value * (2 ** 54));
		return [fraction, exponent - 54];
	}

	let exponent = Math.floor(Math.log2(Math.abs(value))) + 1;
	let fraction = value * (2 ** -exponent);
	// log2 can be off by one near powers of two; settle into [0.5, 1).
	while (Math.abs(fraction) < 0.5) {
		fraction *= 2;
		exponent--;
	}

	while (Math.abs(fraction) >= 1) {
		fraction /= 2;
		exponent++;
	}

	return [fraction, exponent];
}

/**
Go's math.Ldexp: `fraction × 2^exponent` rounded once, also when the result is subnormal.
*/
function ldexp(fraction: number, exponent: number): number {
	if (fraction === 0 || !Number.isFinite(fraction)) {
		return fraction;
	}

	if (exponent > 1023) {
		// Split so that 2^exponent is representable; the product overflows to infinity if it must.
		return fraction * (2 ** 1023) * (2 ** (exponent - 1023));
	}

	if (exponent < -1022) {
		// One rounding: scale to a normal number first (exact), then by 2^-53 (or less) at once.
		const first = Math.max(exponent + 53, -1022);
		return fraction * (2 ** first) * (2 ** (exponent - first));
	}

	return fraction * (2 ** exponent);
}

export function goPow(x: number, y: number): number {
	if (y === 0 || x === 1) {
		return 1;
	}

	if (y === 1) {
		return x;
	}

	if (Number.isNaN(x) || Number.isNaN(y)) {
		return Number.NaN;
	}

	// Zeros and infinities: JavaScript's ** agrees with Go's special cases there, except (-1)^±Inf, which Go makes 1.
	if (x === 0 || !Number.isFinite(x) || !Number.isFinite(y)) {
		return x === -1 ? 1 : x ** y;
	}

	if (y === 0.5) {
		return Math.sqrt(x);
	}

	if (y === -0.5) {
		return 1 / Math.sqrt(x);
	}

	let integerPart = Math.trunc(Math.abs(y));
	let fractionPart = Math.abs(y) - integerPart;
	if (fractionPart !== 0 && x < 0) {
		return Number.NaN;
	}

	if (integerPart >= 2 ** 63) {
		if (x === -1) {
			return 1;
		}

		return (Math.abs(x) < 1) === (y > 0) ? 0 : Number.POSITIVE_INFINITY;
	}

	let mantissa = 1;
	let exponent = 0;
	if (fractionPart !== 0) {
		if (fractionPart > 0.5) {
			fractionPart--;
			integerPart++;
		}

		mantissa = Math.exp(fractionPart * Math.log(x));
	}

	let [base, baseExponent] = frexp(x);
	// The bits of the integer part, lowest first (a bigint: it may pass 2^53).
	for (let bits = BigInt(integerPart); bits !== 0n; bits >>= 1n) {
		if (baseExponent < -(1 << 12) || (1 << 12) < baseExponent) {
			// Certain overflow or underflow: ldexp settles it.
			exponent += baseExponent;
			break;
		}

		if ((bits & 1n) === 1n) {
			mantissa *= base;
			exponent += baseExponent;
		}

		base *= base;
		baseExponent *= 2;
		if (base < 0.5) {
			base += base;
			baseExponent--;
		}
	}

	if (y < 0) {
		mantissa = 1 / mantissa;
		exponent = -exponent;
	}

	return ldexp(mantissa, exponent);
}
