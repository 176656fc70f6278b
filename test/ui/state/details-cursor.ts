import test from 'ava';
import {defaultFlags} from '../../../source/commands/command.js';
import type {ExplorerData} from '../../../source/ui/explorer-data.js';
import type {Action} from '../../../source/ui/state/actions.js';
import {reduce} from '../../../source/ui/state/reducer.js';
import {createInitialState, type State} from '../../../source/ui/state/state.js';
import {detailsCursor, detailsTargets} from '../../../source/ui/state/selectors.js';
import {loadExplorerData} from '../../../source/ui/data/load.js';

/*
The Details cursor (↑/↓ when Details is focused), `w` on the argument under it, and `A`, which writes `:assume ADDRESS = ` for an unknown under it: on the bundled example and the explain fixture (a for_each known only at plan).
*/

let loaded: Promise<ExplorerData> | undefined;
const example = async () => {
	loaded ??= loadExplorerData({directory: 'examples/multi-region', flags: defaultFlags, environment: {}, cwd: process.cwd()}).then(result => result.data);
	return loaded;
};

const explainFixture = async () => (await loadExplorerData({directory: 'test/fixtures/configs/explain', flags: {...defaultFlags, var: ['owner=ops', 'size=3']}, environment: {}, cwd: process.cwd()})).data;

function run(data: ExplorerData, start: State, actions: readonly Action[]): State {
	let state = start;
	for (const action of actions) {
		state = reduce(state, action, data);
	}

	return state;
}

const keys = (...names: string[]): Action[] => names.map(name => ({type: 'key', name}));

function whyTitle(data: ExplorerData, state: State): string {
	if (state.overlay.kind !== 'why') {
		throw new Error(`no why view: ${state.message ?? ''}`);
	}

	const view = data.explain!(state.overlay.subject);
	return view.ok ? view.root.text : view.message;
}

const subnet = 'module.network["eu"].aws_subnet.private["eu-west-1b"]';

test('↑/↓ move between the arguments of Details and w traces the one under the cursor', async t => {
	const data = await example();
	let state = run(data, createInitialState(), [{type: 'navigate', address: subnet}, {type: 'focus-pane', pane: 'details'}]);
	const target = () => detailsTargets(data, state)[detailsCursor(data, state)]!;
	// The first argument, not the instance's each.key.
	t.is(target().key, 'argument:availability_zone');
	state = run(data, state, keys('down'));
	t.is(target().key, 'argument:cidr_block');
	state = run(data, state, keys('w'));
	t.regex(whyTitle(data, state), /^module\.network\["eu"\]\.aws_subnet\.private\["eu-west-1b"\]\.cidr_block = "10\.10\.64\.0\/20" {2}\(argument/);
	// Stepping to the next instance keeps the cursor on the same argument.
	state = run(data, state, keys('escape', 'right'));
	t.not(state.selected, subnet);
	t.is(target().key, 'argument:cidr_block');
	state = run(data, state, keys('w'));
	t.true(whyTitle(data, state).startsWith(`${state.selected!}.cidr_block = `));
	// Up past the arguments: the for_each (why the block has its instances), then each.value.
	state = run(data, state, keys('escape', 'up', 'up'));
	t.is(target().key, 'expansion');
	state = run(data, state, keys('w'));
	t.regex(whyTitle(data, state), /^module\.network\["eu"\]\.aws_subnet\.private\.for_each = /);
	state = run(data, state, keys('escape', 'k', 'w'));
	t.regex(whyTitle(data, state), /^each\.value = "10\.10\.\d+\.0\/20"/);
	// From Blocks, w traces the whole instance.
	state = run(data, state, [...keys('escape'), {type: 'focus-pane', pane: 'blocks'}, ...keys('w')]);
	t.regex(whyTitle(data, state), /^module\.network\["eu"\]\.aws_subnet\.private\["[^"]+"\] = /);
});

test('↓ past the last argument scrolls on into the source; ↑ comes back to the cursor first', async t => {
	const data = await example();
	let state = run(data, createInitialState({viewRows: {...createInitialState().viewRows, details: 6}}), [{type: 'navigate', address: subnet}, {type: 'focus-pane', pane: 'details'}]);
	const targets = detailsTargets(data, state);
	for (let step = 0; step < targets.length; step++) {
		state = run(data, state, keys('down'));
	}

	const last = targets.at(-1)!;
	t.is(state.detailsTarget, last.key);
	// The cursor's lines are in view.
	t.true(state.detailsScroll <= last.first && last.last < state.detailsScroll + 6);
	const scroll = state.detailsScroll;
	state = run(data, state, keys('down', 'down'));
	t.is(state.detailsTarget, last.key);
	t.is(state.detailsScroll, scroll + 2);
	// To the end of the source, the cursor's line out of view above; back up, the view returns to it line by line before the cursor moves.
	state = run(data, state, keys(...Array.from({length: 40}, () => 'down')));
	const end = state.detailsScroll;
	t.true(end > last.last);
	state = run(data, state, keys('up'));
	t.is(state.detailsTarget, last.key);
	t.is(state.detailsScroll, end - 1);
	state = run(data, state, keys(...Array.from({length: end - 1 - last.first}, () => 'up')));
	t.is(state.detailsScroll, last.first);
	t.is(state.detailsTarget, last.key);
	state = run(data, state, keys('up'));
	t.is(state.detailsTarget, targets.at(-2)!.key);
	t.is(state.detailsScroll, targets.at(-2)!.first);
	// The tags value is 8 lines: read through before moving on.
	state = run(data, state, [{type: 'move-first'}]);
	t.is(state.detailsScroll, 0);
	t.is(detailsTargets(data, state)[detailsCursor(data, state)]!.key, 'argument:availability_zone');
	state = run(data, state, keys('down', 'down'));
	t.is(state.detailsTarget, 'argument:tags');

	const before = state.detailsScroll;
	state = run(data, state, keys('down'));
	t.is(state.detailsTarget, 'argument:tags');
	t.is(state.detailsScroll, before + 1);
});

test('A on an unknown argument writes :assume for it, instance key included; the assumption then pins it', async t => {
	const data = await example();
	let state = run(data, createInitialState(), [{type: 'navigate', address: subnet}, {type: 'focus-pane', pane: 'details'}, ...keys('A')]);
	t.is(state.focus, 'details');
	t.regex(state.message ?? '', /^availability_zone is known/);
	state = run(data, state, keys('down', 'down', 'down'));
	t.is(state.detailsTarget, 'argument:vpc_id');

	state = run(data, state, keys('A'));
	t.is(state.focus, 'console');
	t.is(state.console.input, `:assume ${subnet}.vpc_id = `);
	state = run(data, state, [...keys(...'"vpc-1"'), {type: 'console-submit'}]);
	t.deepEqual(state.reassume?.assumptions, [{address: `${subnet}.vpc_id`, expression: '"vpc-1"', source: ':assume'}]);
	const result = await data.withAssumptions!(state.reassume!.assumptions);
	t.true(result.ok);
	if (result.ok) {
		const vpc = result.data.details(subnet)?.attributes.find(attribute => attribute.name === 'vpc_id');
		t.regex(vpc?.value ?? '', /^"vpc-1"/);
	}
});

test('A on an unknown for_each (or the unknown behind it) writes :assume for that unknown; on a placeholder the [*] is left out', async t => {
	const data = await explainFixture();
	let state = run(data, createInitialState(), [{type: 'navigate', address: 'terraform_data.per_zone'}, {type: 'focus-pane', pane: 'details'}]);
	t.is(detailsTargets(data, state)[detailsCursor(data, state)]?.key, 'expansion');
	state = run(data, state, keys('A'));
	t.is(state.console.input, ':assume data.aws_availability_zones.available.names = ');
	state = run(data, createInitialState(), [{type: 'navigate', address: 'terraform_data.per_zone'}, {type: 'focus-pane', pane: 'details'}, ...keys('down')]);
	t.is(state.detailsTarget, 'cause:data.aws_availability_zones.available.names');
	state = run(data, state, keys('A'));
	t.is(state.console.input, ':assume data.aws_availability_zones.available.names = ');
	// The placeholder instance: its unknown argument, for every instance.
	state = run(data, createInitialState(), [{type: 'navigate', address: 'terraform_data.per_zone[*]'}, {type: 'focus-pane', pane: 'details'}]);
	const unknown = detailsTargets(data, state).find(target => target.kind === 'argument' && target.unknown);
	t.truthy(unknown);
	state = run(data, {...state, detailsTarget: unknown!.key}, keys('A'));
	t.is(state.console.input, `:assume terraform_data.per_zone.${unknown!.name} = `);
});
