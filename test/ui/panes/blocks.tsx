import test from 'ava';
import {BlocksPane} from '../../../source/ui/panes/blocks.js';
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
