import {type Expansion, describeExpansion} from '../expand/expansion.js';
import {formatKey} from '../expand/addresses.js';
import type {ModuleCallExpansion, ModuleInstance} from '../expand/instance-tree.js';
import {jsonFormatVersion} from '../json-format.js';
import type {Command} from './command.js';
import type {PlanOverlay} from '../plan/overlay.js';
import {changesInModule, countActions, formatCounts} from '../plan/counts.js';
import {estateFor, workspaceFor} from './instances.js';
import {countListInstances} from '../expand/list-expansion.js';
import {terminalSafeWriter} from './terminal-text.js';

/*
`tfscope tree [dir]`: the module instance tree, each instance with its resource blocks and resource instances (data sources included) and its actions and action instances (Terraform 1.14+; counted only where there are some in text), module calls that expand to no instance shown with the reason.
*/

function plural(count: number, word: string): string {
	return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function isAssumed(expansion: Expansion): boolean {
	return 'assumed' in expansion && expansion.assumed === true;
}

/**
Resource instances that exist only under a what-if assumption: all of a module instance that does, else those of blocks whose count/for_each is assumed.
*/
function assumedCount(instance: ModuleInstance, moduleAssumed: boolean): number {
	return instance.resources.filter(resource => resource.block.mode !== 'ephemeral' && (moduleAssumed || isAssumed(resource.expansion))).reduce((total, resource) => total + resource.instances.length, 0);
}

function summary(instance: ModuleInstance, moduleAssumed = false): string {
	// Ephemeral resources are left out, as in `instances` and Terraform's plan: they never become instances in state.
	const resources = instance.resources.filter(resource => resource.block.mode !== 'ephemeral');
	const blocks = resources.length;
	// A placeholder ([*]) is not an instance: it stands for a number not known yet.
	const open = resources.filter(resource => resource.expansion.mode === 'unknown').length;
	const instances = resources.reduce((total, resource) => total + (resource.expansion.mode === 'unknown' ? 0 : resource.instances.length), 0);
	const assumed = assumedCount(instance, moduleAssumed);
	const {actions, action_instances: actionInstances} = actionCounts(instance);
	return `${plural(blocks, 'resource')}, ${plural(instances, 'instance')}${open === 0 ? '' : `, ${open} open-ended [*]`}${assumed === 0 ? '' : `, ${assumed} assumed`}${actions === 0 ? '' : `, ${plural(actions, 'action')}, ${plural(actionInstances, 'action instance')}`}${listSummary(instance)}`;
}

/**
The `action` blocks of a module instance (Terraform 1.14+) and their instances: never in the state, so apart from the resources.
*/
function actionCounts(instance: ModuleInstance): {actions: number; action_instances: number} {
	// A module without action blocks does not expand any (most modules: no work).
	if (instance.node.module.actions.size === 0) {
		return {actions: 0, action_instances: 0};
	}

	return {actions: instance.actions.length, action_instances: instance.actions.reduce((total, action) => total + action.instances.length, 0)};
}

/**
The root module's query files (Terraform 1.14+): `; query: 2 list blocks, 3 list instances`; nothing without them.
*/
function listSummary(instance: ModuleInstance): string {
	const {lists} = instance;
	if (lists.length === 0) {
		return '';
	}

	const instances = countListInstances(lists);
	const open = lists.filter(list => list.expansion.mode === 'unknown').length;
	return `; query: ${plural(lists.length, 'list block')}, ${plural(instances, 'list instance')}${open === 0 ? '' : `, ${open} open-ended [*]`}`;
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

export function renderTree(root: ModuleInstance, plan?: PlanOverlay): string {
	// Under --plan, each module instance's changes by action (plan/counts.ts).
	const planned = (instance: ModuleInstance): string => (plan ? `; plan: ${formatCounts(countActions(changesInModule(plan, instance.text)))}` : '');
	const lines = [`root (${summary(root)}${planned(root)})`];
	const visit = (instance: ModuleInstance, prefix: string, instanceAssumed: boolean): void => {
		const entries: Array<{label: string; child?: ModuleInstance; assumed?: boolean}> = [];
		const calls = [...instance.calls].sort((a, b) => (a.call.name < b.call.name ? -1 : (a.call.name > b.call.name ? 1 : 0)));
		for (const call of calls) {
			const note = callNote(call);
			if (note !== undefined && call.instances.length === 0) {
				entries.push({label: `module.${call.call.name} (${note})`});
				continue;
			}

			const assumed = instanceAssumed || isAssumed(call.expansion);
			for (const child of call.instances) {
				const unresolved = note === undefined ? '' : `, ${note}`;
				entries.push({label: `module.${call.call.name}${formatKey(child.key)}${assumed ? ' assumed' : ''} (${summary(child, assumed)}${unresolved}${planned(child)})`, child, assumed});
			}
		}

		for (const [index, entry] of entries.entries()) {
			const last = index === entries.length - 1;
			lines.push(`${prefix}${last ? '└── ' : '├── '}${entry.label}`);
			if (entry.child) {
				visit(entry.child, `${prefix}${last ? '    ' : '│   '}`, entry.assumed === true);
			}
		}
	};

	visit(root, '', false);
	if (plan) {
		// Module instances the plan changes and the configuration no longer has (a module call removed).
		const gone = [...new Set([...plan.changes.values()].map(change => change.module))].filter(module => module !== '' && !moduleTexts(root).has(module)).sort();
		lines.push(...gone.map(module => `${module} (not in the configuration; plan: ${formatCounts(countActions(changesInModule(plan, module)))})`));
	}

	return lines.join('\n') + '\n';
}

/**
A module instance in `tree --json` (schemas/json/tree.schema.json): its address (`""` for the root), counts, child module instances, and the module calls that expand to no instance with the reason. Every module instance has the same keys.
*/
export type TreeJson = {
	readonly address: string;
	readonly resources: number;
	readonly resource_instances: number;
	/** Resource instances that exist only under a what-if assumption. */
	readonly assumed_instances: number;
	/** `action` blocks (Terraform 1.14+) and their instances (`action.TYPE.NAME[KEY]`), apart from the resources. */
	readonly actions: number;
	readonly action_instances: number;
	readonly modules: readonly TreeJson[];
	readonly calls_without_instances: ReadonlyArray<{readonly call: string; readonly reason: string}>;
	/** Why the module's source could not be loaded, or null. */
	readonly unresolved: string | null;
	/** The root module's query files' list blocks (Terraform 1.14+); only on the root, and only when it has query files. */
	readonly list_blocks?: number;
	readonly list_instances?: number;
	/** Under --plan (on every module instance then): how many of its resource instances the plan creates, updates, replaces... (see plan/counts.ts). */
	readonly planned_actions?: Readonly<Record<string, number>>;
};

/** The whole of `tree --json`: the root module instance, with the format's version. */
export type TreeDocumentJson = TreeJson & {readonly format_version: typeof jsonFormatVersion};

function counts(instance: ModuleInstance, moduleAssumed: boolean): {resources: number; resource_instances: number; assumed_instances: number; actions: number; action_instances: number} {
	const resources = instance.resources.filter(resource => resource.block.mode !== 'ephemeral');
	return {resources: resources.length, resource_instances: resources.reduce((total, resource) => total + resource.instances.length, 0), assumed_instances: assumedCount(instance, moduleAssumed), ...actionCounts(instance)};
}

export function treeDocumentJson(root: ModuleInstance, plan?: PlanOverlay): TreeDocumentJson {
	return {format_version: jsonFormatVersion, ...treeJson(root, '', undefined, false, plan)};
}

function moduleTexts(root: ModuleInstance): Set<string> {
	const texts = new Set<string>();
	const visit = (instance: ModuleInstance): void => {
		texts.add(instance.text);
		for (const call of instance.calls) {
			for (const child of call.instances) {
				visit(child);
			}
		}
	};

	visit(root);
	return texts;
}

export function treeJson(instance: ModuleInstance, address = '', unresolved?: string, moduleAssumed = false, plan?: PlanOverlay): TreeJson {
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
			modules.push(treeJson(child, childAddress, note, moduleAssumed || isAssumed(call.expansion), plan));
		}
	}

	const lists = instance.lists.length === 0 ? {} : {list_blocks: instance.lists.length, list_instances: countListInstances(instance.lists)};
	return {address, ...counts(instance, moduleAssumed), ...lists, modules, calls_without_instances: empty, unresolved: unresolved ?? null, ...(plan && {planned_actions: Object.fromEntries(countActions(changesInModule(plan, instance.text)))})};
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

	const estate = await estateFor(input, positional[0]);
	if (estate) {
		const {renderEstateTree} = await import('../terragrunt/estate-commands.js');
		stdout.write(await renderEstateTree(estate, opened => renderTree(opened.workspace.instances.root)));
		return 0;
	}

	const workspace = await workspaceFor(input, positional[0]);
	if (input.flags.json) {
		// JSON text is escaped by JSON.stringify itself: written unchanged.
		input.stdout.write(`${JSON.stringify(treeDocumentJson(workspace.instances.root, workspace.plan), undefined, 2)}\n`);
		return 0;
	}

	stdout.write(renderTree(workspace.instances.root, workspace.plan));
	return 0;
};
