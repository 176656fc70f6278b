import test from 'ava';
import {parseExpression} from '../../../source/hcl/index.js';
import {evaluate} from '../../../source/lang/eval/evaluate.js';
import {createScope, moduleResolver} from '../../../source/lang/eval/scope.js';
import {formatValue} from '../../../source/lang/format-value.js';
import {builtinFunctionNames, lookupFunction} from '../../../source/lang/functions/index.js';
import {type Value, numberValue, tupleValue} from '../../../source/lang/values.js';

// One value reused by every iteration, so the tests build little while the count reaches the limit.
const variables = new Map<string, Value>([
	['big', tupleValue(Array.from({length: 1025}, (_, index) => numberValue(index)))],
	['small', tupleValue(Array.from({length: 1024}, (_, index) => numberValue(index)))],
]);

/*
What one `for` expression may build is capped (maximumCollectionElements): nested `for` expressions over range(1024) multiply, and three levels would take hours and all memory.
*/

function run(text: string): {output?: string; errors: string[]} {
	const {value: expression} = parseExpression(text, 'limits.tf');
	const scope = createScope({resolveReference: moduleResolver({variables, moduleDescription: 'the root module'}), functions: lookupFunction, functionNames: builtinFunctionNames, functionContext: {baseDirectory: '.', impure: false}});
	const {value, diagnostics} = evaluate(expression!, scope);
	const errors = diagnostics.filter(diagnostic => diagnostic.severity === 'error').map(diagnostic => `${diagnostic.summary}: ${diagnostic.detail ?? ''}`);
	return errors.length > 0 ? {errors} : {output: formatValue(value!), errors};
}

test('a for expression that would build more than maximumCollectionElements values stops with an error naming the limit', t => {
	const {errors} = run('[for a in range(1024) : var.big]');
	t.is(errors.length, 1);
	t.regex(errors[0]!, /^Too many elements: This 'for' expression would build more than 1048576 values \(maximumCollectionElements\)/);
});

test('the same in an object for expression', t => {
	const {errors} = run('{for a in range(1024) : a => var.big}');
	t.regex(errors[0] ?? '', /^Too many elements/);
});

test('up to the limit the value is built', t => {
	const {output, errors} = run('length([for a in range(1024) : var.small])');
	t.deepEqual(errors, []);
	t.is(output, '1024');
});
