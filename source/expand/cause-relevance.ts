import type {Expression} from '../hcl/ast.js';
import {type ReferenceChain, type TraversalStep, walkReferenceChains} from '../lang/references.js';
import {dynamicType} from '../lang/types.js';
import {isWhollyKnown, unmark, type Value} from '../lang/values.js';

/*
What part of a value decides a block's instances, so that the walk from an unknown `for_each` to its causes (unknown-causes.ts) follows only what evaluation would have needed known. A `for_each` map needs its keys, never its values; a `for` expression's collection needs its keys and what its key expression and condition read of each element. A reference whose value is known that far is no cause, however unknown the rest of it is: the commonest case is a list of records whose alias names a resource's computed attribute, keyed by `try(r.key, "${r.name} ${r.type}")` (terraform-aws-route53 modules/records), where `r.key` fails, `try` moves on, and the key is known.
*/

/**
`whole`: every part (a count, a set's elements, anything the walk does not narrow). `collection`: the collection is known with its keys or length, and each element as far as `element` says (nothing of it when absent). `attributes`: these attributes of an object, each as far as its relevance says (an attribute it lacks is an error where it is read, not an unknown).
*/
export type Relevance =
	| {readonly kind: 'whole'}
	| {readonly kind: 'collection'; readonly element?: Relevance}
	| {readonly kind: 'attributes'; readonly attributes: ReadonlyMap<string, Relevance>};

export const whole: Relevance = {kind: 'whole'};
export const keysOnly: Relevance = {kind: 'collection'};

export function relevanceText(relevance: Relevance | undefined): string {
	if (relevance === undefined) {
		return '-';
	}

	switch (relevance.kind) {
		case 'whole': {
			return '*';
		}

		case 'collection': {
			return `[${relevanceText(relevance.element)}]`;
		}

		case 'attributes': {
			return `{${[...relevance.attributes].map(([name, part]) => `${name}:${relevanceText(part)}`).join(',')}}`;
		}
	}
}

/**
What both need: the least relevance that covers `a` and `b` (`undefined`: nothing).
*/
export function join(a: Relevance | undefined, b: Relevance | undefined): Relevance | undefined {
	if (a === undefined) {
		return b;
	}

	if (b === undefined) {
		return a;
	}

	if (a.kind === 'whole' || b.kind === 'whole') {
		return whole;
	}

	if (a.kind === 'collection' && b.kind === 'collection') {
		const element = join(a.element, b.element);
		return element === undefined ? keysOnly : {kind: 'collection', element};
	}

	if (a.kind === 'attributes' && b.kind === 'attributes') {
		const attributes = new Map(a.attributes);
		for (const [name, part] of b.attributes) {
			attributes.set(name, join(attributes.get(name), part)!);
		}

		return {kind: 'attributes', attributes};
	}

	return whole;
}

/**
The relevance of a value read along `steps` as the relevance of what it is read from: `local.x.zones` needing its keys is `local.x` needing `zones`'s keys; past an index step, every element (which one is read is not followed).
*/
export function along(steps: readonly TraversalStep[], relevance: Relevance): Relevance {
	let result = relevance;
	for (let index = steps.length - 1; index >= 0; index--) {
		const step = steps[index]!;
		result = step.kind === 'attribute' ? {kind: 'attributes', attributes: new Map([[step.name, result]])} : {kind: 'collection', element: result};
	}

	return result;
}

/**
A value read along static steps (`local.records[0].name` past `local.records`): `missing` where a step names nothing (evaluation gives an error there, not an unknown value, and `try` skips it), the unknown value where a step goes through one.
*/
export function valueAt(value: Value, steps: readonly TraversalStep[]): Value | 'missing' {
	let current = value;
	for (const step of steps) {
		const [plain] = unmark(current);
		if (plain.kind === 'unknown') {
			return plain;
		}

		const next = child(plain, step.kind === 'attribute' ? step.name : step.key);
		if (next === 'missing') {
			return 'missing';
		}

		current = next;
	}

	return current;
}

function child(value: Value, key: string | number): Value | 'missing' {
	switch (value.kind) {
		case 'object': {
			const attribute = typeof key === 'string' ? value.attributes.get(key) : undefined;
			if (attribute !== undefined) {
				return attribute;
			}

			// A name missing from a value whose provider may add attributes is unknown, not an error.
			return value.open || value.partial ? {kind: 'unknown', type: dynamicType} : 'missing';
		}

		case 'map': {
			return value.entries.get(String(key)) ?? 'missing';
		}

		case 'list':
		case 'tuple': {
			const index = Number(key);
			return Number.isInteger(index) ? value.elements[index] ?? 'missing' : 'missing';
		}

		default: {
			return 'missing';
		}
	}
}

/**
Whether a value is known as far as `relevance` needs: then what it is made of is no cause.
*/
export function decided(value: Value | 'missing', relevance: Relevance | undefined): boolean {
	if (value === 'missing' || relevance === undefined) {
		return true;
	}

	if (relevance.kind === 'whole') {
		return isWhollyKnown(value);
	}

	const [plain] = unmark(value);
	if (plain.kind === 'unknown') {
		return false;
	}

	if (plain.kind === 'null') {
		return true;
	}

	if (relevance.kind === 'attributes') {
		for (const [name, part] of relevance.attributes) {
			if (!decided(valueAt(plain, [{kind: 'attribute', name} as TraversalStep]), part)) {
				return false;
			}
		}

		return true;
	}

	let elements: Iterable<Value>;
	switch (plain.kind) {
		// A set's elements are its keys.
		case 'set': {
			return isWhollyKnown(plain);
		}

		case 'list':
		case 'tuple': {
			elements = plain.elements;
			break;
		}

		case 'map': {
			elements = plain.entries.values();
			break;
		}

		case 'object': {
			// Iterating an object the provider may add attributes to gives an unknown value.
			if (plain.open) {
				return false;
			}

			elements = plain.attributes.values();
			break;
		}

		default: {
			return true;
		}
	}

	if (relevance.element === undefined) {
		return true;
	}

	for (const element of elements) {
		if (!decided(element, relevance.element)) {
			return false;
		}
	}

	return true;
}

type Visit = (chain: ReferenceChain, relevance: Relevance) => void;

/**
Every reference chain of `expression` with the relevance its value has for the result's `relevance`, narrowed through the forms that keep keys apart from values (a `for` expression, constructors, a conditional's results, `keys`, `length`, `merge`, `flatten`, `try`, ...) and `whole` everywhere else. `bound`: names a `for` expression binds around it.
*/
export function relevantChains(expression: Expression, relevance: Relevance, visit: Visit, bound: ReadonlySet<string> = new Set()): void {
	if (relevance.kind === 'whole') {
		walkReferenceChains(expression, chain => {
			visit(chain, whole);
		}, bound);
		return;
	}

	switch (expression.kind) {
		case 'Parenthesized': {
			relevantChains(expression.expression, relevance, visit, bound);
			return;
		}

		case 'Conditional': {
			relevantChains(expression.condition, whole, visit, bound);
			relevantChains(expression.trueResult, relevance, visit, bound);
			relevantChains(expression.falseResult, relevance, visit, bound);
			return;
		}

		case 'FunctionCall': {
			const argumentRelevance = expression.expandFinal ? undefined : narrowedArgument(expression.name.replace(/^core::/, ''), relevance);
			for (const argument of expression.arguments) {
				relevantChains(argument, argumentRelevance ?? whole, visit, bound);
			}

			return;
		}

		case 'Object': {
			// Its keys are in its syntax; each value as far as the relevance reads it.
			for (const item of expression.items) {
				if (item.key.kind !== 'Variable') {
					relevantChains(item.key, whole, visit, bound);
				}

				const name = item.key.kind === 'Variable' ? item.key.name : undefined;
				const part = relevance.kind === 'collection' ? relevance.element : (name === undefined ? whole : relevance.attributes.get(name));
				if (part !== undefined) {
					relevantChains(item.value, part, visit, bound);
				}
			}

			return;
		}

		case 'Tuple': {
			const part = relevance.kind === 'collection' ? relevance.element : whole;
			if (part !== undefined) {
				for (const item of expression.items) {
					relevantChains(item, part, visit, bound);
				}
			}

			return;
		}

		case 'For': {
			forChains(expression, relevance, visit, bound);
			return;
		}

		case 'Variable':
		case 'GetAttribute':
		case 'Index':
		case 'Splat': {
			// The chain this expression is keeps the relevance; the chains inside it (index keys, splat bodies) decide which element, so all of them.
			const {start, end} = expression.range;
			walkReferenceChains(expression, chain => {
				const outer = chain.range.start.offset === start.offset && chain.range.end.offset === end.offset;
				visit(chain, outer ? relevance : whole);
			}, bound);
			return;
		}

		default: {
			relevantChains(expression, whole, visit, bound);
		}
	}
}

/**
What of a function's arguments decides the `relevance` of its result, where that is less than the whole: `keys` and `length` need only their argument's keys; `merge`, `concat`, `values`, conversions that keep the keys and `try` pass the relevance on (an argument of `try` that fails names nothing, see `valueAt`); `flatten` needs each list it flattens as its result's elements are needed.
*/
function narrowedArgument(name: string, relevance: Relevance): Relevance | undefined {
	switch (name) {
		case 'keys':
		case 'length': {
			return keysOnly;
		}

		case 'merge':
		case 'concat':
		case 'values':
		case 'tomap':
		case 'tolist':
		case 'try': {
			return relevance;
		}

		case 'flatten': {
			// Read as a list of lists, as flatten is used: a leaf among them is checked as a collection of its attributes.
			return relevance.kind === 'collection' ? {kind: 'collection', element: relevance} : undefined;
		}

		default: {
			return undefined;
		}
	}
}

function forChains(expression: Extract<Expression, {kind: 'For'}>, relevance: Relevance, visit: Visit, bound: ReadonlySet<string>): void {
	const {keyVariable, valueVariable} = expression;
	// A `for` expression makes a collection: its elements are the value expression's results.
	const element = relevance.kind === 'collection' ? relevance.element : whole;
	let needed: Relevance | undefined;
	// What the key expression, the condition and (as far as the result's elements are needed) the value expression read of the iteration value is what the collection's elements must have known; the key variable is the collection's keys, known with it.
	const scan = (part: Expression | undefined, partRelevance: Relevance | undefined): void => {
		if (!part || partRelevance === undefined) {
			return;
		}

		relevantChains(part, partRelevance, (chain, chainRelevance) => {
			if (chain.root === keyVariable) {
				return;
			}

			if (chain.root !== valueVariable) {
				visit(chain, chainRelevance);
				return;
			}

			const path: TraversalStep[] = [];
			for (const step of chain.steps) {
				if (step.kind !== 'attribute') {
					break;
				}

				path.push({kind: 'attribute', name: step.name} as TraversalStep);
			}

			needed = join(needed, along(path, path.length === chain.steps.length ? chainRelevance : whole));
		}, bound);
	};

	scan(expression.keyExpression, whole);
	scan(expression.condition, whole);
	scan(expression.valueExpression, element);
	relevantChains(expression.collection, needed === undefined ? keysOnly : {kind: 'collection', element: needed}, visit, bound);
}
