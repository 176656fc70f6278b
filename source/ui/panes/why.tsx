import type {WhyView} from '../explorer-data.js';
import type {Line} from '../text/lines.js';
import {Pane, paneBodyHeight} from '../components/pane.js';
import {ScrollList} from '../components/scroll-list.js';
import {LinesView} from '../components/lines-view.js';
import {sanitizeLine} from '../text/sanitize.js';
import {whyRows} from '../state/why.js';
import {whyListHeight} from '../layout/view-geometry.js';

export type WhyPaneProps = {
	readonly view: WhyView;
	readonly cursor: number;
	readonly folded: ReadonlySet<string>;
	readonly width: number;
	readonly height: number;
};

/**
The why view: a provenance trace as a foldable tree (▸ folded, ▾ open), one step a row; under it, for a value not known, the ways out.
*/
export function WhyPane({view, cursor, folded, width, height}: WhyPaneProps) {
	const body = paneBodyHeight(height);
	if (!view.ok) {
		return (
			<Pane title='Why' focused width={width} height={height}>
				<LinesView lines={[{spans: [{text: sanitizeLine(view.message), style: {dim: true}}]}]} width={width - 2}/>
			</Pane>
		);
	}

	const rows = whyRows(view.root, folded);
	const footer: Line[] = view.footer.length === 0 ? [] : [{spans: [{text: '─'.repeat(Math.max(0, width - 2)), style: {dim: true}}]}, ...view.footer.map(text => ({spans: [{text: sanitizeLine(text), style: {color: 'yellow'}}]}))];
	const listHeight = whyListHeight(body, view.footer.length);
	return (
		<Pane title={`Why ${sanitizeLine(view.title)}`} note='· Enter jumps to the block · ←/→ fold' focused width={width} height={height}>
			<ScrollList
				length={rows.length}
				cursor={Math.min(cursor, rows.length - 1)}
				height={listHeight}
				width={width - 2}
				renderRow={(index, isSelected) => {
					const row = rows[index];
					if (!row) {
						return undefined;
					}

					const marker = row.hasChildren ? (folded.has(row.id) ? '▸ ' : '▾ ') : '  ';
					return {
						spans: [
							{text: '  '.repeat(row.depth), style: {dim: true}},
							{text: marker, style: {color: 'cyan'}},
							{text: sanitizeLine(row.node.text)},
						],
						...(isSelected && {style: {inverse: true}}),
					};
				}}
			/>
			{footer.length > 0 && <LinesView lines={footer} width={width - 2}/>}
		</Pane>
	);
}
