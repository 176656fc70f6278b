import type {InstanceTree} from '../expand/instance-tree.js';
import type {ParsedAddress} from '../expand/parse-address.js';
import {selectInstances} from '../expand/select.js';
import type {Graph} from './cytoscape.js';
import {compareIds} from './queries.js';

/*
What `tofu plan -exclude=ADDRESS` (OpenTofu 1.9) leaves out: the objects the addresses name (every instance of a resource, everything in a module) and, transitively, everything that depends on them, as the instance graph's edges say. A preview only: tfscope plans nothing.
*/

export type Skipped = {
	/**
	A module instance or resource instance address.
	*/
	readonly address: string;
	/**
	The `--exclude` address that names it, or the excluded instance it depends on (the nearest one).
	*/
	readonly because: {readonly kind: 'excluded'; readonly by: string} | {readonly kind: 'depends-on'; readonly on: string};
};

/**
Every module and resource instance an exclusion skips, in address order. `graph` is the instance graph (`graphOf(workspace, {instances: true})`).
*/
export function excludedInstances(tree: InstanceTree, graph: Graph, exclusions: ReadonlyArray<{readonly text: string; readonly address: ParsedAddress}>): Skipped[] {
	const skipped = new Map<string, Skipped['because']>();
	const seeds: string[] = [];
	for (const {text, address} of exclusions) {
		const selection = selectInstances(tree, address);
		for (const instance of [...selection.moduleInstances, ...selection.resourceInstances]) {
			if (!skipped.has(instance.text)) {
				skipped.set(instance.text, {kind: 'excluded', by: text});
				seeds.push(instance.text);
			}
		}

		// A resource whose instances are not known is one node with its block address.
		if (address.kind === 'resource' && address.resource.key.kind === 'none') {
			for (const resource of tree.resources.values()) {
				if (resource.instances.length === 0 && selection.resourceInstances.length === 0 && graph.has(resource.text) && sameBlock(resource.address, address)) {
					skipped.set(resource.text, {kind: 'excluded', by: text});
					seeds.push(resource.text);
				}
			}
		}
	}

	// Breadth first from every excluded node at once, so each dependent names the nearest excluded instance it depends on.
	const {index} = graph;
	let frontier = seeds.filter(id => graph.has(id)).map(id => ({id, root: id}));
	const seen = new Set(frontier.map(({id}) => id));
	while (frontier.length > 0) {
		const next: typeof frontier = [];
		for (const {id, root} of frontier) {
			for (const dependent of index.sources(id)) {
				if (seen.has(dependent)) {
					continue;
				}

				seen.add(dependent);
				next.push({id: dependent, root});
				if (!skipped.has(dependent) && (tree.resourceInstances.has(dependent) || tree.moduleInstances.has(dependent) || tree.resources.has(dependent))) {
					skipped.set(dependent, {kind: 'depends-on', on: root});
				}
			}
		}

		frontier = next;
	}

	return [...skipped].map(([address, because]) => ({address, because})).sort((first, second) => compareIds(first.address, second.address));
}

function sameBlock(actual: {readonly mode: string; readonly type: string; readonly name: string; readonly module: ReadonlyArray<{readonly name: string}>}, address: ParsedAddress & {kind: 'resource'}): boolean {
	const target = address.resource;
	return actual.mode === target.mode && actual.type === target.type && actual.name === target.name
		&& actual.module.length === target.module.length && target.module.every((step, position) => step.name === actual.module[position]!.name);
}
