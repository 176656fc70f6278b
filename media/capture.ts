/*
Regenerates media/explorer.svg from a real session: the CLI runs in tmux on the bundled example, keys are pressed by keymap id, and the coloured screen (`capture-pane -e`) is drawn as SVG. Run `npx tsx media/capture.ts` after changing the UI.
*/
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {startTerminal} from '../test/helpers/tmux.js';
import {ansiToSvg} from './ansi-to-svg.js';

const columns = 120;
const rows = 36;
const stateDirectory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-capture-'));
const app = startTerminal({arguments: ['examples/multi-region'], columns, rows, environment: {XDG_STATE_HOME: stateDirectory, COLORTERM: 'truecolor', FORCE_COLOR: '3'}});
try {
	await app.waitFor(/Blocks — root[\s\S]*module instances/, 90_000);
	app.press('focus-next-pane', 'move-down', 'move-down', 'next-instance', 'next-instance');
	await app.waitFor('instance 2 of 2');
	app.press('focus-console');
	app.type('each.value');
	app.press('console-submit');
	await app.waitFor(/"audit"\s*║/);
	app.type('[for key in keys(local.common_tags) : upper(key)]');
	app.press('console-submit');
	await app.waitFor('"PROJECT"');
	app.press('leave-console');
	await app.waitFor('Tab Next pane');
	// The background pass has found every diagnostic: the status bar shows the totals.
	await app.waitFor('0 errors, 0 warnings', 60_000);
	const screen = app.screen(true);
	const output = path.join(path.dirname(fileURLToPath(import.meta.url)), 'explorer.svg');
	writeFileSync(output, ansiToSvg(screen, {columns, title: 'tfscope exploring examples/multi-region'}));
	console.log(`wrote ${output}`);
} finally {
	app.close();
	rmSync(stateDirectory, {recursive: true, force: true});
}
