import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import type {Range} from '../hcl/position.js';
import type {Value} from './values.js';

/*
The budget of one evaluation (a whole configuration, or one console line): what every function call, `for` expression, splat and template builds is counted against it, so no input can make evaluation run away. The per-call limits (`functions/limits.ts`) cap one value; this caps their sum: eight locals each holding `setproduct(range(1024), range(1024))` are each within the per-call limit, but together took 56 s and 2.2 GB.

Only big values are counted (1,024 elements or 65,536 characters and up): small ones are bounded by the size of the source times the instance limits, and counting them would charge ordinary configurations for every tag map of every instance.

What a value holds is not what a walk of it visits: values are shared, so thirty locals `l1 = [local.l0, local.l0]` ... build thirty small tuples whose last one is 2^31 nodes to any walk (jsonencode, ==, conversion, printing), which ran for minutes at gigabytes. So every value built is also sized as a walk sees it (`treeSize`, every shared part counted as often as it is reached), and none may pass `maximumValueNodes`; and every operation that walks whole values (each function call's arguments, == and !=) counts what it walks against `maximumEvaluationWalk`, so repeating a walk of a big value cannot run away either.
*/

/**
Elements (of a collection and of the collections directly inside it) all big values together may hold: 4 Mi, four times what one call may build (`setproduct(range(1024), range(1024))` counts 3 Mi: a million pairs of two), about 1 GB of values at most.
*/
export const maximumEvaluationElements = 4 * 1024 * 1024;

/**
Characters all big strings together may hold: 256 Mi, four times the longest string one call may build.
*/
export const maximumEvaluationCharacters = 256 * 1024 * 1024;

/**
The most nodes one value may have as a walk sees it (every element and attribute of every collection inside it, a shared one as often as it is reached): 4 Mi, as many as all big values of one evaluation may hold. `setproduct(range(1024), range(1024))` has 3 Mi + 1.
*/
export const maximumValueNodes = 4 * 1024 * 1024;

/**
The most nodes all walks of whole values in one evaluation may visit together (the arguments of every function call and the operands of == and !=, each counted when it has 1,024 nodes or more): 64 Mi, sixteen walks of the biggest value; about ten seconds of the slowest walks (encoding, comparison).
*/
export const maximumEvaluationWalk = 64 * 1024 * 1024;

/**
The most nodes (as `treeSize` counts them) one value may have for an operation that walks it whole and builds or writes something of each node: encoding it (`jsonencode`, `yamlencode`, `format`), converting it (`toset`, `tolist`, `flatten`, ...: a shared value becomes as many copies) or printing it in the console. 1 Mi: such walks cost microseconds and hundreds of bytes a node, so the 4 Mi nodes a value may have took 7-18 s and up to 1.3 GB (`jsonencode` of a doubled object 18 s, `yamlencode` past 14 s at 1.3 GB, `toset` 14 s at 1 GB); at 1 Mi they end in about 2 s. Functions that only look at the top of a value (`length`, `keys`, `element`, `lookup`, `concat`, ...: those whose FunctionSpec is `shallow`) take any value that may exist.
*/
export const maximumDeepWalkNodes = 1024 * 1024;

/**
What a provenance trace (`why`, the explorer's `w` and `:why`) may build when it evaluates the configuration's expressions again to record their steps: its own budget, apart from the configuration's (which the values it explains have already spent), a quarter of it. A trace that evaluated `setproduct(range(1024), range(1024))` again (3 Mi elements) counted it against the configuration's spent budget and showed the call as failed ("Evaluation budget exhausted"); with a budget of its own as big, it would build the million pairs a second time. So a trace builds again at most 1 Mi elements, 64 Mi characters and walks 16 Mi nodes in all; past that its steps say they were not evaluated again, and the values of references stay the configuration's own.
*/
export const maximumTraceElements = maximumEvaluationElements / 4;
export const maximumTraceCharacters = maximumEvaluationCharacters / 4;
export const maximumTraceWalk = maximumEvaluationWalk / 4;

/**
The limits of one budget, and what it is the budget of (named in its diagnostic).
*/
export type BudgetLimits = {
	readonly purpose: 'evaluation' | 'trace';
	readonly elements: number;
	readonly characters: number;
	readonly walk: number;
};

export const evaluationLimits: BudgetLimits = {
	purpose: 'evaluation', elements: maximumEvaluationElements, characters: maximumEvaluationCharacters, walk: maximumEvaluationWalk,
};

export const traceLimits: BudgetLimits = {
	purpose: 'trace', elements: maximumTraceElements, characters: maximumTraceCharacters, walk: maximumTraceWalk,
};

/** The summary of a trace budget's diagnostic: a trace step it cut says so instead of reporting an error. */
export const traceBudgetSummary = 'Trace budget exhausted';

const countedElements = 1024;
const countedCharacters = 64 * 1024;

export class EvaluationBudget {
	readonly limits: BudgetLimits;
	elements = 0;
	characters = 0;
	/**
	Set once the budget is spent: from then on no function is called and no `for` expression built (their values are unknown), so nothing more is built.
	*/
	walked = 0;
	spent = false;
	#reported = false;
	// Which limit was passed first, for the diagnostic.
	#reason: 'elements' | 'characters' | 'nodes' | 'walk' | 'deep' | undefined;

	constructor(limits: BudgetLimits = evaluationLimits) {
		this.limits = limits;
	}

	/**
	A fresh budget for the next console line.
	*/
	reset(): void {
		this.elements = 0;
		this.characters = 0;
		this.walked = 0;
		this.spent = false;
		this.#reported = false;
		this.#reason = undefined;
	}

	/**
	Counts the walks an operation makes of whole `values` (a function's arguments, the operands of ==); false when the budget is (now) spent, and the operation must then not run.
	*/
	walks(values: readonly Value[], deep = false): boolean {
		for (const value of values) {
			if (isCollection(value)) {
				const nodes = treeSize(value);
				if (nodes >= countedElements) {
					this.walked += nodes;
				}

				if (deep && nodes > maximumDeepWalkNodes && !this.spent) {
					this.#spend('deep');
				}
			}
		}

		if (!this.spent && this.walked > this.limits.walk) {
			this.#spend('walk');
		}

		return !this.spent;
	}

	#spend(reason: 'elements' | 'characters' | 'nodes' | 'walk' | 'deep'): void {
		this.spent = true;
		this.#reason ??= reason;
	}

	/**
	Counts what `value` holds, if it is big; false when the budget is (now) spent.
	*/
	charge(value: Value): boolean {
		switch (value.kind) {
			case 'string': {
				if (value.value.length < countedCharacters) {
					return true;
				}

				this.characters += value.value.length;
				break;
			}

			case 'list':
			case 'set':
			case 'tuple': {
				if (!this.#withinNodes(value)) {
					return false;
				}

				if (value.elements.length < countedElements) {
					return true;
				}

				this.elements += value.elements.length + innerSize(value.elements);
				break;
			}

			case 'map':
			case 'object': {
				if (!this.#withinNodes(value)) {
					return false;
				}

				const entries = value.kind === 'map' ? value.entries : value.attributes;
				if (entries.size < countedElements) {
					return true;
				}

				this.elements += entries.size + innerSize(entries.values());
				break;
			}

			default: {
				// An unknown from a function that found the budget spent before building (see affords).
				return !this.spent;
			}
		}

		if (!this.spent && (this.elements > this.limits.elements || this.characters > this.limits.characters)) {
			this.#spend(this.characters > this.limits.characters ? 'characters' : 'elements');
		}

		return !this.spent;
	}

	// A collection too big to walk spends the budget: nothing may be built from it or walk it.
	#withinNodes(value: Value): boolean {
		if (treeSize(value) > maximumValueNodes) {
			this.#spend('nodes');
			return false;
		}

		return !this.spent;
	}

	/**
	Whether a collection of `elements` elements (its own and those of the collections directly inside it) fits in what is left, asked by a function that knows its result's size before building it (`setproduct`): when it does not, the budget is spent now and the value is never built (the caller returns an unknown, which `charge` refuses with the one diagnostic).
	*/
	affords(elements: number): boolean {
		if (elements >= countedElements && this.elements + elements > this.limits.elements) {
			this.#spend('elements');
		}

		return !this.spent;
	}

	#traceLimitText(): string {
		switch (this.#reason) {
			case 'characters': {
				return `${this.limits.characters} characters in strings (maximumTraceCharacters)`;
			}

			case 'walk': {
				return `${this.limits.walk} elements walked (maximumTraceWalk)`;
			}

			case 'nodes': {
				return `${maximumValueNodes} elements in one value (maximumValueNodes)`;
			}

			case 'deep': {
				return `${maximumDeepWalkNodes} elements encoded, converted or printed (maximumDeepWalkNodes)`;
			}

			default: {
				return `${this.limits.elements} elements in collections (maximumTraceElements)`;
			}
		}
	}

	/**
	The diagnostic for the value that spent the budget, the first time only: every later refusal is the same cause. A trace's budget reports every refusal: each is a step the trace shows.
	*/
	exhausted(range: Range): Diagnostic[] {
		// A trace reports every step it cut, each of which is a step of its own.
		if (this.#reported && this.limits.purpose !== 'trace') {
			return [];
		}

		this.#reported = true;
		if (this.limits.purpose === 'trace') {
			return [errorDiagnostic(traceBudgetSummary, `Evaluating this again to trace it would bring what the trace has built and walked past ${this.#traceLimitText()}, the trace's own budget: it is not evaluated again, nor is anything after it in the trace.`, range)];
		}

		const after = 'It is unknown, and so is every value evaluated after it that calls a function or builds a collection.';
		switch (this.#reason) {
			case 'nodes': {
				return [errorDiagnostic('Evaluation budget exhausted', `This value would have more than ${maximumValueNodes} elements and attributes counting nested ones (a value used twice counts twice), tfscope's limit for one value (maximumValueNodes): a value doubled again and again through references to itself grows so. ${after}`, range)];
			}

			case 'deep': {
				return [errorDiagnostic('Evaluation budget exhausted', `This operation would walk a value of more than ${maximumDeepWalkNodes} elements and attributes counting nested ones (a value used twice counts twice) and build or write something for each: tfscope's limit for encoding, converting or printing one value (maximumDeepWalkNodes). ${after}`, range)];
			}

			case 'walk': {
				return [errorDiagnostic('Evaluation budget exhausted', `This operation would bring what evaluating this configuration has walked through (the arguments of function calls, the operands of == and !=) past ${maximumEvaluationWalk} elements (maximumEvaluationWalk), tfscope's limit for one evaluation. ${after}`, range)];
			}

			default: {
				const what = this.#reason === 'characters'
					? `${maximumEvaluationCharacters} characters in strings (maximumEvaluationCharacters)`
					: `${maximumEvaluationElements} elements in collections (maximumEvaluationElements)`;
				return [errorDiagnostic('Evaluation budget exhausted', `This value would bring what evaluating this configuration has built past ${what}, tfscope's limit for one evaluation. ${after}`, range)];
			}
		}
	}
}

function isCollection(value: Value): boolean {
	switch (value.kind) {
		case 'list':
		case 'set':
		case 'tuple':
		case 'map':
		case 'object': {
			return true;
		}

		default: {
			return false;
		}
	}
}

function childrenOf(value: Value): readonly Value[] {
	switch (value.kind) {
		case 'list':
		case 'set':
		case 'tuple': {
			return value.elements;
		}

		case 'map': {
			return [...value.entries.values()];
		}

		case 'object': {
			return [...value.attributes.values()];
		}

		default: {
			return [];
		}
	}
}

/*
Sizes of collections as walks see them, kept for those of `rememberedFrom` nodes and more: a value reached again (a shared one, an argument passed again) is sized by one lookup, so sizing values doubled through shared references takes time linear in their distinct parts. Smaller ones are summed again when met, which costs less than remembering them.
*/
const sizes = new WeakMap<Value, number>();
const rememberedFrom = 32;

/**
The nodes a walk of `value` visits: 1 for a primitive, null or unknown; 1 plus those of its elements or attributes for a collection, a shared one counted each time it is reached. Any depth is sized: by recursion up to `recursionDepth` levels (every value evaluating builds, a policy document as much as a tag map, without an array or a frame per collection), and past it by a walk with a stack of its own.
*/
export function treeSize(value: Value): number {
	if (!isCollection(value)) {
		return 1;
	}

	const known = sizes.get(value);
	if (known !== undefined) {
		return known;
	}

	const size = sizeWithin(value, 0);
	if (size >= 0) {
		if (size >= rememberedFrom) {
			sizes.set(value, size);
		}

		return size;
	}

	return deepTreeSize(value);
}

const recursionDepth = 32;

/**
The size of collection `value` (not remembered itself), its collections sized (and remembered) by recursion; -1 when a collection in it lies deeper than `recursionDepth`, for deepTreeSize.
*/
function sizeWithin(value: Value, depth: number): number {
	let total = 1;
	switch (value.kind) {
		case 'list':
		case 'set':
		case 'tuple': {
			const {elements} = value;
			for (let index = 0; index < elements.length; index++) {
				const size = childSize(elements[index]!, depth);
				if (size < 0) {
					return -1;
				}

				total += size;
			}

			return total;
		}

		case 'map':
		case 'object': {
			for (const child of (value.kind === 'map' ? value.entries : value.attributes).values()) {
				const size = childSize(child, depth);
				if (size < 0) {
					return -1;
				}

				total += size;
			}

			return total;
		}

		default: {
			return 1;
		}
	}
}

function childSize(child: Value, depth: number): number {
	if (!isCollection(child)) {
		return 1;
	}

	const known = sizes.get(child);
	if (known !== undefined) {
		return known;
	}

	if (depth >= recursionDepth) {
		return -1;
	}

	const size = sizeWithin(child, depth + 1);
	if (size >= rememberedFrom) {
		sizes.set(child, size);
	}

	return size;
}

/**
treeSize of a value nested past `recursionDepth`: without recursion, so any depth is sized.
*/
function deepTreeSize(value: Value): number {
	const flat = flatSize(value);
	if (flat >= 0) {
		if (flat >= rememberedFrom) {
			sizes.set(value, flat);
		}

		return flat;
	}

	type Frame = {readonly value: Value; readonly children: readonly Value[]; index: number; total: number};
	const frames: Frame[] = [{value, children: childrenOf(value), index: 0, total: 1}];
	for (;;) {
		const frame = frames.at(-1)!;
		if (frame.index < frame.children.length) {
			const child = frame.children[frame.index++]!;
			let size = isCollection(child) ? sizes.get(child) : 1;
			if (size === undefined) {
				const flat = flatSize(child);
				if (flat >= 0) {
					size = flat;
					if (flat >= rememberedFrom) {
						sizes.set(child, flat);
					}
				}
			}

			if (size === undefined) {
				frames.push({value: child, children: childrenOf(child), index: 0, total: 1});
			} else {
				frame.total += size;
			}

			continue;
		}

		frames.pop();
		if (frame.total >= rememberedFrom) {
			sizes.set(frame.value, frame.total);
		}

		const parent = frames.at(-1);
		if (!parent) {
			return frame.total;
		}

		parent.total += frame.total;
	}
}

/*
The size of a collection that holds no collection (a tag map, a list of strings: most of those evaluating builds), counted without a frame or a copy of its children; -1 when it holds one.
*/
function flatSize(value: Value): number {
	switch (value.kind) {
		case 'list':
		case 'set':
		case 'tuple': {
			const {elements} = value;
			for (let index = 0; index < elements.length; index++) {
				if (isCollection(elements[index]!)) {
					return -1;
				}
			}

			return elements.length + 1;
		}

		case 'map':
		case 'object': {
			const entries = value.kind === 'map' ? value.entries : value.attributes;
			for (const child of entries.values()) {
				if (isCollection(child)) {
					return -1;
				}
			}

			return entries.size + 1;
		}

		default: {
			return 1;
		}
	}
}

function innerSize(values: Iterable<Value>): number {
	let size = 0;
	for (const value of values) {
		if (value.kind === 'list' || value.kind === 'set' || value.kind === 'tuple') {
			size += value.elements.length;
		} else if (value.kind === 'map') {
			size += value.entries.size;
		} else if (value.kind === 'object') {
			size += value.attributes.size;
		}
	}

	return size;
}
