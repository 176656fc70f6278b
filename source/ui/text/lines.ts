import stringWidth from 'string-width';

/*
Screen lines as data: a pane builds its visible rows as lines of styled spans, already cut to the pane's width, and `LinesView` draws them as one Ink text node. One node a pane instead of one (or more) a row is what keeps a key press cheap: Ink lays out, measures and draws every node again on every frame.
*/

export type SpanStyle = {
	/** A colour name; dropped when colour is off. */
	readonly color?: string;
	readonly dim?: boolean;
	readonly bold?: boolean;
	readonly italic?: boolean;
	readonly underline?: boolean;
	readonly inverse?: boolean;
};

export type Span = {readonly text: string; readonly style?: SpanStyle};

/** A row of the screen; `style` applies to the whole row (the selection's inverse), over the spans' own. */
export type Line = {readonly spans: readonly Span[]; readonly style?: SpanStyle};

const printableAscii = /^[\u0020-\u007E]*$/;
const widths = new Map<string, number>();
const segmenter = new Intl.Segmenter();

/**
Columns a text takes in the terminal, as Ink measures it (string-width); printable ASCII is its length. Other texts are remembered, as the same labels come back on every frame.
*/
export function textWidth(text: string): number {
	if (printableAscii.test(text)) {
		return text.length;
	}

	let width = widths.get(text);
	if (width === undefined) {
		width = stringWidth(text);
		if (widths.size > 10_000) {
			widths.clear();
		}

		widths.set(text, width);
	}

	return width;
}

export function lineWidth(line: Line): number {
	let width = 0;
	for (const span of line.spans) {
		width += textWidth(span.text);
	}

	return width;
}

/**
The longest start of a text that takes at most `columns` columns (a wide character that does not fit is left out).
*/
function sliceColumns(text: string, columns: number): string {
	if (printableAscii.test(text)) {
		return text.slice(0, columns);
	}

	let result = '';
	let used = 0;
	for (const {segment} of segmenter.segment(text)) {
		const width = textWidth(segment);
		if (used + width > columns) {
			break;
		}

		result += segment;
		used += width;
	}

	return result;
}

/**
A line cut to `columns` as Ink's `truncate-end` cuts a text: what fits in one column less, then `…` in the style of the last character kept.
*/
export function truncateLine(line: Line, columns: number): Line {
	if (lineWidth(line) <= columns) {
		return line;
	}

	if (columns < 1) {
		return {spans: [], ...(line.style && {style: line.style})};
	}

	const spans: Span[] = [];
	let room = columns - 1;
	for (const span of line.spans) {
		const width = textWidth(span.text);
		if (width <= room) {
			spans.push(span);
			room -= width;
			continue;
		}

		const text = sliceColumns(span.text, room);
		if (text !== '') {
			spans.push({...span, text});
		}

		break;
	}

	// The ellipsis joins the last span that shows something, as cli-truncate keeps the style open around it.
	let last = spans.length - 1;
	while (last >= 0 && spans[last]!.text === '') {
		last--;
	}

	if (last === -1) {
		spans.length = 0;
		spans.push({text: '…'});
	} else {
		spans.length = last + 1;
		spans[last] = {...spans[last]!, text: `${spans[last]!.text}…`};
	}

	return {spans, ...(line.style && {style: line.style})};
}

/**
The last characters of a text that take at most `columns` columns.
*/
function sliceColumnsFromEnd(text: string, columns: number): string {
	if (printableAscii.test(text)) {
		return columns <= 0 ? '' : text.slice(-columns);
	}

	const segments = [...segmenter.segment(text)].map(each => each.segment);
	let result = '';
	let used = 0;
	for (let index = segments.length - 1; index >= 0; index--) {
		const width = textWidth(segments[index]!);
		if (used + width > columns) {
			break;
		}

		result = segments[index]! + result;
		used += width;
	}

	return result;
}

/**
A name split into its instance keys (`["eu"]`, `[0]`, brackets outside quotes) and the text between them.
*/
function keyParts(text: string): Array<{text: string; key: boolean}> {
	const parts: Array<{text: string; key: boolean}> = [];
	let depth = 0;
	let quoted = false;
	let start = 0;
	for (let index = 0; index < text.length; index++) {
		const character = text[index];
		if (quoted) {
			if (character === '\\') {
				index++;
			} else if (character === '"') {
				quoted = false;
			}
		} else if (character === '"') {
			quoted = depth > 0;
		} else if (character === '[') {
			if (depth === 0 && index > start) {
				parts.push({text: text.slice(start, index), key: false});
				start = index;
			}

			depth++;
		} else if (character === ']' && depth > 0) {
			depth--;
			if (depth === 0) {
				parts.push({text: text.slice(start, index + 1), key: true});
				start = index + 1;
			}
		}
	}

	if (start < text.length) {
		parts.push({text: text.slice(start), key: depth > 0});
	}

	return parts;
}

/**
An address without keys cut to its last steps, each whole (`…alz.module.management_resources`); undefined when the last step alone does not fit, or for a name of one step.
*/
function lastSteps(text: string, columns: number): string | undefined {
	// Only a module path: a block's `data.TYPE.NAME` keeps both ends instead (`data.aw…ilable`).
	if (!text.startsWith('module.') || text.includes('[') || text.includes('"')) {
		return undefined;
	}

	let from = text.indexOf('.');
	while (from !== -1) {
		const tail = text.slice(from + 1);
		if (textWidth(tail) + 1 <= columns) {
			return `…${tail}`;
		}

		from = text.indexOf('.', from + 1);
	}

	return undefined;
}

/**
A name with instance keys cut only between its keys, each key kept whole (`module.app["eu"].aws_instance.web[0]` → `…app["eu"].aws_in…web[0]`): the text before a key is cut in its middle, the first first. Undefined when the keys alone do not fit (the caller cuts inside a key).
*/
function cutBetweenKeys(text: string, columns: number): string | undefined {
	const parts = keyParts(text);
	if (!parts.some(part => part.key)) {
		return undefined;
	}

	let excess = textWidth(text) - columns;
	const shown = parts.map(part => {
		const width = textWidth(part.text);
		if (part.key || excess <= 0 || width <= 1) {
			return part.text;
		}

		const kept = Math.max(1, width - excess);
		excess -= width - kept;
		// The first part keeps its end (the name right before the key); later ones both ends.
		const head = parts[0] === part ? 0 : Math.floor((kept - 1) / 2);
		return sliceColumns(part.text, head) + '…' + sliceColumnsFromEnd(part.text, kept - 1 - head);
	});
	return excess <= 0 ? shown.join('') : undefined;
}

/**
A name cut to `columns` keeping what tells it apart: the start up to its first key (`module.policy["`), `…`, and as much of the end as fits. Instance keys of one block share their start and differ at the end (`…/policyAssignments/Deploy-MDFC-OssDb"]`), so cutting on the right makes them all look the same.
*/
export function cutName(text: string, columns: number): string {
	if (textWidth(text) <= columns) {
		return text;
	}

	if (columns <= 1) {
		return columns === 1 ? '…' : '';
	}

	const betweenKeys = cutBetweenKeys(text, columns) ?? lastSteps(text, columns);
	if (betweenKeys !== undefined) {
		return betweenKeys;
	}

	const bracket = text.indexOf('[');
	// With a key: its start when that leaves half the room to the key's end, else only the end (`…net["us"]`).
	const headRoom = bracket >= 0 ? (bracket + 2 <= Math.floor(columns / 2) ? bracket + 2 : 0) : Math.floor((columns - 1) / 3);
	const head = sliceColumns(text, headRoom);
	return head + '…' + sliceColumnsFromEnd(text, columns - 1 - textWidth(head));
}

/**
A line without its first `columns` columns (scrolled sideways); a wide character cut in two is dropped.
*/
export function dropColumns(line: Line, columns: number): Line {
	const spans: Span[] = [];
	let skip = columns;
	for (const span of line.spans) {
		if (skip <= 0) {
			spans.push(span);
			continue;
		}

		const width = textWidth(span.text);
		if (width <= skip) {
			skip -= width;
			continue;
		}

		const head = sliceColumns(span.text, skip);
		let rest = span.text.slice(head.length);
		// A wide character straddling the cut.
		if (textWidth(head) < skip) {
			rest = [...segmenter.segment(rest)].slice(1).map(each => each.segment).join('');
		}

		skip = 0;
		spans.push({...span, text: rest});
	}

	return {spans, ...(line.style && {style: line.style})};
}

/**
The selected row with a `▶` at its start, for terminals that may draw no inverse video: in the row's leading blank (or beside its fold marker) so the row keeps its width and its badges, else before it.
*/
export function markSelected(line: Line): Line {
	const [first, ...rest] = line.spans;
	if (!first) {
		return {...line, spans: [{text: '▶'}]};
	}

	const characters = [...first.text];
	let text: string;
	if (characters[0] === ' ' && characters[1] === ' ') {
		text = '▶ ' + characters.slice(2).join('');
	} else if (characters[1] === ' ') {
		text = '▶' + characters[0]! + characters.slice(2).join('');
	} else {
		text = '▶ ' + first.text;
	}

	return {...line, spans: [{...first, text}, ...rest]};
}
