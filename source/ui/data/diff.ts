import type {CommandFlags} from '../../commands/command.js';
import {loadRevisionWorkspace} from '../../commands/diff.js';
import {type InstanceChange, type WorkspaceDiff, diffWorkspaces} from '../../diff/index.js';
import type {Workspace} from '../../workspace.js';
import {attributeLine, changeMarks, changeWords} from '../../diff/format-text.js';
import {changeKind, summarise, summaryLine} from '../../diff/summary.js';
import type {
	BlockEntry, Details, ExplorerData, ModuleRow,
} from '../explorer-data.js';
import {defaultFormatting} from './formatting.js';
import {createWorkspaceData} from './workspace-data.js';
import {ExplorerStartFailure} from '../run/start-failure.js';

/*
The explorer on a diff (`tfscope DIR --diff REV`): the same panes over the current configuration, each module and resource instance marked with what the change does to it (`+` create, `-` destroy, `~` update, `±` replace, `→` moved, `>` forget, `<` import), the destroyed ones listed too (read from the revision's side), and Details saying what changes: the argument diff and the `moved` block that applies, or the one to add for a suspected rename. A decorator of ExplorerData: the panes only render the marks the rows carry.
*/

export type DiffMark = '+' | '-' | '~' | '±' | '→' | '>' | '<';

const moduleMarks: Readonly<Record<'create' | 'delete' | 'move', DiffMark>> = {create: '+', delete: '-', move: '→'};

function markOf(change: InstanceChange): DiffMark {
	return changeMarks[changeKind(change)] as DiffMark;
}

function within(moduleAddress: string, address: string): boolean {
	return moduleAddress === '' || address === moduleAddress || address.startsWith(`${moduleAddress}.`);
}

/**
The ExplorerData of `current` with the marks and details of `diff` (from `previous` to `current`); `label` names the revision compared with.
*/
export function withDiff(current: ExplorerData, previous: ExplorerData, diff: WorkspaceDiff, label: string): ExplorerData {
	const changes = new Map(diff.changes.map(change => [change.address, change]));
	const gone = diff.changes.filter(change => change.action === 'delete' || change.action === 'forget');
	const moduleChanges = new Map(diff.moduleInstances.map(change => [change.address, change]));
	const deletedModules = new Set(diff.moduleInstances.filter(change => change.action === 'delete').map(change => change.address));
	const summary = `diff vs ${label}: ${summaryLine(summarise(diff))}`;
	const renames = new Map<string, string>();
	for (const rename of diff.renames) {
		for (const pair of rename.instances) {
			renames.set(pair.from, rename.movedBlock);
			renames.set(pair.to, rename.movedBlock);
		}
	}

	const moduleMark = (address: string): DiffMark | undefined => {
		const change = moduleChanges.get(address);
		if (change) {
			return moduleMarks[change.action];
		}

		// Something changes inside (the root: anywhere), so the tree keeps the path to it under D.
		return diff.changes.some(each => within(address, each.moduleInstance)) ? '~' : undefined;
	};

	const previousRows = new Map(previous.modules().map(row => [row.address, row]));
	let modules: ModuleRow[] | undefined;
	const markedBlocks = new Map<string, readonly BlockEntry[]>();

	const data: ExplorerData = {
		...current,
		directory: current.directory,
		modules() {
			modules ??= [
				...current.modules().map(row => {
					const mark = moduleMark(row.address);
					return mark === undefined ? row : {...row, mark};
				}),
				...[...deletedModules].flatMap(address => {
					const row = previousRows.get(address);
					return row ? [{...row, mark: '-' as const}] : [];
				}),
			];
			return modules;
		},
		blocks(moduleAddress) {
			const cached = markedBlocks.get(moduleAddress);
			if (cached) {
				return cached;
			}

			const deletedModule = deletedModules.has(moduleAddress);
			const entries: BlockEntry[] = (deletedModule ? previous : current).blocks(moduleAddress).map(entry => {
				if (deletedModule) {
					return {...entry, mark: '-'};
				}

				// A module call's instances are module instances: marked as the module instance changes.
				const markAt = (address: string): string | undefined => {
					const change = changes.get(address);
					return change ? markOf(change) : (entry.kind === 'module' ? moduleMark(address) : undefined);
				};

				const instanceMarks = new Map<string, string>();
				for (const address of entry.instances) {
					const mark = markAt(address);
					if (mark !== undefined) {
						instanceMarks.set(address, mark);
					}
				}

				const own = entry.instances.length === 0 ? markAt(entry.address) : undefined;
				const mark = own ?? (instanceMarks.size > 0 ? '~' : undefined);
				return {...entry, ...(mark !== undefined && {mark}), ...(instanceMarks.size > 0 && {instanceMarks})};
			});
			if (!deletedModule) {
				// What is destroyed or forgotten has no row of its own in the current configuration: one row each, read from the revision.
				for (const change of gone) {
					if (change.moduleInstance === moduleAddress) {
						const prefix = moduleAddress === '' ? '' : `${moduleAddress}.`;
						entries.push({
							kind: 'resource', address: change.address, label: change.address.slice(prefix.length), mode: 'single', instances: [], mark: markOf(change),
						});
					}
				}
			}

			markedBlocks.set(moduleAddress, entries);
			return entries;
		},
		details(address) {
			const change = changes.get(address);
			const gone = change !== undefined && (change.action === 'delete' || change.action === 'forget');
			const base = gone || deletedModules.has(address) ? previous.details(change?.previousAddress ?? address) : (current.details(address) ?? previous.details(address));
			if (!base) {
				return undefined;
			}

			const diffDetails = describeChange(address, change, moduleChanges.get(address)?.action, renames.get(change?.previousAddress ?? address));
			return diffDetails ? {...base, address, change: diffDetails} : base;
		},
		edges(address) {
			return changes.get(address)?.action === 'delete' ? previous.edges(changes.get(address)!.previousAddress ?? address) : current.edges(address);
		},
		locate(address) {
			const found = current.locate(address);
			if (found) {
				return found;
			}

			const change = changes.get(address);
			if (change) {
				return {module: change.moduleInstance, block: address};
			}

			return deletedModules.has(address) ? {module: address} : undefined;
		},
		status() {
			return `${summary} · ${current.status()}`;
		},
		addresses() {
			return [...current.addresses(), ...gone.map(change => change.address), ...deletedModules];
		},
		diffSummary: summary,
	};
	return data;
}

function describeChange(address: string, change: InstanceChange | undefined, moduleAction: 'create' | 'delete' | 'move' | undefined, renameBlock: string | undefined): Details['change'] {
	if (!change) {
		if (moduleAction === undefined) {
			return undefined;
		}

		return {mark: moduleMarks[moduleAction], summary: moduleAction === 'create' ? 'new module instance' : (moduleAction === 'delete' ? 'module instance gone' : 'module instance moved'), lines: []};
	}

	const lines = change.attributes.map(attribute => attributeLine(attribute));
	if (change.move && !change.move.implied) {
		lines.push('', 'moved {', `  from = ${change.move.from}`, `  to   = ${change.move.to}`, '}');
	}

	if (renameBlock !== undefined) {
		lines.push('', 'Suspected rename: Terraform would destroy and recreate it; if it is the same object, add', ...renameBlock.split('\n'));
	}

	return {mark: markOf(change), summary: `${address}: ${changeWords(change)}`, lines};
}

/**
The explorer's data for `--diff REV`: loads the configuration at REV with the same options and marks `data` (the current configuration's) with the difference. An unreadable revision fails the explorer's start with its message.
*/
export async function diffExplorerData(data: ExplorerData, workspace: Workspace, options: {readonly directory: string; readonly flags: CommandFlags; readonly environment: Readonly<Record<string, string | undefined>>; readonly cwd: string}): Promise<ExplorerData> {
	const revision = options.flags.diff!;
	const loaded = await loadRevisionWorkspace(options.flags, options.directory, revision, options.environment, options.cwd);
	if (typeof loaded === 'string') {
		throw new ExplorerStartFailure(`--diff ${revision}: ${loaded}`);
	}

	return withDiff(data, createWorkspaceData(loaded.workspace, defaultFormatting()), diffWorkspaces(loaded.workspace, workspace), loaded.label);
}
