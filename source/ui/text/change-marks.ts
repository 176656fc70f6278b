/*
How the panes draw the marks of `--diff` and `--plan` (data/diff.ts and data/plan.ts put them on the rows): a mark and its colour. Its own file so the panes do not load the diff engine. The marks differ by symbol, so they read the same with colours off.
*/

const colours: Readonly<Record<string, string>> = {
	'+': 'green', '<': 'green', '-': 'red', '±': 'magenta', '-/+': 'magenta', '+/-': 'magenta', '→': 'cyan', '>': 'gray', '.': 'gray', '~': 'yellow', '*': 'yellow', '<=': 'blue', '?': 'gray',
};

export function markColour(mark: string): string {
	return colours[mark] ?? 'yellow';
}

/**
The span a row starts with for its mark (none without one).
*/
export function markSpans(mark: string | undefined): Array<{readonly text: string; readonly style: {readonly color: string; readonly bold: true}}> {
	return mark === undefined ? [] : [{text: `${mark} `, style: {color: markColour(mark), bold: true}}];
}

/** The columns a row's mark takes (the mark and a space). */
export function markWidth(mark: string | undefined): number {
	return mark === undefined ? 0 : [...mark].length + 1;
}
