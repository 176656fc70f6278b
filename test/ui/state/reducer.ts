import test from 'ava';
import type {Action} from '../../../source/ui/state/actions.js';
import {reduce} from '../../../source/ui/state/reducer.js';
import {createInitialState, type State} from '../../../source/ui/state/state.js';
import {blockList, consoleContext, selectedAddress} from '../../../source/ui/state/selectors.js';
import {createFixtureData, createLargeData} from '../../fixtures/ui/fixture-data.js';

const data = createFixtureData();

function run(actions: readonly Action[], start: State = createInitialState()): State {
	let state = start;
	for (const action of actions) {
		state = reduce(state, action, data);
	}

	return state;
}

const press = (...ids: Array<Action['type']>): Action[] => ids.map(type => ({type}) as Action);

type Expected = Partial<{
	focus: State['focus'];
	module: string;
	selected: string;
	message: string | undefined;
	overlay: State['overlay']['kind'];
	historyLength: number;
	edgeCursor: number;
	consoleContext: string;
}>;

const afterActions = test.macro({
	exec(t, actions: readonly Action[], expected: Expected) {
		const state = run(actions);
		const actual: Expected = {};
		for (const key of Object.keys(expected) as Array<keyof Expected>) {
			switch (key) {
				case 'selected': {
					actual.selected = selectedAddress(data, state);
					break;
				}

				case 'overlay': {
					actual.overlay = state.overlay.kind;
					break;
				}

				case 'historyLength': {
					actual.historyLength = state.history.length;
					break;
				}

				case 'consoleContext': {
					actual.consoleContext = consoleContext(data, state);
					break;
				}

				default: {
					(actual as Record<string, unknown>)[key] = state[key];
				}
			}
		}

		t.deepEqual(actual, expected);
	},
	title: (providedTitle = '', actions: readonly Action[]) => `${providedTitle} ${actions.map(action => action.type + ('address' in action ? `(${action.address})` : '')).join(', ') || '(nothing)'}`.trim(),
});

test(afterActions, [], {focus: 'modules', module: '', selected: 'aws_vpc.main', overlay: 'none'});
test(afterActions, press('move-down'), {module: 'module.net["eu"]', selected: 'module.net["eu"].aws_subnet.inner'});
test(afterActions, press('move-down', 'move-down', 'move-down', 'move-down'), {module: 'module.net["us"]'});
test(afterActions, press('move-down', 'move-up', 'move-up'), {module: ''});
test(afterActions, press('move-last'), {module: 'module.net["us"]'});
test(afterActions, press('focus-next-pane'), {focus: 'blocks'});
test(afterActions, press('focus-previous-pane'), {focus: 'console'});
test(afterActions, press('pane-right', 'pane-right', 'pane-left'), {focus: 'blocks'});
test('Blocks: moving skips group headers', afterActions, press('open', 'move-down', 'move-down', 'move-down', 'move-down'), {focus: 'blocks', selected: 'data.aws_ami.ubuntu'});
test(afterActions, press('open', 'move-down', 'move-down', 'move-down', 'move-down', 'move-up'), {selected: 'aws_eip.ip'});
test('Enter on a for_each block expands it', afterActions, press('open', 'move-down', 'open', 'move-down'), {selected: 'aws_subnet.this["a"]', consoleContext: 'aws_subnet.this["a"]'});
test('Enter again folds it', afterActions, press('open', 'move-down', 'open', 'open', 'move-down'), {selected: 'aws_instance.web'});
test('] steps into the instances of a block', afterActions, press('open', 'move-down', 'next-instance'), {selected: 'aws_subnet.this["a"]'});
test('stepping through for_each instances', afterActions, press('open', 'move-down', 'next-instance', 'details-next-instance', 'details-next-instance'), {selected: 'aws_subnet.this["c"]'});
test('stepping past the last instance says so', afterActions, press('open', 'move-down', 'next-instance', 'next-instance', 'next-instance', 'next-instance'), {selected: 'aws_subnet.this["c"]', message: 'Last instance'});
test('[ on a block goes to its last instance', afterActions, press('open', 'move-down', 'move-down', 'previous-instance'), {selected: 'aws_instance.web[1]', consoleContext: 'aws_instance.web[1]'});
test('stepping on a single block explains why not', afterActions, press('next-instance'), {selected: 'aws_vpc.main', message: 'The selection has no count or for_each instances'});
test('a block with instances evaluates in its module', afterActions, press('open', 'move-down'), {consoleContext: ''});
test(afterActions, [{type: 'navigate', address: 'module.net["us"].aws_subnet.inner[0]'}], {module: 'module.net["us"]', selected: 'module.net["us"].aws_subnet.inner[0]', historyLength: 1});
test(afterActions, [{type: 'navigate', address: 'nowhere.at_all'}], {module: '', message: 'No such address: nowhere.at_all', historyLength: 0});
test('following an edge and going back', afterActions, [{type: 'focus-pane', pane: 'edges'}, ...press('open')], {selected: 'aws_subnet.this', focus: 'edges', historyLength: 1});
test('back restores the place before the edge', afterActions, [{type: 'focus-pane', pane: 'edges'}, ...press('move-down', 'open', 'back')], {selected: 'aws_vpc.main', focus: 'edges', edgeCursor: 1, historyLength: 0});
test('back with no history', afterActions, press('back'), {message: 'Nothing to go back to'});
test('a message lasts one key', afterActions, press('back', 'move-down'), {message: undefined});
test(afterActions, press('toggle-help'), {overlay: 'help'});
test(afterActions, press('toggle-help', 'close-help'), {overlay: 'none'});
test(afterActions, press('show-graph'), {overlay: 'graph'});
test('Enter in the graph jumps to the node', afterActions, press('show-graph', 'graph-next', 'graph-jump'), {overlay: 'none', selected: 'var.cidr', focus: 'blocks', historyLength: 1});
test(afterActions, press('show-diagnostics', 'move-down'), {overlay: 'diagnostics', module: ''});
test('go to with completion', afterActions, [...press('go-to'), {type: 'prompt-change', text: 'module.net["eu"].aws'}, ...press('prompt-accept')], {overlay: 'none', module: 'module.net["eu"]', selected: 'module.net["eu"].aws_subnet.inner', focus: 'blocks'});
test('go to an instance expands its block', afterActions, [...press('go-to'), {type: 'prompt-change', text: 'aws_subnet.this["b"]'}, ...press('prompt-accept')], {selected: 'aws_subnet.this["b"]'});
test('go to with nothing matching', afterActions, [...press('go-to'), {type: 'prompt-change', text: 'zzzz'}, ...press('prompt-accept')], {overlay: 'none', message: 'No address matches "zzzz"'});
test('filter in blocks keeps matching rows', afterActions, [...press('open', 'filter'), {type: 'prompt-change', text: 'inst'}, ...press('prompt-accept')], {overlay: 'none', selected: 'aws_instance.web'});
test('filter finds instances inside folded blocks', afterActions, [...press('open', 'filter'), {type: 'prompt-change', text: '"c"'}, ...press('prompt-accept', 'move-down')], {selected: 'aws_subnet.this["c"]'});
test('cancelling a filter clears it', afterActions, [...press('open', 'filter'), {type: 'prompt-change', text: 'inst'}, ...press('prompt-cancel')], {selected: 'aws_vpc.main'});
test(afterActions, [...press('filter'), {type: 'prompt-change', text: 'us'}, ...press('prompt-accept', 'move-first')], {module: 'module.net["us"]'});
test(afterActions, press('focus-console'), {focus: 'console'});
test(afterActions, press('focus-console', 'leave-console'), {focus: 'blocks'});

test('quit and Ctrl-C set quitting', t => {
	t.true(run(press('quit')).quitting);
	t.true(run(press('force-quit')).quitting);
	t.false(run(press('move-down')).quitting);
});

test('copy-address asks for the clipboard with the selection', t => {
	const state = run(press('open', 'move-down', 'next-instance', 'copy-address'));
	t.deepEqual(state.clipboard, {text: 'aws_subnet.this["a"]', serial: 1});
	t.is(state.message, 'Copied aws_subnet.this["a"]');
	t.is(run(press('copy-address', 'copy-address')).clipboard?.serial, 2);
});

function typeLine(state: State, text: string): State {
	return run([{type: 'console-change', text}, {type: 'console-submit'}], state);
}

test('console: submit requests an evaluation in the selection\'s context, result lands', t => {
	let state = run(press('open', 'move-down', 'next-instance', 'focus-console'));
	state = typeLine(state, 'each.value');
	t.deepEqual(state.console.requests, [{expression: 'each.value', context: 'aws_subnet.this["a"]', serial: 1}]);
	t.deepEqual(state.console.output, [{kind: 'input', text: 'each.value', context: 'aws_subnet.this["a"]', serial: 1}]);
	t.is(state.console.input, '');
	state = run([{type: 'console-result', serial: 1, ok: true, text: '"a"'}], state);
	t.deepEqual(state.console.requests, []);
	t.deepEqual(state.console.output.at(-1), {kind: 'result', ok: true, text: '"a"'});
	// A stale result is ignored.
	t.is(run([{type: 'console-result', serial: 7, ok: true, text: 'x'}], state), state);
});

test('console: open brackets continue on the next line', t => {
	let state = typeLine(createInitialState({focus: 'console'}), '[');
	t.deepEqual(state.console.pending, ['[']);
	t.deepEqual(state.console.requests, []);
	state = typeLine(state, '1,');
	state = typeLine(state, ']');
	t.deepEqual(state.console.pending, []);
	t.is(state.console.requests[0]?.expression, '[\n1,\n]');
	t.deepEqual(state.console.history, ['[\n1,\n]']);
});

test('console: with OpenTofu\'s rules a line ending in one backslash continues, without the backslash', t => {
	const tofu = {...data, consoleBackslashContinuation: true};
	const typeIn = (state: State, text: string) => [{type: 'console-change', text}, {type: 'console-submit'}].reduce<State>((next, action) => reduce(next, action as Action, tofu), state);
	let state = typeIn(createInitialState({focus: 'console'}), 'upper( \\');
	t.deepEqual(state.console.pending, ['upper( ']);
	state = typeIn(state, '"a")');
	t.is(state.console.requests[0]?.expression, 'upper( \n"a")');
	// Two backslashes are not a continuation; Terraform's rules take the line as it is.
	t.is(typeIn(createInitialState({focus: 'console'}), '"\\\\"').console.requests[0]?.expression, '"\\\\"');
	t.is(typeLine(createInitialState({focus: 'console'}), '1 + \\').console.requests[0]?.expression, '1 + \\');
});

test('details: u lists the schema attributes left unset, again hides them', t => {
	let state = run(press('details-toggle-unset'));
	t.true(state.showUnset);
	state = run(press('details-toggle-unset'), state);
	t.false(state.showUnset);
});

test('console: a paste of several lines evaluates them in turn, continuing while brackets are open; each result follows its input', t => {
	let state = createInitialState({focus: 'console'});
	// A terminal sends a paste as one read, line breaks as carriage returns; the input hook makes each character a key.
	for (const character of '1 + 1\r[\r  1,\r]\rupper("a")\r') {
		state = run([{type: 'key', name: character === '\r' ? 'enter' : character}], state);
	}

	t.deepEqual(state.console.requests.map(request => [request.serial, request.expression]), [[1, '1 + 1'], [2, '[\n  1,\n]'], [3, 'upper("a")']]);
	t.deepEqual(state.console.pending, []);
	t.is(state.console.input, '');
	// Results arrive one at a time (the effect evaluates the oldest request) and land after their inputs.
	state = run([
		{type: 'console-result', serial: 1, ok: true, text: '2'},
		{type: 'console-result', serial: 2, ok: true, text: '[\n  1,\n]'},
	], state);
	t.deepEqual(state.console.requests.map(request => request.serial), [3]);
	state = run([{type: 'console-result', serial: 3, ok: true, text: '"A"'}], state);
	t.deepEqual(state.console.output.map(entry => `${entry.kind}:${entry.text}`), ['input:1 + 1', 'result:2', 'input:[\n  1,\n]', 'result:[\n  1,\n]', 'input:upper("a")', 'result:"A"']);
	t.deepEqual(state.console.requests, []);
	t.deepEqual(state.console.history, ['1 + 1', '[\n  1,\n]', 'upper("a")']);
});

test('console: history with up and down', t => {
	let state = createInitialState({focus: 'console'});
	state = run([{type: 'console-history-loaded', history: ['old']}], state);
	state = typeLine(state, 'one');
	state = typeLine(state, 'two');
	t.deepEqual(state.console.history, ['old', 'one', 'two']);
	state = run(press('history-previous'), state);
	t.is(state.console.input, 'two');
	state = run(press('history-previous', 'history-previous', 'history-previous'), state);
	t.is(state.console.input, 'old');
	state = run(press('history-next'), state);
	t.is(state.console.input, 'one');
	state = run(press('history-next', 'history-next'), state);
	t.is(state.console.input, '');
});

test('console: :clear empties the output', t => {
	let state = typeLine(createInitialState({focus: 'console'}), 'one');
	state = typeLine(state, ':clear');
	t.deepEqual(state.console.output, []);
	t.is(state.console.requests[0]?.expression, 'one');
	t.false(state.console.history.includes(':clear'));
});

test('console: Tab completes the common prefix, then lists the candidates', t => {
	let state = run([{type: 'console-change', text: 'upper(var.c'}, {type: 'console-complete'}], createInitialState({focus: 'console'}));
	t.is(state.console.input, 'upper(var.cidr');
	state = run([{type: 'console-change', text: 'cidr'}, {type: 'console-complete'}], state);
	t.is(state.console.input, 'cidr');
	t.deepEqual(state.console.output.at(-1), {kind: 'hint', text: 'cidrsubnet  cidrhost'});
	state = run([{type: 'console-change', text: 'zz'}, {type: 'console-complete'}], state);
	t.is(state.message, 'No completions for "zz"');
});

test('a list of 50,000 instances: moving is a lookup, not a scan', t => {
	const large = createLargeData(50_000);
	let state = createInitialState({focus: 'blocks', expanded: new Set(['null_resource.many'])});
	const rows = blockList(large, state);
	t.is(rows.rows.length, 50_002);
	for (const type of ['move-down', 'move-down', 'page-down', 'move-last', 'move-up'] as const) {
		state = reduce(state, {type}, large);
	}

	t.is(selectedAddress(large, state), 'null_resource.many[49998]');
	// The same list object is reused across key presses (memoised on its inputs).
	t.is(blockList(large, state), rows);
});

const keys = (...names: string[]): Action[] => names.map(name => ({type: 'key', name}));

test('keys resolve against the state they are applied to', afterActions, keys('tab', 'j', 'right', 'right', 'l'), {focus: 'details', selected: 'aws_subnet.this["b"]'});
test('a key of a disabled binding says why', afterActions, keys('tab', ']'), {selected: 'aws_vpc.main', message: 'The selection has no count or for_each instances'});
test('printable keys in the console are text, not bindings', afterActions, keys('c', 'q', 'g', 'j'), {focus: 'console', overlay: 'none', module: ''});
test('Backspace in the console edits, it does not go back', t => {
	const state = run([{type: 'navigate', address: 'var.cidr'}, ...keys('c', 'a', 'b', 'backspace')]);
	t.is(state.console.input, 'a');
	t.is(state.history.length, 1);
});
test('Backspace is back in the panes, text editing in the console', afterActions, [{type: 'navigate', address: 'var.cidr'}, ...keys('c', 'backspace')], {historyLength: 1, focus: 'console'});
test('Ctrl-C quits from the console', t => {
	t.true(run(keys('c', 'ctrl+c')).quitting);
	t.false(run(keys('c', 'q')).quitting);
	t.true(run(keys('q')).quitting);
});
test('Shift-Tab leaves the console backwards', afterActions, keys('c', 'shift+tab'), {focus: 'edges'});

test('a late change from a closed prompt does not land in the next one', t => {
	let state = run([...press('go-to'), {type: 'prompt-change', text: 'abc', serial: 1}]);
	t.deepEqual(state.overlay, {kind: 'prompt', purpose: 'go-to', text: 'abc', cursor: 0});
	state = run([...press('prompt-cancel', 'go-to'), {type: 'prompt-change', text: 'abc:', serial: 1}], state);
	t.deepEqual(state.overlay, {kind: 'prompt', purpose: 'go-to', text: '', cursor: 0});
});

test('console text changes only land while the console has focus', t => {
	t.is(run([{type: 'console-change', text: 'x'}]).console.input, '');
	t.is(run([...press('focus-console'), {type: 'console-change', text: 'x'}]).console.input, 'x');
});

test('control characters typed or pasted into a text input are dropped', t => {
	t.is(run([...press('focus-console'), {type: 'console-change', text: 'a\tb\r\u001B[2Jc'}]).console.input, 'ab[2Jc');
	const state = run([...press('go-to'), {type: 'prompt-change', text: 'aws\t'}]);
	t.deepEqual(state.overlay, {kind: 'prompt', purpose: 'go-to', text: 'aws', cursor: 0});
});

test('keys after the one that opens a text input are its text', t => {
	const typed = run(keys('c', 'u', 'p', '(', ')'));
	t.is(typed.focus, 'console');
	t.is(typed.console.input, 'up()');
	const filtered = run(keys('tab', '/', 'w', 'e', 'b', 'enter'));
	t.is(filtered.filters.blocks, 'web');
	t.is(filtered.overlay.kind, 'none');
});

test('line editing: cursor keys, Backspace, Home and End', t => {
	let state = run(keys('c', 'a', 'b', 'c', 'left', 'left', 'x', 'backspace', 'backspace', 'y', 'end', 'z', 'home', 'q'));
	t.is(state.console.input, 'qybcz');
	state = run(keys('end', 'backspace', 'home', 'backspace'), state);
	t.is(state.console.input, 'qybc');
	t.is(state.textCursorFromEnd, 4);
	// Recalling history puts the cursor at the end.
	state = run(keys('enter', 'up', 'k'), state);
	t.is(state.console.input, 'qybck');
});

test('Enter on a module instance in Blocks goes into it, Esc comes back', t => {
	let state = run(press('open', 'move-down', 'move-down', 'move-down', 'move-down', 'move-down', 'open', 'move-down'));
	t.is(selectedAddress(data, state), 'module.net["eu"]');
	state = run(press('open'), state);
	t.is(state.module, 'module.net["eu"]');
	t.is(selectedAddress(data, state), 'module.net["eu"].aws_subnet.inner');
	state = run(press('back'), state);
	t.is(state.module, '');
	t.is(selectedAddress(data, state), 'module.net["eu"]');
});
