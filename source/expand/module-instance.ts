import path from 'node:path';
import {EvaluationBudget} from '../lang/budget.js';
import type {Expression} from '../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import type {Range} from '../hcl/position.js';
import type {Condition, ModuleCall, ProviderBlock, ProviderReference} from '../config/module.js';
import type {ModuleNode} from '../config/module-tree.js';
import {type MismatchWording, convert, conversionFailureText} from '../lang/convert.js';
import type {FunctionSpec} from '../lang/function.js';
import {resolveFunction} from '../lang/functions/index.js';
import {type Scope, createScope, moduleResolver} from '../lang/eval/scope.js';
import {referencesOf} from '../lang/references.js';
import {dynamicType} from '../lang/types.js';
import {type Value, compareStrings, deepMarks, hasDeepMarks, markSensitive, nullValue, stringValue, unknownValue, unmark} from '../lang/values.js';
import {type InstanceKey, type ModuleInstanceAddress, formatModuleInstance, noKey} from './addresses.js';
import {type Expansion, type ExpansionResult, type RepetitionData, countExpansion, enabledExpansion, expansionInstances, forEachExpansion, noRepetition, singleExpansion} from './expansion.js';
import type {ActionExpansion, ListExpansion, ConditionResult, ModuleCallExpansion, ModuleInstance, ResourceExpansion} from './instance-tree.js';
import {ActionExpansionImpl} from './action-expansion.js';
import {checkActionTriggers} from './action-triggers.js';
import {ListExpansionImpl, listScope} from './list-expansion.js';
import {evaluateExpression, parseExpressionText, withTemplates} from './lang-adapter.js';
import {LazyMap} from './lazy-map.js';
import {variableAssumption} from './assumptions.js';
import {causeAddress, unknownCauses} from './unknown-causes.js';
import {providerInstanceKey, providerInstanceText} from './provider-instances.js';
import {staticIdentifier, staticReferenceErrors} from './static-evaluation.js';
import {isPrimitiveConstraint, readTypeConstraint} from '../lang/type-constraint.js';
import {InstanceInvariance} from './instance-invariance.js';
import {providerBlockSchema, uncertainNames} from '../schema/resource-schema.js';
import {isInexactDigest} from '../schema/types.js';
import {builtinSchemaSet} from '../schema/schema-set.js';
import {type ListStateSchema, listStateSchema} from '../schema/list-resource-schema.js';
import type {ListBlock} from '../config/query-file.js';
import {validateBlockBody} from '../schema/validate-body.js';
import {collectionValue} from './collection-values.js';
import {type Context, causeSource, pureFunctionContext, report} from './expand-context.js';
import {certainModuleInstances, instanceCount, maximumModuleInstances, maximumResourceInstances, probe} from './instance-limits.js';
import {type Located, Memo} from './memo.js';
import {ResourceExpansionImpl} from './resource-expansion.js';
import {ResourceInstanceImpl, providerMetaArguments, validatedBlocks} from './resource-instance.js';

/*
One module instance: its scopes, input variables, locals, outputs, the expansion of its resources and module calls, its checks.
*/

export class ModuleInstanceImpl implements ModuleInstance {
	readonly address: ModuleInstanceAddress;
	readonly text: string;
	readonly key: InstanceKey;
	readonly node: ModuleNode;
	readonly parent?: ModuleInstance;
	readonly repetition: RepetitionData;
	readonly #context: Context;
	get #wording(): MismatchWording {
		return this.#context.options.mismatchWording ?? 'terse';
	}

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
	#functions: ((name: string) => FunctionSpec | undefined) | undefined;

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
			actionsReserved: options.actions !== undefined,
			listsReserved: options.listsReserved === true,
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
			functions: this.#moduleFunctions(),
			functionNames: options.functionNames,
			// A console scope (one line of the console) has a budget of its own.
			functionContext: impure ? withTemplates({baseDirectory: options.rootDirectory, impure, budget: new EvaluationBudget(), ...(options.filesystem && {filesystem: options.filesystem}), ...(options.mismatchWording && {mismatchWording: options.mismatchWording}), ...(options.equalsNullShallowMarks && {equalsNullShallowMarks: true})}) : pureFunctionContext(this.#context),
			// The console (the only impure caller) also gets type().
			console: impure,
		});
		// Query files' `list.TYPE.NAME` (Terraform 1.14+), in the root module only.
		const lists = this.parent ? undefined : this.node.module.lists;
		const withLists = lists ? listScope(scope, lists, 'the root module', this.#listStateSchema) : scope;
		if (repetition === noRepetition && self === undefined && !impure) {
			this.#scope = withLists;
		}

		return withLists;
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
	/**
	The built-in functions, and `provider::NAME::FUNCTION` for a provider this module declares in `required_providers` (the terraform provider's own functions, any other's a stand-in with an unknown result: tfscope runs no provider), as Terraform offers them to a module after init.
	*/
	#moduleFunctions(): (name: string) => FunctionSpec | undefined {
		if (!this.#functions) {
			const builtin = this.#context.options.functions;
			const declaredProviders = new Set(this.node.module.terraform.requiredProviders.map(provider => provider.name));
			this.#functions = declaredProviders.size === 0 ? builtin : name => builtin(name) ?? (name.startsWith('provider::') ? resolveFunction(name, {declaredProviders}) : undefined);
		}

		return this.#functions;
	}

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
		return this.evaluate(expression, createScope({functions: this.#context.options.functions, functionNames: this.#context.options.functionNames, functionContext: {baseDirectory: this.#context.options.rootDirectory, impure: false, ...(this.#context.options.mismatchWording && {mismatchWording: this.#context.options.mismatchWording})}}));
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
				} else if (raw?.kind === 'value') {
					value = raw.value;
					from = ` (from ${raw.source})`;
					if (raw.range) {
						subject = {range: raw.range};
					}
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
					report(this.#context, [errorDiagnostic('Invalid value for input variable', `The given value is not suitable for var.${name} declared at ${declaration.range.filename}:${declaration.range.start.line},${declaration.range.start.column}-${declaration.range.start.column + 8}${from}: ${conversionFailureText(converted, this.#wording)}.`, (subject ?? declaration).range)]);
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

		let {value} = this.#evaluateUnlessUpstreamFailed(output.value);
		if (output.typeExpression) {
			value = this.#convertOutput(value, output.typeExpression, output.value, output.block.body.syntax);
		}

		return output.sensitive ? markSensitive(value) : value;
	}

	/**
	An output's value converted to its `type` (Terraform 1.15, internal/terraform/node_output.go evalOutputValue): "Invalid output value" at the value's expression when it does not convert, and an unknown value of the type.
	*/
	#convertOutput(value: Value, typeExpression: Expression, valueExpression: Expression, syntax: 'native' | 'json'): Value {
		const constraint = readTypeConstraint(typeExpression, expression => this.#constant(expression), syntax);
		report(this.#context, constraint.diagnostics);
		const converted = convert(value, constraint.type);
		if (converted.ok) {
			return converted.value;
		}

		report(this.#context, [errorDiagnostic('Invalid output value', `The value expression does not match this output value's type constraint: ${conversionFailureText(converted, this.#wording)}.`, valueExpression.range)]);
		return unknownValue(constraint.type);
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

		return {meta, metaName, value, result: metaName === 'count' ? countExpansion(value, this.#wording) : (metaName === 'for_each' ? forEachExpansion(value, kind) : enabledExpansion(value, this.#wording))};
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
					const causes = unknownCauses(meta, this, causeSource, undefined, metaName === 'for_each' ? 'for_each' : 'count');
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

	#actions: readonly ActionExpansion[] | undefined;

	/**
	The `action` blocks (Terraform 1.14+), expanded on first use.
	*/
	get actions(): readonly ActionExpansion[] {
		this.#actions ??= [...this.node.module.actions.values()].map(block => new ActionExpansionImpl(this.#context, this, block));
		return this.#actions;
	}

	#lists: readonly ListExpansion[] | undefined;
	readonly #listStates = new Map<ListBlock, ListStateSchema>();
	/** What a reference's `list.TYPE.NAME.data[N].state` holds, by the exact schema of the list block's provider; found once per block. */
	readonly #listStateSchema = (list: ListBlock): ListStateSchema => {
		let state = this.#listStates.get(list);
		if (!state) {
			state = listStateSchema(this.#context.options.schemas ?? builtinSchemaSet, list, this.node.module.terraform);
			this.#listStates.set(list, state);
		}

		return state;
	};

	/**
	The `list` blocks of query files (Terraform 1.14+), expanded on first use: only the root module's (a child's are an error, config/load-query-files.ts).
	*/
	get lists(): readonly ListExpansion[] {
		const blocks = this.parent ? undefined : this.node.module.lists;
		this.#lists ??= blocks ? [...blocks.values()].map(block => new ListExpansionImpl(this.#context, this, block)) : [];
		return this.#lists;
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

		const result = providerInstanceKey(this.evaluate(reference.key, this.scope(repetition)), reference.key.range, source, this.#wording);
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

	/**
	The object `module.NAME` reads: its attributes are the instance's outputs themselves (a LazyMap), so a reference to one output (`module.m.arn`) evaluates that output only, as Terraform has a node per output. Without it, an argument of the call that reads one output while another output depends on that argument (a bucket policy naming its own bucket's ARN) was a false cycle (#38, B). Whatever reads the whole object (iterating, converting, printing it) evaluates every output, as Terraform's reference to the whole module does.
	*/
	outputsObject(): Value {
		return {kind: 'object', attributes: this.#outputs};
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

			const release = this.#context.options.actions;
			if (release && resource.block.lifecycle.actionTriggers) {
				checkActionTriggers({
					text: this.text,
					configPath: this.node.path.map(name => `module.${name}`).join('.'),
					actions: this.actions,
					scope: (repetition, self) => this.scope(repetition, self),
					report: diagnostics => {
						report(this.#context, diagnostics);
					},
				}, resource, release);
			}
		}

		for (const action of this.actions) {
			for (const instance of action.instances) {
				void instance.value;
			}
		}

		for (const list of this.lists) {
			for (const instance of list.instances) {
				void instance.value;
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
