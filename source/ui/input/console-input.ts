/*
Whether a console entry is complete. The console continues on the next line while brackets or a heredoc are open, as `terraform console` does; this only counts brackets outside strings and comments, it does not parse.
*/

export function isIncomplete(text: string): boolean {
	let depth = 0;
	let inString = false;
	let heredoc: string | undefined;
	const lines = text.split('\n');
	for (const line of lines) {
		if (heredoc !== undefined) {
			if (line.trim() === heredoc) {
				heredoc = undefined;
			}

			continue;
		}

		for (let index = 0; index < line.length; index++) {
			const character = line[index];
			if (inString) {
				if (character === '\\') {
					index++;
				} else if (character === '"') {
					inString = false;
				}

				continue;
			}

			if (character === '"') {
				inString = true;
			} else if (character === '#' || (character === '/' && line[index + 1] === '/')) {
				break;
			} else if (character === '(' || character === '[' || character === '{') {
				depth++;
			} else if (character === ')' || character === ']' || character === '}') {
				depth--;
			} else if (character === '<' && line[index + 1] === '<') {
				const marker = /^<<-?([A-Za-z_]\w*)\s*$/.exec(line.slice(index));
				if (marker) {
					heredoc = marker[1];
					break;
				}
			}
		}

		// A string does not continue past the end of its line.
		inString = false;
	}

	return depth > 0 || heredoc !== undefined;
}

export {splitCompletionWord} from './completion.js';
