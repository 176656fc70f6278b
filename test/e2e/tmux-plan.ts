import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {startTerminal, tmuxAvailable} from '../helpers/tmux.js';

/*
The explorer under a saved plan in a real pseudo-terminal (tmux) at 80x24 with colours off, on the plan golden of terraform 1.11 (test/fixtures/saved-plan/review): the marks read by symbol alone, the counts by action fit the status bar, Details says why a replacement happens down to the tfvars line, D keeps only what changes, the graph view names each node's action. Every step waits for what the screen shows, never for time.
*/

const fixture = path.join('test', 'fixtures', 'saved-plan', 'review');

test.before(t => {
	t.true(tmuxAvailable(), 'tmux is required for the end-to-end tests (apt-get install tmux)');
});

test.serial('80x24 without colour: marks by symbol, counts by action, a replacement traced to its tfvars line, D and the graph view', async t => {
	t.timeout(300_000);
	const stateDirectory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-e2e-plan-'));
	const app = startTerminal({
		arguments: [path.join(fixture, 'after'), '--plan', path.join(fixture, 'plan.json')], columns: 80, rows: 24, environment: {XDG_STATE_HOME: stateDirectory, NO_COLOR: '1', FORCE_COLOR: '1'},
	});
	try {
		let screen = await app.waitFor(/-\/\+ terraform_data\.named[\s\S]*q quit +plan \+3 ~5 -\/\+5 -6 \.1 <=1 →2 <1/, 180_000);
		t.true(screen.split('\n').every(line => [...line].length <= 80), screen);
		// Each module instance with the counts of its subtree; each block with its action's symbol: no colour needed.
		t.regex(screen, /root \+3 ~5 -\/\+5 -6 \.1 <=1 →2 <1/);
		t.regex(screen, /kept\["eu"\] ~1/);
		t.regex(screen, /~ terraform_data\.updated/);
		t.regex(screen, /- gone -1/);
		// eslint-disable-next-line no-control-regex
		t.notRegex(app.screen(true), /\u001B\[(?:[\d;]*;)?(?:3[0-7]|9[0-7]|38;)/, 'no colour codes with NO_COLOR');

		// Details focused: the action, the reason, the argument and the chain of values down to the tfvars line.
		app.press('focus-next-pane', 'focus-next-pane');
		// The chain shows in the narrow Details pane too: wait for its focus (the double border) first, or the screen read can precede the wide frame.
		screen = await app.waitFor(/║Details[^]*← terraform\.tfvars:1/);
		t.regex(screen, /-\/\+ plan: replace/);
		t.regex(screen, /triggers_replace forces replacement/);
		t.regex(screen, /main\.tf:25:22/);
		t.regex(screen, /← var\.env/);

		// D: only what changes (the root's 21 resource rows less the one no-op).
		app.press('focus-previous-pane', 'toggle-changed-only');
		// Both in one wait: a capture can catch the frame half written.
		screen = await app.waitFor(/Resources \(20\)[^]*Showing only what changed/);
		t.regex(screen, /Showing only what changed/);
		app.press('toggle-changed-only');
		await app.waitFor(/Resources \(21\)/);

		// The graph view of the selection names each node's action.
		app.press('show-graph');
		screen = await app.waitFor(/Graph — terraform_data\.named[^]*\(replace\)/);
		t.regex(screen, /\(replace\)/);

		app.press('close-view');
		await app.waitFor(/Blocks — root/);
		app.press('quit');
		t.is(await app.waitForExit(60_000), 0);
	} finally {
		app.close();
		rmSync(stateDirectory, {recursive: true, force: true});
	}
});
