import {callTable} from '../../helpers/functions.js';
import {numberType, stringType} from '../../../source/lang/types.js';
import {
	markSensitive, nullValue, numberValue, stringValue, unknownValue,
} from '../../../source/lang/values.js';

const s = stringValue;
const n = numberValue;

callTable('ip-network', [
	['cidrhost', [s('10.0.0.0/8'), unknownValue(numberType)], 'unknown(string)'],
	['cidrhost', [markSensitive(s('10.0.0.0/8')), n(5)], '"10.0.0.5" (sensitive)'],
	['cidrhost', [nullValue(stringType), n(5)], 'error[0]: argument must not be null'],
	['cidrhost', [s('2001:db8::/32'), n(65_536)], '"2001:db8::1:0"'],
	['cidrsubnet', [s('10.0.0.0/8'), n(8), unknownValue(numberType)], 'unknown(string)'],
	['cidrsubnet', [s('2001:db8::/32'), n(16), n(1)], '"2001:db8:1::/48"'],
	['cidrsubnets', [s('10.0.0.0/16'), n(8), unknownValue(numberType)], 'unknown(list(string))'],
	['cidrsubnets', [s('10.0.0.0/24'), n(2), n(1)], `tolist([
  "10.0.0.0/26",
  "10.0.0.128/25",
])`],
	['cidrnetmask', [s('10.0.0.0/20')], '"255.255.240.0"'],
	['cidrnetmask', [s('10.0.0.0/33')], 'error: invalid CIDR expression: invalid CIDR address: 10.0.0.0/33'],
	// OpenTofu's cidrcontains.
	['cidrcontains', [s('10.0.0.0/8'), s('10.1.2.3')], 'true'],
	['cidrcontains', [s('10.0.0.0/8'), s('11.0.0.1')], 'false'],
	['cidrcontains', [s('10.0.0.0/8'), s('10.2.0.0/16')], 'true'],
	['cidrcontains', [s('10.2.0.0/16'), s('10.0.0.0/8')], 'false'],
	['cidrcontains', [s('fd00::/8'), s('fd12::1')], 'true'],
	['cidrcontains', [s('fd00::/8'), s('10.0.0.1')], 'error: address family mismatch: both arguments must be IPv4 or both IPv6'],
	['cidrcontains', [s('10.0.0.0/8'), s('nope')], 'error[1]: invalid IP address to check for containment: nope'],
	['cidrcontains', [s('10.0.0.0/8'), unknownValue(stringType)], 'unknown(bool)'],
]);
