import {describeExpansion} from '../expand/expansion.js';
import {formatKey} from '../expand/addresses.js';
import type {ModuleCallExpansion, ModuleInstance} from '../expand/instance-tree.js';
import type {Command} from './command.js';
import {workspaceFor} from './instances.js';
import {terminalSafeWriter} from './terminal-text.js';

/*
`tfscope tree [dir]`: the module instance tree, each instance with its resource blocks and resource instances (data sources included), module calls that expand to no instance shown with the reason.
*/

function plural(count: number, word: string): string {
	return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function summary(instance: ModuleInstance): string {
	// Ephemeral resources are left out, as in `instances` and Terraform's plan: they never become instances in state.
	const resources = instance.resources.filter(resource => resource.block.mode !== 'ephemeral');
	const blocks = resources.length;
	// A placeholder ([*]) is not an instance: it stands for a number not known yet.
	const open = resources.filter(resource => resource.expansion.mode === 'unknown').length;
	const instances = resources.reduce((total, resource) => total + (resource.expansion.mode === 'unknown' ? 0 : resource.instances.length), 0);
	return `${plural(blocks, 'resource')}, ${plural(instances, 'instance')}${open === 0 ? '' : `, ${open} open-ended [*]`}`;
}

function callNote(call: ModuleCallExpansion): string | undefined {
	if (call.node.source.kind === 'unresolved') {
		return `unresolved: ${call.node.source.source || 'no source'}`;
	}

	if (call.instances.length === 0) {
		// A known empty for_each says so, rather than `for_each (0)` (`count = 0` already reads well).
		return call.expansion.mode === 'for_each' ? 'for_each: no instances' : describeExpansion(call.expansion);
	}

	return undefined;
}

export function renderTree(root: ModuleInstance): string {
	const lines = [`root (${summary(root)})`];
	const visit = (instance: ModuleInstance, prefix: string): void => {
		const entries: Array<{label: string; child?: ModuleInstance}> = [];
		const calls = [...instance.calls].sort((a, b) => (a.call.name < b.call.name ? -1 : (a.call.name > b.call.name ? 1 : 0)));
		for (const call of calls) {
			const note = callNote(call);
			if (note !== undefined && call.instances.length === 0) {
				entries.push({label: `module.${call.call.name} (${note})`});
				continue;
			}

			for (const child of call.instances) {
				const unresolved = note === undefined ? '' : `, ${note}`;
				entries.push({label: `module.${call.call.name}${formatKey(child.key)} (${summary(child)}${unresolved})`, child});
			}
		}

		for (const [index, entry] of entries.entries()) {
			const last = index === entries.length - 1;
			lines.push(`${prefix}${last ? '└── ' : '├── '}${entry.label}`);
			if (entry.child) {
				visit(entry.child, `${prefix}${last ? '    ' : '│   '}`);
			}
		}
	};

	visit(root, '');
	return lines.join('\n') + '\n';
}

/**
A module instance in `tree --json`: its address (`""` for the root), counts, child module instances, and the module calls that expand to no instance with the reason.
*/
export type TreeJson = {
	readonly address: string;
	readonly resources: number;
	readonly resource_instances: number;
	readonly modules: readonly TreeJson[];
	readonly calls_without_instances: ReadonlyArray<{readonly call: string; readonly reason: string}>;
	/** Set when the module's source could not be loaded. */
	readonly unresolved?: string;
};

function counts(instance: ModuleInstance): {resources: number; resource_instances: number} {
	const resources = instance.resources.filter(resource => resource.block.mode !== 'ephemeral');
	return {resources: resources.length, resource_instances: resources.reduce((total, resource) => total + resource.instances.length, 0)};
}

export function treeJson(instance: ModuleInstance, address = '', unresolved?: string): TreeJson {
	const calls = [...instance.calls].sort((a, b) => (a.call.name < b.call.name ? -1 : (a.call.name > b.call.name ? 1 : 0)));
	const modules: TreeJson[] = [];
	const empty: Array<{call: string; reason: string}> = [];
	for (const call of calls) {
		const note = callNote(call);
		if (call.instances.length === 0) {
			empty.push({call: call.call.name, reason: note ?? 'no instances'});
			continue;
		}

		for (const child of call.instances) {
			const childAddress = `${address === '' ? '' : `${address}.`}module.${call.call.name}${formatKey(child.key)}`;
			modules.push(treeJson(child, childAddress, note));
		}
	}

	return {address, ...counts(instance), modules, calls_without_instances: empty, ...(unresolved !== undefined && {unresolved})};
}

export const treeCommand: Command = async input => {
	const {arguments: positional} = input;
	// Module sources and unresolved reasons are configuration text.
	const stdout = terminalSafeWriter(input.stdout, input.isTerminal, false);
	const stderr = terminalSafeWriter(input.stderr, input.isTerminal, false);
	if (positional.length > 1) {
		stderr.write(`Error: Too many arguments\n\ntfscope tree takes one directory, not: ${positional.join(' ')}\n`);
		return 2;
	}

	const workspace = await workspaceFor(input, positional[0]);
	if (input.flags.json) {
		// JSON text is escaped by JSON.stringify itself: written unchanged.
		input.stdout.write(`${JSON.stringify(treeJson(workspace.instances.root), undefined, 2)}\n`);
		return 0;
	}

	stdout.write(renderTree(workspace.instances.root));
	return 0;
};
