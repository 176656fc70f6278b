import {Readable} from 'node:stream';
import test from 'ava';
import {describeInternalError, errorLocation, internalErrorExitCode} from '../../source/commands/internal-error.js';
import {main} from '../../source/commands/main.js';
import {repositoryRoot} from '../helpers/tmux.js';

/*
The one internal-error boundary (issue 20): an exception nobody expected becomes one paragraph naming it an internal error, with the message, the place in tfscope and where to report it, exit code 70, and never a JavaScript stack.
*/

test('an exception inside a command is reported by main as an internal error, without a stack', async t => {
	let stderr = '';
	let stdout = '';
	const code = await main(['examples/multi-region'], {
		stdin: Readable.from(['']),
		stdout: {write: (text: string) => (stdout += text)},
		stderr: {write: (text: string) => (stderr += text)},
		isTerminal: false,
		stdinIsTerminal: false,
		environment: {},
		cwd: repositoryRoot,
		async explorer() {
			throw new RangeError('Maximum call stack size exceeded');
		},
	});
	t.is(code, internalErrorExitCode);
	t.is(stdout, '');
	t.regex(stderr, /^tfscope: internal error: RangeError: Maximum call stack size exceeded \(at internal-error\.ts:\d+:\d+\)\nThis is a bug in tfscope, not a problem of your configuration\. Please report it at https:\/\/github\.com\/tfscope\/tfscope\/issues/);
	t.notRegex(stderr, /\n\s+at /);
});

test('the location is the first frame, relative to the package', t => {
	const error = new TypeError('x is undefined');
	error.stack = 'TypeError: x is undefined\n    at evaluateIn (file:///home/me/tfscope/source/lang/eval/evaluate.ts:220:9)\n    at node:internal/main:1:1';
	t.is(errorLocation(error), 'source/lang/eval/evaluate.ts:220:9');
	const bundled = new Error('boom');
	bundled.stack = 'Error: boom\n    at node:internal/process:1:1\n    at /usr/lib/node_modules/tfscope/distribution/cli.js:4242:17';
	t.is(errorLocation(bundled), 'distribution/cli.js:4242:17');
	t.is(errorLocation('a string'), undefined);
});

test('a message with control characters or several lines prints as one safe line', t => {
	const text = describeInternalError(new Error('first\u001B]0;title\u0007\nsecond line'));
	t.true(text.startsWith(String.raw`tfscope: internal error: Error: first\x1b]0;title\x07`));
	t.false(text.includes('second line'));
	t.false(text.includes('\u001B'));
	t.is(describeInternalError('thrown string').split('\n')[0], 'tfscope: internal error: thrown string');
});
