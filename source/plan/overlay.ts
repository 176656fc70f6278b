import type {Value} from '../lang/values.js';
import {overPlanned, overPlannedJson} from './planned-value.js';

/*
A saved plan laid over a configuration: what `terraform show -json PLANFILE` (or `tofu show -json`) says each resource instance will do and why, its planned values, the plan's input variables, timestamp and checks. Read by plan/read-plan.ts; the Workspace takes it as an option, like a state file or assumptions, and never changes the parse for it.
*/

/**
What happens to one resource instance, from the plan's `actions`: `replace` is a delete and a create in either order (see `PlannedChange.createBeforeDestroy`).
*/
export type PlanAction = 'create' | 'read' | 'update' | 'replace' | 'delete' | 'forget' | 'no-op';

export const planActions: readonly PlanAction[] = ['create', 'update', 'replace', 'delete', 'forget', 'read', 'no-op'];

/**
A path into a value, as the plan writes it (`replace_paths`, `relevant_attributes`): attribute names and element keys or indexes.
*/
export type ValuePath = ReadonlyArray<string | number>;

export type PlannedChange = {
	/** The resource instance's address, as Terraform prints it (the same text as tfscope's instance addresses). */
	readonly address: string;
	/** Where the object was before a move (`moved` blocks, implied moves). */
	readonly previousAddress?: string;
	/** The module instance's address (`module.a["x"]`; `` at the root). */
	readonly module: string;
	readonly mode: 'managed' | 'data';
	readonly type: string;
	readonly name: string;
	readonly index?: number | string;
	readonly action: PlanAction;
	/** The plan's `actions` as written: `["create","delete"]` is a replacement that creates first. */
	readonly actions: readonly string[];
	/** For a replacement: whether the new object is created before the old one is destroyed. */
	readonly createBeforeDestroy: boolean;
	/** `action_reason` (`replace_because_tainted`, `delete_because_each_key`, ...). */
	readonly reason?: string;
	/** The attributes whose change forces the replacement. */
	readonly replacePaths: readonly ValuePath[];
	/** An import: the `id` (or identity) the object is imported with. */
	readonly importing?: {readonly id?: string};
	/** A deferred change (`deferred_changes`): why Terraform could not plan it yet. */
	readonly deferred?: string;
	/** The value before (prior state) and after (planned), unknown parts and sensitive marks applied; undefined where the plan has none (null before a create, after a delete). */
	readonly before: Value | undefined;
	readonly after: Value | undefined;	/** `after` as the plan's JSON writes it, for laying it over a computed value without decoding what it leaves as computed (plan/planned-value.ts); undefined after a delete or forget. */
	readonly afterJson?: PlannedJson;
};

/**
A value as the plan's JSON writes it: the known parts (`after`), and beside them, in the same shape, `true` where a part is unknown (`after_unknown`) or sensitive (`after_sensitive`).
*/
export type PlannedJson = {readonly value: unknown; readonly unknown: unknown; readonly sensitive: unknown};

export type CheckStatus = 'pass' | 'fail' | 'error' | 'unknown';

/**
One checkable object of the plan's `checks`: a resource (its preconditions and postconditions), an output (its preconditions), a `check` block or an input variable (its validations), with each instance's result and failure messages.
*/
export type PlannedCheck = {
	readonly kind: 'resource' | 'output_value' | 'check' | 'var' | string;
	/** The object's configuration address, as the plan displays it (`terraform_data.x`, `module.m.output.o`, `check.health`, `var.size`). */
	readonly address: string;
	/** The module of the object (`module.m`, `` at the root). */
	readonly module: string;
	readonly status: CheckStatus;
	readonly instances: ReadonlyArray<{readonly address: string; readonly status: CheckStatus; readonly problems: readonly string[]}>;
};

export type PlannedOutput = {
	readonly name: string;
	readonly action: PlanAction;
	readonly after: Value | undefined;
};

export type PlanOverlay = {
	/** The file as the user named it. */
	readonly file: string;
	readonly formatVersion: string;
	readonly terraformVersion?: string;
	/** The plan's time (RFC 3339), what `plantimestamp()` returns. */
	readonly timestamp?: string;
	/** The plan stopped on an error (a failed condition); Terraform still saves it. */
	readonly errored: boolean;
	/** Whether Terraform considered it applyable (an errored plan or one with only no-ops is not). */
	readonly applyable?: boolean;
	/** The root input variables the plan was made with, by name, as JSON. */
	readonly variables: ReadonlyMap<string, unknown>;
	/** Every resource instance change, by address. */
	readonly changes: ReadonlyMap<string, PlannedChange>;
	/** Data sources read during plan (from `prior_state`): their values, by address. */
	readonly read: ReadonlyMap<string, Value>;
	/** Changes outside Terraform found while refreshing (`resource_drift`), only those that matter to this plan (`relevant_attributes`). */
	readonly drift: readonly PlannedChange[];
	/** The attributes, by resource instance address, that the plan read to compute the changes (`relevant_attributes`). */
	readonly relevantAttributes: ReadonlyMap<string, readonly ValuePath[]>;
	readonly outputs: ReadonlyMap<string, PlannedOutput>;
	readonly checks: readonly PlannedCheck[];
	/** The configuration the plan was made from, as `configuration.root_module` describes it: module call paths (`module.a.module.b`, without keys) and, for each, its resource blocks (`terraform_data.x`, `data.t.n`). */
	readonly configuration: ReadonlyMap<string, ReadonlySet<string>> | undefined;
};

/**
The planned value of a resource instance laid over the one computed (plan/planned-value.ts), by its address; undefined when the plan says nothing of it or the object goes away (delete, forget).
*/
export function plannedValueOver(overlay: PlanOverlay, address: string, computed: Value): Value | undefined {
	const change = overlay.changes.get(address);
	if (change?.afterJson) {
		return overPlannedJson(computed, change.afterJson);
	}

	const planned = plannedValueOf(overlay, address);
	return planned && overPlanned(computed, planned);
}

/**
The planned value of a resource instance, by its address: a change's `after`, or what a data source read during plan returned. Undefined when the plan says nothing of it or the object goes away (delete, forget).
*/
export function plannedValueOf(overlay: PlanOverlay, address: string): Value | undefined {
	const change = overlay.changes.get(address);
	if (change) {
		return change.action === 'delete' || change.action === 'forget' ? undefined : change.after;
	}

	return overlay.read.get(address);
}

/**
What the plan's `action_reason` says, in words.
*/
export function describeReason(reason: string | undefined): string | undefined {
	switch (reason) {
		case undefined: {
			return undefined;
		}

		case 'replace_because_tainted': {
			return 'the object is tainted';
		}

		case 'replace_because_cannot_update': {
			return 'an argument that forces replacement changed';
		}

		case 'replace_by_request': {
			return 'requested with -replace';
		}

		case 'replace_by_triggers': {
			return 'replace_triggered_by: a trigger changed';
		}

		case 'delete_because_no_resource_config': {
			return 'its resource block is no longer in the configuration';
		}

		case 'delete_because_wrong_repetition': {
			return 'the block\'s repetition changed (count and for_each, or neither)';
		}

		case 'delete_because_count_index': {
			return 'its count index is beyond the new count';
		}

		case 'delete_because_each_key': {
			return 'its key is no longer in for_each';
		}

		case 'delete_because_no_module': {
			return 'its module instance is no longer in the configuration';
		}

		case 'delete_because_no_move_target': {
			return 'it was moved to an address that is not in the configuration';
		}

		case 'read_because_config_unknown': {
			return 'its configuration is not known until apply';
		}

		case 'read_because_dependency_pending': {
			return 'a resource it depends on has changes pending';
		}

		case 'read_because_check_nested': {
			return 'it is nested in a check block';
		}

		default: {
			return reason.replaceAll('_', ' ');
		}
	}
}

/**
The one-character mark of an action, as `terraform plan` draws it: `+` create, `~` update, `-/+` or `+/-` replace, `-` delete, `<=` read; `.` forget (Terraform prints none), ` ` no-op.
*/
export function actionSymbol(change: Pick<PlannedChange, 'action' | 'createBeforeDestroy'>): string {
	switch (change.action) {
		case 'create': {
			return '+';
		}

		case 'update': {
			return '~';
		}

		case 'replace': {
			return change.createBeforeDestroy ? '+/-' : '-/+';
		}

		case 'delete': {
			return '-';
		}

		case 'read': {
			return '<=';
		}

		case 'forget': {
			return '.';
		}

		case 'no-op': {
			return ' ';
		}
	}
}

/**
The mark of a change on one row (the explorer's panes): `actionSymbol`'s, and where that is blank, `→` for a move and `<` for an import (as the explorer's `--diff` marks them); none for a plain no-op.
*/
export function changeMark(change: PlannedChange): string | undefined {
	if (change.action !== 'no-op') {
		return actionSymbol(change);
	}

	if (change.previousAddress !== undefined) {
		return '→';
	}

	return change.importing ? '<' : undefined;
}

/**
An action in words, with what modifies it: `replace (create before destroy)`, `moved`, `import`, `deferred`.
*/
export function describeAction(change: PlannedChange): string {
	const words: string[] = [change.action === 'replace' ? (change.createBeforeDestroy ? 'replace (create before destroy)' : 'replace') : change.action];
	if (change.previousAddress !== undefined) {
		words.push(`moved from ${change.previousAddress}`);
	}

	if (change.importing) {
		words.push(change.importing.id === undefined ? 'import' : `import id ${JSON.stringify(change.importing.id)}`);
	}

	if (change.deferred !== undefined) {
		words.push(`deferred: ${change.deferred}`);
	}

	return words.join(', ');
}

/**
The action word tfscope shows for an instance, `move` or `import` when that is all that happens (a no-op that moves or imports).
*/
export function displayAction(change: PlannedChange): string {
	if (change.action === 'no-op' && change.previousAddress !== undefined) {
		return 'move';
	}

	if ((change.action === 'no-op' || change.action === 'update') && change.importing) {
		return change.action === 'no-op' ? 'import' : 'import+update';
	}

	if (change.deferred !== undefined) {
		return `deferred ${change.action}`;
	}

	return change.action === 'replace' && change.createBeforeDestroy ? 'replace+cbd' : change.action;
}

/**
Whether the instance changes at all (what a "changed only" view keeps): anything but a plain no-op.
*/
export function isChange(change: PlannedChange): boolean {
	return change.action !== 'no-op' || change.previousAddress !== undefined || change.importing !== undefined || change.deferred !== undefined;
}
