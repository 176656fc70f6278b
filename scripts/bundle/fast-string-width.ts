/*
A fast path around string-width, put in front of every copy of it in the bundle by scripts/build.ts. Ink measures every line of every frame with string-width, and a line with any non-ASCII character (the explorer's box drawing, arrows and bullets) takes its slow path: grapheme segmentation and emoji regular expressions for each character, about a third of the CPU time of the explorer's first frame. When every character of a string (once its escape sequences are stripped, as string-width does first) is one that always forms a grapheme cluster of its own (no combining marks, joiners, variation selectors, surrogates, Hangul or controls: the ranges below), string-width adds up the widths of the clusters one by one, so the sum of each character's width (asked of string-width itself once per character) is the same number. Anything else, and any call with options, goes to string-width unchanged.
*/

// Printable ASCII, Latin-1 and Latin Extended-A, general punctuation (dashes, quotes, bullets, ellipsis), arrows, mathematical operators, technical symbols, box drawing, blocks, geometric shapes, miscellaneous symbols, dingbats and braille (the spinner).
const singleClusterCharacters = /^[\u0020-\u007E\u00A0-\u017F\u2010-\u2027\u2030-\u205E\u2190-\u23FF\u2500-\u27BF\u2800-\u28FF]*$/;

type StringWidth = (string: string, options?: Record<string, unknown>) => number;

/**
`stringWidth` with the fast path; `stripAnsi` is the strip-ansi that copy of string-width uses (both versions strip escape sequences before measuring, so a coloured line is measured as its text).
*/
export function fastStringWidth(stringWidth: StringWidth, stripAnsi: (string: string) => string): StringWidth {
	const widths = new Int8Array(0x2900).fill(-1);
	return (input, options) => {
		// Callers from JavaScript may pass anything.
		if (options !== undefined || typeof input !== 'string') {
			return stringWidth(input, options);
		}

		const string = input.includes('\u001B') || input.includes('\u009B') ? stripAnsi(input) : input;
		if (!singleClusterCharacters.test(string)) {
			return stringWidth(input);
		}

		let width = 0;
		for (let index = 0; index < string.length; index++) {
			const code = string.charCodeAt(index);
			if (code < 0x7F) {
				width++;
				continue;
			}

			let characterWidth = widths[code]!;
			if (characterWidth < 0) {
				characterWidth = stringWidth(string[index]!);
				widths[code] = characterWidth;
			}

			width += characterWidth;
		}

		return width;
	};
}
