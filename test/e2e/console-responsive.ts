import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import git from 'isomorphic-git';
import {cancelledText} from '../../source/ui/state/console.js';
import {repositoryRoot, startTerminal, tmuxAvailable, type Terminal} from '../helpers/tmux.js';

/*
The explorer answers q, Ctrl-C and Esc while the console pane evaluates a line that takes far longer than the test (a billion steps of `for`, each within the evaluation budget): the line runs in a worker thread (source/ui/data/console-thread.ts), so the keys are read meanwhile: q and Ctrl-C quit at once and restore the terminal, Esc cancels the line and the next one answers. The same under `--diff REV` and in a unit opened from a Terragrunt estate's unit tree (the worker opens the same estate and unit). Before, the line ran in the render loop and the explorer ignored every key until it ended.
*/

test.before(t => {
	t.true(tmuxAvailable(), 'tmux is required for the end-to-end tests (apt-get install tmux)');
});

// Hours of work, yet no value it builds is big enough to count against the budget.
const endless = 'length([for a in range(1000): length([for b in range(1000): length([for c in range(1000): c])])])';

/** Evaluates a line in the worker (its result shows the worker answers), then starts the endless one. */
async function startEndlessLine(app: Terminal, first = 'upper("worker")', answer = '"WORKER"'): Promise<void> {
	app.press('focus-console');
	app.type(first);
	app.press('console-submit');
	await app.waitFor(answer, 90_000);
	app.type(endless);
	app.press('console-submit');
	await app.waitFor(/Console — .*evaluating…/);
}

async function withExplorer(arguments_: readonly string[], run: (app: Terminal) => Promise<void>, cwd = repositoryRoot): Promise<void> {
	const state = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-e2e-console-'));
	const app = startTerminal({arguments: arguments_, cwd, environment: {XDG_STATE_HOME: state}});
	try {
		await run(app);
	} finally {
		app.close();
		fs.rmSync(state, {recursive: true, force: true});
	}
}

async function quitsWithCtrlC(t: {is: (actual: unknown, expected: unknown) => void; deepEqual: (actual: unknown, expected: unknown) => void}, app: Terminal): Promise<void> {
	app.press('force-quit');
	t.is(await app.waitForExit(60_000), 0);
	t.deepEqual(app.modes(), {alternateScreen: false, cursorVisible: true});
}

test.serial('q quits while a console line is being evaluated, and the terminal is restored', async t => {
	t.timeout(240_000);
	await withExplorer(['examples/multi-region'], async app => {
		await app.waitFor('Blocks — root', 90_000);
		await startEndlessLine(app);
		// Out of the input line to a pane where q is a key again (Esc would cancel the line).
		app.press('focus-previous-pane');
		await app.waitFor('║Edges');
		// Still evaluating: the line has no result yet.
		t.regex(app.screen(), /evaluating…/);
		app.press('quit');
		t.is(await app.waitForExit(60_000), 0);
		t.deepEqual(app.modes(), {alternateScreen: false, cursorVisible: true});
	});
});

test.serial('Ctrl-C quits from the console\'s input line while a line is being evaluated', async t => {
	t.timeout(240_000);
	await withExplorer(['examples/multi-region'], async app => {
		await app.waitFor('Blocks — root', 90_000);
		await startEndlessLine(app);
		await quitsWithCtrlC(t, app);
	});
});

test.serial('Esc cancels the line being evaluated, says so in its place, and the next line answers', async t => {
	t.timeout(240_000);
	await withExplorer(['examples/multi-region'], async app => {
		await app.waitFor('Blocks — root', 90_000);
		await startEndlessLine(app);
		app.press('leave-console');
		const screen = await app.waitFor(cancelledText);
		// Still typing in the input line, and nothing is evaluated any more.
		t.notRegex(screen, /evaluating…/);
		app.type('upper("after")');
		app.press('console-submit');
		await app.waitFor('"AFTER"', 90_000);
		await quitsWithCtrlC(t, app);
	});
});

test.serial('under --diff REV the console evaluates the working tree in the worker: Ctrl-C quits during a slow line', async t => {
	t.timeout(240_000);
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-e2e-console-diff-'));
	try {
		await git.init({fs, dir: directory, defaultBranch: 'main'});
		fs.writeFileSync(path.join(directory, 'main.tf'), 'locals {\n  side = "committed"\n}\n\nresource "terraform_data" "a" {\n  input = local.side\n}\n');
		await git.add({fs, dir: directory, filepath: 'main.tf'});
		await git.commit({fs, dir: directory, message: 'first', author: {name: 'test', email: 'test@example.com', timestamp: 0, timezoneOffset: 0}});
		fs.writeFileSync(path.join(directory, 'main.tf'), 'locals {\n  side = "working tree"\n}\n\nresource "terraform_data" "a" {\n  input = local.side\n}\n');
		// From the checkout (tsx finds its tsconfig there), the repository found from the directory given.
		await withExplorer([directory, '--diff', 'HEAD'], async app => {
			await app.waitFor('diff vs HEAD', 90_000);
			await startEndlessLine(app, 'local.side', '"working tree"');
			await quitsWithCtrlC(t, app);
		});
	} finally {
		fs.rmSync(directory, {recursive: true, force: true});
	}
});

test.serial('in a unit opened from a Terragrunt estate the console evaluates in the worker, with the unit\'s inputs: Esc cancels, Ctrl-C leaves the unit', async t => {
	t.timeout(240_000);
	await withExplorer(['test/fixtures/terragrunt/estate/live'], async app => {
		// The unit tree, app selected first; Enter opens it in the panes.
		await app.waitFor(/app \[mock\]/, 90_000);
		app.keys('Enter');
		await app.waitFor('terraform_data.server', 90_000);
		// An input read statically from the vpc unit's outputs: the worker opened the same estate and unit.
		await startEndlessLine(app, 'var.cidr', '"10.0.0.0/16"');
		app.press('leave-console');
		await app.waitFor(cancelledText);
		app.type(endless);
		app.press('console-submit');
		await app.waitFor(/Console — .*evaluating…/);
		// Ctrl-C in a unit comes back to the unit tree (its worker is stopped with it); q there quits.
		app.press('force-quit');
		await app.waitFor(/^Terragrunt estate /m);
		app.press('quit');
		t.is(await app.waitForExit(60_000), 0);
		t.deepEqual(app.modes(), {alternateScreen: false, cursorVisible: true});
	});
});
