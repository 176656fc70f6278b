import {EvaluationBudget} from '../lang/budget.js';
import type {Diagnostic} from '../hcl/diagnostics.js';
import type {ResourceBlock} from '../config/module.js';
import type {ModuleNode} from '../config/module-tree.js';
import type {FunctionContext} from '../lang/function.js';
import type {ConditionResult} from './instance-tree.js';
import {withTemplates} from './lang-adapter.js';
import {type CauseSource, type UnknownCause} from './unknown-causes.js';
import {InstanceInvariance} from './instance-invariance.js';
import {type ProviderConstraints, type ResourceSchema} from '../schema/resource-schema.js';
import type {ExpandOptions} from './expander.js';
import {ModuleInstanceImpl} from './module-instance.js';

/*
What one expansion of a module tree shares: options, schemas, the budget, diagnostics.
*/

export type Context = {
	readonly options: ExpandOptions;
	readonly diagnostics: Diagnostic[];
	readonly seen: Set<string>;
	readonly stack: string[];
	readonly conditions: ConditionResult[];
	/** Each condition checked so far, by owner and place, with its result ('unknown' while it is being checked). */
	readonly conditionsSeen: Map<string, ConditionResult['status']>;
	readonly moduleInstances: Map<string, ModuleInstanceImpl>;
	moduleInstanceCount: number;
	resourceInstanceCount: number;
	/** One entry per root cause of an unknown count/for_each, with the blocks it leaves open-ended. */
	readonly causes: Map<string, {readonly cause: UnknownCause; readonly blocks: string[]}>;
	/** The version constraints of every module in the tree, which bound the provider versions together. */
	readonly providerConstraints: ProviderConstraints;
	/** The provider schema of each resource block, found once for all the module instances that hold the block (schemas and constraints are the same for the whole expansion). */
	readonly schemaOfBlock: Map<ResourceBlock, ResourceSchema | undefined>;
	/** The same by provider source address, mode and type: blocks of one type in different directories (5,000 blocks of some 30 types at 4x) share it, rather than each finding and trusting it again (a tenth of a millisecond each). */
	readonly schemaOfType: Map<string, ResourceSchema | undefined>;
	/** What the module-instance limit knows ahead of expanding: see certainModuleInstances. */
	readonly nested: {readonly invariance: InstanceInvariance; readonly perInstance: Map<ModuleNode, number>; probes?: Context};
};

/**
The walk from an unknown count/for_each to its causes reads expansions already made (evaluating the count/for_each made them), never new ones.
*/
export const causeSource: CauseSource = {
	resourceExpansion: (instance, key) => (instance as ModuleInstanceImpl).existingResourceExpansion(key),
	callExpansion: (instance, name) => (instance as ModuleInstanceImpl).existingCallExpansion(name),
};

const pureFunctionContexts = new WeakMap<Context, FunctionContext>();

/**
The function context of every non-console scope: the same for the whole expansion, so made once (it builds a template renderer).
*/
export function pureFunctionContext(context: Context): FunctionContext {
	let functionContext = pureFunctionContexts.get(context);
	if (!functionContext) {
		const {options} = context;
		// One budget for the whole expansion: what every value of the configuration builds counts against it.
		functionContext = withTemplates({baseDirectory: options.rootDirectory, impure: false, budget: new EvaluationBudget(), ...(options.filesystem && {filesystem: options.filesystem}), ...(options.mismatchWording && {mismatchWording: options.mismatchWording}), ...(options.equalsNullShallowMarks && {equalsNullShallowMarks: true})});
		pureFunctionContexts.set(context, functionContext);
	}

	return functionContext;
}

export function report(context: Context, diagnostics: readonly Diagnostic[]): void {
	for (const diagnostic of diagnostics) {
		const key = `${diagnostic.severity}|${diagnostic.summary}|${diagnostic.subject ? `${diagnostic.subject.filename}:${diagnostic.subject.start.offset}` : ''}|${diagnostic.detail ?? ''}`;
		if (!context.seen.has(key)) {
			context.seen.add(key);
			context.diagnostics.push(diagnostic);
		}
	}
}
