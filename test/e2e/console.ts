import {mkdtempSync, readFileSync, rmSync, statSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {startTerminal, tmuxAvailable} from '../helpers/tmux.js';

/*
`tfscope console` on a terminal is interactive: prompt, evaluation, continuation lines, history across sessions (the explorer's history file), exit and Ctrl-D.
*/

test.before(t => {
	t.true(tmuxAvailable(), 'tmux is required for the end-to-end tests (apt-get install tmux)');
});

test.serial('a prompt, results, a continued expression, an error, exit; history is kept for the next session, which Ctrl-D ends', async t => {
	t.timeout(180_000);
	const state = mkdtempSync(path.join(os.tmpdir(), 'tfscope-e2e-console-'));
	const environment = {XDG_STATE_HOME: state};
	let app = startTerminal({arguments: ['console', 'examples/multi-region'], environment, columns: 100, rows: 30});
	try {
		await app.waitFor(/^>$/m, 90_000);
		app.type('var.environment');
		app.keys('Enter');
		await app.waitFor(/> var\.environment\n"prod"\n>$/m);
		app.type('upper(');
		app.keys('Enter');
		await app.waitFor(/^…$/m);
		app.type('"x")');
		app.keys('Enter');
		await app.waitFor(/> upper\(\n… "x"\)\n"X"\n>$/m);
		app.type('nope');
		app.keys('Enter');
		await app.waitFor(/Error: Invalid reference[\s\S]*\n>$/m);
		app.type('exit');
		app.keys('Enter');
		t.is(await app.waitForExit(30_000), 0);
	} finally {
		app.close();
	}

	const file = path.join(state, 'tfscope', 'console-history');
	t.is(statSync(file).mode & 0o777, 0o600);
	t.deepEqual(readFileSync(file, 'utf8').trim().split('\n').map(line => JSON.parse(line) as string), ['var.environment', 'upper(\n"x")', 'nope']);

	app = startTerminal({arguments: ['console', 'examples/multi-region'], environment, columns: 100, rows: 30});
	try {
		await app.waitFor(/^>$/m, 90_000);
		// The previous session's last entry comes back with Up.
		app.keys('Up');
		await app.waitFor(/^> nope$/m);
		app.keys('Enter');
		await app.waitFor(/Error: Invalid reference/);
		await app.waitFor(/^>$/m);
		app.keys('C-d');
		t.is(await app.waitForExit(30_000), 0);
	} finally {
		app.close();
		rmSync(state, {recursive: true, force: true});
	}
});
