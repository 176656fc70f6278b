import {type Diagnostic, warningDiagnostic} from '../hcl/diagnostics.js';
import {type ModuleNode, walkModuleTree} from '../config/module-tree.js';
import type {State} from '../config/state.js';
import type {RawVariableValue} from '../config/tfvars.js';
import type {Value} from '../lang/values.js';
import type {MismatchWording} from '../lang/convert.js';
import type {FunctionFilesystem, FunctionSpec} from '../lang/function.js';
import type {Scope} from '../lang/eval/scope.js';
import {noRepetition} from './expansion.js';
import type {
	ActionInstance, InstanceTree, ListInstance, ModuleCallExpansion, ModuleInstance, PartialInstanceTree, ResourceExpansion, ResourceInstance,
} from './instance-tree.js';
import type {ActionExpansionImpl} from './action-expansion.js';
import type {ListExpansionImpl} from './list-expansion.js';
import {AddressIndex} from './address-index.js';
import type {Assumption} from './assumptions.js';
import {type CauseReport, describeCause} from './unknown-causes.js';
import {InstanceInvariance} from './instance-invariance.js';
import {providerConstraints} from '../schema/resource-schema.js';
import type {SchemaSet} from '../schema/schema-set.js';
import type {RemoteStateDecryption, RemoteStateReader} from '../schema/remote-state.js';
import {type Context, report} from './expand-context.js';
import {ModuleInstanceImpl} from './module-instance.js';
import {ResourceExpansionImpl} from './resource-expansion.js';

/*
Expands the static module tree into module and resource instances. Everything is evaluated on demand and memoised: expanding a block evaluates its count/for_each, which may read locals, variables, other resources or module outputs, which evaluate in turn. A value that depends on itself is a cycle: a diagnostic names every member, and the value is unknown.

This file is the entry (options, the stepwise expansion of the tree); beside it: expand-context.ts (what one expansion shares), memo.ts (memoised values and cycle reports), instance-limits.ts (the caps on instances), collection-values.ts (the value of a repeated block), module-instance.ts (a module instance: its scope, variables, locals, outputs, expansions, checks), resource-expansion.ts and resource-instance.ts.
*/

export type ExpandOptions = {
	readonly rootDirectory: string;
	readonly cwd: string;
	/**
	`path.cwd`: the directory tfscope was started in, before any `--chdir` (default `cwd`).
	*/
	readonly startDirectory?: string;
	readonly workspaceName: string;
	readonly rootVariables: ReadonlyMap<string, RawVariableValue>;
	readonly state: State;
	/**
	Reads a state file for `terraform_remote_state` with the local backend (schema/remote-state.ts); absent: remote state is never read.
	*/
	readonly readRemoteState?: RemoteStateReader;
	/**
	How an OpenTofu encrypted state that `terraform_remote_state` reads is decrypted (the configuration's `remote_state_data_sources` target); absent, it is not.
	*/
	readonly remoteStateDecryption?: RemoteStateDecryption;
	readonly functions: (name: string) => FunctionSpec | undefined;
	readonly functionNames: () => readonly string[];
	readonly filesystem?: FunctionFilesystem;
	/**
	How type mismatches are worded (LanguageRules.mismatchWording); absent, as Terraform 1.11 words them.
	*/
	readonly mismatchWording?: MismatchWording;
	/**
	LanguageRules.equalsNullShallowMarks; absent, as Terraform 1.11.
	*/
	readonly equalsNullShallowMarks?: boolean;
	/**
	What-if values (`--assume`): consulted where resource instance values and input variables are made.
	*/
	readonly assumptions?: readonly Assumption[];
	/**
	Provider schemas: resource values get the shape Terraform gives them, and bodies are checked as `terraform validate` checks them (default: the built-in `terraform` provider's only).
	*/
	/**
	Terraform 1.14+ (`events`; 1.16 `destroy-events`): `action` is a reserved root in references, and `action_trigger` items are checked against the action instances.
	*/
	readonly actions?: 'events' | 'destroy-events';
	/**
	Terraform 1.13+: `list` is a reserved root in references (`list.TYPE.NAME`, a query file's list block; see ModuleValues.listsReserved).
	*/
	readonly listsReserved?: boolean;
	readonly schemas?: SchemaSet;
	/**
	A saved plan's value of a resource instance laid over the computed one, by its address text (plan/overlay.ts `plannedValueOver`), or undefined where the plan has none: it replaces the computed value (assumptions do not apply to it), so everything downstream evaluates with the plan's values.
	*/
	readonly planned?: (address: string, computed: Value) => Value | undefined;
};

/**
A module instance, a resource instance (with its `count`/`each`/`self`), or the inputs of a module instance: its parent's scope with its own `count`/`each` (where a module call's arguments are evaluated).
*/
export type ScopeTarget =
	| {readonly kind: 'module'; readonly instance: ModuleInstance}
	| {readonly kind: 'resource'; readonly instance: ResourceInstance}
	| {readonly kind: 'action'; readonly instance: ActionInstance}
	| {readonly kind: 'list'; readonly instance: ListInstance}
	| {readonly kind: 'inputs'; readonly instance: ModuleInstance};

export type Expanded = {
	readonly tree: InstanceTree;
	readonly diagnostics: Diagnostic[];
	/**
	Evaluates every value (variables, locals, outputs, resource instances, conditions) so every diagnostic is found.
	*/
	evaluateAll(): void;
	/**
	The scope of a module instance or resource instance, for the console (`impure`: real values for timestamp(), uuid()).
	*/
	scopeOf(target: ScopeTarget, impure: boolean): Scope;
};

/**
How far the expansion is: module instances visited (their resources expanded) and resource instances made so far.
*/
export type ExpandProgress = {
	readonly moduleInstances: number;
	readonly resourceInstances: number;
	/**
	What the walk has made so far (the same object at every step).
	*/
	readonly partial: PartialInstanceTree;
};

/**
Expands the module tree one resource block at a time: each `next()` does a small step and yields the progress so far, so a caller can give the event loop a turn between steps (the explorer's loading screen); the generator's return value is the expansion (`loadWorkspace` drives it in time slices).
*/
export function* expandModuleTreeSteps(root: ModuleNode, options: ExpandOptions): Generator<ExpandProgress, Expanded, void> {
	const context: Context = {
		options,
		diagnostics: [],
		seen: new Set(),
		stack: [],
		conditions: [],
		conditionsSeen: new Map(),
		moduleInstances: new Map(),
		moduleInstanceCount: 0,
		resourceInstanceCount: 0,
		causes: new Map(),
		providerConstraints: providerConstraints([...walkModuleTree(root)].map(node => node.module.terraform)),
		schemaOfBlock: new Map(),
		schemaOfType: new Map(),
		nested: {invariance: new InstanceInvariance(root, options.assumptions?.some(assumption => assumption.target.kind === 'variable' && assumption.target.module.length > 0) ?? false), perInstance: new Map()},
	};
	const rootInstance = new ModuleInstanceImpl(context, root, [], undefined, noRepetition);
	const moduleInstances = new Map<string, ModuleInstance>();
	// Indexed by address on the first lookup, not while expanding (see AddressIndex).
	const resourceInstances = new AddressIndex<ResourceInstance>();
	const resources = new AddressIndex<ResourceExpansion>();
	// What each module instance reached has had expanded by the walk, for `partial`: read only, never computed there.
	const walkedResources = new Map<ModuleInstance, readonly ResourceExpansion[]>();
	const walkedCalls = new Map<ModuleInstance, readonly ModuleCallExpansion[]>();
	const partial: PartialInstanceTree = {
		root: rootInstance,
		moduleInstances,
		resourcesOf: instance => walkedResources.get(instance),
		callsOf: instance => walkedCalls.get(instance),
	};
	const progress = (): ExpandProgress => ({moduleInstances: moduleInstances.size, resourceInstances: resourceInstances.size, partial});
	// Depth-first, in the same order as a recursive walk: resources of an instance (sorted), then its calls (sorted by name), each instance in turn.
	function * visit(instance: ModuleInstanceImpl): Generator<ExpandProgress, void, void> {
		moduleInstances.set(instance.text, instance);
		// Each block expanded in declaration order (as `instance.resources` does), a step each; then recorded in address order.
		const expanded: ResourceExpansionImpl[] = [];
		for (const key of instance.node.module.resources.keys()) {
			expanded.push(instance.resourceExpansion(key));
			yield progress();
		}

		walkedResources.set(instance, [...expanded]);
		const sorted = expanded.sort((a, b) => (a.text < b.text ? -1 : (a.text > b.text ? 1 : 0)));
		resources.add(sorted);
		for (const resource of sorted) {
			resourceInstances.add(resource.instances);
		}

		yield progress();

		const inSourceOrder = instance.calls;
		walkedCalls.set(instance, inSourceOrder);
		const calls = [...inSourceOrder].sort((a, b) => (a.call.name < b.call.name ? -1 : (a.call.name > b.call.name ? 1 : 0)));
		for (const call of calls) {
			for (const child of call.instances) {
				yield * visit(child as ModuleInstanceImpl);
			}
		}
	}

	yield * visit(rootInstance);
	const unknownCauseReports: CauseReport[] = [...context.causes.values()];
	const tree: InstanceTree = {
		root: rootInstance, moduleInstances, resourceInstances, resources, conditions: context.conditions, unknownCauses: unknownCauseReports,
	};
	let evaluated = false;
	return {
		tree,
		diagnostics: context.diagnostics,
		evaluateAll() {
			if (!evaluated) {
				evaluated = true;
				rootInstance.evaluateAll();
				// Causes whose blocks Terraform's plan would stop on are warnings; a data source read at plan, an unset variable (an error of its own), or an unknown no reference explains (mostly an error upstream) is a note in `check`.
				report(context, unknownCauseReports.filter(entry => entry.cause.when === 'apply').map(entry => {
					const {summary, detail} = describeCause(entry);
					return warningDiagnostic(summary, detail, entry.cause.range);
				}));
			}
		},
		scopeOf(target, impure) {
			if (target.kind === 'module') {
				return (target.instance as ModuleInstanceImpl).scope(noRepetition, undefined, impure);
			}

			if (target.kind === 'inputs') {
				const parent = target.instance.parent as ModuleInstanceImpl | undefined;
				return parent ? parent.scope(target.instance.repetition, undefined, impure) : (target.instance as ModuleInstanceImpl).scope(noRepetition, undefined, impure);
			}

			if (target.kind === 'action') {
				// The scope its `config` is evaluated in: the action's own count.index/each, caller unknown.
				return (target.instance.action as ActionExpansionImpl).scopeOf(target.instance.repetition, impure);
			}

			if (target.kind === 'list') {
				return (target.instance.list as ListExpansionImpl).scopeOf(target.instance.repetition, impure);
			}

			const instance = target.instance;
			return (instance.resource.moduleInstance as ModuleInstanceImpl).scope(instance.repetition, instance.value, impure);
		},
	};
}

export {maximumModuleInstances} from './instance-limits.js';
