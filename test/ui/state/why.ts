import test from 'ava';
import {defaultFlags} from '../../../source/commands/command.js';
import type {ExplorerData, WhyView} from '../../../source/ui/explorer-data.js';
import type {Action} from '../../../source/ui/state/actions.js';
import {reduce} from '../../../source/ui/state/reducer.js';
import {createInitialState, type State} from '../../../source/ui/state/state.js';
import {selectedAddress} from '../../../source/ui/state/selectors.js';
import {whyRows} from '../../../source/ui/state/why.js';
import {loadExplorerData} from '../../../source/ui/data/load.js';

/*
The why view (`w`, the console's `:why`) at the reducer level, on the bundled example: what it explains from the selection, folding, and Enter's jump to the step's block and instance.
*/

let loaded: Promise<ExplorerData> | undefined;
const example = async () => {
	loaded ??= loadExplorerData({directory: 'examples/multi-region', flags: defaultFlags, environment: {}, cwd: process.cwd()}).then(result => result.data);
	return loaded;
};

function run(data: ExplorerData, start: State, actions: readonly Action[]): State {
	let state = start;
	for (const action of actions) {
		state = reduce(state, action, data);
	}

	return state;
}

function view(data: ExplorerData, state: State): Extract<WhyView, {ok: true}> {
	if (state.overlay.kind !== 'why') {
		throw new Error(`no why view: ${state.message ?? ''}`);
	}

	const shown = data.explain!(state.overlay.subject);
	if (!shown.ok) {
		throw new Error(shown.message);
	}

	return shown;
}

function visible(data: ExplorerData, state: State): string[] {
	if (state.overlay.kind !== 'why') {
		return [];
	}

	return whyRows(view(data, state).root, state.overlay.folded).map(row => row.node.text);
}

const subnet = 'module.network["eu"].aws_subnet.private["eu-west-1b"]';

test('w on a resource instance: its arguments, folded; unfold one, and Enter jumps to the block a step is about', async t => {
	const data = await example();
	let state = run(data, createInitialState(), [{type: 'navigate', address: subnet}, {type: 'focus-pane', pane: 'blocks'}, {type: 'why'}]);
	const rows = visible(data, state);
	t.regex(rows[0]!, /^module\.network\["eu"\]\.aws_subnet\.private\["eu-west-1b"\] = /);
	const cidr = rows.findIndex(row => row.startsWith(`${subnet}.cidr_block = "10.10.64.0/20"`));
	t.true(cidr > 0);
	// Folded: the argument rows only.
	t.true(rows.slice(1).every(row => row.startsWith(`${subnet}.`)));
	state = run(data, state, Array.from({length: cidr}, () => ({type: 'why-next'}) as Action));
	state = run(data, state, [{type: 'why-unfold'}]);
	const unfolded = visible(data, state);
	t.regex(unfolded[cidr + 1]!, /^each\.value = "10\.10\.64\.0\/20" {2}\(of module\.network\["eu"\]\.aws_subnet\.private\["eu-west-1b"\]\)$/);
	t.regex(unfolded[cidr + 2]!, /^module\.network\["eu"\]\.local\.private_subnets = /);
	// Down to the local, then Enter: the local's block in its module instance.
	state = run(data, state, [{type: 'why-next'}, {type: 'why-next'}, {type: 'why-jump'}]);
	t.is(state.overlay.kind, 'none');
	t.is(state.module, 'module.network["eu"]');
	t.is(selectedAddress(data, state), 'module.network["eu"].local.private_subnets');
	t.is(state.focus, 'details');
});

test('w on a counted block explains its count; ← folds and goes up, Esc closes', async t => {
	const data = await example();
	let state = run(data, createInitialState(), [{type: 'navigate', address: 'module.app["eu"].aws_instance.web'}, {type: 'why'}]);
	const rows = visible(data, state);
	t.is(rows[0], 'module.app["eu"].aws_instance.web.count = 3  (argument, 3 instances, examples/multi-region/modules/app/main.tf:41:11 in module.app["eu"])');
	t.regex(rows.at(-1)!, /^regions = tomap\(\{eu, us\}\) {2}\(set in examples\/multi-region\/terraform\.tfvars:4:11\)$/);
	state = run(data, state, [{type: 'why-next'}, {type: 'why-fold'}]);
	t.is(visible(data, state).length, 2);
	state = run(data, state, [{type: 'why-fold'}]);
	t.is(state.overlay.kind === 'why' && state.overlay.cursor, 0);
	state = run(data, state, [{type: 'close-why'}]);
	t.is(state.overlay.kind, 'none');
});

test('w on an edge explains its expression in the scope it is written in', async t => {
	const data = await example();
	let state = run(data, createInitialState(), [{type: 'navigate', address: 'aws_route53_record.app["eu"]'}, {type: 'focus-pane', pane: 'edges'}]);
	const edges = data.edges(selectedAddress(data, state));
	const records = edges.findIndex(edge => edge.direction === 'out' && edge.expression === 'module.app, each.value.private_ips');
	t.true(records >= 0);
	state = run(data, {...state, edgeCursor: records}, [{type: 'why'}]);
	let rows = visible(data, state);
	t.regex(rows[0]!, /^\[module\.app, each\.value\.private_ips\] = \[…\] \(2 elements\) {2}\(in aws_route53_record\.app\["eu"\]\)$/);
	t.true(rows.some(row => row.startsWith('each.value = {instance_names, lb_dns_name, … 1 more}  (of aws_route53_record.app["eu"])')), rows.join('\n'));
	const zone = edges.findIndex(edge => edge.direction === 'out' && edge.address === 'aws_route53_zone.main');
	state = run(data, {...state, overlay: {kind: 'none'}, edgeCursor: zone}, [{type: 'why'}]);
	rows = visible(data, state);
	// Not wholly known: cut to the unknown root, with the ways out below the tree.
	t.deepEqual(rows.slice(1), ['aws_route53_zone.main.zone_id = (known after apply)  (unknown, known only after apply (computed by the provider), examples/multi-region/main.tf:48:1 in aws_route53_zone.main)']);
	// A plain unknown argument needs no -target (only an unknown count or for_each does, #38).
	t.deepEqual(view(data, state).footer.slice(1), ['pin it: --assume \'aws_route53_zone.main.zone_id=VALUE\'']);
});

test('the console\'s :why EXPRESSION, and :why alone for the last result', async t => {
	const data = await example();
	let state = run(data, createInitialState(), [{type: 'navigate', address: 'module.app["eu"].aws_instance.web[1]'}, {type: 'focus-console'}, {type: 'console-change', text: ':why count.index + 1'}, {type: 'console-submit'}]);
	let rows = visible(data, state);
	t.is(rows[0], 'count.index + 1 = 2  (in module.app["eu"].aws_instance.web[1])');
	t.true(rows.some(row => row.startsWith('count.index = 1  (of module.app["eu"].aws_instance.web[1])')));
	state = run(data, state, [{type: 'close-why'}, {type: 'console-change', text: 'var.name'}, {type: 'console-submit'}]);
	// The answer, as the evaluation effect delivers it: with a line still running, Esc would cancel it rather than browse the results.
	state = run(data, state, [{type: 'console-result', serial: state.console.serial, ok: true, text: '"atlas-prod-eu"'}, {type: 'console-change', text: ':why'}, {type: 'console-submit'}]);
	t.deepEqual(state.console.requests, []);
	rows = visible(data, state);
	t.regex(rows[0]!, /^module\.app\["eu"\]\.var\.name = "atlas-prod-eu" {2}\(variable/);
	// Browsing the results (Esc from the input line): w traces the selected one, Enter edits it again; Ctrl-W is readline's delete-word again.
	state = run(data, {...state, overlay: {kind: 'none'}}, [{type: 'console-change', text: 'local.name'}, {type: 'key', name: 'ctrl+w'}]);
	t.is(state.console.input, 'local.');
	t.is(state.overlay.kind, 'none');
	state = run(data, state, [{type: 'key', name: 'escape'}, {type: 'key', name: 'w'}]);
	t.regex(visible(data, state)[0]!, /^module\.app\["eu"\]\.var\.name = /);
	state = run(data, state, [{type: 'key', name: 'escape'}, {type: 'key', name: 'enter'}]);
	t.is(state.console.input, 'var.name');
	t.is(state.console.browse, undefined);
	// An expression that fails is shown with its error; one that does not parse is a message.
	state = run(data, {...state, overlay: {kind: 'none'}}, [{type: 'console-change', text: ':why nothing.here'}, {type: 'console-submit'}]);
	t.regex(visible(data, state)[0]!, /^nothing\.here {2}\(error: Reference to undeclared resource/);
	state = run(data, {...state, overlay: {kind: 'none'}}, [{type: 'console-change', text: ':why 1 +'}, {type: 'console-submit'}]);
	t.is(state.overlay.kind, 'none');
	t.regex(state.message ?? '', /^Missing expression/);
});

test('Details of a block whose for_each is not known point to w', async t => {
	const {data} = await loadExplorerData({directory: 'test/fixtures/configs/explain', flags: {...defaultFlags, var: ['owner=ops', 'size=3'], bundledSchemas: false}, environment: {}, cwd: process.cwd()});
	const state = run(data, createInitialState(), [{type: 'navigate', address: 'terraform_data.per_zone'}, {type: 'why'}]);
	t.regex(visible(data, state)[0]!, /^terraform_data\.per_zone = \(known after apply\) {2}\(unknown, its for_each is not known/);
});
