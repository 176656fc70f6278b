import {
	type FunctionSpec, FunctionError, defineFunction, staticReturnType,
} from '../function.js';
import {numberType, stringType} from '../types.js';
import {numberValue, stringValue, unknownValue} from '../values.js';
import {stringOf} from './support.js';

/*
Date and time functions on RFC 3339 timestamps. A timestamp is kept as nanoseconds since the epoch (bigint) plus the offset it was written with, since Terraform keeps the offset and drops fractions of a second when it writes one.
*/

export type Timestamp = {
	readonly nanoseconds: bigint;
	readonly offsetMinutes: number;
	/** Whether the offset was written `Z` (UTC). */
	readonly utc: boolean;
};

const secondNanoseconds = 1_000_000_000n;

type ParseFailure = {readonly layout: string; readonly value: string; readonly message?: string};

function isDigit(text: string, index: number): boolean {
	const code = text.charCodeAt(index);
	return code >= 48 && code <= 57;
}

// Go's getnum: one or two digits, exactly two when `fixed`.
function takeNumber(text: string, fixed: boolean): [number, string] | undefined {
	if (!isDigit(text, 0)) {
		return undefined;
	}

	if (!isDigit(text, 1)) {
		return fixed ? undefined : [Number(text[0]), text.slice(1)];
	}

	return [Number(text.slice(0, 2)), text.slice(2)];
}

// Terraform's translation of Go's time.ParseError for the RFC 3339 layout.
function failureMessage({layout, value, message}: ParseFailure): string {
	if (layout === '' && value === '' && message) {
		return `not a valid RFC3339 timestamp: ${message}`;
	}

	const names: Record<string, string> = {
		'2006': 'year', '01': 'month', '02': 'day of month', '15': 'hour', '04': 'minute', '05': 'second', 'Z07:00': 'UTC offset',
	};
	if (layout === 'T') {
		return 'not a valid RFC3339 timestamp: missing required time introducer \'T\'';
	}

	if (layout === ':' || layout === '-') {
		return value === '' ? `not a valid RFC3339 timestamp: end of string where ${JSON.stringify(layout)} is expected` : `not a valid RFC3339 timestamp: found ${JSON.stringify(value)} where ${JSON.stringify(layout)} is expected`;
	}

	const what = names[layout] ?? 'timestamp segment';
	if (value === '') {
		return `not a valid RFC3339 timestamp: end of string before ${what}`;
	}

	if (what === 'hour' && value.includes(':')) {
		return 'not a valid RFC3339 timestamp: hour must be between 0 and 23 inclusive';
	}

	if ((what === 'hour' || what === 'minute') && value.length !== 2) {
		return `not a valid RFC3339 timestamp: ${what} must have exactly two digits`;
	}

	return `not a valid RFC3339 timestamp: cannot use ${JSON.stringify(value)} as ${what}`;
}

/**
Parses an RFC 3339 timestamp as Terraform does (Go's time.Parse with the RFC 3339 layout), with its messages.
*/
export function parseTimestamp(text: string): Timestamp {
	const fail = (failure: ParseFailure): never => {
		throw new Error(failureMessage(failure));
	};

	let value = text;
	const literal = (character: string): void => {
		if (!value.startsWith(character)) {
			fail({layout: character, value});
		}

		value = value.slice(1);
	};

	const field = (layout: string, fixed: boolean, maximum: number, minimum = 0): number => {
		const taken = takeNumber(value, fixed);
		if (!taken) {
			return fail({layout, value});
		}

		[, value] = taken;
		if (taken[0] < minimum || taken[0] > maximum) {
			fail({layout, value});
		}

		return taken[0];
	};

	if (value.length < 4 || !isDigit(value, 0)) {
		fail({layout: '2006', value});
	}

	const yearText = value.slice(0, 4);
	if (!/^\d{4}$/.test(yearText)) {
		fail({layout: '2006', value});
	}

	value = value.slice(4);
	const year = Number(yearText);
	literal('-');
	const month = field('01', true, 12, 1);
	literal('-');
	const day = field('02', true, 31);
	literal('T');
	if (isDigit(value, 0) && !isDigit(value, 1)) {
		// RFC 3339 wants two-digit hours; Go reports just the one digit.
		fail({layout: '15', value: value.slice(0, 1)});
	}

	const hour = field('15', false, 23);
	literal(':');
	const minute = field('04', true, 59);
	literal(':');
	const second = field('05', true, 59);
	let fraction = 0n;
	if ((value.startsWith('.') || value.startsWith(',')) && isDigit(value, 1)) {
		const digits = /^\d+/.exec(value.slice(1))![0];
		fraction = BigInt(digits.slice(0, 9).padEnd(9, '0'));
		value = value.slice(1 + digits.length);
	}

	let offsetMinutes = 0;
	let utc = false;
	if (value.startsWith('Z')) {
		utc = true;
		value = value.slice(1);
	} else {
		if (value.length < 6 || value[3] !== ':' || (value[0] !== '+' && value[0] !== '-') || !/^\d\d$/.test(value.slice(1, 3)) || !/^\d\d$/.test(value.slice(4, 6))) {
			fail({layout: 'Z07:00', value});
		}

		const hours = Number(value.slice(1, 3));
		const minutes = Number(value.slice(4, 6));
		offsetMinutes = (value[0] === '-' ? -1 : 1) * ((hours * 60) + minutes);
		value = value.slice(6);
		if (hours > 24 || minutes > 60) {
			fail({layout: 'Z07:00', value});
		}
	}

	if (value !== '') {
		fail({layout: '', value});
	}

	const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate();
	const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
	if (day < 1 || day > (month === 2 ? (leap ? 29 : 28) : daysInMonth)) {
		fail({layout: '', value: '', message: 'day out of range'});
	}

	const date = new Date(0);
	date.setUTCFullYear(year, month - 1, day);
	date.setUTCHours(hour, minute, second, 0);
	const local = BigInt(date.getTime()) * 1_000_000n;
	return {nanoseconds: local - (BigInt(offsetMinutes) * 60n * secondNanoseconds) + fraction, offsetMinutes, utc: utc || offsetMinutes === 0};
}

type Fields = {
	year: number; month: number; day: number; weekday: number; hour: number; minute: number; second: number;
};

function fieldsOf(timestamp: Timestamp): Fields {
	const localNanoseconds = timestamp.nanoseconds + (BigInt(timestamp.offsetMinutes) * 60n * secondNanoseconds);
	let seconds = localNanoseconds / secondNanoseconds;
	if (localNanoseconds < 0n && localNanoseconds % secondNanoseconds !== 0n) {
		seconds -= 1n;
	}

	const date = new Date(Number(seconds) * 1000);
	return {
		year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), weekday: date.getUTCDay(), hour: date.getUTCHours(), minute: date.getUTCMinutes(), second: date.getUTCSeconds(),
	};
}

function pad(number: number, width: number): string {
	return String(number).padStart(width, '0');
}

function offsetText(minutes: number, colon: boolean): string {
	const sign = minutes < 0 ? '-' : '+';
	const absolute = Math.abs(minutes);
	return `${sign}${pad(Math.floor(absolute / 60), 2)}${colon ? ':' : ''}${pad(absolute % 60, 2)}`;
}

/**
The timestamp in RFC 3339 with whole seconds, as Go's time.Format(time.RFC3339).
*/
export function formatTimestamp(timestamp: Timestamp): string {
	const fields = fieldsOf(timestamp);
	const zone = timestamp.utc || (timestamp.offsetMinutes === 0 && timestamp.utc) ? 'Z' : (timestamp.offsetMinutes === 0 ? 'Z' : offsetText(timestamp.offsetMinutes, true));
	return `${pad(fields.year, 4)}-${pad(fields.month, 2)}-${pad(fields.day, 2)}T${pad(fields.hour, 2)}:${pad(fields.minute, 2)}:${pad(fields.second, 2)}${zone}`;
}

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function formatVerb(verb: string, fields: Fields, timestamp: Timestamp): string {
	const bad = (detail?: string): never => {
		throw new FunctionError(`invalid date format verb ${JSON.stringify(verb)}${detail ? `: ${detail}` : ''}`, 0);
	};

	const hour12 = fields.hour % 12 === 0 ? 12 : fields.hour % 12;
	switch (verb[0]) {
		case 'Y': {
			return verb === 'YYYY' ? pad(fields.year, 4) : (verb === 'YY' ? pad(fields.year % 100, 2) : bad('year must either be "YY" or "YYYY"'));
		}

		case 'M': {
			return [String(fields.month), pad(fields.month, 2), monthNames[fields.month - 1]!.slice(0, 3), monthNames[fields.month - 1]!][verb.length - 1] ?? bad('month must be "M", "MM", "MMM", or "MMMM"');
		}

		case 'D': {
			return [String(fields.day), pad(fields.day, 2)][verb.length - 1] ?? bad('day of month must either be "D" or "DD"');
		}

		case 'E': {
			return verb === 'EEE' ? dayNames[fields.weekday]!.slice(0, 3) : (verb === 'EEEE' ? dayNames[fields.weekday]! : bad('day of week must either be "EEE" or "EEEE"'));
		}

		case 'h': {
			return [String(fields.hour), pad(fields.hour, 2)][verb.length - 1] ?? bad('24-hour must either be "h" or "hh"');
		}

		case 'H': {
			return [String(hour12), pad(hour12, 2)][verb.length - 1] ?? bad('12-hour must either be "H" or "HH"');
		}

		case 'A':
		case 'a': {
			if (verb.length !== 2) {
				bad(`must be "${verb[0]!.repeat(2)}"`);
			}

			const marker = fields.hour < 12 ? 'AM' : 'PM';
			return verb === 'AA' ? marker : marker.toLowerCase();
		}

		case 'm': {
			return [String(fields.minute), pad(fields.minute, 2)][verb.length - 1] ?? bad('minute must either be "m" or "mm"');
		}

		case 's': {
			return [String(fields.second), pad(fields.second, 2)][verb.length - 1] ?? bad('second must either be "s" or "ss"');
		}

		case 'Z': {
			switch (verb.length) {
				case 1: {
					return timestamp.offsetMinutes === 0 ? 'Z' : offsetText(timestamp.offsetMinutes, true);
				}

				case 3: {
					return timestamp.offsetMinutes === 0 ? 'UTC' : offsetText(timestamp.offsetMinutes, false);
				}

				case 4: {
					return offsetText(timestamp.offsetMinutes, false);
				}

				case 5: {
					return offsetText(timestamp.offsetMinutes, true);
				}

				default: {
					return bad('timezone must be Z, ZZZZ, or ZZZZZ');
				}
			}
		}

		default: {
			return bad();
		}
	}
}

function timeArgument(text: string, argumentIndex?: number): Timestamp {
	try {
		return parseTimestamp(text);
	} catch (error) {
		throw new FunctionError((error as Error).message, argumentIndex);
	}
}

export const formatdate = defineFunction({
	name: 'formatdate',
	description: 'Converts a timestamp into a different time format.',
	parameters: [{name: 'format', type: stringType}, {name: 'time', type: stringType}],
	returnType: staticReturnType(stringType),
	impl([formatValue, timeValue]) {
		const format = stringOf(formatValue!);
		const timestamp = timeArgument(stringOf(timeValue!), 1);
		const fields = fieldsOf(timestamp);
		let result = '';
		let index = 0;
		while (index < format.length) {
			const character = format[index]!;
			// Two quotes outside a literal stand for one quote.
			if (character === '\'' && format[index + 1] === '\'') {
				result += '\'';
				index += 2;
				continue;
			}

			if (character === '\'') {
				let literal = '';
				index++;
				for (;;) {
					if (index >= format.length) {
						throw new FunctionError('unterminated literal \'', 0);
					}

					if (format[index] === '\'') {
						if (format[index + 1] === '\'') {
							literal += '\'';
							index += 2;
							continue;
						}

						index++;
						break;
					}

					literal += format[index];
					index++;
				}

				result += literal === '' ? '\'' : literal;
				continue;
			}

			if (/[a-zA-Z]/.test(character)) {
				let end = index;
				while (format[end] === character) {
					end++;
				}

				result += formatVerb(format.slice(index, end), fields, timestamp);
				index = end;
				continue;
			}

			result += character;
			index++;
		}

		return stringValue(result);
	},
});

const durationUnits: Record<string, bigint> = {
	ns: 1n, us: 1000n, 'µs': 1000n, 'μs': 1000n, ms: 1_000_000n, s: secondNanoseconds, m: 60n * secondNanoseconds, h: 3600n * secondNanoseconds,
};

/**
Go's time.ParseDuration, in nanoseconds.
*/
export function parseDuration(text: string): bigint {
	const invalid = (): never => {
		throw new FunctionError(`time: invalid duration ${JSON.stringify(text)}`);
	};

	let rest = text;
	let negative = false;
	if (rest.startsWith('-') || rest.startsWith('+')) {
		negative = rest.startsWith('-');
		rest = rest.slice(1);
	}

	if (rest === '0') {
		return 0n;
	}

	if (rest === '') {
		invalid();
	}

	let total = 0n;
	while (rest !== '') {
		const match = /^(\d*)(?:\.(\d*))?/.exec(rest)!;
		const [whole, integer = '', fraction] = match;
		if (integer === '' && (fraction === undefined || fraction === '')) {
			invalid();
		}

		rest = rest.slice(whole.length);
		const unit = /^[^\d.]+/.exec(rest)?.[0];
		if (unit === undefined) {
			throw new FunctionError(`time: missing unit in duration ${JSON.stringify(text)}`);
		}

		const scale = durationUnits[unit];
		if (scale === undefined) {
			throw new FunctionError(`time: unknown unit ${JSON.stringify(unit)} in duration ${JSON.stringify(text)}`);
		}

		rest = rest.slice(unit.length);
		total += BigInt(integer || '0') * scale;
		if (fraction) {
			total += (BigInt(fraction) * scale) / (10n ** BigInt(fraction.length));
		}
	}

	if (total > 9_223_372_036_854_775_807n) {
		invalid();
	}

	return negative ? -total : total;
}

export const timeadd = defineFunction({
	name: 'timeadd',
	description: 'Adds a duration to a timestamp, returning a new timestamp.',
	parameters: [{name: 'timestamp', type: stringType}, {name: 'duration', type: stringType}],
	returnType: staticReturnType(stringType),
	impl([timeValue, durationValue]) {
		const timestamp = timeArgument(stringOf(timeValue!));
		const duration = parseDuration(stringOf(durationValue!));
		return stringValue(formatTimestamp({...timestamp, nanoseconds: timestamp.nanoseconds + duration}));
	},
});

export const timecmp = defineFunction({
	name: 'timecmp',
	description: 'Compares two timestamps and returns a number that represents the ordering of the instants those timestamps represent.',
	parameters: [{name: 'timestamp_a', type: stringType}, {name: 'timestamp_b', type: stringType}],
	returnType: staticReturnType(numberType),
	impl([aValue, bValue]) {
		const a = timeArgument(stringOf(aValue!), 0).nanoseconds;
		const b = timeArgument(stringOf(bValue!), 1).nanoseconds;
		return numberValue(a < b ? -1 : (a > b ? 1 : 0));
	},
});

export const timestamp = defineFunction({
	name: 'timestamp',
	description: 'Returns a UTC timestamp string in RFC 3339 format.',
	parameters: [],
	returnType: staticReturnType(stringType),
	impl: () => stringValue(formatTimestamp({nanoseconds: BigInt(Date.now()) * 1_000_000n, offsetMinutes: 0, utc: true})),
	impure: true,
});

export const plantimestamp = defineFunction({
	name: 'plantimestamp',
	description: 'Returns a UTC timestamp string in RFC 3339 format, fixed for the duration of a plan; unknown until then.',
	parameters: [],
	returnType: staticReturnType(stringType),
	impl: () => unknownValue(stringType),
});

export const datetimeFunctions: readonly FunctionSpec[] = [formatdate, plantimestamp, timeadd, timecmp, timestamp];
