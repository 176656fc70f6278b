import type {Scope} from '../lang/eval/scope.js';
import type {Range} from '../hcl/position.js';
import type {Expression} from '../hcl/ast.js';
import type {ActionBlock, ModuleCall, ProviderBlock, ProviderReference, ResourceBlock} from '../config/module.js';
import type {ModuleNode} from '../config/module-tree.js';
import type {Value} from '../lang/values.js';
import type {
	InstanceKey, ModuleInstanceAddress, ResourceAddress, ResourceInstanceAddress,
} from './addresses.js';
import type {Expansion, RepetitionData} from './expansion.js';
import type {CauseReport} from './unknown-causes.js';
import type {Assumption} from './assumptions.js';
import type {ResourceSchema} from '../schema/resource-schema.js';
import type {ListBlock} from '../config/query-file.js';

/*
The expanded configuration: module instances, each with its module calls and resources expanded into instances. Values are computed on first access and memoised (the `value`/`variable`/`local`/`output` accessors), so building the tree of a large configuration stays cheap; `evaluateAll` in expander.ts forces everything (the `check` command and the Workspace's diagnostics).
*/

export type ModuleInstance = {
	readonly address: ModuleInstanceAddress;
	/**
	`module.net["eu"]`; `''` for the root.
	*/
	readonly text: string;
	readonly key: InstanceKey;
	readonly node: ModuleNode;
	readonly parent?: ModuleInstance;
	readonly repetition: RepetitionData;
	/**
	Module calls of this instance, in source order.
	*/
	readonly calls: readonly ModuleCallExpansion[];
	/**
	Resources and data blocks of this instance, in source order.
	*/
	readonly resources: readonly ResourceExpansion[];
	/**
	`action` blocks of this instance (Terraform 1.14+), in source order.
	*/
	readonly actions: readonly ActionExpansion[];
	/**
	`list` blocks of the root module's query files (Terraform 1.14+, `*.tfquery.hcl`), in source order; none elsewhere.
	*/
	readonly lists: readonly ListExpansion[];
	/**
	Input variable value (converted to its type, default applied), local value, output value; undefined for an undeclared name.
	*/
	variable(name: string): Value | undefined;
	local(name: string): Value | undefined;
	output(name: string): Value | undefined;
	/**
	An expression of this module that no block stores the value of (an `import` block's `for_each`), evaluated in this instance's scope; the errors of the expression itself are not recorded (they are checked where the block is).
	*/
	valueOf(expression: Expression): Value;
	/**
	OpenTofu: the instance keys of a provider configuration with `for_each` in this module, sorted (none without it).
	*/
	providerKeys(provider: ProviderBlock): readonly string[];
	/**
	OpenTofu: the key of the provider instance an `aws.by_region[KEY]` reference in this module picks for an instance with `repetition` (`source` names it in errors); undefined without a key or when it fails.
	*/
	providerInstanceKey(reference: ProviderReference, repetition: RepetitionData, source: string): string | undefined;
};

export type ModuleCallExpansion = {
	readonly call: ModuleCall;
	readonly node: ModuleNode;
	readonly expansion: Expansion;
	readonly instances: readonly ModuleInstance[];
};

export type ResourceExpansion = {
	readonly block: ResourceBlock;
	readonly address: ResourceAddress;
	/**
	`module.net["eu"].aws_subnet.this`.
	*/
	readonly text: string;
	readonly moduleInstance: ModuleInstance;
	readonly expansion: Expansion;
	readonly instances: readonly ResourceInstance[];
	/**
	The provider's schema of the block's type, when known (its values then have every attribute of it).
	*/
	readonly schema?: ResourceSchema | undefined;
};

/**
An `action` block in one module instance (Terraform 1.14+), expanded by its `count`/`for_each` as Terraform's instance expander expands actions (internal/instances/expander.go SetActionCount/SetActionForEach at v1.16).
*/
export type ActionExpansion = {
	readonly block: ActionBlock;
	/**
	`module.net["eu"].action.aws_lambda_invoke.notify`.
	*/
	readonly text: string;
	readonly moduleInstance: ModuleInstance;
	readonly expansion: Expansion;
	readonly instances: readonly ActionInstance[];
	/**
	The resources of this module instance whose `lifecycle { action_trigger }` names this action, with the events, in source order.
	*/
	readonly triggeredBy: ReadonlyArray<{readonly resource: string; readonly events: readonly string[]}>;
};

export type ActionInstance = {
	/**
	`action.aws_lambda_invoke.notify[0]`, as Terraform prints an AbsActionInstance (internal/addrs/action.go).
	*/
	readonly text: string;
	readonly key: InstanceKey;
	readonly action: ActionExpansion;
	readonly repetition: RepetitionData;
	/**
	The scope `config` is evaluated in: the module instance's, with this instance's `count.index`/`each`, and `caller`/`self` unknown (Terraform 1.16).
	*/
	readonly scope: Scope;
	/**
	The `config` block evaluated in the module instance's scope with this instance's `count.index`/`each`; `self` and `caller` (the triggering resource's object, Terraform 1.16) are unknown, as one action may be triggered by several resources. Null without a `config` block (node_action.go evalInstance).
	*/
	readonly value: Value;
};

/**
A `list` block of a query file (Terraform 1.14+), expanded by its `count`/`for_each` (expand/list-expansion.ts).
*/
export type ListExpansion = {
	readonly block: ListBlock;
	/**
	`list.aws_instance.web`.
	*/
	readonly text: string;
	readonly moduleInstance: ModuleInstance;
	readonly expansion: Expansion;
	readonly instances: readonly ListInstance[];
};

export type ListInstance = {
	/**
	`list.aws_instance.web[0]`.
	*/
	readonly text: string;
	readonly key: InstanceKey;
	readonly list: ListExpansion;
	readonly repetition: RepetitionData;
	/**
	The scope `config`, `limit` and `include_resource` are evaluated in: the root module instance's, with this instance's `count.index`/`each`.
	*/
	readonly scope: Scope;
	/**
	The `config` block evaluated with this instance's `count.index`/`each`; null without one.
	*/
	readonly config: Value;
	/**
	`limit`: 100 when not set, unknown when only a run would know, null when it has an error.
	*/
	readonly limit: Value;
	/**
	`include_resource`: false when not set.
	*/
	readonly includeResource: Value;
	/**
	`{config, include_resource, limit}`, as the Details pane shows it.
	*/
	readonly value: Value;
};

export type ResourceInstance = {
	readonly address: ResourceInstanceAddress;
	/**
	`module.net["eu"].aws_subnet.this["a"]`.
	*/
	readonly text: string;
	readonly key: InstanceKey;
	readonly resource: ResourceExpansion;
	readonly repetition: RepetitionData;
	/**
	The instance's object: arguments set in configuration evaluated in its scope (nested blocks as lists/maps of objects, dynamic blocks expanded), attributes from state when a state file has them, everything else unknown.
	*/
	readonly value: Value;
	/**
	Whether `value` came (partly) from a state file.
	*/
	readonly fromState: boolean;
	/**
	The what-if assumptions that pin (part of) `value`.
	*/
	readonly assumed: readonly Assumption[];
};

export type ConditionResult = {
	readonly kind: 'validation' | 'precondition' | 'postcondition' | 'assert';
	/**
	The address of what the condition belongs to: `var.region`, `aws_instance.web[0]`, `output.ip`, `check.health`.
	*/
	readonly owner: string;
	readonly status: 'passed' | 'failed' | 'unknown' | 'error';
	/**
	The evaluated `error_message` when the condition failed.
	*/
	readonly message?: string;
	readonly range: Range;
};

export type InstanceTree = {
	readonly root: ModuleInstance;
	/**
	Every module instance by its address text (`''` for the root), parents before children.
	*/
	readonly moduleInstances: ReadonlyMap<string, ModuleInstance>;
	/**
	Every resource and data instance by its address text, in the order `instances` prints them.
	*/
	readonly resourceInstances: ReadonlyMap<string, ResourceInstance>;
	/**
	Every expanded resource block (one per module instance and block) by its address text.
	*/
	readonly resources: ReadonlyMap<string, ResourceExpansion>;
	/**
	Results of variable validations, pre/postconditions and check assertions (filled by a full evaluation).
	*/
	readonly conditions: readonly ConditionResult[];
	/**
	The root causes of unknown count/for_each values, each with the blocks it leaves open-ended (shown as placeholders).
	*/
	readonly unknownCauses: readonly CauseReport[];
};

/**
What the expansion walk (`expandModuleTreeSteps`) has made so far, while it is still going: the module instances it has reached, in the order of `InstanceTree.moduleInstances`, and for each the resource blocks and module calls once it has expanded them all. Reading it computes nothing, so a caller can show it between steps without changing what the walk does next (the explorer's first frames while a large configuration is expanded).
*/
export type PartialInstanceTree = {
	readonly root: ModuleInstance;
	readonly moduleInstances: ReadonlyMap<string, ModuleInstance>;
	/**
	The resource blocks of a module instance, in source order, once the walk has expanded every one; undefined before.
	*/
	resourcesOf(instance: ModuleInstance): readonly ResourceExpansion[] | undefined;
	/**
	The module calls of a module instance, in source order (as `calls`), once the walk has expanded them; undefined before.
	*/
	callsOf(instance: ModuleInstance): readonly ModuleCallExpansion[] | undefined;
};
