import type {PaneId} from './keymap.js';
import type {Layout} from '../layout/layout.js';

/*
What is under the mouse pointer, from the layout the frame was drawn with: the pane and the row of its body (a pane's top border and title take two rows, so the first row of content is row 0; the border and title are row -1). A view over the panes (help, why, diagnostics, graph, assumptions) covers the whole top area: a report there also carries its place in that view (`view`), and the reducer, which knows whether one is open, decides which of the two it means.
*/

/** A place in the body of a view over the panes: row 0 is under its title, column 0 inside its left border; -1 on a border or the title. */
export type ViewPosition = {readonly row: number; readonly column: number};

export type MouseTarget =
	| {readonly area: 'pane'; readonly pane: PaneId; readonly row: number; readonly view?: ViewPosition}
	/** Below the panes: the status bar (or the filter prompt). */
	| {readonly area: 'status'}
	| {readonly area: 'outside'};

type Box = {readonly pane: PaneId; readonly left: number; readonly top: number; readonly width: number; readonly height: number};

function boxesOf(layout: Layout): Box[] {
	const full = (pane: PaneId): Box => ({pane, left: 0, top: 0, width: layout.width, height: layout.top});
	const consoleBox: Box = {pane: 'console', left: 0, top: layout.top, width: layout.width, height: layout.console};
	switch (layout.zoomed) {
		case 'console': {
			return [consoleBox];
		}

		case undefined: {
			const right = layout.stacked ? layout.modules : layout.modules + layout.blocks;
			return [
				{pane: 'modules', left: 0, top: 0, width: layout.modules, height: layout.modulesHeight},
				layout.stacked
					? {pane: 'blocks', left: 0, top: layout.modulesHeight, width: layout.blocks, height: layout.blocksHeight}
					: {pane: 'blocks', left: layout.modules, top: 0, width: layout.blocks, height: layout.top},
				{pane: 'details', left: right, top: 0, width: layout.right, height: layout.details},
				{pane: 'edges', left: right, top: layout.details, width: layout.right, height: layout.edges},
				consoleBox,
			];
		}

		default: {
			return [full(layout.zoomed), consoleBox];
		}
	}
}

/**
The pane (and the row in it) at a zero-based screen position.
*/
export function mouseTarget(layout: Layout, column: number, row: number): MouseTarget {
	for (const box of boxesOf(layout)) {
		if (column >= box.left && column < box.left + box.width && row >= box.top && row < box.top + box.height) {
			// The borders and the title are row -1.
			const body = row - box.top - 2;
			const view = row < layout.top ? {view: {row: row - 2 < 0 || row - 2 >= layout.top - 3 ? -1 : row - 2, column: column < 1 || column >= layout.width - 1 ? -1 : column - 1}} : undefined;
			return {area: 'pane', pane: box.pane, row: body < 0 || body >= box.height - 3 ? -1 : body, ...view};
		}
	}

	return row === layout.height - 1 && column < layout.width ? {area: 'status'} : {area: 'outside'};
}
