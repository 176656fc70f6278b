import test from 'ava';
import {Pane} from '../../../source/ui/components/pane.js';
import {ScrollList, windowStart} from '../../../source/ui/components/scroll-list.js';
import {renderFrames} from '../../helpers/render.js';

/*
Rows are cut to the pane's width before Ink sees them (all rows are one text node): a row longer than the pane must still end at the pane's border, and a window of rows is all that is rendered.
*/

test.serial('a row longer than the pane is truncated at the border; only the window around the cursor is drawn', async t => {
	const rows = Array.from({length: 1000}, (_, index) => `row ${index} ${'x'.repeat(index % 3 === 0 ? 200 : 5)}`);
	const app = await renderFrames(
		<Pane title='List' focused={false} width={30} height={8}>
			<ScrollList length={rows.length} cursor={600} height={5} width={28} renderRow={(index, selected) => ({spans: [{text: rows[index] ?? ''}], ...(selected && {style: {inverse: true}})})}/>
		</Pane>,
	);
	const frame = await app.waitFor('row 600');
	const lines = frame.split('\n');
	t.is(lines.length, 8);
	for (const line of lines) {
		t.is([...line].length, 30, line);
	}

	t.deepEqual(lines.slice(2, 7).map(line => /row (\d+)/.exec(line)?.[1]), ['598', '599', '600', '601', '602']);
	t.regex(lines[4] ?? '', /^│row 600 x+…│$/);
	t.is(windowStart(1000, 600, 5), 598);
	await app.unmount();
});
