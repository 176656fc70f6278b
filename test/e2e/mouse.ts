import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {startTerminal, tmuxAvailable, type Terminal} from '../helpers/tmux.js';

/*
The mouse in a real terminal (tmux): the explorer turns reporting on while it owns the screen and off on every way out; clicks and wheel steps, sent as the bytes a terminal sends, select and scroll. Every step waits for the screen to show its effect.
*/

test.before(t => {
	t.true(tmuxAvailable(), 'tmux is required for the end-to-end tests (apt-get install tmux)');
});

const example = 'examples/multi-region';

/** Zero-based row and column of the first place a text is on the screen. */
function positionOf(screen: string, text: string): {row: number; column: number} {
	const lines = screen.split('\n');
	const row = lines.findIndex(line => line.includes(text));
	if (row === -1) {
		throw new Error(`"${text}" is not on the screen:\n${screen}`);
	}

	return {row, column: [...lines[row]!.slice(0, lines[row]!.indexOf(text))].length};
}

// SGR reports: 1-based column and row; M a press, m a release.
const click = ({row, column}: {row: number; column: number}) => `\u001B[<0;${column + 1};${row + 1}M\u001B[<0;${column + 1};${row + 1}m`;
const wheel = (direction: 'up' | 'down', {row, column}: {row: number; column: number}) => `\u001B[<${direction === 'up' ? 64 : 65};${column + 1};${row + 1}M`;

async function withExplorer(t: {timeout: (ms: number) => void}, arguments_: readonly string[], run: (app: Terminal) => Promise<void>): Promise<void> {
	t.timeout(180_000);
	const state = mkdtempSync(path.join(os.tmpdir(), 'tfscope-e2e-mouse-'));
	const app = startTerminal({arguments: arguments_, environment: {XDG_STATE_HOME: state}});
	try {
		await app.waitFor(/Blocks — root[\s\S]*(\d+ module instances? ·|\d+m · \d+r)/, 90_000);
		await run(app);
	} finally {
		app.close();
		rmSync(state, {recursive: true, force: true});
	}
}

test.serial('a click selects a block and focuses Blocks, a second click unfolds it, the wheel moves through Modules and scrolls the console; q turns reporting off', async t => {
	await withExplorer(t, [example], async app => {
		t.deepEqual(app.mouseModes(), {buttons: true, sgr: true});
		const logs = positionOf(app.screen(), 'aws_s3_bucket.logs');
		app.sendBytes(click(logs));
		let screen = await app.waitFor('for_each = local.log_buckets');
		// Blocks has the focus (a double border), and nothing was typed anywhere.
		t.regex(screen, /║Blocks — root/);
		t.false(screen.includes('[<'));
		app.sendBytes(click(logs));
		await app.waitFor(/\["access"\][\s\S]*\["audit"\]/);
		// The wheel over Modules moves its selection, the focus stays in Blocks.
		const root = positionOf(screen, '│root ');
		app.sendBytes(wheel('down', root));
		screen = await app.waitFor(/║Blocks — module\./);
		// The console: a click focuses it; evaluate enough to scroll; the wheel scrolls the output.
		const consoleTitle = positionOf(screen, 'Console — ');
		app.sendBytes(click({row: consoleTitle.row + 2, column: 10}));
		await app.waitFor(/║Console — /);
		for (const expression of ['1 + 1', '2 + 2', '3 + 3', '4 + 4', '5 + 5']) {
			app.type(expression);
			app.press('console-submit');
			// eslint-disable-next-line no-await-in-loop
			await app.waitFor(`> ${expression}`);
		}

		await app.waitFor(/║10 *║/);
		app.sendBytes(wheel('up', {row: consoleTitle.row + 3, column: 10}));
		screen = await app.waitFor(/Console — [^\n]*↑\d/);
		t.false(screen.includes('[<'));
		// A click on a result browses it; w traces it.
		const result = positionOf(screen, '> ');
		app.sendBytes(click({row: result.row, column: 5}));
		await app.waitFor('Previous result');
		app.press('results-why');
		// The pane's title, not the status bar's "w Why", which is on the screen before the view opens.
		await app.waitFor(/║Why /);
		// One key at a time: two Escapes sent together arrive as one read, which is Meta-Escape.
		app.press('close-why');
		await app.waitFor(/║Console — /);
		app.press('results-leave');
		await app.waitFor(/│Console — /);
		app.press('quit');
		t.is(await app.waitForExit(60_000), 0);
		t.deepEqual(app.mouseModes(), {buttons: false, sgr: false});
		t.deepEqual(app.modes(), {alternateScreen: false, cursorVisible: true});
	});
});

test.serial('in the graph view a click selects the node under the pointer and a second click jumps to it', async t => {
	await withExplorer(t, [example], async app => {
		app.press('show-graph');
		const screen = await app.waitFor(/Graph — aws_route53_zone\.main[\s\S]*\(1\/\d+\) Enter jumps/);
		// At 120 columns the drawing cuts the name to its tail (`…_record.app["eu"]`).
		const record = positionOf(screen, '_record.app["eu"]');
		app.sendBytes(click({row: record.row, column: record.column + 4}));
		await app.waitFor('▶ aws_route53_record.app["eu"]');
		app.sendBytes(click(record));
		const jumped = await app.waitFor(/Details[^\n]*\n[^\n]*aws_route53_record\.app\["eu"\]/);
		t.false(jumped.includes('Graph — '));
		t.false(jumped.includes('[<'));
		app.press('quit');
		t.is(await app.waitForExit(60_000), 0);
	});
});

test.serial('--no-mouse leaves the mouse to the terminal', async t => {
	await withExplorer(t, [example, '--no-mouse'], async app => {
		t.deepEqual(app.mouseModes(), {buttons: false, sgr: false});
		app.press('quit');
		t.is(await app.waitForExit(60_000), 0);
	});
});

for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
	test.serial(`${signal} turns mouse reporting off with the rest of the terminal`, async t => {
		await withExplorer(t, [example], async app => {
			t.deepEqual(app.mouseModes(), {buttons: true, sgr: true});
			app.signal(signal);
			await app.waitForExit(60_000);
			t.deepEqual(app.mouseModes(), {buttons: false, sgr: false});
			t.deepEqual(app.modes(), {alternateScreen: false, cursorVisible: true});
		});
	});
}

test.serial('Ctrl-C turns mouse reporting off', async t => {
	await withExplorer(t, [example], async app => {
		app.press('force-quit');
		t.is(await app.waitForExit(60_000), 0);
		t.deepEqual(app.mouseModes(), {buttons: false, sgr: false});
	});
});
