import type {ResourceInstance} from '../expand/instance-tree.js';
import {parseAddress} from '../expand/parse-address.js';
import {formatModuleInstance, formatResourceInstance, noKey, formatKey} from '../expand/addresses.js';
import type {Workspace} from '../workspace.js';
import type {InstanceChange} from './compare.js';
import {compareArguments} from './compare.js';

/*
Suspected renames: an object the new configuration destroys and one it creates, of the same resource type, whose arguments are equal or nearly so, with no `moved` block between them. Terraform would destroy the one and create the other; usually the author meant a move. Each suggestion carries the `moved` block that makes it one, for the widest scope that fits: a whole module instance, a whole resource, or one instance.
*/

export type RenameSuggestion = {
	readonly scope: 'module' | 'resource' | 'instance';
	readonly from: string;
	readonly to: string;
	/**
	The instance pairs it covers.
	*/
	readonly instances: ReadonlyArray<{readonly from: string; readonly to: string}>;
	/**
	The share of configured arguments with equal values, 0 to 1 (the lowest of the pairs).
	*/
	readonly similarity: number;
	/**
	The block to add to the root module.
	*/
	readonly movedBlock: string;
};

/**
Below this share of equal arguments, two objects are not called a rename.
*/
export const minimumSimilarity = 0.75;

type Pair = {readonly from: string; readonly to: string; readonly similarity: number};

function similarity(before: ResourceInstance, beforeSources: ReadonlyMap<string, string>, after: ResourceInstance, afterSources: ReadonlyMap<string, string>): number {
	const changes = compareArguments(before, beforeSources, after, afterSources);
	const names = new Set<string>();
	for (const item of [...before.resource.block.body.items, ...after.resource.block.body.items]) {
		names.add(item.kind === 'Attribute' ? item.name : item.type);
	}

	for (const name of ['count', 'for_each', 'provider', 'depends_on', 'lifecycle']) {
		names.delete(name);
	}

	return names.size === 0 ? 1 : Math.max(0, 1 - (changes.length / names.size));
}

export function movedBlockText(from: string, to: string): string {
	return `moved {\n  from = ${from}\n  to   = ${to}\n}`;
}

export function suggestRenames(changes: readonly InstanceChange[], sides: {readonly from: Workspace; readonly to: Workspace}): RenameSuggestion[] {
	const deleted = changes.filter(change => change.action === 'delete');
	const created = changes.filter(change => change.action === 'create');
	const candidates: Pair[] = [];
	for (const gone of deleted) {
		const before = sides.from.instances.resourceInstances.get(gone.previousAddress ?? gone.address);
		if (!before) {
			continue;
		}

		for (const made of created) {
			if (made.type !== gone.type) {
				continue;
			}

			const after = sides.to.instances.resourceInstances.get(made.address)!;
			const score = similarity(before, sides.from.sources, after, sides.to.sources);
			if (score >= minimumSimilarity) {
				candidates.push({from: gone.previousAddress ?? gone.address, to: made.address, similarity: score});
			}
		}
	}

	// Best matches first; each object in one pair at most. Among equals, the pair whose names differ least (same key, same module) wins.
	const distance = (pair: Pair): number => {
		const a = parseAddress(pair.from);
		const b = parseAddress(pair.to);
		if (!a.ok || !b.ok || a.address.kind !== 'resource' || b.address.kind !== 'resource') {
			return 3;
		}

		return (formatKey(a.address.resource.key) === formatKey(b.address.resource.key) ? 0 : 2) + (formatModuleInstance(a.address.resource.module) === formatModuleInstance(b.address.resource.module) ? 0 : 1);
	};

	candidates.sort((a, b) => b.similarity - a.similarity || distance(a) - distance(b) || a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
	const used = new Set<string>();
	const pairs: Pair[] = [];
	for (const pair of candidates) {
		if (!used.has(`-${pair.from}`) && !used.has(`+${pair.to}`)) {
			used.add(`-${pair.from}`);
			used.add(`+${pair.to}`);
			pairs.push(pair);
		}
	}

	return group(pairs, deleted, created);
}

function resourceOf(address: string): {module: string; resource: string; key: string} | undefined {
	const parsed = parseAddress(address);
	if (!parsed.ok || parsed.address.kind !== 'resource') {
		return undefined;
	}

	const {resource} = parsed.address;
	return {module: formatModuleInstance(resource.module), resource: formatResourceInstance({...resource, module: [], key: noKey}), key: formatKey(resource.key)};
}

function join(module: string, rest: string): string {
	return module === '' ? rest : `${module}.${rest}`;
}

/**
Pairs that together rename a whole module instance, or a whole resource, become one suggestion.
*/
function group(pairs: readonly Pair[], deleted: readonly InstanceChange[], created: readonly InstanceChange[]): RenameSuggestion[] {
	const suggestions: RenameSuggestion[] = [];
	const done = new Set<Pair>();
	const byModule = new Map<string, Pair[]>();
	for (const pair of pairs) {
		const a = resourceOf(pair.from);
		const b = resourceOf(pair.to);
		if (a && b && a.module !== b.module && a.module !== '' && b.module !== '' && a.resource === b.resource && a.key === b.key) {
			const key = `${a.module}\u0000${b.module}`;
			byModule.set(key, [...(byModule.get(key) ?? []), pair]);
		}
	}

	for (const [key, group] of byModule) {
		const [fromModule, toModule] = key.split('\u0000') as [string, string];
		const allGone = deleted.filter(change => (change.previousAddress ? resourceOf(change.previousAddress)?.module : change.moduleInstance) === fromModule).length === group.length;
		const allMade = created.filter(change => change.moduleInstance === toModule).length === group.length;
		if (allGone && allMade) {
			for (const pair of group) {
				done.add(pair);
			}

			suggestions.push({
				scope: 'module', from: fromModule, to: toModule, instances: group.map(({from, to}) => ({from, to})), similarity: Math.min(...group.map(pair => pair.similarity)), movedBlock: movedBlockText(fromModule, toModule),
			});
		}
	}

	const byResource = new Map<string, Pair[]>();
	for (const pair of pairs) {
		if (done.has(pair)) {
			continue;
		}

		const a = resourceOf(pair.from);
		const b = resourceOf(pair.to);
		if (a && b && a.key === b.key) {
			const key = `${join(a.module, a.resource)}\u0000${join(b.module, b.resource)}`;
			byResource.set(key, [...(byResource.get(key) ?? []), pair]);
		}
	}

	for (const [key, group] of byResource) {
		const [fromResource, toResource] = key.split('\u0000') as [string, string];
		const covers = (changes: readonly InstanceChange[], resource: string, original: boolean): number => changes.filter(change => {
			const address = resourceOf(original ? change.previousAddress ?? change.address : change.address);
			return address !== undefined && join(address.module, address.resource) === resource;
		}).length;
		if (covers(deleted, fromResource, true) === group.length && covers(created, toResource, false) === group.length) {
			for (const pair of group) {
				done.add(pair);
			}

			suggestions.push({
				scope: 'resource', from: fromResource, to: toResource, instances: group.map(({from, to}) => ({from, to})), similarity: Math.min(...group.map(pair => pair.similarity)), movedBlock: movedBlockText(fromResource, toResource),
			});
		}
	}

	for (const pair of pairs) {
		if (!done.has(pair)) {
			suggestions.push({
				scope: 'instance', from: pair.from, to: pair.to, instances: [{from: pair.from, to: pair.to}], similarity: pair.similarity, movedBlock: movedBlockText(pair.from, pair.to),
			});
		}
	}

	return suggestions.sort((a, b) => a.from.localeCompare(b.from, 'en', {numeric: true}));
}
