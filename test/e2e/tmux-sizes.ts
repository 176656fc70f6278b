import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {startTerminal, tmuxAvailable} from '../helpers/tmux.js';
import {runMain} from '../helpers/run-main.js';

/*
The explorer at the sizes people work in (80x24, a 100-column split, 120x40, 160x45), in a real pseudo-terminal (tmux), with colours off (NO_COLOR): on the bundled example and on a real public configuration with long module and resource names (terraform-aws-eks examples/karpenter). At every size: `? help` and `q quit` on the status bar; every module instance's own step whole, in the order of `tfscope tree`; the focus visible without colour (one pane with a double border, its title in inverse video) and never more than one selection marker in a pane; then Blocks focused, the same again and every block name of the root module whole. Every step waits for what the screen shows, never for time.
*/

const sizes: ReadonlyArray<readonly [columns: number, rows: number]> = [[80, 24], [100, 30], [120, 40], [160, 45]];
const configurations = ['examples/multi-region', 'test/fixtures/real-world/terraform-aws-eks/examples/karpenter'];

test.before(t => {
	t.true(tmuxAvailable(), 'tmux is required for the end-to-end tests (apt-get install tmux)');
});

type Box = {readonly top: number; readonly left: number; readonly right: number; readonly bottom: number; readonly focused: boolean};

/**
The panes drawn on a screen: each box from its top-left corner (`┌` or, focused, `╔`) to the matching corners.
*/
function boxes(screen: string): Box[] {
	const lines = screen.split('\n').map(line => [...line]);
	const found: Box[] = [];
	for (const [row, line] of lines.entries()) {
		for (const [column, character] of line.entries()) {
			if (character !== '┌' && character !== '╔') {
				continue;
			}

			const focused = character === '╔';
			const right = line.indexOf(focused ? '╗' : '┐', column + 1);
			let bottom = row + 1;
			while (bottom < lines.length && lines[bottom]![column] !== (focused ? '╚' : '└')) {
				bottom++;
			}

			found.push({top: row, left: column, right, bottom, focused});
		}
	}

	return found;
}

function inside(screen: string, box: Box): string[] {
	return screen.split('\n').slice(box.top + 1, box.bottom).map(line => [...line].slice(box.left + 1, box.right).join(''));
}

/** The focus shown without colour, and no pane with two selection markers. */
function checkFocusAndMarkers(t: import('ava').ExecutionContext, screen: string, ansi: string, title: RegExp): void {
	const drawn = boxes(screen);
	const focused = drawn.filter(box => box.focused);
	t.is(focused.length, 1, `one focused pane:\n${screen}`);
	t.regex(inside(screen, focused[0]!)[0] ?? '', title, screen);
	for (const box of drawn) {
		const markers = inside(screen, box).join('\n').split('▶').length - 1;
		t.true(markers <= 1, `${markers} selection markers in the pane at ${box.top}:${box.left}:\n${screen}`);
	}

	// The focused pane holds the selection, marked; its title is in inverse video (SGR 7), which needs no colour.
	t.is(inside(screen, focused[0]!).join('\n').split('▶').length - 1, 1, screen);
	// eslint-disable-next-line no-control-regex
	t.regex(ansi, /\u001B\[[\d;]*7[\d;]*m[^\u001B]*(Modules|Blocks)/);
	// eslint-disable-next-line no-control-regex
	t.notRegex(ansi, /\u001B\[(?:[\d;]*;)?(?:3[0-7]|9[0-7]|38;)/, 'no colour codes with NO_COLOR');
}

/** The module instances `tfscope tree` prints, in its order, each by its own last step (`network["eu"]`). */
async function treeSteps(directory: string): Promise<string[]> {
	const {stdout} = await runMain(['tree', directory]);
	return ['root', ...stdout.split('\n').flatMap(line => {
		const match = /^[│ ]*[├└]── module\.(\S+?) \(\d+ resources?, /.exec(line);
		return match ? [match[1]!] : [];
	})];
}

for (const directory of configurations) {
	for (const [columns, rows] of sizes) {
		// One at a time: eight explorers at once starve a loaded machine.
		test.serial(`${path.basename(directory)} at ${columns}x${rows} without colour: names whole, in tree order, help and quit shown, the focus visible with one marker a pane`, async t => {
			t.timeout(300_000);
			const steps = await treeSteps(directory);
			const stateDirectory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-e2e-sizes-'));
			// NO_COLOR turns the explorer's colours off. FORCE_COLOR gives the terminal library the styles a user's terminal has (bold, inverse): the harness sets CI=0 (Ink draws nothing in CI), and any CI variable makes it assume a machine without them.
			const app = startTerminal({arguments: [directory], columns, rows, environment: {XDG_STATE_HOME: stateDirectory, NO_COLOR: '1', FORCE_COLOR: '1'}});
			try {
				// Once every instance is made (the status bar's totals, in long or short words).
				let screen = await app.waitFor(/Blocks — root[\s\S]*q quit.*(\d+m · \d+r|\d+ module instances? ·)/, 180_000);
				t.true(screen.split('\n').every(line => [...line].length <= columns));
				t.regex(screen, /\? help {2}q quit/);
				checkFocusAndMarkers(t, screen, app.screen(true), /^▶? ?Modules \d+/);
				// The Modules pane: every row's own step whole (no `…` in it), in tree order, as far as the pane shows them.
				const modules = boxes(screen).find(box => box.focused)!;
				const names = inside(screen, modules).slice(1).map(line => line.replace(/^[▶ ]+/, '').split(' ')[0]!).filter(name => name !== '');
				t.true(names.length >= Math.min(steps.length, modules.bottom - modules.top - 2), `${names.join(', ')}\n${screen}`);
				t.deepEqual(names, steps.slice(0, names.length), screen);

				// Blocks focused: the focus moves, still one marker a pane, and every block name of the root module whole.
				app.press('focus-next-pane');
				screen = await app.waitFor(/║Blocks — root/);
				checkFocusAndMarkers(t, screen, app.screen(true), /Blocks — root/);
				const blocks = inside(screen, boxes(screen).find(box => box.focused)!).slice(1);
				const rowsShown = blocks.filter(line => /^[▶ ]*[▸▾ ]? ?[a-z]/.test(line) && !/^[A-Z]/.test(line.trim()));
				t.true(rowsShown.length > 0, screen);
				for (const line of rowsShown) {
					t.false(line.includes('…'), `a block name cut: ${line}\n${screen}`);
				}

				app.press('quit');
				t.is(await app.waitForExit(60_000), 0);
			} finally {
				app.close();
				rmSync(stateDirectory, {recursive: true, force: true});
			}
		});
	}
}

// Issue 35: a cut never removes an instance key. At 80x24 the Details heading of a for_each instance inside a module keeps its own step whole (the module steps give way first); at 120x40 with Details focused, the narrowed Modules pane of terraform-aws-eks examples/karpenter keeps each row's key with its brackets.
test.serial('80x24 on the example: the Details heading of a stepped instance keeps its own step whole', async t => {
	t.timeout(300_000);
	const stateDirectory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-e2e-sizes-'));
	const app = startTerminal({arguments: ['examples/multi-region'], columns: 80, rows: 24, environment: {XDG_STATE_HOME: stateDirectory, NO_COLOR: '1'}});
	try {
		await app.waitFor(/Blocks — root[\s\S]*q quit.*(\d+m · \d+r|\d+ module instances? ·)/, 180_000);
		app.press('go-to');
		await app.waitFor('Go to address');
		app.type('module.network["eu"].aws_subnet.public["eu-west-1a"]');
		app.press('prompt-accept');
		await app.waitFor(/aws_subnet\.public\["eu-west-1a"\]/);
		app.press('next-instance');
		// The Details pane is 30 columns wide: the module prefix is gone, then the type's provider prefix; the name and key stay whole.
		let screen = await app.waitFor(/│…[a-z_]*_subnet\.public\["eu-west-1b"\]│/);
		t.notRegex(screen, /aws…blic/, screen);
		// Focused, Details is wide enough for the instance's own step whole, and its module's key.
		app.press('pane-right');
		screen = await app.waitFor(/║Details/);
		t.regex(screen, /║…(?:network)?\["eu"\]\.aws_subnet\.public\["eu-west-1b"\] *║|║module\.network\["eu"\]\.aws_subnet\.public\["eu-west-1b"\] *║/, screen);
		app.press('quit');
		t.is(await app.waitForExit(60_000), 0);
	} finally {
		app.close();
		rmSync(stateDirectory, {recursive: true, force: true});
	}
});

test.serial('120x40 on karpenter with Details focused: every Modules row keeps its key\'s brackets, and no two rows look the same', async t => {
	t.timeout(300_000);
	const stateDirectory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-e2e-sizes-'));
	const app = startTerminal({arguments: ['test/fixtures/real-world/terraform-aws-eks/examples/karpenter'], columns: 120, rows: 40, environment: {XDG_STATE_HOME: stateDirectory, NO_COLOR: '1'}});
	try {
		await app.waitFor(/Blocks — root[\s\S]*q quit.*(\d+m · \d+r|\d+ module instances? ·)/, 180_000);
		// Details focused (Tab, Tab): the Modules pane is at its narrowest (it read `…arpenter"] 10r 1m`).
		app.press('focus-next-pane');
		await app.waitFor(/║Blocks — root/);
		app.press('focus-next-pane');
		const screen = await app.waitFor(/║Details/);
		const modules = boxes(screen).find(box => !box.focused && (inside(screen, box)[0] ?? '').startsWith('Modules'))!;
		t.truthy(modules, screen);
		const names = inside(screen, modules).slice(1).map(line => line.trim().split(' ')[0]!).filter(name => name !== '');
		const keyed = names.filter(name => name.includes(']'));
		t.true(keyed.length > 0, screen);
		for (const name of keyed) {
			t.regex(name, /^[^[]*[^[…]\["[^"]*"\]$/, `a key cut out of its brackets: ${name}\n${screen}`);
		}

		t.is(new Set(names).size, names.length, screen);
		app.press('quit');
		t.is(await app.waitForExit(60_000), 0);
	} finally {
		app.close();
		rmSync(stateDirectory, {recursive: true, force: true});
	}
});
