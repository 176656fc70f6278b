import type {Diagnostic} from '../hcl/diagnostics.js';
import type {UnknownCause} from './unknown-causes.js';
import {type MismatchWording, convert, conversionFailureText} from '../lang/convert.js';
import {boolType} from '../lang/types.js';
import {
	type Type, dynamicType, friendlyTypeName, numberType, stringType,
} from '../lang/types.js';
import {
	type NumberValue, type Value, deepMarks, numberValue, stringValue, typeOf, unknownValue, unmark,
} from '../lang/values.js';
import {
	type InstanceKey, compareKeys, formatKey, intKey, noKey, stringKey, unknownKey,
} from './addresses.js';

/*
How one block (resource, data or module call) expands in one module instance, after Terraform's expansion modes: single, count, for_each, or unknown (known after apply). `invalid` is a count/for_each that failed with a diagnostic: no instances, and the rest of the configuration still expands. Both carry, when the expander reported one, the `diagnostic` that is also among the Workspace's diagnostics (an error for `invalid`, a warning for `unknown`), so `instances` and `check` print the same thing.
*/

export type Expansion =
	| {readonly mode: 'single'}
	/**
	`assumed` (count, for_each, enabled): the value comes from a what-if assumption, so the instances exist only under it.
	*/
	| {readonly mode: 'count'; readonly count: number; readonly assumed?: true}
	/**
	Keys in Terraform's (lexical) order; values are `each.value` (the key itself for a set of strings).
	*/
	| {readonly mode: 'for_each'; readonly entries: ReadonlyMap<string, Value>; readonly isSet: boolean; readonly assumed?: true}
	/**
	Known only after apply (or plan): one placeholder instance (key `[*]`) stands for all of them, evaluated with `count.index`/`each.key` unknown and `each.value` unknown of the element type when that is known (`eachValue`).
	*/
	| {readonly mode: 'unknown'; readonly meta: 'count' | 'for_each'; readonly reason: string; readonly eachValue?: Value; readonly causes?: readonly UnknownCause[]}
	/**
	OpenTofu's `lifecycle { enabled }`: one instance with no key, or none; a disabled block's value is null.
	*/
	| {readonly mode: 'enabled'; readonly enabled: boolean; readonly assumed?: true}
	| {readonly mode: 'invalid'; readonly meta: 'count' | 'for_each' | 'enabled'; readonly reason: string; readonly summary?: string; readonly diagnostic?: Diagnostic};

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

const placeholderCount: RepetitionData = Object.freeze({countIndex: unknownValue(numberType)});
const unknownString = unknownValue(stringType);

/**
The type of `each.value` for a `for_each` value of this type (a map's or set's element type), as far as it is known.
*/
function elementTypeOf(type: Type): Type {
	return type.kind === 'map' || type.kind === 'set' ? type.element : dynamicType;
}

/**
The instances one expansion makes, in instance key order: each one's key, its `count.index`/`each.key`/`each.value` (`repetitions`) and the text its address ends with (`suffixes`: `[0]`, `["a"]`, or nothing).

Made once per expansion and shared: the blocks of a module instance that use the same `for_each` or `count` value get the same expansion (forEachExpansion and countExpansion keep one per value), so their instances share these objects, and `count` instances share them across expansions. At 50,000 instances, making them per instance was a large part of expanding and of the garbage it left.
*/
export type ExpansionInstances = {
	readonly keys: readonly InstanceKey[];
	readonly repetitions: readonly RepetitionData[];
	readonly suffixes: readonly string[];
};

const instancesByExpansion = new WeakMap<Expansion, ExpansionInstances>();

export function expansionInstances(expansion: Expansion): ExpansionInstances {
	let instances = instancesByExpansion.get(expansion);
	if (!instances) {
		instances = makeInstances(expansion);
		instancesByExpansion.set(expansion, instances);
	}

	return instances;
}

function makeInstances(expansion: Expansion): ExpansionInstances {
	if (expansion.mode === 'count') {
		const keys: InstanceKey[] = [];
		const repetitions: RepetitionData[] = [];
		const suffixes: string[] = [];
		for (let index = 0; index < expansion.count; index++) {
			const shared = countInstance(index);
			keys.push(shared.key);
			repetitions.push(shared.repetition);
			suffixes.push(shared.suffix);
		}

		return {keys, repetitions, suffixes};
	}

	const keys = keysOf(expansion);
	return {keys, repetitions: keys.map(key => repetitionData(expansion, key)), suffixes: keys.map(key => formatKey(key))};
}

/**
The key, `count.index` and address suffix of the instance at `index` of any `count`: the same objects for every block (immutable values), up to a bound so a single large count does not stay in memory after its workspace.
*/
const sharedCountInstances: Array<{readonly key: InstanceKey; readonly repetition: RepetitionData; readonly suffix: string}> = [];
const maximumSharedCountIndex = 1024;

function countInstance(index: number): {readonly key: InstanceKey; readonly repetition: RepetitionData; readonly suffix: string} {
	let shared = sharedCountInstances[index];
	if (!shared) {
		const key = intKey(index);
		shared = {key, repetition: {countIndex: numberValue(index)}, suffix: formatKey(key)};
		if (index < maximumSharedCountIndex) {
			sharedCountInstances[index] = shared;
		}
	}

	return shared;
}

export function instanceKeys(expansion: Expansion): readonly InstanceKey[] {
	return expansionInstances(expansion).keys;
}

function keysOf(expansion: Expansion): InstanceKey[] {
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

		case 'unknown': {
			return [unknownKey];
		}

		case 'enabled': {
			return expansion.enabled ? [noKey] : [];
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

	if (expansion.mode === 'unknown') {
		return expansion.meta === 'count' ? placeholderCount : {eachKey: unknownString, eachValue: expansion.eachValue ?? unknownValue()};
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

		case 'enabled': {
			return `enabled = ${expansion.enabled}`;
		}

		case 'unknown': {
			return `${expansion.meta} not known yet: ${expansion.reason}`;
		}

		case 'invalid': {
			return `invalid ${expansion.meta}: ${expansion.reason}`;
		}
	}
}

/**
The most instances one block expands to: a guard against `count = 1e9` exhausting memory.
*/
export const maximumInstances = 100_000;

export type ExpansionResult = {readonly expansion: Expansion; readonly error?: {readonly summary: string; readonly detail: string}};

function invalid(meta: 'count' | 'for_each' | 'enabled', summary: string, detail: string): ExpansionResult {
	return {expansion: {mode: 'invalid', meta, reason: detail, summary}, error: {summary, detail}};
}

/**
The expansion for an evaluated `count` value: a whole, non-negative, known number.
*/
export function countExpansion(value: Value, wording: MismatchWording = 'terse'): ExpansionResult {
	// One result per value (see ExpansionInstances): blocks that read the same `count` value share it.
	const cache = countExpansions[wording];
	let result = cache.get(value);
	if (!result) {
		result = countExpansionOf(value, wording);
		cache.set(value, result);
	}

	return result;
}

// By the wording of the message a value that is no number gets.
const countExpansions: Record<MismatchWording, WeakMap<Value, ExpansionResult>> = {terse: new WeakMap(), 'with-given-type': new WeakMap()};

function countExpansionOf(value: Value, wording: MismatchWording): ExpansionResult {
	const [bare] = unmark(value);
	if (bare.kind === 'unknown') {
		return {expansion: {mode: 'unknown', meta: 'count', reason: 'The "count" value depends on values that are not known yet.'}};
	}

	if (bare.kind === 'null') {
		return invalid('count', 'Invalid count argument', 'The given "count" argument value is null. An integer is required.');
	}

	let number = bare;
	if (bare.kind !== 'number') {
		const converted = convert(bare, numberType);
		if (!converted.ok || converted.value.kind !== 'number') {
			return invalid('count', 'Incorrect value type', `Invalid expression value: ${converted.ok ? 'a number is required' : conversionFailureText(converted, wording)}.`);
		}

		number = converted.value;
	}

	const numeric = (number as NumberValue).value;
	if (!numeric.isInteger()) {
		return invalid('count', 'Invalid count argument', `The given "count" argument value is unsuitable: value must be a whole number.`);
	}

	if (numeric.isNegative() && !numeric.isZero()) {
		return invalid('count', 'Invalid count argument', 'The given "count" argument value is unsuitable: must be greater than or equal to zero.');
	}

	if (numeric.greaterThan(maximumInstances)) {
		return invalid('count', 'Too many instances', `The "count" value ${numeric.toString()} is more than tfscope expands for one block (${maximumInstances}); the block is shown without instances.`);
	}

	return {expansion: {mode: 'count', count: numeric.toNumber()}};
}

/**
The expansion for an evaluated `lifecycle { enabled }` value, with OpenTofu's errors (internal/lang/evalchecks/eval_lifecycle_enabled.go): not sensitive, not ephemeral, not null, known, a bool.
*/
export function enabledExpansion(value: Value, wording: MismatchWording = 'terse'): ExpansionResult {
	const marks = deepMarks(value);
	if (marks.has('sensitive')) {
		return invalid('enabled', 'Invalid enabled argument', 'Sensitive values, or values derived from sensitive values, cannot be used in "enabled" arguments. If used, the sensitive value would be exposed by whether an instance is present.');
	}

	if (marks.has('ephemeral')) {
		return invalid('enabled', 'Invalid enabled argument', 'The given "enabled" argument value is unsuitable: the given value is ephemeral.');
	}

	const [bare] = unmark(value);
	if (bare.kind === 'null') {
		return invalid('enabled', 'Invalid enabled argument', 'The given "enabled" argument value is unsuitable: the given value is null.');
	}

	if (bare.kind === 'unknown') {
		return invalid('enabled', 'Invalid enabled argument', 'The given "enabled" argument value is derived from a value that won\'t be known until the apply phase, so OpenTofu cannot determine whether an instance of this object is declared or not.');
	}

	const converted = convert(bare, boolType);
	if (!converted.ok || converted.value.kind !== 'bool') {
		return invalid('enabled', 'Invalid enabled argument', `The given "enabled" argument value is unsuitable: ${converted.ok ? 'bool required' : conversionFailureText(converted, wording)}.`);
	}

	return {expansion: {mode: 'enabled', enabled: converted.value.value}};
}

/**
The `each.key` and `each.value` of every import an `import` block with `for_each` (Terraform 1.7+) makes, as Terraform's plan expands it: one per element of a map, object or set of strings (forEachExpansion), or of a list or tuple (its index is the key); undefined when that is not known (or not valid: the plan stops on it).
*/
export function importEachElements(value: Value): Array<readonly [Value, Value]> | undefined {
	const [bare] = unmark(value);
	if (bare.kind === 'list' || bare.kind === 'tuple') {
		return bare.elements.map((element, index) => [numberValue(index), element] as const);
	}

	const {expansion} = forEachExpansion(bare);
	return expansion.mode === 'for_each' ? [...expansion.entries].map(([key, element]) => [stringValue(key), element] as const) : undefined;
}

/**
The expansion for an evaluated `for_each` value: a map or object (keys known), or a set of known strings.
*/
export function forEachExpansion(value: Value, what: 'resource' | 'module' = 'resource'): ExpansionResult {
	// One result per value (see ExpansionInstances): the blocks of a module instance that iterate over the same local share it.
	const cache = what === 'module' ? moduleForEachExpansions : resourceForEachExpansions;
	let result = cache.get(value);
	if (!result) {
		result = forEachExpansionOf(value, what);
		cache.set(value, result);
	}

	return result;
}

// Apart for resources and modules: an error names which.
const resourceForEachExpansions = new WeakMap<Value, ExpansionResult>();
const moduleForEachExpansions = new WeakMap<Value, ExpansionResult>();

function forEachExpansionOf(value: Value, what: 'resource' | 'module'): ExpansionResult {
	const result = forEachEntries(value, what);
	if (result.expansion.mode === 'for_each' && result.expansion.entries.size > maximumInstances) {
		return invalid('for_each', 'Too many instances', `The "for_each" value has ${result.expansion.entries.size} elements, more than tfscope expands for one block (${maximumInstances}); the block is shown without instances.`);
	}

	return result;
}

function forEachEntries(value: Value, what: 'resource' | 'module'): ExpansionResult {
	const unsuitable = (reason: string) => invalid('for_each', 'Invalid for_each argument', `The given "for_each" argument value is unsuitable: ${reason}`);
	// Only a sensitive collection, or a sensitive key (a set's element), would expose a secret as an instance key: a sensitive value inside a map's elements stays with each.value (Terraform's evaluateForEachExpression checks the collection's own marks; #38, E).
	if (value.marks?.has('sensitive') || (value.kind === 'set' && value.elements.some(element => element.marks?.has('sensitive')))) {
		return invalid('for_each', 'Invalid for_each argument', `Sensitive values, or values derived from sensitive values, cannot be used as for_each arguments. If used, the sensitive value could be exposed as a ${what === 'module' ? 'module' : 'resource'} instance key.`);
	}

	if (value.kind === 'null') {
		return unsuitable('the given "for_each" argument value is null. A map, or set of strings is allowed.');
	}

	if (value.kind === 'unknown') {
		if (value.type.kind === 'tuple' || value.type.kind === 'list') {
			return unsuitable(`the "for_each" argument must be a map, or set of strings, and you have provided a value of type ${friendlyTypeName(value.type)}.`);
		}

		return {expansion: {
			mode: 'unknown', meta: 'for_each', reason: 'The "for_each" value depends on values that are not known yet, so the number of instances is not known.', eachValue: unknownValue(elementTypeOf(value.type)),
		}};
	}

	switch (value.kind) {
		case 'map': {
			return {expansion: {mode: 'for_each', entries: value.entries, isSet: false}};
		}

		case 'object': {
			const sorted = [...value.attributes].sort(([a], [b]) => (a < b ? -1 : (a > b ? 1 : 0)));
			return {expansion: {mode: 'for_each', entries: new Map(sorted), isSet: false}};
		}

		case 'set': {
			if (value.elementType.kind !== 'string' && value.elementType.kind !== 'dynamic') {
				return unsuitable(`the "for_each" argument must be a map, or set of strings, and you have provided a value of type ${friendlyTypeName(typeOf(value))}.`);
			}

			const entries = new Map<string, Value>();
			for (const element of value.elements) {
				if (element.kind === 'unknown') {
					return {expansion: {
						mode: 'unknown', meta: 'for_each', reason: 'The "for_each" set includes values that are not known yet.', eachValue: unknownValue(value.elementType),
					}};
				}

				if (element.kind === 'null') {
					return unsuitable('"for_each" sets must not contain null values.');
				}

				if (element.kind !== 'string') {
					return unsuitable(`the "for_each" argument must be a map, or set of strings, and you have provided a value of type ${friendlyTypeName(typeOf(value))}.`);
				}

				entries.set(element.value, element);
			}

			return {expansion: {mode: 'for_each', entries, isSet: true}};
		}

		default: {
			return unsuitable(`the "for_each" argument must be a map, or set of strings, and you have provided a value of type ${friendlyTypeName(typeOf(value))}.`);
		}
	}
}
