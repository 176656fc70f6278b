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
	readonly console: number;
};

export function computeLayout(columns: number, rows: number): Layout {
	const width = Math.max(40, columns);
	const height = Math.max(12, rows);
	const console = Math.max(5, Math.floor(height * 0.25));
	const top = height - console - 1;
	const modules = Math.floor(width * 0.24);
	const blocks = Math.floor(width * 0.3);
	const right = width - modules - blocks;
	const edges = Math.max(5, Math.floor(top * 0.35));
	return {width, height, top, modules, blocks, right, details: top - edges, edges, console};
}
