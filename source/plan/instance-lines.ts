import {type PlanOverlay, type PlannedChange, describeReason, displayAction} from './overlay.js';

/*
What `instances` adds under a plan: an action column before each address (text) and the action keys (`--json`). The column comes first because keys may hold spaces: `awk '{print $1}'` reads the action, and the address is the rest of the line after the column.
*/

const columnWidth = 16;

/**
The action column of a line: the instance's action padded to a fixed width; blank for a module instance (undefined) and `?` for an instance the plan does not name.
*/
export function actionColumn(plan: PlanOverlay, address: string | undefined): string {
	if (address === undefined) {
		return ' '.repeat(columnWidth);
	}

	const change = plan.changes.get(address);
	const text = change ? displayAction(change) : (plan.read.has(address) ? 'no-op' : '?');
	return `${text.padEnd(columnWidth - 1)} `;
}

/**
The keys `instances --json` adds to a resource instance under a plan: `action` (as the text column shows it, `null` when the plan does not name the instance), `action_reason`, `previous_address`, `replace_paths`, `importing_id`.
*/
export function plannedJson(plan: PlanOverlay, address: string): Record<string, unknown> {
	const change = plan.changes.get(address);
	if (!change) {
		return {action: plan.read.has(address) ? 'no-op' : null, ...(plan.read.has(address) && {read_during_plan: true})};
	}

	return {
		action: displayAction(change),
		...(change.reason !== undefined && {action_reason: change.reason, action_reason_text: describeReason(change.reason)}),
		...(change.previousAddress !== undefined && {previous_address: change.previousAddress}),
		...(change.replacePaths.length > 0 && {replace_paths: change.replacePaths}),
		...(change.importing?.id !== undefined && {importing_id: change.importing.id}),
	};
}

/**
A planned change of an instance the configuration does not have, as `instances --json` lists it.
*/
export function outsideJson(change: PlannedChange): Record<string, unknown> {
	return {
		address: change.address,
		kind: change.mode === 'data' ? 'data' : 'resource',
		module: change.module,
		type: change.type,
		name: change.name,
		key: change.index ?? null,
		in_configuration: false,
		...plannedJsonOf(change),
	};
}

function plannedJsonOf(change: PlannedChange): Record<string, unknown> {
	return {
		action: displayAction(change),
		...(change.reason !== undefined && {action_reason: change.reason, action_reason_text: describeReason(change.reason)}),
		...(change.previousAddress !== undefined && {previous_address: change.previousAddress}),
	};
}
