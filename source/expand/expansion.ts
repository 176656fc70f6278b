import {
	type Value, numberValue, stringValue,
} from '../lang/values.js';
import {
	type InstanceKey, compareKeys, intKey, noKey, stringKey,
} from './addresses.js';

/*
How one block (resource, data or module call) expands in one module instance, after Terraform's expansion modes: single, count, for_each, or unknown (known after apply). `invalid` is a count/for_each that failed with a diagnostic: no instances, and the rest of the configuration still expands.
*/

export type Expansion =
	| {readonly mode: 'single'}
	| {readonly mode: 'count'; readonly count: number}
	/**
	Keys in Terraform's (lexical) order; values are `each.value` (the key itself for a set of strings).
	*/
	| {readonly mode: 'for_each'; readonly entries: ReadonlyMap<string, Value>; readonly isSet: boolean}
	| {readonly mode: 'unknown'; readonly meta: 'count' | 'for_each'; readonly reason: string}
	| {readonly mode: 'invalid'; readonly meta: 'count' | 'for_each'; readonly reason: string};

export const singleExpansion: Expansion = Object.freeze({mode: 'single'});

/**
`count.index`, `each.key`, `each.value` of one instance; absent when the block does not use that meta-argument.
*/
export type RepetitionData = {
	readonly countIndex?: Value;
	readonly eachKey?: Value;
	readonly eachValue?: Value;
};

export const noRepetition: RepetitionData = Object.freeze({});

export function instanceKeys(expansion: Expansion): InstanceKey[] {
	switch (expansion.mode) {
		case 'single': {
			return [noKey];
		}

		case 'count': {
			return Array.from({length: expansion.count}, (_, index) => intKey(index));
		}

		case 'for_each': {
			return [...expansion.entries.keys()].map(key => stringKey(key)).sort(compareKeys);
		}

		default: {
			return [];
		}
	}
}

export function repetitionData(expansion: Expansion, key: InstanceKey): RepetitionData {
	if (expansion.mode === 'count' && key.kind === 'int') {
		return {countIndex: numberValue(key.value)};
	}

	if (expansion.mode === 'for_each' && key.kind === 'string') {
		const value = expansion.entries.get(key.value);
		return {eachKey: stringValue(key.value), eachValue: value ?? stringValue(key.value)};
	}

	return noRepetition;
}

/**
How an expansion reads in the UI and in `tree`: `count = 3`, `for_each (2)`, `known after apply: ...`.
*/
export function describeExpansion(expansion: Expansion): string {
	switch (expansion.mode) {
		case 'single': {
			return 'single';
		}

		case 'count': {
			return `count = ${expansion.count}`;
		}

		case 'for_each': {
			return `for_each (${expansion.entries.size})`;
		}

		case 'unknown': {
			return `${expansion.meta} known after apply: ${expansion.reason}`;
		}

		case 'invalid': {
			return `invalid ${expansion.meta}: ${expansion.reason}`;
		}
	}
}
