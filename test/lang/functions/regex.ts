import {callTable} from '../../helpers/functions.js';
import {stringType} from '../../../source/lang/types.js';
import {
	markSensitive, nullValue, stringValue, unknownValue,
} from '../../../source/lang/values.js';

const s = stringValue;

callTable('regex', [
	['regex', [s('(\\d+)-(\\d+)'), unknownValue(stringType)], 'unknown(tuple([string, string]))'],
	['regex', [s('(?P<a>x)'), unknownValue(stringType)], 'unknown(object({a=string}))'],
	['regex', [unknownValue(stringType), s('x')], 'unknown(dynamic)'],
	['regexall', [s('a'), unknownValue(stringType)], 'unknown(list(string))'],
	['regex', [s('[a-z]+'), markSensitive(s('12ab'))], '"ab" (sensitive)'],
	['regex', [s('a'), nullValue(stringType)], 'error[1]: argument must not be null'],
	// RE2, not JavaScript: lookahead is a syntax error, \\pL is a class, (?U) makes quantifiers lazy.
	['regex', [s('a(?!b)'), s('ac')], 'error[0]: invalid regexp pattern: invalid or unsupported Perl syntax in (?!'],
	['regex', [s('(?U)a+'), s('aaa')], '"a"'],
	['regexall', [s('\\pL'), s('é1ü')], `tolist([
  "é",
  "ü",
])`],
	['regexall', [s('x*'), s('axb')], `tolist([
  "",
  "x",
  "",
])`],
]);
