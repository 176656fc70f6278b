import type {Lines} from '../graph/lines.js';
import type {Writer} from './command.js';

/**
Writes lines as they are made, in chunks of about 64 KiB, each line ending in a newline: output of hundreds of megabytes (the instance graph of a large configuration) costs the chunk, not the whole text, in memory.
*/
export function writeLines(writer: Writer, lines: Lines): void {
	let chunk = '';
	for (const line of lines) {
		chunk += line + '\n';
		if (chunk.length >= 65_536) {
			writer.write(chunk);
			chunk = '';
		}
	}

	if (chunk !== '') {
		writer.write(chunk);
	}
}
