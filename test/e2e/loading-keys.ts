import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {generateConfiguration, sizePreset, writeConfiguration} from '../../bench/generate.js';
import {startTerminal, tmuxAvailable, type Terminal} from '../helpers/tmux.js';

/*
Keys typed while a large configuration loads, in a real terminal (tmux): as docs/explorer.md says, they are not echoed onto the screen; the loading screen counts them and they are applied in order once the panes open; typed both before the loading screen is drawn (while Ink and the app are still being loaded) and while it shows. Ctrl-C among them interrupts at once. Every step waits for what the screen or the terminal's modes show, never for time.
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

test.serial('keys typed while a large configuration loads are not echoed, and are applied in order once the panes open', async t => {
	t.timeout(240_000);
	const directory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-e2e-loading-keys-'));
	// 12,500 resource instances: loading lasts seconds, typing a few milliseconds.
	writeConfiguration(generateConfiguration(sizePreset(1)), directory);
	const app = startTerminal({arguments: [directory], environment: {XDG_STATE_HOME: directory}});
	try {
		await waitForAlternateScreen(app, 90_000);
		// Before the loading screen (while Ink and the app are still being loaded): ↓, which selects the next module instance.
		app.keys('Down');
		let screen = await app.waitFor(' Loading ', 90_000);
		// While it shows: Tab, which moves the focus to Blocks.
		app.keys('Tab');
		// The loading screen counts them (unless loading ended first: the frame test in test/ui/app.tsx shows the count whatever the machine's speed).
		screen = await app.waitFor(/2 keys typed: applied once the panes open|║Blocks — module\./, 180_000);
		for (const echoed of ['^[', '[B', '\t']) {
			t.false(screen.includes(echoed), `${echoed} echoed onto the loading screen:\n${screen}`);
		}

		// Both applied, in order: a module instance other than the root is selected, and Blocks has the focus (its double border).
		screen = await app.waitFor(/║Blocks — module\./, 180_000);
		t.false(screen.includes('keys typed'));
		t.false(screen.includes('[B'));
		t.regex(screen, /Console — module\./);
		// Keys typed now are the explorer's as always: Shift-Tab moves the focus back to Modules.
		app.keys('BTab');
		await app.waitFor(/║Modules \d+/);
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
	// 4x: the loading screen lasts only while the files are read (the panes open then, the expansion goes on behind them), and at 1x a quiet machine could read them all before the keys arrived (exit 0, as Ctrl-C after loading quits).
	writeConfiguration(generateConfiguration(sizePreset(4)), directory);
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
