import test from 'ava';
import {isIncomplete, splitCompletionWord} from '../../../source/ui/input/console-input.js';

const incomplete = test.macro({
	exec(t, input: string, expected: boolean) {
		t.is(isIncomplete(input), expected);
	},
	title: (_title, input: string, expected: boolean) => `${JSON.stringify(input)} is ${expected ? 'incomplete' : 'complete'}`,
});

test(incomplete, '1 + 2', false);
test(incomplete, '[', true);
test(incomplete, '{\n  a = 1', true);
test(incomplete, '{\n  a = 1\n}', false);
test(incomplete, '"[" ', false);
test(incomplete, '"\\"(" ', false);
test(incomplete, 'f( # )', true);
test(incomplete, '<<EOT\nhello', true);
test(incomplete, '<<-EOT\nhello\n  EOT', false);

test('the completion word is the identifier path before the cursor', t => {
	t.deepEqual(splitCompletionWord('upper(var.re'), {before: 'upper(', word: 'var.re'});
	t.deepEqual(splitCompletionWord(''), {before: '', word: ''});
});
