/*
A fast path around string-width, put in front of every copy of it in the bundle by scripts/build.ts. Ink measures every line of every frame with string-width, and a line with any non-ASCII character (the explorer's box drawing, arrows and bullets) takes its slow path: grapheme segmentation and emoji regular expressions, whose first use alone (ICU's segmenter, the RGI_Emoji property compiled) cost 100-200 ms of the explorer's first frame, and the segmentation a little more on every frame. When every character of a string (once its escape sequences are stripped, as string-width does first) is one that always forms a grapheme cluster of its own (no combining marks, joiners, variation selectors, surrogates, Hangul or controls: the ranges below), string-width adds up the widths of the clusters one by one, so the sum of each character's width is the same number; those widths are asked of string-width itself when the bundle is built (`widthTable`). Anything else, and any call with options, goes to string-width unchanged.
*/

type StringWidth = (string: string, options?: Record<string, unknown>) => number;

/**
Printable ASCII, Latin-1 and Latin Extended-A, general punctuation (dashes, quotes, bullets, ellipsis), arrows, mathematical operators, technical symbols, box drawing, blocks, geometric shapes, miscellaneous symbols, dingbats and braille (the spinner).
*/
export const singleClusterRanges: ReadonlyArray<readonly [number, number]> = [
	[0x20, 0x7E], [0xA0, 0x17F], [0x20_10, 0x20_27], [0x20_30, 0x20_5E], [0x21_90, 0x23_FF], [0x25_00, 0x27_BF], [0x28_00, 0x28_FF],
];

/**
string-width's width of every character of the ranges, as text indexed by code point: '0', '1' or '2', '.' for a character outside them.
*/
export function widthTable(stringWidth: StringWidth): string {
	const table = Array.from({length: 0x29_00}, () => '.');
	for (const [from, to] of singleClusterRanges) {
		for (let code = from; code <= to; code++) {
			const width = stringWidth(String.fromCharCode(code));
			if (width < 0 || width > 2) {
				throw new Error(`string-width gives U+${code.toString(16)} the width ${width}`);
			}

			table[code] = String(width);
		}
	}

	return table.join('');
}

/**
`stringWidth` with the fast path: `stripAnsi` is the strip-ansi that copy of string-width uses (both versions strip escape sequences before measuring, so a coloured line is measured as its text), `table` its `widthTable`.
*/
export function fastStringWidth(stringWidth: StringWidth, stripAnsi: (string: string) => string, table: string): StringWidth {
	return (input, options) => {
		// Callers from JavaScript may pass anything.
		if (options !== undefined || typeof input !== 'string') {
			return stringWidth(input, options);
		}

		const string = input.includes('\u001B') || input.includes('\u009B') ? stripAnsi(input) : input;
		let width = 0;
		for (let index = 0; index < string.length; index++) {
			const code = string.charCodeAt(index);
			if (code >= 0x20 && code < 0x7F) {
				width++;
				continue;
			}

			// '0' to '2' give 0 to 2; '.' (outside the ranges) and code points past the table give no width of their own.
			const characterWidth = code < table.length ? table.charCodeAt(code) - 48 : -1;
			if (characterWidth < 0) {
				return stringWidth(input);
			}

			width += characterWidth;
		}

		return width;
	};
}
