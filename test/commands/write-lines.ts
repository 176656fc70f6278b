import test from 'ava';
import {writeLines} from '../../source/commands/write-lines.js';

test('lines are written in chunks of about 64 KiB that together are the whole text', t => {
	const writes: string[] = [];
	const lines = Array.from({length: 20_000}, (_, at) => `line ${at} ${'x'.repeat(at % 50)}`);
	writeLines({write: text => writes.push(text)}, lines);
	t.is(writes.join(''), lines.join('\n') + '\n');
	t.true(writes.length > 10);
	t.true(writes.every(chunk => chunk.length < 65_536 + 100 && chunk.endsWith('\n')));
});

test('no lines, no write', t => {
	const writes: string[] = [];
	writeLines({write: text => writes.push(text)}, []);
	t.deepEqual(writes, []);
});
