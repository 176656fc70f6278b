import test from 'ava';
import type {Action} from '../../../source/ui/state/actions.js';
import {cancelledText} from '../../../source/ui/state/console.js';
import {reduce} from '../../../source/ui/state/reducer.js';
import {createInitialState, type State} from '../../../source/ui/state/state.js';
import {createFixtureData} from '../../fixtures/ui/fixture-data.js';

/*
Esc in the console's input line while a line is evaluated (source/ui/state/console.ts): the line and those queued after it are cancelled, each shows that it was, in place of its result; the focus stays in the input line; a result that still arrives for a cancelled line is dropped; the next Esc browses the results as before.
*/

const data = createFixtureData();

function run(state: State, actions: readonly Action[]): State {
	return actions.reduce((next, action) => reduce(next, action, data), state);
}

const typeLine = (text: string): Action[] => [{type: 'console-change', text}, {type: 'console-submit'}];
const escape: Action = {type: 'key', name: 'escape'};

test('Esc while lines are evaluated cancels them all, each marked in place of its result', t => {
	const submitted = run(createInitialState({focus: 'console'}), [...typeLine('1 + 1'), ...typeLine('upper("a")')]);
	t.deepEqual(submitted.console.requests.map(request => request.serial), [1, 2]);
	const cancelled = run(submitted, [escape]);
	t.deepEqual(cancelled.console.requests, []);
	t.is(cancelled.focus, 'console');
	t.is(cancelled.console.browse, undefined);
	t.deepEqual(cancelled.console.output, [
		{kind: 'input', text: '1 + 1', context: 'aws_vpc.main', serial: 1},
		{kind: 'result', text: cancelledText, ok: false},
		{kind: 'input', text: 'upper("a")', context: 'aws_vpc.main', serial: 2},
		{kind: 'result', text: cancelledText, ok: false},
	]);
	// The worker's own answer to a cancelled line, should it come, changes nothing.
	t.is(run(cancelled, [{type: 'console-result', serial: 1, ok: false, text: 'cancelled'}]), cancelled);
	// The lines stay in the history, to be edited and run again.
	t.deepEqual(cancelled.console.history, ['1 + 1', 'upper("a")']);
	// Nothing runs now: Esc browses the results, as it always did.
	const browsing = run(cancelled, [escape]);
	t.not(browsing.console.browse, undefined);
	t.is(browsing.focus, 'console');
});

test('Esc with a line answered and none running browses the results; with none at all it leaves the console', t => {
	const answered = run(createInitialState({focus: 'console'}), [...typeLine('1 + 1'), {type: 'console-result', serial: 1, ok: true, text: '2'}]);
	const browsing = run(answered, [escape]);
	t.not(browsing.console.browse, undefined);
	t.deepEqual(browsing.console.output.filter(entry => entry.kind === 'result'), [{kind: 'result', text: '2', ok: true}]);
	t.is(run(createInitialState({focus: 'console'}), [escape]).focus, 'blocks');
});

test('a result already in is kept; only the lines still waiting are cancelled', t => {
	const state = run(createInitialState({focus: 'console'}), [
		...typeLine('1 + 1'),
		...typeLine('2 + 2'),
		{type: 'console-result', serial: 1, ok: true, text: '2'},
		escape,
	]);
	t.deepEqual(state.console.output.filter(entry => entry.kind === 'result'), [{kind: 'result', text: '2', ok: true}, {kind: 'result', text: cancelledText, ok: false}]);
	t.deepEqual(state.console.requests, []);
});
