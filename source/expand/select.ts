import {type InstanceKey, type ModuleInstanceAddress, keysEqual} from './addresses.js';
import type {
	ActionInstance, InstanceTree, ListInstance, ModuleInstance, ResourceInstance,
} from './instance-tree.js';
import type {BlockInstanceAddress, ParsedAddress, TargetAddress} from './parse-address.js';

/*
Which instances an address refers to, with Terraform's addressing rules: a step without a key matches every instance of that module call or resource (`module.foo` is every instance of foo and everything inside them; `aws_instance.web` every instance), a key matches that one instance.
*/

function stepMatches(target: InstanceKey, actual: InstanceKey): boolean {
	return target.kind === 'none' || keysEqual(target, actual);
}

function modulePrefixMatches(target: ModuleInstanceAddress, actual: ModuleInstanceAddress): boolean {
	return target.length <= actual.length && target.every((step, index) => step.name === actual[index]!.name && stepMatches(step.key, actual[index]!.key));
}

function moduleMatches(target: ModuleInstanceAddress, actual: ModuleInstanceAddress): boolean {
	return target.length === actual.length && modulePrefixMatches(target, actual);
}

export type Selection = {
	readonly moduleInstances: ModuleInstance[];
	readonly resourceInstances: ResourceInstance[];
};

export function selectInstances(tree: InstanceTree, address: ParsedAddress): Selection {
	if (address.kind === 'module') {
		return {
			moduleInstances: [...tree.moduleInstances.values()].filter(instance => instance.address.length > 0 && modulePrefixMatches(address.module, instance.address)),
			resourceInstances: [...tree.resourceInstances.values()].filter(instance => modulePrefixMatches(address.module, instance.address.module)),
		};
	}

	const target = address.resource;
	return {
		moduleInstances: [],
		resourceInstances: [...tree.resourceInstances.values()].filter(instance => {
			const actual = instance.address;
			return actual.mode === target.mode && actual.type === target.type && actual.name === target.name && moduleMatches(target.module, actual.module) && stepMatches(target.key, actual.key);
		}),
	};
}

/**
The action instances and query list instances an address selects: those inside the module instances a module address names, or those of the action or list block an `action.`/`list.` address names (every instance without a key, that one with a key).
*/
export function selectBlockInstances(tree: InstanceTree, address: TargetAddress): Array<ActionInstance | ListInstance> {
	if (address.kind === 'resource') {
		return [];
	}

	const found: Array<ActionInstance | ListInstance> = [];
	for (const module of tree.moduleInstances.values()) {
		if (address.kind === 'module') {
			if (address.module.length > 0 && modulePrefixMatches(address.module, module.address)) {
				found.push(...module.actions.flatMap(action => action.instances), ...module.lists.flatMap(list => list.instances));
			}

			continue;
		}

		if (!moduleMatches(address.module, module.address)) {
			continue;
		}

		found.push(...(address.kind === 'action'
			? module.actions.filter(action => blockNamed(action.block, address)).flatMap(action => action.instances.filter(instance => stepMatches(address.key, instance.key)))
			: module.lists.filter(list => blockNamed(list.block, address)).flatMap(list => list.instances.filter(instance => stepMatches(address.key, instance.key)))));
	}

	return found;
}

function blockNamed(block: {readonly type: string; readonly name: string}, address: BlockInstanceAddress): boolean {
	return block.type === address.type && block.name === address.name;
}
