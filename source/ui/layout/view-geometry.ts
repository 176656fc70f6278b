/*
Where the rows of the views over the panes (diagnostics, why, graph) are, for drawing them and for finding what a click is on: one computation for both, so a click lands on the row drawn there. `body` is the view's height inside its border and title.
*/

/** Rows of the diagnostics view's list, above the selected group's detail. */
export function diagnosticsListHeight(groups: number, body: number): number {
	return Math.max(3, Math.min(groups, Math.floor(body * 0.4)));
}

/** Rows of the why view's tree, above its ways out (`footer` lines, drawn under a rule). */
export function whyListHeight(body: number, footer: number): number {
	return Math.max(1, body - (footer === 0 ? 0 : footer + 1));
}

/** Lines of the graph drawing shown, above the line that names the node under the cursor. */
export function graphDrawingRows(body: number): number {
	return Math.max(0, body - 2);
}
