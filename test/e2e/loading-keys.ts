import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {generateConfiguration, sizePreset, writeConfiguration} from '../../bench/generate.js';
import {startTerminal, tmuxAvailable, type Terminal} from '../helpers/tmux.js';

/*
Keys typed while a large configuration loads, in a real terminal (tmux): as the readme says, they are not echoed onto the screen and are ignored, none replayed once the panes open; typed both before the loading screen is drawn (while Ink and the app are still being loaded) and while it shows. Every step waits for what the screen or the terminal's modes show, never for time.
*/

test.before(t => {
	t.true(tmuxAvailable(), 'tmux is required for the end-to-end tests (apt-get install tmux)');
});

/** Waits until the explorer has taken the alternate screen: its first act, before anything else is loaded. */
async function waitForAlternateScreen(app: Terminal, timeout: number): Promise<void> {
	const deadline = Date.now() + timeout;
	while (!app.modes().alternateScreen) {
		if (Date.now() > deadline) {
			throw new Error(`no alternate screen after ${timeout} ms; screen:\n${app.screen()}`);
		}

		// eslint-disable-next-line no-await-in-loop
		await new Promise(resolve => {
			setTimeout(resolve, 20);
		});
	}
}

test.serial('keys typed while a large configuration loads are neither echoed nor replayed: the panes open as if none had been typed', async t => {
	t.timeout(240_000);
	const directory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-e2e-loading-keys-'));
	// 12,500 resource instances: loading lasts seconds, typing a few milliseconds.
	writeConfiguration(generateConfiguration(sizePreset(1)), directory);
	const app = startTerminal({arguments: [directory], environment: {XDG_STATE_HOME: directory}});
	try {
		await waitForAlternateScreen(app, 90_000);
		// Before the loading screen: letters, arrows, Tab (which would move the focus) and Enter.
		app.type('hello');
		app.keys('Up', 'Down', 'Tab', 'Enter');
		let screen = await app.waitFor(' Loading ', 90_000);
		// While it shows: more, with q (which would quit) and the keys that would move through the panes.
		app.type('world');
		app.keys('Down', 'Down', 'Right', 'Enter', 'q');
		screen = app.screen();
		for (const echoed of ['hello', 'world', '^[', '[A', '[B']) {
			t.false(screen.includes(echoed), `${echoed} echoed onto the loading screen:\n${screen}`);
		}

		screen = await app.waitFor(/Blocks — root[\s\S]*(\d+ module instances? ·|\d+m · \d+r)/, 180_000);
		for (const echoed of ['hello', 'world', '^[', '[A', '[B']) {
			t.false(screen.includes(echoed), `${echoed} on the screen:\n${screen}`);
		}

		// Nothing was replayed: Modules has the focus (Tab would have moved it), the root is selected (↓ would have moved it), and q did not quit.
		t.regex(screen, /║Modules \d+/);
		t.regex(screen, /Console — root\b/);
		t.false(screen.includes('[exit'));
		// Keys typed now are the explorer's: ↓ selects the next module instance.
		app.keys('Down');
		await app.waitFor(/Blocks — module\./);
		app.press('quit');
		t.is(await app.waitForExit(60_000), 0);
	} finally {
		app.close();
		rmSync(directory, {recursive: true, force: true});
	}
});

test.serial('Ctrl-C typed while a large configuration loads interrupts it and restores the terminal, also among other keys', async t => {
	t.timeout(240_000);
	const directory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-e2e-loading-keys-'));
	writeConfiguration(generateConfiguration(sizePreset(1)), directory);
	const app = startTerminal({arguments: [directory], environment: {XDG_STATE_HOME: directory}});
	try {
		await app.waitFor(' Loading ', 90_000);
		app.type('abc');
		app.keys('C-c');
		// The interrupt's exit code (128 + SIGINT), out of the alternate screen with the cursor shown, and no panes drawn.
		t.is(await app.waitForExit(60_000), 130);
		t.deepEqual(app.modes(), {alternateScreen: false, cursorVisible: true});
		t.false(app.screen().includes('abc'));
	} finally {
		app.close();
		rmSync(directory, {recursive: true, force: true});
	}
});
