import {type InstanceKey, type ModuleInstanceAddress, keysEqual} from './addresses.js';
import type {InstanceTree, ModuleInstance, ResourceInstance} from './instance-tree.js';
import type {ParsedAddress} from './parse-address.js';

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
