import test from 'ava';
import {defaultFlags} from '../../../source/commands/command.js';
import {reduce} from '../../../source/ui/state/reducer.js';
import {createInitialState, type State} from '../../../source/ui/state/state.js';
import {loadExplorerData} from '../../../source/ui/data/load.js';
import type {ExplorerData} from '../../../source/ui/explorer-data.js';
import {createFixtureData} from '../../fixtures/ui/fixture-data.js';

/*
Issue 21, item 7: readline keys in the console and the prompts, go-to candidates picked with ↓/↑, multi-line history entries back as lines, Tab into known values and function signatures.
*/

const data = createFixtureData();

function keys(state: State, ...names: string[]): State {
	let next = state;
	for (const name of names) {
		next = reduce(next, {type: 'key', name}, data);
	}

	return next;
}

function typed(text: string): State {
	return keys(createInitialState({focus: 'console'}), ...text);
}

/** The console's text with `|` where the cursor is. */
function shown(state: State): string {
	const characters = [...state.console.input];
	characters.splice(characters.length - state.textCursorFromEnd, 0, '|');
	return characters.join('');
}

const cases: Array<[string, string[], string]> = [
	['Ctrl-A goes to the start, Ctrl-E to the end', ['ctrl+a'], '|var.a + local.b'],
	['Ctrl-E', ['ctrl+a', 'ctrl+e'], 'var.a + local.b|'],
	['Ctrl-U deletes to the start', ['alt+b', 'ctrl+u'], '|b'],
	['Ctrl-K deletes to the end', ['alt+b', 'alt+b', 'ctrl+k'], 'var.a + |'],
	['Ctrl-W deletes the word before', ['ctrl+w'], 'var.a + local.|'],
	['Ctrl-W twice', ['ctrl+w', 'ctrl+w'], 'var.a + |'],
	['Alt-B moves a word back', ['alt+b', 'alt+b', 'alt+b'], 'var.|a + local.b'],
	['Alt-F moves a word forward', ['ctrl+a', 'alt+f', 'alt+f'], 'var.a| + local.b'],
	['Alt-D deletes the word after', ['ctrl+a', 'alt+d'], '|.a + local.b'],
	['Delete deletes under the cursor', ['home', 'delete', 'delete'], '|r.a + local.b'],
	['Delete at the end does nothing', ['delete'], 'var.a + local.b|'],
	['Ctrl-D deletes under the cursor', ['left', 'ctrl+d'], 'var.a + local.|'],
	['Backspace deletes before the cursor', ['left', 'backspace'], 'var.a + localb|'.replace('b|', '|b')],
];

for (const [title, names, expected] of cases) {
	test(`console: ${title}`, t => {
		t.is(shown(keys(typed('var.a + local.b'), ...names)), expected);
	});
}

test('the go-to prompt edits the same way, and ↓/↑ pick any candidate', t => {
	let state = keys(createInitialState(), ':', ...'aws_xx', 'backspace', 'backspace', 'ctrl+a', 'delete');
	t.is(state.overlay.kind === 'prompt' ? state.overlay.text : '', 'ws_');
	state = keys(state, 'ctrl+k', ...'aws_inst');
	t.deepEqual(state.overlay.kind === 'prompt' && state.overlay.purpose === 'go-to' ? state.overlay.cursor : -1, 0);
	state = keys(state, 'down', 'down');
	t.is(state.overlay.kind === 'prompt' && state.overlay.purpose === 'go-to' ? state.overlay.cursor : -1, 2);
	state = keys(state, 'up');
	t.is(state.overlay.kind === 'prompt' && state.overlay.purpose === 'go-to' ? state.overlay.cursor : -1, 1);
	state = keys(state, 'enter');
	t.is(state.selected, 'aws_instance.web[0]');
});

test('a multi-line history entry comes back as its lines', t => {
	let state = typed('upper(');
	state = keys(state, 'enter', ...'"x")', 'enter');
	t.deepEqual(state.console.history, ['upper(\n"x")']);
	state = keys(state, 'up');
	t.deepEqual(state.console.pending, ['upper(']);
	t.is(state.console.input, '"x")');
	state = keys(state, 'enter');
	t.deepEqual(state.console.requests.at(-1)?.expression, 'upper(\n"x")');
});

let example: Promise<ExplorerData> | undefined;
const loadExample = async () => {
	example ??= loadExplorerData({directory: 'examples/multi-region', flags: defaultFlags, environment: {}, cwd: process.cwd()}).then(loaded => loaded.data);
	return example;
};

test('Tab completes the keys of a known map and a function with its parameters', async t => {
	const real = await loadExample();
	t.deepEqual(real.complete('var.tags.o', ''), ['var.tags.owner']);
	t.deepEqual(real.complete('var.regions.eu.z', ''), ['var.regions.eu.zones']);
	let state = reduce(createInitialState({focus: 'console', console: {...createInitialState().console, input: 'cidrhos'}}), {type: 'console-complete'}, real);
	t.is(state.console.input, 'cidrhost(');
	t.regex(state.console.output.at(-1)?.text ?? '', /^cidrhost\(prefix, hostnum\): \S/);
	state = reduce(createInitialState({focus: 'console', console: {...createInitialState().console, input: 'var.tags.own'}}), {type: 'console-complete'}, real);
	t.is(state.console.input, 'var.tags.owner');
});
