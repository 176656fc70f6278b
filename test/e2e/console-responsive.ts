import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {startTerminal, tmuxAvailable, type Terminal} from '../helpers/tmux.js';

/*
The explorer answers q and Ctrl-C while the console pane evaluates a line that takes far longer than the test (a billion steps of `for`, each within the evaluation budget): the line runs in a worker thread (source/ui/data/console-thread.ts), so the keys are read meanwhile, quit at once, and the terminal is restored. Before, the line ran in the render loop and the explorer ignored every key until it ended.
*/

test.before(t => {
	t.true(tmuxAvailable(), 'tmux is required for the end-to-end tests (apt-get install tmux)');
});

// Hours of work, yet no value it builds is big enough to count against the budget.
const endless = 'length([for a in range(1000): length([for b in range(1000): length([for c in range(1000): c])])])';

/** Opens the example, evaluates a line in the worker (its result shows the worker answers), then starts the endless one. */
async function startEndlessLine(app: Terminal): Promise<void> {
	await app.waitFor('Blocks — root', 90_000);
	app.press('focus-console');
	app.type('upper("worker")');
	app.press('console-submit');
	await app.waitFor('"WORKER"', 90_000);
	app.type(endless);
	app.press('console-submit');
	await app.waitFor(/Console — .*evaluating…/);
}

async function withExplorer(run: (app: Terminal) => Promise<void>): Promise<void> {
	const state = mkdtempSync(path.join(os.tmpdir(), 'tfscope-e2e-console-'));
	const app = startTerminal({arguments: ['examples/multi-region'], environment: {XDG_STATE_HOME: state}});
	try {
		await run(app);
	} finally {
		app.close();
		rmSync(state, {recursive: true, force: true});
	}
}

test.serial('q quits while a console line is being evaluated, and the terminal is restored', async t => {
	t.timeout(240_000);
	await withExplorer(async app => {
		await startEndlessLine(app);
		// Out of the input line (Esc browses the results, Esc again leaves the console), where q is a key again.
		app.press('leave-console');
		await app.waitFor('i or c to type');
		app.press('results-leave');
		await app.waitFor('press c to type an expression');
		// Still evaluating: the line has no result yet.
		t.regex(app.screen(), /evaluating…/);
		app.press('quit');
		t.is(await app.waitForExit(60_000), 0);
		t.deepEqual(app.modes(), {alternateScreen: false, cursorVisible: true});
	});
});

test.serial('Ctrl-C quits from the console\'s input line while a line is being evaluated', async t => {
	t.timeout(240_000);
	await withExplorer(async app => {
		await startEndlessLine(app);
		app.press('force-quit');
		t.is(await app.waitForExit(60_000), 0);
		t.deepEqual(app.modes(), {alternateScreen: false, cursorVisible: true});
	});
});
