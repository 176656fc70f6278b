import type {ModuleCallExpansion, ModuleInstance, ResourceExpansion} from '../../expand/instance-tree.js';
import type {BlockEntry, ModuleRow} from '../explorer-data.js';
import {expansionMode, join, resourceKind, unavailableOf} from './shared.js';

/*
The rows of the Modules and Blocks panes, from an instance tree that may still be growing (the expanding view reads the walk's partial tree through the same functions).
*/


/**
Module calls in the order `tfscope tree` lists them, by name (each call's instances then in key order, as expanded): one order for both, so a module is where the user saw it in the other.
*/
function byCallName(calls: readonly ModuleCallExpansion[]): ModuleCallExpansion[] {
	return [...calls].sort((a, b) => (a.call.name < b.call.name ? -1 : (a.call.name > b.call.name ? 1 : 0)));
}

/**
The module tree's rows: every module instance from `root` down, depth first, each one's children by call name (as `tfscope tree`). `made` gives what is made of an instance; while a Workspace is still expanding (`expandingData`) that is undefined for the instances the walk has not finished, whose rows are then `pending`, without children yet.
*/
export function moduleRows(root: ModuleInstance, made: {readonly calls: (instance: ModuleInstance) => readonly ModuleCallExpansion[] | undefined; readonly resources: (instance: ModuleInstance) => readonly ResourceExpansion[] | undefined}, diagnosticsOf: (instance: ModuleInstance) => {readonly errors: number; readonly warnings: number} | undefined): ModuleRow[] {
	const rows: ModuleRow[] = [];
	const visit = (instance: ModuleInstance, depth: number) => {
		const calls = made.calls(instance);
		const resources = made.resources(instance);
		const children = calls ? byCallName(calls).flatMap(call => call.instances) : [];
		const counts = diagnosticsOf(instance) ?? {errors: 0, warnings: 0};
		const last = instance.parent ? instance.text.slice(instance.parent.text === '' ? 0 : instance.parent.text.length + 1) : 'root';
		const unavailable = unavailableOf(instance);
		rows.push({
			address: instance.text,
			depth,
			label: last,
			moduleInstanceCount: children.length,
			resourceInstanceCount: resources?.reduce((sum, resource) => sum + resource.instances.length, 0) ?? 0,
			errors: counts.errors,
			warnings: counts.warnings,
			...(unavailable && {unavailable}),
			...((calls === undefined || resources === undefined) && {pending: true}),
		});
		for (const child of children) {
			visit(child, depth + 1);
		}
	};

	visit(root, 0);
	return rows;
}

/**
The Blocks pane's rows of a module instance: its resource blocks and module calls (as made: `resources` and `calls`, in source order), its query files' list blocks, then its variables, locals, outputs, checks, actions and providers.
*/
export function blockEntries(instance: ModuleInstance, resources: readonly ResourceExpansion[], calls: readonly ModuleCallExpansion[]): BlockEntry[] {
	const {module} = instance.node;
	const entries: BlockEntry[] = [];
	for (const resource of resources) {
		const mode = expansionMode(resource.expansion);
		entries.push({
			kind: resourceKind(resource.block.mode),
			address: resource.text,
			label: resource.block.key,
			mode,
			instances: mode === 'single' ? [] : resource.instances.map(each => each.text),
		});
	}

	for (const call of calls) {
		const mode = expansionMode(call.expansion);
		entries.push({
			kind: 'module', address: join(instance.text, `module.${call.call.name}`), label: `module.${call.call.name}`, mode, instances: mode === 'single' ? [] : call.instances.map(each => each.text),
		});
	}

	// The root module's query files (Terraform 1.14+).
	for (const list of instance.lists) {
		const mode = expansionMode(list.expansion);
		entries.push({
			kind: 'list', address: list.text, label: list.text, mode, instances: mode === 'single' ? [] : list.instances.map(each => each.text),
		});
	}

	const named = (kind: BlockEntry['kind'], label: string): BlockEntry => ({kind, address: join(instance.text, label), label, mode: 'single', instances: []});
	for (const name of module.variables.keys()) {
		entries.push(named('variable', `var.${name}`));
	}

	for (const name of module.locals.keys()) {
		entries.push(named('local', `local.${name}`));
	}

	for (const name of module.outputs.keys()) {
		entries.push(named('output', `output.${name}`));
	}

	for (const check of module.checks) {
		entries.push(named('check', `check.${check.name}`));
	}

	// Actions (Terraform 1.14+), with their instances as resources have theirs.
	for (const action of module.actions.size === 0 ? [] : instance.actions) {
		const mode = expansionMode(action.expansion);
		entries.push({kind: 'action', address: action.text, label: action.block.key, mode, instances: mode === 'single' ? [] : action.instances.map(each => each.text)});
	}

	for (const provider of module.providers) {
		entries.push(named('provider', `provider.${provider.name}${provider.alias === undefined ? '' : `.${provider.alias}`}`));
	}

	return entries;
}
