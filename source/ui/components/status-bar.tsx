import {memo, useMemo} from 'react';
import type {Binding} from '../input/keymap.js';
import {lineWidth, textWidth, truncateLine, type Line, type Span} from '../text/lines.js';
import {sanitizeLine} from '../text/sanitize.js';
import {LinesView} from './lines-view.js';
import {countKinds, countMarks} from '../../plan/counts.js';

export type StatusBarProps = {
	readonly bindings: readonly Binding[];
	readonly message: string | undefined;
	/** Right-hand side: the load state (`12 modules · 340 instances · 2 errors`). */
	readonly state: string;
	readonly width: number;
	/** Keys go to a text field (the console's input line): `?` and `q` type themselves there, so the bar offers Ctrl-C to quit. */
	readonly textEntry?: boolean;
};

/**
As many key hints as fit whole, in the table's order: a hint cut mid-word reads as a different key.
*/
function wholeHints(bindings: readonly Binding[], room: number): Span[] {
	const spans: Span[] = [];
	let used = 0;
	for (const binding of bindings) {
		const description = ` ${binding.description.split(/[(,;:]/)[0]?.trim() ?? ''}`;
		const width = lineWidth({spans: [{text: binding.help + description}]});
		if (used + width > room) {
			break;
		}

		spans.push({text: binding.help, style: {bold: true, color: 'cyan'}}, {text: description + '  '});
		used += width + 2;
	}

	const last = spans.at(-1);
	if (last) {
		spans[spans.length - 1] = {...last, text: last.text.trimEnd()};
	}

	return spans;
}

const shorterWords: ReadonlyArray<[RegExp, string]> = [
	// A plan's counts (`plan: 3 create, 1 replace`) as the marks the panes show (`plan +3 -/+1`).
	...countKinds.map((kind): [RegExp, string] => [new RegExp(`(\\d+) ${kind}\\b(?:, )?`, 'g'), `${countMarks[kind]}$1 `]),
	[/^plan( \(errored\))?: /, 'plan$1 '],
	[/(\d+) module instances?\b/g, '$1m'],
	[/(\d+) resource instances?\b/g, '$1r'],
	[/(\d+) open-ended \[\*]/g, '$1[*]'],
	[/(\d+) errors?,? ?/g, '✖$1 '],
	[/(\d+) warnings?\b/g, '⚠$1'],
];

/**
The state for the room it may take (at most half the line, so key hints stay): whole, else in short words (`4m · 17r · 1[*] · ✖0 ⚠1`, as the module tree's badges), else without the language and the `d` hint, else its last parts.
*/
export function fitState(state: string, width: number, most?: number): string {
	const room = most ?? Math.max(20, Math.floor(width / 2));
	if (textWidth(state) <= room) {
		return state;
	}

	let short = state;
	for (const [pattern, replacement] of shorterWords) {
		short = short.replace(pattern, replacement);
	}

	// Then without what matters least (the language, the hint), then without its first parts.
	let parts = short.split(' · ');
	for (const dispensable of [/^(Terraform|OpenTofu)$/, /^d: diagnostics$/]) {
		if (textWidth(parts.join(' · ')) > room && parts.length > 1) {
			parts = parts.filter(part => !dispensable.test(part));
		}
	}

	// A diff's or a plan's summary comes first and matters most: then the counts after it give way.
	parts = parts.map(part => part.trimEnd());
	const keepFirst = /^(diff vs|plan\b)/.test(parts[0] ?? '');
	while (parts.length > 1 && textWidth(parts.join(' · ')) > room) {
		parts.splice(keepFirst ? 1 : 0, 1);
	}

	// Alone and still too long: its last words go (a plan's counts end with what matters least: forget, read, move, import).
	let words = parts.join(' · ').split(' ');
	while (words.length > 2 && textWidth(words.join(' ')) > room) {
		words = words.slice(0, -1);
	}

	return words.join(' ');
}

/** Always on the bar, at the end of the hints: how to get help and how to leave. */
const alwaysShown = new Set(['toggle-help', 'quit', 'close-help']);

function fixedHints(textEntry: boolean): Span[] {
	const key = {bold: true, color: 'cyan'} as const;
	return textEntry
		? [{text: 'Ctrl-C', style: key}, {text: ' quit'}]
		: [{text: '?', style: key}, {text: ' help  '}, {text: 'q', style: key}, {text: ' quit'}];
}

/**
The status bar as one line: the keys (or the message), then `? help  q quit`, a space, the state. The state is shortened to leave room for the keys; a message takes the room it needs first, and is cut only when the line cannot hold it.
*/
export function statusLine({bindings, message, state, width, textEntry = false}: StatusBarProps): Line {
	const fixed = fixedHints(textEntry);
	const fixedWidth = lineWidth({spans: fixed});
	const text = sanitizeLine(state);
	const messageWidth = message === undefined ? 0 : textWidth(sanitizeLine(message));
	// With a message, the state gives up its room first (down to nothing).
	const stateRoom = message === undefined ? undefined : Math.max(0, width - messageWidth - fixedWidth - 4);
	const fitted = stateRoom === undefined ? fitState(text, width) : (stateRoom < 12 ? '' : fitState(text, width, stateRoom));
	const right: Span = {text: fitted, style: {dim: true}};
	const room = Math.max(0, width - lineWidth({spans: [right]}) - 1 - fixedWidth - 2);
	const left: Line = message === undefined
		? {spans: wholeHints(bindings.filter(binding => !alwaysShown.has(binding.id)), room)}
		: {spans: [{text: sanitizeLine(message), style: {color: 'yellow'}}]};
	const cut = truncateLine(left, room);
	const padding = room - lineWidth(cut);
	return {spans: [...cut.spans, {text: '  '}, ...fixed, {text: ' '.repeat(padding + 1)}, right]};
}

/**
The focused scope's keys from the keymap table, a message when a key did nothing (and why), and the load state.
*/
export const StatusBar = memo(function StatusBar({bindings, message, state, width, textEntry}: StatusBarProps) {
	const lines = useMemo(() => [statusLine({bindings, message, state, width, ...(textEntry !== undefined && {textEntry})})], [bindings, message, state, width, textEntry]);
	return <LinesView lines={lines} width={width}/>;
});
