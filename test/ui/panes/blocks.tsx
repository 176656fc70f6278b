import test from 'ava';
import {BlocksPane, blockRowNames} from '../../../source/ui/panes/blocks.js';
import {blockList} from '../../../source/ui/state/selectors.js';
import {createInitialState} from '../../../source/ui/state/state.js';
import type {BlockEntry, ExplorerData} from '../../../source/ui/explorer-data.js';
import {renderFrames} from '../../helpers/render.js';

/*
The Blocks pane's groups, from the rows the selector builds.
*/

const entries: BlockEntry[] = [
	{kind: 'ephemeral', address: 'ephemeral.random_password.db', label: 'ephemeral.random_password.db', mode: 'single', instances: []},
	{kind: 'resource', address: 'aws_db_instance.db', label: 'aws_db_instance.db', mode: 'single', instances: []},
	{kind: 'ephemeral', address: 'ephemeral.random_password.users', label: 'ephemeral.random_password.users', mode: 'count', instances: ['ephemeral.random_password.users[0]', 'ephemeral.random_password.users[1]']},
	{kind: 'data', address: 'data.aws_ami.ubuntu', label: 'data.aws_ami.ubuntu', mode: 'single', instances: []},
];

test.serial('ephemeral resources have their own group, after data sources, with their instance counts', async t => {
	const data = {blocks: () => entries} as unknown as ExplorerData;
	const {rows} = blockList(data, createInitialState());
	t.deepEqual(rows.map(row => row.key), ['#resource', 'aws_db_instance.db', '#data', 'data.aws_ami.ubuntu', '#ephemeral', 'ephemeral.random_password.db', 'ephemeral.random_password.users']);
	const app = await renderFrames(<BlocksPane title='Blocks — root' rows={rows} cursor={1} expanded={new Set()} focused width={60} height={12} filter=''/>);
	const frame = await app.waitFor('Ephemeral resources (2)');
	t.regex(frame, /Data sources \(1\)[^]*Ephemeral resources \(2\)[^\n]*\n[^\n]*ephemeral\.random_password\.db\s[^]*▸ ephemeral\.random_password\.users ×2/);
	await app.unmount();
});

// Issue 35: a Blocks row without keys keeps its own name whole and gives up its type from the start; rows that would be cut alike are cut apart.
const dataSources: BlockEntry[] = [
	{kind: 'data', address: 'data.aws_availability_zones.available', label: 'data.aws_availability_zones.available', mode: 'single', instances: []},
	{kind: 'data', address: 'data.aws_iam_policy_document.assume_role_a', label: 'data.aws_iam_policy_document.assume_role_a', mode: 'single', instances: []},
	{kind: 'data', address: 'data.aws_iam_policy_document.assume_role_b', label: 'data.aws_iam_policy_document.assume_role_b', mode: 'single', instances: []},
	{kind: 'resource', address: 'aws_a_long_thing.main', label: 'aws_a_long_thing.main', mode: 'single', instances: []},
	{kind: 'resource', address: 'aws_b_long_thing.main', label: 'aws_b_long_thing.main', mode: 'count', instances: ['aws_b_long_thing.main[0]']},
];

test.serial('Blocks rows without keys keep their own name whole, and two rows are never cut alike', async t => {
	const data = {blocks: () => dataSources} as unknown as ExplorerData;
	const {rows} = blockList(data, createInitialState());
	for (let width = 14; width <= 60; width++) {
		const names = blockRowNames(rows, width);
		const shown = rows.map((row, index) => (row.type === 'header' ? undefined : names[index])).filter(name => name !== undefined);
		t.is(new Set(shown).size, shown.length, `${width}: ${shown.join(' | ')}`);
	}

	const app = await renderFrames(<BlocksPane title='Blocks — root' rows={rows} cursor={1} expanded={new Set()} focused={false} width={28} height={14} filter=''/>);
	const frame = await app.waitFor('Data sources (3)');
	t.regex(frame, /…ability_zones\.available/);
	t.notRegex(frame, /data\.aws_av…/);
	await app.unmount();
});
