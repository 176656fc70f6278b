import test from 'ava';
import type {Action} from '../../../source/ui/state/actions.js';
import {reduce} from '../../../source/ui/state/reducer.js';
import {createInitialState, type State} from '../../../source/ui/state/state.js';
import {edgeRows, selectedEdge} from '../../../source/ui/state/edge-groups.js';
import {selectedAddress} from '../../../source/ui/state/selectors.js';
import {createFixtureData} from '../../fixtures/ui/fixture-data.js';

/*
The Edges pane of a module call (issue 21.8): its edges in three groups, folded, opened and folded with Enter, → and ←.
*/

const data = createFixtureData();

function run(actions: readonly Action[], start: State): State {
	let state = start;
	for (const action of actions) {
		state = reduce(state, action, data);
	}

	return state;
}

const keys = (...names: string[]): Action[] => names.map(name => ({type: 'key', name}));

const describe = (state: State): string[] => edgeRows(data, state).map(row => row.type === 'group'
	? `${row.open ? '▾' : '▸'} ${row.group} ${row.count}`
	: `${row.group === undefined ? '' : '  '}${row.edge.direction} ${row.edge.address}`);

const onModuleCall = createInitialState({selected: 'module.net', focus: 'edges'});

test('a module call\'s edges are three groups with their counts, folded', t => {
	t.deepEqual(describe(onModuleCall), ['▸ inputs 1', '▸ dependents 1', '▸ contents 3']);
	t.is(selectedEdge(data, onModuleCall), undefined);
});

test('Enter opens the group under the cursor and keeps the cursor on its header; Enter on an edge follows it', t => {
	let state = run(keys('enter'), onModuleCall);
	t.deepEqual(describe(state), ['▾ inputs 1', '  out var.cidr', '▸ dependents 1', '▸ contents 3']);
	t.is(state.edgeCursor, 0);
	state = run(keys('down'), state);
	t.is(selectedEdge(data, state)?.address, 'var.cidr');
	t.is(selectedEdge(data, state)?.argument, 'cidr');
	state = run(keys('enter'), state);
	t.is(selectedAddress(data, state), 'var.cidr');
	// Back: the call again, the groups folded (they are kept for the address they were opened on).
	state = run(keys('escape'), state);
	t.is(selectedAddress(data, state), 'module.net');
	t.is(state.focus, 'edges');
	t.deepEqual(describe(state), ['▾ inputs 1', '  out var.cidr', '▸ dependents 1', '▸ contents 3']);
});

test('→ opens, ← folds the group the cursor is in (the cursor goes to its header), ← on a folded group is the pane to the left', t => {
	let state = run(keys('end', 'right'), onModuleCall);
	t.deepEqual(describe(state), ['▸ inputs 1', '▸ dependents 1', '▾ contents 3', '  in module.net["eu"].aws_subnet.inner[0]', '  in module.net["eu"].var.region', '  in module.net["us"].aws_subnet.inner[0]']);
	state = run(keys('end'), state);
	t.is(selectedEdge(data, state)?.address, 'module.net["us"].aws_subnet.inner[0]');
	state = run(keys('left'), state);
	t.deepEqual(describe(state), ['▸ inputs 1', '▸ dependents 1', '▸ contents 3']);
	t.is(state.edgeCursor, 2);
	t.is(state.focus, 'edges');
	state = run(keys('left'), state);
	t.is(state.focus, 'blocks');
});

test('Enter on an open group folds it; the open groups belong to the address they were opened on', t => {
	let state = run(keys('down', 'enter'), onModuleCall);
	t.deepEqual(describe(state), ['▸ inputs 1', '▾ dependents 1', '  in output.vpc_id', '▸ contents 3']);
	state = run(keys('enter'), state);
	t.deepEqual(describe(state), ['▸ inputs 1', '▸ dependents 1', '▸ contents 3']);
	state = run(keys('down', 'enter'), createInitialState({selected: 'module.net', focus: 'edges'}));
	state = {...state, selected: 'aws_vpc.main', edgeCursor: 0};
	t.deepEqual(describe(state), ['in aws_subnet.this', 'in output.vpc_id', 'out var.cidr']);
	state = {...state, selected: 'module.net'};
	t.deepEqual(describe(state), ['▸ inputs 1', '▾ dependents 1', '  in output.vpc_id', '▸ contents 3']);
	// Opened on another address: this one's are folded.
	t.deepEqual(describe({...state, openEdgeGroups: {address: 'module.other', groups: ['inputs']}}), ['▸ inputs 1', '▸ dependents 1', '▸ contents 3']);
});

test('a filter opens every group and lists the matches', t => {
	const state = createInitialState({selected: 'module.net', focus: 'edges', filters: {modules: '', blocks: '', edges: 'inner'}});
	t.deepEqual(describe(state), ['▾ inputs 0', '▾ dependents 0', '▾ contents 2', '  in module.net["eu"].aws_subnet.inner[0]', '  in module.net["us"].aws_subnet.inner[0]']);
});

test('other selections keep their flat list: Enter follows, ← goes to the pane on the left', t => {
	let state = run(keys('enter'), createInitialState({selected: 'aws_vpc.main', focus: 'edges'}));
	t.is(selectedAddress(data, state), 'aws_subnet.this');
	state = run(keys('left'), createInitialState({selected: 'aws_vpc.main', focus: 'edges'}));
	t.is(state.focus, 'blocks');
});
