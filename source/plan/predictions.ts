import {type Diagnostic, warningDiagnostic} from '../hcl/diagnostics.js';
import {type Range, formatRangeStart} from '../hcl/position.js';
import {type ModuleNode, findModuleNode} from '../config/module-tree.js';
import {type Assumption, assumptionsFor} from '../expand/assumptions.js';
import type {InstanceTree} from '../expand/instance-tree.js';
import type {ResourceInstanceAddress} from '../expand/addresses.js';
import {parseAddress} from '../expand/parse-address.js';
import {
	type StateObject, applyMoves, findMoveStatements, impliedMoveStatements, resourceConfigurations,
} from '../diff/moves.js';
import {summarizeValue} from '../explain/summary.js';
import {encodeJson} from '../lang/functions/encoding.js';
import {type Value, isWhollyKnown, unmark} from '../lang/values.js';
import type {PlanOverlay} from './overlay.js';

/*
Where tfscope's own predictions disagree with a saved plan, as warnings: the plan is the truth, and each disagreement shows the user (and us) where the static model was wrong.

- the instance set: an instance tfscope expands that the plan does not have, or one the plan creates or keeps that tfscope does not expand;
- the moves: what the configuration's `moved` blocks and implied moves (a resource that gained or lost `count`) do to the plan's prior state, against the plan's `previous_address` of each instance;
- the assumptions (`--assume`): a value the user pinned that the plan knows otherwise. The plan's value wins: a resource's planned value replaces the assumed one, and an assumption of a root variable the plan gives is dropped.

An errored plan stopped part-way: what it lacks says nothing of the predictions, so it is not compared.
*/

/**
Where tfscope's expansion and the plan's instances differ.
*/
export function planDisagreements(plan: PlanOverlay, tree: InstanceTree): Diagnostic[] {
	const diagnostics: Diagnostic[] = [];
	if (plan.errored) {
		return diagnostics;
	}

	for (const instance of tree.resourceInstances.values()) {
		if (instance.key.kind === 'unknown' || instance.resource.block.mode === 'ephemeral' || plan.changes.has(instance.text) || plan.read.has(instance.text)) {
			continue;
		}

		// A data source nested in a check block, or one only read at apply, may not be in the plan's lists.
		diagnostics.push(warningDiagnostic('Instance not in the plan', `tfscope expands ${instance.text}, but the plan ${plan.file} has no such instance: its count or for_each evaluated differently in the plan (the plan is the truth).`, instance.resource.block.range));
	}

	for (const change of plan.changes.values()) {
		if (change.action === 'delete' || change.action === 'forget' || tree.resourceInstances.has(change.address)) {
			continue;
		}

		const block = tree.resources.get(change.address.replace(/\[[^\]]*\]$/, ''));
		const open = block?.expansion.mode === 'unknown';
		diagnostics.push(warningDiagnostic('Instance only in the plan', `The plan ${plan.file} has ${change.address} (${change.action}), which tfscope's expansion does not have${open ? ': its count or for_each is not known to tfscope before plan' : ''}.`, block?.block.range));
	}

	return diagnostics;
}

/**
The objects of the plan's prior state, each where it was before any move: a managed instance the plan moves (its `previous_address`), or one it found at its own address (anything but a create or an import).
*/
function priorObjects(plan: PlanOverlay): StateObject[] {
	const objects: StateObject[] = [];
	for (const change of plan.changes.values()) {
		if (change.mode !== 'managed') {
			continue;
		}

		const origin = change.previousAddress ?? (change.action === 'create' || change.importing ? undefined : change.address);
		const parsed = origin === undefined ? undefined : parseAddress(origin);
		if (parsed?.ok && parsed.address.kind === 'resource') {
			objects.push({address: parsed.address.resource, origin: origin!});
		}
	}

	return objects;
}

/**
Where the resource block of an instance address is declared, if this configuration has it.
*/
function blockRange(root: ModuleNode, address: string): Range | undefined {
	const parsed = parseAddress(address);
	if (!parsed.ok || parsed.address.kind !== 'resource') {
		return undefined;
	}

	const {resource} = parsed.address;
	const block = findModuleNode(root, resource.module.map(step => step.name))?.module.resources.get(`${resource.mode === 'data' ? 'data.' : ''}${resource.type}.${resource.name}`);
	return block?.block.range;
}

/**
The moves the configuration's `moved` blocks (and implied moves) predict on the plan's prior state, against the moves the plan made.
*/
export function planMoveDisagreements(plan: PlanOverlay, root: ModuleNode): Diagnostic[] {
	if (plan.errored) {
		return [];
	}

	const objects = priorObjects(plan);
	const explicit = findMoveStatements(root);
	const statements = [...explicit, ...impliedMoveStatements(objects, resourceConfigurations(root), explicit)];
	const predicted = applyMoves(objects, statements).moved;
	const destinationOf = new Map([...predicted].map(([to, move]) => [move.from, to]));
	const movedByPlan = new Set([...plan.changes.values()].map(change => change.previousAddress).filter(origin => origin !== undefined));
	const diagnostics: Diagnostic[] = [];
	for (const change of plan.changes.values()) {
		if (change.previousAddress === undefined || predicted.get(change.address)?.from === change.previousAddress) {
			continue;
		}

		const elsewhere = destinationOf.get(change.previousAddress);
		const predictedText = elsewhere === undefined ? `no moved block of this configuration moves ${change.previousAddress}` : `this configuration's moved blocks move it to ${elsewhere}`;
		diagnostics.push(warningDiagnostic('Move not predicted', `The plan ${plan.file} moves ${change.previousAddress} to ${change.address}, but ${predictedText}: the configuration's moved blocks changed since the plan was made (the plan is the truth).`, blockRange(root, change.address)));
	}

	for (const [to, move] of predicted) {
		const change = plan.changes.get(to);
		if (change?.previousAddress === move.from) {
			continue;
		}

		const where = move.statement.implied ? 'An implied move (the resource gained or lost count)' : 'This moved block';
		// A plan that moves it elsewhere was reported above, once.
		if (movedByPlan.has(move.from)) {
			continue;
		}

		diagnostics.push(warningDiagnostic('Predicted move not in the plan', `${where} moves ${move.from} to ${to}, but the plan ${plan.file} does not move it: the moved blocks changed since the plan was made, or the plan found an object already at ${to} (the plan is the truth).`, move.statement.range));
	}

	return diagnostics;
}

/**
JSON text of a wholly known value, for comparing what an assumption pins with what the plan has; undefined where a part is unknown (the plan does not know it either, so nothing is contradicted).
*/
function knownJson(value: Value): string | undefined {
	if (!isWhollyKnown(value)) {
		return undefined;
	}

	try {
		return encodeJson(value);
	} catch {
		return undefined;
	}
}

/**
The value at an attribute path (object attributes, map keys); undefined where the path leads nowhere or into an unknown value.
*/
function valueAt(value: Value, path: readonly string[]): Value | undefined {
	let current = value;
	for (const step of path) {
		const [bare] = unmark(current);
		const next = bare.kind === 'object' ? bare.attributes.get(step) : (bare.kind === 'map' ? bare.entries.get(step) : undefined);
		if (!next) {
			return undefined;
		}

		current = next;
	}

	return current;
}

function sameJson(left: unknown, right: unknown): boolean {
	if (Array.isArray(left) || Array.isArray(right)) {
		return Array.isArray(left) && Array.isArray(right) && left.length === right.length && left.every((item, index) => sameJson(item, right[index]));
	}

	if (left !== null && right !== null && typeof left === 'object' && typeof right === 'object') {
		const leftKeys = Object.keys(left).sort();
		const rightKeys = Object.keys(right).sort();
		return sameJson(leftKeys, rightKeys) && leftKeys.every(key => sameJson((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]));
	}

	return left === right;
}

function pinned(assumption: Assumption): string {
	return `${assumption.address} = ${assumption.expression} (${assumption.source === '--assume' ? '--assume' : `from ${assumption.range ? formatRangeStart(assumption.range) : assumption.source}`})`;
}

type PlannedObject = {
	readonly address: string;
	readonly resource: ResourceInstanceAddress;
	/** The resource block's key (`aws_vpc.this`, `data.aws_region.current`), as assumptions name it. */
	readonly block: string;
	/** The planned value, decoded only when an assumption names the instance (undefined when it goes away). */
	readonly value: () => Value | undefined;
};

/**
Every instance the plan has a value for: its changes and the data sources it read.
*/
function plannedObjects(plan: PlanOverlay): PlannedObject[] {
	const objects: PlannedObject[] = [];
	const add = (address: string, value: () => Value | undefined): void => {
		const parsed = parseAddress(address);
		if (parsed.ok && parsed.address.kind === 'resource') {
			const {resource} = parsed.address;
			objects.push({address, resource, block: `${resource.mode === 'data' ? 'data.' : ''}${resource.type}.${resource.name}`, value});
		}
	};

	for (const change of plan.changes.values()) {
		add(change.address, () => (change.action === 'delete' || change.action === 'forget' ? undefined : change.after));
	}

	for (const [address, value] of plan.read) {
		add(address, () => value);
	}

	return objects;
}

/**
The assumptions under a plan: those the plan contradicts are warned; an assumption of a root variable the plan gives is dropped (the plan's variables are the root variables), the others are kept, as they still pin what the plan does not cover.
*/
export function assumptionsUnderPlan(plan: PlanOverlay, assumptions: readonly Assumption[], root: ModuleNode): {readonly kept: Assumption[]; readonly diagnostics: Diagnostic[]} {
	const kept: Assumption[] = [];
	const diagnostics: Diagnostic[] = [];
	const contradicted = (assumption: Assumption, where: string, planned: string): void => {
		diagnostics.push(warningDiagnostic('Assumption contradicted by the plan', `${pinned(assumption)}, but the plan ${plan.file} has ${where} = ${planned}: the plan's value is used.`, assumption.range));
	};

	// The plan's instances, their addresses parsed once for every resource assumption.
	let planned: PlannedObject[] | undefined;
	for (const assumption of assumptions) {
		const {target} = assumption;
		if (target.kind === 'variable') {
			if (target.module.length === 0 && plan.variables.has(target.name)) {
				const assumed = knownJson(assumption.value);
				const planned = plan.variables.get(target.name);
				if (assumed !== undefined && !sameJson(JSON.parse(assumed), planned)) {
					contradicted(assumption, `var.${target.name}`, root.module.variables.get(target.name)?.sensitive ? '(sensitive value)' : JSON.stringify(planned));
				}

				continue;
			}

			kept.push(assumption);
			continue;
		}

		kept.push(assumption);
		planned ??= plannedObjects(plan);
		for (const object of planned) {
			if (assumptionsFor([assumption], object.resource.module, object.block, object.resource.key).length === 0) {
				continue;
			}

			const value = object.value();
			if (value === undefined) {
				continue;
			}

			// A whole object assumed pins only the attributes it names.
			const [assumedBare] = unmark(assumption.value);
			const pins: Array<[readonly string[], Value]> = target.path.length === 0 && assumedBare.kind === 'object' ? [...assumedBare.attributes].map(([name, pinnedValue]) => [[name], pinnedValue]) : [[target.path, assumption.value]];
			for (const [path, pinnedValue] of pins) {
				const plannedValue = valueAt(value, path);
				const plannedJson = plannedValue === undefined ? undefined : knownJson(plannedValue);
				const assumedJson = knownJson(pinnedValue);
				if (plannedJson !== undefined && assumedJson !== undefined && !sameJson(JSON.parse(plannedJson), JSON.parse(assumedJson))) {
					contradicted(assumption, [object.address, ...path].join('.'), summarizeValue(plannedValue!));
				}
			}
		}
	}

	return {kept, diagnostics};
}
