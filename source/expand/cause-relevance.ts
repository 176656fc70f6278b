import type {Expression} from '../hcl/ast.js';
import {type ReferenceChain, type TraversalStep, walkReferenceChains} from '../lang/references.js';
import {dynamicType} from '../lang/types.js';
import {isWhollyKnown, unmark, type Value} from '../lang/values.js';

/*
What part of a value decides a block's instances, so that the walk from an unknown `for_each` to its causes (unknown-causes.ts) follows only what evaluation would have needed known. A `for_each` map needs its keys, never its values; a `for` expression's collection needs its keys and the attributes its key expression and condition read of each element. A reference whose value is known that far is no cause, however unknown the rest of it is: the commonest case is a list of records whose alias names a resource's computed attribute, keyed by `try(r.key, "${r.name} ${r.type}")` (terraform-aws-route53 modules/records), where `r.key` fails, `try` moves on, and the key is known.
*/

/**
`whole`: every part (a count, a set's elements, anything the walk does not narrow). `keys`: whether the collection is known and its keys or length, not its elements. `paths`: the keys, and in each element the values at these attribute paths.
*/
export type Relevance =
	| {readonly kind: 'whole'}
	| {readonly kind: 'keys'}
	| {readonly kind: 'paths'; readonly paths: ReadonlyArray<readonly string[]>};

export const whole: Relevance = {kind: 'whole'};
export const keysOnly: Relevance = {kind: 'keys'};

export function relevanceText(relevance: Relevance): string {
	return relevance.kind === 'paths' ? relevance.paths.map(path => path.join('.')).join(',') : relevance.kind;
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
export function decided(value: Value | 'missing', relevance: Relevance): boolean {
	if (value === 'missing') {
		return true;
	}

	if (relevance.kind === 'whole') {
		return isWhollyKnown(value);
	}

	const [plain] = unmark(value);
	let elements: Iterable<Value>;
	switch (plain.kind) {
		case 'unknown': {
			return false;
		}

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

	if (relevance.kind === 'keys') {
		return true;
	}

	for (const element of elements) {
		for (const path of relevance.paths) {
			if (!decided(valueAt(element, path.map(name => ({kind: 'attribute', name}) as TraversalStep)), whole)) {
				return false;
			}
		}
	}

	return true;
}

/**
Every reference chain of `expression` with the relevance its value has for the result's `relevance`, narrowed through the forms that keep keys apart from values (a `for` expression, a conditional's results, `keys`, `length`, `merge`, `values`, `try`, ...) and `whole` everywhere else. `bound`: names a `for` expression binds around it.
*/
export function relevantChains(expression: Expression, relevance: Relevance, visit: (chain: ReferenceChain, relevance: Relevance) => void, bound: ReadonlySet<string> = new Set()): void {
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

		case 'Object':
		case 'Tuple': {
			// The keys or length a constructor makes are in its syntax; its values decide only what reads them.
			if (relevance.kind === 'keys') {
				if (expression.kind === 'Object') {
					for (const item of expression.items) {
						if (item.key.kind !== 'Variable') {
							relevantChains(item.key, whole, visit, bound);
						}
					}
				}

				return;
			}

			relevantChains(expression, whole, visit, bound);
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
What of a function's arguments decides the `relevance` of its result, where that is less than the whole: `keys` and `length` need only their argument's keys; `merge`, `concat`, `values`, conversions that keep the keys and `try` pass the relevance on (an argument of `try` that fails names nothing, see `valueAt`).
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

		default: {
			return undefined;
		}
	}
}

function forChains(expression: Extract<Expression, {kind: 'For'}>, relevance: Relevance, visit: (chain: ReferenceChain, relevance: Relevance) => void, bound: ReadonlySet<string>): void {
	const {keyVariable, valueVariable} = expression;
	const paths: string[][] = [];
	let bare = false;
	// The key expression and the condition decide which elements there are and under which keys; what they read of the iteration variables is what the collection must have known.
	const scan = (part: Expression | undefined): void => {
		if (!part) {
			return;
		}

		walkReferenceChains(part, chain => {
			if (chain.root === keyVariable) {
				return;
			}

			if (chain.root !== valueVariable) {
				visit(chain, whole);
				return;
			}

			const path: string[] = [];
			for (const step of chain.steps) {
				if (step.kind !== 'attribute') {
					break;
				}

				path.push(step.name);
			}

			if (path.length === 0) {
				bare = true;
			} else {
				paths.push(path);
			}
		}, bound);
	};

	scan(expression.keyExpression);
	scan(expression.condition);
	// The elements' values matter only where the result's elements do (`paths`); a map's keys or a tuple's length never read them.
	if (relevance.kind !== 'keys') {
		scan(expression.valueExpression);
	}

	// An element read whole (`lookup(r, ...)`, `r[k]`) needs the whole collection.
	const collection: Relevance = bare ? whole : (paths.length === 0 ? keysOnly : {kind: 'paths', paths});
	relevantChains(expression.collection, collection, visit, bound);
}
