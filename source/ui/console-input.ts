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

/**
The word before the end of the input that Tab completes, and the text before it.
*/
export function splitCompletionWord(input: string): {readonly before: string; readonly word: string} {
	const match = /[\w.-]*$/.exec(input);
	const word = match?.[0] ?? '';
	return {before: input.slice(0, input.length - word.length), word};
}
