import test from 'ava';
import {callFunction} from '../../../source/lang/function.js';
import {terraformProviderFunctions} from '../../../source/lang/functions/index.js';
import {encodeExpression} from '../../../source/lang/functions/provider.js';
import {dynamicType, stringType} from '../../../source/lang/types.js';
import {
	type Value, isSensitive, listValue, markSensitive, nullValue, numberValue, objectValue, stringValue, unknownValue,
} from '../../../source/lang/values.js';
import {consoleContext} from '../../helpers/functions.js';

function call(name: string, values: readonly Value[]): Value {
	return callFunction(terraformProviderFunctions.get(`provider::terraform::${name}`)!, values, consoleContext);
}

test('encode_expr aligns runs of one-line attributes and writes lists inline', t => {
	const value = objectValue({
		a: numberValue(1), long_name: stringValue('x'), nested: objectValue({b: listValue(stringType, [stringValue('p'), stringValue('q')])}), z: nullValue(stringType),
	});
	t.is(encodeExpression(value), `{
  a         = 1
  long_name = "x"
  nested = {
    b = ["p", "q"]
  }
  z = null
}`);
});

test('encode_expr escapes template sequences and control characters', t => {
	t.is(encodeExpression(stringValue('${a} %{b} "\n\u0001')), '"$${a} %%{b} \\"\\n\\u0001"');
});

test('unknown and sensitive arguments', t => {
	t.deepEqual(call('encode_expr', [unknownValue(dynamicType)]), unknownValue(stringType));
	t.true(isSensitive(call('encode_tfvars', [objectValue({a: markSensitive(stringValue('x'))})])));
	t.deepEqual(call('decode_tfvars', [unknownValue(stringType)]), unknownValue(dynamicType));
	t.throws(() => call('encode_tfvars', [nullValue(dynamicType)]), {message: 'argument must not be null'});
});

test('decode_tfvars refuses blocks and references', t => {
	t.throws(() => call('decode_tfvars', [stringValue('a {\n}\n')]), {message: /Blocks are not allowed here/});
	t.throws(() => call('decode_tfvars', [stringValue('a = local.x')]), {message: /<decode_tfvars argument>:1,5-10: Variables not allowed/});
});
