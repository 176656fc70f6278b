import {EvaluationBudget} from '../lang/budget.js';
import path from 'node:path';
import {
	type Attribute, type Block, type Body, type Expression, findAttribute,
} from '../hcl/ast.js';
import {type Diagnostic, errorDiagnostic, warningDiagnostic} from '../hcl/diagnostics.js';
import {type Range, rangeBetween} from '../hcl/position.js';
import type {Condition, ModuleCall, ProviderBlock, ProviderReference, ResourceBlock} from '../config/module.js';
import {type ModuleNode, walkModuleTree} from '../config/module-tree.js';
import {type State, stateKey} from '../config/state.js';
import type {RawVariableValue} from '../config/tfvars.js';
import {convert} from '../lang/convert.js';
import type {FunctionContext, FunctionFilesystem, FunctionSpec} from '../lang/function.js';
import {
	type Scope, createScope, moduleResolver,
} from '../lang/eval/scope.js';
import {referencesOf} from '../lang/references.js';
import {dynamicType, listType, mapType} from '../lang/types.js';
import {
	type ObjectValue, type Value, compareStrings, deepMarks, hasDeepMarks, markSensitive, nullValue, objectValue, sortedEntries, stringValue, tupleValue, unknownValue, unmark, withMarks, type Marks,
} from '../lang/values.js';
import {
	type InstanceKey, type ModuleInstanceAddress, type ResourceInstanceAddress, formatModuleInstance, noKey,
} from './addresses.js';
import {type BodyOptions, evaluateBody, instanceNames, nullAsUnknown} from './dynamic-blocks.js';
import {
	type Expansion, type ExpansionResult, type RepetitionData, countExpansion, enabledExpansion, expansionInstances, forEachExpansion, noRepetition, singleExpansion,
} from './expansion.js';
import type {
	ConditionResult, InstanceTree, ModuleCallExpansion, ModuleInstance, PartialInstanceTree, ResourceExpansion, ResourceInstance,
} from './instance-tree.js';
import {evaluateExpression, parseExpressionText, withTemplates} from './lang-adapter.js';
import {LazyMap} from './lazy-map.js';
import {AddressIndex} from './address-index.js';
import {
	type Assumption, applyAssumptions, assumptionsFor, variableAssumption,
} from './assumptions.js';
import {
	type CauseReport, type CauseSource, type UnknownCause, causeAddress, describeCause, unknownCauses,
} from './unknown-causes.js';
import {providerInstanceKey, providerInstanceText} from './provider-instances.js';
import {staticIdentifier, staticReferenceErrors} from './static-evaluation.js';
import {isPrimitiveConstraint, readTypeConstraint} from './type-constraint.js';
import {InstanceInvariance} from './instance-invariance.js';
import {type ProviderConstraints, type ResourceSchema, providerBlockSchema, providerConstraints, resourceSchema, uncertainNames} from '../schema/resource-schema.js';
import {isInexactDigest} from '../schema/types.js';
import {impliedProviderName, providerSourceAddress} from '../schema/provider-address.js';
import {type SchemaSet, builtinSchemaSet} from '../schema/schema-set.js';
import {type ShapeOptions, type ShapeProblem, type ShapeReuse, shapeBody} from '../schema/shape.js';
import {validateBlockBody} from '../schema/validate-body.js';
import {planBuiltin} from '../schema/builtin-plan.js';
import {type RemoteStateReader, readRemoteState} from '../schema/remote-state.js';

/*
Expands the static module tree into module and resource instances. Everything is evaluated on demand and memoised: expanding a block evaluates its count/for_each, which may read locals, variables, other resources or module outputs, which evaluate in turn. A value that depends on itself is a cycle: a diagnostic names every member, and the value is unknown.
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
	readonly functions: (name: string) => FunctionSpec | undefined;
	readonly functionNames: () => readonly string[];
	readonly filesystem?: FunctionFilesystem;
	/**
	What-if values (`--assume`): consulted where resource instance values and input variables are made.
	*/
	readonly assumptions?: readonly Assumption[];
	/**
	Provider schemas: resource values get the shape Terraform gives them, and bodies are checked as `terraform validate` checks them (default: the built-in `terraform` provider's only).
	*/
	readonly schemas?: SchemaSet;
};

/**
A module instance, a resource instance (with its `count`/`each`/`self`), or the inputs of a module instance: its parent's scope with its own `count`/`each` (where a module call's arguments are evaluated).
*/
export type ScopeTarget =
	| {readonly kind: 'module'; readonly instance: ModuleInstance}
	| {readonly kind: 'resource'; readonly instance: ResourceInstance}
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

type Context = {
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
const causeSource: CauseSource = {
	resourceExpansion: (instance, key) => (instance as ModuleInstanceImpl).existingResourceExpansion(key),
	callExpansion: (instance, name) => (instance as ModuleInstanceImpl).existingCallExpansion(name),
};

/**
The most module instances a configuration expands to: 50,000 (the largest benchmark configuration, 8x, has 800; each costs a few kilobytes, so the limit is reached in a few seconds and a few hundred megabytes). Counts nested twenty deep multiply past it: see `certainModuleInstances`.
*/
export const maximumModuleInstances = 50_000;

/**
The fewest module instances the calls of a module node make in each of its instances: a call without `count`/`for_each` is one; a count, for_each or enabled that has the same value in every instance of the node (instance-invariance.ts), written literally or not (`count = var.n` passed down), is evaluated once, in a representative instance, and counts what it makes with its own calls' instances; any other may be zero. Nested counts multiply (`count = 2` twenty levels down is 2^21 - 2), so the module-instance limit refuses such a tree at its top call before making any of it.

The representative, and the ones below it that evaluate deeper calls, are probes: instances in a context of their own (see probeContext), whose diagnostics, conditions and instances are dropped. Each node is probed once per expansion.
*/
function certainModuleInstances(context: Context, node: ModuleNode, representative: () => ModuleInstanceImpl | undefined): number {
	const {perInstance} = context.nested;
	let total = perInstance.get(node);
	if (total === undefined) {
		total = 0;
		const instance = node.children.size > 0 ? representative() : undefined;
		for (const [name, child] of instance ? node.children : []) {
			const call = node.module.moduleCalls.get(name);
			const expansion = call && instance!.sameEverywhereExpansion(call, context.nested.invariance);
			const count = expansion?.mode === 'unknown' ? 0 : (expansion ? instanceCount(expansion) : 0);
			if (count > 0) {
				total += count * (1 + certainModuleInstances(context, child, () => probe(context, instance!, child, expansion!)));
			}
		}

		perInstance.set(node, total);
	}

	return total;
}

/**
An instance of `child` under `parent` (the first of `expansion`'s), made only to evaluate what is the same in all of them.
*/
function probe(context: Context, parent: ModuleInstanceImpl, child: ModuleNode, expansion: Expansion): ModuleInstanceImpl | undefined {
	const {keys: [key], repetitions: [repetition]} = expansionInstances(expansion);
	return key && new ModuleInstanceImpl(probeContext(context), child, [...parent.address, {name: child.path.at(-1)!, key}], parent, repetition!);
}

function probeContext(context: Context): Context {
	context.nested.probes ??= {
		...context, diagnostics: [], seen: new Set(), stack: [], conditions: [], conditionsSeen: new Map(), moduleInstances: new Map(), moduleInstanceCount: 0, resourceInstanceCount: 0, causes: new Map(),
	};
	return context.nested.probes;
}

/**
How many instances an expansion makes (a placeholder for an unknown one).
*/
function instanceCount(expansion: Expansion): number {
	switch (expansion.mode) {
		case 'count': {
			return expansion.count;
		}

		case 'for_each': {
			return expansion.entries.size;
		}

		case 'single':
		case 'unknown': {
			return 1;
		}

		case 'enabled': {
			return expansion.enabled ? 1 : 0;
		}

		default: {
			return 0;
		}
	}
}

const pureFunctionContexts = new WeakMap<Context, FunctionContext>();

/**
The function context of every non-console scope: the same for the whole expansion, so made once (it builds a template renderer).
*/
function pureFunctionContext(context: Context): FunctionContext {
	let functionContext = pureFunctionContexts.get(context);
	if (!functionContext) {
		const {options} = context;
		// One budget for the whole expansion: what every value of the configuration builds counts against it.
		functionContext = withTemplates({baseDirectory: options.rootDirectory, impure: false, budget: new EvaluationBudget(), ...(options.filesystem && {filesystem: options.filesystem})});
		pureFunctionContexts.set(context, functionContext);
	}

	return functionContext;
}
const maximumResourceInstances = 250_000;

function report(context: Context, diagnostics: readonly Diagnostic[]): void {
	for (const diagnostic of diagnostics) {
		const key = `${diagnostic.severity}|${diagnostic.summary}|${diagnostic.subject ? `${diagnostic.subject.filename}:${diagnostic.subject.start.offset}` : ''}|${diagnostic.detail ?? ''}`;
		if (!context.seen.has(key)) {
			context.seen.add(key);
			context.diagnostics.push(diagnostic);
		}
	}
}

const pending = Symbol('pending');

/**
Something with a range (a declaration, a block), read only when a diagnostic needs it.
*/
type Located = {readonly range: Range};

/**
Reports the cycle that `label` closes: every member from its first appearance on the evaluation stack.
*/
function reportCycle(context: Context, label: string, range: Range | undefined): void {
	const {stack} = context;
	const start = stack.indexOf(label);
	// Labels starting with `~` are steps through which a cycle passes (a module call's outputs), not members of it.
	const members = (start === -1 ? [label] : stack.slice(start)).filter((member, index, all) => !member.startsWith('~') && all.indexOf(member) === index);
	if (members.length === 0) {
		members.push(label.replace(/^~/, ''));
	}

	report(context, [errorDiagnostic(`Cycle: ${members.join(', ')}`, `These values refer to each other, so none of them can be evaluated: ${members.join(' → ')} → ${members[0]!}. Remove one of the references to break the cycle.`, range)]);
}

function withLabel<V>(context: Context, label: string, compute: () => V): V {
	context.stack.push(label);
	try {
		return compute();
	} finally {
		context.stack.pop();
	}
}

/**
Memoised computation with cycle detection over a shared stack of labels.
*/
class Memo<V> {
	// Made on first use: every module instance has two memos, many never used.
	#values: Map<string, V | typeof pending> | undefined;
	readonly #context: Context;

	constructor(context: Context) {
		this.#context = context;
	}

	/**
	`where` is the declaration a cycle's diagnostic points at: its range is read only then, as working out a line and column costs more than the rest of a memoised read.
	*/
	get(key: string, label: string, where: Located | undefined, compute: () => V, onCycle: () => V): V {
		const values = this.#values ??= new Map();
		const existing = values.get(key);
		if (existing === pending) {
			reportCycle(this.#context, label, where?.range);
			return onCycle();
		}

		if (existing !== undefined || values.has(key)) {
			return existing as V;
		}

		values.set(key, pending);
		const value = withLabel(this.#context, label, compute);
		values.set(key, value);
		return value;
	}
}

function sortedObject(entries: Iterable<readonly [string, Value]>): ObjectValue {
	return {kind: 'object', attributes: new Map([...entries].sort(([a], [b]) => compareStrings(a, b)))};
}

/**
The object of a for_each block's instances by key. Their keys come sorted (expansion orders them) and distinct, so the object is a small map's entries, its keys shared with other objects of the same keys (the instances of every block over one for_each), rather than a Map of its own per block and module instance; in any other case the Map is sorted here.
*/
function forEachObject(pairs: ReadonlyArray<readonly [InstanceKey, Value]>): ObjectValue {
	const keys = new Array<string>(pairs.length);
	const values = new Array<Value>(pairs.length);
	let inOrder = true;
	for (let position = 0; position < pairs.length; position++) {
		const [key, value] = pairs[position]!;
		keys[position] = key.kind === 'string' ? key.value : '';
		values[position] = value;
		inOrder &&= position === 0 || compareStrings(keys[position - 1]!, keys[position]!) < 0;
	}

	return inOrder ? {kind: 'object', attributes: sortedEntries(keys, values)} : sortedObject(keys.map((key, position) => [key, values[position]!] as const));
}

/**
Collects the values of a block's instances the way references see them: the object itself, a tuple (count) or an object keyed by instance key (for_each).
*/
function collectionValue(expansion: Expansion, values: () => Array<readonly [InstanceKey, Value]>): Value {
	switch (expansion.mode) {
		case 'single': {
			return values()[0]?.[1] ?? unknownValue();
		}

		case 'enabled': {
			// A disabled resource or module call is null (OpenTofu's internal/tofu/evaluate.go).
			return values()[0]?.[1] ?? nullValue();
		}

		case 'count': {
			return tupleValue(values().map(([, value]) => value));
		}

		case 'for_each': {
			return forEachObject(values());
		}

		case 'unknown': {
			// Not known how many: an unknown tuple (count) or object (for_each) of instances, which indexing, splats and functions read as unknown.
			return expansion.meta === 'count' ? unknownCountCollection : unknownForEachCollection;
		}

		default: {
			return unknownValue(dynamicType);
		}
	}
}

const unknownCountCollection = unknownValue(listType(dynamicType));
const unknownForEachCollection = unknownValue(mapType(dynamicType));

class ModuleInstanceImpl implements ModuleInstance {
	readonly address: ModuleInstanceAddress;
	readonly text: string;
	readonly key: InstanceKey;
	readonly node: ModuleNode;
	readonly parent?: ModuleInstance;
	readonly repetition: RepetitionData;
	readonly #context: Context;
	readonly #parentImpl: ModuleInstanceImpl | undefined;
	readonly #memo: Memo<Value>;
	readonly #expansionMemo: Memo<Expansion>;
	readonly #variables: LazyMap<Value>;
	readonly #locals: LazyMap<Value>;
	/** Locals of this instance that failed: their evaluation reported an error, or what they read had failed (see #evaluateUnlessUpstreamFailed). */
	readonly #failedLocals = new Set<string>();
	readonly #outputs: LazyMap<Value>;
	readonly #resourceValues: LazyMap<Value>;
	readonly #moduleValues: LazyMap<Value>;
	readonly #resourceExpansions = new Map<string, ResourceExpansionImpl>();
	/**
	Names a reference to a resource of this module may read, for the resources whose schema is trusted (see ResourceSchema.strict).
	*/
	readonly #schemaNames = {
		get: (key: string): ReadonlySet<string> | undefined => (this.node.module.resources.has(key) ? this.resourceExpansion(key).schemaNames : undefined),
	};
	readonly #callExpansions = new Map<string, ModuleCallExpansion>();
	readonly #providerKeys = new Map<ProviderBlock, readonly string[]>();
	#scope: Scope | undefined;
	/**
	The scopes resource instances of this module instance are evaluated in, by repetition: the blocks that expand over the same count or collection have the same repetitions (see expansionInstances), so their instances share one scope each. Let go once every resource block's instances are computed (see blockComputed).
	*/
	#instanceScopes: Map<RepetitionData, Scope> | undefined;
	/** Resource blocks of this module instance whose every instance's value is computed. */
	#blocksComputed = 0;
	#sharedScopeParts: {readonly path: {readonly module: string; readonly root: string; readonly cwd: string}} | undefined;

	constructor(context: Context, node: ModuleNode, address: ModuleInstanceAddress, parent: ModuleInstanceImpl | undefined, repetition: RepetitionData) {
		this.#context = context;
		this.node = node;
		this.address = address;
		this.text = formatModuleInstance(address);
		this.key = address.at(-1)?.key ?? noKey;
		this.#parentImpl = parent;
		if (parent) {
			this.parent = parent;
		}

		this.repetition = repetition;
		this.#memo = new Memo(context);
		this.#expansionMemo = new Memo(context);
		const {module} = node;
		this.#variables = new LazyMap(module.variables.keys(), name => this.#variableValue(name));
		this.#locals = new LazyMap(module.locals.keys(), name => this.#memo.get(`local.${name}`, this.#label(`local.${name}`), module.locals.get(name), () => this.#localValue(name), () => unknownValue()));
		this.#outputs = new LazyMap(module.outputs.keys(), name => this.#memo.get(`output.${name}`, this.#label(`output.${name}`), module.outputs.get(name), () => this.#outputValue(name), () => unknownValue()));
		this.#resourceValues = new LazyMap(module.resources.keys(), key => this.#memo.get(`resource.${key}`, `~${this.#label(key)}`, module.resources.get(key), () => this.#resourceValue(key), () => unknownValue()));
		this.#moduleValues = new LazyMap(module.moduleCalls.keys(), name => this.#memo.get(`module.${name}`, `~${this.#label(`module.${name}`)}`, module.moduleCalls.get(name), () => this.#moduleCallValue(name), () => unknownValue()));
		context.moduleInstances.set(this.text, this);
		context.moduleInstanceCount++;
	}

	#label(local: string): string {
		return this.text === '' ? local : `${this.text}.${local}`;
	}

	get directory(): string {
		return this.node.module.directory;
	}

	/**
	The scope of this module instance, optionally with `count`/`each`/`self` of a block instance.
	*/
	scope(repetition: RepetitionData = noRepetition, self?: Value, impure = false): Scope {
		if (repetition === noRepetition && self === undefined && !impure && this.#scope) {
			return this.#scope;
		}

		const {options} = this.#context;
		const shared = this.#scopeParts();
		// Held in a variable, not passed as a literal: `resourceAttributes` (the schemas we know, for "Unsupported attribute") is newer than some versions of ModuleValues.
		const values = {
			variables: this.#variables,
			locals: this.#locals,
			resources: this.#resourceValues,
			modules: this.#moduleValues,
			path: shared.path,
			workspace: options.workspaceName,
			// Every field present (undefined when absent): one object shape for every scope, which keeps the resolver's reads fast.
			count: repetition.countIndex ? {index: repetition.countIndex} : undefined,
			each: repetition.eachKey ? {key: repetition.eachKey, value: repetition.eachValue ?? nullValue()} : undefined,
			self,
			moduleDescription: this.text === '' ? undefined : this.text,
			resourceAttributes: this.#schemaNames,
		};
		const resolver = moduleResolver(values);
		const outputs = this.#outputs;
		const scope = createScope({
			// The console can also read this module's outputs as `output.NAME`.
			resolveReference: impure
				? reference => {
					const {subject} = reference;
					if (subject.kind === 'resource' && subject.mode === 'managed' && subject.type === 'output' && outputs.has(subject.name) && !this.node.module.resources.has(`output.${subject.name}`)) {
						return {value: outputs.get(subject.name)!, diagnostics: []};
					}

					return resolver(reference);
				}
				: resolver,
			functions: options.functions,
			functionNames: options.functionNames,
			// A console scope (one line of the console) has a budget of its own.
			functionContext: impure ? withTemplates({baseDirectory: options.rootDirectory, impure, budget: new EvaluationBudget(), ...(options.filesystem && {filesystem: options.filesystem})}) : pureFunctionContext(this.#context),
			// The console (the only impure caller) also gets type().
			console: impure,
		});
		if (repetition === noRepetition && self === undefined && !impure) {
			this.#scope = scope;
		}

		return scope;
	}

	/**
	The scope a resource instance's body is evaluated in: `scope(repetition)`, one per repetition while this module instance's resources are being computed.
	*/
	instanceScope(repetition: RepetitionData): Scope {
		if (repetition === noRepetition) {
			return this.scope();
		}

		this.#instanceScopes ??= new Map();
		let scope = this.#instanceScopes.get(repetition);
		if (!scope) {
			scope = this.scope(repetition);
			this.#instanceScopes.set(repetition, scope);
		}

		return scope;
	}

	/**
	Called when a resource block of this module instance has computed all its instances (or has none): after the last block, the instance scopes are no longer needed.
	*/
	blockComputed(): void {
		this.#blocksComputed++;
		if (this.#blocksComputed >= this.node.module.resources.size) {
			this.#instanceScopes = undefined;
		}
	}

	/**
	What every scope of this module instance shares: computed once, not once per resource instance (path arithmetic is not cheap at 50,000 instances).
	*/
	#scopeParts(): {readonly path: {readonly module: string; readonly root: string; readonly cwd: string}} {
		if (!this.#sharedScopeParts) {
			const {options} = this.#context;
			const root = path.resolve(options.cwd, options.rootDirectory);
			const modulePath = path.relative(root, path.resolve(options.cwd, this.directory || options.rootDirectory)) || '.';
			// Terraform's path.cwd is the directory it was started in, before -chdir (absolute), not the root module's.
			this.#sharedScopeParts = {path: {module: modulePath, root: '.', cwd: path.resolve(options.startDirectory ?? options.cwd)}};
		}

		return this.#sharedScopeParts;
	}

	evaluate(expression: Expression, scope: Scope = this.scope()): Value {
		const result = evaluateExpression(expression, scope);
		report(this.#context, result.diagnostics);
		return result.value;
	}

	variable(name: string): Value | undefined {
		return this.#variables.get(name);
	}

	valueOf(expression: Expression): Value {
		return evaluateExpression(expression, this.scope()).value;
	}

	local(name: string): Value | undefined {
		return this.#locals.get(name);
	}

	output(name: string): Value | undefined {
		return this.#outputs.get(name);
	}

	#constant(expression: Expression): Value {
		return this.evaluate(expression, createScope({functions: this.#context.options.functions, functionNames: this.#context.options.functionNames, functionContext: {baseDirectory: this.#context.options.rootDirectory, impure: false}}));
	}

	#variableValue(name: string): Value {
		const declaration = this.node.module.variables.get(name)!;
		const label = this.#label(`var.${name}`);
		return this.#memo.get(`var.${name}`, label, declaration, () => {
			const constraint = declaration.typeExpression ? readTypeConstraint(declaration.typeExpression, expression => this.#constant(expression), declaration.block.body.syntax) : undefined;
			if (constraint) {
				report(this.#context, constraint.diagnostics);
			}

			const type = constraint?.type ?? dynamicType;
			let value: Value | undefined;
			// Where the value was given, for a diagnostic (its range is worked out only then).
			let subject: Located | undefined;
			let from = '';
			const assumed = this.#context.options.assumptions ? variableAssumption(this.#context.options.assumptions, this.address, name) : undefined;
			if (assumed) {
				value = assumed.value;
				from = ` (assumed by ${assumed.source})`;
			} else if (this.#parentImpl) {
				const input = this.node.call?.inputs.find(attribute => attribute.name === name);
				if (input) {
					value = this.#parentImpl.evaluate(input.expression, this.#parentImpl.scope(this.repetition));
					subject = input.expression;
				}
			} else {
				const raw = this.#context.options.rootVariables.get(name);
				if (raw?.kind === 'expression') {
					value = this.#constant(raw.expression);
					subject = raw.expression;
					from = ` (from ${raw.source})`;
				} else if (raw?.kind === 'text') {
					from = ` (from ${raw.source})`;
					if (declaration.typeExpression === undefined || isPrimitiveConstraint(type)) {
						value = stringValue(raw.text);
					} else {
						const parsed = parseExpressionText(raw.text, `<value for var.${name}>`);
						report(this.#context, parsed.diagnostics);
						value = parsed.value ? this.#constant(parsed.value) : unknownValue(type);
					}
				}
			}

			if (value === undefined || (value.kind === 'null' && !declaration.nullable)) {
				if (declaration.default) {
					value = this.#constant(declaration.default);
				} else if (value === undefined) {
					if (this.#parentImpl) {
						report(this.#context, [errorDiagnostic('Missing required argument', `The argument "${name}" is required, but no definition was found.`, this.node.call?.block.typeRange, this.node.call?.range)]);
					} else {
						report(this.#context, [errorDiagnostic('No value for required variable', `The root module input variable "${name}" is not set, and has no default value. Use a -var or -var-file command line argument or set a TF_VAR_${name} environment variable to provide a value for this variable. Until then its value is unknown.`, declaration.block.labelRanges[0] ?? declaration.range)]);
					}

					value = unknownValue(type);
				} else {
					report(this.#context, [errorDiagnostic('Required variable not set', `Unsuitable value for var.${name} set${from}: required variable may not be set to null.`, (subject ?? declaration).range)]);
				}
			}

			if (type.kind !== 'dynamic' || value.kind !== 'null') {
				const converted = convert(value, type);
				if (converted.ok) {
					value = converted.value;
				} else {
					report(this.#context, [errorDiagnostic('Invalid value for input variable', `The given value is not suitable for var.${name} declared at ${declaration.range.filename}:${declaration.range.start.line},${declaration.range.start.column}-${declaration.range.start.column + 8}${from}: ${converted.message}.`, (subject ?? declaration).range)]);
					value = unknownValue(type);
				}
			}

			if (declaration.sensitive) {
				value = markSensitive(value);
			}

			return value;
		}, () => unknownValue());
	}

	#localValue(name: string): Value {
		const {value, failed} = this.#evaluateUnlessUpstreamFailed(this.node.module.locals.get(name)!.expression);
		if (failed) {
			this.#failedLocals.add(name);
		}

		return value;
	}

	#outputValue(name: string): Value {
		const output = this.node.module.outputs.get(name)!;
		if (!output.value) {
			return nullValue();
		}

		const {value} = this.#evaluateUnlessUpstreamFailed(output.value);
		return output.sensitive ? markSensitive(value) : value;
	}

	#localFailed(name: string): boolean {
		if (!this.node.module.locals.has(name)) {
			return false;
		}

		this.local(name);
		return this.#failedLocals.has(name);
	}

	// A variable whose validation fails stops its dependents in Terraform, as a failed value does.
	#validationFailed(name: string): boolean {
		const declaration = this.node.module.variables.get(name);
		if (!declaration) {
			return false;
		}

		for (const validation of declaration.validations) {
			const status = this.checkCondition(validation, this.#label(`var.${name}`), this.scope());
			if (status === 'failed' || status === 'error') {
				return true;
			}
		}

		return false;
	}

	/**
	Terraform does not evaluate what depends on a value that failed, so one mistake is one error: a local or output that reads a local whose evaluation failed, or a variable whose validation failed, is unknown without being evaluated (`b = list(local.a)` after `a = list("x")` failed adds no second error).
	*/
	#evaluateUnlessUpstreamFailed(expression: Expression): {readonly value: Value; readonly failed: boolean} {
		for (const {subject} of referencesOf(expression)) {
			if ((subject.kind === 'local' && this.#localFailed(subject.name)) || (subject.kind === 'variable' && this.#validationFailed(subject.name))) {
				return {value: unknownValue(), failed: true};
			}
		}

		const result = evaluateExpression(expression, this.scope());
		report(this.#context, result.diagnostics);
		return {value: result.value, failed: result.diagnostics.some(diagnostic => diagnostic.severity === 'error')};
	}

	/**
	How a module call of this instance expands when that is the same in every instance of this module node (see certainModuleInstances); undefined when it may differ or fails. Not memoised, and nothing is recorded for it (no unknown causes): the instances that ask are probes.
	*/
	sameEverywhereExpansion(call: ModuleCall, invariance: InstanceInvariance): Expansion | undefined {
		const meta = call.count ?? call.forEach ?? call.enabled;
		if (!meta) {
			return singleExpansion;
		}

		if ((call.count && call.forEach) || !invariance.sameInEveryInstance(this.node, meta)) {
			return undefined;
		}

		const evaluated = this.#evaluateMeta(call, 'module');
		return evaluated.failure || evaluated.result.error ? undefined : evaluated.result.expansion;
	}

	/**
	A block's `count`, `for_each` or `enabled` (whichever it has; at least one) evaluated in this instance's scope: the first error the evaluation reported, or what the value expands to.
	*/
	#evaluateMeta(block: {count?: Expression; forEach?: Expression; enabled?: Expression}, kind: 'resource' | 'module'): {readonly meta: Expression; readonly metaName: 'count' | 'for_each' | 'enabled'; readonly value: Value} & ({readonly failure: Diagnostic} | {readonly failure?: undefined; readonly result: ExpansionResult}) {
		const meta = (block.count ?? block.forEach ?? block.enabled)!;
		const metaName = block.count ? 'count' : (block.forEach ? 'for_each' : 'enabled');
		const before = this.#context.diagnostics.length;
		const value = this.evaluate(meta);
		// An unknown value that comes from an error (a cycle, an undeclared name) has its diagnostic already.
		const failure = this.#context.diagnostics.slice(before).find(diagnostic => diagnostic.severity === 'error');
		if (failure) {
			return {meta, metaName, value, failure};
		}

		return {meta, metaName, value, result: metaName === 'count' ? countExpansion(value) : (metaName === 'for_each' ? forEachExpansion(value, kind) : enabledExpansion(value))};
	}

	// Expansion of one block in this module instance, memoised; count/for_each are evaluated in the module's scope.
	expansionOf(kind: 'resource' | 'module', key: string, block: {count?: Expression; forEach?: Expression; enabled?: Expression; readonly range: Range}): Expansion {
		return this.#expansionMemo.get(`${kind}.${key}`, this.#label(`${kind === 'module' ? 'module.' : ''}${key} (expand)`), block, () => {
			if (block.count && block.forEach) {
				return {
					mode: 'invalid', meta: 'for_each', reason: 'The "count" and "for_each" meta-arguments are mutually-exclusive.', summary: 'Invalid combination of "count" and "for_each"',
				};
			}

			// `enabled` is only read (config/) in OpenTofu mode, and not beside count/for_each.
			if (block.count ?? block.forEach ?? block.enabled) {
				const evaluated = this.#evaluateMeta(block, kind);
				const {meta, metaName, value} = evaluated;
				if (evaluated.failure) {
					const {failure} = evaluated;
					// Not "known after apply": the expression is wrong, and Terraform stops on it. The error is reported already; the expansion carries it so `instances` prints it and fails.
					return {
						mode: 'invalid', meta: metaName, reason: failure.detail ?? failure.summary, summary: failure.summary, diagnostic: failure,
					};
				}

				const {result} = evaluated;
				const {expansion} = result;
				if (expansion.mode === 'unknown') {
					// Not a diagnostic per block: one per root cause, listing the blocks it leaves open-ended (see unknown-causes.ts).
					const causes = unknownCauses(meta, this, causeSource);
					const address = this.#label(kind === 'module' ? `module.${key}` : key);
					for (const cause of causes) {
						const causeKey = causeAddress(cause);
						let entry = this.#context.causes.get(causeKey);
						if (!entry) {
							entry = {cause, blocks: []};
							this.#context.causes.set(causeKey, entry);
						}

						entry.blocks.push(address);
					}

					return {...expansion, causes};
				}

				if (!result.error || expansion.mode !== 'invalid') {
					// Instances that exist because of a what-if assumption say so (instances, tree, check, graph, the explorer).
					return (expansion.mode === 'count' || expansion.mode === 'for_each' || expansion.mode === 'enabled') && hasDeepMarks(value) && deepMarks(value).has('assumed') ? {...expansion, assumed: true} : expansion;
				}

				const diagnostic = errorDiagnostic(result.error.summary, result.error.detail, meta.range, block.range);
				report(this.#context, [diagnostic]);
				return {...expansion, diagnostic};
			}

			return singleExpansion;
		}, () => ({mode: 'unknown', meta: block.forEach ? 'for_each' : 'count', reason: 'It depends on itself (a cycle).'}));
	}

	/**
	The expansion, unless it would take the whole configuration past the instance limits (nested counts multiply): then none, with an error.
	*/
	#withinLimits(expansion: Expansion, kind: 'resource' | 'module', where: Located, child?: ModuleNode): Expansion {
		const count = instanceCount(expansion);
		const context = this.#context;
		const [total, limit] = kind === 'module' ? [context.moduleInstanceCount, maximumModuleInstances] : [context.resourceInstanceCount, maximumResourceInstances];
		// The module instances each instance's own calls are sure to make come too: counted now, the limit stops nested counts that multiply at the top, before any is made.
		const nested = child && count > 0 ? count * certainModuleInstances(context, child, () => probe(context, this, child, expansion)) : 0;
		if (total + count + nested > limit) {
			const reason = nested > 0 && total + count <= limit
				? `Expanding this block would make more than ${limit} module instances in the whole configuration (at least ${count + nested} with those of the module calls it contains, whose counts multiply), more than tfscope expands; it is shown without instances.`
				: `Expanding this block would make more than ${limit} ${kind} instances in the whole configuration, more than tfscope expands; it is shown without instances.`;
			report(context, [errorDiagnostic('Too many instances', reason, where.range)]);
			return {
				mode: 'invalid', meta: expansion.mode === 'for_each' ? 'for_each' : 'count', reason, summary: 'Too many instances',
			};
		}

		if (kind === 'resource') {
			context.resourceInstanceCount += count;
		}

		return expansion;
	}

	existingResourceExpansion(key: string): ResourceExpansionImpl | undefined {
		return this.#resourceExpansions.get(key);
	}

	existingCallExpansion(name: string): ModuleCallExpansion | undefined {
		return this.#callExpansions.get(name);
	}

	resourceExpansion(key: string): ResourceExpansionImpl {
		let expansion = this.#resourceExpansions.get(key);
		if (!expansion) {
			const block = this.node.module.resources.get(key)!;
			expansion = new ResourceExpansionImpl(this.#context, this, block, this.#withinLimits(this.expansionOf('resource', key, block), 'resource', block));
			this.#resourceExpansions.set(key, expansion);
			if (expansion.instances.length === 0) {
				this.blockComputed();
			}
		}

		return expansion;
	}

	callExpansion(name: string): ModuleCallExpansion {
		let expansion = this.#callExpansions.get(name);
		if (!expansion) {
			const call = this.node.module.moduleCalls.get(name)!;
			const node = this.node.children.get(name)!;
			const mode = this.#withinLimits(this.expansionOf('module', name, call), 'module', call, node);
			const {keys, repetitions} = expansionInstances(mode);
			const instances = keys.map((key, index) => new ModuleInstanceImpl(this.#context, node, [...this.address, {name, key}], this, repetitions[index]!));
			expansion = {
				call, node, expansion: mode, instances,
			};
			this.#callExpansions.set(name, expansion);
		}

		return expansion;
	}

	get calls(): readonly ModuleCallExpansion[] {
		return [...this.node.module.moduleCalls.keys()].filter(name => this.node.children.has(name)).map(name => this.callExpansion(name));
	}

	get resources(): readonly ResourceExpansion[] {
		return [...this.node.module.resources.keys()].map(key => this.resourceExpansion(key));
	}

	#resourceValue(key: string): Value {
		const expansion = this.resourceExpansion(key);
		return collectionValue(expansion.expansion, () => expansion.instances.map(instance => [instance.key, instance.value] as const));
	}

	#moduleCallValue(name: string): Value {
		if (!this.node.children.has(name)) {
			return unknownValue();
		}

		const expansion = this.callExpansion(name);
		if (expansion.node.source.kind === 'unresolved') {
			return unknownValue();
		}

		return collectionValue(expansion.expansion, () => expansion.instances.map(instance => [instance.key, (instance as ModuleInstanceImpl).outputsObject()] as const));
	}

	/**
	The instance keys of a provider configuration with `for_each` (OpenTofu), sorted; none without `for_each` or when it failed (reported). As OpenTofu evaluates it statically, it may read only variables, locals, `path` and `terraform`.
	*/
	providerKeys(provider: ProviderBlock): readonly string[] {
		let keys = this.#providerKeys.get(provider);
		if (keys) {
			return keys;
		}

		keys = [];
		this.#providerKeys.set(provider, keys);
		if (provider.forEach) {
			const errors = staticReferenceErrors(provider.forEach, staticIdentifier(this.node.path, `provider.${provider.name}.${provider.alias ?? ''}.for_each`));
			if (errors.length > 0) {
				report(this.#context, errors);
			} else {
				const result = forEachExpansion(this.evaluate(provider.forEach), 'resource');
				if (result.error) {
					report(this.#context, [errorDiagnostic(result.error.summary, result.error.detail, provider.forEach.range, provider.range)]);
				} else if (result.expansion.mode === 'for_each') {
					keys = [...result.expansion.entries.keys()].sort(compareStrings);
				}
			}

			this.#providerKeys.set(provider, keys);
		}

		return keys;
	}

	/**
	The provider instance a `aws.by_region[KEY]` reference picks for an instance with `repetition` (a resource instance here, or a child module instance of a call here), evaluated in this module instance; undefined without a key, or with the error reported.
	*/
	providerInstanceKey(reference: ProviderReference, repetition: RepetitionData, source: string): string | undefined {
		if (!reference.key) {
			return undefined;
		}

		const result = providerInstanceKey(this.evaluate(reference.key, this.scope(repetition)), reference.key.range, source);
		if ('diagnostic' in result) {
			report(this.#context, [result.diagnostic]);
			return undefined;
		}

		const provider = this.node.module.providers.find(candidate => candidate.name === reference.name && candidate.alias === reference.alias);
		if (!provider?.forEach) {
			report(this.#context, [errorDiagnostic('Invalid provider configuration reference', 'An instance key can be specified only for a provider configuration which has an alias and uses for_each.', reference.key.range)]);
			return undefined;
		}

		if (!this.providerKeys(provider).includes(result.key)) {
			report(this.#context, [errorDiagnostic('Provider instance not present', `${source} refers to ${providerInstanceText(reference.name, reference.alias, result.key)}, but the for_each of ${reference.name}.${reference.alias ?? ''} has no element with that key.`, reference.key.range)]);
			return undefined;
		}

		return result.key;
	}

	outputsObject(): Value {
		return objectValue(this.#outputs);
	}

	/**
	Forces every value of this instance (and records conditions).
	*/
	evaluateAll(): void {
		const {module} = this.node;
		for (const [name, declaration] of module.variables) {
			this.variable(name);
			for (const validation of declaration.validations) {
				this.checkCondition(validation, this.#label(`var.${name}`), this.scope());
			}
		}

		for (const name of module.locals.keys()) {
			this.local(name);
		}

		for (const [name, output] of module.outputs) {
			this.output(name);
			for (const condition of output.preconditions) {
				this.checkCondition(condition, this.#label(`output.${name}`), this.scope());
			}
		}

		for (const provider of module.providers) {
			this.providerKeys(provider);
			// A provider block's arguments against the provider's schema, once per block, as terraform validate checks them.
			const schema = validatedBlocks.has(provider.block) ? undefined : providerBlockSchema(this.#context.options.schemas ?? builtinSchemaSet, provider, module.terraform, this.#context.providerConstraints);
			if (schema?.strict) {
				validatedBlocks.add(provider.block);
				report(this.#context, uncertainNames(validateBlockBody(provider.block, schema.block, providerMetaArguments, {blocksAsAttributes: isInexactDigest(schema.origin)}), schema));
			}
		}

		for (const resource of this.resources) {
			const provider = resource.block.provider?.key ? resource.block.provider : undefined;
			for (const instance of resource.instances) {
				void instance.value;
				if (provider) {
					this.providerInstanceKey(provider, instance.repetition, instance.text);
				}

				const impl = instance as ResourceInstanceImpl;
				for (const condition of resource.block.lifecycle.preconditions) {
					this.checkCondition(condition, instance.text, this.scope(instance.repetition));
				}

				for (const condition of resource.block.lifecycle.postconditions) {
					this.checkCondition(condition, instance.text, this.scope(instance.repetition, impl.value));
				}
			}
		}

		for (const check of module.checks) {
			for (const assertion of check.assertions) {
				this.checkCondition(assertion, this.#label(`check.${check.name}`), this.scope());
			}
		}

		for (const call of this.calls) {
			for (const instance of call.instances) {
				for (const {parent} of call.call.providers) {
					this.providerInstanceKey(parent, instance.repetition, instance.text);
				}

				(instance as ModuleInstanceImpl).evaluateAll();
			}
		}
	}

	checkCondition(condition: Condition, owner: string, scope: Scope): ConditionResult['status'] {
		if (!condition.condition) {
			return 'passed';
		}

		const key = `${owner}|${condition.range.filename}:${condition.range.start.offset}`;
		const seen = this.#context.conditionsSeen.get(key);
		if (seen !== undefined) {
			return seen;
		}

		this.#context.conditionsSeen.set(key, 'unknown');
		const result = evaluateExpression(condition.condition, scope);
		const [value] = unmark(result.value);
		let status: ConditionResult['status'];
		let message: string | undefined;
		if (result.diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
			report(this.#context, result.diagnostics);
			status = 'error';
		} else if (value.kind === 'unknown') {
			status = 'unknown';
		} else if (value.kind === 'bool' ? value.value : false) {
			status = 'passed';
		} else {
			status = 'failed';
			const messageResult = condition.errorMessage ? evaluateExpression(condition.errorMessage, scope) : undefined;
			const [text] = messageResult ? unmark(messageResult.value) : [undefined];
			message = text?.kind === 'string' ? text.value : '(error message not known)';
			const summary = {
				validation: 'Invalid value for variable', precondition: 'Resource precondition failed', postcondition: 'Resource postcondition failed', assert: 'Check block assertion failed',
			}[condition.kind];
			const outputSummary = owner.includes('output.') ? 'Module output value precondition failed' : summary;
			report(this.#context, [{
				severity: condition.kind === 'assert' ? 'warning' : 'error', summary: outputSummary, detail: `${message}\n\nThis was checked by the condition at ${condition.range.filename}:${condition.range.start.line} for ${owner}.`, subject: condition.condition.range, context: condition.range,
			}]);
		}

		this.#context.conditionsSeen.set(key, status);
		this.#context.conditions.push({
			kind: condition.kind, owner, status, ...(message !== undefined && {message}), range: condition.range,
		});
		return status;
	}
}

class ResourceExpansionImpl implements ResourceExpansion {
	readonly block: ResourceBlock;
	readonly address;
	readonly text: string;
	readonly moduleInstance: ModuleInstance;
	readonly expansion: Expansion;
	readonly instances: readonly ResourceInstance[];
	/**
	The provider's schema of this block's type, when known.
	*/
	readonly schema: ResourceSchema | undefined;
	readonly #context: Context;
	#schemaNames: ReadonlySet<string> | undefined;
	#evaluation: {readonly bodyOptions: BodyOptions; readonly reuse: ShapeReuse; readonly shapeOptions: ShapeOptions} | undefined;
	/** Instances whose value has been computed: once all have, the evaluation state is let go (see instanceComputed). */
	#computed = 0;

	constructor(context: Context, moduleInstance: ModuleInstanceImpl, block: ResourceBlock, expansion: Expansion) {
		this.block = block;
		this.#context = context;
		this.schema = context.schemaOfBlock.get(block);
		if (this.schema === undefined && !context.schemaOfBlock.has(block)) {
			const {terraform} = moduleInstance.node.module;
			// What resourceSchema reads: the provider's source address (from the block's provider name and the module's required_providers), the mode and the type; the schemas and constraints are the expansion's.
			const key = `${providerSourceAddress(block.provider?.name ?? impliedProviderName(block.type), terraform)}\u0000${block.mode}\u0000${block.type}`;
			this.schema = context.schemaOfType.get(key);
			if (this.schema === undefined && !context.schemaOfType.has(key)) {
				this.schema = resourceSchema(context.options.schemas ?? builtinSchemaSet, block, terraform, context.providerConstraints);
				context.schemaOfType.set(key, this.schema);
			}

			context.schemaOfBlock.set(block, this.schema);
		}

		if (this.schema?.strict && !validatedBlocks.has(block)) {
			// Once per block, however many module instances hold it, as terraform validate checks the configuration.
			validatedBlocks.add(block);
			report(context, uncertainNames(validateBlockBody(block.block, this.schema.block, metaArguments, {blocksAsAttributes: isInexactDigest(this.schema.origin)}), this.schema));
		}

		this.moduleInstance = moduleInstance;
		this.address = {
			module: moduleInstance.address, mode: block.mode, type: block.type, name: block.name,
		};
		// formatResource(this.address), from the texts at hand.
		this.text = moduleInstance.text === '' ? block.key : `${moduleInstance.text}.${block.key}`;
		this.expansion = expansion;
		const {keys, repetitions, suffixes} = expansionInstances(expansion);
		const instances: ResourceInstance[] = [];
		// An index loop: entries() made a pair per instance (50,000 at 4x).
		for (let index = 0; index < keys.length; index++) {
			instances.push(new ResourceInstanceImpl(context, this, keys[index]!, repetitions[index]!, this.text + suffixes[index]!));
		}

		this.instances = instances;
	}

	/**
	What evaluating the instances' bodies shares: the options of evaluateBody, the same object for every instance, with the values of arguments that are the same for every instance (`shared`); and those values with what the schema shaped them into (`reuse`, see shapeBody). Made when the first instance is evaluated: expanding makes every block's instances, and many are never evaluated.
	*/
	get evaluation(): {readonly bodyOptions: BodyOptions; readonly reuse: ShapeReuse; readonly shapeOptions: ShapeOptions} {
		if (!this.#evaluation) {
			const context = this.#context;
			const reuse: ShapeReuse = {shared: new Set(), shaped: new Map()};
			this.#evaluation = {
				// The options of shapeBody for instances without state (with state, one per instance adds what it stored).
				shapeOptions: {
					// Issue 14: a list or set block the configuration does not write may be filled in by the provider (optional and computed blocks look like any other in a schema).
					unsetBlocksUnknown: this.schema?.provider !== builtinProvider,
					reuse,
					problem: problem => {
						this.reportShapeProblem(problem);
					},
				},
				bodyOptions: {
					skip: metaArguments,
					report: diagnostics => {
						report(context, diagnostics);
					},
					shared: new Map<object, Value>(),
					sharedValues: reuse.shared as Set<Value>,
					// Without the provider's schema, a null argument may be optional and computed: see nullAsUnknown.
					nestedNullAsUnknown: !this.schema,
					// Parts of per-instance arguments kept for the next instances: worth it only with more than one.
					...(this.instances.length > 1 && {invariant: {instanceNames, entries: new Map()}}),
				},
				reuse,
			};
		}

		return this.#evaluation;
	}

	/**
	Called once per instance, when its value has been computed: after the last one, what evaluating them shared (values kept per argument and per part, shapes) is no longer needed and is let go, rather than kept as long as the instance tree (about a tenth of the memory evaluating everything adds).
	*/
	instanceComputed(): void {
		this.#computed++;
		if (this.#computed === this.instances.length) {
			this.#evaluation = undefined;
			(this.moduleInstance as ModuleInstanceImpl).blockComputed();
		}
	}

	/**
	The attribute and block type names a reference may read, when the schema is trusted.
	*/
	get schemaNames(): ReadonlySet<string> | undefined {
		if (!this.schema?.strict || this.schema.newerAllowed) {
			return undefined;
		}

		this.#schemaNames ??= new Set([...this.schema.block.attributes.keys(), ...this.schema.block.blockTypes.keys()]);
		return this.#schemaNames;
	}

	/**
	A value that does not convert to its attribute's type: hcldec's "Incorrect attribute value type", on the argument where it is written.
	*/
	reportShapeProblem(problem: ShapeProblem): void {
		const written = writtenAttribute(this.block.block.body, problem.path);
		const name = problem.path.at(-1)!;
		report(this.#context, [errorDiagnostic('Incorrect attribute value type', `Inappropriate value for attribute ${JSON.stringify(name)}: ${problem.message}.`, written?.expression.range ?? this.block.block.typeRange, written ? rangeBetween(written.nameRange, written.expression.range) : undefined)]);
	}
}

/**
The argument at a path of block types and a name in a body (inside the first block of each type, or a dynamic block's content), if written there.
*/
function writtenAttribute(body: Body, path: readonly string[]): Attribute | undefined {
	const [first, ...rest] = path;
	if (first === undefined) {
		return undefined;
	}

	if (rest.length === 0) {
		return findAttribute(body, first);
	}

	for (const item of body.items) {
		if (item.kind !== 'Block') {
			continue;
		}

		if (item.type === first) {
			const found = writtenAttribute(item.body, rest);
			if (found) {
				return found;
			}
		} else if (item.type === 'dynamic' && item.labels[0] === first) {
			const content = item.body.items.find((inner): inner is Block => inner.kind === 'Block' && inner.type === 'content');
			const found = content && writtenAttribute(content.body, rest);
			if (found) {
				return found;
			}
		}
	}

	return undefined;
}

const metaArguments: ReadonlySet<string> = new Set(['count', 'for_each', 'provider', 'depends_on', 'lifecycle', 'provisioner', 'connection']);

const validatedBlocks = new WeakSet<object>();

// `for_each` is OpenTofu's (a Terraform-mode error of its own).
const providerMetaArguments: ReadonlySet<string> = new Set(['alias', 'version', 'for_each']);

const builtinProvider = 'terraform.io/builtin/terraform';

class ResourceInstanceImpl implements ResourceInstance {
	#address: ResourceInstanceAddress | undefined;
	readonly text: string;
	readonly key: InstanceKey;
	readonly resource: ResourceExpansion;
	readonly repetition: RepetitionData;
	readonly fromState: boolean;
	readonly #context: Context;
	// One memoised value per instance, without a Map: there can be tens of thousands of instances.
	#value: Value | typeof pending | undefined;
	#assumed: readonly Assumption[] | undefined;

	/**
	`repetition` and `text` are the key's, made once per expansion (expansionInstances).
	*/
	constructor(context: Context, resource: ResourceExpansionImpl, key: InstanceKey, repetition: RepetitionData, text: string) {
		this.#context = context;
		this.resource = resource;
		this.key = key;
		this.text = text;
		this.repetition = repetition;
		// A placeholder stands for instances that are not known: none of them is in state under its key.
		this.fromState = context.options.state.size > 0 && key.kind !== 'unknown' && context.options.state.has(this.#stateKey());
	}

	/**
	Made when first asked for: most of tens of thousands of instances are only ever named by their text.
	*/
	get address(): ResourceInstanceAddress {
		this.#address ??= {...this.resource.address, key: this.key};
		return this.#address;
	}

	#stateKey(): string {
		const {block} = this.resource;
		return stateKey(this.resource.moduleInstance.text, block.mode, block.type, block.name, this.key.kind === 'none' || this.key.kind === 'unknown' ? undefined : this.key.value);
	}

	get value(): Value {
		if (this.#value === pending) {
			reportCycle(this.#context, this.text, this.resource.block.range);
			return unknownValue();
		}

		if (this.#value === undefined) {
			this.#value = pending;
			// withLabel written out: a closure per instance costs more than the rest of this getter.
			const {stack} = this.#context;
			stack.push(this.text);
			try {
				const computed = this.#compute();
				const {assumed} = this;
				this.#value = assumed.length === 0 ? computed : applyAssumptions(computed, assumed);
			} finally {
				stack.pop();
			}

			(this.resource as ResourceExpansionImpl).instanceComputed();
		}

		return this.#value;
	}

	/**
	The assumptions that pin (part of) this instance's value, in the order given.
	*/
	get assumed(): readonly Assumption[] {
		const {assumptions} = this.#context.options;
		if (!assumptions || assumptions.length === 0) {
			return noAssumptions;
		}

		this.#assumed ??= assumptionsFor(assumptions, this.resource.moduleInstance.address, this.resource.block.key, this.key);
		return this.#assumed;
	}

	/**
	The one place an instance's value is built: the configuration's arguments evaluated, then state, then what the resource type's schema says (only terraform_data's is known here; a provider schema plugs in at the marked step). Assumptions are applied on top, in the value getter.
	*/
	#compute(): Value {
		const resource = this.resource as ResourceExpansionImpl;
		const {block} = resource;
		const scope = (this.resource.moduleInstance as ModuleInstanceImpl).instanceScope(this.repetition);
		const {bodyOptions, shapeOptions} = resource.evaluation;
		const evaluated = evaluateBody(block.body, scope, bodyOptions);
		const {attributes} = evaluated;
		const {state} = this.#context.options;
		const stored = state.size === 0 || !this.fromState ? undefined : state.get(this.#stateKey());
		const storedAttributes = stored?.attributes.kind === 'object' ? stored.attributes.attributes : undefined;
		if (resource.schema) {
			const shapedBody = shapeBody(resource.schema.block, attributes, storedAttributes ? {...shapeOptions, stored: storedAttributes} : shapeOptions);
			// A newer provider release than the digest's, or a version the constraints allow instead of the digest's, may have attributes the digest lacks: reading one is unknown, not an error.
			// Built as a literal, not spread: V8 gave each object spread from another with a property added a hidden class of its own (48,811 classes, 8 MB, at 4x, and every read of such a value megamorphic).
			const shaped: ObjectValue = resource.schema.newerAllowed || !resource.schema.strict ? {kind: 'object', attributes: shapedBody.attributes, open: true} : shapedBody;
			if (resource.schema.provider === builtinProvider && block.mode === 'data' && block.type === 'terraform_remote_state' && this.#context.options.readRemoteState) {
				// Read during plan, as Terraform reads it: the local backend's state file, when there is one.
				const read = readRemoteState(shaped, this.#context.options.rootDirectory, this.#context.options.readRemoteState);
				if (read.kind === 'read') {
					return read.value;
				}
			}

			return finished(block, resource.schema.provider === builtinProvider && !storedAttributes ? planBuiltin(block.type, shaped) : shaped);
		}

		if (!storedAttributes) {
			// The common case, built in one pass: a body's names are the same for every instance, so their order is sorted once.
			const sorted = new Map<string, Value>();
			for (const name of sortedNames(block.body, attributes)) {
				sorted.set(name, nullAsUnknown(attributes.get(name)!));
			}

			return finished(block, {kind: 'object', attributes: sorted, open: true});
		}

		// The body's values are read-only (see evaluateBody): merged with state in a Map of their own.
		const merged = new Map(attributes);
		for (const [name, value] of attributes) {
			// An argument set to null keeps its value in state, as a provider plans an optional and computed attribute left unset.
			const fromState = storedAttributes.get(name);
			merged.set(name, fromState && unmark(value)[0].kind === 'null' ? fromState : nullAsUnknown(value));
		}

		for (const [name, value] of storedAttributes) {
			if (!merged.has(name)) {
				merged.set(name, value);
			}
		}

		return finished(block, sortedObject(merged));
	}
}

/**
An instance's value as its block's mode makes it: an ephemeral resource's result exists only during a run, so every value read from it is ephemeral. A function, not a closure per instance.
*/
function finished(block: ResourceBlock, value: Value): Value {
	return block.mode === 'ephemeral' ? withMarks(value, ephemeralMarks) : value;
}

const namesByBody = new WeakMap<object, readonly string[]>();

/**
The names of a body's evaluated attributes in lexical order, kept per body (checked against the names at hand, which a state or a schema can change).
*/
function sortedNames(body: object, attributes: ReadonlyMap<string, Value>): readonly string[] {
	let names = namesByBody.get(body);
	if (!names || names.length !== attributes.size || !names.every(name => attributes.has(name))) {
		names = [...attributes.keys()].sort(compareStrings);
		namesByBody.set(body, names);
	}

	return names;
}

const noAssumptions: readonly Assumption[] = Object.freeze([]);

const ephemeralMarks: Marks = new Set(['ephemeral'] as const);

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

			const instance = target.instance;
			return (instance.resource.moduleInstance as ModuleInstanceImpl).scope(instance.repetition, instance.value, impure);
		},
	};
}
