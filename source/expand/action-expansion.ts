import type {ActionBlock} from '../config/module.js';
import {createScope, type Scope} from '../lang/eval/scope.js';
import {nullValue, unknownValue, type Value} from '../lang/values.js';
import type {InstanceKey} from './addresses.js';
import {evaluateBody} from './dynamic-blocks.js';
import {type Context, report} from './expand-context.js';
import {type Expansion, type RepetitionData, expansionInstances} from './expansion.js';
import type {ActionExpansion, ActionInstance, ModuleInstance} from './instance-tree.js';

/*
`action` blocks (Terraform 1.14+) in one module instance: expanded by their own `count`/`for_each` in the module's scope (node_action.go recordActionExpansion at v1.16), one instance per key, addressed `action.TYPE.NAME[KEY]` (internal/addrs/action.go). An action is never in the state and never planned as a change: its `config` is evaluated when a resource's change triggers it, with `count.index`/`each` of the action's instance and `caller` (and `self`) the triggering resource's object (lang/eval.go EvalActionBlock). tfscope evaluates it once per instance with `caller` unknown, since several resources, and several instances of each, may trigger it.
*/

/**
What an action expansion needs of its module instance.
*/
export type ActionHost = ModuleInstance & {
	scope(repetition?: RepetitionData, self?: Value, impure?: boolean): Scope;
	expansionOf(kind: 'resource', key: string, block: ActionBlock): Expansion;
};

export class ActionExpansionImpl implements ActionExpansion {
	readonly block: ActionBlock;
	readonly text: string;
	readonly moduleInstance: ModuleInstance;
	readonly expansion: Expansion;
	readonly instances: readonly ActionInstance[];
	readonly #context: Context;
	readonly #host: ActionHost;

	constructor(context: Context, host: ActionHost, block: ActionBlock) {
		this.#context = context;
		this.#host = host;
		this.block = block;
		this.moduleInstance = host;
		this.text = host.text === '' ? block.key : `${host.text}.${block.key}`;
		// Memoised with the resources' expansions, under a key no resource has (`action.TYPE.NAME`, three parts).
		this.expansion = host.expansionOf('resource', block.key, block);
		const {keys, repetitions, suffixes} = expansionInstances(this.expansion);
		this.instances = keys.map((key, index) => new ActionInstanceImpl(this, key, repetitions[index]!, block.key + suffixes[index]!, host.text));
	}

	get triggeredBy(): ReadonlyArray<{readonly resource: string; readonly events: readonly string[]}> {
		const found: Array<{resource: string; events: string[]}> = [];
		for (const resource of this.#host.node.module.resources.values()) {
			const events = new Set<string>();
			for (const trigger of resource.lifecycle.actionTriggers ?? []) {
				if (trigger.actions.some(action => action.key === this.block.key)) {
					for (const event of trigger.events) {
						events.add(event);
					}
				}
			}

			if (events.size > 0) {
				found.push({resource: this.#host.text === '' ? resource.key : `${this.#host.text}.${resource.key}`, events: [...events]});
			}
		}

		return found;
	}

	/**
	The scope of one instance's `config`.
	*/
	scopeOf(repetition: RepetitionData, impure = false): Scope {
		const {caller} = this.block;
		return actionScope(this.#host.scope(repetition, caller ? unknownValue() : undefined, impure), caller === true);
	}

	/**
	The value of one instance's `config`.
	*/
	evaluate(repetition: RepetitionData): Value {
		const {config} = this.block;
		if (!config) {
			return nullValue();
		}

		const {object} = evaluateBody(config, this.scopeOf(repetition), {
			report: diagnostics => {
				report(this.#context, diagnostics);
			},
			nestedNullAsUnknown: true,
		});
		return object;
	}
}

class ActionInstanceImpl implements ActionInstance {
	readonly text: string;
	readonly key: InstanceKey;
	readonly action: ActionExpansionImpl;
	readonly repetition: RepetitionData;
	#value: Value | undefined;

	constructor(action: ActionExpansionImpl, key: InstanceKey, repetition: RepetitionData, local: string, module: string) {
		this.action = action;
		this.key = key;
		this.repetition = repetition;
		this.text = module === '' ? local : `${module}.${local}`;
	}

	get value(): Value {
		this.#value ??= this.action.evaluate(this.repetition);
		return this.#value;
	}

	get scope(): Scope {
		return this.action.scopeOf(this.repetition);
	}
}

/**
The scope of an action's `config`: the module instance's, where `caller.ATTRIBUTE` (Terraform 1.16) is the triggering resource's object, unknown here. The reference parser reads `caller.x` as a resource of type `caller`, which no provider has.
*/
function actionScope(scope: Scope, caller: boolean): Scope {
	if (!caller) {
		return scope;
	}

	return createScope({
		resolveReference: reference => {
			const {subject} = reference;
			return subject.kind === 'resource' && subject.mode === 'managed' && subject.type === 'caller'
				? {value: unknownValue(), diagnostics: []}
				: scope.resolveReference(reference);
		},
		functions: scope.functions,
		functionNames: scope.functionNames,
		functionContext: scope.functionContext,
	});
}
