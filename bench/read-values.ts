import type {Workspace} from '../source/workspace.js';

/**
Reads the value of every resource instance (or only of the managed ones, which a diff compares), as a command that prints them would: the measured loads include the evaluation. Returns how many were read.
*/
export function readValues(workspace: Workspace, only?: 'managed'): number {
	let count = 0;
	for (const instance of workspace.instances.resourceInstances.values()) {
		if ((only === undefined || instance.address.mode === 'managed') && instance.value !== undefined) {
			count++;
		}
	}

	return count;
}
