import test from 'ava';
import chalk from 'chalk';
import {Explorer} from '../../source/ui/app.js';
import {computeLayout} from '../../source/ui/layout/layout.js';
import {blockList} from '../../source/ui/state/selectors.js';
import {createInitialState} from '../../source/ui/state/state.js';
import {createFixtureData} from '../fixtures/ui/fixture-data.js';
import {renderFrames} from '../helpers/render.js';

/*
Mouse reports written to the explorer's stdin as a terminal sends them: frames show the click's selection and the wheel's scroll, and no report is ever typed into the console.
*/

// Escape codes in the raw frames, to see inverse video.
chalk.level = 1;

const layout = computeLayout(100, 30, {focus: 'modules'});
const press = (column: number, row: number) => `\u001B[<0;${column + 1};${row + 1}M`;
const release = (column: number, row: number) => `\u001B[<0;${column + 1};${row + 1}m`;
const wheelUp = (column: number, row: number) => `\u001B[<64;${column + 1};${row + 1}M`;

async function open(marker = false) {
	return renderFrames(<Explorer data={createFixtureData()} columns={100} rows={30} color={false} marker={marker} loadState='3 module instances'/>);
}

test.serial('a click on a row of Blocks focuses Blocks and selects it, and Details follows', async t => {
	const data = createFixtureData();
	const app = await open();
	await app.waitFor('← aws_subnet.this');
	const row = blockList(data, createInitialState()).rows.findIndex(each => each.key === 'aws_subnet.this');
	await app.write(press(layout.modules + 4, 2 + row) + release(layout.modules + 4, 2 + row));
	const frame = await app.waitFor(/Details[^\n]*\n[^\n]*aws_subnet\.this/);
	t.regex(frame, /for_each = toset\(\["a", "b", "c"\]\)/);
	// Blocks has the focus: its border is double.
	t.regex(frame.split('\n')[0]!, /^┌─*┐╔═*╗┌/);
	// A click on the selected row opens it (the instances unfold).
	await app.write(press(layout.modules + 4, 2 + row));
	await app.waitFor('["a"]');
	await app.unmount();
});

test.serial('in the console, clicks and the wheel are never typed: a click on a result browses it, the wheel scrolls the output', async t => {
	const app = await open();
	await app.waitFor('← aws_subnet.this');
	await app.press('focus-console');
	for (const expression of ['1', '2', '3', '4', '5']) {
		// eslint-disable-next-line no-await-in-loop
		await app.type(`${expression} + 100`);
		// eslint-disable-next-line no-await-in-loop
		await app.press('console-submit');
	}

	await app.waitFor('> 5 + 100');
	const consoleTop = app.frame().split('\n').findIndex(line => line.includes('Console — '));
	await app.type('abc');
	await app.write(wheelUp(10, consoleTop + 3) + wheelUp(10, consoleTop + 3));
	let frame = await app.waitFor(/Console — aws_vpc\.main ↑\d/);
	t.regex(frame, /> abc/);
	t.false(frame.includes('[<'));
	t.false(frame.includes('64;'));
	// A click on an output line: that expression is selected (browsing), and w traces it.
	await app.write(press(10, consoleTop + 2));
	frame = await app.waitFor('↑/k Previous result');
	t.regex(frame, /> abc/);
	t.false(frame.includes('[<'));
	await app.unmount();
});

test.serial('the Details cursor is drawn in inverse video on its argument while Details is focused', async t => {
	const app = await open();
	await app.waitFor('← aws_subnet.this');
	await app.press('focus-next-pane', 'move-down', 'next-instance', 'pane-right');
	await app.waitFor('║Details');
	const line = (text: string) => app.rawFrame().split('\n').find(each => each.includes(text)) ?? '';
	t.true(line('cidr_block').includes('\u001B[7m'), line('cidr_block'));
	t.false(line('vpc_id').includes('\u001B[7m'));
	await app.press('details-next-target');
	t.true(line('vpc_id').includes('\u001B[7m'), line('vpc_id'));
	t.false(line('cidr_block').includes('\u001B[7m'));
	await app.unmount();
	// Without colour, the cursor's first line is marked too.
	const marked = await open(true);
	await marked.waitFor('aws_subnet.this  aws_vpc.main.id');
	await marked.press('focus-next-pane', 'move-down', 'next-instance', 'pane-right', 'details-next-target');
	t.regex(await marked.waitFor('║Details'), /║▶ vpc_id = \(known after apply\)/);
	await marked.unmount();
});
