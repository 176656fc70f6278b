import type {ExplorerData, WhySubject} from '../explorer-data.js';
import type {DetailTarget} from '../text/detail-lines.js';
import {detailsCursor, detailsScrollLimit, detailsTargets, selectedAddress} from './selectors.js';
import type {State} from './state.js';

/*
The Details cursor: ↑/↓ move from one argument (or `each.*`, the `count`/`for_each`, an unknown behind it) to the next when Details is focused, and the pane scrolls to keep it in view; `w` traces the target under it and `A` writes an assumption for it in the console. A value taller than the pane is read through line by line before the cursor moves on, and past the last target the keys scroll on into the source.
*/

function clamp(value: number, low: number, high: number): number {
	return Math.max(low, Math.min(high, value));
}

/**
The scroll that shows the whole target, or its first lines when it is taller than the pane.
*/
function scrollToShow(scroll: number, target: DetailTarget, rows: number, limit: number): number {
	if (target.first < scroll) {
		return clamp(target.first, 0, limit);
	}

	if (target.last > scroll + rows - 1) {
		return clamp(Math.min(target.first, target.last - rows + 1), 0, limit);
	}

	return scroll;
}

function scrollBy(state: State, data: ExplorerData, lines: number): State {
	const limit = detailsScrollLimit(data, state);
	return {...state, detailsScroll: clamp(Math.min(state.detailsScroll, limit) + lines, 0, limit)};
}

/**
↑ (`step` -1) or ↓ (1) in the focused Details pane.
*/
export function moveDetailsCursor(state: State, data: ExplorerData, step: 1 | -1): State {
	const targets = detailsTargets(data, state);
	const cursor = detailsCursor(data, state);
	const current = targets[cursor];
	if (!current) {
		return scrollBy(state, data, step);
	}

	const rows = state.viewRows.details;
	const limit = detailsScrollLimit(data, state);
	const scroll = Math.min(state.detailsScroll, limit);
	const bottom = scroll + rows - 1;
	if (step === 1) {
		// Reading through a tall value, or on past the last target into the source.
		const next = targets[cursor + 1];
		if ((current.first <= bottom && current.last > bottom) || !next) {
			return scrollBy(state, data, 1);
		}

		return {...state, detailsTarget: next.key, detailsScroll: scrollToShow(scroll, next, rows, limit)};
	}

	// Scrolled below the cursor (reading the source), or reading back up through a tall value.
	const previous = targets[cursor - 1];
	if (current.first < scroll || !previous) {
		return scrollBy(state, data, -1);
	}

	return {...state, detailsTarget: previous.key, detailsScroll: scrollToShow(scroll, previous, rows, limit)};
}

/**
After stepping to another instance: the cursor (kept on the same argument) in view.
*/
export function revealDetailsCursor(state: State, data: ExplorerData): State {
	const target = detailsTargets(data, state)[detailsCursor(data, state)];
	if (!target || state.focus !== 'details') {
		return state;
	}

	const limit = detailsScrollLimit(data, state);
	return {...state, detailsScroll: scrollToShow(Math.min(state.detailsScroll, limit), target, state.viewRows.details, limit)};
}

/**
The target on a line of Details (a click), if any.
*/
export function targetAtLine(state: State, data: ExplorerData, line: number): DetailTarget | undefined {
	return detailsTargets(data, state).find(target => line >= target.first && line <= target.last);
}

/**
The target under the cursor when Details is focused.
*/
export function focusedDetailTarget(state: State, data: ExplorerData): DetailTarget | undefined {
	return state.focus === 'details' ? detailsTargets(data, state)[detailsCursor(data, state)] : undefined;
}

/**
What `w` traces for a Details target: an argument of a resource instance (its address and the name), a module instance's `var.x`/`output.x`, a variable's, local's or output's value, the block's `count`/`for_each`, or `each.*`/`count.index` in the instance's scope. Undefined: trace the selection as a whole.
*/
export function detailWhySubject(state: State, data: ExplorerData, target: DetailTarget): WhySubject | undefined {
	const address = selectedAddress(data, state);
	const details = data.details(address);
	if (!details) {
		return undefined;
	}

	switch (target.kind) {
		case 'argument': {
			switch (details.kind) {
				case 'resource':
				case 'data':
				case 'ephemeral': {
					return details.attributes.length > 0 ? {kind: 'address', address: `${address}.${target.name}`} : undefined;
				}

				case 'module-instance': {
					return /^(var|output)\./.test(target.name) ? {kind: 'address', address: address === '' ? target.name : `${address}.${target.name}`} : undefined;
				}

				case 'variable':
				case 'local':
				case 'output': {
					return {kind: 'address', address};
				}

				default: {
					return undefined;
				}
			}
		}

		case 'binding': {
			return {kind: 'expression', expression: target.name, context: address};
		}

		case 'expansion':
		case 'cause': {
			// The block's count/for_each (an instance's Details show its block's).
			const place = data.locate(address);
			return {kind: 'address', address: place?.block ?? address};
		}
	}
}

/**
The address `:assume` takes for a Details target, or why there is none. A placeholder's `[*]` is left out: an address without an instance key applies to every instance.
*/
export function assumptionAddress(state: State, data: ExplorerData, target: DetailTarget): {readonly address: string} | {readonly message: string} {
	const address = selectedAddress(data, state).replaceAll('[*]', '');
	const details = data.details(selectedAddress(data, state));
	switch (target.kind) {
		case 'cause': {
			return {address: target.name};
		}

		case 'expansion': {
			const cause = details?.expansion?.causes?.find(each => each.when !== 'expression');
			return cause ? {address: cause.address} : {message: target.unknown ? 'Nothing behind this count/for_each can be assumed: w shows why it is not known' : `The ${target.name} is known`};
		}

		case 'binding': {
			return {message: `${target.name} comes from the count/for_each: assume what that is made of (A on it)`};
		}

		case 'argument': {
			if (!target.unknown) {
				return {message: `${target.name} is known: an assumption pins a value only apply or plan would know`};
			}

			switch (details?.kind) {
				case 'resource':
				case 'data':
				case 'ephemeral': {
					return {address: `${address}.${target.name}`};
				}

				case 'module-instance': {
					return target.name.startsWith('var.') ? {address: address === '' ? target.name : `${address}.${target.name}`} : {message: 'An output cannot be assumed: w shows what it is made of'};
				}

				case 'variable': {
					return {address};
				}

				default: {
					return {message: 'Only a resource or data source attribute, or an input variable, can be assumed: w shows what this is made of'};
				}
			}
		}
	}
}
