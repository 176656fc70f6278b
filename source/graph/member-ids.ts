import type {ModuleInstance} from '../expand/instance-tree.js';
import {join} from './step.js';

export type MemberKind = 'var' | 'local' | 'output' | 'check';

const memberIds = new WeakMap<ModuleInstance, Record<MemberKind, Map<string, string>>>();

/**
The instance-graph id of a variable, local, output or check block of a module instance (`module.net["eu"].var.cidr`), made once per instance and name: the node and every edge use the same string, so the graph's lookups find it by identity.
*/
export function memberId(instance: ModuleInstance, kind: MemberKind, name: string): string {
	let ids = memberIds.get(instance);
	if (!ids) {
		ids = {var: new Map(), local: new Map(), output: new Map(), check: new Map()};
		memberIds.set(instance, ids);
	}

	let id = ids[kind].get(name);
	if (id === undefined) {
		id = join(instance.text, `${kind}.${name}`);
		ids[kind].set(name, id);
	}

	return id;
}
