import type {PlanOverlay, PlannedChange} from './overlay.js';

/*
Counts of a plan's changes by action, in the order a reviewer reads them (what is created, changed, replaced, destroyed; then forgotten, read, moved, imported), for the tree, the status bar and the summary.
*/

export type CountKind = 'create' | 'update' | 'replace' | 'delete' | 'forget' | 'read' | 'move' | 'import' | 'deferred';

export const countKinds: readonly CountKind[] = ['create', 'update', 'replace', 'delete', 'forget', 'read', 'move', 'import', 'deferred'];

/**
How many of the changes do each thing: a change counts under its action (no-op under none) and also under `move`, `import` and `deferred` when it moves, imports or is deferred.
*/
export function countActions(changes: Iterable<PlannedChange>): Map<CountKind, number> {
	const counts = new Map<CountKind, number>();
	const add = (kind: CountKind): void => {
		counts.set(kind, (counts.get(kind) ?? 0) + 1);
	};

	for (const change of changes) {
		if (change.action !== 'no-op') {
			add(change.action);
		}

		if (change.previousAddress !== undefined) {
			add('move');
		}

		if (change.importing) {
			add('import');
		}

		if (change.deferred !== undefined) {
			add('deferred');
		}
	}

	return new Map(countKinds.filter(kind => counts.has(kind)).map(kind => [kind, counts.get(kind)!]));
}

/**
`2 create, 1 replace`, or `no changes`.
*/
export function formatCounts(counts: ReadonlyMap<CountKind, number>): string {
	return counts.size === 0 ? 'no changes' : [...counts].map(([kind, count]) => `${count} ${kind}`).join(', ');
}

/**
The mark of each kind where counts are short (`+3 ~1 -/+2`: the explorer's status bar and module tree), as `changeMark` marks one change.
*/
export const countMarks: Readonly<Record<CountKind, string>> = {
	create: '+', update: '~', replace: '-/+', delete: '-', forget: '.', read: '<=', move: '→', import: '<', deferred: '?',
};

/**
`+2 -/+1`, or `no changes`: `formatCounts` where room is short.
*/
export function formatCountsShort(counts: ReadonlyMap<CountKind, number>): string {
	return counts.size === 0 ? 'no changes' : [...counts].map(([kind, count]) => `${countMarks[kind]}${count}`).join(' ');
}

/**
The changes of the resource instances of one module instance (its own, not its children's).
*/
export function changesInModule(plan: PlanOverlay, module: string): PlannedChange[] {
	return [...plan.changes.values()].filter(change => change.module === module);
}

/**
The changes to instances the configuration does not have (deletions and forgets of what it no longer declares, and anything of a plan made elsewhere), in the plan's order.
*/
export function changesOutside(plan: PlanOverlay, has: (address: string) => boolean): PlannedChange[] {
	return [...plan.changes.values()].filter(change => !has(change.address));
}
