import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {startTerminal, tmuxAvailable} from '../helpers/tmux.js';

/*
Issue 35: the explorer on a Terragrunt estate (test/fixtures/terragrunt/estate/live: prod/eu-west-1/{app,db,vpc}) at 80x24 in a real terminal (tmux), colours off. In the unit tree ↑/↓ stop only on units: ↑ on the first unit stays there (it went to the folder row above), so ↓ then selects the second. Enter opens the unit, whose panes name it: the Modules, Blocks and Console titles. Every step waits for what the screen shows, never for time.
*/

test.before(t => {
	t.true(tmuxAvailable(), 'tmux is required for the end-to-end tests (apt-get install tmux)');
});

test.serial('80x24 on a Terragrunt estate: ↑/↓ pass over folders, and an opened unit\'s panes name it', async t => {
	t.timeout(300_000);
	const stateDirectory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-e2e-estate-'));
	const app = startTerminal({arguments: ['test/fixtures/terragrunt/estate/live'], columns: 80, rows: 24, environment: {XDG_STATE_HOME: stateDirectory, NO_COLOR: '1'}});
	try {
		// Every unit read (its marks shown), the first unit selected: its Details below the tree.
		let screen = await app.waitFor(/app \[mock\][\s\S]*db \[1 error\][\s\S]*vpc\s*\n[\s\S]*^prod\/eu-west-1\/app\s*$/m, 180_000);
		t.true(screen.split('\n').every(line => [...line].length <= 80));
		app.keys('Up');
		app.keys('Down');
		screen = await app.waitFor(/^prod\/eu-west-1\/db\s*$/m);
		t.notRegex(screen, /a folder: select a unit/);
		// The last unit, then ↓ stays on it, and ↑ is db again.
		app.keys('Down');
		app.keys('Down');
		app.keys('Up');
		await app.waitFor(/^prod\/eu-west-1\/db\s*$/m);
		app.keys('Up');
		await app.waitFor(/^prod\/eu-west-1\/app\s*$/m);
		app.keys('Enter');
		screen = await app.waitFor(/Modules — prod\/eu-west-1\/app[\s\S]*Blocks — prod\/eu-west-1\/app[\s\S]*Console — prod\/eu-west-1\/app/, 180_000);
		t.true(screen.split('\n').every(line => [...line].length <= 80), screen);
		t.regex(screen, /terraform_data\.server/);
		// q comes back to the tree, q again quits.
		app.keys('q');
		await app.waitFor(/^Terragrunt estate /m, 60_000);
		app.keys('q');
		t.is(await app.waitForExit(60_000), 0);
	} finally {
		app.close();
		rmSync(stateDirectory, {recursive: true, force: true});
	}
});
