import test from 'ava';
import {WhyPane} from '../../../source/ui/panes/why.js';
import type {WhyView} from '../../../source/ui/explorer-data.js';
import {renderFrames} from '../../helpers/render.js';

/*
The why view's frame: the tree with fold markers, the selected row, the ways out under it; a message when there is nothing to show.
*/

const view: WhyView = {
	ok: true,
	title: 'terraform_data.per_vpc',
	root: {
		text: 'terraform_data.per_vpc = (known after apply)  (unknown, its for_each is not known)',
		target: 'terraform_data.per_vpc',
		children: [
			{text: 'toset([terraform_data.vpc.id]) = toset([…]) (1 element)  (for_each, main.tf:54:14)', children: [{text: 'terraform_data.vpc.id = (known after apply)  (unknown, known only after apply)', children: []}]},
			{text: 'folded step', children: [{text: 'hidden below the fold', children: []}]},
		],
	},
	footer: ['Not known: cut to the steps that make it unknown.', 'pin it: --assume \'terraform_data.vpc.id=VALUE\''],
};

test.serial('the tree with its fold markers, the ways out below it', async t => {
	const app = await renderFrames(<WhyPane view={view} cursor={2} folded={new Set(['0.1'])} width={100} height={14}/>);
	const frame = await app.waitFor('pin it');
	t.regex(frame, /Why terraform_data\.per_vpc · Enter jumps to the block/);
	t.regex(frame, /║▾ terraform_data\.per_vpc = \(known after apply\)/);
	t.regex(frame, /║ {2}▾ toset\(\[terraform_data\.vpc\.id\]\)/);
	t.regex(frame, /║ {6}terraform_data\.vpc\.id = \(known after apply\)/);
	t.regex(frame, /║ {2}▸ folded step/);
	t.false(frame.includes('hidden below the fold'));
	t.regex(frame, /─{20,}[^]*Not known: cut to the steps[^]*pin it: --assume 'terraform_data\.vpc\.id=VALUE'/);
	await app.unmount();
});

test.serial('a subject that cannot be explained shows why', async t => {
	const app = await renderFrames(<WhyPane view={{ok: false, message: 'No such resource: aws_x.y is not a resource of this configuration.'}} cursor={0} folded={new Set()} width={100} height={8}/>);
	const frame = await app.waitFor('No such resource');
	t.regex(frame, /Why[^]*No such resource: aws_x\.y/);
	await app.unmount();
});
