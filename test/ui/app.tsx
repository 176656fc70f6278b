import test from 'ava';
import {App, Explorer} from '../../source/ui/app.js';
import {defaultFlags} from '../../source/commands/command.js';
import {describeProgress, loadExplorerData} from '../../source/ui/data/load.js';
import {createFixtureData, createLargeData} from '../fixtures/ui/fixture-data.js';
import {renderFrames, type Rendered} from '../helpers/render.js';

/*
Frames of the whole explorer over the hand-built fixture, driven by keymap ids.
*/

async function open(options: {columns?: number; rows?: number; color?: boolean; data?: ReturnType<typeof createFixtureData>; writeTerminal?: (text: string) => void; onQuit?: () => void} = {}): Promise<Rendered> {
	return renderFrames(
		<Explorer
			data={options.data ?? createFixtureData()}
			columns={options.columns ?? 100}
			rows={options.rows ?? 30}
			color={options.color ?? false}
			loadState='3 module instances'
			{...(options.writeTerminal && {writeTerminal: options.writeTerminal})}
			{...(options.onQuit && {onQuit: options.onQuit})}
		/>,
	);
}

test.serial('the first frame shows every pane, the status bar and the load state', async t => {
	const app = await open();
	const frame = await app.waitFor('← aws_subnet.this');
	for (const text of ['Modules', 'Blocks — root', 'Details', 'Edges', 'Console — aws_vpc.main', 'root 8r 2m ✖1', '  net["eu"] 1 resource', 'Resources (4)', 'aws_subnet.this ×3', 'aws_eip.ip ×?', 'Data sources (1)', 'Providers (1)', '← aws_subnet.this  aws_vpc.main.id', 'Tab Next pane', '3 module instances']) {
		t.true(frame.includes(text), text);
	}

	await app.unmount();
});

test.serial('stepping through a for_each expansion shows each.key/each.value and follows the instance edges', async t => {
	const app = await open();
	await app.press('focus-next-pane', 'move-down');
	let frame = await app.waitFor('for_each = toset(["a", "b", "c"])');
	t.regex(frame, /instances \(3\) "a", "b", "c"/);
	await app.press('next-instance');
	frame = await app.waitFor('instance 1 of 3');
	t.regex(frame, /each\.key = "a"/);
	t.regex(frame, /Console — aws_subnet\.this\["a"\]/);
	await app.waitFor(/← aws_instance\.web\[0\]/);
	await app.press('pane-right', 'details-next-instance');
	frame = await app.waitFor('instance 2 of 3');
	t.regex(frame, /each\.key = "b"/);
	await app.waitFor(/← aws_instance\.web\[1\]/);
	await app.press('details-next-instance', 'details-next-instance');
	frame = await app.waitFor('Last instance');
	t.regex(frame, /instance 3 of 3/);
	await app.unmount();
});

test.serial('an unknown for_each says why', async t => {
	const app = await open();
	await app.press('focus-next-pane', 'move-down', 'move-down', 'move-down');
	const frame = await app.waitFor('not known:');
	t.regex(frame, /aws_instance\.web\[\*\]\.id/);
	await app.unmount();
});

test.serial('following an edge with Enter and going back with Esc and Backspace', async t => {
	const app = await open();
	await app.press('focus-previous-pane', 'focus-previous-pane');
	await app.waitFor('╔═');
	await app.press('open');
	let frame = await app.waitFor('Console — root');
	t.regex(frame, /Details[^\n]*\n[^\n]*aws_subnet\.this\s/);
	await app.press('back');
	frame = await app.waitFor('Console — aws_vpc.main');
	t.regex(frame, /Details[^\n]*\n[^\n]*aws_vpc\.main/);
	await app.press('back');
	await app.waitFor('Nothing to go back to');
	// Backspace is "back" too (Ink reports it as delete).
	await app.press('open');
	await app.waitFor('Console — root');
	await app.write('\u007F');
	frame = await app.waitFor('Console — aws_vpc.main');
	t.regex(frame, /Details[^\n]*\n[^\n]*aws_vpc\.main/);
	await app.unmount();
});

test.serial('/ filters the focused list while typing; Esc clears it', async t => {
	const app = await open();
	await app.press('focus-next-pane', 'filter');
	await app.type('web');
	let frame = await app.waitFor('/web');
	t.false(frame.includes('aws_vpc.main '));
	t.regex(frame, /aws_instance\.web ×2/);
	await app.press('prompt-accept');
	frame = await app.waitFor('Console — root');
	t.regex(frame, /Details[^\n]*\n[^\n]*aws_instance\.web/);
	await app.press('filter', 'prompt-cancel');
	frame = await app.waitFor('aws_vpc.main');
	t.regex(frame, /local\.evil/);
	await app.unmount();
});

test.serial(': goes to any address with completion', async t => {
	const app = await open();
	await app.press('go-to');
	await app.waitFor('Go to address');
	await app.type('module.net["us"].aws');
	await app.press('prompt-complete');
	await app.waitFor(': module.net["us"].aws_subnet.inner');
	await app.press('prompt-accept');
	const frame = await app.waitFor('Blocks — module.net["us"]');
	t.regex(frame, /Details[^\n]*\n[^\n]*module\.net\["us"\]\.aws_subnet\.inner/);
	await app.unmount();
});

test.serial('the console evaluates in the selection, keeps history and completes', async t => {
	const app = await open();
	await app.press('focus-next-pane', 'move-down', 'next-instance', 'next-instance', 'focus-console');
	await app.waitFor('Console — aws_subnet.this["b"]');
	await app.type('each.value');
	await app.press('console-submit');
	let frame = await app.waitFor(/> each\.value\s*║\n║"b"/);
	t.regex(frame, /"b"/);
	await app.type('upper("x")');
	await app.press('console-submit');
	frame = await app.waitFor('"X"');
	await app.type('[');
	await app.press('console-submit');
	await app.waitFor('… ');
	await app.type(']');
	await app.press('console-submit');
	frame = await app.waitFor(/║ {2}1,/);
	await app.type('nope');
	await app.press('console-submit');
	// The focused console grows to show the whole last result: the error's summary line with its detail.
	frame = await app.waitFor('A reference to "nope" is not valid here.');
	t.regex(frame, /Error: Invalid reference/);
	await app.press('console-scroll-up', 'console-scroll-up');
	await app.waitFor('> each.value');
	await app.press('console-scroll-down', 'console-scroll-down');
	await app.waitFor(/A reference to "nope" is not valid here\.[\s\S]*> {2}/);
	await app.press('history-previous');
	await app.waitFor(/> nope\s*║\n╚/);
	await app.press('history-previous', 'history-previous');
	frame = await app.waitFor(/> upper\("x"\)\s*║\n╚/);
	// The cursor is at the end of a recalled line.
	await app.type(' ');
	await app.waitFor(/> upper\("x"\) \s*║\n╚/);
	await app.press('history-next', 'history-next', 'history-next');
	await app.waitFor(/>\s*║\n╚/);
	await app.type(':clear');
	await app.press('console-submit');
	frame = await app.waitFor(/Console — aws_subnet\.this\["b"\]\s*║\n║> /);
	t.false(frame.includes('"X"'));
	await app.type('var.c');
	await app.press('console-complete');
	await app.waitFor('> var.cidr');
	// Keys that are bindings elsewhere are text in the console.
	await app.type(' qgy');
	await app.waitFor('> var.cidr qgy');
	await app.press('leave-console');
	await app.waitFor('Tab Next pane');
	await app.unmount();
});

test.serial('help lists every binding from the keymap', async t => {
	const app = await open({columns: 120, rows: 60});
	await app.press('toggle-help');
	let frame = await app.waitFor('/ searches');
	for (const text of ['Panes and views', 'Details pane', 'Console', 'Graph view', 'Go to an address', 'Copy the selected address (OSC 52)', 'Quit, from anywhere']) {
		t.true(frame.includes(text), text);
	}

	// / searches the keys and descriptions as typed; Esc drops the search, a second Esc closes the help.
	await app.press('help-search');
	await app.type('osc');
	frame = await app.waitFor('/osc▏');
	t.true(frame.includes('Copy the selected address (OSC 52)'));
	t.false(frame.includes('Quit, from anywhere'));
	await app.write('\r');
	frame = await app.waitFor('/osc (Esc clears)');
	await app.press('close-help');
	frame = await app.waitFor('/ searches');
	t.true(frame.includes('Quit, from anywhere'));
	await app.press('close-help');
	await app.waitFor('Tab Next pane');
	await app.unmount();
});

test.serial('help starts with the focused pane\'s keys and scrolls at 80x24 (g/G top and bottom)', async t => {
	const app = await open({columns: 80, rows: 23});
	await app.press('focus-next-pane', 'focus-next-pane');
	await app.press('toggle-help');
	let frame = await app.waitFor('/ searches');
	// Details focused: its section first, right under the title.
	t.regex(frame, /Help[^\n]*\n[^\n]*Details pane/);
	t.regex(frame, /↑\/↓ 1-\d+\/\d+/);
	await app.press('help-bottom');
	frame = await app.waitFor('Close help');
	t.regex(frame, /↑\/↓ \d+-(\d+)\/\1 /);
	await app.press('help-top');
	await app.waitFor(/↑\/↓ 1-\d+\/\d+/);
	await app.unmount();
});

test.serial('graph view: move through the nodes and jump', async t => {
	const app = await open();
	await app.press('show-graph');
	await app.waitFor('Graph — aws_vpc.main');
	await app.press('graph-next');
	await app.waitFor('▶ var.cidr');
	await app.press('graph-jump');
	const frame = await app.waitFor('Console — root');
	t.regex(frame, /Details[^\n]*\n[^\n]*var\.cidr/);
	await app.unmount();
});

test.serial('diagnostics view: file:line:col, the selected one\'s detail and source, severity filter, Enter opens the block', async t => {
	const app = await open();
	await app.press('show-diagnostics');
	let frame = await app.waitFor(/main\.tf:12:3 +Unsupported argument/);
	t.regex(frame, /net\/main\.tf:4:5 {2}Deprecated attribute/);
	// The columns align: every summary starts in the same column, whatever the length of its place.
	const column = (text: string) => frame.split('\n').find(line => line.includes(text))!.indexOf(text);
	t.is(column('Unsupported argument'), column('Deprecated attribute'));
	t.regex(frame, /An argument named "bogus" is not expected here\./);
	t.regex(frame, /12: {3}bogus = 1/);
	await app.press('diagnostics-severity', 'diagnostics-severity');
	frame = await app.waitFor('warnings only');
	t.notRegex(frame, /Unsupported argument/);
	await app.press('diagnostics-severity');
	await app.waitFor('Unsupported argument');
	await app.press('diagnostics-open');
	frame = await app.waitFor('Console — aws_vpc.main');
	t.regex(frame, /║aws_vpc\.main/);
	t.notRegex(frame, /Diagnostics/);
	await app.unmount();
});

test.serial('configuration text with escape sequences is shown escaped, never raw', async t => {
	const app = await open({color: true});
	await app.press('focus-next-pane', 'move-last', 'move-up', 'move-up');
	await app.waitFor('local.evil');
	const frame = await app.waitFor(String.raw`\x1b]0;pwned\x07 \x1b[2J`);
	t.true(frame.includes(String.raw`value = "\x1b]0;pwned\x07`));
	t.false(app.rawFrame().includes('\u001B]0;'));
	t.false(app.rawFrame().includes('\u0007'));
	await app.unmount();
});

test.serial('y copies the selected address with OSC 52', async t => {
	const written: string[] = [];
	const app = await open({writeTerminal: text => written.push(text)});
	await app.press('copy-address');
	await app.waitFor('Copied aws_vpc.main');
	t.deepEqual(written, [`\u001B]52;c;${Buffer.from('aws_vpc.main').toString('base64')}\u0007`]);
	await app.unmount();
});

test.serial('without colour no colour codes are written; focus still shows', async t => {
	const app = await open({color: false});
	t.notRegex(app.rawFrame(), /\u001B\[3\dm/);
	t.regex(app.frame(), /╔═+╗/);
	await app.unmount();
});

test.serial('80x24 fits and shows every pane', async t => {
	const app = await open({columns: 80, rows: 24});
	const lines = app.frame().split('\n');
	t.true(lines.length <= 24);
	t.true(lines.every(line => [...line].length <= 80));
	for (const text of ['Modules', 'Blocks', 'Details', 'Edges', 'Console']) {
		t.true(app.frame().includes(text), text);
	}

	await app.unmount();
});

test.serial('a list of 50,000 instances renders only the visible rows', async t => {
	const app = await open({data: createLargeData(50_000)});
	await app.press('focus-next-pane', 'open', 'move-last');
	const frame = await app.waitFor('[49999]');
	t.false(frame.includes('[0]'));
	t.true(frame.split('\n').length <= 30);
	await app.press('page-up');
	await app.waitFor(/\[4998\d\]/);
	await app.unmount();
});

test.serial('Ctrl-C quits from the console too', async t => {
	let quits = 0;
	const app = await open({onQuit() {
		quits++;
	}});
	await app.press('focus-console');
	await app.type('q');
	await app.waitFor('> q');
	t.is(quits, 0);
	await app.press('force-quit');
	t.is(quits, 1);
	await app.unmount();
});

test.serial('text and Enter arriving in one read: the text goes to the prompt, Enter accepts', async t => {
	const app = await open();
	await app.press('go-to');
	await app.waitFor('Go to address');
	await app.write('aws_subnet.this["c"]\r');
	const frame = await app.waitFor('Console — aws_subnet.this["c"]');
	t.regex(frame, /Details[^\n]*\n[^\n]*aws_subnet\.this\["c"\]/);
	await app.unmount();
});

test.serial('c and text read together: the text lands in the console', async t => {
	const app = await open();
	await app.write('cupper("x")');
	await app.waitFor('> upper("x")');
	await app.type('!');
	const frame = await app.waitFor('> upper("x")!');
	t.regex(frame, /Console — aws_vpc\.main/);
	await app.unmount();
});

test.serial('after the first pause diagnostics are found in the background: badges and the status total appear without opening d', async t => {
	const base = createFixtureData();
	const before = base.modules().map(row => ({...row, errors: 0, warnings: 0}));
	const after = base.modules();
	let slices = 0;
	const data = {
		...base,
		evaluateSome: () => ++slices >= 3,
		modules: () => (slices >= 3 ? after : before),
		status: () => (slices >= 3 ? '3 module instances · 1 error, 1 warning' : (slices === 0 ? '3 module instances · d: diagnostics' : '3 module instances · checking 40%')),
	};
	const app = await renderFrames(<Explorer data={data} columns={160} rows={30} color={false}/>);
	let frame = await app.waitFor('d: diagnostics');
	t.notRegex(frame, /✖/);
	frame = await app.waitFor('1 error, 1 warning');
	t.regex(frame, /root 8 resources · 2 modules ✖1/);
	t.regex(frame, / {2}net\["us"\] 1 resource ⚠1/);
	t.is(slices, 3);
	await app.unmount();
});

test.serial('a background pass that throws does not end the session', async t => {
	const base = createFixtureData();
	let calls = 0;
	const data = {
		...base,
		evaluateSome(): boolean {
			calls++;
			throw new Error('boom');
		},
	};
	const app = await renderFrames(<Explorer data={data} columns={100} rows={30} color={false}/>);
	await app.waitFor('← aws_subnet.this');
	await app.press('move-down');
	const frame = await app.waitFor('Blocks — module.net["eu"]');
	t.notRegex(frame, /boom/);
	t.is(calls, 1);
	await app.unmount();
});

test.serial('after a frame, the selections one row up and down have their edges and details looked up ahead', async t => {
	const base = createFixtureData();
	const asked = new Set<string>();
	const data = {
		...base,
		edges(address: string) {
			asked.add(`edges ${address}`);
			return base.edges(address);
		},
		details(address: string) {
			asked.add(`details ${address}`);
			return base.details(address);
		},
	};
	const app = await renderFrames(<Explorer data={data} columns={100} rows={30} color={false}/>);
	await app.waitFor('← aws_subnet.this');
	// Modules: root is selected, the next row is module.net["eu"], whose first block is looked up before any key.
	const eu = base.blocks('module.net["eu"]')[0]!.address;
	const deadline = Date.now() + 5000;
	while (!asked.has(`edges ${eu}`) && Date.now() < deadline) {
		// eslint-disable-next-line no-await-in-loop
		await app.write('');
	}

	t.true(asked.has(`edges ${eu}`));
	t.true(asked.has(`details ${eu}`));
	await app.unmount();
});

test.serial('while loading, a spinner with what is being done and its counts; then the explorer', async t => {
	let report: ((text: string) => void) | undefined;
	let finish: ((value: {data: ReturnType<typeof createFixtureData>; summary: string}) => void) | undefined;
	const load = async (onProgress: (text: string) => void) => new Promise<{data: ReturnType<typeof createFixtureData>; summary: string}>(resolve => {
		report = onProgress;
		finish = resolve;
	});
	const app = await renderFrames(<App directory='infra/live' load={load} columns={100} rows={30} color={false}/>);
	await app.waitFor(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Loading infra\/live/);
	report?.(describeProgress({phase: 'modules', done: 12}));
	let frame = await app.waitFor('12 module directories read');
	report?.(describeProgress({phase: 'expand', done: 1}));
	frame = await app.waitFor('1 module instance expanded');
	t.regex(frame, /Loading infra\/live 1 module instance expanded/);
	finish?.({data: createFixtureData(), summary: ''});
	await app.waitFor('Blocks — root');
	await app.unmount();
});

test.serial('onFirstFrame is called once, with the panes\' first frame, not while loading nor on later frames', async t => {
	let finish: ((value: {data: ReturnType<typeof createFixtureData>; summary: string}) => void) | undefined;
	const load = async () => new Promise<{data: ReturnType<typeof createFixtureData>; summary: string}>(resolve => {
		finish = resolve;
	});
	let calls = 0;
	const app = await renderFrames(<App directory='infra/live' load={load} columns={100} rows={30} color={false} onFirstFrame={() => {
		calls++;
	}}/>);
	await app.waitFor(/Loading infra\/live/);
	t.is(calls, 0);
	finish?.({data: createFixtureData(), summary: ''});
	await app.waitFor('Blocks — root');
	t.is(calls, 1);
	await app.write('\u001B[B');
	await app.waitFor(/Blocks — module\.net\["eu"\]/);
	t.is(calls, 1);
	await app.unmount();
});

test.serial('keys typed while loading are kept, counted on the loading screen, and applied in order once the panes open (Ctrl-C still interrupts)', async t => {
	let finish: ((value: {data: ReturnType<typeof createFixtureData>; summary: string}) => void) | undefined;
	const load = async () => new Promise<{data: ReturnType<typeof createFixtureData>; summary: string}>(resolve => {
		finish = resolve;
	});
	let interrupted = 0;
	const app = await renderFrames(<App directory='infra/live' load={load} columns={100} rows={30} color={false} onInterrupt={() => {
		interrupted++;
	}}/>);
	await app.waitFor(/Loading infra\/live/);
	// ↓ selects module.net["eu"] in Modules, Tab moves the focus to Blocks, ↓ selects its second row.
	await app.write('\u001B[B');
	await app.write('\t');
	await app.write('\u001B[B');
	const loading = await app.waitFor('3 keys typed: applied once the panes open');
	t.false(loading.includes('Blocks'));
	t.is(interrupted, 0);
	finish?.({data: createFixtureData(), summary: ''});
	const frame = await app.waitFor(/Blocks — module\.net\["eu"\]/);
	// Blocks has the focus (the double border) and its second row is selected: Details shows it.
	t.regex(frame, /║Blocks — module\.net\["eu"\]/);
	t.regex(frame, /│module\.net\["eu"\]\.var\.region/);
	t.false(frame.includes('keys typed'));
	await app.unmount();
});

test.serial('Ctrl-C among keys typed while loading interrupts at once; the other keys are not applied', async t => {
	const load = async () => new Promise<never>(() => undefined);
	let interrupted = 0;
	const app = await renderFrames(<App directory='infra/live' load={load} columns={100} rows={30} color={false} onInterrupt={() => {
		interrupted++;
	}}/>);
	await app.waitFor(/Loading infra\/live/);
	await app.write('ab\u0003');
	t.is(interrupted, 1);
	await app.unmount();
});

test.serial('loading the example for real: progress is reported in both phases across turns of the event loop (so the screen can repaint), then the explorer opens', async t => {
	// Loading starts once the app is on screen.
	let start: (() => void) | undefined;
	const started = new Promise<void>(resolve => {
		start = resolve;
	});
	// Counts the event loop's turns: a report made after the loader gave the loop a turn carries a higher number. Asserting turns, not Ink's frames, keeps the test independent of the machine's speed (how many frames a render throttle lets through).
	let turns = 0;
	let counting = true;
	const count = () => {
		turns++;
		if (counting) {
			setImmediate(count);
		}
	};

	setImmediate(count);
	const reports: Array<{readonly text: string; readonly turn: number}> = [];
	const load = async (onProgress: (text: string) => void) => {
		await started;
		return loadExplorerData({
			directory: 'examples/multi-region',
			flags: defaultFlags,
			environment: {},
			cwd: process.cwd(),
			onProgress(text) {
				reports.push({text, turn: turns});
				onProgress(text);
			},
			sliceMilliseconds: 0,
		});
	};

	const app = await renderFrames(<App directory='examples/multi-region' load={load} columns={100} rows={30} color={false}/>);
	start?.();
	// The panes may open while the instances are still being made (`expanding…`): the whole configuration's status says they all are.
	const frame = await app.waitFor(/Blocks — root[\s\S]*6m · \d+r/, 60_000);
	counting = false;
	await app.unmount();
	const turnsOf = (pattern: RegExp) => new Set(reports.filter(report => pattern.test(report.text)).map(report => report.turn));
	const summary = reports.map(report => `${report.turn} ${report.text}`).join('\n');
	t.true(turnsOf(/^\d+ module director(y|ies) read$/).size >= 2, summary);
	t.true(turnsOf(/^\d+ module instances?, \d+ resource instances? expanded$/).size >= 2, summary);
	// At 100 columns the status bar says it in short words (6m · 42r), leaving room for the keys.
	t.regex(frame, /6m · \d+r/);
});
