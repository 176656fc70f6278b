import {singleClusterRanges} from './fast-string-width.js';

/*
A fast path for the grapheme segmentation of the two ANSI tokenizers Ink uses, put in front of them by scripts/bundle/plugins.ts: @alcalzone/ansi-tokenize splits every line of every frame into grapheme clusters with Intl.Segmenter, and slice-ansi made one as its module loaded. The first Intl.Segmenter of a process loads ICU's break rules: 20-25 ms of CPU (600 page faults) of the explorer's start on a loaded machine, for lines of box drawing, arrows and ASCII. A line whose every character always forms a grapheme cluster of its own (the ranges of fast-string-width.ts) or is ESC (a control, always a cluster of its own; the tokenizer reads escape sequences from the single characters) is split into its characters here, which is what the segmenter gives for it; any other line goes to the segmenter, made on first use.
*/

export type Grapheme = {readonly segment: string; readonly index: number};

const single = new Uint8Array(0x29_00);
for (const [from, to] of singleClusterRanges) {
	single.fill(1, from, to + 1);
}

single[0x1B] = 1;

/**
The grapheme clusters of `text` when each of its characters is one, else undefined.
*/
export function simpleGraphemes(text: string): Grapheme[] | undefined {
	const graphemes: Grapheme[] = [];
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		if (code >= single.length || single[code] === 0) {
			return undefined;
		}

		graphemes.push({segment: text[index]!, index});
	}

	return graphemes;
}
