import type {Attribute, Block, Body, Expression} from '../hcl/ast.js';
import {traversalsOf} from '../lang/references.js';
import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import type {Scope} from '../lang/eval/scope.js';
import {hasType} from '../lang/convert.js';
import {
	type Value, listValue, numberValue, objectValue, stringValue, tupleValue, typeOf, unknownValue, unmark, withMarks,
} from '../lang/values.js';
import {evaluateExpressionReporting} from './lang-adapter.js';
import type {InvariantCache} from '../lang/eval/invariant.js';
import {PositionalMap} from '../lang/read-only-map.js';
import {keepOwnAnalysis, ownAnalysis} from '../lang/node-analysis.js';
import {literalString, traversalText} from '../config/static.js';

/*
Evaluates a resource body into an object: arguments by name, nested blocks by type (unlabelled blocks as a list of objects, labelled ones as an object keyed by label), `dynamic` blocks expanded from their `for_each` with the `iterator` bound to `{key, value}` and `content` evaluated per element.
*/

export type BodyOptions = {
	/**
	Names of top-level arguments and blocks that are meta-arguments, not values.
	*/
	readonly skip?: ReadonlySet<string>;
	readonly report: (diagnostics: readonly Diagnostic[]) => void;
	/**
	Values shared by every instance of one block in one module instance: arguments and nested blocks that do not read `count`, `each` or `self` are evaluated once per block, not once per instance.
	*/
	readonly shared?: Map<object, Value>;
	/**
	The values put in `shared` (top-level arguments and blocks), so shaping by a schema can be done once for them too.
	*/
	readonly sharedValues?: Set<Value>;
	/**
	The parts of arguments that read `count`, `each` or `self` which do not themselves (see lang/eval/invariant.ts), kept per block as `shared` keeps whole arguments: `%{for}` in a `user_data` that also reads `count.index` is rendered once per block.
	*/
	readonly invariant?: InvariantCache;
	/**
	Read a null argument of a nested block (not of the body itself) as unknown of its type: without the provider's schema it may be optional and computed, which the provider fills at plan (see `nullAsUnknown`).
	*/
	readonly nestedNullAsUnknown?: boolean;
	/**
	Read a null argument of this body as unknown of its type (set for nested blocks by `nestedNullAsUnknown`).
	*/
	readonly nullAsUnknown?: boolean;
	/**
	How many blocks `dynamic` blocks have generated so far in this body and the bodies nested in it (one counter per resource instance body), against `maximumDynamicBlocks`.
	*/
	readonly dynamicBlocks?: {count: number};
};

/**
The most blocks the `dynamic` blocks of one resource instance may generate, at every depth together: three nested `dynamic` blocks over `range(200)` would make 8 million (2.6 GB and most of a minute); real configurations stay in the hundreds.
*/
export const maximumDynamicBlocks = 65_536;

/**
A null value as unknown of the same type, marks kept; any other value as it is. For arguments of resource types whose schema is not known: an argument left null may be optional and computed (`availability_zone`, `region`), which the provider fills in at plan, so Terraform plans it as known after apply.
*/
export function nullAsUnknown(value: Value): Value {
	// Marks do not change a value's kind, so there is nothing to unmark for the test.
	return value.kind === 'null' ? withMarks(unknownValue(value.type), value.marks) : value;
}

/**
The root names whose values differ between the instances of a block.
*/
export const instanceNames: ReadonlySet<string> = new Set(['count', 'each', 'self']);

/**
Whether an expression reads `count`, `each` or `self` (directly or in a nested block), so its value differs between instances. Read from the roots of its traversals (kept per expression, and needed to evaluate it anyway), without a cache of its own: a body's plan asks once per item. A malformed `count` or `each` counts too, which only means its error is found per instance.
*/
export function dependsOnInstance(node: Expression | Block): boolean {
	if (node.kind === 'Block') {
		for (const item of node.body.items) {
			if (dependsOnInstance(item.kind === 'Attribute' ? item.expression : item)) {
				return true;
			}
		}

		return false;
	}

	for (const traversal of traversalsOf(node)) {
		if (instanceNames.has(traversal.root)) {
			return true;
		}
	}

	return false;
}

/**
The blocks of one type in one evaluation of a body: their values, and their labels when the type is labelled (by its first block). Arrays made with their first element, not empty: an empty array grows to room for 17 on its first push, and most types have one or two blocks.
*/
type Group = {readonly labelled: boolean; values: Value[] | undefined; labels: string[] | undefined; unknown: boolean};

function addToGroup(group: Group, label: string | undefined, value: Value): void {
	if (group.values) {
		group.values.push(value);
	} else {
		group.values = [value];
	}

	if (group.labelled) {
		if (group.labels) {
			group.labels.push(label ?? '');
		} else {
			group.labels = [label ?? ''];
		}
	}
}

function evaluate(expression: Expression, scope: Scope, options: BodyOptions, invariant?: InvariantCache): Value {
	return evaluateExpressionReporting(expression, scope, options.report, invariant);
}

function listOf(values: readonly Value[]): Value {
	if (values.length === 0) {
		return tupleValue([]);
	}

	// The first value's type, and the others checked against it without building theirs.
	const type = typeOf(values[0]!);
	for (let position = 1; position < values.length; position++) {
		if (!hasType(values[position]!, type)) {
			return tupleValue(values);
		}
	}

	return listValue(type, values);
}

/**
The group of a block type in one evaluation of a body, made when the first block of the type is met (its `labelled` comes from that block).
*/
function groupAt(groups: Array<Group | undefined>, index: number, labelled: boolean): Group {
	let group = groups[index];
	if (!group) {
		group = {labelled, values: undefined, labels: undefined, unknown: false};
		groups[index] = group;
	}

	return group;
}

function expandDynamic(block: Block, scope: Scope, groups: Array<Group | undefined>, groupIndex: number, options: BodyOptions, counter: {count: number}): void {
	const type = block.labels[0];
	if (type === undefined) {
		options.report([errorDiagnostic('Missing dynamic block type', 'A dynamic block needs one label: the type of the blocks it generates.', block.typeRange, block.range)]);
		return;
	}

	let forEach;
	let iterator = type;
	let labels;
	let content: Block | undefined;
	for (const item of block.body.items) {
		if (item.kind === 'Attribute') {
			switch (item.name) {
				case 'for_each': {
					forEach = item.expression;
					break;
				}

				case 'iterator': {
					iterator = traversalText(item.expression) ?? literalString(item.expression) ?? type;
					break;
				}

				case 'labels': {
					labels = item.expression;
					break;
				}

				default: {
					options.report([errorDiagnostic('Unsupported argument', `An argument named "${item.name}" is not expected in a dynamic block.`, item.nameRange, block.range)]);
				}
			}
		} else if (item.type === 'content') {
			content = item;
		}
	}

	if (!forEach || !content) {
		options.report([errorDiagnostic('Missing required argument', `A dynamic block requires ${forEach ? 'a content block' : 'the "for_each" argument'}.`, block.typeRange, block.range)]);
		return;
	}

	// The plan gave this block its group's place by the same test as above (a type, a for_each and a content block).
	const group = groupAt(groups, groupIndex, labels !== undefined);
	const [collection] = unmark(evaluate(forEach, scope, options));
	let elements: Array<[Value, Value]>;
	switch (collection.kind) {
		case 'list':
		case 'tuple': {
			elements = collection.elements.map((element, index) => [numberValue(index), element]);
			break;
		}

		case 'set': {
			elements = collection.elements.map(element => [element, element]);
			break;
		}

		case 'map': {
			elements = [...collection.entries].map(([key, element]) => [stringValue(key), element]);
			break;
		}

		case 'object': {
			elements = [...collection.attributes].map(([key, element]) => [stringValue(key), element]);
			break;
		}

		case 'unknown': {
			group.unknown = true;
			return;
		}

		case 'null': {
			options.report([errorDiagnostic('Invalid dynamic for_each value', 'Cannot use a null value in for_each.', forEach.range, block.range)]);
			return;
		}

		default: {
			options.report([errorDiagnostic('Invalid dynamic for_each value', `Cannot use a ${collection.kind} value in for_each. An iterable collection is required.`, forEach.range, block.range)]);
			return;
		}
	}

	counter.count += elements.length;
	if (counter.count > maximumDynamicBlocks) {
		// Reported at the first dynamic block that passes the limit; the blocks of this type are unknown, as those of an unknown for_each are.
		if (counter.count - elements.length <= maximumDynamicBlocks) {
			options.report([errorDiagnostic('Too many dynamic blocks', `The dynamic blocks of this resource would generate more than ${maximumDynamicBlocks} blocks (maximumDynamicBlocks), counted across nested dynamic blocks, more than tfscope generates; the "${type}" blocks are unknown.`, forEach.range, block.range)]);
		}

		group.unknown = true;
		return;
	}

	for (const [key, element] of elements) {
		const inner = scope.child(new Map([[iterator, objectValue({key, value: element})]]));
		let label: string | undefined;
		if (labels) {
			const [labelValues] = unmark(evaluate(labels, inner, options));
			const first = labelValues.kind === 'tuple' || labelValues.kind === 'list' ? labelValues.elements[0] : undefined;
			label = first?.kind === 'string' ? first.value : undefined;
		}

		addToGroup(group, label, evaluateCounted(content.body, inner, nestedOptions(options), counter).object);
	}
}

/**
The options for the body of a nested block: its arguments are read with `nestedNullAsUnknown` applied.
*/
function nestedOptions(options: BodyOptions): BodyOptions {
	let nested = nestedOptionsOf.get(options);
	if (!nested) {
		nested = {report: options.report, ...(options.nestedNullAsUnknown && {nestedNullAsUnknown: true, nullAsUnknown: true}), ...(options.invariant && {invariant: options.invariant})};
		nestedOptionsOf.set(options, nested);
	}

	return nested;
}

/**
The nested options of each options object, made once: a resource's instances share one options object (the dynamic block counter travels beside the options, see evaluateCounted).
*/
const nestedOptionsOf = new WeakMap<BodyOptions, BodyOptions>();

/**
A body's plan, worked out once per body and set of skipped names (the AST is immutable, and a resource body is evaluated once per instance): what evaluating it needs to know about each item, and the names of its values in the order a Map filled as the body is read would have them (arguments in order, then block types in the order their first block appears, a name given twice keeping its first place), with each block type's place.
*/
type BodyPlan = {
	readonly skip: ReadonlySet<string> | undefined;
	/**
	Two numbers per planned item (small integers, so the array holds them unboxed): the item's code, its place among the body's items times 8 plus its kind (`attributeItem`, `dynamicItem`, `blockItem`) plus `perInstanceItem` when its value differs between instances; then, for an argument, the place of its value among the names (its slot), for a block, the index of its type among the body's block types (its group; -1 for a dynamic block that generates nothing: no type, for_each or content). Numbers rather than an object per item: a plan lives as long as its body, and one per body of the configuration (17,000 at 4x) with a record per item was about a tenth of the memory evaluating every value keeps.
	*/
	readonly items: readonly number[];
	readonly names: readonly string[];
	/**
	Each name's place, for a body of more than `scanLimit` names (a smaller one is scanned).
	*/
	readonly positions: ReadonlyMap<string, number> | undefined;
	/**
	The place of each block type's value, by group index.
	*/
	readonly groupSlots: readonly number[];
};

const attributeItem = 0;
const dynamicItem = 1;
const blockItem = 2;
const perInstanceItem = 4;

const scanLimit = 8;
const noGroups: readonly number[] = Object.freeze([]);

function positionIn(plan: BodyPlan, name: string): number {
	return plan.positions ? plan.positions.get(name) ?? -1 : plan.names.indexOf(name);
}

/**
The plan of a body for these skipped names, kept in the body's analysis (lang/node-analysis.ts).
*/
function planOf(body: Body, skip: ReadonlySet<string> | undefined): BodyPlan {
	// A body's own analysis, kept bare in its slot (no record beside it: a body keeps nothing else).
	const cached = ownAnalysis(body) as BodyPlan | undefined;
	if (cached !== undefined && cached.skip === skip) {
		return cached;
	}

	// Plain functions, not closures (tsx wraps each closure it makes in a naming helper, and every body of a configuration is planned). Names are looked up in `names` itself while they are few; the Map only once there are more than `scanLimit`.
	const positions: Positions = {map: undefined};
	const names: string[] = [];
	const groupTypes: string[] = [];
	const items: number[] = [];
	for (let index = 0; index < body.items.length; index++) {
		const item = body.items[index]!;
		if (item.kind === 'Attribute') {
			if (!skip?.has(item.name)) {
				items.push((index * 8) + attributeItem + (dependsOnInstance(item.expression) ? perInstanceItem : 0), slotOf(positions, names, item.name));
			}
		} else if (!skip?.has(item.type)) {
			if (item.type === 'dynamic') {
				const type = item.labels[0];
				items.push((index * 8) + dynamicItem, type !== undefined && generates(item) ? groupOf(groupTypes, type) : -1);
			} else {
				items.push((index * 8) + blockItem + (dependsOnInstance(item) ? perInstanceItem : 0), groupOf(groupTypes, item.type));
			}
		}
	}

	let groupSlots = noGroups;
	if (groupTypes.length > 0) {
		const slots = new Array<number>(groupTypes.length);
		for (let index = 0; index < groupTypes.length; index++) {
			slots[index] = slotOf(positions, names, groupTypes[index]!);
		}

		groupSlots = slots;
	}

	const {names: sharedNames, positions: sharedPositions, groupSlots: sharedSlots} = sharedLayout(names, positions.map, groupSlots);
	// Copied at its length: a pushed array keeps room to grow.
	const plan: BodyPlan = {skip, items: items.slice(), names: sharedNames, positions: sharedPositions, groupSlots: sharedSlots};
	keepOwnAnalysis(body, plan);
	return plan;
}

type Layout = Pick<BodyPlan, 'names' | 'positions' | 'groupSlots'>;

/**
The names, positions and block type places of a plan, shared with any plan made with the same ones (read-only): the blocks of a configuration repeat a few bodies' names (every `aws_instance` block of a module, every `root_block_device`), and each plan kept its own copies, a Map for the larger ones. From a bounded table, emptied when full.
*/
function sharedLayout(names: readonly string[], positions: ReadonlyMap<string, number> | undefined, groupSlots: readonly number[]): Layout {
	const key = `${names.join('\u0000')}\u0001${groupSlots.join(',')}`;
	let layout = layouts.get(key);
	if (layout === undefined) {
		if (layouts.size >= layoutLimit) {
			layouts.clear();
		}

		layout = {names: names.slice(), positions, groupSlots};
		layouts.set(key, layout);
	}

	return layout;
}

const layouts = new Map<string, Layout>();
const layoutLimit = 4096;

/**
The place of a name among a plan's names, given one if it has none yet.
*/
function slotOf(positions: Positions, names: string[], name: string): number {
	const slot = positions.map === undefined ? names.indexOf(name) : positions.map.get(name) ?? -1;
	if (slot !== -1) {
		return slot;
	}

	names.push(name);
	if (positions.map !== undefined) {
		positions.map.set(name, names.length - 1);
	} else if (names.length > scanLimit) {
		positions.map = new Map(names.map((known, position) => [known, position]));
	}

	return names.length - 1;
}

/**
The places of a plan's names, by name once there are more than `scanLimit` of them.
*/
type Positions = {map: Map<string, number> | undefined};

/**
The index of a block type among a plan's block types, given one if it has none yet.
*/
function groupOf(groupTypes: string[], type: string): number {
	const index = groupTypes.indexOf(type);
	return index === -1 ? groupTypes.push(type) - 1 : index;
}

/**
Whether a dynamic block has a `for_each` and a `content` block, as expandDynamic requires before it makes its type's group.
*/
function generates(block: Block): boolean {
	let forEach = false;
	let content = false;
	for (const item of block.body.items) {
		if (item.kind === 'Attribute') {
			forEach ||= item.name === 'for_each';
		} else if (item.type === 'content') {
			content = true;
		}
	}

	return forEach && content;
}

export function evaluateBody(body: Body, scope: Scope, options: BodyOptions): {attributes: ReadonlyMap<string, Value>; object: Value} {
	return evaluateCounted(body, scope, options, options.dynamicBlocks ?? {count: 0});
}

/**
evaluateBody with the counter of blocks generated by `dynamic` blocks in the resource instance's body so far (one per top-level body, shared by the bodies nested in it).
*/
function evaluateCounted(body: Body, scope: Scope, options: BodyOptions, counter: {count: number}): EvaluatedBody {
	const plan = planOf(body, options.skip);
	const values = new Array<Value>(plan.names.length);
	let groups: Array<Group | undefined> | undefined;
	const {shared} = options;
	const {items} = plan;
	for (let position = 0; position < items.length; position += 2) {
		const code = items[position]!;
		const place = items[position + 1]!;
		const perInstance = (code & perInstanceItem) !== 0;
		const item = body.items[code >> 3]!;
		switch (code & 3) {
			case attributeItem: {
				const {expression} = item as Attribute;
				let value = shared && !perInstance ? shared.get(expression) : undefined;
				if (value === undefined) {
					// An argument that differs between instances (only those are ever evaluated in a scope of `dynamic` iterators too, where no part is kept).
					value = evaluate(expression, scope, options, perInstance ? options.invariant : undefined);
					if (shared && !perInstance) {
						shared.set(expression, value);
						options.sharedValues?.add(value);
					}
				}

				values[place] = options.nullAsUnknown ? nullAsUnknown(value) : value;
				break;
			}

			case dynamicItem: {
				groups ??= new Array<Group | undefined>(plan.groupSlots.length);
				expandDynamic(item as Block, scope, groups, place, options, counter);
				break;
			}

			default: {
				const block = item as Block;
				groups ??= new Array<Group | undefined>(plan.groupSlots.length);
				const group = groupAt(groups, place, block.labels.length > 0);
				let value = shared && !perInstance ? shared.get(block) : undefined;
				if (value === undefined) {
					value = evaluateCounted(block.body, scope, nestedOptions(options), counter).object;
					if (shared && !perInstance) {
						shared.set(block, value);
						options.sharedValues?.add(value);
					}
				}

				addToGroup(group, block.labels[0], value);
				break;
			}
		}
	}

	for (let index = 0; index < plan.groupSlots.length; index++) {
		const group = groups?.[index];
		if (!group) {
			continue;
		}

		let value: Value;
		const blocks = group.values ?? [];
		if (group.unknown) {
			value = unknownValue();
		} else if (group.labelled) {
			value = objectValue(blocks.map((item, position) => [group.labels![position]!, item] as const));
		} else {
			// Kept by the value: copied at its length once it has grown past its first element.
			value = listOf(blocks.length > 1 ? blocks.slice() : blocks);
		}

		values[plan.groupSlots[index]!] = value;
	}

	return new EvaluatedBody(new BodyAttributes(plan, values));
}

/**
The values of one evaluation of a body by name: its values beside the plan's names, instead of a Map per evaluation (one per resource instance and nested block: its hash table grown twice for a dozen arguments). Read-only, like every value (see PositionalMap); the order is the one a Map filled as the body is read would have.
*/
class BodyAttributes extends PositionalMap {
	readonly #plan: BodyPlan;
	readonly #values: readonly Value[];

	constructor(plan: BodyPlan, values: readonly Value[]) {
		super();
		this.#plan = plan;
		this.#values = values;
	}

	// A getter, not a field: no slot in each of the many objects.
	protected get readOnlyMessage(): string {
		return 'A body\'s evaluated values are read-only';
	}

	get size(): number {
		return this.#plan.names.length;
	}

	has(name: string): boolean {
		return positionIn(this.#plan, name) !== -1;
	}

	get(name: string): Value | undefined {
		const position = positionIn(this.#plan, name);
		return position === -1 ? undefined : this.#values[position];
	}

	protected keyAt(position: number): string {
		return this.#plan.names[position]!;
	}

	protected valueAt(position: number): Value {
		return this.#values[position]!;
	}
}

/**
A body's values: its attributes, and as an object on demand. Only nested blocks need the object (a resource body's attributes are read directly, and changed by the caller, so not shared with an object). A class, not a literal with a getter, which would make a function per call (one per resource instance).
*/
class EvaluatedBody {
	readonly attributes: ReadonlyMap<string, Value>;

	constructor(attributes: ReadonlyMap<string, Value>) {
		this.attributes = attributes;
	}

	get object(): Value {
		return {kind: 'object', attributes: this.attributes, open: true};
	}
}
