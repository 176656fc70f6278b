import test from 'ava';
import {Explorer} from '../../source/ui/app.js';
import {defaultFlags} from '../../source/commands/command.js';
import {loadExplorerData} from '../../source/ui/data/load.js';
import type {ExplorerData} from '../../source/ui/explorer-data.js';
import {reduce} from '../../source/ui/state/reducer.js';
import {createInitialState, type State} from '../../source/ui/state/state.js';
import {createFixtureData} from '../fixtures/ui/fixture-data.js';
import {renderFrames} from '../helpers/render.js';

/*
Issue 14 in the explorer: placeholders (`×?`, `[*]`) with the unknown that makes them, `:assume` in the console rebuilding the configuration live, the list of assumptions (drop one, write one for an unknown), and the status bar's counts. On the real Workspace of the placeholders fixture (the zones come from a data source).
*/

const directory = 'test/fixtures/configs/placeholders';
const zones = '["eu-west-1a", "eu-west-1b", "eu-west-1c"]';

async function load(): Promise<ExplorerData> {
	return (await loadExplorerData({directory, flags: defaultFlags, environment: {}, cwd: process.cwd()})).data;
}

test('a placeholder\'s Details say it stands for an unknown number of instances and name the unknown behind it', async t => {
	const data = await load();
	const details = data.details('aws_subnet.public[*]');
	t.is(details?.instance?.placeholder, true);
	t.is(details?.expansion?.meta, 'count');
	t.deepEqual(details?.expansion?.causes?.map(cause => [cause.address, cause.when, cause.where]), [['data.aws_availability_zones.available.names', 'plan', 'main.tf:2']]);
	t.deepEqual(data.unknownCauses?.().map(cause => [cause.address, cause.blocks]), [['data.aws_availability_zones.available.names', 3], ['aws_vpc.this.ipv6_association_id', 1]]);
	t.regex(data.status(), /· 3 open-ended \[\*]/);
});

test('withAssumptions rebuilds with the assumption in force, and refuses one that names nothing or does not parse', async t => {
	const data = await load();
	const result = await data.withAssumptions!([{address: 'data.aws_availability_zones.available.names', expression: zones, source: ':assume'}]);
	if (!result.ok) {
		t.fail(result.message);
		return;
	}

	t.deepEqual(result.data.blocks('').find(entry => entry.label === 'aws_subnet.public')?.instances, ['aws_subnet.public[0]', 'aws_subnet.public[1]', 'aws_subnet.public[2]']);
	t.deepEqual(result.data.assumptions?.(), [{address: 'data.aws_availability_zones.available.names', expression: zones, source: ':assume'}]);
	t.regex(result.summary, /1 open-ended \[\*] · 1 assumed/);
	t.deepEqual(result.data.details('data.aws_availability_zones.available')?.assumed, [{address: 'data.aws_availability_zones.available.names', expression: zones, source: ':assume'}]);
	// The original is unchanged.
	t.deepEqual(data.assumptions?.(), []);

	const typo = await data.withAssumptions!([{address: 'data.aws_availability_zone.available.names', expression: '[]', source: ':assume'}]);
	t.false(typo.ok);
	t.regex(typo.ok ? '' : typo.message, /Assumption names nothing/);
	const broken = await data.withAssumptions!([{address: 'aws_vpc.this.id', expression: '"a" +', source: ':assume'}]);
	t.false(broken.ok);
});

function submit(state: State, data: ExplorerData, text: string): State {
	return reduce({...state, focus: 'console', console: {...state.console, input: text}}, {type: 'console-submit'}, data);
}

test(':assume asks for a rebuild; :unassume drops one; a malformed one is an error in the console', t => {
	const base = createFixtureData();
	const data: ExplorerData = {...base, assumptions: () => [{address: 'var.cidr', expression: '"10.0.0.0/8"', source: '--assume'}], unknownCauses: () => [], withAssumptions: async () => ({ok: false, message: 'unused'})};
	let state = submit(createInitialState(), data, ':assume data.aws_ami.ubuntu.id = "ami-1"');
	t.deepEqual(state.reassume?.assumptions.map(row => row.address), ['var.cidr', 'data.aws_ami.ubuntu.id']);
	t.is(state.console.input, '');
	t.regex(state.console.output.at(-1)?.text ?? '', /assuming data\.aws_ami\.ubuntu\.id: expanding again/);
	// A new value for an address in force replaces it.
	state = submit(createInitialState(), data, ':assume var.cidr = "10.1.0.0/16"');
	t.deepEqual(state.reassume?.assumptions, [{address: 'var.cidr', expression: '"10.1.0.0/16"', source: ':assume'}]);
	state = submit(createInitialState(), data, ':unassume var.cidr');
	t.deepEqual(state.reassume?.assumptions, []);
	state = submit(createInitialState(), data, ':assume var.cidr');
	t.is(state.reassume, undefined);
	t.regex(state.console.output.at(-1)?.text ?? '', /^Error: expected :assume ADDRESS = VALUE/);
	state = submit(createInitialState(), data, ':assume');
	t.deepEqual(state.overlay, {kind: 'assumptions', cursor: 0});
	// A late result of an earlier request is ignored.
	const asked = submit(createInitialState(), data, ':assume var.cidr = "x"');
	t.is(reduce(asked, {type: 'assumptions-refused', serial: 99, message: 'no'}, data), asked);
	t.regex(reduce(asked, {type: 'assumptions-refused', serial: asked.reassume!.serial, message: 'no'}, data).console.output.at(-1)?.text ?? '', /^Error: no/);
});

test.serial('the explorer: a lists the unknowns, Enter writes :assume in the console, the blocks expand live, x drops it again', async t => {
	const data = await load();
	const app = await renderFrames(<Explorer data={data} columns={100} rows={36} color={false}/>);
	let frame = await app.waitFor('aws_subnet.public ×?');
	t.regex(frame, /3 open-ended \[\*]|3\[\*]/);
	await app.press('show-assumptions');
	frame = await app.waitFor('Assumptions 0 assumptions · 2 unknowns');
	t.regex(frame, /unknown {2}data\.aws_availability_zones\.available\.names {2}read at plan · 3 blocks · main\.tf:2/);
	await app.press('assumption-write');
	await app.waitFor('> :assume data.aws_availability_zones.available.names = ');
	await app.type(zones);
	await app.press('console-submit');
	frame = await app.waitFor('aws_subnet.public ×3', 30_000);
	t.regex(frame, /1 assumed/);
	t.regex(frame, /module\.net ×3/);
	t.regex(frame, /eu-west-1c"\] 2r/);
	await app.press('leave-console', 'show-assumptions');
	frame = await app.waitFor('Assumptions 1 assumption');
	t.regex(frame, /assumed {2}data\.aws_availability_zones\.available\.names = \["eu-west-1a", "eu-west-1b", "eu-west-1c"]/);
	await app.press('assumption-drop');
	await app.press('close-assumptions');
	frame = await app.waitFor('aws_subnet.public ×?', 30_000);
	// The status bar no longer counts an assumption.
	t.notRegex(frame.split('\n').at(-1) ?? '', /assumed/);
	await app.unmount();
});

test.serial('a placeholder row and its Details in a frame', async t => {
	const data = await load();
	const app = await renderFrames(<Explorer data={data} columns={100} rows={36} color={false}/>);
	await app.waitFor('aws_subnet.public ×?');
	await app.press('focus-next-pane', 'move-down', 'next-instance', 'pane-right');
	const frame = await app.waitFor('placeholder [*] any number of instances');
	t.regex(frame, /▾ aws_subnet\.public ×\?[^\n]*\n[^\n]*│ {4}\[\*] /);
	t.regex(frame, /count = length\(local\.azs\)/);
	t.regex(frame, /because of [^\n]*available\.names[^\n]*\n[^\n]* {4}read at plan \(main\.tf:2\)/);
	await app.unmount();
});
