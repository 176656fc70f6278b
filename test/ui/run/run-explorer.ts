import test from 'ava';
import {runExplorer} from '../../../source/ui/run/run-explorer.js';
import {defaultFlags} from '../../../source/commands/command.js';

test('without a TTY it says so, points to the commands, and exits 1', async t => {
	let written = '';
	const stream = {isTTY: false} as unknown as NodeJS.ReadStream;
	const code = await runExplorer({
		directory: 'examples/multi-region',
		flags: defaultFlags,
		stdin: stream,
		stdout: stream as unknown as NodeJS.WriteStream,
		stderr: {
			write(text: string) {
				written += text;
			},
		},
	});
	t.is(code, 1);
	t.regex(written, /needs an interactive terminal/);
	t.regex(written, /tfscope tree examples\/multi-region/);
	t.regex(written, /tfscope console examples\/multi-region/);
});
