/*
Regenerates the readme's screenshots from real sessions: the CLI runs in tmux, keys are pressed by keymap id, and the coloured screen (`capture-pane -e`) is drawn as SVG. Run `npx tsx media/capture.ts` after changing the UI.

- media/explorer.svg: the bundled example, stepping through a for_each and evaluating in the console;
- media/explorer-80x24.svg: the same example in an ordinary 80x24 terminal, as a user first meets it: a module instance of a `for_each` selected, its blocks, one resource's details;
- media/assume.svg: a configuration whose subnets depend on a data source (test/fixtures/configs/placeholders, shaped as terraform-aws-modules/vpc's examples/complete), its placeholders expanded live by `:assume` in the console;
- media/eks-module-edges.svg: a real public configuration, terraform-aws-eks's examples/karpenter (the copy in test/fixtures/real-world), its `module.vpc` call with its edges grouped, the inputs open;
- media/eks-session.svg: an animated session on the same configuration, one real frame for each step: the call's edges, its dependents, following one into module.eks, going into module.vpc and to its private subnets, a placeholder until the availability zones are known.

`npx tsx media/capture.ts eks-session.svg` captures only the files named.
*/
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import process from 'node:process';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {startTerminal, type Terminal} from '../test/helpers/tmux.js';
import {ansiFramesToSvg, ansiToSvg} from './ansi-to-svg.js';

// The size of most captures; a capture may name its own (the readme's 80x24 screen).
const defaultSize: {readonly columns: number; readonly rows: number} = {columns: 120, rows: 36};

const only = process.argv.slice(2);

/**
Runs a session in tmux and writes what it returns: one screen (a screenshot) or several (an animation, `seconds` a frame).
*/
/** The first Esc leaves the console's line, the second the console; `then` is what the screen shows once it has. */
async function leaveConsole(app: Terminal, then: string | RegExp): Promise<void> {
	app.press('leave-console');
	await app.waitFor('Esc leaves');
	app.press('leave-console');
	await app.waitFor(then);
}

async function capture(directory: string, file: string, title: string, session: (app: Terminal) => Promise<void | readonly string[]>, {seconds = 2.5, columns = defaultSize.columns, rows = defaultSize.rows} = {}): Promise<void> {
	if (only.length > 0 && !only.includes(file)) {
		return;
	}

	const stateDirectory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-capture-'));
	const app = startTerminal({arguments: [directory], columns, rows, environment: {XDG_STATE_HOME: stateDirectory, COLORTERM: 'truecolor', FORCE_COLOR: '3'}});
	try {
		await app.waitFor(/Blocks — root/, 90_000);
		const frames = await session(app);
		const output = path.join(path.dirname(fileURLToPath(import.meta.url)), file);
		writeFileSync(output, frames ? ansiFramesToSvg(frames, {columns, title, seconds}) : ansiToSvg(app.screen(true), {columns, title}));
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
	await leaveConsole(app, 'Tab Next pane');
	// The background pass has found every diagnostic: the status bar shows the totals.
	await app.waitFor(/✖0 ⚠0|0 errors, 0 warnings/, 60_000);
});

await capture('test/fixtures/configs/placeholders', 'assume.svg', 'tfscope: :assume pins the availability zones, the placeholders expand', async app => {
	app.press('show-assumptions');
	await app.waitFor('Assumptions 0 assumptions');
	app.press('assumption-write');
	await app.waitFor('> :assume data.aws_availability_zones.available.names = ');
	app.type('["eu-west-1a", "eu-west-1b", "eu-west-1c"]');
	app.press('console-submit');
	await app.waitFor('aws_subnet.public ×3', 60_000);
	await leaveConsole(app, /│Console/);
	// Leaving the console focuses the Blocks pane: the subnets are the next row.
	app.press('move-down', 'next-instance', 'next-instance');
	await app.waitFor('instance 2 of 3');
	await app.waitFor(/1 assumed · ✖\d+ ⚠\d+/, 60_000);
});

const karpenter = 'test/fixtures/real-world/terraform-aws-eks/examples/karpenter';

/** From the first frame to the root's `module.vpc` row in the Blocks pane, by the filter a user would type. */
async function selectModuleVpc(app: Terminal): Promise<void> {
	await app.waitFor(/✖\d+ ⚠\d+|\d+ errors?, \d+ warnings?/, 90_000);
	app.press('focus-next-pane', 'filter');
	app.type('module.vpc');
	app.press('prompt-accept');
	await app.waitFor(/▸ contents \d+/);
}

await capture(karpenter, 'eks-module-edges.svg', 'tfscope on terraform-aws-eks examples/karpenter: module.vpc, its edges grouped (inputs open)', async app => {
	await selectModuleVpc(app);
	app.press('focus-next-pane', 'focus-next-pane', 'edges-open');
	await app.waitFor('→ local.azs  azs = local.azs');
});

await capture(karpenter, 'eks-session.svg', 'tfscope on terraform-aws-eks examples/karpenter: a module call\'s edges, following one, a placeholder', async app => {
	const frames: string[] = [];
	const frame = async (pattern: RegExp | string): Promise<void> => {
		await app.waitFor(pattern);
		frames.push(app.screen(true));
	};

	await selectModuleVpc(app);
	frames.push(app.screen(true));
	app.press('focus-next-pane', 'focus-next-pane', 'edges-open');
	await frame('→ local.azs  azs = local.azs');
	app.press('edges-fold', 'move-down', 'edges-open');
	await frame('← module.eks.var.vpc_id  module.vpc.vpc_id');
	app.press('move-down', 'move-down', 'move-down', 'edges-open');
	await frame(/Blocks — module\.eks/);
	app.press('back');
	await frame(/▾ dependents 3/);
	app.press('focus-previous-pane', 'focus-previous-pane', 'open');
	await frame(/Blocks — module\.vpc/);
	app.press('filter');
	app.type('aws_subnet.private');
	app.press('prompt-accept', 'next-instance');
	// Its availability zones come from a data source: one placeholder instance, and why.
	await frame('placeholder [*]');
	return frames;
});

await capture('examples/multi-region', 'explorer-80x24.svg', 'tfscope at 80x24 on examples/multi-region: module.network["eu"], the second instance of its for_each subnets, and the console', async app => {
	await app.waitFor(/✖\d+ ⚠\d+|\d+ errors?, \d+ warnings?/, 90_000);
	app.press('move-down', 'move-down', 'move-down');
	await app.waitFor(/Blocks — module\.network\["eu"\]/);
	app.press('focus-next-pane', 'move-down', 'move-down', 'next-instance', 'next-instance');
	await app.waitFor('instance 2 of 3');
	app.press('focus-console');
	app.type('cidrhost(each.value, 5)');
	app.press('console-submit');
	await app.waitFor('"10.10.16.5"');
	// Back to the Blocks pane, the result kept in the console.
	await leaveConsole(app, 'Tab Next pane');
}, {columns: 80, rows: 24});
