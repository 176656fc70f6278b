import type {Expression} from '../hcl/ast.js';
import type {Range} from '../hcl/position.js';
import {endOf, startOf} from '../hcl/nodes.js';
import type {ModuleNode} from '../config/module-tree.js';
import {findModuleNode, walkModuleTree} from '../config/module-tree.js';
import {traversalText} from '../config/static.js';
import {
	type ResourceInstanceAddress, formatModuleInstance, formatResourceInstance, noKey,
} from '../expand/addresses.js';
import {describeExpansion, type Expansion} from '../expand/expansion.js';
import type {ResourceInstance} from '../expand/instance-tree.js';
import {parseAddress} from '../expand/parse-address.js';
import {rawEquals} from '../lang/operations.js';
import {type Value, isWhollyKnown, unmark} from '../lang/values.js';
import type {Workspace} from '../workspace.js';
import {
	type MoveStatement, type StateObject, applyMoves, endpointText, findMoveStatements, impliedMoveStatements, resourceConfigurations,
} from './moves.js';
import {type ActionInvocation, type BlockChange, blockChanges, plannedInvocations} from './actions.js';
import {importTargets} from './imports.js';
import {residualForm} from './residual.js';
import {suggestRenames, type RenameSuggestion} from './renames.js';
import {unchangedModuleInstances} from './unchanged.js';

/*
What a change of configuration does to the expansion, as Terraform's plan would decide it from a state holding every managed resource instance of the old configuration: the old instances are the previous state, the new configuration's `moved` statements and implied moves move them, `removed` blocks forget or destroy what is gone, `import` blocks adopt what is new, and the arguments set in configuration are compared for the instances on both sides.
*/

export type Action = 'create' | 'delete' | 'update' | 'replace' | 'no-op' | 'forget';

/**
Arguments whose change makes the provider replace the object, for the types whose schema tfscope knows (the built-in provider's `terraform_data`).
*/
const replacingArguments: ReadonlyMap<string, ReadonlySet<string>> = new Map([['terraform_data', new Set(['triggers_replace'])]]);

export type AttributeChange = {
	readonly name: string;
	/**
	`changed`: known on both sides and different; `unknown`: known before, known only after apply now; `maybe`: unknown on both sides and written differently; `added`/`removed`: set on one side only.
	*/
	readonly kind: 'changed' | 'unknown' | 'maybe' | 'added' | 'removed';
	readonly before?: Value;
	readonly after?: Value;
};

export type InstanceChange = {
	/**
	The address in the new configuration (for `delete` and `forget`: where the object is after moves).
	*/
	readonly address: string;
	readonly previousAddress?: string;
	readonly action: Action;
	readonly type: string;
	/**
	The module instance the (new) address is in, `''` for the root.
	*/
	readonly moduleInstance: string;
	readonly move?: {
		readonly implied: boolean; readonly from: string; readonly to: string; readonly range?: Range;
		/**
		A move across resource types (Terraform 1.8+): whether the target's provider can translate the state (`undefined`: not known offline; Terraform's plan fails if it cannot).
		*/
		readonly acrossTypes?: {readonly supported: boolean | undefined};
	};
	readonly importing?: {readonly id?: string; readonly range: Range};
	/**
	Why an object is deleted or forgotten.
	*/
	readonly reason?: 'no-configuration' | 'no-instance' | 'removed-block' | 'lifecycle-destroy';
	/**
	The `removed` block, or the `lifecycle { destroy = false }` block, that makes the object forgotten.
	*/
	readonly removedBlock?: Range;
	readonly attributes: readonly AttributeChange[];
};

export type ExpansionChange = {
	/**
	`module.net["a"].aws_subnet.this` or `module.net` (a module call in its parent instance).
	*/
	readonly address: string;
	readonly kind: 'resource' | 'module';
	readonly before?: string;
	readonly after?: string;
	readonly addedKeys: readonly string[];
	readonly removedKeys: readonly string[];
	/**
	The new count/for_each is known only after apply: the old instances may stay or go.
	*/
	readonly becameUnknown: boolean;
};

/**
A module instance that appears or goes; `move` when every object of a gone instance moved into a new one.
*/
export type ModuleInstanceChange = {readonly address: string; readonly action: 'create' | 'delete' | 'move'; readonly from?: string};

export type WorkspaceDiff = {
	/**
	Every managed resource instance that is created, deleted, updated, moved, forgotten or imported, in address order; unchanged ones are counted only.
	*/
	readonly changes: readonly InstanceChange[];
	/**
	Instances that stay where they are, as they are.
	*/
	readonly unchanged: readonly string[];
	readonly moduleInstances: readonly ModuleInstanceChange[];
	readonly expansions: readonly ExpansionChange[];
	readonly renames: readonly RenameSuggestion[];
	/**
	Instances of the old configuration whose fate is known only after apply (their block's new count/for_each, or an enclosing module's, is unknown).
	*/
	readonly undetermined: readonly string[];
	readonly blockedMoves: ReadonlyArray<{readonly from: string; readonly wanted: string}>;
	/**
	The `moved` statements form a cycle: Terraform refuses them and moves nothing.
	*/
	readonly cyclicMoves: boolean;
	/**
	Terraform 1.14+: the actions the resource changes trigger, as the plan's `action_invocations` (diff/actions.ts).
	*/
	readonly invocations: readonly ActionInvocation[];
	/**
	Action and query list block instances added, removed or changed: configuration only, never planned.
	*/
	readonly blockChanges: readonly BlockChange[];
};

/**
Moves across resource types (Terraform 1.8+) whose state translation tfscope knows: the target provider's MoveResourceState, as an argument-name map (arguments left out are not carried over). The built-in provider's terraform_data takes null_resource's `triggers` as `triggers_replace` (internal/builtin/providers/terraform/resource_data.go). Other pairs are compared by argument name.
*/
const typeTranslations: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map([['null_resource>terraform_data', new Map([['triggers', 'triggers_replace']])]]);

/**
Whether Terraform can carry out a move from one resource type to another: the built-in provider accepts only null_resource into terraform_data; another provider's capability is not known offline (`undefined`).
*/
export function crossTypeMoveSupported(fromType: string, toType: string): boolean | undefined {
	if (toType === 'terraform_data') {
		return fromType === 'null_resource';
	}

	return undefined;
}

const metaArguments = new Set(['count', 'for_each', 'provider', 'depends_on', 'lifecycle', 'provisioner', 'connection']);

function managedInstances(workspace: Workspace): ResourceInstance[] {
	return [...workspace.instances.resourceInstances.values()].filter(instance => instance.address.mode === 'managed');
}

/**
The arguments an instance's configuration sets, with the source text of each (to tell two unknown values apart).
*/
function configuredArguments(instance: ResourceInstance, sources: ReadonlyMap<string, string>): ReadonlyMap<string, string> {
	// Every instance of a block has the same arguments: read them once per block (ranges are computed on demand, offsets are not).
	const {block} = instance.resource;
	const cached = argumentsOfBlock.get(block);
	if (cached) {
		return cached;
	}

	const names = new Map<string, string>();
	const text = sources.get(block.block.range.filename) ?? '';
	const textOf = (node: Parameters<typeof startOf>[0]): string => text.slice(startOf(node), endOf(node));
	for (const item of block.body.items) {
		if (item.kind === 'Attribute') {
			if (!metaArguments.has(item.name)) {
				names.set(item.name, textOf(item.expression));
			}
		} else {
			const name = item.type === 'dynamic' ? item.labels[0] : item.type;
			if (name !== undefined && !metaArguments.has(name)) {
				names.set(name, (names.get(name) ?? '') + textOf(item));
			}
		}
	}

	argumentsOfBlock.set(block, names);
	return names;
}

const argumentsOfBlock = new WeakMap<ResourceInstance['resource']['block'], ReadonlyMap<string, string>>();

function attributeOf(value: Value, name: string): Value | undefined {
	const [bare] = unmark(value);
	return bare.kind === 'object' ? bare.attributes.get(name) : undefined;
}

/**
The arguments whose values differ between two instances (see AttributeChange).
*/
export function compareArguments(before: ResourceInstance, beforeSources: ReadonlyMap<string, string>, after: ResourceInstance, afterSources: ReadonlyMap<string, string>, evaluators?: ArgumentEvaluators): AttributeChange[] {
	// A move across resource types: the old object's state as the new type's provider translates it.
	const renamed = before.address.type === after.address.type ? undefined : typeTranslations.get(`${before.address.type}>${after.address.type}`);
	const oldArguments = new Map<string, string>();
	const oldNames = new Map<string, string>();
	for (const [name, text] of configuredArguments(before, beforeSources)) {
		const translated = renamed ? renamed.get(name) : name;
		if (translated !== undefined) {
			oldArguments.set(translated, text);
			oldNames.set(translated, name);
		}
	}

	const newArguments = configuredArguments(after, afterSources);
	const changes: AttributeChange[] = [];
	const names = [...new Set([...oldArguments.keys(), ...newArguments.keys()])].sort();
	for (const name of names) {
		const oldValue = oldArguments.has(name) ? attributeOf(before.value, oldNames.get(name)!) : undefined;
		const newValue = newArguments.has(name) ? attributeOf(after.value, name) : undefined;
		const isNull = (value: Value | undefined): boolean => value === undefined || unmark(value)[0].kind === 'null';
		if (isNull(oldValue) && isNull(newValue)) {
			continue;
		}

		// An argument written as null is not set: a schema makes an optional and computed one unknown, which is no change from leaving it out (`region = var.region` with the variable null).
		const writtenNull = (value: Value | undefined, text: string | undefined, evaluate: ((text: string) => Value) | undefined): boolean => value !== undefined && !isWhollyKnown(value) && text !== undefined && evaluate !== undefined && unmark(evaluate(text))[0].kind === 'null';
		if (isNull(oldValue)) {
			if (!writtenNull(newValue, newArguments.get(name), evaluators?.after)) {
				changes.push({name, kind: 'added', after: newValue!});
			}

			continue;
		}

		if (isNull(newValue)) {
			if (!writtenNull(oldValue, oldArguments.get(name), evaluators?.before) && !keptByProvider(after, name)) {
				changes.push({name, kind: 'removed', before: oldValue!});
			}

			continue;
		}

		const oldKnown = isWhollyKnown(oldValue!);
		const newKnown = isWhollyKnown(newValue!);
		if (oldKnown && newKnown) {
			leafChanges(name, oldValue!, newValue!, changes);
		} else if (oldKnown) {
			changes.push({name, kind: 'unknown', before: oldValue!, after: newValue!});
		} else if (oldArguments.get(name) !== newArguments.get(name) && !sameResidual(before, beforeSources, oldNames.get(name)!, after, afterSources, name, evaluators)) {
			changes.push({name, kind: 'maybe', before: oldValue!, after: newValue!});
		}
	}

	return changes;
}

/**
An optional and computed attribute left out (or written as null) keeps the value the provider has: Terraform plans the prior state's value for it, so removing one from the configuration changes nothing (aws_vpc's `enable_network_address_usage_metrics`). Known only with a schema.
*/
function keptByProvider(instance: ResourceInstance, name: string): boolean {
	const attribute = instance.resource.schema?.block.attributes.get(name);
	return attribute?.optional === true && attribute.computed === true;
}

function attributeExpression(instance: ResourceInstance, name: string): Expression | undefined {
	for (const item of instance.resource.block.body.items) {
		if (item.kind === 'Attribute' && item.name === name) {
			return item.expression;
		}
	}

	return undefined;
}

/**
Two arguments unknown on both sides and written differently are still the same value when what they read, once each instance's known conditions have chosen their branches, is the same (residual.ts).
*/
function sameResidual(before: ResourceInstance, beforeSources: ReadonlyMap<string, string>, beforeName: string, after: ResourceInstance, afterSources: ReadonlyMap<string, string>, afterName: string, evaluators: ArgumentEvaluators | undefined): boolean {
	const oldExpression = attributeExpression(before, beforeName);
	const newExpression = attributeExpression(after, afterName);
	if (!evaluators || !oldExpression || !newExpression) {
		return false;
	}

	const oldSource = beforeSources.get(before.resource.block.block.range.filename) ?? '';
	const newSource = afterSources.get(after.resource.block.block.range.filename) ?? '';
	return residualForm(oldExpression, oldSource, evaluators.before) === residualForm(newExpression, newSource, evaluators.after);
}

/**
Evaluate an argument's expression in the scope of the instance on each side.
*/
export type ArgumentEvaluators = {readonly before: (text: string) => Value; readonly after: (text: string) => Value};

const identifier = /^[A-Za-z_][\w-]*$/;

/**
The differences inside two known values, by path (`input.size`, `tags["Cost Center"]`, `ports[1]`): objects and maps key by key, lists and tuples of the same length element by element; sensitive values are compared whole.
*/
function leafChanges(name: string, before: Value, after: Value, changes: AttributeChange[]): void {
	if (rawEquals(unmarkDeep(before), unmarkDeep(after))) {
		return;
	}

	const [a, aMarks] = unmark(before);
	const [b, bMarks] = unmark(after);
	const sensitive = (aMarks?.has('sensitive') ?? false) || (bMarks?.has('sensitive') ?? false);
	if (!sensitive && (a.kind === 'object' || a.kind === 'map') && (b.kind === 'object' || b.kind === 'map')) {
		const oldEntries = a.kind === 'object' ? a.attributes : a.entries;
		const newEntries = b.kind === 'object' ? b.attributes : b.entries;
		for (const key of [...new Set([...oldEntries.keys(), ...newEntries.keys()])].sort()) {
			const path = identifier.test(key) ? `${name}.${key}` : `${name}[${JSON.stringify(key)}]`;
			const oldEntry = oldEntries.get(key);
			const newEntry = newEntries.get(key);
			if (oldEntry === undefined) {
				changes.push({name: path, kind: 'added', after: newEntry!});
			} else if (newEntry === undefined) {
				changes.push({name: path, kind: 'removed', before: oldEntry});
			} else {
				leafChanges(path, oldEntry, newEntry, changes);
			}
		}

		return;
	}

	if (!sensitive && (a.kind === 'list' || a.kind === 'tuple') && (b.kind === 'list' || b.kind === 'tuple') && a.elements.length === b.elements.length) {
		for (const [index, element] of a.elements.entries()) {
			leafChanges(`${name}[${index}]`, element, b.elements[index]!, changes);
		}

		return;
	}

	changes.push({name, kind: 'changed', before, after});
}

function unmarkDeep(value: Value): Value {
	// rawEquals ignores marks already; the top-level unmark keeps sensitive values comparable.
	return unmark(value)[0];
}

function expansionKeys(expansion: Expansion): string[] | undefined {
	switch (expansion.mode) {
		case 'single': {
			return [''];
		}

		case 'count': {
			return Array.from({length: expansion.count}, (_, index) => `[${index}]`);
		}

		case 'for_each': {
			return [...expansion.entries.keys()].map(key => `[${JSON.stringify(key)}]`);
		}

		default: {
			return undefined;
		}
	}
}

function compareExpansions(address: string, kind: 'resource' | 'module', before: Expansion | undefined, after: Expansion | undefined): ExpansionChange | undefined {
	if (!before || !after) {
		return undefined;
	}

	const oldKeys = expansionKeys(before);
	const newKeys = expansionKeys(after);
	// The no-key instance of a single block is named by the mode change itself (`single → count = 2`).
	const addedKeys = oldKeys && newKeys ? newKeys.filter(key => key !== '' && !oldKeys.includes(key)) : [];
	const removedKeys = oldKeys && newKeys ? oldKeys.filter(key => key !== '' && !newKeys.includes(key)) : [];
	const modeChanged = before.mode !== after.mode;
	const becameUnknown = after.mode === 'unknown' && before.mode !== 'unknown';
	if (!modeChanged && addedKeys.length === 0 && removedKeys.length === 0) {
		return undefined;
	}

	return {
		address, kind, before: describeExpansion(before), after: describeExpansion(after), addedKeys, removedKeys, becameUnknown,
	};
}

type UnknownScope = {readonly module: string; readonly call?: string; readonly resource?: string};

/**
Compares two loaded Workspaces: `from` (before) and `to` (after).
*/
export function diffWorkspaces(from: Workspace, to: Workspace): WorkspaceDiff {
	const oldInstances = managedInstances(from);
	const newInstances = new Map(managedInstances(to).map(instance => [instance.text, instance]));
	const oldByText = new Map(oldInstances.map(instance => [instance.text, instance]));

	// The previous state: one object per old managed instance.
	const objects: StateObject[] = oldInstances.map(instance => ({address: instance.address, origin: instance.text}));
	const explicit = findMoveStatements(to.moduleTree);
	const implied = impliedMoveStatements(objects, resourceConfigurations(to.moduleTree), explicit);
	const moveResult = applyMoves(objects, [...explicit, ...implied]);

	// Where the new configuration cannot say which instances exist yet.
	const unknownScopes: UnknownScope[] = [];
	const expansions: ExpansionChange[] = [];
	const oldResources = from.instances.resources;
	for (const [address, expansion] of to.instances.resources) {
		if (expansion.expansion.mode === 'unknown') {
			unknownScopes.push({module: expansion.moduleInstance.text, resource: formatResourceInstance({...expansion.address, module: [], key: noKey})});
		}

		const change = compareExpansions(address, 'resource', oldResources.get(address)?.expansion, expansion.expansion);
		if (change) {
			expansions.push(change);
		}
	}

	const oldCalls = new Map<string, Expansion>();
	for (const instance of from.instances.moduleInstances.values()) {
		for (const call of instance.calls) {
			oldCalls.set(`${instance.text === '' ? '' : `${instance.text}.`}module.${call.call.name}`, call.expansion);
		}
	}

	for (const instance of to.instances.moduleInstances.values()) {
		for (const call of instance.calls) {
			const address = `${instance.text === '' ? '' : `${instance.text}.`}module.${call.call.name}`;
			if (call.expansion.mode === 'unknown') {
				unknownScopes.push({module: instance.text, call: call.call.name});
			}

			const change = compareExpansions(address, 'module', oldCalls.get(address), call.expansion);
			if (change) {
				expansions.push(change);
			}
		}
	}

	const isUndetermined = (address: ResourceInstanceAddress): boolean => unknownScopes.some(scope => {
		if (scope.resource !== undefined) {
			return formatModuleInstance(address.module) === scope.module && formatResourceInstance({...address, module: [], key: noKey}) === scope.resource;
		}

		for (let length = 0; length < address.module.length; length++) {
			if (address.module[length]!.name === scope.call && formatModuleInstance(address.module.slice(0, length)) === scope.module) {
				return true;
			}
		}

		return false;
	});

	const removedBlocks = removedStatements(to.moduleTree);
	const imports = importTargets(to);
	// Instances of a module instance the change leaves alone are the same on both sides: their values are not evaluated (unchanged.ts).
	const isUnchanged = unchangedModuleInstances(from, to);
	const changes: InstanceChange[] = [];
	const undetermined: string[] = [];
	const unchanged: string[] = [];
	const inState = new Set<string>();
	for (const object of objects) {
		const address = formatResourceInstance(object.address);
		inState.add(address);
		const move = moveResult.moved.get(address);
		const originType = move && oldByText.get(object.origin)!.address.type;
		const moveInfo = move && {
			implied: move.statement.implied,
			from: endpointText(move.statement.from),
			to: endpointText(move.statement.to),
			...(move.statement.range && {range: move.statement.range}),
			...(originType !== object.address.type && {acrossTypes: {supported: crossTypeMoveSupported(originType!, object.address.type)}}),
		};
		const previous = move ? {previousAddress: move.from, move: moveInfo!} : {};
		const current = newInstances.get(address);
		const base = {address, type: object.address.type, moduleInstance: formatModuleInstance(object.address.module)};
		if (current && !move && isUnchanged(base.moduleInstance)) {
			unchanged.push(address);
			continue;
		}

		if (current) {
			const attributes = compareArguments(oldByText.get(object.origin)!, from.sources, current, to.sources, {
				before: text => from.evaluateAt(text, object.origin).value,
				after: text => to.evaluateAt(text, address).value,
			});
			const replacing = replacingArguments.get(object.address.type);
			const action: Action = attributes.length === 0 ? 'no-op' : (attributes.some(change => replacing?.has(/^[^.[]+/.exec(change.name)![0])) ? 'replace' : 'update');
			if (action === 'no-op' && !move) {
				unchanged.push(address);
				continue;
			}

			changes.push({...base, ...previous, action, attributes});
			continue;
		}

		if (isUndetermined(object.address)) {
			undetermined.push(address);
			continue;
		}

		const removed = removedBlocks.find(statement => statement.matches(object.address));
		const resource = findModuleNode(to.moduleTree, object.address.module.map(step => step.name))?.module.resources.get(`${object.address.type}.${object.address.name}`);
		// A resource still configured with `lifecycle { destroy = false }` (Terraform 1.16, OpenTofu 1.12) forgets the instances it no longer has.
		const kept = !removed && resource?.lifecycle.destroy === false;
		changes.push({
			...base,
			...previous,
			action: (removed && !removed.destroy) || kept ? 'forget' : 'delete',
			reason: removed ? 'removed-block' : (kept ? 'lifecycle-destroy' : (resource ? 'no-instance' : 'no-configuration')),
			...(removed && {removedBlock: removed.range}),
			...(kept && resource.lifecycle.range && {removedBlock: resource.lifecycle.range}),
			attributes: [],
		});
	}

	for (const [address, instance] of newInstances) {
		if (inState.has(address)) {
			continue;
		}

		const imported = imports.get(address);
		changes.push({
			address,
			type: instance.address.type,
			moduleInstance: formatModuleInstance(instance.address.module),
			action: imported ? 'no-op' : 'create',
			...(imported && {importing: imported}),
			attributes: [],
		});
	}

	changes.sort((a, b) => compareAddressText(a.address, b.address));
	const oldModules = new Set(from.instances.moduleInstances.keys());
	const newModules = new Set(to.instances.moduleInstances.keys());
	const created = [...newModules].filter(address => !oldModules.has(address));
	const deleted = new Set([...oldModules].filter(address => !newModules.has(address)));
	const moduleInstances: ModuleInstanceChange[] = [];
	const movedInto = new Map<string, Set<string>>();
	for (const change of changes) {
		if (change.previousAddress !== undefined) {
			const origins = movedInto.get(change.moduleInstance) ?? new Set();
			origins.add(moduleOf(change.previousAddress));
			movedInto.set(change.moduleInstance, origins);
		}
	}

	for (const address of created) {
		const origins = movedInto.get(address) ?? new Set();
		const origin = origins.size === 1 ? [...origins][0]! : undefined;
		if (origin !== undefined && deleted.has(origin)) {
			deleted.delete(origin);
			moduleInstances.push({address, action: 'move', from: origin});
		} else {
			moduleInstances.push({address, action: 'create'});
		}
	}

	moduleInstances.push(...[...deleted].map(address => ({address, action: 'delete' as const})));
	moduleInstances.sort((a, b) => compareAddressText(a.address, b.address));
	return {
		changes,
		unchanged: unchanged.sort(compareAddressText),
		moduleInstances,
		expansions: expansions.sort((a, b) => compareAddressText(a.address, b.address)),
		renames: suggestRenames(changes, {from, to}),
		undetermined: undetermined.sort(compareAddressText),
		blockedMoves: moveResult.blocked,
		cyclicMoves: moveResult.cyclic,
		invocations: plannedInvocations(to, changes),
		blockChanges: blockChanges(from, to),
	};
}

function moduleOf(address: string): string {
	const parsed = parseAddress(address);
	return parsed.ok && parsed.address.kind === 'resource' ? formatModuleInstance(parsed.address.resource.module) : '';
}

/**
Address order: segment by segment, numeric keys as numbers.
*/
export function compareAddressText(a: string, b: string): number {
	return addressCollator.compare(a, b);
}

const addressCollator = new Intl.Collator('en', {numeric: true});

type RemovedStatement = {
	readonly destroy: boolean;
	readonly range: Range;
	readonly matches: (address: ResourceInstanceAddress) => boolean;
};

/**
The `removed` blocks of every module: `from` is a resource or a module call relative to the declaring module (no instance keys), and selects every instance of it in every instance of that module.
*/
function removedStatements(root: ModuleNode): RemovedStatement[] {
	const statements: RemovedStatement[] = [];
	for (const node of walkModuleTree(root)) {
		for (const block of node.module.removed) {
			const text = traversalText(block.from);
			const parsed = text === undefined ? undefined : parseAddress(text);
			if (!parsed?.ok) {
				continue;
			}

			const declaring = node.path;
			const steps = parsed.address.kind === 'module' ? parsed.address.module : parsed.address.resource.module;
			const modulePath = [...declaring, ...steps.map(step => step.name)];
			const resource = parsed.address.kind === 'resource' ? parsed.address.resource : undefined;
			statements.push({
				destroy: block.destroy,
				range: block.range,
				matches(address) {
					const names = address.module.map(step => step.name);
					if (resource) {
						return names.length === modulePath.length && names.every((name, index) => name === modulePath[index]) && address.type === resource.type && address.name === resource.name && address.mode === resource.mode;
					}

					return names.length >= modulePath.length && modulePath.every((name, index) => names[index] === name);
				},
			});
		}
	}

	return statements;
}

export type {MoveStatement};
