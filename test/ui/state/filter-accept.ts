import test from 'ava';
import type {Action} from '../../../source/ui/state/actions.js';
import {reduce} from '../../../source/ui/state/reducer.js';
import {createInitialState, type State} from '../../../source/ui/state/state.js';
import {selectedAddress} from '../../../source/ui/state/selectors.js';
import {createFixtureData} from '../../fixtures/ui/fixture-data.js';

const data = createFixtureData();

test('accepting a filter keeps the row it shows selected: after following an edge, Back returns to that row, the filter gone', t => {
	const run = (state: State, actions: readonly Action[]): State => actions.reduce((current, action) => reduce(current, action, data), state);
	let state = run(createInitialState({focus: 'blocks'}), [{type: 'filter'}, {type: 'prompt-change', text: 'module.net'}]);
	t.is(selectedAddress(data, state), 'module.net');
	state = run(state, [{type: 'prompt-accept'}]);
	t.is(state.selected, 'module.net');
	state = run(state, [{type: 'focus-pane', pane: 'edges'}, {type: 'edges-open'}, {type: 'move-down'}, {type: 'edges-open'}]);
	t.is(selectedAddress(data, state), 'var.cidr');
	state = run(state, [{type: 'back'}]);
	t.is(selectedAddress(data, state), 'module.net');
});

test('filtering the Modules pane selects the module it shows: the Blocks pane and Details follow it (issue 35)', t => {
	const run = (state: State, actions: readonly Action[]): State => actions.reduce((current, action) => reduce(current, action, data), state);
	let state = run(createInitialState(), [{type: 'filter'}, {type: 'prompt-change', text: 'us'}]);
	t.is(state.module, 'module.net["us"]');
	t.is(selectedAddress(data, state), 'module.net["us"].aws_subnet.inner');
	state = run(state, [{type: 'prompt-accept'}]);
	t.is(state.module, 'module.net["us"]');
	// A filter that matches nothing leaves the selection where it was.
	state = run(state, [{type: 'filter'}, {type: 'prompt-change', text: 'zzz'}]);
	t.is(state.module, 'module.net["us"]');
});

test('Esc in a filtered list clears its filter and keeps the selection; the next Esc goes back', t => {
	const run = (state: State, actions: readonly Action[]): State => actions.reduce((current, action) => reduce(current, action, data), state);
	let state = run(createInitialState({focus: 'blocks'}), [{type: 'filter'}, {type: 'prompt-change', text: 'web'}, {type: 'prompt-accept'}]);
	t.is(state.filters.blocks, 'web');
	const selected = selectedAddress(data, state);
	state = run(state, [{type: 'back'}]);
	t.is(state.filters.blocks, '');
	t.is(selectedAddress(data, state), selected);
	t.is(state.message, undefined);
	state = run(state, [{type: 'back'}]);
	t.is(state.message, 'Nothing to go back to');
});
