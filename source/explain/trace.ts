import type {Range} from '../hcl/position.js';
import type {Value} from '../lang/values.js';

/*
A provenance trace: the tree of steps that produced a value, from the value asked about down to its sources (literals, tfvars lines, TF_VAR_ and --var values, variable defaults, state attributes, assumptions) and, for what is not known, the unknown roots (a data source read during plan, a computed attribute known after apply).
*/

/**
What a step is:
- `expression`: an expression evaluated (its text, where it is written);
- `variable`, `local`, `output`: a named value of a module instance, with the step that gives it as child;
- `argument`: a resource instance's argument (or attribute) as configuration sets it;
- `input`: a module call's argument, the value of a child module's variable;
- `repetition`: `count.index`, `each.key`, `each.value` of an instance, with the `count`/`for_each` expression as child;
- `element`: one element of a `for` expression or a splat;
- sources, the leaves: `literal`, `tfvars`, `environment` (TF_VAR_), `command-line` (--var), `default`, `state`, `assumption`, `builtin` (path.*, terraform.workspace), `provider` (set by the provider without configuration), `unknown` (a root of an unknown value);
- `trigger`: a resource instance whose `lifecycle { action_trigger }` runs the action asked about (Terraform 1.14+), its value the trigger's `condition` (true without one), the condition traced as child;
- `seen`: a step shown earlier in the same trace (not repeated), `limit`: what was left out.
*/
export type StepKind =
	| 'expression' | 'variable' | 'local' | 'output' | 'argument' | 'input' | 'repetition' | 'element'
	| 'literal' | 'tfvars' | 'environment' | 'command-line' | 'default' | 'state' | 'assumption' | 'builtin' | 'provider' | 'unknown'
	| 'trigger' | 'seen' | 'limit';

/**
Why a value is not known at its root: `plan` (a data source the provider reads during plan), `apply` (a computed attribute known only after apply), `variable` (a root variable without a value), `count` (the instances themselves are not known).
*/
export type UnknownRoot = {
	readonly when: 'plan' | 'apply' | 'variable' | 'count';
	/**
	What an assumption would pin: `data.aws_availability_zones.available.names`, `aws_vpc.this.id`, `var.zones`.
	*/
	readonly address: string;
	/**
	The resource block (module path, no instance key) to apply first with `-target`, when Terraform needs one.
	*/
	readonly block?: string;
};

export type TraceStep = {
	readonly kind: StepKind;
	/**
	Expression text, or the name of what the step is (`var.region`, `aws_subnet.this["a"].cidr_block`).
	*/
	readonly label: string;
	/**
	Where it is written (an expression, a declaration, a tfvars line).
	*/
	readonly range?: Range;
	/**
	The module or resource instance the step is evaluated in (`''` the root module), as the explorer selects it.
	*/
	readonly scope: string;
	/**
	An expression and the instance `tfscope console --at` evaluates it in to the step's value, when there is one: not inside a `for` body or a splat (their names are bound there), not a module call's argument (it sees the child's `count`/`each` in the parent).
	*/
	readonly console?: {readonly at: string; readonly expression: string};
	readonly value: Value;
	/**
	The address of the block the step is about, as the explorer selects it (`module.net["eu"].var.cidr`, `aws_subnet.this["a"]`); the step's `scope` otherwise.
	*/
	readonly block?: string;
	/**
	What the step adds: the branch taken, the element, the alternative used, where a value was given.
	*/
	readonly note?: string;
	readonly unknown?: UnknownRoot;
	readonly children: readonly TraceStep[];
};

/**
A trace and, when its value is not known, the ways out: the assumptions that would pin its unknown roots, the `-target` set that applies them first, and the `-exclude` set that plans without what they leave open-ended.
*/
export type Trace = {
	/**
	What was asked about, as given.
	*/
	readonly subject: string;
	readonly root: TraceStep;
	readonly wayOut?: WayOut;
};

export type WayOut = {
	readonly assume: readonly string[];
	readonly target: readonly string[];
	readonly exclude: readonly string[];
};
