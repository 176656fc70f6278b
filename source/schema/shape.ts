import {type ConversionFailure, convert, markedSet} from '../lang/convert.js';
import {PositionalMap} from '../lang/read-only-map.js';
import {
	type Type, hasDynamicType, listType, objectType, setType,
} from '../lang/types.js';
import {
	type ObjectValue, type Value, listValue, mapValue, markSensitive, nullValue, objectValue, sameItems, tupleValue, unknownValue, withoutMarks,
} from '../lang/values.js';
import {impliedType} from './digest.js';
import type {AttributeSchema, BlockSchema, NestedBlockSchema} from './types.js';

/*
A resource body's evaluated arguments shaped as Terraform plans them from the provider's schema: every attribute present, set ones converted to their type, unset optional ones null, computed ones unknown (or as a state file recorded them), sensitive ones marked, write-only ones null; nested blocks as their nesting mode says (a set of objects, a list, one object, a map by label).
*/

/**
A value that could not be converted: the attribute's path from the resource body (`["ingress", "from_port"]`) and cty's message.
*/
export type ShapeProblem = {
	readonly path: readonly string[];
	/**
	Why the value did not convert, worded where the diagnostic is made (conversionFailureText).
	*/
	readonly failure: ConversionFailure;
};

export type ShapeOptions = {
	/**
	Values recorded in state, for computed attributes left unset (top level only).
	*/
	readonly stored?: ReadonlyMap<string, Value>;
	readonly problem: (problem: ShapeProblem) => void;
	/**
	List and set blocks that are not written are unknown (the provider may fill them in), rather than empty, and so are dynamically typed attributes (a digest's nested blocks) left unset or written as no blocks: for values of resources of providers other than the built-in one, not for validating a body.
	*/
	readonly unsetBlocksUnknown?: boolean;
	/**
	Top-level argument values that every instance of a block shares (evaluated once per block, see `evaluateBody`), and what they were shaped into: shaped once, not once per instance.
	*/
	readonly reuse?: ShapeReuse;
};

export type ShapeReuse = {
	readonly shared: ReadonlySet<Value>;
	/**
	What shared values were shaped into, by the value (or, for blocks, the first block's value): for one slot of the schema, and for blocks the blocks' values, all shared.
	*/
	readonly shaped: Map<Value, ShapedShared>;
};

type ShapedShared = {readonly slot: Slot; readonly elements: readonly Value[] | undefined; readonly value: Value};

/**
The value of a body (as `evaluateBody` gives it: arguments by name, unlabelled blocks as a list or tuple of objects, labelled ones as an object by label, a `dynamic` block over an unknown collection as unknown) under its block schema.
*/
export function shapeBody(schema: BlockSchema, given: ReadonlyMap<string, Value>, options: ShapeOptions, path: readonly string[] = []): ObjectValue {
	const plan = planOf(schema, options.unsetBlocksUnknown === true);
	// Only the slots whose value is not the slot's unset one are kept per object (a body sets a handful of some 60), gathered in this depth's scratch arrays (nested blocks shape their bodies one depth further) and copied at their final length.
	const frame = scratch[depth] ??= {positions: [], values: [], given: [], places: []};
	depth++;
	try {
		const {positions, values} = frame;
		let count = 0;
		const fromState = path.length === 0 && options.stored !== undefined;
		const {slots} = plan;
		if (!fromState && given instanceof PositionalMap && given.size <= slots.length) {
			// A body sets some of a schema's slots, and only those are shaped (every other slot holds its unset value, with no state to read): the given names' slots, found by name and put in slot order, rather than a lookup in the body for each of some 60 slots (also for a body that sets more than a quarter of them, as the bench's alarms set 12 of 30: the slots were each looked up in the body).
			const found = frame.given;
			const places = frame.places;
			let foundCount = 0;
			for (let place = 0; place < given.size; place++) {
				const position = plan.positions.get(given.keyAtPosition(place));
				if (position === undefined) {
					continue;
				}

				let at = foundCount;
				while (at > 0 && found[at - 1]! > position) {
					found[at] = found[at - 1]!;
					places[at] = places[at - 1]!;
					at--;
				}

				found[at] = position;
				places[at] = place;
				foundCount++;
			}

			for (let index = 0; index < foundCount; index++) {
				const position = found[index]!;
				const slot = slots[position]!;
				const shaped = shapeSlot(slot, given.valueAtPosition(places[index]!), options, path);
				if (shaped !== slot.unset) {
					positions[count] = position;
					values[count] = shaped;
					count++;
				}
			}
		} else {
			for (let position = 0; position < slots.length; position++) {
				const slot = slots[position]!;
				const value = given.get(slot.name);
				if (value === undefined && (slot.nested !== undefined || !fromState)) {
					continue;
				}

				const shaped = shapeSlot(slot, value, options, path);
				if (shaped !== slot.unset) {
					positions[count] = position;
					values[count] = shaped;
					count++;
				}
			}
		}

		return {kind: 'object', attributes: new SlotAttributes(layoutOf(plan, positions, count), values.slice(0, count))};
	} finally {
		depth--;
	}
}

/**
One slot's value shaped: `value` is what the body gives for it (undefined: not set, for an attribute read from state).
*/
function shapeSlot(slot: Slot, value: Value | undefined, options: ShapeOptions, path: readonly string[]): Value {
	const {reuse} = options;
	if (reuse !== undefined && path.length === 0 && value !== undefined) {
		if (slot.nested === undefined && value.kind !== 'null' && reuse.shared.has(value)) {
			return shapeShared(slot, value, value, undefined, options, reuse);
		}

		// Blocks that every instance shares (`root_block_device { ... }`, an `egress` block written for a set attribute) arrive in a list made per instance: its elements are what is shared.
		if ((value.kind === 'list' || value.kind === 'tuple') && value.marks === undefined && allShared(value.elements, reuse.shared)) {
			return shapeShared(slot, value, value.elements[0]!, value.elements, options, reuse);
		}
	}

	return shapeUnshared(slot, value, options, path);
}

function shapeUnshared(slot: Slot, value: Value | undefined, options: ShapeOptions, path: readonly string[]): Value {
	if (slot.nested === undefined) {
		return shapeAttribute(slot.name, slot.attribute!, value, options, path);
	}

	return shapeBlocks(slot.nested, value, options, path.length === 0 ? slot.path : [...path, slot.name]);
}

/**
Whether there are elements and each is a value every instance shares.
*/
function allShared(elements: readonly Value[], shared: ReadonlySet<Value>): boolean {
	if (elements.length === 0) {
		return false;
	}

	for (const element of elements) {
		if (!shared.has(element)) {
			return false;
		}
	}

	return true;
}

/**
Scratch arrays of shapeBody, one set per depth of nested blocks being shaped, reused by every call at that depth (only their first entries are read): the kept slots' positions and values, and the given names' slot positions and places.
*/
const scratch: Array<{readonly positions: number[]; readonly values: Value[]; readonly given: number[]; readonly places: number[]}> = [];
let depth = 0;

/**
Which of a plan's slots an object keeps a value for, and where: `index[position]` is the value's place, -1 for a slot holding its unset value. Shared by every object with the same slots set (the instances of one block, mostly).
*/
type Layout = {
	readonly plan: Plan;
	readonly positions: readonly number[];
	readonly index: Int32Array;
};

function layoutOf(plan: Plan, positions: readonly number[], count: number): Layout {
	const last = plan.lastLayout;
	if (last && sameNumbers(last.positions, positions, count)) {
		return last;
	}

	const key = positions.slice(0, count).join(',');
	let layout = plan.layouts.get(key);
	if (!layout) {
		const index = new Int32Array(plan.slots.length).fill(-1);
		for (let place = 0; place < count; place++) {
			index[positions[place]!] = place;
		}

		layout = {plan, positions: positions.slice(0, count), index};
		plan.layouts.set(key, layout);
	}

	plan.lastLayout = layout;
	return layout;
}

/**
Whether `a` is the first `count` numbers of `b`.
*/
function sameNumbers(a: readonly number[], b: readonly number[], count: number): boolean {
	if (a.length !== count) {
		return false;
	}

	for (let position = 0; position < count; position++) {
		if (a[position] !== b[position]) {
			return false;
		}
	}

	return true;
}

/**
A top-level slot's value that every instance shares (`elements` undefined), or a list of blocks that each instance shares (`elements`, kept under the first), shaped once per slot: shaping is a function of the value and the slot. Not null, so no value from state is involved (see shapeAttribute).
*/
function shapeShared(slot: Slot, value: Value, key: Value, elements: readonly Value[] | undefined, options: ShapeOptions, reuse: ShapeReuse): Value {
	const known = reuse.shaped.get(key);
	if (known !== undefined && known.slot === slot && sameElements(known.elements, elements)) {
		return known.value;
	}

	// Reused only when shaping it reported no problem: each instance reports its own.
	const reportedBefore = problemsReported;
	const shaped = shapeUnshared(slot, value, options, []);
	if (problemsReported === reportedBefore && known === undefined) {
		reuse.shaped.set(key, {slot, elements: elements?.slice(), value: shaped});
	}

	return shaped;
}

/**
Whether two lists of values are the same values (identical objects) in the same order, or both absent.
*/
function sameElements(a: readonly Value[] | undefined, b: readonly Value[] | undefined): boolean {
	return a === undefined || b === undefined ? a === b : sameItems(a, b);
}

/**
One attribute or nested block type of a block schema, with its value when the body leaves it out. A schema like aws_instance's has about 60 of them and a body sets a handful: the rest are the same value for every instance, made once and shared (values are immutable).
*/
type Slot = {
	readonly name: string;
	/**
	`[name]`, the path of a nested block type at the top level, made once.
	*/
	readonly path: readonly string[];
	readonly attribute?: AttributeSchema;
	readonly nested?: NestedBlockSchema;
	readonly unset: Value;
};

/**
A block schema's slots sorted by name, the order of an object's attributes, and each name's position.
*/
type Plan = {
	readonly slots: readonly Slot[];
	readonly names: readonly string[];
	readonly positions: ReadonlyMap<string, number>;
	readonly layouts: Map<string, Layout>;
	lastLayout: Layout | undefined;
};

// Two plans per schema: what an unset slot holds depends on `unsetBlocksUnknown`.
const plans = new WeakMap<BlockSchema, {known?: Plan; unknown?: Plan}>();

/**
The plan of a block schema (a nested block type hides an attribute of the same name, as it did when both were set in one map).
*/
function planOf(schema: BlockSchema, unsetBlocksUnknown: boolean): Plan {
	let both = plans.get(schema);
	if (!both) {
		both = {};
		plans.set(schema, both);
	}

	let plan = unsetBlocksUnknown ? both.unknown : both.known;
	if (!plan) {
		const byName = new Map<string, Slot>();
		const options: ShapeOptions = {problem() {}, unsetBlocksUnknown};
		for (const [name, attribute] of schema.attributes) {
			// Below the top level: never from state, which only top-level attributes read (see shapeBody).
			byName.set(name, {name, path: [name], attribute, unset: shapeAttribute(name, attribute, undefined, options, [name])});
		}

		for (const [name, nested] of schema.blockTypes) {
			byName.set(name, {name, path: [name], nested, unset: shapeBlocks(nested, undefined, options, [name])});
		}

		const slots = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : (a.name > b.name ? 1 : 0)));
		const names = slots.map(slot => slot.name);
		plan = {slots, names, positions: new Map(names.map((name, position) => [name, position])), layouts: new Map(), lastLayout: undefined};
		if (unsetBlocksUnknown) {
			both.unknown = plan;
		} else {
			both.known = plan;
		}
	}

	return plan;
}

/**
The attributes of a shaped object: the values of the slots it sets beside its layout, instead of a Map of its own per instance (tens of thousands of instances with some 60 attributes each, most of them the slot's unset value). Read-only, like every value; a Map without a Map's storage (see PositionalMap): a subclass of Map allocated an empty hash table per object (150 bytes, 10 MB at 4x).
*/
class SlotAttributes extends PositionalMap {
	readonly #layout: Layout;
	readonly #values: readonly Value[];

	constructor(layout: Layout, values: readonly Value[]) {
		super();
		this.#layout = layout;
		this.#values = values;
	}

	// A getter, not a field: no slot in each of the many objects.
	protected get readOnlyMessage(): string {
		return 'An object value\'s attributes are read-only';
	}

	get size(): number {
		return this.#layout.plan.slots.length;
	}

	has(name: string): boolean {
		return this.#layout.plan.positions.has(name);
	}

	get(name: string): Value | undefined {
		const position = this.#layout.plan.positions.get(name);
		return position === undefined ? undefined : this.valueAt(position);
	}

	protected keyAt(position: number): string {
		return this.#layout.plan.names[position]!;
	}

	protected valueAt(position: number): Value {
		const place = this.#layout.index[position]!;
		return place === -1 ? this.#layout.plan.slots[position]!.unset : this.#values[place]!;
	}
}

function shapeAttribute(name: string, attribute: AttributeSchema, given: Value | undefined, options: ShapeOptions, path: readonly string[]): Value {
	let value: Value;
	const bareGiven = given && withoutMarks(given);
	if (options.unsetBlocksUnknown === true && attribute.type.kind === 'dynamic' && !attribute.writeOnly && (bareGiven === undefined || bareGiven.kind === 'null' || (bareGiven.kind === 'tuple' && bareGiven.elements.length === 0))) {
		// A bundled digest gives nested blocks as dynamic attributes: none written is the provider's to fill in (an optional and computed block), so unknown, not null or empty.
		return withMarksOf(unknownValue(attribute.type), given);
	}

	if (attribute.writeOnly) {
		// Never planned nor stored: always null to expressions.
		value = nullValue(attribute.type);
	} else if (given === undefined || given.kind === 'null') {
		// An optional and computed argument left null is the provider's to decide, as one never set.
		value = attribute.computed ? (path.length === 0 ? options.stored?.get(name) : undefined) ?? withMarksOf(unknownValue(attribute.type), given) : withMarksOf(nullValue(attribute.type), given);
	} else {
		const converted = convert(given, lenientType(attribute.type));
		if (converted.ok) {
			value = converted.value;
		} else {
			// hcldec prints cty's message without the path inside the value.
			problemsReported++;
			options.problem({path: [...path, name], failure: converted});
			value = unknownValue(attribute.type);
		}
	}

	return attribute.sensitive ? markSensitive(value) : value;
}

/**
How many problems shaping has reported in all, so shapeShared tells whether shaping a value reported any without wrapping the caller's callback in a closure and an options object for each value (once per instance of a resource with one instance, where nothing is reused).
*/
let problemsReported = 0;

function withMarksOf<T extends Value>(value: T, of: Value | undefined): T {
	return of?.marks ? {...value, marks: of.marks} : value;
}

/**
A list or set of objects is also written as blocks (Terraform's blocktoattr: `ingress { ... }` for an attribute of type set of objects), where an attribute left out is null: the objects' attributes are made optional for the conversion.
*/
function lenientType(type: Type): Type {
	if ((type.kind === 'list' || type.kind === 'set') && type.element.kind === 'object' && !type.element.optional) {
		let lenient = lenientTypes.get(type);
		if (!lenient) {
			const element = objectType(type.element.attributes, new Set(Object.keys(type.element.attributes)));
			lenient = type.kind === 'list' ? listType(element) : setType(element);
			lenientTypes.set(type, lenient);
		}

		return lenient;
	}

	return type;
}

const lenientTypes = new WeakMap<Type, Type>();

function shapeBlocks(nested: NestedBlockSchema, given: Value | undefined, options: ShapeOptions, path: readonly string[]): Value {
	const elementType = impliedType(nested.block);
	const bare = given && withoutMarks(given);
	if (bare?.kind === 'unknown') {
		return unknownValue(blockValueType(nested));
	}

	// The blocks' values (and labels, for a map), shaped: one per element of a list or tuple, one per attribute of an object in map mode, the object itself otherwise.
	const shaped: Value[] = [];
	const labels: string[] | undefined = nested.mode === 'map' ? [] : undefined;
	if (bare?.kind === 'list' || bare?.kind === 'tuple') {
		for (const element of bare.elements) {
			labels?.push('');
			shaped.push(shapeBlock(nested, element, elementType, options, path));
		}
	} else if (bare?.kind === 'object' && labels) {
		for (const [label, element] of bare.attributes) {
			labels.push(label);
			shaped.push(shapeBlock(nested, element, elementType, options, path));
		}
	} else if (bare?.kind === 'object') {
		shaped.push(shapeBlock(nested, bare, elementType, options, path));
	}

	if (shaped.length === 0 && (nested.mode === 'list' || nested.mode === 'set') && options.unsetBlocksUnknown === true) {
		// No block written: a provider may fill it in at plan (an optional and computed block, which the schema cannot tell from another), so it is unknown, not certainly empty: `res.block[0].x` is known after apply, not an error.
		return unknownValue(blockValueType(nested));
	}

	switch (nested.mode) {
		case 'single': {
			return shaped[0] ?? nullValue(elementType);
		}

		case 'group': {
			return shaped[0] ?? shapeBody(nested.block, new Map(), {problem: options.problem}, path);
		}

		case 'list': {
			// With a dynamically typed attribute inside, the blocks' objects may differ in type: Terraform makes a tuple.
			return hasDynamicType(elementType) ? tupleValue(shaped) : listValue(elementType, shaped);
		}

		case 'set': {
			return markedSet(elementType, shaped);
		}

		case 'map': {
			const entries = shaped.map((value, index) => [labels![index]!, value] as const);
			return hasDynamicType(elementType) ? objectValue(entries) : mapValue(elementType, entries);
		}
	}
}

/**
One block's value shaped by its block schema (unknown when it is not an object). A plain function, not a closure made per call of shapeBlocks (tsx wraps each closure it makes in a naming helper).
*/
function shapeBlock(nested: NestedBlockSchema, item: Value, elementType: Type, options: ShapeOptions, path: readonly string[]): Value {
	const object = withoutMarks(item);
	return object.kind === 'object' ? shapeBody(nested.block, object.attributes, options, path) : unknownValue(elementType);
}

/**
The type of a nested block type's value.
*/
function blockValueType(nested: NestedBlockSchema): Type {
	const element = impliedType(nested.block);
	switch (nested.mode) {
		case 'list': {
			return hasDynamicType(element) ? {kind: 'dynamic'} : listType(element);
		}

		case 'set': {
			return setType(element);
		}

		case 'map': {
			return hasDynamicType(element) ? {kind: 'dynamic'} : {kind: 'map', element};
		}

		default: {
			return element;
		}
	}
}

/**
The value of an instance whose body is not known at all (a resource of a type with a schema, before any argument is evaluated): every attribute unknown.
*/
export function unknownBlockValue(schema: BlockSchema): Value {
	return unknownValue(impliedType(schema));
}
