import type {
	Attribute, Block, Body, Expression,
} from '../hcl/ast.js';
import type {Range} from '../hcl/position.js';
import type {ListBlock} from './query-file.js';

/*
The static model of one module: the blocks of the `.tf`/`.tf.json`/`.tofu` files of one directory, read (not evaluated) into typed declarations. Expressions stay as AST so expansion can evaluate them per instance. Every declaration keeps its block's range for diagnostics and the Details pane.

The readers give `range` as a getter that computes it when first read and keeps it: a syntax node's range is line and column worked out from offsets (hcl/nodes.ts), and most declarations' ranges are never read (only a diagnostic or the Details pane asks), so computing them all took a measurable part of loading a large configuration.
*/

/**
A `condition` + `error_message` pair: variable `validation`, `precondition`, `postcondition`, `check` `assert`.
*/
export type Condition = {
	readonly kind: 'validation' | 'precondition' | 'postcondition' | 'assert';
	readonly condition?: Expression;
	readonly errorMessage?: Expression;
	readonly range: Range;
};

export type VariableBlock = {
	readonly kind: 'variable';
	readonly name: string;
	/**
	The `type` argument as written; the lang layer turns it into a type constraint.
	*/
	readonly typeExpression?: Expression;
	readonly default?: Expression;
	readonly description?: string;
	readonly sensitive: boolean;
	readonly nullable: boolean;
	readonly ephemeral: boolean;
	/**
	`deprecated = "..."` (OpenTofu 1.10, Terraform 1.15): the message warned about where a value is given.
	*/
	readonly deprecated?: string;
	/**
	Where `deprecated` is written (Terraform's warnings point at it).
	*/
	readonly deprecatedRange?: Range;
	/**
	`const = true` (OpenTofu 1.12, Terraform 1.15): the value must be known when the configuration is loaded.
	*/
	readonly const: boolean;
	readonly validations: readonly Condition[];
	readonly block: Block;
	readonly range: Range;
};

export type LocalValue = {
	readonly kind: 'local';
	readonly name: string;
	readonly expression: Expression;
	readonly attribute: Attribute;
	readonly range: Range;
};

export type OutputBlock = {
	readonly kind: 'output';
	readonly name: string;
	readonly value?: Expression;
	readonly description?: string;
	readonly sensitive: boolean;
	readonly ephemeral: boolean;
	/**
	`deprecated = "..."` (OpenTofu 1.10, Terraform 1.15): the message warned about where the output is read.
	*/
	readonly deprecated?: string;
	readonly deprecatedRange?: Range;
	/**
	`type = TYPE` (Terraform 1.15): the type constraint the value is converted to, as written.
	*/
	readonly typeExpression?: Expression;
	readonly dependsOn: readonly Expression[];
	readonly preconditions: readonly Condition[];
	readonly block: Block;
	readonly range: Range;
};

/**
`ephemeral` (Terraform 1.10+): an `ephemeral "TYPE" "NAME"` block, opened during a run and never stored in plan or state; referenced as `ephemeral.TYPE.NAME`.
*/
export type ResourceMode = 'managed' | 'data' | 'ephemeral';

/**
A `provider = aws.west` reference (or a `providers` map entry): the local provider name and alias.
*/
export type ProviderReference = {
	readonly name: string;
	readonly alias?: string;
	/**
	`aws.by_region[each.key]` (OpenTofu): the expression that picks one instance of a provider configuration with `for_each`.
	*/
	readonly key?: Expression;
	readonly range: Range;
};

export type Lifecycle = {
	readonly createBeforeDestroy?: boolean;
	readonly preventDestroy?: boolean;
	/**
	`prevent_destroy` as an expression of the module's symbols (OpenTofu 1.12), when it is not a literal.
	*/
	readonly preventDestroyExpression?: Expression;
	/**
	`destroy = false` (Terraform 1.16, OpenTofu 1.12): an object this resource no longer manages is forgotten (left in the real world), not destroyed.
	*/
	readonly destroy?: boolean;
	/**
	Attribute paths as written (`tags`, `tags["Name"]`), or `all`.
	*/
	readonly ignoreChanges?: readonly string[] | 'all';
	readonly replaceTriggeredBy: readonly Expression[];
	readonly preconditions: readonly Condition[];
	readonly postconditions: readonly Condition[];
	/**
	`action_trigger` blocks (Terraform 1.14, managed resources): the actions a change of this resource runs.
	*/
	readonly actionTriggers?: readonly ActionTrigger[];
	readonly range?: Range;
};

/**
An `action "TYPE" "NAME"` block (Terraform 1.14): something a provider does when a resource's change triggers it (`lifecycle { action_trigger { ... } }`) or on `terraform apply -invoke`; never part of the state.
*/
export type ActionBlock = {
	readonly kind: 'action';
	readonly type: string;
	readonly name: string;
	/**
	`action.TYPE.NAME`, as references and `terraform graph` name it.
	*/
	readonly key: string;
	readonly count?: Expression;
	readonly forEach?: Expression;
	readonly provider?: ProviderReference;
	/**
	The `config` block's body: the action's arguments, evaluated as a resource's are.
	*/
	readonly config?: Body;
	/**
	`caller` (and `self`) may be read in `config`: the triggering resource's object (Terraform 1.16).
	*/
	readonly caller?: true;
	readonly block: Block;
	readonly range: Range;
};

/**
One `action_trigger` block in a managed resource's lifecycle.
*/
export type ActionTrigger = {
	/**
	`before_create`, `after_create`, `before_update`, `after_update`, and (Terraform 1.16) `before_destroy`, `after_destroy`.
	*/
	readonly events: readonly string[];
	readonly condition?: Expression;
	/**
	Each item of `actions`, with the action it names (`action.TYPE.NAME`) when it names one.
	*/
	readonly actions: ReadonlyArray<{readonly expression: Expression; readonly key?: string}>;
	/**
	Terraform 1.16: what a failed action does (`halt` by default).
	*/
	readonly onFailure?: 'halt' | 'taint' | 'continue';
	readonly block: Block;
	readonly range: Range;
};

export type ResourceBlock = {
	readonly kind: 'resource';
	readonly mode: ResourceMode;
	readonly type: string;
	readonly name: string;
	/**
	`aws_instance.web`, `data.aws_ami.ubuntu` or `ephemeral.random_password.db`, the address within its module.
	*/
	readonly key: string;
	readonly count?: Expression;
	readonly forEach?: Expression;
	/**
	`lifecycle { enabled = ... }` (OpenTofu 1.11): zero or one instance, with no key.
	*/
	readonly enabled?: Expression;
	readonly dependsOn: readonly Expression[];
	readonly provider?: ProviderReference;
	readonly lifecycle: Lifecycle;
	readonly provisioners: readonly Block[];
	readonly connection?: Block;
	/**
	The block's body; meta-arguments (`count`, `for_each`, `provider`, `depends_on`, `lifecycle`, ...) are skipped when evaluating the resource's own arguments.
	*/
	readonly body: Body;
	readonly block: Block;
	readonly range: Range;
};

export type ModuleCall = {
	readonly kind: 'module';
	readonly name: string;
	readonly source?: string;
	/**
	The `source` expression when it is not a literal string: OpenTofu evaluates it statically (config/static-evaluation.ts); Terraform rejects it.
	*/
	readonly sourceExpression?: Expression;
	readonly version?: string;
	/**
	The `version` expression when it is not a literal string (evaluated statically as `sourceExpression` is).
	*/
	readonly versionExpression?: Expression;
	readonly count?: Expression;
	readonly forEach?: Expression;
	/**
	`lifecycle { enabled = ... }` (OpenTofu 1.11).
	*/
	readonly enabled?: Expression;
	readonly dependsOn: readonly Expression[];
	/**
	`providers = {aws = aws.west}`: child name to parent provider.
	*/
	readonly providers: ReadonlyArray<{readonly child: ProviderReference; readonly parent: ProviderReference}>;
	/**
	The input variables set by the call, in source order.
	*/
	readonly inputs: readonly Attribute[];
	readonly block: Block;
	readonly range: Range;
};

export type ProviderBlock = {
	readonly kind: 'provider';
	readonly name: string;
	readonly alias?: string;
	/**
	`for_each` (OpenTofu 1.9): one provider configuration instance per key.
	*/
	readonly forEach?: Expression;
	readonly block: Block;
	readonly range: Range;
};

export type RequiredProvider = {
	readonly name: string;
	readonly source?: string;
	readonly version?: string;
	readonly range: Range;
};

export type TerraformSettings = {
	readonly requiredVersion: readonly string[];
	readonly requiredProviders: readonly RequiredProvider[];
	/**
	The registry host of provider sources that name none, when it is not Terraform's `registry.terraform.io` (OpenTofu's `registry.opentofu.org`, from the language rules).
	*/
	readonly providerRegistry?: string;
	readonly backend?: {readonly type: string; readonly range: Range};
	readonly cloud?: {readonly range: Range};
	readonly blocks: readonly Block[];
};

export type MovedBlock = {
	readonly kind: 'moved';
	readonly from?: Expression;
	readonly to?: Expression;
	readonly block: Block;
	readonly range: Range;
};

export type ImportBlock = {
	readonly kind: 'import';
	readonly to?: Expression;
	readonly id?: Expression;
	readonly forEach?: Expression;
	readonly provider?: ProviderReference;
	readonly block: Block;
	readonly range: Range;
};

export type RemovedBlock = {
	readonly kind: 'removed';
	readonly from?: Expression;
	/**
	`lifecycle { destroy = false }` makes this false: the object leaves the state and stays in the real world.
	*/
	readonly destroy: boolean;
	readonly block: Block;
	readonly range: Range;
};

export type CheckBlock = {
	readonly kind: 'check';
	readonly name: string;
	readonly assertions: readonly Condition[];
	/**
	A scoped `data` block inside the check, if any.
	*/
	readonly data?: ResourceBlock;
	readonly block: Block;
	readonly range: Range;
};

export type Module = {
	/**
	The directory the files were read from, as given (relative paths stay relative).
	*/
	readonly directory: string;
	/**
	The configuration files read, in the order they were merged (primary files lexically, then overrides).
	*/
	readonly files: readonly string[];
	readonly terraform: TerraformSettings;
	readonly variables: ReadonlyMap<string, VariableBlock>;
	readonly locals: ReadonlyMap<string, LocalValue>;
	readonly outputs: ReadonlyMap<string, OutputBlock>;
	/**
	Managed, data and ephemeral resources in source order, keyed by `type.name` / `data.type.name` / `ephemeral.type.name`.
	*/
	readonly resources: ReadonlyMap<string, ResourceBlock>;
	readonly moduleCalls: ReadonlyMap<string, ModuleCall>;
	readonly providers: readonly ProviderBlock[];
	readonly moved: readonly MovedBlock[];
	readonly imports: readonly ImportBlock[];
	readonly removed: readonly RemovedBlock[];
	readonly checks: readonly CheckBlock[];
	/**
	`action` blocks (Terraform 1.14), keyed `action.TYPE.NAME`.
	*/
	readonly actions: ReadonlyMap<string, ActionBlock>;
	/**
	`list` blocks of the directory's query files (`*.tfquery.hcl`, Terraform 1.14), keyed `list.TYPE.NAME`; absent when the directory has no query file (config/query-file.ts).
	*/
	readonly lists?: ReadonlyMap<string, ListBlock>;
	/**
	The query files read, lexically; absent when there are none.
	*/
	readonly queryFiles?: readonly string[];
};

export function emptyModule(directory: string): Module {
	return {
		directory,
		files: [],
		terraform: {requiredVersion: [], requiredProviders: [], blocks: []},
		variables: new Map(),
		locals: new Map(),
		outputs: new Map(),
		resources: new Map(),
		moduleCalls: new Map(),
		providers: [],
		moved: [],
		imports: [],
		removed: [],
		checks: [],
		actions: new Map(),
	};
}
