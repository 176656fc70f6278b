import {countActions, countMarks, formatCounts} from '../../plan/counts.js';
import {entryDetailLines} from '../../plan/format-summary.js';
import {type PlanOverlay, type PlannedChange, changeMark, displayAction} from '../../plan/overlay.js';
import {summaryEntry} from '../../plan/summary.js';
import type {Workspace} from '../../workspace.js';
import type {
	BlockEntry, Details, ExplorerData, ModuleRow, PlannedCount,
} from '../explorer-data.js';
import type {Formatting} from './formatting.js';

/*
The explorer under a saved plan (`--plan FILE`): the same panes, each resource instance marked with what the plan does to it (the marks of plan/overlay.ts `changeMark`: `+` create, `~` update, `-/+` or `+/-` replace, `-` delete, `<=` read, `.` forget, `→` move, `<` import), each block with its instances' mark (`*` when they differ, or on a module call with changes inside), each module instance with the counts of the changes in its subtree (`~2 -1`), what the plan destroys or forgets that the configuration no longer has listed in rows of their own, and Details saying what happens and why: the action, its reason, for a replacement each path that forces it traced to where its value comes from, for an update the attributes before → after (plan-summary's lines), the failed checks of the object and what changed outside Terraform. A decorator of ExplorerData, as the `--diff` one is: the panes only render what the rows carry.
*/

/** The mark of a block or module call whose instances change in different ways, or of a module call with changes inside. */
export const mixedMark = '*';

/**
The module instances an address (a module instance's) lies in, itself included, that `known` has: `module.a["x"].module.b` is in `module.a["x"]` and the root.
*/
function enclosingModules(module: string, known: ReadonlySet<string>): string[] {
	const found = [''];
	for (let at = module.indexOf('.module.'); at !== -1; at = module.indexOf('.module.', at + 1)) {
		const prefix = module.slice(0, at);
		if (known.has(prefix)) {
			found.push(prefix);
		}
	}

	if (module !== '' && known.has(module)) {
		found.push(module);
	}

	return found;
}

function append<T>(map: Map<string, T[]>, key: string, item: T): void {
	const list = map.get(key);
	if (list) {
		list.push(item);
	} else {
		map.set(key, [item]);
	}
}

function plannedCounts(changes: readonly PlannedChange[]): PlannedCount[] | undefined {
	const counts = countActions(changes);
	return counts.size === 0 ? undefined : [...counts].map(([kind, count]) => ({kind, mark: countMarks[kind], count}));
}

/** The instance's key step stripped: `t.n[0]` and `t.n["a"]` are instances of block `t.n`. */
function blockOf(address: string): string {
	return address.replace(/\[(?:"(?:[^"\\]|\\.)*"|\d+)\]$/, '');
}

/**
The ExplorerData of `data` (a Workspace's, `workspace.plan` set) with the plan's marks, rows and details.
*/
export function withPlan(data: ExplorerData, workspace: Workspace, plan: PlanOverlay, formatting: Formatting): ExplorerData {
	const summary = `plan${plan.errored ? ' (errored)' : ''}: ${formatCounts(countActions(plan.changes.values()))}`;
	const directoryPrefix = `${workspace.directory.replace(/\/+$/, '')}/`;
	// File names relative to the configuration, as Details shows every other place (plan-summary prints them as given).
	const relative = (text: string): string => text.replaceAll(directoryPrefix, '');
	const inConfiguration = (address: string): boolean => workspace.instances.resourceInstances.has(address);

	// Computed on first use: reading the instance tree finishes a background expansion.
	let indexed: {
		readonly gone: readonly PlannedChange[];
		readonly byModule: ReadonlyMap<string, readonly PlannedChange[]>;
		readonly byBlock: ReadonlyMap<string, readonly PlannedChange[]>;
		readonly goneModules: readonly string[];
	} | undefined;
	const index = () => {
		if (indexed) {
			return indexed;
		}

		const known = new Set(data.modules().map(row => row.address));
		const goneModules = new Set<string>();
		const byModule = new Map<string, PlannedChange[]>();
		const byBlock = new Map<string, PlannedChange[]>();
		const gone: PlannedChange[] = [];
		for (const change of plan.changes.values()) {
			if (!known.has(change.module)) {
				goneModules.add(change.module);
			}

			for (const module of [...enclosingModules(change.module, known), ...(known.has(change.module) ? [] : [change.module])]) {
				append(byModule, module, change);
			}

			const block = blockOf(change.address);
			if (block !== change.address) {
				append(byBlock, block, change);
			}

			if (!inConfiguration(change.address)) {
				gone.push(change);
			}
		}

		indexed = {gone, byModule, byBlock, goneModules: [...goneModules].sort()};
		return indexed;
	};

	const changesWithin = (module: string): readonly PlannedChange[] => index().byModule.get(module) ?? [];

	let modules: ModuleRow[] | undefined;
	const markedBlocks = new Map<string, readonly BlockEntry[]>();

	const markOfInstances = (marks: Iterable<string>): string | undefined => {
		const distinct = new Set(marks);
		return distinct.size === 0 ? undefined : (distinct.size === 1 ? [...distinct][0] : mixedMark);
	};

	const failedChecks = (address: string): string[] => plan.checks.flatMap(check => check.instances
		.filter(instance => (instance.status === 'fail' || instance.status === 'error') && (instance.address || check.address) === address)
		.flatMap(instance => (instance.problems.length === 0 ? [`${instance.status === 'error' ? 'error' : 'failed'} (no message)`] : instance.problems)));

	const changeDetails = (address: string, change: PlannedChange): NonNullable<Details['change']> => {
		const entry = summaryEntry(workspace, change);
		// plan-summary's lines, with the place of a replacement's argument and each step of the chain behind it on a line of its own: the pane is narrow, and the last step (the tfvars line) is the one that matters.
		const lines = entryDetailLines({
			...entry,
			replace: entry.replace.map(cause => ({...cause, ...(cause.expression !== undefined && {expression: relative(cause.expression)}), chain: cause.chain.map(step => relative(step))})),
		}).flatMap(line => {
			const chain = /^(\s*)\u2190 (.*)$/.exec(line); // ← written escaped: the commands build stays ASCII (test/build/commands-ascii.ts)
			const forces = /^(\s*)(.+ forces replacement) {2}(\S+)$/.exec(line);
			if (forces) {
				return [`${forces[1]!}${forces[2]!}`, `${forces[1]!}  ${forces[3]!}`];
			}

			return chain ? chain[2]!.split(' ← ').map(step => `${chain[1]!}← ${step}`) : [line];
		});
		if (change.deferred !== undefined) {
			lines.push(`deferred: ${change.deferred}`);
		}

		const drift = plan.drift.find(each => each.address === address);
		if (drift) {
			lines.push('', 'Changed outside Terraform (resource_drift):', ...entryDetailLines(summaryEntry(workspace, drift), '  ').filter(line => !line.startsWith('  because ')));
		}

		return {mark: changeMark(change) ?? '', summary: `plan: ${displayAction(change)}`, lines};
	};

	/** What the plan does within a block or module instance: its counts. */
	const countsDetails = (changes: readonly PlannedChange[], mark: string | undefined): Details['change'] => {
		const counts = countActions(changes);
		return counts.size === 0 ? undefined : {mark: mark ?? '', summary: `plan: ${formatCounts(counts)}`, lines: []};
	};

	const goneDetails = (address: string): Details | undefined => {
		const change = plan.changes.get(address);
		if (change) {
			const value = change.before;
			return {
				address,
				kind: change.mode === 'data' ? 'data' : 'resource',
				attributes: value?.kind === 'object' ? [...value.attributes].map(([name, each]) => ({name, value: formatting.formatValue(each), unknown: each.kind === 'unknown', sensitive: false})) : [],
			};
		}

		return index().goneModules.includes(address) ? {address, kind: 'module-instance', attributes: []} : undefined;
	};

	const result: ExplorerData = {
		...data,
		modules() {
			if (modules) {
				return modules;
			}

			const rows: ModuleRow[] = data.modules().map(row => {
				const planned = plannedCounts(changesWithin(row.address));
				return planned ? {...row, planned} : row;
			});
			// Module instances the plan changes and the configuration no longer has: after their parent's subtree (`tree --plan` lists them too).
			for (const module of index().goneModules) {
				const known = new Set(rows.map(row => row.address));
				const parents = enclosingModules(module, known);
				const parent = parents.at(-1) ?? '';
				const parentAt = rows.findIndex(row => row.address === parent);
				const parentRow = rows[parentAt];
				let at = parentAt + 1;
				while (at < rows.length && parentRow && rows[at]!.depth > parentRow.depth) {
					at++;
				}

				rows.splice(parentRow ? at : rows.length, 0, {
					address: module,
					depth: (parentRow?.depth ?? 0) + 1,
					label: parent === '' ? module : module.slice(parent.length + 1),
					moduleInstanceCount: 0,
					resourceInstanceCount: 0,
					errors: 0,
					warnings: 0,
					mark: '-',
					unavailable: {label: 'not in the configuration', reason: 'The plan changes resources of this module instance, which the configuration no longer has.', source: ''},
					...(plannedCounts(changesWithin(module)) && {planned: plannedCounts(changesWithin(module))}),
				});
			}

			modules = rows;
			return modules;
		},
		blocks(moduleAddress) {
			const cached = markedBlocks.get(moduleAddress);
			if (cached) {
				return cached;
			}

			const entries: BlockEntry[] = data.blocks(moduleAddress).map(entry => {
				if (entry.kind === 'module') {
					// A module call: marked when something inside it changes; its instances are module instances.
					const instanceMarks = new Map<string, string>();
					for (const address of entry.instances) {
						if (countActions(changesWithin(address)).size > 0) {
							instanceMarks.set(address, mixedMark);
						}
					}

					const changed = entry.instances.length === 0 ? countActions(changesWithin(entry.address)).size > 0 : instanceMarks.size > 0;
					return changed ? {...entry, mark: mixedMark, ...(instanceMarks.size > 0 && {instanceMarks})} : entry;
				}

				if (entry.instances.length === 0) {
					const change = plan.changes.get(entry.address);
					const mark = change && changeMark(change);
					return mark === undefined ? entry : {...entry, mark};
				}

				const instanceMarks = new Map<string, string>();
				for (const address of entry.instances) {
					const change = plan.changes.get(address);
					const mark = change && changeMark(change);
					if (mark !== undefined) {
						instanceMarks.set(address, mark);
					}
				}

				// Instances the plan destroys that the block no longer makes (a count lowered, a key gone) are listed as rows of their own below: they count in the block's mark.
				const goneMarks = (index().byBlock.get(entry.address) ?? []).filter(change => !inConfiguration(change.address)).flatMap(change => changeMark(change) ?? []);
				const mark = markOfInstances([...instanceMarks.values(), ...goneMarks]);
				return mark === undefined ? entry : {...entry, mark, ...(instanceMarks.size > 0 && {instanceMarks})};
			});
			// What the plan destroys or forgets and the configuration does not have: one row each.
			for (const change of index().gone) {
				if (change.module === moduleAddress) {
					const prefix = moduleAddress === '' ? '' : `${moduleAddress}.`;
					entries.push({
						kind: change.mode === 'data' ? 'data' : 'resource', address: change.address, label: change.address.slice(prefix.length), mode: 'single', instances: [], mark: changeMark(change) ?? '-',
					});
				}
			}

			markedBlocks.set(moduleAddress, entries);
			return entries;
		},
		details(address) {
			const base = data.details(address) ?? goneDetails(address);
			if (!base) {
				return undefined;
			}

			const change = plan.changes.get(address);
			let planned: Details['change'];
			if (change) {
				planned = changeDetails(address, change);
			} else if (base.kind === 'module-instance') {
				planned = countsDetails(changesWithin(address), index().goneModules.includes(address) ? '-' : undefined);
			} else if (base.kind === 'module') {
				planned = countsDetails([...plan.changes.values()].filter(each => each.module === address || each.module.startsWith(`${address}[`) || each.module.startsWith(`${address}.`)), mixedMark);
			} else {
				const changes = index().byBlock.get(address) ?? [];
				planned = countsDetails(changes, markOfInstances(changes.flatMap(each => changeMark(each) ?? [])));
			}

			const checks = failedChecks(address);
			return {
				...base,
				...(planned && {change: planned}),
				...(checks.length > 0 && {failedChecks: checks}),
			};
		},
		edges(address) {
			return inConfiguration(address) || !plan.changes.has(address) ? data.edges(address) : [];
		},
		locate(address) {
			const found = data.locate(address);
			if (found) {
				return found;
			}

			const change = plan.changes.get(address);
			if (change) {
				return {module: change.module, block: address};
			}

			return index().goneModules.includes(address) ? {module: address} : undefined;
		},
		status() {
			return `${summary} · ${data.status()}`;
		},
		addresses() {
			return [...data.addresses(), ...index().gone.map(change => change.address), ...index().goneModules];
		},
		planSummary: summary,
	};
	return result;
}
