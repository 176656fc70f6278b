import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {generateConfiguration, sizePreset, writeConfiguration} from '../../bench/generate.js';
import {startTerminal, tmuxAvailable} from '../helpers/tmux.js';

/*
SIGINT, SIGTERM and SIGHUP end the explorer with the terminal as it was: out of the alternate screen, the cursor shown, whether the signal comes while the configuration loads, while the explorer runs, or while the console evaluates a long line.
*/

test.before(t => {
	t.true(tmuxAvailable(), 'tmux is required for the end-to-end tests (apt-get install tmux)');
});

const signals = [['SIGTERM', 143], ['SIGHUP', 129], ['SIGINT', 130]] as const;

for (const [signal, code] of signals) {
	test.serial(`${signal} while loading restores the terminal and exits ${code}`, async t => {
		t.timeout(180_000);
		const directory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-e2e-signal-'));
		// Large enough that loading lasts while the signal is sent.
		writeConfiguration(generateConfiguration(sizePreset(1)), directory);
		const app = startTerminal({arguments: [directory], environment: {XDG_STATE_HOME: directory}});
		try {
			await app.waitFor(' Loading ', 90_000);
			t.true(app.modes().alternateScreen);
			app.signal(signal);
			t.is(await app.waitForExit(60_000), code);
			t.deepEqual(app.modes(), {alternateScreen: false, cursorVisible: true});
		} finally {
			app.close();
			rmSync(directory, {recursive: true, force: true});
		}
	});
}

test.serial('SIGTERM in the explorer restores the terminal', async t => {
	t.timeout(180_000);
	const state = mkdtempSync(path.join(os.tmpdir(), 'tfscope-e2e-signal-'));
	const app = startTerminal({arguments: ['examples/multi-region'], environment: {XDG_STATE_HOME: state}});
	try {
		await app.waitFor('Blocks — root', 90_000);
		t.deepEqual(app.modes(), {alternateScreen: true, cursorVisible: false});
		app.signal('SIGTERM');
		t.is(await app.waitForExit(60_000), 143);
		t.deepEqual(app.modes(), {alternateScreen: false, cursorVisible: true});
	} finally {
		app.close();
		rmSync(state, {recursive: true, force: true});
	}
});

test.serial('SIGTERM while a console line is evaluated restores the terminal', async t => {
	t.timeout(240_000);
	const state = mkdtempSync(path.join(os.tmpdir(), 'tfscope-e2e-signal-'));
	const app = startTerminal({arguments: ['examples/multi-region'], environment: {XDG_STATE_HOME: state}});
	try {
		await app.waitFor('Blocks — root', 90_000);
		app.press('focus-console');
		// Hours of `for` steps (the line runs in the console's worker thread, so the explorer's thread still handles the signal).
		app.type('length([for a in range(1000): length([for b in range(1000): length([for c in range(1000): c])])])');
		app.press('console-submit');
		await app.waitFor(/Console — .*evaluating…/);
		app.signal('SIGTERM');
		t.is(await app.waitForExit(60_000), 143);
		t.deepEqual(app.modes(), {alternateScreen: false, cursorVisible: true});
	} finally {
		app.close();
		rmSync(state, {recursive: true, force: true});
	}
});
