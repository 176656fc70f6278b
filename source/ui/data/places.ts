import type {ModuleInstance} from '../../expand/instance-tree.js';
import type {BlockEntry} from '../explorer-data.js';
import type {DataContext} from './context.js';
import {blockEntries} from './module-rows.js';
import {memoizeByKey} from './shared.js';

/*
Where each address lives (its module instance, its block row, its instance), for going to an address and for the views that start from one. Built on demand: the first frame needs one block's place, not every instance's.
*/

export type Place = {readonly module: string; readonly block?: string; readonly instance?: string};

export type Places = {
	/** The Blocks pane's rows of a module instance. */
	readonly blocks: (moduleAddress: string) => readonly BlockEntry[];
	/** Every address the explorer can go to. */
	readonly all: () => ReadonlyMap<string, Place>;
	/** Where a block address lives, found without building every place. */
	readonly blockPlace: (address: string) => Place | undefined;
	readonly placeOf: (address: string) => Place | undefined;
	/** The module instance an address is in (a module instance's own address is its own). */
	readonly moduleInstanceOf: (address: string) => ModuleInstance | undefined;
};

export function createPlaces({tree}: DataContext): Places {
	const blocks = memoizeByKey((moduleAddress: string): readonly BlockEntry[] => {
		const instance = tree().moduleInstances.get(moduleAddress);
		return instance ? blockEntries(instance, instance.resources, instance.calls) : [];
	});

	// Every address the explorer can go to, built on first use.
	let placesCache: Map<string, Place> | undefined;
	const all = (): Map<string, Place> => {
		if (placesCache) {
			return placesCache;
		}

		const map = new Map<string, Place>();
		for (const module of tree().moduleInstances.keys()) {
			map.set(module, {module});
		}

		for (const module of tree().moduleInstances.keys()) {
			for (const entry of blocks(module)) {
				if (!map.has(entry.address)) {
					map.set(entry.address, {module, block: entry.address});
				}

				if (entry.kind !== 'module') {
					for (const instance of entry.instances) {
						map.set(instance, {module, block: entry.address, instance});
					}
				}
			}
		}

		placesCache = map;
		return map;
	};

	/**
	Where a block address lives, without building every place first: walks down the module instances whose address prefixes it, looking in each one's blocks. The first frame's details need this for one address; building every place for 50,000 instances would delay it by about 100 ms.
	*/
	const blockPlace = (address: string): Place | undefined => {
		let instance: ModuleInstance | undefined = tree().root;
		while (instance) {
			const current: ModuleInstance = instance;
			const entry = blocks(current.text).find(each => each.address === address);
			if (entry) {
				return {module: current.text, block: entry.address};
			}

			instance = current.calls.flatMap(call => call.instances).find(child => address.startsWith(`${child.text}.`));
		}

		return undefined;
	};

	// A module instance's address is its own place first (a call without count/for_each has the address of its one instance), as in `all()`.
	// `blockPlace` finds every place but the instances of blocks with count/for_each, whose addresses end in a key (`]`): only those need every place built. Anything else it does not find is no place (the Edges pane of a call with count/for_each asks for `module.NAME.var.X`, which built them all: about 180 ms at 4x).
	const placeOf = (address: string): Place | undefined => placesCache?.get(address) ?? (tree().moduleInstances.has(address) ? {module: address} : blockPlace(address)) ?? (address.endsWith(']') ? all().get(address) : undefined);

	const moduleInstanceOf = (address: string): ModuleInstance | undefined => {
		const place = placeOf(address);
		return place ? tree().moduleInstances.get(place.module) : undefined;
	};

	return {blocks, all, blockPlace, placeOf, moduleInstanceOf};
}
