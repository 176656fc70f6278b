import {
	type Block, type Body, type Expression, findAttribute,
} from '../hcl/ast.js';
import type {Range} from '../hcl/position.js';
import {
	type Reference, type ReferenceChain, type TraversalStep, parseReferenceReadOnly, staticPart, walkBodyReferenceChains,
} from '../lang/references.js';
import {type Value, isWhollyKnown, unmark} from '../lang/values.js';
import {
	type Relevance, along, decided, keysOnly, relevanceText, relevantChains, valueAt, whole,
} from './cause-relevance.js';
import type {InstanceKey} from './addresses.js';
import type {Expansion} from './expansion.js';
import type {ModuleCallExpansion, ModuleInstance, ResourceExpansion} from './instance-tree.js';

/*
Why a value is not known: the walk from an unknown `count`/`for_each` back through variables, locals, module outputs and resource arguments to the values at the root of the chain, the ones only a provider knows (a data source's attribute, read at plan; a resource's computed attribute, known after apply). Each root is one cause, reported once for every block it leaves open-ended, with the way to pin it.
*/

export type UnknownCause = {
	/**
	`data.aws_availability_zones.available`, `module.vpc.aws_vpc.this[0]`, `var.zones`: what the value comes from.
	*/
	readonly owner: string;
	/**
	The attribute read from it (`names`), when one is.
	*/
	readonly attribute?: string;
	/**
	`plan`: a data source the provider reads during plan (Terraform plans without trouble); `apply`: a managed resource's attribute known only after apply (Terraform's plan stops on an unknown count/for_each); `variable`: a root input variable without a value (reported as its own error); `expression`: no reference explains it (an impure function, an error upstream).
	*/
	readonly when: 'plan' | 'apply' | 'variable' | 'expression';
	/**
	The block (or expression) at the root.
	*/
	readonly range?: Range;
};

/**
`data.aws_availability_zones.available.names`: the cause as an address an assumption can pin.
*/
export function causeAddress(cause: UnknownCause): string {
	return cause.attribute === undefined ? cause.owner : `${cause.owner}.${cause.attribute}`;
}

/**
What the walk needs of a module instance beyond the public ModuleInstance: its blocks' expansions by key, without expanding anything new.
*/
export type CauseSource = {
	resourceExpansion(instance: ModuleInstance, key: string): ResourceExpansion | undefined;
	callExpansion(instance: ModuleInstance, name: string): ModuleCallExpansion | undefined;
};

const maximumDepth = 64;

/**
The causes of an unknown value computed by `expression` in `instance`, root-most first, without duplicates. `placeholder` is the expansion of the block being evaluated, when `count`/`each` are those of a placeholder (their unknowns come from its own count/for_each). `meta`: which argument `expression` is; a `for_each` needs only its keys known (see cause-relevance.ts).
*/
export function unknownCauses(expression: Expression, instance: ModuleInstance, source: CauseSource, placeholder?: {readonly expression: Expression; readonly instance: ModuleInstance}, meta: 'count' | 'for_each' | 'other' = 'other'): UnknownCause[] {
	const found = new Map<string, UnknownCause>();
	const visited = new Set<string>();
	const add = (cause: UnknownCause): void => {
		const key = causeAddress(cause);
		if (!found.has(key)) {
			found.set(key, cause);
		}
	};

	// Every reference chain of `visitChains` (an expression, or nested blocks of a resource) with what of its value matters, followed in `where`; `range` and the relevance identify what is walked, so each is walked once per module instance.
	const walkChains = (range: Range, relevance: Relevance, visitChains: (visit: (chain: ReferenceChain, relevance: Relevance) => void) => void, where: ModuleInstance, depth: number, repetitionOf: typeof placeholder): void => {
		const key = `${where.text}|${range.filename}:${range.start.offset}:${range.end.offset}|${relevanceText(relevance)}`;
		if (depth > maximumDepth || visited.has(key)) {
			return;
		}

		visited.add(key);
		const before = found.size;
		visitChains((chain, chainRelevance) => {
			const static_ = staticPart(chain);
			const reference = parseReferenceReadOnly(static_).value;
			if (reference) {
				// Past a dynamic index or a splat, any part of the static prefix may be read.
				const exact = static_.steps.length === chain.steps.length;
				followReference(reference, attributeAfterSubject(chain, static_.steps.length - reference.remaining.length), where, depth, repetitionOf, exact ? chainRelevance : whole);
			}
		});

		if (found.size === before && depth === 0) {
			// Narrowing found nothing (a function unknown on known arguments, an unknown it does not model): every reference then, as before it.
			if (relevance.kind !== 'whole') {
				visited.delete(key);
				walkChains(range, whole, visitChains, where, depth, repetitionOf);
				return;
			}

			add({owner: `the expression at ${range.filename}:${range.start.line}`, when: 'expression', range});
		}
	};

	const walk = (current: Expression, where: ModuleInstance, depth: number, repetitionOf: typeof placeholder, relevance: Relevance = whole): void => {
		walkChains(current.range, relevance, visit => {
			relevantChains(current, relevance, visit);
		}, where, depth, repetitionOf);
	};

	const walkExpansion = (expansion: Expansion, block: {readonly count?: Expression; readonly forEach?: Expression}, where: ModuleInstance, depth: number): void => {
		const meta = block.count ?? block.forEach;
		if (expansion.mode === 'unknown' && meta) {
			walk(meta, where, depth + 1, undefined, block.count ? whole : keysOnly);
		}
	};

	/**
	Whether the value a reference reads (past its subject, along `steps`) is known as far as `relevance` needs (undefined), else the relevance its definition has.
	*/
	const narrowed = (value: Value, steps: readonly TraversalStep[], relevance: Relevance): Relevance | undefined => decided(valueAt(value, steps), relevance) ? undefined : along(steps, relevance);

	const followReference = (reference: Reference, attribute: string | undefined, where: ModuleInstance, depth: number, repetitionOf: typeof placeholder, relevance: Relevance): void => {
		const {subject} = reference;
		switch (subject.kind) {
			case 'variable': {
				const value = where.variable(subject.name);
				const next = value === undefined ? undefined : narrowed(value, reference.remaining, relevance);
				if (next === undefined) {
					return;
				}

				const input = where.parent ? where.node.call?.inputs.find(attribute => attribute.name === subject.name) : undefined;
				if (input && where.parent) {
					// The input is evaluated in the parent with this instance's count/each: a placeholder module's unknowns come from its own count/for_each.
					const call = where.node.call!;
					walk(input.expression, where.parent, depth + 1, where.key.kind === 'unknown' ? {expression: (call.count ?? call.forEach)!, instance: where.parent} : undefined, next);
				} else if (!where.parent) {
					add({owner: `var.${subject.name}`, when: 'variable', range: where.node.module.variables.get(subject.name)?.range});
				}

				return;
			}

			case 'local': {
				const value = where.local(subject.name);
				const declaration = where.node.module.locals.get(subject.name);
				const next = value === undefined ? undefined : narrowed(value, reference.remaining, relevance);
				if (next !== undefined && declaration) {
					walk(declaration.expression, where, depth + 1, undefined, next);
				}

				return;
			}

			case 'count':
			case 'each': {
				if (repetitionOf) {
					walk(repetitionOf.expression, repetitionOf.instance, depth + 1, undefined);
				}

				return;
			}

			case 'module': {
				const call = source.callExpansion(where, subject.name);
				if (!call) {
					return;
				}

				if (call.expansion.mode === 'unknown') {
					walkExpansion(call.expansion, call.call, where, depth);
					return;
				}

				// Per instance (`module.net["a"].ids` follows that instance only), through the child's output expression; the whole object (`values(module.net)`) follows every output that is not known.
				const key = reference.remaining[0]?.kind === 'index' ? reference.remaining[0].key : undefined;
				const outputs = attribute === undefined ? [...call.node.module.outputs.keys()] : [attribute];
				// What the reference reads past the output (`module.net.config.zones`): with an instance key or for every output, the whole output.
				const outputAt = reference.remaining.findIndex(step => step.kind === 'attribute');
				const past = attribute === undefined || outputAt === -1 ? [] : reference.remaining.slice(outputAt + 1);
				const outputRelevance = attribute === undefined ? whole : relevance;
				for (const child of call.instances) {
					if (key !== undefined && !sameKey(child.key, key)) {
						continue;
					}

					for (const output of outputs) {
						const declaration = call.node.module.outputs.get(output);
						const value = child.output(output);
						const next = value === undefined ? undefined : narrowed(value, past, outputRelevance);
						if (declaration?.value && next !== undefined) {
							walk(declaration.value, child, depth + 1, undefined, next);
						}
					}
				}

				return;
			}

			case 'resource': {
				const key = `${subject.mode === 'managed' ? '' : `${subject.mode}.`}${subject.type}.${subject.name}`;
				const resource = source.resourceExpansion(where, key);
				if (!resource) {
					return;
				}

				if (resource.expansion.mode === 'unknown') {
					walkExpansion(resource.expansion, resource.block, where, depth);
					return;
				}

				const argument = attribute === undefined ? undefined : findAttribute(resource.block.body, attribute);
				// A nested block (`identity { ... }`, `dynamic "identity"`) is unknown through what it is made of: its for_each and its arguments.
				const blocks = attribute === undefined || argument ? [] : nestedBlocks(resource.block.body, attribute);
				// `each.value` / `count.index` in an argument of a known instance are unknown through the block's own for_each.
				const meta = resource.block.count ?? resource.block.forEach;
				const repetition = meta ? {expression: meta, instance: where} : undefined;
				for (const instance of resource.instances) {
					const [value] = unmark(instance.value);
					const attributeValue = attribute === undefined || value.kind !== 'object' ? value : value.attributes.get(attribute);
					if (attributeValue !== undefined && isWhollyKnown(attributeValue)) {
						continue;
					}

					if (argument) {
						walk(argument.expression, where, depth + 1, repetition);
						continue;
					}

					if (blocks.length > 0) {
						const {range} = blocks[0]!;
						walkChains(range, whole, visit => {
							walkBodyReferenceChains({
								kind: 'Body', items: blocks, syntax: resource.block.body.syntax, range,
							}, chain => {
								visit(chain, whole);
							});
						}, where, depth + 1, repetition);
						continue;
					}

					if (subject.mode === 'data' && readAtApply(resource, where, depth)) {
						continue;
					}

					add({
						owner: resource.instances.length === 1 ? instance.text : resource.text, ...(attribute !== undefined && {attribute}), when: subject.mode === 'data' ? 'plan' : 'apply', range: resource.block.range,
					});
					break;
				}
			}
		}
	};

	/**
	A data source whose own arguments are not known is read during apply, not plan: its unknowns come from those arguments, which the walk follows instead.
	*/
	const readAtApply = (resource: ResourceExpansion, where: ModuleInstance, depth: number): boolean => {
		let deferred = false;
		for (const instance of resource.instances) {
			const [value] = unmark(instance.value);
			if (value.kind !== 'object') {
				continue;
			}

			for (const item of resource.block.body.items) {
				if (item.kind !== 'Attribute') {
					continue;
				}

				const argument = value.attributes.get(item.name);
				if (argument !== undefined && !isWhollyKnown(argument)) {
					deferred = true;
					walk(item.expression, where, depth + 1, undefined);
				}
			}
		}

		return deferred;
	};

	walk(expression, instance, 0, placeholder, meta === 'for_each' ? keysOnly : whole);
	return [...found.values()];
}

/**
The nested blocks of a body that make the attribute `name` of its object: `name { ... }` and `dynamic "name" { ... }`.
*/
function nestedBlocks(body: Body, name: string): Block[] {
	return body.items.filter((item): item is Block => item.kind === 'Block' && (item.type === name || (item.type === 'dynamic' && item.labels[0] === name)));
}

/**
Whether an instance key is the literal key of a reference (`module.net["a"]`, `module.net[0]`).
*/
function sameKey(key: InstanceKey, literal: string | number): boolean {
	return (key.kind === 'int' || key.kind === 'string') && key.value === literal;
}

/**
The first attribute a chain reads past its subject, over instance keys and splats: `id` in `aws_subnet.this[*].id`, `aws_subnet.this[count.index].id`, `module.net["a"].id`.
*/
function attributeAfterSubject(chain: ReferenceChain, consumed: number): string | undefined {
	for (const step of chain.steps.slice(consumed)) {
		if (step.kind === 'attribute') {
			return step.name;
		}
	}

	return undefined;
}

/**
One cause with every block it leaves open-ended (block addresses: `module.vpc.aws_subnet.public`), in the order they were expanded.
*/
export type CauseReport = {
	readonly cause: UnknownCause;
	readonly blocks: readonly string[];
};

function where(range: Range | undefined): string {
	return range ? ` (${range.filename}:${range.start.line})` : '';
}

function blockList(blocks: readonly string[]): string {
	const shown = blocks.slice(0, 5).join(', ');
	return blocks.length > 5 ? `${shown} and ${blocks.length - 5} more` : shown;
}

/**
How a cause reads in `check`, `instances` and the explorer: a summary, and a detail that names the root (file:line), the blocks it leaves open-ended, and how to pin it.
*/
export function describeCause(report: CauseReport): {readonly summary: string; readonly detail: string} {
	const {cause, blocks} = report;
	const address = causeAddress(cause);
	const count = `${blocks.length} block${blocks.length === 1 ? '' : 's'}`;
	const shown = `tfscope shows ${blocks.length === 1 ? 'it' : 'each'} as one placeholder instance ([*]).`;
	const pin = `To see the instances, pin the value: --assume '${address}=VALUE' (or an --assume-file), or --state FILE with a state that has it.`;
	switch (cause.when) {
		case 'plan': {
			return {
				summary: 'Instances known at plan',
				detail: `${address}${where(cause.range)} is read from the provider during plan, so the number of instances of ${count} is not known here: ${blockList(blocks)}. ${shown} ${pin}`,
			};
		}

		case 'apply': {
			return {
				summary: 'Instances known after apply',
				detail: `${address}${where(cause.range)} is known only after apply, so the number of instances of ${count} is not known: ${blockList(blocks)}. Terraform's plan stops on such a count or for_each ("Invalid count argument", "Invalid for_each argument"; -target can apply what it depends on first). ${shown} ${pin}`,
			};
		}

		case 'variable': {
			return {
				summary: 'Instances depend on an unset variable',
				detail: `${address}${where(cause.range)} has no value, so the number of instances of ${count} is not known: ${blockList(blocks)}. ${shown} Give it a value with --var or --var-file.`,
			};
		}

		case 'expression': {
			return {
				summary: 'Instances not known',
				detail: `The number of instances of ${count} is not known: ${blockList(blocks)}; ${address} is unknown, and no data source or resource attribute explains it. ${shown}`,
			};
		}
	}
}
