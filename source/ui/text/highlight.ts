import {sanitizeLine} from './sanitize.js';

/*
Colouring for block source in the Details pane: a lexical pass over one line (comments, strings, numbers, keywords, the block's first word). It is presentation only; the configuration is parsed by source/hcl.
*/

export type Segment = {
	readonly text: string;
	readonly style?: 'comment' | 'string' | 'number' | 'keyword' | 'block' | 'punctuation';
};

const keywords = new Set(['true', 'false', 'null', 'for', 'in', 'if', 'else', 'endif', 'endfor']);
const token = /(#.*|\/\/.*|"(?:[^"\\]|\\.)*"?|\b\d+(?:\.\d+)?\b|[A-Za-z_][\w-]*|[{}[\]()=,:?.]+|\s+|.)/gu;

export function highlightLine(line: string): Segment[] {
	const segments: Segment[] = [];
	let first = true;
	for (const match of line.matchAll(token)) {
		const text = sanitizeLine(match[0]);
		const raw = match[0];
		if (raw.startsWith('#') || raw.startsWith('//')) {
			segments.push({text, style: 'comment'});
		} else if (raw.startsWith('"')) {
			segments.push({text, style: 'string'});
		} else if (/^\d/.test(raw)) {
			segments.push({text, style: 'number'});
		} else if (/^[A-Za-z_]/.test(raw)) {
			segments.push(first ? {text, style: 'block'} : (keywords.has(raw) ? {text, style: 'keyword'} : {text}));
		} else if (/^\s+$/.test(raw)) {
			segments.push({text});
			continue;
		} else {
			segments.push({text, style: 'punctuation'});
		}

		first = false;
	}

	return segments;
}

export const segmentColors: Readonly<Record<NonNullable<Segment['style']>, string>> = {
	comment: 'gray',
	string: 'green',
	number: 'magenta',
	keyword: 'yellow',
	block: 'blue',
	punctuation: 'white',
};
