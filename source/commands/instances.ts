import path from 'node:path';
import {formatDiagnosticLine} from '../hcl/index.js';
import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import type {Range} from '../hcl/position.js';
import {jsonFormatVersion} from '../json-format.js';

import {keyValue} from '../expand/addresses.js';
import type {Expansion} from '../expand/expansion.js';
import {assumedInstances} from '../expand/counts.js';
import {describeCause} from '../expand/unknown-causes.js';
import type {ActionInstance, InstanceTree, ListInstance, ModuleInstance, ResourceInstance} from '../expand/instance-tree.js';
import {parseAddress, parseTargetAddress} from '../expand/parse-address.js';
import {selectBlockInstances, selectInstances} from '../expand/select.js';
import {type Skipped, excludedInstances} from '../graph/exclude.js';
import {graphOf} from '../graph/index.js';
import type {Estate} from '../terragrunt/estate.js';
import type {Workspace} from '../workspace.js';
import {changesOutside} from '../plan/counts.js';
import {actionColumn, outsideJson, plannedJson} from '../plan/instance-lines.js';
import type {Command, CommandInput} from './command.js';
import {loadCommandWorkspace, workspaceOptions} from './workspace-options.js';

/**
The Workspace for a command's `[dir]` and global flags.
*/
export async function workspaceFor(input: CommandInput, directory: string | undefined): Promise<Workspace> {
	return loadCommandWorkspace(input.flags, directory ?? '.', input.environment, input.cwd);
}

/**
The Terragrunt estate the command's directory is (units below it, none of its own Terraform files), if it is one.
*/
export async function estateFor(input: CommandInput, directory: string | undefined): Promise<Estate | undefined> {
	const {estateOf} = await import('../terragrunt/estate-commands.js');
	return estateOf({...workspaceOptions(input.flags, directory ?? '.', input.environment, input.cwd), expansion: 'on-demand'});
}

type Line = {readonly kind: 'module'; readonly instance: ModuleInstance} | {readonly kind: 'resource'; readonly instance: ResourceInstance} | {readonly kind: 'action'; readonly instance: ActionInstance} | {readonly kind: 'list'; readonly instance: ListInstance};

/**
Module instances and resource instances in the order `instances` prints them: each module instance, then its resource instances, then its action instances (Terraform 1.14+, `action.TYPE.NAME[KEY]`) and the instances of its query files' list blocks (Terraform 1.14+, `list.TYPE.NAME[KEY]`, root module only), both only when nothing is selected (an address names module and resource instances), then its child module instances (the instance tree's order). Ephemeral resource instances are left out, as Terraform's plan leaves them out.
*/
export function instanceLines(tree: InstanceTree, modules?: ReadonlySet<ModuleInstance>, resources?: ReadonlySet<ResourceInstance>, blocks?: ReadonlySet<ActionInstance | ListInstance>): Line[] {
	const lines: Line[] = [];
	const byModule = new Map<ModuleInstance, ResourceInstance[]>();
	for (const instance of tree.resourceInstances.values()) {
		// Ephemeral resources are opened during a run, never planned or stored: Terraform's plan does not list them.
		if ((resources && !resources.has(instance)) || instance.address.mode === 'ephemeral') {
			continue;
		}

		const module = instance.resource.moduleInstance;
		let list = byModule.get(module);
		if (!list) {
			list = [];
			byModule.set(module, list);
		}

		list.push(instance);
	}

	for (const module of tree.moduleInstances.values()) {
		if (module.text !== '' && (!modules || modules.has(module))) {
			lines.push({kind: 'module', instance: module});
		}

		for (const instance of byModule.get(module) ?? []) {
			lines.push({kind: 'resource', instance});
		}

		// With a selection, only the action and list instances it selected (selectBlockInstances).
		const all = !modules && !resources;
		for (const action of module.actions) {
			for (const instance of action.instances) {
				if (all || blocks?.has(instance)) {
					lines.push({kind: 'action', instance});
				}
			}
		}

		for (const list of module.lists) {
			for (const instance of list.instances) {
				if (all || blocks?.has(instance)) {
					lines.push({kind: 'list', instance});
				}
			}
		}
	}

	return lines;
}

/**
A row of `instances --json` (schemas/json/instances.schema.json): module and resource rows have the same keys, null where one has nothing to say (a module has no type).
*/
export type InstanceJson = {
	readonly address: string;
	readonly kind: 'module' | 'resource' | 'data' | 'action' | 'list';
	/** The module instance it is in (`""`: the root module). */
	readonly module: string;
	readonly type: string | null;
	readonly name: string;
	readonly key: ReturnType<typeof keyValue>;
	/** `file:line` of the resource block or module call. */
	readonly file: string | null;
	/** A stand-in for instances whose keys are known only after apply. */
	readonly placeholder: boolean;
	/** The assumptions that pin part of its value. */
	readonly assumed: readonly string[];
	/** It exists only under an assumption (--assume). */
	readonly exists_by_assumption: boolean;
	/** Why --exclude skips it. */
	readonly skipped: Skipped['because'] | null;
};

/** A row of `instances --json` on a Terragrunt estate: the unit's path (as `tree` and `terragrunt list` print it), then a row whose address is inside that unit. */
export type EstateInstanceJson = {readonly unit: string} & InstanceJson;

export type InstancesJson = {
	readonly format_version: typeof jsonFormatVersion;
	readonly instances: ReadonlyArray<InstanceJson | EstateInstanceJson>;
};

/** The keys --plan adds (plan/instance-lines.ts), on every row so rows keep one set of keys: null, empty or the default where the plan says nothing. */
const planDefaults = {action: null, action_reason: null, action_reason_text: null, previous_address: null, replace_paths: [], importing_id: null, read_during_plan: false, in_configuration: true} as const;

const rowKeys: ReadonlyArray<keyof InstanceJson> = ['address', 'kind', 'module', 'type', 'name', 'key', 'file', 'placeholder', 'assumed', 'exists_by_assumption', 'skipped'];

function withPlanKeys(row: Record<string, unknown>): Record<string, unknown> {
	// Made key by key, in one order, so every row prints its keys in the same order.
	const complete: Record<string, unknown> = {};
	for (const key of rowKeys) {
		complete[key] = row[key];
	}

	for (const [key, value] of Object.entries(planDefaults)) {
		complete[key] = row[key] ?? value;
	}

	return complete;
}

function fileOf(range: Range | undefined): string | null {
	return range ? `${range.filename}:${range.start.line}` : null;
}

function toJson(line: Line, existsByAssumption: boolean, skipped: Skipped | undefined): InstanceJson {
	const common = {exists_by_assumption: existsByAssumption, skipped: skipped?.because ?? null};
	if (line.kind === 'module') {
		const {instance} = line;
		return {
			address: instance.text, kind: 'module', module: instance.parent?.text ?? '', type: null, name: instance.address.at(-1)!.name, key: keyValue(instance.key), file: fileOf(instance.node.call?.range), placeholder: instance.key.kind === 'unknown', assumed: [], ...common,
		};
	}

	if (line.kind === 'action') {
		const {instance} = line;
		const {block} = instance.action;
		return {
			address: instance.text, kind: 'action', module: instance.action.moduleInstance.text, type: block.type, name: block.name, key: keyValue(instance.key), file: fileOf(block.range), placeholder: instance.key.kind === 'unknown', assumed: [], ...common,
		};
	}

	if (line.kind === 'list') {
		const {instance} = line;
		const {block} = instance.list;
		return {
			address: instance.text, kind: 'list', module: '', type: block.type, name: block.name, key: keyValue(instance.key), file: fileOf(block.range), placeholder: instance.key.kind === 'unknown', assumed: [], ...common,
		};
	}

	const {instance} = line;
	return {
		address: instance.text,
		kind: instance.address.mode === 'data' ? 'data' : 'resource',
		module: instance.resource.moduleInstance.text,
		type: instance.address.type,
		name: instance.address.name,
		key: keyValue(instance.key),
		file: fileOf(instance.resource.block.range),
		placeholder: instance.key.kind === 'unknown',
		assumed: instance.assumed.map(assumption => assumption.address),
		...common,
	};
}


/**
Expansions that failed (errors), one line each with the block's address, then the detail: the diagnostic the expander reported, which `check` prints too.
*/
function expansionProblems(tree: InstanceTree): Array<{readonly diagnostic: Diagnostic; readonly address: string}> {
	const problems: Array<{diagnostic: Diagnostic; address: string}> = [];
	const add = (expansion: Expansion, range: Range, address: string): void => {
		if (expansion.mode === 'invalid') {
			problems.push({diagnostic: expansion.diagnostic ?? errorDiagnostic(expansion.summary ?? `Invalid ${expansion.meta} argument`, expansion.reason, range), address});
		}
	};

	for (const resource of tree.resources.values()) {
		add(resource.expansion, resource.block.range, resource.text);
	}

	for (const module of tree.moduleInstances.values()) {
		for (const call of module.calls) {
			add(call.expansion, call.call.range, `${module.text === '' ? '' : `${module.text}.`}module.${call.call.name}`);
		}

		for (const list of module.lists) {
			add(list.expansion, list.block.range, list.text);
		}
	}

	return problems;
}

/**
The causes of placeholders, one line each (`file:line: note:` for a data source read at plan, `warning:` for what Terraform's plan would stop on), then the detail.
*/
export function renderCauses(tree: InstanceTree): string {
	return tree.unknownCauses.map(report => {
		const {summary, detail} = describeCause(report);
		const severity = report.cause.when === 'apply' ? 'warning' : 'note';
		const {range} = report.cause;
		return `${range ? `${range.filename}:${range.start.line}:${range.start.column}: ` : ''}${severity}: ${summary}\n  ${detail}\n`;
	}).join('');
}

/** The module and resource instances that exist only under an --assume. */
function assumedAddresses(workspace: Workspace): ReadonlySet<string> {
	const sets = workspace.assumptions.length === 0 ? undefined : assumedInstances(workspace.instances);
	return sets ? new Set([...sets.modules, ...sets.resources]) : new Set();
}

/**
`tfscope instances [dir] [ADDRESS] [--json]`: every expanded module and resource instance address, or those ADDRESS refers to.
*/
export const instancesCommand: Command = async input => {
	const {arguments: positional, flags, stdout, stderr} = input;
	if (positional.length > 2) {
		stderr.write(`Error: Too many arguments\n\ntfscope instances takes a directory and an address, not: ${positional.join(' ')}\n`);
		return 2;
	}

	const [directory, addressText] = positional;
	const estate = await estateFor(input, directory);
	if (estate) {
		const {estateInstanceLines, excludedNote} = await import('../terragrunt/estate-commands.js');
		const found = await estateInstanceLines(estate, opened => instanceLines(opened.workspace.instances), line => line.instance.text, addressText);
		stderr.write(excludedNote(estate, found.excluded));
		if (!found.found || (addressText !== undefined && found.lines.length === 0)) {
			stderr.write(`Error: No matching instances\n\nNo unit of this estate has the path or address ${addressText ?? ''}.\n`);
			return 1;
		}

		if (flags.json) {
			// The rows of a single configuration, each with the unit's path first: addresses are relative to the unit, as Terraform run in it prints them.
			const assumedByUnit = new Map<Workspace, ReadonlySet<string>>();
			const assumedIn = (workspace: Workspace): ReadonlySet<string> => {
				const set = assumedByUnit.get(workspace) ?? assumedAddresses(workspace);
				assumedByUnit.set(workspace, set);
				return set;
			};

			const rows: EstateInstanceJson[] = found.lines.map(({unit, opened, line}) => {
				const row = toJson(line, assumedIn(opened.workspace).has(line.instance.text), undefined);
				// A unit's module is read from an absolute directory: its files are named from where the command runs, as a configuration's are.
				return {unit: unit.path, ...row, file: row.file && path.isAbsolute(row.file) ? path.relative(input.cwd, row.file).split(path.sep).join('/') : row.file};
			});
			stdout.write(`${JSON.stringify({format_version: jsonFormatVersion, instances: rows}, undefined, 2)}\n`);
		} else {
			stdout.write(found.lines.map(({unit, line}) => `${unit.path}:${line.instance.text}\n`).join(''));
		}

		return 0;
	}

	let selected: {modules: Set<ModuleInstance>; resources: Set<ResourceInstance>; blocks: Set<ActionInstance | ListInstance>} | undefined;
	const parsed = addressText === undefined ? undefined : parseTargetAddress(addressText);
	if (parsed && !parsed.ok) {
		// A malformed address is a usage error, as a malformed --exclude is; a well-formed one that names nothing is 1 (below).
		stderr.write(`Error: Invalid address\n\n${addressText}: ${parsed.message}\n`);
		return 2;
	}

	const exclusions = [];
	for (const text of flags.exclude ?? []) {
		const excluded = parseAddress(text);
		if (!excluded.ok) {
			stderr.write(`Error: Invalid address\n\n--exclude ${text}: ${excluded.message}\n`);
			return 2;
		}

		exclusions.push({text, address: excluded.address});
	}

	const workspace = await workspaceFor(input, directory);
	const tree = workspace.instances;
	if (parsed?.ok) {
		const {address} = parsed;
		const selection = address.kind === 'module' || address.kind === 'resource' ? selectInstances(tree, address) : {moduleInstances: [], resourceInstances: []};
		const blocks = selectBlockInstances(tree, address);
		if (selection.moduleInstances.length === 0 && selection.resourceInstances.length === 0 && blocks.length === 0) {
			stderr.write(`Error: No matching instances\n\nNothing in this configuration has the address ${addressText}.\n`);
			return 1;
		}

		selected = {modules: new Set(selection.moduleInstances), resources: new Set(selection.resourceInstances), blocks: new Set(blocks)};
	}

	const lines = instanceLines(tree, selected?.modules, selected?.resources, selected?.blocks);
	// `--exclude`: what `tofu plan -exclude` would skip, left out of the list and listed on stderr.
	const skipped = exclusions.length === 0 ? new Map<string, Skipped>() : new Map(excludedInstances(tree, graphOf(workspace, {instances: true}), exclusions).map(entry => [entry.address, entry] as const));
	const assumed = assumedAddresses(workspace);
	// Under --plan: each resource instance's action (plan/instance-lines.ts), and the planned changes of instances the configuration no longer has.
	const {plan} = workspace;
	const outside = plan && !parsed ? changesOutside(plan, address => tree.resourceInstances.has(address)) : [];
	if (flags.json) {
		const rows: Array<Record<string, unknown>> = lines.map(line => {
			const row = toJson(line, assumed.has(line.instance.text), skipped.get(line.instance.text));
			return plan ? withPlanKeys({...row, ...(line.kind === 'resource' ? plannedJson(plan, line.instance.text) : {})}) : row;
		});
		const outsideRows = outside.map(change => withPlanKeys({file: null, placeholder: false, assumed: [], exists_by_assumption: false, skipped: null, ...outsideJson(change)}));
		const json = {format_version: jsonFormatVersion, instances: [...rows, ...outsideRows]};
		stdout.write(JSON.stringify(json, undefined, 2) + '\n');
	} else {
		// An instance that exists only under a what-if assumption says so.
		stdout.write(lines.filter(line => !skipped.has(line.instance.text)).map(line => `${plan ? actionColumn(plan, line.kind === 'resource' ? line.instance.text : undefined) : ''}${line.instance.text}${assumed.has(line.instance.text) ? ' (assumed)' : ''}\n`).join(''));
		stdout.write(outside.map(change => `${actionColumn(plan!, change.address)}${change.address}\n`).join(''));
	}

	if (exclusions.length > 0) {
		const shown = new Set(lines.map(line => line.instance.text));
		const listed = [...skipped.values()].filter(entry => shown.has(entry.address) || tree.resources.has(entry.address));
		stderr.write(`${listed.length} instance${listed.length === 1 ? '' : 's'} skipped by --exclude (as tofu plan -exclude would skip them):\n${listed.map(entry => `  ${entry.address} (${entry.because.kind === 'excluded' ? `excluded: ${entry.because.by}` : `depends on ${entry.because.on}`})\n`).join('')}`);
	}

	stderr.write(renderCauses(tree));
	const problems = expansionProblems(tree);
	for (const {diagnostic, address} of problems) {
		const detail = diagnostic.detail ? diagnostic.detail.split('\n').map(text => (text === '' ? '' : `  ${text}`)).join('\n') + '\n' : '';
		stderr.write(`${formatDiagnosticLine(diagnostic)} (${address})\n${detail}`);
	}

	return problems.some(problem => problem.diagnostic.severity === 'error') ? 1 : 0;
};

