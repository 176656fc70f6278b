import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {defaultFlags} from '../../source/commands/command.js';
import {loadExplorerData} from '../../source/ui/data/load.js';
import {App, Explorer} from '../../source/ui/app.js';
import {markSelected} from '../../source/ui/text/lines.js';
import {createInitialState} from '../../source/ui/state/state.js';
import {createFixtureData} from '../fixtures/ui/fixture-data.js';
import {renderFrames} from '../helpers/render.js';

/*
The explorer as a terminal program (issues 16 and 21): a terminal too small to draw in, the selection without colour, keys while loading, text editing keys, modules that are not installed.
*/

test.serial('a terminal smaller than the explorer draws in says so, and the panes come back when it is large enough', async t => {
	const data = createFixtureData();
	const small = await renderFrames(<Explorer data={data} columns={50} rows={11} color={false} loadState='x'/>);
	const frame = await small.waitFor('Terminal too small');
	t.regex(frame, /50×12: need 60×17/);
	t.notRegex(frame, /Modules/);
	t.true(frame.split('\n').every(line => [...line].length <= 50));
	await small.unmount();
	const enough = await renderFrames(<Explorer data={data} columns={60} rows={16} color={false} loadState='x'/>);
	await enough.waitFor('Blocks — root');
	t.notRegex(enough.frame(), /too small/);
	await enough.unmount();
});

test.serial('without colour the selected row carries a marker in every list, and keeps its width', async t => {
	const app = await renderFrames(<Explorer data={createFixtureData()} columns={100} rows={30} color={false} marker loadState='x'/>);
	let frame = await app.waitFor('▶ root');
	t.regex(frame, /│▶ aws_vpc\.main/);
	await app.press('focus-next-pane', 'move-down');
	frame = await app.waitFor('▶▸aws_subnet.this ×3');
	await app.press('go-to');
	frame = await app.waitFor('║▶ root ');
	await app.press('prompt-cancel', 'show-diagnostics');
	await app.waitFor(/║▶ (Error|Warning)/);
	await app.unmount();
});

test('markSelected puts the marker in the row\'s leading blank or beside its fold marker', t => {
	const text = (spans: ReadonlyArray<{text: string}>) => spans.map(span => span.text).join('');
	t.is(text(markSelected({spans: [{text: '    [0]'}]}).spans), '▶   [0]');
	t.is(text(markSelected({spans: [{text: '▸ aws_subnet.this'}, {text: ' ×3'}]}).spans), '▶▸aws_subnet.this ×3');
	t.is(text(markSelected({spans: [{text: 'root'}, {text: ' 9r'}]}).spans), '▶ root 9r');
	t.is(text(markSelected({spans: []}).spans), '▶');
});

test.serial('Ctrl-C while loading interrupts, and the keys typed before it are dropped (none replayed once the panes exist)', async t => {
	let interrupted = 0;
	let finish: ((value: {data: ReturnType<typeof createFixtureData>; summary: string}) => void) | undefined;
	const load = async () => new Promise<{data: ReturnType<typeof createFixtureData>; summary: string}>(resolve => {
		finish = resolve;
	});
	const app = await renderFrames(<App directory='big' load={load} columns={100} rows={30} color={false} onInterrupt={() => interrupted++}/>);
	await app.waitFor('Loading big');
	// Keys that would move and focus the console if they were replayed.
	await app.write('\t');
	await app.write('j');
	await app.write('c');
	await app.write('\u0003');
	t.is(interrupted, 1);
	finish!({data: createFixtureData(), summary: 'x'});
	const frame = await app.waitFor('Blocks — root');
	// Still the first row of the Modules pane, and the console is not focused.
	t.regex(frame, /╔═+╗┌/);
	t.regex(frame, /press c to type an expression/);
	await app.unmount();
});

test.serial('a Ctrl-C read after loading ended but before the explorer took the keys quits (exit 0), it does not interrupt loading', async t => {
	let interrupted = 0;
	let quits = 0;
	let finish: ((value: {data: ReturnType<typeof createFixtureData>; summary: string}) => void) | undefined;
	const pending = new Promise<{data: ReturnType<typeof createFixtureData>; summary: string}>(resolve => {
		finish = resolve;
	});
	const app = await renderFrames(<App directory='big' load={() => pending} columns={100} rows={30} color={false} onInterrupt={() => interrupted++} onQuit={() => quits++}/>);
	await app.waitFor('Loading big');
	finish!({data: createFixtureData(), summary: 'x'});
	// The App's own continuation was attached first, so it has run: loading has ended, React has not rendered the explorer yet.
	await pending;
	app.writeNow('\u0003');
	t.is(interrupted, 0);
	t.is(quits, 1);
	await app.unmount();
});

test.serial('the terminal\'s Delete key deletes under the cursor (Backspace before it), Alt-B and Ctrl-A move by word and line', async t => {
	const app = await renderFrames(<Explorer data={createFixtureData()} columns={100} rows={30} color={false} loadState='x'/>);
	await app.press('focus-console');
	await app.type('var.abc + xyz');
	await app.write('\u001Bb');
	await app.write('\u001B[3~');
	await app.waitFor('> var.abc + yz');
	await app.write('\u0001');
	await app.write('\u001B[3~');
	await app.write('\u007F');
	await app.waitFor('> ar.abc + yz');
	t.pass();
	await app.unmount();
});

test.serial('a module that is not installed: ⊘ in the tree, and Details say what terraform init would fetch, with the call\'s inputs', async t => {
	const directory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-uninstalled-'));
	try {
		writeFileSync(path.join(directory, 'main.tf'), 'locals {\n  azs = ["a", "b"]\n}\n\nmodule "vpc" {\n  source  = "terraform-aws-modules/vpc/aws"\n  version = "~> 5.0"\n  azs     = local.azs\n}\n');
		const {data} = await loadExplorerData({directory, flags: defaultFlags, environment: {}, cwd: process.cwd()});
		t.deepEqual(data.modules()[1]?.unavailable && {label: data.modules()[1]!.unavailable!.label, source: data.modules()[1]!.unavailable!.source, version: data.modules()[1]!.unavailable!.version}, {label: 'not installed', source: 'terraform-aws-modules/vpc/aws', version: '~> 5.0'});
		const app = await renderFrames(<Explorer data={data} columns={100} rows={30} color={false}/>);
		await app.press('move-down');
		const frame = await app.waitFor('Module not installed');
		t.regex(frame, / {2}vpc 0 resources ⊘/);
		t.regex(frame, /Not installed: see Details/);
		t.regex(frame, /source terraform-aws-modules\/vpc\//);
		t.regex(frame, /azs = local\.azs/);
		await app.unmount();
	} finally {
		rmSync(directory, {recursive: true, force: true});
	}
});

test.serial('X excludes the selection as tofu plan -exclude does: it and what depends on it are marked ⊖; X again includes it', async t => {
	const {data} = await loadExplorerData({directory: 'examples/multi-region', flags: defaultFlags, environment: {}, cwd: process.cwd()});
	const app = await renderFrames(<Explorer data={data} columns={100} rows={30} color={false}/>);
	await app.press('focus-next-pane', 'move-down', 'move-down', 'exclude');
	let frame = await app.waitFor(/Excluded aws_s3_bucket\.logs: \d+ instances skipped/);
	t.regex(frame, /aws_s3_bucket\.logs ×2 ⊖/);
	// The versioning depends on the buckets: skipped too.
	t.regex(frame, /ersioning\.logs ×2 ⊖/);
	t.notRegex(frame, /aws_route53_zone\.main ⊖/);
	await app.press('exclude');
	frame = await app.waitFor(/Included aws_s3_bucket\.logs: 0 instances skipped/);
	t.notRegex(frame, /⊖/);
	await app.unmount();
});

test.serial('the console at a module instance of a call with for_each: Terraform\'s error, then hint lines saying each belongs to the call and what the call passes it on as', async t => {
	const {data} = await loadExplorerData({directory: 'examples/multi-region', flags: defaultFlags, environment: {}, cwd: process.cwd()});
	const app = await renderFrames(<Explorer data={data} columns={100} rows={40} color={false} initialState={createInitialState({module: 'module.app["eu"]', focus: 'console'})}/>);
	await app.waitFor('Console — module.app["eu"]');
	await app.type('each.value');
	await app.write('\r');
	const frame = await app.waitFor('the call passes it on as:', 30_000);
	// Terraform's error, then the hint's lines, each a line of the pane.
	t.regex(frame, /Error: each\.value cannot be used in this context[\s\S]*configuration to work around this error\.[\s\S]*Hint: each belongs to the call module\.app in the root module, not to the module's own scope\. *║\n║Here each\.key = "eu" \(Details shows it\); the call passes it on as: *║\n║var\.name, var\.instance_count, var\.instance_type, var\.subnet_ids, *║\n║var\.security_group *║/);
	await app.unmount();
});
