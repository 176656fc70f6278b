import path from 'node:path';
import {type Attribute, type Block, type Body, findAttribute} from '../hcl/ast.js';
import type {ResourceBlock} from '../config/module.js';
import {stateKey} from '../config/state.js';
import {type ObjectValue, type Value, compareStrings, unknownValue, unmark, withMarks, type Marks} from '../lang/values.js';
import {type InstanceKey, type ResourceInstanceAddress} from './addresses.js';
import {evaluateBody, nullAsUnknown} from './dynamic-blocks.js';
import type {RepetitionData} from './expansion.js';
import type {ResourceExpansion, ResourceInstance} from './instance-tree.js';
import {type Assumption, applyAssumptions, assumptionsFor} from './assumptions.js';
import {shapeBody} from '../schema/shape.js';
import {planBuiltin} from '../schema/builtin-plan.js';
import {readRemoteState} from '../schema/remote-state.js';
import {warningDiagnostic} from '../hcl/diagnostics.js';
import {report} from './expand-context.js';
import {sortedObject} from './collection-values.js';
import type {Context} from './expand-context.js';
import {pending, reportCycle} from './memo.js';
import {ModuleInstanceImpl} from './module-instance.js';
import {ResourceExpansionImpl} from './resource-expansion.js';

/*
One resource instance: its body evaluated and shaped by its schema, validated as terraform validate does.
*/

/**
The argument at a path of block types and a name in a body (inside the first block of each type, or a dynamic block's content), if written there.
*/
export function writtenAttribute(body: Body, path: readonly string[]): Attribute | undefined {
	const [first, ...rest] = path;
	if (first === undefined) {
		return undefined;
	}

	if (rest.length === 0) {
		return findAttribute(body, first);
	}

	for (const item of body.items) {
		if (item.kind !== 'Block') {
			continue;
		}

		if (item.type === first) {
			const found = writtenAttribute(item.body, rest);
			if (found) {
				return found;
			}
		} else if (item.type === 'dynamic' && item.labels[0] === first) {
			const content = item.body.items.find((inner): inner is Block => inner.kind === 'Block' && inner.type === 'content');
			const found = content && writtenAttribute(content.body, rest);
			if (found) {
				return found;
			}
		}
	}

	return undefined;
}

export const metaArguments: ReadonlySet<string> = new Set(['count', 'for_each', 'provider', 'depends_on', 'lifecycle', 'provisioner', 'connection']);

export const validatedBlocks = new WeakSet<object>();

// `for_each` is OpenTofu's (a Terraform-mode error of its own).
export const providerMetaArguments: ReadonlySet<string> = new Set(['alias', 'version', 'for_each']);

export const builtinProvider = 'terraform.io/builtin/terraform';

export class ResourceInstanceImpl implements ResourceInstance {
	#address: ResourceInstanceAddress | undefined;
	readonly text: string;
	readonly key: InstanceKey;
	readonly resource: ResourceExpansion;
	readonly repetition: RepetitionData;
	readonly fromState: boolean;
	readonly #context: Context;
	// One memoised value per instance, without a Map: there can be tens of thousands of instances.
	#value: Value | typeof pending | undefined;
	#assumed: readonly Assumption[] | undefined;

	/**
	`repetition` and `text` are the key's, made once per expansion (expansionInstances).
	*/
	constructor(context: Context, resource: ResourceExpansionImpl, key: InstanceKey, repetition: RepetitionData, text: string) {
		this.#context = context;
		this.resource = resource;
		this.key = key;
		this.text = text;
		this.repetition = repetition;
		// A placeholder stands for instances that are not known: none of them is in state under its key.
		this.fromState = context.options.state.size > 0 && key.kind !== 'unknown' && context.options.state.has(this.#stateKey());
	}

	/**
	Made when first asked for: most of tens of thousands of instances are only ever named by their text.
	*/
	get address(): ResourceInstanceAddress {
		this.#address ??= {...this.resource.address, key: this.key};
		return this.#address;
	}

	#stateKey(): string {
		const {block} = this.resource;
		return stateKey(this.resource.moduleInstance.text, block.mode, block.type, block.name, this.key.kind === 'none' || this.key.kind === 'unknown' ? undefined : this.key.value);
	}

	get value(): Value {
		if (this.#value === pending) {
			reportCycle(this.#context, this.text, this.resource.block.range);
			return unknownValue();
		}

		if (this.#value === undefined) {
			this.#value = pending;
			// withLabel written out: a closure per instance costs more than the rest of this getter.
			const {stack} = this.#context;
			stack.push(this.text);
			try {
				const computed = this.#compute();
				const planned = this.#context.options.planned?.(this.text, computed);
				const {assumed} = this;
				this.#value = planned ?? (assumed.length === 0 ? computed : applyAssumptions(computed, assumed));
			} finally {
				stack.pop();
			}

			(this.resource as ResourceExpansionImpl).instanceComputed();
		}

		return this.#value;
	}

	/**
	The assumptions that pin (part of) this instance's value, in the order given.
	*/
	get assumed(): readonly Assumption[] {
		const {assumptions} = this.#context.options;
		if (!assumptions || assumptions.length === 0) {
			return noAssumptions;
		}

		this.#assumed ??= assumptionsFor(assumptions, this.resource.moduleInstance.address, this.resource.block.key, this.key);
		return this.#assumed;
	}

	/**
	The one place an instance's value is built: the configuration's arguments evaluated, then state, then what the resource type's schema says (only terraform_data's is known here; a provider schema plugs in at the marked step). Assumptions are applied on top, in the value getter.
	*/
	#compute(): Value {
		const resource = this.resource as ResourceExpansionImpl;
		const {block} = resource;
		const scope = (this.resource.moduleInstance as ModuleInstanceImpl).instanceScope(this.repetition);
		const {bodyOptions, shapeOptions} = resource.evaluation;
		const evaluated = evaluateBody(block.body, scope, bodyOptions);
		const {attributes} = evaluated;
		const {state} = this.#context.options;
		const stored = state.size === 0 || !this.fromState ? undefined : state.get(this.#stateKey());
		const storedAttributes = stored?.attributes.kind === 'object' ? stored.attributes.attributes : undefined;
		if (resource.schema) {
			const shapedBody = shapeBody(resource.schema.block, attributes, storedAttributes ? {...shapeOptions, stored: storedAttributes} : shapeOptions);
			// A newer provider release than the digest's, or a version the constraints allow instead of the digest's, may have attributes the digest lacks: reading one is unknown, not an error.
			// Built as a literal, not spread: V8 gave each object spread from another with a property added a hidden class of its own (48,811 classes, 8 MB, at 4x, and every read of such a value megamorphic).
			const shaped: ObjectValue = resource.schema.newerAllowed || !resource.schema.strict ? {kind: 'object', attributes: shapedBody.attributes, open: true} : shapedBody;
			const {options} = this.#context;
			if (resource.schema.provider === builtinProvider && block.mode === 'data' && block.type === 'terraform_remote_state' && options.readRemoteState) {
				// Read during plan, as Terraform reads it: the local backend's state file, when there is one.
				const read = readRemoteState(shaped, options.rootDirectory, options.readRemoteState, {address: this.text, decryption: options.remoteStateDecryption});
				if (read.kind === 'read') {
					return read.value;
				}

				if (read.encrypted === true) {
					report(this.#context, [warningDiagnostic('Encrypted state file', `${read.file === undefined ? 'The state file' : path.relative(options.cwd, read.file) || read.file} is an OpenTofu encrypted state file that ${this.text} reads, and tfscope cannot decrypt it: ${read.problem ?? 'no method'}. Its outputs are unknown.`, this.resource.block.range)]);
				}
			}

			return finished(block, resource.schema.provider === builtinProvider && !storedAttributes ? planBuiltin(block.type, shaped, attributes) : shaped);
		}

		if (!storedAttributes) {
			// The common case, built in one pass: a body's names are the same for every instance, so their order is sorted once.
			const sorted = new Map<string, Value>();
			for (const name of sortedNames(block.body, attributes)) {
				sorted.set(name, partialObjects(nullAsUnknown(attributes.get(name)!), 0));
			}

			return finished(block, {kind: 'object', attributes: sorted, open: true});
		}

		// The body's values are read-only (see evaluateBody): merged with state in a Map of their own.
		const merged = new Map(attributes);
		for (const [name, value] of attributes) {
			// An argument set to null keeps its value in state, as a provider plans an optional and computed attribute left unset.
			const fromState = storedAttributes.get(name);
			merged.set(name, fromState && unmark(value)[0].kind === 'null' ? fromState : partialObjects(nullAsUnknown(value), 0));
		}

		for (const [name, value] of storedAttributes) {
			if (!merged.has(name)) {
				merged.set(name, value);
			}
		}

		return finished(block, sortedObject(merged));
	}
}

/**
A written value of a resource without its schema, every object in it (at any depth, in blocks and in arguments) made `partial`: a name the configuration did not write may be a nested attribute the provider computes, so reading it is unknown rather than an error (#38, D). The value itself when it holds no object (most arguments): nothing is copied.
*/
function partialObjects(value: Value, depth: number): Value {
	if (depth > 64) {
		return value;
	}

	switch (value.kind) {
		case 'object': {
			let attributes: Map<string, Value> | undefined;
			for (const [name, attribute] of value.attributes) {
				const changed = partialObjects(attribute, depth + 1);
				if (changed !== attribute) {
					attributes ??= new Map(value.attributes);
					attributes.set(name, changed);
				}
			}

			if (value.partial && attributes === undefined) {
				return value;
			}

			const partial: ObjectValue = value.open ? {kind: 'object', attributes: attributes ?? value.attributes, open: true, partial: true} : {kind: 'object', attributes: attributes ?? value.attributes, partial: true};
			return value.marks ? withMarks(partial, value.marks) : partial;
		}

		case 'tuple':
		case 'list': {
			let elements: Value[] | undefined;
			for (const [position, element] of value.elements.entries()) {
				const changed = partialObjects(element, depth + 1);
				if (changed !== element) {
					elements ??= [...value.elements];
					elements[position] = changed;
				}
			}

			return elements === undefined ? value : {...value, elements};
		}

		default: {
			return value;
		}
	}
}

/**
An instance's value as its block's mode makes it: an ephemeral resource's result exists only during a run, so every value read from it is ephemeral. A function, not a closure per instance.
*/
function finished(block: ResourceBlock, value: Value): Value {
	return block.mode === 'ephemeral' ? withMarks(value, ephemeralMarks) : value;
}

const namesByBody = new WeakMap<object, readonly string[]>();

/**
The names of a body's evaluated attributes in lexical order, kept per body (checked against the names at hand, which a state or a schema can change).
*/
function sortedNames(body: object, attributes: ReadonlyMap<string, Value>): readonly string[] {
	let names = namesByBody.get(body);
	if (!names || names.length !== attributes.size || !names.every(name => attributes.has(name))) {
		names = [...attributes.keys()].sort(compareStrings);
		namesByBody.set(body, names);
	}

	return names;
}

const noAssumptions: readonly Assumption[] = Object.freeze([]);

const ephemeralMarks: Marks = new Set(['ephemeral'] as const);
