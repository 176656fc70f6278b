import {callTable} from '../../helpers/functions.js';
import {numberType, stringType} from '../../../source/lang/types.js';
import {
	markSensitive, nullValue, numberValue, stringValue, unknownValue,
} from '../../../source/lang/values.js';

const n = numberValue;

callTable('number', [
	['abs', [n(-3.5)], '3.5'],
	['abs', [unknownValue(numberType)], 'unknown(number)'],
	['abs', [markSensitive(n(-1))], '1 (sensitive)'],
	['abs', [nullValue(numberType)], 'error[0]: argument must not be null'],
	['ceil', [n('1.000000000000000000001')], '2'],
	['floor', [n(-0.5)], '-1'],
	['signum', [n(-0)], '0'],
	['log', [n(8), n(2)], '3'],
	['log', [n(1e300), n(10)], '299.99999999999994'],
	['log', [unknownValue(numberType), n(2)], 'unknown(number)'],
	['pow', [n(2), n(64)], '18446744073709550000'],
	['pow', [n(10), n(25)], '10000000000000000000000000'],
	['pow', [markSensitive(n(2)), n(2)], '4 (sensitive)'],
	['max', [n(1), n(5), n(3)], '5'],
	['max', [n(1), unknownValue(numberType)], 'unknown(number)'],
	['min', [], 'error: must pass at least one number'],
	['min', [n(1), markSensitive(n(-1))], '-1 (sensitive)'],
	['parseint', [stringValue('zz'), n(36)], '1295'],
	['parseint', [stringValue('-ff'), n(16)], '-255'],
	['parseint', [stringValue('123456789012345678901234567890'), n(10)], '123456789012345678901234567890'],
	['parseint', [unknownValue(stringType), n(10)], 'unknown(number)'],
	['parseint', [markSensitive(stringValue('10')), n(2)], '2 (sensitive)'],
	['parseint', [stringValue('g'), n(16)], 'error[0]: cannot parse "g" as a base 16 integer'],
	['parseint', [stringValue('1'), n(2.5)], 'error[1]: value must be a whole number, between -9223372036854775808 and 9223372036854775807'],
	['parseint', [stringValue('1'), n(63)], 'error[1]: base must be a whole number between 2 and 62 inclusive'],
]);
