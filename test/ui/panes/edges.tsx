import test from 'ava';
import {EdgesPane} from '../../../source/ui/panes/edges.js';
import type {EdgeRow} from '../../../source/ui/state/edge-groups.js';
import {renderFrames} from '../../helpers/render.js';

/*
The Edges pane's rows: an address too long for the pane is cut as every address is, keeping its own last step and its keys (issue 35: a cut never removes an instance key); the expression after it is what gives way.
*/

const rows: EdgeRow[] = [
	{type: 'edge', edge: {direction: 'in', address: 'aws_route53_record.app["eu"]', expression: 'aws_route53_zone.main.zone_id'}},
	{type: 'edge', edge: {direction: 'in', address: 'aws_route53_record.app["us"]', expression: 'aws_route53_zone.main.zone_id'}},
	{type: 'edge', edge: {direction: 'out', address: 'module.network["eu-west-1"].aws_subnet.private["eu-west-1b"]', expression: 'module.network["eu-west-1"].aws_subnet.private'}},
];

test.serial('at the width of an 80x24 screen each row keeps its address\'s key whole, and two rows never read the same', async t => {
	const app = await renderFrames(<EdgesPane rows={rows} cursor={0} focused={false} width={32} height={6} filter=''/>);
	const frame = await app.waitFor('Edges');
	const lines = frame.split('\n').filter(line => /[←→]/.test(line) && !line.includes('Edges'));
	t.is(lines.length, 3, frame);
	// 30 columns inside the pane: the address loses the start of its type before its key (it used to read `← aws_route53_record.app["eu"…`).
	t.regex(lines[0]!, /← …?\w*route53_record\.app\["eu"\]/);
	t.regex(lines[1]!, /← …?\w*route53_record\.app\["us"\]/);
	t.regex(lines[2]!, /→ …[^│]*\.private\["eu-west-1b"\]/);
	t.not(lines[0], lines[1]);
	await app.unmount();
});
