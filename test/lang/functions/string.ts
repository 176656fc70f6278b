import {callTable} from '../../helpers/functions.js';
import {
	dynamicType, listType, numberType, stringType,
} from '../../../source/lang/types.js';
import {
	listValue, markSensitive, nullValue, numberValue, stringValue, tupleValue, unknownValue,
} from '../../../source/lang/values.js';

const s = stringValue;

callTable('string', [
	['upper', [s('ß and é')], '"ß AND É"'],
	['upper', [unknownValue(stringType)], 'unknown(string)'],
	['upper', [markSensitive(s('a'))], '"A" (sensitive)'],
	['upper', [nullValue(stringType)], 'error[0]: argument must not be null'],
	['lower', [s('ÀB')], '"àb"'],
	['title', [s('o\'neil mc-donald')], '"O\'Neil Mc-Donald"'],
	['strrev', [s('🇫🇷 a')], '"a 🇫🇷"'],
	['substr', [s('👨‍👩‍👧bc'), numberValue(1), numberValue(1)], '"b"'],
	['substr', [s('abc'), numberValue(0.5), numberValue(1)], 'error: value must be a whole number, between -9223372036854775808 and 9223372036854775807'],
	['trimspace', [s('\u00A0x\u3000')], '"x"'],
	['trim', [s('xxhixx'), s('x')], '"hi"'],
	['chomp', [s('a\r\n\n')], '"a"'],
	['split', [s(','), unknownValue(stringType)], 'unknown(list(string))'],
	['join', [s('-'), listValue(stringType, [s('a'), markSensitive(s('b'))])], '"a-b" (sensitive)'],
	['join', [s('-'), listValue(stringType, [s('a'), unknownValue(stringType)])], 'unknown(string)'],
	['join', [s('-'), listValue(stringType, [nullValue(stringType)]), listValue(stringType, [])], 'error: element 0 of list 1 is null; cannot concatenate null values'],
	['replace', [s('aaa'), s('/a/'), s('$$')], '"$$$"'],
	['replace', [s('ab'), s('/(?P<first>a)/'), s('<$first>')], '"<a>b"'],
	['replace', [s('x'), s('/(?=x)/'), s('')], 'error: error parsing regexp: invalid or unsupported Perl syntax: `(?=`'],
	['replace', [markSensitive(s('secret')), s('e'), s('3')], '"s3cr3t" (sensitive)'],
	['indent', [numberValue(2), unknownValue(stringType)], 'unknown(string)'],
	['format', [s('%s|%5.1f|%-3d|%t'), s('x'), numberValue(2.25), numberValue(7), stringValue('true')], '"x|  2.2|7  |true"'],
	['format', [s('%s'), unknownValue(stringType)], 'unknown(string)'],
	['format', [s('%s'), markSensitive(s('x'))], '"x" (sensitive)'],
	['format', [s('%v'), nullValue(dynamicType)], 'unknown(string)'],
	['format', [s('%s'), nullValue(stringType)], 'error: unsupported value for "%s" at 0: null value cannot be formatted'],
	['format', [s('%#v'), tupleValue([s('<'), numberValue(1)])], '"[\\"\\\\u003c\\",1]"'],
	['format', [s('%q'), s('tab\there')], '"\\"tab\\\\there\\""'],
	['format', [s('%05.1f|%+.2e|%x'), numberValue(-2.5), numberValue(1234), numberValue(-255)], '"-02.5|+1.23e+03|-ff"'],
	['formatlist', [s('%s=%s'), listValue(stringType, [s('a'), s('b')]), s('v')], `tolist([
  "a=v",
  "b=v",
])`],
	// cty's formatlist: only an unknown list (or one whose length is unknown) makes the whole result unknown; elsewhere each iteration with an unknown argument gives an unknown element.
	['formatlist', [s('%s'), listValue(stringType, [s('a'), unknownValue(stringType)])], `tolist([
  "a",
  (known after apply),
])`],
	['formatlist', [s('%s-%s'), listValue(stringType, [s('a'), s('b')]), unknownValue(stringType)], `tolist([
  (known after apply),
  (known after apply),
])`],
	['formatlist', [s('%v'), tupleValue([tupleValue([unknownValue(stringType)]), numberValue(1)])], `tolist([
  (known after apply),
  "1",
])`],
	['formatlist', [s('%s'), unknownValue(dynamicType)], 'unknown(list(string))'],
	['formatlist', [s('%s'), unknownValue(listType(stringType))], 'unknown(list(string))'],
	['strcontains', [unknownValue(stringType), s('a')], 'unknown(bool)'],
	['startswith', [markSensitive(s('abc')), s('a')], 'true (sensitive)'],
	['endswith', [s('abc'), nullValue(stringType)], 'error[1]: argument must not be null'],
	['trimprefix', [s('aab'), s('a')], '"ab"'],
	['trimsuffix', [s('abb'), s('b')], '"ab"'],
	['indent', [numberValue(1), s('a\nb')], `<<EOT
a
 b
EOT`],
	['substr', [s('hello'), unknownValue(numberType), numberValue(1)], 'unknown(string)'],
]);
