import {isPlaceholderAddress} from './addresses.js';
import type {Expansion} from './expansion.js';
import type {InstanceTree, ResourceExpansion} from './instance-tree.js';

/*
How many instances are known and how many blocks are open-ended, as `tree`, `check` and the explorer's status bar say it. Ephemeral resources are left out, as Terraform's plan leaves them out.
*/

export type InstanceCounts = {
	/**
	Resource instances whose address is known: no `[*]` in it.
	*/
	readonly known: number;
	/**
	Resource blocks (per module instance) whose count/for_each is not known: each is one placeholder instance.
	*/
	readonly openEnded: number;
	/**
	Resource instances inside a placeholder module instance (`module.net[*].aws_subnet.this`): their number is not known either.
	*/
	readonly withinPlaceholders: number;
};

export function countResources(resources: Iterable<ResourceExpansion>): InstanceCounts {
	let known = 0;
	let openEnded = 0;
	let withinPlaceholders = 0;
	for (const resource of resources) {
		if (resource.block.mode === 'ephemeral') {
			continue;
		}

		if (isOpenEnded(resource)) {
			openEnded++;
		} else if (isPlaceholderAddress(resource.address)) {
			withinPlaceholders += resource.instances.length;
		} else {
			known += resource.instances.length;
		}
	}

	return {known, openEnded, withinPlaceholders};
}

export function countInstances(tree: InstanceTree): InstanceCounts {
	return countResources(tree.resources.values());
}

/**
`countInstances(tree).openEnded` alone, without reading the other blocks' addresses (the explorer's status bar shows only this).
*/
export function countOpenEnded(tree: InstanceTree): number {
	let count = 0;
	for (const resource of tree.resources.values()) {
		if (resource.block.mode !== 'ephemeral' && isOpenEnded(resource)) {
			count++;
		}
	}

	return count;
}

/**
A block (in one module instance) whose count/for_each is not known: one placeholder instance.
*/
function isOpenEnded(resource: ResourceExpansion): boolean {
	return resource.expansion.mode === 'unknown';
}

/**
`28 resource instances known, 49 blocks open-ended`: the open-ended part only when there are some.
*/
export function describeCounts(counts: InstanceCounts, assumed = 0): string {
	const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;
	const within = counts.withinPlaceholders === 0 ? '' : ` (and ${counts.withinPlaceholders} in placeholder module instances)`;
	const open = counts.openEnded === 0 && within === '' ? '' : `, ${plural(counts.openEnded, 'block')} open-ended ([*])${within}`;
	// `assumed`: how many of them exist only under a what-if assumption.
	return `${plural(counts.known, 'resource instance')}${open === '' ? '' : ' known'}${assumed === 0 ? '' : ` (${assumed} assumed)`}${open}`;
}

/**
The module and resource instances that exist only under a what-if assumption: their block's count/for_each (or an enclosing module call's) comes from an assumed value.
*/
export function assumedInstances(tree: InstanceTree): {readonly modules: ReadonlySet<string>; readonly resources: ReadonlySet<string>} {
	const modules = new Set<string>();
	const resources = new Set<string>();
	const assumed = (expansion: Expansion): boolean => 'assumed' in expansion && expansion.assumed === true;
	// Parents come before children in the tree's order.
	for (const instance of tree.moduleInstances.values()) {
		for (const call of instance.calls) {
			if (modules.has(instance.text) || assumed(call.expansion)) {
				for (const child of call.instances) {
					modules.add(child.text);
				}
			}
		}
	}

	for (const resource of tree.resources.values()) {
		if (modules.has(resource.moduleInstance.text) || assumed(resource.expansion)) {
			for (const instance of resource.instances) {
				resources.add(instance.text);
			}
		}
	}

	return {modules, resources};
}
