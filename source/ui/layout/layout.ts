import type {PaneId} from '../input/keymap.js';
import type {ViewRows} from '../state/state.js';

/*
Pane sizes for a terminal size. Works from 80x24 up; everything is recomputed on resize.
*/

export type Layout = {
	readonly width: number;
	readonly height: number;
	readonly top: number;
	readonly modules: number;
	readonly blocks: number;
	readonly right: number;
	readonly details: number;
	readonly edges: number;
	/** Narrow terminals (under 100 columns): Modules over Blocks in one column, beside Details over Edges, as lazygit stacks its side panels. */
	readonly stacked: boolean;
	/** Rows of the Modules and Blocks panes (each the whole top area unless stacked). */
	readonly modulesHeight: number;
	readonly blocksHeight: number;
	readonly console: number;
	/** The pane shown alone over the whole top area (the console: over the whole screen), if one is zoomed. */
	readonly zoomed: PaneId | undefined;
};

/** Percent of the width the Modules and Blocks panes take (the rest goes to Details and Edges). */
export type PaneShares = {readonly modules: number; readonly blocks: number};

export const defaultShares: PaneShares = {modules: 24, blocks: 30};

export type LayoutOptions = {
	readonly shares?: PaneShares;
	readonly zoomed?: PaneId;
	/** Rows the console's content wants (its output and prompt): it grows up to half the screen to show them when focused. */
	readonly consoleWants?: number;
	/** The focused pane: it gets the room when the terminal is narrow. */
	readonly focus?: PaneId;
	/** Columns (borders included) the focused list's longest row needs to show its name whole: it widens to that, up to half the width, the room taken from Details. */
	readonly listWants?: number;
};

/**
The smallest terminal the explorer draws in (columns, and rows less the one kept free below the frame): below it, it says so instead of overflowing, and draws again once the terminal is large enough.
*/
export const minimumSize = {columns: 60, rows: 16} as const;

export function fitsMinimum(columns: number, rows: number): boolean {
	return columns >= minimumSize.columns && rows >= minimumSize.rows;
}

export function computeLayout(columns: number, rows: number, options: LayoutOptions = {}): Layout {
	const width = Math.max(40, columns);
	const height = Math.max(12, rows);
	const shares = options.shares ?? defaultShares;
	const base = Math.max(5, Math.floor(height * 0.25));
	const console = options.zoomed === 'console'
		? height - 1
		: Math.max(base, Math.min(Math.floor(height / 2), (options.consoleWants ?? 0) + 3));
	const top = height - console - 1;
	const {focus} = options;
	// The Edges pane takes more of the column while it is focused.
	const edges = focus === 'edges' ? Math.max(5, Math.floor(top * 0.6)) : Math.max(5, Math.floor(top * 0.35));
	if (width < stackedBelow) {
		// Modules over Blocks, the focused list the taller and its column the wider (the lists are what is read by name).
		const lists = focus === undefined || focus === 'modules' || focus === 'blocks';
		const left = Math.floor(width * (lists ? 0.6 : 0.4));
		const modulesHeight = focus === undefined || focus === 'modules' ? Math.ceil(top * 0.6) : Math.max(5, Math.floor(top * 0.35));
		return {
			width, height, top, modules: left, blocks: left, right: width - left, details: top - edges, edges, console, zoomed: options.zoomed, stacked: true, modulesHeight, blocksHeight: top - modulesHeight,
		};
	}

	// Unless resized with +/-, the focused list is the wider (its names are what is read), the room taken from Details.
	const bonus = shares === defaultShares && width < 160 ? 8 : 0;
	// Details or Edges focused: the room comes from both lists.
	const right = focus === 'details' || focus === 'edges' ? bonus / 2 : 0;
	const wide = (share: number, focused: boolean): number => {
		const columns = Math.floor(width * share / 100);
		return focused && shares === defaultShares && options.listWants !== undefined ? Math.max(columns, Math.min(options.listWants, Math.floor(width / 2))) : columns;
	};

	const modules = wide(shares.modules + (focus === 'modules' ? bonus : -right), focus === 'modules');
	const blocks = wide(shares.blocks + (focus === 'blocks' ? bonus : -right), focus === 'blocks');
	return {
		width, height, top, modules, blocks, right: width - modules - blocks, details: top - edges, edges, console, zoomed: options.zoomed, stacked: false, modulesHeight: top, blocksHeight: top,
	};
}

/** Below this width the lists are stacked in one column. */
export const stackedBelow = 100;

const step = 6;
const minimumShare = 10;

/**
The shares after widening (`direction` 1) or narrowing (-1) the focused pane by a step: the room comes from (or goes to) the other panes, none narrower than a tenth of the width.
*/
export function resizeShares(shares: PaneShares, pane: PaneId, direction: 1 | -1): PaneShares {
	const right = 100 - shares.modules - shares.blocks;
	const fit = (next: {modules: number; blocks: number; right: number}): PaneShares => (
		next.modules >= minimumShare && next.blocks >= minimumShare && next.right >= minimumShare * 2 ? {modules: next.modules, blocks: next.blocks} : shares
	);
	const change = step * direction;
	switch (pane) {
		case 'modules': {
			return fit({modules: shares.modules + change, blocks: shares.blocks, right: right - change});
		}

		case 'blocks': {
			return fit({modules: shares.modules, blocks: shares.blocks + change, right: right - change});
		}

		case 'details':
		case 'edges': {
			// Taken from the wider of the two lists.
			return shares.modules > shares.blocks
				? fit({modules: shares.modules - change, blocks: shares.blocks, right: right + change})
				: fit({modules: shares.modules, blocks: shares.blocks - change, right: right + change});
		}

		case 'console': {
			return shares;
		}
	}
}

/**
Rows of content each view shows (a pane's border and title take three rows), for the page keys and the scroll limits.
*/
export function viewRowsOf(layout: Layout, helpPerScreen: number): ViewRows {
	const body = (height: number) => Math.max(1, height - 3);
	const zoomed = (pane: PaneId, height: number) => body(layout.zoomed === pane ? layout.top : height);
	return {
		modules: zoomed('modules', layout.modulesHeight),
		blocks: zoomed('blocks', layout.blocksHeight),
		details: zoomed('details', layout.details),
		edges: zoomed('edges', layout.edges),
		diagnostics: body(layout.top),
		viewWidth: Math.max(1, layout.width - 2),
		help: helpPerScreen,
		detailsWidth: Math.max(1, (layout.zoomed === 'details' ? layout.width : layout.right) - 2),
	};
}
