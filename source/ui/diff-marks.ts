/*
How the panes draw the marks of `--diff` (data/diff.ts puts them on the rows): a mark and its colour. Its own file so the panes do not load the diff engine.
*/

const colours: Readonly<Record<string, string>> = {
	'+': 'green', '<': 'green', '-': 'red', '±': 'magenta', '→': 'cyan', '>': 'gray', '~': 'yellow',
};

/**
The span a row starts with for its mark (none without one).
*/
export function markSpans(mark: string | undefined): Array<{readonly text: string; readonly style: {readonly color: string; readonly bold: true}}> {
	return mark === undefined ? [] : [{text: `${mark} `, style: {color: colours[mark] ?? 'yellow', bold: true}}];
}
