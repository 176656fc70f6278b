/**
An exporter's text as lines (without their newlines), made one at a time: the commands write them out in chunks as they come, so a graph of hundreds of megabytes of DOT or JSON is never held as one string.
*/
export type Lines = Iterable<string>;

/**
The lines as one text, each ending in a newline (empty when there are none).
*/
export function joinLines(lines: Lines): string {
	const all = [...lines];
	return all.length === 0 ? '' : all.join('\n') + '\n';
}
