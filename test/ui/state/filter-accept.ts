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
