/*
Regenerates the readme's screenshots from real sessions: the CLI runs in tmux, keys are pressed by keymap id, and the coloured screen (`capture-pane -e`) is drawn as SVG. Run `npx tsx media/capture.ts` after changing the UI.

- media/explorer.svg: the bundled example, stepping through a for_each and evaluating in the console;
- media/assume.svg: a configuration whose subnets depend on a data source (test/fixtures/configs/placeholders, shaped as terraform-aws-modules/vpc's examples/complete), its placeholders expanded live by `:assume` in the console.
*/
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {startTerminal, type Terminal} from '../test/helpers/tmux.js';
import {ansiToSvg} from './ansi-to-svg.js';

const columns = 120;
const rows = 36;

async function capture(directory: string, file: string, title: string, session: (app: Terminal) => Promise<void>): Promise<void> {
	const stateDirectory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-capture-'));
	const app = startTerminal({arguments: [directory], columns, rows, environment: {XDG_STATE_HOME: stateDirectory, COLORTERM: 'truecolor', FORCE_COLOR: '3'}});
	try {
		await app.waitFor(/Blocks — root/, 90_000);
		await session(app);
		const output = path.join(path.dirname(fileURLToPath(import.meta.url)), file);
		writeFileSync(output, ansiToSvg(app.screen(true), {columns, title}));
		console.log(`wrote ${output}`);
	} finally {
		app.close();
		rmSync(stateDirectory, {recursive: true, force: true});
	}
}

await capture('examples/multi-region', 'explorer.svg', 'tfscope exploring examples/multi-region', async app => {
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
});

await capture('test/fixtures/configs/placeholders', 'assume.svg', 'tfscope: :assume pins the availability zones, the placeholders expand', async app => {
	app.press('show-assumptions');
	await app.waitFor('Assumptions 0 assumptions');
	app.press('assumption-write');
	await app.waitFor('> :assume data.aws_availability_zones.available.names = ');
	app.type('["eu-west-1a", "eu-west-1b", "eu-west-1c"]');
	app.press('console-submit');
	await app.waitFor('aws_subnet.public ×3', 60_000);
	app.press('leave-console');
	await app.waitFor(/│Console/);
	// Leaving the console focuses the Blocks pane: the subnets are the next row.
	app.press('move-down', 'next-instance', 'next-instance');
	await app.waitFor('instance 2 of 3');
	await app.waitFor(/1 assumed · ✖\d+ ⚠\d+/, 60_000);
});
