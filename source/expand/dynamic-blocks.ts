import type {Attribute, Block, Body, Expression} from '../hcl/ast.js';
import {traversalsOf} from '../lang/references.js';
import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import type {Scope} from '../lang/eval/scope.js';
import {typeEquals} from '../lang/types.js';
import {
	type Value, listValue, numberValue, objectValue, stringValue, tupleValue, typeOf, unknownValue, unmark, withMarks,
} from '../lang/values.js';
import {evaluateExpression} from './lang-adapter.js';
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
	The values put in `shared` (top-level arguments only), so shaping by a schema can be done once for them too.
	*/
	readonly sharedValues?: Set<Value>;
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

const instanceNames = new Set(['count', 'each', 'self']);

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

type Group = {labelled: boolean; items: Array<{label?: string; value: Value}>; unknown: boolean};

function evaluate(expression: Parameters<typeof evaluateExpression>[0], scope: Scope, options: BodyOptions): Value {
	const result = evaluateExpression(expression, scope);
	options.report(result.diagnostics);
	return result.value;
}

function listOf(values: readonly Value[]): Value {
	if (values.length === 0) {
		return tupleValue([]);
	}

	const type = typeOf(values[0]!);
	for (let position = 1; position < values.length; position++) {
		if (!typeEquals(typeOf(values[position]!), type)) {
			return tupleValue(values);
		}
	}

	return listValue(type, values);
}

function addBlock(groups: Map<string, Group>, type: string, labelled: boolean): Group {
	let group = groups.get(type);
	if (!group) {
		group = {labelled, items: [], unknown: false};
		groups.set(type, group);
	}

	return group;
}

function expandDynamic(block: Block, scope: Scope, groups: Map<string, Group>, options: BodyOptions): void {
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

	const group = addBlock(groups, type, labels !== undefined);
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

	const counter = options.dynamicBlocks!;
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

		group.items.push({...(label !== undefined && {label}), value: evaluateBody(content.body, inner, nestedOptions(options)).object});
	}
}

/**
The options for the body of a nested block: its arguments are read with `nestedNullAsUnknown` applied.
*/
function nestedOptions(options: BodyOptions): BodyOptions {
	return {report: options.report, dynamicBlocks: options.dynamicBlocks, ...(options.nestedNullAsUnknown && {nestedNullAsUnknown: true, nullAsUnknown: true})};
}

/**
What evaluating a body needs to know about each item, worked out once per body and set of skipped names (the AST is immutable, and a resource body is evaluated once per instance).
*/
type PlannedItem =
	| {readonly kind: 'attribute'; readonly attribute: Attribute; readonly perInstance: boolean}
	| {readonly kind: 'dynamic'; readonly block: Block}
	| {readonly kind: 'block'; readonly block: Block; readonly perInstance: boolean};

const plans = new WeakMap<Body, {readonly skip: ReadonlySet<string> | undefined; readonly items: readonly PlannedItem[]}>();

function planOf(body: Body, skip: ReadonlySet<string> | undefined): readonly PlannedItem[] {
	const cached = plans.get(body);
	if (cached && cached.skip === skip) {
		return cached.items;
	}

	const items: PlannedItem[] = [];
	for (const item of body.items) {
		if (item.kind === 'Attribute') {
			if (!skip?.has(item.name)) {
				items.push({kind: 'attribute', attribute: item, perInstance: dependsOnInstance(item.expression)});
			}
		} else if (!skip?.has(item.type)) {
			items.push(item.type === 'dynamic' ? {kind: 'dynamic', block: item} : {kind: 'block', block: item, perInstance: dependsOnInstance(item)});
		}
	}

	plans.set(body, {skip, items});
	return items;
}

export function evaluateBody(body: Body, scope: Scope, givenOptions: BodyOptions): {attributes: Map<string, Value>; object: Value} {
	const options = givenOptions.dynamicBlocks ? givenOptions : {...givenOptions, dynamicBlocks: {count: 0}};
	const attributes = new Map<string, Value>();
	let groups: Map<string, Group> | undefined;
	const {shared} = options;
	for (const item of planOf(body, options.skip)) {
		switch (item.kind) {
			case 'attribute': {
				const {expression} = item.attribute;
				let value = shared && !item.perInstance ? shared.get(expression) : undefined;
				if (value === undefined) {
					value = evaluate(expression, scope, options);
					if (shared && !item.perInstance) {
						shared.set(expression, value);
						options.sharedValues?.add(value);
					}
				}

				attributes.set(item.attribute.name, options.nullAsUnknown ? nullAsUnknown(value) : value);
				break;
			}

			case 'dynamic': {
				groups ??= new Map();
				expandDynamic(item.block, scope, groups, options);
				break;
			}

			case 'block': {
				const {block} = item;
				groups ??= new Map();
				const group = addBlock(groups, block.type, block.labels.length > 0);
				let value = shared && !item.perInstance ? shared.get(block) : undefined;
				if (value === undefined) {
					value = evaluateBody(block.body, scope, nestedOptions(options)).object;
					if (shared && !item.perInstance) {
						shared.set(block, value);
					}
				}

				group.items.push(block.labels[0] === undefined ? {value} : {label: block.labels[0], value});
				break;
			}
		}
	}

	for (const [type, group] of groups ?? []) {
		if (group.unknown) {
			attributes.set(type, unknownValue());
		} else if (group.labelled) {
			attributes.set(type, objectValue(group.items.map(item => [item.label ?? '', item.value] as const)));
		} else {
			attributes.set(type, listOf(group.items.map(item => item.value)));
		}
	}

	return new EvaluatedBody(attributes);
}

/**
A body's values: its attributes, and as an object on demand. Only nested blocks need the object (a resource body's attributes are read directly, and changed by the caller, so not shared with an object). A class, not a literal with a getter, which would make a function per call (one per resource instance).
*/
class EvaluatedBody {
	readonly attributes: Map<string, Value>;

	constructor(attributes: Map<string, Value>) {
		this.attributes = attributes;
	}

	get object(): Value {
		return {kind: 'object', attributes: this.attributes, open: true};
	}
}
