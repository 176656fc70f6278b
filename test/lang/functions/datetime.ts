import test from 'ava';
import {callTable, describeCall} from '../../helpers/functions.js';
import {stringType} from '../../../source/lang/types.js';
import {
	markSensitive, nullValue, stringValue, unknownValue,
} from '../../../source/lang/values.js';

const s = stringValue;

callTable('datetime', [
	['formatdate', [s('YYYY'), unknownValue(stringType)], 'unknown(string)'],
	['formatdate', [s('hh:mm'), markSensitive(s('2020-01-01T10:20:00Z'))], '"10:20" (sensitive)'],
	['formatdate', [s('YYYY'), nullValue(stringType)], 'error[1]: argument must not be null'],
	['formatdate', [s('DD MMM'), s('2020-02-30T00:00:00Z')], 'error[1]: not a valid RFC3339 timestamp: day out of range'],
	['formatdate', [s('EEEE'), s('1999-12-31T23:59:59-23:59')], '"Friday"'],
	['timeadd', [s('2020-01-01T00:00:00Z'), unknownValue(stringType)], 'unknown(string)'],
	['timeadd', [s('2020-02-28T23:00:00Z'), s('2h')], '"2020-02-29T01:00:00Z"'],
	['timeadd', [s('2020-01-01T00:30:00+05:30'), s('-1.5h')], '"2019-12-31T23:00:00+05:30"'],
	['timeadd', [s('2020-01-01T00:00:00Z'), s('1x')], 'error: time: unknown unit "x" in duration "1x"'],
	['timeadd', [s('2020-01-01T00:00:00Z'), s('h')], 'error: time: invalid duration "h"'],
	['timecmp', [s('2020-01-01T00:00:00.5Z'), s('2020-01-01T00:00:00Z')], '1'],
	['timecmp', [unknownValue(stringType), s('2020-01-01T00:00:00Z')], 'unknown(number)'],
	['plantimestamp', [], 'unknown(string)'],
]);

test('timestamp is the current UTC time in RFC 3339 with whole seconds', t => {
	const before = Math.floor(Date.now() / 1000) * 1000;
	const text = JSON.parse(describeCall('timestamp', [])) as string;
	t.regex(text, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
	const time = Date.parse(text);
	t.true(time >= before && time <= Date.now());
});
