import type {ActionTrigger} from '../config/module.js';
import type {Expression} from '../hcl/ast.js';
import {formatKey, type InstanceKey} from '../expand/addresses.js';
import type {ActionExpansion, ModuleInstance, ResourceInstance} from '../expand/instance-tree.js';
import {evaluate} from '../lang/eval/evaluate.js';
import type {Scope} from '../lang/eval/scope.js';
import {rawEquals} from '../lang/operations.js';
import {referenceChainOf} from '../lang/references.js';
import {isWhollyKnown, unmark, type Value} from '../lang/values.js';
import type {Workspace} from '../workspace.js';
import type {AttributeChange, InstanceChange} from './compare.js';

/*
Actions and query list blocks in a diff (Terraform 1.14+). Neither is planned as a change: an action is not in the state, and a list block is read only by `terraform query`. What a plan does with actions is invoke them, for the resource changes that trigger them: hashicorp/terraform v1.16 (fcd4f21) internal/terraform/node_resource_abstract_instance.go planActionTriggers (a `condition` known to be false plans nothing; each event the change triggers, then each item of `actions`, is one invocation), node_resource_plan_instance.go eventsForPlannedAction (create and replace: `before_create`/`after_create`; update: `before_update`/`after_update`; delete and replace: `before_destroy`/`after_destroy`, events only 1.16 has), the orphan and destroy nodes getting the triggers of their resource's configuration (transform_attach_config_resource.go: a resource removed from the configuration has none), and the plan JSON's `action_invocations` (command/jsonplan/action_invocations.go, sorted by ActionInvocationCompare: triggering resource, trigger block, list item). The plan's summary line adds "Actions: N to invoke." (command/jsonformat/plan.go).
What a reader of a configuration change also wants, and a plan never shows: the action and list blocks added, removed or changed, by instance, with their `config` (and a list's `limit`, `include_resource`) compared.
*/

export type ActionInvocation = {
	/**
	The action instance invoked, `module.a.action.TYPE.NAME[KEY]`; with an index not known before apply, `action.TYPE.NAME[*]`.
	*/
	readonly action: string;
	/**
	The resource instance whose change triggers it.
	*/
	readonly trigger: string;
	readonly event: string;
	/**
	Which `action_trigger` block of the resource's `lifecycle` (from 0), and which item of its `actions`.
	*/
	readonly blockIndex: number;
	readonly listIndex: number;
	/**
	Terraform 1.16's `on_failure` (`halt` when not set).
	*/
	readonly onFailure?: 'halt' | 'taint' | 'continue';
	/**
	The trigger's `condition` is not known before apply: the action runs only if it is true then.
	*/
	readonly conditional: boolean;
};

/**
An action or list block instance that comes, goes, or whose arguments change between the two sides.
*/
export type BlockChange = {
	readonly address: string;
	readonly kind: 'action' | 'list';
	readonly change: 'added' | 'removed' | 'changed';
	readonly attributes: readonly AttributeChange[];
};

type Events = 'events' | 'destroy-events';

/**
The events a planned change of a resource instance triggers (eventsForPlannedAction), in the order the trigger lists them.
*/
export function triggeredEvents(events: readonly string[], action: InstanceChange['action'], release: Events): string[] {
	return events.filter(event => {
		switch (event) {
			case 'before_create':
			case 'after_create': {
				return action === 'create' || action === 'replace';
			}

			case 'before_update':
			case 'after_update': {
				return action === 'update';
			}

			case 'before_destroy':
			case 'after_destroy': {
				return release === 'destroy-events' && (action === 'delete' || action === 'replace');
			}

			default: {
				return false;
			}
		}
	});
}

/**
The action instance an `actions` item names, its index evaluated in `scope` (evaluate_action_expression.go): undefined when it names no action of the module; `[*]` for an index not known.
*/
function invokedAction(expression: Expression, actions: ReadonlyMap<string, ActionExpansion>, scope: Scope): string | undefined {
	const chain = referenceChainOf(expression);
	const [type, name, index] = chain?.steps ?? [];
	if (chain?.root !== 'action' || type?.kind !== 'attribute' || name?.kind !== 'attribute') {
		return undefined;
	}

	const action = actions.get(`action.${type.name}.${name.name}`);
	if (!action) {
		return undefined;
	}

	if (index?.kind !== 'index') {
		return action.text;
	}

	const [key] = unmark(evaluate(index.key, scope).value);
	let instanceKey: InstanceKey | undefined;
	if (key.kind === 'number' && key.value.isInteger()) {
		instanceKey = {kind: 'int', value: key.value.toNumber()};
	} else if (key.kind === 'string') {
		instanceKey = {kind: 'string', value: key.value};
	}

	return instanceKey ? `${action.text}${formatKey(instanceKey)}` : `${action.text}[*]`;
}

/**
Whether a trigger's condition lets it run: `false` when known false (nothing planned), `'unknown'` when apply decides (or it cannot be evaluated here), `true` otherwise.
*/
function conditionHolds(trigger: ActionTrigger, scope: Scope): boolean | 'unknown' {
	if (!trigger.condition) {
		return true;
	}

	const {value, diagnostics} = evaluate(trigger.condition, scope);
	const [bare] = unmark(value);
	if (diagnostics.some(diagnostic => diagnostic.severity === 'error') || bare.kind !== 'bool') {
		return 'unknown';
	}

	return bare.value;
}

/**
The action invocations Terraform's plan would make for these resource changes of the `to` side.
*/
export function plannedInvocations(to: Workspace, changes: readonly InstanceChange[]): ActionInvocation[] {
	const release = to.language.rules.actions;
	if (!release) {
		return [];
	}

	const invocations: ActionInvocation[] = [];
	for (const change of changes) {
		const planned = change.importing && change.action === 'no-op' ? undefined : change.action;
		if (planned === undefined || planned === 'no-op' || planned === 'forget') {
			continue;
		}

		const found = triggersOf(to, change);
		if (!found) {
			continue;
		}

		const {triggers, module, scope} = found;
		const actions = new Map(module.actions.map(action => [action.block.key, action]));
		for (const [blockIndex, trigger] of triggers.entries()) {
			const events = triggeredEvents(trigger.events, planned, release);
			if (events.length === 0) {
				continue;
			}

			const holds = conditionHolds(trigger, scope);
			if (holds === false) {
				continue;
			}

			for (const event of events) {
				for (const [listIndex, item] of trigger.actions.entries()) {
					const action = invokedAction(item.expression, actions, scope);
					if (action !== undefined) {
						invocations.push({
							action, trigger: change.address, event, blockIndex, listIndex, ...(trigger.onFailure && {onFailure: trigger.onFailure}), conditional: holds === 'unknown',
						});
					}
				}
			}
		}
	}

	// ActionInvocationCompare; a stable sort keeps each trigger's events in order.
	return invocations.sort((a, b) => (a.trigger < b.trigger ? -1 : (a.trigger > b.trigger ? 1 : a.blockIndex - b.blockIndex || a.listIndex - b.listIndex)));
}

/**
The `action_trigger` blocks of a changed instance's resource in the `to` configuration, and where they are evaluated: the instance's own scope (with `count.index`/`each` and `self`); for an instance the new side no longer has but whose resource it still configures, its module instance's scope (Terraform evaluates it with the old key only).
*/
function triggersOf(to: Workspace, change: InstanceChange): {triggers: readonly ActionTrigger[]; module: ModuleInstance; scope: Scope} | undefined {
	const instance: ResourceInstance | undefined = to.instances.resourceInstances.get(change.address);
	if (instance) {
		const triggers = instance.resource.block.lifecycle.actionTriggers;
		return triggers ? {triggers, module: instance.resource.moduleInstance, scope: to.evaluationScope({kind: 'resource', instance})} : undefined;
	}

	const module = to.instances.moduleInstances.get(change.moduleInstance);
	const resourceKey = change.address.slice(change.moduleInstance === '' ? 0 : change.moduleInstance.length + 1).replace(/\[[^\]]*\]$/, '');
	const resource = module?.resources.find(candidate => candidate.block.key === resourceKey);
	const triggers = resource?.block.lifecycle.actionTriggers;
	return module && triggers ? {triggers, module, scope: to.evaluationScope({kind: 'module', instance: module})} : undefined;
}

/**
Action and list block instances that come, go or change between two sides, in address order.
*/
export function blockChanges(from: Workspace, to: Workspace): BlockChange[] {
	const changes: BlockChange[] = [];
	const compare = (kind: 'action' | 'list', before: ReadonlyMap<string, Value>, after: ReadonlyMap<string, Value>, prefix: string): void => {
		for (const [address, value] of after) {
			const old = before.get(address);
			if (old === undefined) {
				changes.push({address, kind, change: 'added', attributes: []});
				continue;
			}

			const attributes: AttributeChange[] = [];
			valueChanges(prefix, old, value, attributes);
			if (attributes.length > 0) {
				changes.push({address, kind, change: 'changed', attributes});
			}
		}

		for (const address of before.keys()) {
			if (!after.has(address)) {
				changes.push({address, kind, change: 'removed', attributes: []});
			}
		}
	};

	compare('action', actionValues(from), actionValues(to), 'config');
	compare('list', listValues(from), listValues(to), '');
	return changes.sort((a, b) => addressCollator.compare(a.address, b.address));
}

const addressCollator = new Intl.Collator('en', {numeric: true});

function actionValues(workspace: Workspace): Map<string, Value> {
	const values = new Map<string, Value>();
	for (const module of workspace.instances.moduleInstances.values()) {
		for (const action of module.actions) {
			for (const instance of action.instances) {
				values.set(instance.text, instance.value);
			}
		}
	}

	return values;
}

function listValues(workspace: Workspace): Map<string, Value> {
	const values = new Map<string, Value>();
	for (const list of workspace.instances.root.lists) {
		for (const instance of list.instances) {
			values.set(instance.text, instance.value);
		}
	}

	return values;
}

const identifier = /^[A-Za-z_][\w-]*$/;

/**
The differences between two values of a block, by path (`config.command`, `limit`): objects key by key; a value unknown on either side is a change only when it was known and no longer is.
*/
function valueChanges(name: string, before: Value, after: Value, changes: AttributeChange[]): void {
	const [a] = unmark(before);
	const [b] = unmark(after);
	const child = (key: string): string => {
		const step = identifier.test(key) ? key : `[${JSON.stringify(key)}]`;
		return name === '' ? step : (step.startsWith('[') ? `${name}${step}` : `${name}.${step}`);
	};

	if (a.kind === 'object' && b.kind === 'object') {
		for (const key of [...new Set([...a.attributes.keys(), ...b.attributes.keys()])].sort()) {
			const oldEntry = a.attributes.get(key);
			const newEntry = b.attributes.get(key);
			if (oldEntry === undefined || unmark(oldEntry)[0].kind === 'null') {
				if (newEntry !== undefined && unmark(newEntry)[0].kind !== 'null') {
					changes.push({name: child(key), kind: 'added', after: newEntry});
				}
			} else if (newEntry === undefined || unmark(newEntry)[0].kind === 'null') {
				changes.push({name: child(key), kind: 'removed', before: oldEntry});
			} else {
				valueChanges(child(key), oldEntry, newEntry, changes);
			}
		}

		return;
	}

	const oldKnown = isWhollyKnown(before);
	const newKnown = isWhollyKnown(after);
	if (oldKnown && newKnown) {
		if (!rawEquals(a, b)) {
			changes.push({name, kind: a.kind === 'null' ? 'added' : (b.kind === 'null' ? 'removed' : 'changed'), ...(a.kind !== 'null' && {before}), ...(b.kind !== 'null' && {after})});
		}
	} else if (oldKnown) {
		changes.push({name, kind: 'unknown', before, after});
	}
}
