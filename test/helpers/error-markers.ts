/**
The expected diagnostics written in a fixture: `# ERROR: Summary` (or several, comma-separated) at the end of the offending line, or `# ERROR@LINE: Summary` anywhere for a line that cannot hold a comment (inside a string, past the end of the file). Returned as sorted `LINE: Summary` strings.
*/
export function errorMarkers(text: string): string[] {
	const expected: string[] = [];
	const lines = text.split(/\r?\n/);
	for (const [index, line] of lines.entries()) {
		const match = /#\s*ERROR(?:@(\d+))?:\s*(.+)$/.exec(line);
		if (!match) {
			continue;
		}

		const lineNumber = match[1] === undefined ? index + 1 : Number(match[1]);
		for (const summary of match[2]!.split(/,\s*(?=[A-Z])/)) {
			expected.push(`${lineNumber}: ${summary.trim()}`);
		}
	}

	return expected.sort(compareMarkers);
}

export function compareMarkers(first: string, second: string): number {
	const difference = Number.parseInt(first, 10) - Number.parseInt(second, 10);
	return difference === 0 ? (first < second ? -1 : (first > second ? 1 : 0)) : difference;
}
