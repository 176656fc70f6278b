import {useState} from 'react';
import {act} from 'react';
import test from 'ava';
import fc from 'fast-check';
import {Explorer} from '../../source/ui/app.js';
import type {ExplorerData, ModuleRow} from '../../source/ui/explorer-data.js';
import {loadExplorerData} from '../../source/ui/data/load.js';
import {defaultFlags} from '../../source/commands/command.js';
import {rawKeys, renderFrames} from '../helpers/render.js';

/*
The whole class of "right title, wrong data": random key sequences (filters, go-to, Enter and Esc, stepping, mouse clicks, resizes) on the bundled example, and after every key the frame itself is read back: the Modules pane's cursor row, the Blocks pane's title and rows, the Details pane's subject and the Console's title must all describe the same selection. Everything is read from the rendered frame, so a pane that derives its subject differently from another is caught.
*/

let loaded: Promise<ExplorerData> | undefined;
const example = async () => {
	loaded ??= loadExplorerData({directory: 'examples/multi-region', flags: defaultFlags, environment: {}, cwd: process.cwd()}).then(load => load.data);
	return loaded;
};

type Size = {readonly columns: number; readonly rows: number};

let setSize: ((size: Size) => void) | undefined;

function Harness({data}: {readonly data: ExplorerData}) {
	const [size, set] = useState<Size>({columns: 100, rows: 30});
	setSize = set;
	return <Explorer data={data} columns={size.columns} rows={size.rows} color={false} marker loadState='x'/>;
}

/** Whether a shown text (perhaps cut, with `…` wherever it was cut: a long path can be cut at its start and inside a name) is the full text. */
function shows(shown: string, full: string): boolean {
	const pieces = shown.split('…');
	if (pieces.length === 1) {
		return shown === full;
	}

	const head = pieces[0]!;
	const tail = pieces.at(-1)!;
	if (!full.startsWith(head) || !full.endsWith(tail) || full.length < pieces.join('').length) {
		return false;
	}

	// The pieces between appear in order, between the head and the tail.
	let at = head.length;
	for (const piece of pieces.slice(1, -1)) {
		const found = full.indexOf(piece, at);
		if (found === -1 || found + piece.length > full.length - tail.length) {
			return false;
		}

		at = found + piece.length;
	}

	return true;
}

type PaneText = {readonly title: string; readonly body: readonly string[]};

/** The panes of the top area, by the column of their top-left corners on the first line. */
function readPanes(frame: string): PaneText[] {
	const lines = frame.split('\n').map(line => [...line]);
	const first = lines[0] ?? [];
	const starts = first.flatMap((character, index) => ('┌╔'.includes(character) ? [index] : []));
	const panes: PaneText[] = [];
	for (const [position, start] of starts.entries()) {
		const end = (starts[position + 1] ?? first.length) - 1;
		let row = 1;
		// A column can hold two panes stacked (Details over Edges).
		while (row < lines.length) {
			const texts: string[] = [];
			for (; row < lines.length; row++) {
				const corner = lines[row]?.[start];
				if (corner === '└' || corner === '╚') {
					break;
				}

				texts.push((lines[row] ?? []).slice(start + 1, end).join('').trimEnd());
			}

			panes.push({title: texts[0] ?? '', body: texts.slice(1)});
			row++;
			if (!'┌╔'.includes(lines[row]?.[start] ?? '')) {
				break;
			}

			row++;
		}
	}

	return panes;
}

const badges = / (?:…|⊘|⚠\d+|✖\d+)$/;
const counts = / (?:\d+r(?: \d+m)?|\d+ resources?(?: · \d+ modules?)?|\d+ modules?)$/;

function moduleRowText(line: string): string {
	let text = line.replace(/^▶ ?/, '').trim();
	while (badges.test(text)) {
		text = text.replace(badges, '');
	}

	return text.replace(counts, '');
}

function displayed(address: string): string {
	return address === '' ? 'root' : address;
}

type Check = {readonly ok: true} | {readonly ok: false; readonly why: string};

/**
Reads the frame back and checks that its panes agree.
*/
function agree(frame: string, data: ExplorerData): Check {
	const panes = readPanes(frame);
	const modules = panes.find(pane => pane.title.startsWith('Modules'));
	const blocks = panes.find(pane => pane.title.startsWith('Blocks — '));
	const details = panes.find(pane => pane.title.startsWith('Details'));
	if (!modules || !blocks || !details) {
		// An overlay, a zoomed pane or the console over the panes: nothing to compare.
		return {ok: true};
	}

	const blocksTitle = blocks.title.slice('Blocks — '.length).replace(/ \/\S*$/, '');
	const titled = data.modules().filter(row => shows(blocksTitle, displayed(row.address)));
	if (titled.length === 0) {
		return {ok: false, why: `the Blocks title ${blocksTitle} names no module instance`};
	}

	const cursorRow = modules.body.find(line => line.startsWith('▶'));
	let candidates: readonly ModuleRow[] = titled;
	if (cursorRow !== undefined) {
		const label = moduleRowText(cursorRow);
		candidates = titled.filter(row => shows(label, row.label.replace(/^module\./, '')));
		if (candidates.length === 0) {
			return {ok: false, why: `the Modules cursor is on ${label} but the Blocks title is ${blocksTitle}`};
		}
	}

	const failures: string[] = [];
	for (const module of candidates) {
		const why = agreeWithModule(module.address, blocks, details, frame, data);
		if (why === undefined) {
			return {ok: true};
		}

		failures.push(why);
	}

	return {ok: false, why: failures.join('; ')};
}

function agreeWithModule(module: string, blocks: PaneText, details: PaneText, frame: string, data: ExplorerData): string | undefined {
	const entries = data.blocks(module);
	let subject: string | undefined;
	let block: (typeof entries)[number] | undefined;
	for (const line of blocks.body) {
		const selected = line.startsWith('▶');
		const text = line.replace(/^▶/, ' ');
		const header = /^(\S.*) \((\d+)\)$/.exec(text);
		if (header) {
			continue;
		}

		const instance = /^ {3,}(\[.*\])( ⊖)?$/.exec(text);
		if (instance) {
			const key = instance[1]!;
			if (!block || !block.instances.some(address => shows(key, address.slice(block!.address.length)))) {
				return `row ${key} is no instance of ${block?.address ?? 'a block'} in ${displayed(module)}`;
			}

			if (selected) {
				subject = block.instances.find(address => shows(key, address.slice(block!.address.length)));
			}

			continue;
		}

		const name = text.replace(/^\s*[▸▾]?\s*/, '').replace(/(?: ×\d+| ×\?| enabled = \w+)?(?: ⊖)?$/, '').trim();
		if (name === '' || /^(No blocks|No match|Not installed|Not loaded)/.test(name)) {
			continue;
		}

		block = entries.find(entry => shows(name, entry.label));
		if (!block) {
			return `row ${name} is not a block of ${displayed(module)}`;
		}

		if (selected) {
			subject = block.address;
		}
	}

	const expected = subject ?? module;
	const shown = details.body[0]?.trim() ?? '';
	// Scrolled down, the subject line is above the view.
	const scrolled = /^Details (\d+)-/.exec(details.title)?.[1];
	if ((scrolled === undefined || scrolled === '1') && !shows(shown, expected === '' ? 'root module' : expected)) {
		return `Details shows ${shown} for the selection ${displayed(expected)}`;
	}

	const console = /Console — (.*?)(?: evaluating…| ↑\d+)?\s*[│║]/.exec(frame)?.[1];
	if (console !== undefined && !shows(console, displayed(expected)) && !shows(console, displayed(module))) {
		return `the Console's context ${console} is neither ${displayed(expected)} nor ${displayed(module)}`;
	}

	return undefined;
}

// Keys: everything a user does to move the selection (not q, which quits, nor c, whose console takes typed keys until Esc: both covered elsewhere).
const keyArbitrary = fc.oneof(
	{weight: 6, arbitrary: fc.constantFrom(rawKeys.up!, rawKeys.down!, 'j', 'k', rawKeys.left!, rawKeys.right!, rawKeys.tab!, rawKeys['shift+tab']!, rawKeys.enter!, rawKeys.escape!, rawKeys.home!, rawKeys.end!, rawKeys.pagedown!, '[', ']')},
	{weight: 2, arbitrary: fc.constantFrom('/', ':', 'z', 'D', 'X')},
	{weight: 3, arbitrary: fc.constantFrom('f', 'l', 'o', 'w', 'n', 'e', 't', 'r', 'u', 's', '"', '.', rawKeys.backspace!)},
	{weight: 1, arbitrary: fc.record({column: fc.integer({min: 1, max: 100}), row: fc.integer({min: 1, max: 30})}).map(({column, row}) => `\u001B[<0;${column};${row}M`)},
	{weight: 1, arbitrary: fc.constantFrom<Size>({columns: 100, rows: 30}, {columns: 80, rows: 23}, {columns: 90, rows: 26}).map(size => size)},
);

test.serial('after every key, the Modules cursor, the Blocks title and rows, Details and the Console describe the same selection', async t => {
	t.timeout(600_000);
	const data = await example();
	await fc.assert(fc.asyncProperty(fc.array(keyArbitrary, {minLength: 1, maxLength: 24}), async keys => {
		const app = await renderFrames(<Harness data={data}/>);
		try {
			await app.waitFor('Blocks — root');
			for (const key of keys) {
				if (typeof key === 'string') {
					// eslint-disable-next-line no-await-in-loop
					await app.write(key);
				} else {
					// eslint-disable-next-line no-await-in-loop
					await act(async () => {
						setSize?.(key);
					});
				}

				const frame = app.frame();
				const check = agree(frame, data);
				if (!check.ok) {
					t.log(check.why);
					t.log(frame);
					throw new Error(check.why);
				}
			}
		} finally {
			await app.unmount();
		}
	}), {numRuns: Number(process.env.TFSCOPE_PROPERTY_RUNS ?? 40), examples: [[["\u001B[B", "\u001B[<0;33;9M", "f"]]]});
	t.pass();
});

test('the frame reader finds a disagreement when there is one', async t => {
	const data = await example();
	const frame = [
		'┌────────────┐┌──────────────────────────────┐┌──────────────────────────────┐',
		'│Modules 6   ││Blocks — root                 ││Details                       │',
		'│  root 6r 2m││Resources (6)                 ││aws_route53_zone.main         │',
		'│▶ flow_logs…││▶ aws_route53_zone.main       ││                              │',
		'└────────────┘└──────────────────────────────┘└──────────────────────────────┘',
	].join('\n');
	const check = agree(frame, data);
	t.false(check.ok);
	const right = frame.replace('▶ flow_logs…', '  flow_logs…').replace('│  root 6r 2m', '│▶ root 6r 2m');
	t.deepEqual(agree(right, data), {ok: true});
});
