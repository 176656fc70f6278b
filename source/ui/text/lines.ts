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
// Made on first use: the first Intl.Segmenter of a process costs tens of milliseconds (ICU's data), too much for every start.
let segmenterMade: Intl.Segmenter | undefined;
const segmenter = {segment: (text: string) => (segmenterMade ??= new Intl.Segmenter()).segment(text)};

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
export function sliceColumns(text: string, columns: number): string {
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
export function sliceColumnsFromEnd(text: string, columns: number): string {
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
The text split at its top-level dots (outside brackets and quotes): `module.app["a.b"].aws_instance.web[0]` → `module`, `app["a.b"]`, `aws_instance`, `web[0]`.
*/
function addressTokens(text: string): string[] {
	const tokens: string[] = [];
	let start = 0;
	let offset = 0;
	for (const part of keyParts(text)) {
		if (!part.key) {
			for (let dot = part.text.indexOf('.'); dot !== -1; dot = part.text.indexOf('.', dot + 1)) {
				tokens.push(text.slice(start, offset + dot));
				start = offset + dot + 1;
			}
		}

		offset += part.text.length;
	}

	tokens.push(text.slice(start));
	return tokens;
}

/**
A name before its key (`aws_subnet.public`) cut to `columns`: from its start, as a path is, while its last word stays whole (`…_subnet.public`: a type's provider prefix tells least), else both ends.
*/
function cutStepName(name: string, columns: number): string {
	if (textWidth(name) <= columns) {
		return name;
	}

	const dot = name.lastIndexOf('.');
	const tail = dot > 0 ? name.slice(dot) : '';
	if (tail !== '' && textWidth(tail) + 2 <= columns) {
		const kept = sliceColumnsFromEnd(name, columns - 1);
		// A leading word cut to a few letters (`…a.aws_availability_zones`, the `data` of a data source) tells nothing: it goes, while a dot stays after it.
		const first = kept.indexOf('.');
		const partial = name[name.length - kept.length - 1] !== '.';
		return (first === 0 || (partial && first <= 4)) && first < kept.lastIndexOf('.') ? '…' + kept.slice(first + 1) : '…' + kept;
	}

	// Room for the last word alone: it stays whole (`…available`).
	if (tail !== '' && textWidth(tail) <= columns) {
		return '…' + tail.slice(1);
	}

	return cutMiddle(name, columns, Math.floor((columns - 1) / 2));
}

/**
The text cut in its middle, keeping `head` columns of its start (at least one) and as much of its end as fits.
*/
export function cutMiddle(text: string, columns: number, head: number): string {
	if (textWidth(text) <= columns) {
		return text;
	}

	if (columns <= 1) {
		return columns === 1 ? '…' : '';
	}

	const start = sliceColumns(text, Math.max(1, Math.min(head, columns - 2)));
	return start + '…' + sliceColumnsFromEnd(text, columns - 1 - textWidth(start));
}

/**
One address step (`aws_subnet.public["eu-west-1b"]`, `network["eu"]`) cut to `columns`: its instance key stays whole while the name before it can give way (cut in its middle, its last word kept); then the key is cut inside its text, keeping its brackets, a recognisable start and its end (`network["/subscr…/Deploy-OssDb"]`).
*/
// An address without keys (`data.aws_availability_zones.available`); a value such as a quoted path with dots is not one, and keeps both ends.
const dottedName = /^[A-Za-z_][\w-]*(?:\.[\w-]+)+$/;

function cutStep(step: string, columns: number): string {
	if (textWidth(step) <= columns) {
		return step;
	}

	const parts = keyParts(step);
	const last = parts.at(-1);
	if (!last?.key || parts.length < 2) {
		// No key (a Blocks row, `data.aws_availability_zones.available`): the block's own name stays whole while its type gives way from its start (`…aws_availability_zones.available`, `…zones.available`); a name too long for that keeps both ends.
		return dottedName.test(step) ? cutStepName(step, columns) : cutMiddle(step, columns, Math.floor((columns - 1) / 3));
	}

	const key = last.text;
	const name = step.slice(0, step.length - key.length);
	const nameWidth = textWidth(name);
	const keyWidth = textWidth(key);
	// The name gives way first, down to a recognisable start and its last word.
	const nameFloor = Math.min(nameWidth, 8);
	if (columns - keyWidth >= nameFloor) {
		return cutStepName(name, columns - keyWidth) + key;
	}

	const quoted = key.startsWith('["') && key.endsWith('"]') && key.length >= 4;
	const open = quoted ? '["' : '[';
	const close = quoted ? '"]' : ']';
	const inner = key.slice(open.length, key.length - close.length);
	// At least `["a…z"]` for the key; the name keeps what is left, up to half the room.
	const keyFloor = open.length + close.length + Math.min(textWidth(inner), 3);
	const nameRoom = Math.max(0, Math.min(nameWidth, Math.max(Math.min(8, Math.floor(columns / 3)), columns - keyWidth), columns - keyFloor));
	const shownName = nameRoom === 0 ? '' : cutStepName(name, nameRoom);
	const innerRoom = columns - textWidth(shownName) - open.length - close.length;
	if (innerRoom < 1) {
		return cutMiddle(step, columns, Math.floor((columns - 1) / 3));
	}

	// A recognisable start (up to 4 columns, a third when there is more room), then the end.
	return shownName + open + cutMiddle(inner, innerRoom, Math.max(Math.floor((innerRoom - 1) / 3), Math.min(4, Math.ceil((innerRoom - 1) / 2)))) + close;
}

/**
Where an address's own last step begins: after its last module step (`module.NAME[key].`), or at that step's `NAME[key]` when it is the last.
*/
function ownStepStart(tokens: readonly string[]): number {
	let start = 0;
	for (let index = 0; index < tokens.length - 1; index++) {
		if (tokens[index] === 'module') {
			start = index + 2 < tokens.length ? index + 2 : index + 1;
		}
	}

	return start;
}

/**
The module steps before an address's own step (`module.network["eu"].`) cut to `columns` from their start: keys kept while their names give way, else whole steps from the end, else `…`.
*/
function cutPrefix(prefix: string, columns: number): string {
	if (textWidth(prefix) <= columns) {
		return prefix;
	}

	const betweenKeys = cutBetweenKeys(prefix, columns);
	if (betweenKeys !== undefined) {
		return betweenKeys;
	}

	for (let dot = prefix.indexOf('.'); dot !== -1 && dot < prefix.length - 1; dot = prefix.indexOf('.', dot + 1)) {
		const tail = prefix.slice(dot + 1);
		if (textWidth(tail) + 1 <= columns && keyParts(tail)[0]?.key !== true) {
			return `…${tail}`;
		}
	}

	return '…';
}

/**
A name (an address, or a title ending in one: `Console — module.app["eu"].aws_instance.web[0]`) cut to `columns` keeping what tells it apart. Its own last step (`aws_subnet.public["eu-west-1b"]`, `network["eu"]`) stays whole and the module steps before it give way first, from their start, keeping their keys while they can (`…["eu"].aws_subnet.public["eu-west-1b"]`); a title's words before the address go next. Only when the last step alone does not fit is it cut: the name before its key first, then inside the key, which keeps its brackets, its start and its end (instance keys of one block share their start and often differ at the end: `…/policyAssignments/Deploy-MDFC-OssDb"]`). A name without keys keeps its own last word whole and cuts its type from the start (`…aws_availability_zones.available`), both ends only when the last word alone does not fit.
*/
export function cutName(text: string, columns: number): string {
	if (textWidth(text) <= columns) {
		return text;
	}

	if (columns <= 1) {
		return columns === 1 ? '…' : '';
	}

	// A title's words before its address (`Blocks — `): the last space outside brackets and quotes.
	let split = 0;
	let offset = 0;
	for (const part of keyParts(text)) {
		const space = part.key ? -1 : part.text.lastIndexOf(' ');
		split = space === -1 ? split : offset + space + 1;
		offset += part.text.length;
	}

	if (split > 0) {
		const label = text.slice(0, split);
		const address = text.slice(split);
		const tokens = addressTokens(address);
		const own = tokens.slice(ownStepStart(tokens)).join('.');
		const needed = Math.min(textWidth(address), textWidth(own) + (own === address ? 0 : 1));
		if (address !== '' && textWidth(label) + needed <= columns) {
			return label + cutAddress(address, columns - textWidth(label));
		}

		// Without its words the own step fits: the key matters more than the pane's name. Else the words stay and the address is cut beside them.
		if (address !== '' && textWidth(own) + (own === address ? 0 : 1) <= columns) {
			return cutAddress(address, columns);
		}

		if (address !== '' && columns - textWidth(label) >= 16) {
			return label + cutAddress(address, columns - textWidth(label));
		}
	}

	return cutAddress(text, columns);
}

function cutAddress(text: string, columns: number): string {
	if (textWidth(text) <= columns) {
		return text;
	}

	const tokens = addressTokens(text);
	const start = ownStepStart(tokens);
	const own = tokens.slice(start).join('.');
	if (start === 0) {
		return cutStep(own, columns);
	}

	const prefix = text.slice(0, text.length - own.length);
	if (textWidth(own) + 1 <= columns) {
		return cutPrefix(prefix, columns - textWidth(own)) + own;
	}

	// The module prefix is gone: `…` says so (a root module call keeps its `module.` to be cut with its name).
	if (prefix === 'module.') {
		return cutStep(text, columns);
	}

	const step = cutStep(own, columns);
	return step.startsWith('…') ? step : '…' + cutStep(own, columns - 1);
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
