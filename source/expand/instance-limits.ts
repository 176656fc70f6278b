import type {ModuleNode} from '../config/module-tree.js';
import {type Expansion, expansionInstances} from './expansion.js';
import type {Context} from './expand-context.js';
import {ModuleInstanceImpl} from './module-instance.js';

/*
The caps on module and resource instances, and the count of instances an expansion would make.
*/

/**
The most module instances a configuration expands to: 50,000 (the largest benchmark configuration, 8x, has 800; each costs a few kilobytes, so the limit is reached in a few seconds and a few hundred megabytes). Counts nested twenty deep multiply past it: see `certainModuleInstances`.
*/
export const maximumModuleInstances = 50_000;

/**
The fewest module instances the calls of a module node make in each of its instances: a call without `count`/`for_each` is one; a count, for_each or enabled that has the same value in every instance of the node (instance-invariance.ts), written literally or not (`count = var.n` passed down), is evaluated once, in a representative instance, and counts what it makes with its own calls' instances; any other may be zero. Nested counts multiply (`count = 2` twenty levels down is 2^21 - 2), so the module-instance limit refuses such a tree at its top call before making any of it.

The representative, and the ones below it that evaluate deeper calls, are probes: instances in a context of their own (see probeContext), whose diagnostics, conditions and instances are dropped. Each node is probed once per expansion.
*/
export function certainModuleInstances(context: Context, node: ModuleNode, representative: () => ModuleInstanceImpl | undefined): number {
	const {perInstance} = context.nested;
	let total = perInstance.get(node);
	if (total === undefined) {
		total = 0;
		const instance = node.children.size > 0 ? representative() : undefined;
		for (const [name, child] of instance ? node.children : []) {
			const call = node.module.moduleCalls.get(name);
			const expansion = call && instance!.sameEverywhereExpansion(call, context.nested.invariance);
			const count = expansion?.mode === 'unknown' ? 0 : (expansion ? instanceCount(expansion) : 0);
			if (count > 0) {
				total += count * (1 + certainModuleInstances(context, child, () => probe(context, instance!, child, expansion!)));
			}
		}

		perInstance.set(node, total);
	}

	return total;
}

/**
An instance of `child` under `parent` (the first of `expansion`'s), made only to evaluate what is the same in all of them.
*/
export function probe(context: Context, parent: ModuleInstanceImpl, child: ModuleNode, expansion: Expansion): ModuleInstanceImpl | undefined {
	const {keys: [key], repetitions: [repetition]} = expansionInstances(expansion);
	return key && new ModuleInstanceImpl(probeContext(context), child, [...parent.address, {name: child.path.at(-1)!, key}], parent, repetition!);
}

function probeContext(context: Context): Context {
	context.nested.probes ??= {
		...context, diagnostics: [], seen: new Set(), stack: [], conditions: [], conditionsSeen: new Map(), moduleInstances: new Map(), moduleInstanceCount: 0, resourceInstanceCount: 0, causes: new Map(),
	};
	return context.nested.probes;
}

/**
How many instances an expansion makes (a placeholder for an unknown one).
*/
export function instanceCount(expansion: Expansion): number {
	switch (expansion.mode) {
		case 'count': {
			return expansion.count;
		}

		case 'for_each': {
			return expansion.entries.size;
		}

		case 'single':
		case 'unknown': {
			return 1;
		}

		case 'enabled': {
			return expansion.enabled ? 1 : 0;
		}

		default: {
			return 0;
		}
	}
}

export const maximumResourceInstances = 250_000;
