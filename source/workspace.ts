import {statSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {
	type Diagnostic, type Result, errorDiagnostic, warningDiagnostic,
} from './hcl/diagnostics.js';
import {parseExpression} from './hcl/index.js';
import {loadModuleTreeSteps} from './config/load-module-tree.js';
import {checkRefactoringBlocks} from './expand/refactoring.js';
import type {ModuleNode} from './config/module-tree.js';
import {type LanguageChoice, type LanguageMode, chooseLanguage} from './config/language.js';
import {readLockFile} from './config/lock-file.js';
import {deprecationWarnings} from './config/deprecations.js';
import {dataDirectory} from './config/module-sources.js';
import {type ConfigSource, readTextFrom} from './config/source.js';
import {describeReadFailure, readTextWithLimit} from './files/read-file.js';
import {maximumStateFileBytes, readState} from './config/state.js';
import {stateMethods} from './config/state-encryption.js';
import {type Expression, blocksOf} from './hcl/ast.js';
import {loadSchemaSet, schemaFilesFor} from './schema/schema-set.js';
import {type RawVariableValue, type ValueOrigin, collectRootVariables} from './config/tfvars.js';
import {formatModuleInstance, formatResourceInstance, keysEqual} from './expand/addresses.js';
import {runToEnd} from './run-steps.js';
import {type ExpandProgress, type Expanded, type ScopeTarget, expandModuleTreeSteps} from './expand/expander.js';
import type {
	ActionInstance, InstanceTree, ListInstance, ModuleInstance, ResourceInstance,
} from './expand/instance-tree.js';
import {createNodeFilesystem} from './expand/lang-adapter.js';
import {createInitEvaluation} from './expand/init-evaluation.js';
import {createStaticEvaluation} from './expand/static-evaluation.js';
import {functionTable} from './lang/functions/index.js';
import {parseTargetAddress} from './expand/parse-address.js';
import {selectBlockInstances} from './expand/select.js';
import {
	type Assumption, type AssumptionInput, moduleMatches, readAssumptions,
} from './expand/assumptions.js';
import {evaluate} from './lang/eval/evaluate.js';
import type {Scope} from './lang/eval/scope.js';
import type {FunctionSpec} from './lang/function.js';
import {type Value, stringValue, unknownValue} from './lang/values.js';
import {type PlanOverlay, plannedValueOver} from './plan/overlay.js';
import {readPlanFile} from './plan/read-plan.js';
import {planVariables} from './plan/variables.js';
import {otherConfiguration, planCheckDiagnostics} from './plan/diagnostics.js';
import {assumptionsUnderPlan, planDisagreements, planMoveDisagreements} from './plan/predictions.js';
import type {FunctionTable} from './lang/functions/index.js';
import type {Range} from './hcl/position.js';

/*
The Workspace: a directory loaded with a set of options into the module tree, the instance tree and every diagnostic. The UI and every non-interactive command read this one object; nothing else parses or evaluates a configuration.

Loading runs in phases (parse → modules → expand) and reports progress through `onProgress`; it never throws on a bad configuration (everything wrong becomes a diagnostic) and never writes, executes or connects.
*/

export type LoadPhase = 'parse' | 'modules' | 'expand' | 'graph';

export type LoadProgress = {
	readonly phase: LoadPhase;
	readonly done: number;
	readonly total?: number;
	/**
	In the expand phase: resource instances made so far (`done` counts module instances).
	*/
	readonly resourceInstances?: number;
};

export type WorkspaceOptions = {
	readonly directory: string;
	/**
	`--var NAME=VALUE`, in command-line order; applied after every `varFiles` entry unless `variableArguments` gives the interleaving.
	*/
	readonly variables?: readonly string[];
	readonly varFiles?: readonly string[];
	/**
	`--var`/`--var-file` interleaved in command-line order, when the caller knows it: `{kind: 'var', text: 'a=1'}` / `{kind: 'var-file', path}`. Takes precedence over `variables`/`varFiles`.
	*/
	readonly variableArguments?: ReadonlyArray<{readonly kind: 'var'; readonly text: string} | {readonly kind: 'var-file'; readonly path: string}>;
	/**
	`--workspace`; otherwise `TF_WORKSPACE`, `.terraform/environment`, `default`.
	*/
	readonly workspaceName?: string;
	/**
	`--state FILE`; otherwise `terraform.tfstate` in the directory when present.
	*/
	readonly stateFile?: string;
	/**
	`--plan FILE`: the JSON of a saved plan (`terraform show -json PLANFILE`), relative to `cwd`: its variables are the root variables, its planned values replace the computed ones, its actions and reasons attach to the instances (plan/).
	*/
	readonly planFile?: string;
	/**
	`--schema FILE` (repeatable): the output of `terraform providers schema -json`; otherwise `providers-schema.json` or `.terraform/providers-schema.json` in the directory when present.
	*/
	readonly schemaFiles?: readonly string[];
	/**
	Whether the bundled provider schema digests are used (default true); the built-in `terraform` provider's always is.
	*/
	readonly bundledSchemas?: boolean;
	/**
	Environment for `TF_VAR_*`, `TF_WORKSPACE`, `TF_DATA_DIR` (default: none, so tests are hermetic; the CLI passes process.env).
	*/
	readonly environment?: Readonly<Record<string, string | undefined>>;
	/**
	The working directory for relative option paths (`--var-file`, `--state`, `--assume-file`, `--schema`; default process.cwd()).
	*/
	readonly cwd?: string;
	/**
	`path.cwd`: the directory tfscope was started in, before `--chdir` (default `cwd`), as Terraform's is the directory it was started in, before `-chdir`.
	*/
	readonly startDirectory?: string;
	/**
	`--opentofu` / `--terraform`; otherwise detected from the directory (see `chooseLanguage` in config/language.ts).
	*/
	readonly language?: LanguageMode;
	/**
	What-if assumptions, `--assume ADDRESS=EXPRESSION` (`text`) and `--assume-file FILE` (`file`, relative to `cwd`), in command-line order.
	*/
	readonly assumptions?: ReadonlyArray<{readonly kind: 'text'; readonly text: string} | {readonly kind: 'file'; readonly path: string}>;
	/**
	Where the configuration's files are read from (default: the disk): a git revision for `diff`. The file functions read through it too.
	*/
	readonly source?: ConfigSource;
	readonly onProgress?: (progress: LoadProgress) => void;
	/**
	Milliseconds of loading work between two turns of the event loop (default 16, about a frame, so a UI repaints its progress); 0 gives the event loop a turn after every step (a directory read, a resource block expanded).
	*/
	readonly sliceMilliseconds?: number;
	/**
	When the module and resource instances are made: `'load'` (default) during `loadWorkspace`, in slices, reporting the expand phase; `'on-demand'` when something first asks for them (`instances`, values, scopes, `diagnostics`), straight through and without progress, so a caller that reads only the module tree (`graph` without `--instances`) never expands; `'background'` after `loadWorkspace` returns, by `finishExpansion` in slices (the explorer opens on the module tree while the rest is made; `expanding` tells what is made so far), or at once, straight through from where it got to, when something asks for the instances first. Every result is the same either way: the instances are always made by the one walk, in the same order.
	*/
	readonly expansion?: 'load' | 'on-demand' | 'background';
	/**
	A Terragrunt unit's settings (source/terragrunt): its inputs, given as root variable values below every tfvars file, and what evaluating its configuration found. Absent, a directory holding a terragrunt.hcl is opened as that unit (its module, inputs and generated files, as `terragrunt` run there would give Terraform); `false` reads the directory as plain Terraform.
	*/
	readonly terragrunt?: TerragruntUnitSettings | false;
	/**
	`--source-map FROM=TO`: where a Terragrunt unit's remote `terraform.source` is found on disk.
	*/
	readonly sourceMappings?: readonly string[];
	/**
	`--terragrunt-env`: Terragrunt's `get_env` reads `environment` (otherwise its default).
	*/
	readonly terragruntEnvironment?: boolean;
};

export type TerragruntUnitSettings = {
	/**
	The unit's path from the estate's root (`prod/us-east-1/prod/mysql`).
	*/
	readonly unit: string;
	readonly estateRoot: string;
	readonly inputs: ReadonlyMap<string, {readonly value: Value; readonly source: string; readonly range?: Range; readonly origins?: readonly ValueOrigin[]}>;
	readonly diagnostics: readonly Diagnostic[];
	/**
	The Terragrunt files read, for snippets.
	*/
	readonly sources?: ReadonlyMap<string, string>;
};

/**
Where `evaluateAt` evaluates: a module instance, a resource instance (which binds `count.index`, `each.key`, `each.value`, `self`), an action instance (its own `count.index`/`each`, `caller` unknown) or a query list instance (its `count.index`/`each`).
*/
export type EvaluationTarget =
	| {readonly kind: 'module'; readonly instance: ModuleInstance}
	| {readonly kind: 'resource'; readonly instance: ResourceInstance}
	| {readonly kind: 'action'; readonly instance: ActionInstance}
	| {readonly kind: 'list'; readonly instance: ListInstance};

export type Workspace = {
	/**
	The directory as given in the options.
	*/
	readonly directory: string;
	readonly options: WorkspaceOptions;
	/**
	The static module tree (one node per module call).
	*/
	readonly moduleTree: ModuleNode;
	/**
	The expanded tree: module instances, resource instances, their values.
	*/
	readonly instances: InstanceTree;
	/**
	Every diagnostic: parse, load, expansion and evaluation, in a stable order (by file, then position).
	*/
	readonly diagnostics: readonly Diagnostic[];
	/**
	What `terraform console` reports before it reads an expression, each list sorted as `diagnostics`: `load`, the problems of loading the configuration (parsing, blocks, variable values, state), errors among which stop Terraform's console; and `evaluation`, those found expanding the configuration and evaluating the input variables, locals and outputs of every module instance (evaluated only when `load` has no error), which Terraform's console reports before going on. Evaluates less than `diagnostics` does: no resource bodies, no conditions.
	*/
	startDiagnostics(): {readonly load: readonly Diagnostic[]; readonly evaluation: readonly Diagnostic[]};
	/**
	File path (as diagnostics name it) to its text, for snippets and the Details pane.
	*/
	readonly sources: ReadonlyMap<string, string>;
	/**
	`terraform.workspace`.
	*/
	readonly workspaceName: string;
	/**
	The language the configuration is read as (Terraform or OpenTofu), and why.
	*/
	readonly language: LanguageChoice;
	/**
	Resolves a module instance or resource instance address (`module.net["eu"]`, `aws_subnet.this["a"]`, `` for the root); an error diagnostic when nothing has that address.
	*/
	resolveTarget(address?: string): Result<EvaluationTarget | undefined>;
	/**
	The console's entry point: evaluates an expression in the scope of `address` (default: the root module instance), with real values for impure functions as `terraform console` gives.
	*/
	evaluateAt(expressionText: string, address?: string): Result<Value>;
	/**
	The evaluator scope at `address` (default: the root module instance), for the console: impure functions give real values.
	*/
	scopeAt(address?: string): Result<Scope | undefined>;
	/**
	The scope the engine evaluates in (impure functions unknown, as in every value it computes): a module instance's, a resource instance's, or where a module instance's inputs are evaluated (`inputs`). For provenance traces, which re-evaluate what the engine evaluated.
	*/
	evaluationScope(target: ScopeTarget): Scope;
	/**
	Root input variable values as given (tfvars files, `TF_VAR_*`, `--var`), by name, each with where it came from: the last one given wins.
	*/
	readonly rootVariables: ReadonlyMap<string, RawVariableValue>;
	/**
	The assumptions in force, in the order given.
	*/
	readonly assumptions: readonly Assumption[];
	/**
	The same configuration with other assumptions: the parsed modules are reused, only expansion runs again (the explorer's `:assume`).
	*/
	withAssumptions(assumptions: NonNullable<WorkspaceOptions['assumptions']>): Promise<Workspace>;
	/**
	With `expansion: 'background'`, while instances are still being made: how far the walk has got and what it has made (`partial`, which reading computes nothing). Undefined once every instance is made, and in the other modes.
	*/
	readonly expanding: ExpandProgress | undefined;
	/**
	Makes the instances not made yet, `sliceMilliseconds` of work at a time (default: the load's slice) between turns of the event loop, reporting the expand phase through `onProgress`; resolves once every instance is made (at once when they are), or when `signal` is aborted, at the end of a slice: the walk then stays where it is (the explorer quitting half-way does not wait for it), and anything that reads the instances later makes the rest.
	*/
	finishExpansion(sliceMilliseconds?: number, signal?: AbortSignal): Promise<void>;
	/**
	The saved plan laid over the configuration (`planFile`), when it was read.
	*/
	readonly plan: PlanOverlay | undefined;
	/**
	Why `planFile` could not be read (one line), when it could not: the Workspace then has no plan (and an error diagnostic says so).
	*/
	readonly planProblem: string | undefined;
	/**
	When `planFile` was made from another configuration: the error that says how (`plan` is then undefined).
	*/
	readonly otherPlan?: Diagnostic;
};

export {type ModuleNode} from './config/module-tree.js';
export type {
	InstanceTree, ModuleInstance, ResourceInstance, ResourceExpansion, ModuleCallExpansion, ConditionResult,
} from './expand/instance-tree.js';

/**
Loads a directory into a Workspace. Never rejects for problems in the configuration; they are diagnostics.

Expansion (every module and resource instance) happens here; values are computed on demand, and reading `diagnostics` evaluates everything once so it holds every problem.
*/
export async function loadWorkspace(options: WorkspaceOptions): Promise<Workspace> {
	if (options.terragrunt === undefined && isTerragruntUnit(options)) {
		const {loadUnitWorkspace} = await import('./terragrunt/unit-workspace.js');
		return loadUnitWorkspace(options);
	}

	const environment = options.environment ?? {};
	const cwd = options.cwd ?? process.cwd();
	const directory = options.directory;
	const progress = options.onProgress;
	progress?.({phase: 'parse', done: 0});
	const slice = options.sliceMilliseconds ?? defaultSliceMilliseconds;
	const language = chooseLanguage(directory, options.language, options.source);
	const variableArguments = options.variableArguments ?? [
		...(options.varFiles ?? []).map(file => ({kind: 'var-file' as const, path: file})),
		...(options.variables ?? []).map(text => ({kind: 'var' as const, text})),
	];
	const unitInputs = options.terragrunt ? new Map([...options.terragrunt.inputs].map(([name, input]) => [name, {kind: 'value', ...input} as const])) : undefined;
	const given = collectRootVariables(directory, environment, variableArguments, cwd, options.source, unitInputs);
	const planRead = options.planFile === undefined ? undefined : readPlanFile(options.planFile, cwd);
	const readPlan = planRead?.ok ? planRead.overlay : undefined;
	const plainFunctions = functionTable(language.rules.functions);
	let functions = withPlanTimestamp(plainFunctions, readPlan);
	// Under a plan, its variables are the root variables (plan/variables.ts).
	const planned = readPlan ? planVariables(readPlan, given.values, functions.lookup, directory) : undefined;
	let collected = planned ? {...given, values: planned.values, diagnostics: [...given.diagnostics, ...planned.diagnostics]} : given;
	if (planRead && !planRead.ok) {
		collected.diagnostics.push(errorDiagnostic('Cannot read plan', planRead.message));
	}

	const workspaceName = options.workspaceName ?? environment['TF_WORKSPACE'] ?? readEnvironmentFile(directory, environment, options.source) ?? 'default';
	// OpenTofu evaluates module sources from variables and locals before loading the modules they name.
	const staticEvaluation = language.rules.staticModuleSources
		? createStaticEvaluation({
			rootDirectory: directory, cwd, ...(options.startDirectory !== undefined && {startDirectory: options.startDirectory}), workspaceName, rootVariables: collected.values, functions: functions.lookup, functionNames: functions.names, mismatchWording: language.rules.mismatchWording,
		})
		: undefined;
	// Terraform 1.15+ evaluates them as its init walk does, from const variables.
	const initEvaluation = language.rules.initModuleSources
		? createInitEvaluation({
			rootDirectory: directory, cwd, ...(options.startDirectory !== undefined && {startDirectory: options.startDirectory}), rootVariables: collected.values, functions: functions.lookup, functionNames: functions.names, mismatchWording: language.rules.mismatchWording,
		})
		: undefined;
	const staticScope = staticEvaluation?.root ?? initEvaluation?.root;
	const tree = await driveInSlices(loadModuleTreeSteps(directory, {environment, rules: language.rules, source: options.source, ...(staticScope && {staticScope})}), slice, count => progress?.({phase: 'modules', done: count}));
	// A plan of another configuration is reported and not laid over this one at all: no variables, values or actions of it.
	const otherPlan = readPlan ? otherConfiguration(readPlan, tree.root) : undefined;
	const plan = otherPlan ? undefined : readPlan;
	if (otherPlan) {
		functions = plainFunctions;
		collected = {...given, diagnostics: [...given.diagnostics, otherPlan]};
	}
	const stateFile = options.stateFile ?? path.join(directory, 'terraform.tfstate');
	// An OpenTofu encrypted state is decrypted with what the root module's encryption block (and TF_ENCRYPTION) give statically.
	const rootModule = tree.root.module;
	const encryptionBlocks = () => rootModule.terraform.blocks.flatMap(block => blocksOf(block.body, 'encryption'));
	const staticEvaluator = staticEvaluation && ((expression: Expression, requiredBy: string) => staticEvaluation.evaluateInRoot(rootModule, expression, requiredBy));
	const decryption = () => stateMethods(encryptionBlocks(), environment['TF_ENCRYPTION'], staticEvaluator);
	// terraform_remote_state of an encrypted state: the remote_state_data_sources target, per data source.
	const remoteStateDecryption = (key: string) => stateMethods(encryptionBlocks(), environment['TF_ENCRYPTION'], staticEvaluator, {kind: 'remote-state', key});
	const state = readState(options.stateFile ? path.resolve(cwd, options.stateFile) : stateFile, options.stateFile === undefined, options.source, decryption);
	// The provider versions the lock file selected tell how far a bundled digest is trusted.
	const schemas = loadSchemaSet({files: schemaFilesFor(directory, options.schemaFiles, cwd), bundled: options.bundledSchemas ?? true, locked: readLockFile(directory, options.source), dataStore: language.rules.dataStore});
	// Everything after the parse: run again, from the same parsed modules, when the assumptions change.
	const expand = async (assumptionInputs: WorkspaceOptions['assumptions']): Promise<Workspace> => {
	const pinned = assumptionsOf(assumptionInputs, cwd, functions.lookup);
	// Under a plan, an assumption the plan contradicts is warned, and the plan's value wins.
	const underPlan = plan ? assumptionsUnderPlan(plan, pinned.assumptions, tree.root) : undefined;
	const assumed = underPlan ? {assumptions: underPlan.kept, diagnostics: [...pinned.diagnostics, ...underPlan.diagnostics]} : pinned;
	const expansionSteps = () => expandModuleTreeSteps(tree.root, {
		rootDirectory: directory,
		cwd,
		...(options.startDirectory !== undefined && {startDirectory: options.startDirectory}),
		workspaceName,
		rootVariables: collected.values,
		state: state.state,
		readRemoteState: file => {
			const read = readTextFrom(options.source, file, maximumStateFileBytes);
			return read.ok ? read : {ok: false};
		},
		remoteStateDecryption,
		functions: functions.lookup,
		functionNames: functions.names,
		mismatchWording: language.rules.mismatchWording,
		...(language.rules.equalsNullShallowMarks && {equalsNullShallowMarks: true}),
		filesystem: options.source ?? createNodeFilesystem({cwd}),
		assumptions: assumed.assumptions,
		schemas: schemas.schemas,
		...(language.rules.actions && {actions: language.rules.actions}),
		...(language.rules.listReferences && {listsReserved: true}),
		...(plan && {planned: (address: string, computed: Value) => plannedValueOver(plan, address, computed)}),
	});
	const reportExpansion = (step: ExpandProgress) => progress?.({phase: 'expand', done: step.moduleInstances, resourceInstances: step.resourceInstances});
	let expansion: Expanded | undefined;
	// In the background mode: the walk under way, and its last step.
	let walk: Generator<ExpandProgress, Expanded, void> | undefined;
	let lastStep: ExpandProgress | undefined;
	const walkStep = (): void => {
		let step: IteratorResult<ExpandProgress, Expanded>;
		try {
			step = walk!.next();
		} catch (error) {
			// A walk that threw is over: a later call starts a new one rather than reading a finished generator's undefined result.
			walk = undefined;
			lastStep = undefined;
			throw error;
		}

		if (step.done) {
			expansion = step.value;
			walk = undefined;
			lastStep = undefined;
		} else {
			lastStep = step.value;
		}
	};

	if (options.expansion === 'background') {
		walk = expansionSteps();
		// One step, so `expanding` has the walk's partial tree from the start.
		walkStep();
	} else if (options.expansion !== 'on-demand') {
		expansion = await driveInSlices(expansionSteps(), slice, reportExpansion);
	}

	// The instances, made on first use when loading did not make them: the walk under way goes on from where it is.
	const expanded = (): Expanded => {
		if (!expansion) {
			expansion = runToEnd(walk ?? expansionSteps());
			walk = undefined;
			lastStep = undefined;
		}

		return expansion;
	};

	const finishExpansion = async (sliceMilliseconds = slice, signal?: AbortSignal): Promise<void> => {
		// The rest of the walk, a step at a time, until it ends here, something made the rest at once (`expanded`), or the caller stops.
		function * rest(): Generator<ExpandProgress, void, void> {
			if (!expansion) {
				walk ??= expansionSteps();
			}

			while (!expansion && signal?.aborted !== true) {
				walkStep();
				if (lastStep) {
					yield lastStep;
				}
			}
		}

		await driveInSlices(rest(), sliceMilliseconds, reportExpansion);
		if (expansion) {
			loadDiagnosticsOf();
		}
	};

	const sources = new Map([...(options.terragrunt ? options.terragrunt.sources ?? [] : []), ...tree.sources, ...collected.sources]);
	let loadDiagnostics: Diagnostic[] | undefined;
	// After the expansion, as when loading makes the instances: the assumptions that name nothing are found in them.
	const loadDiagnosticsOf = (): Diagnostic[] => {
		if (!loadDiagnostics) {
			const {tree: instances} = expanded();
			loadDiagnostics = [...(options.terragrunt ? options.terragrunt.diagnostics : []), ...tree.diagnostics, ...(staticEvaluation?.settings(tree.root.module) ?? []), ...checkRefactoringBlocks(tree.root, language.rules), ...collected.diagnostics, ...state.diagnostics, ...assumed.diagnostics, ...unusedAssumptions(assumed.assumptions, instances), ...schemas.diagnostics, ...(plan ? [...planDisagreements(plan, instances), ...planMoveDisagreements(plan, tree.root)] : [])];
		}

		return loadDiagnostics;
	};

	if (expansion) {
		loadDiagnosticsOf();
	}

	let allDiagnostics: Diagnostic[] | undefined;
	// What loading found, with the warnings on the variable values given: the part of `diagnostics` that needs no evaluation, also reported alone at the console's start.
	const problemsOfLoading = (): Diagnostic[] => [...loadDiagnosticsOf(), ...undeclaredVariableWarnings(tree.root, collected.values), ...deprecationWarnings(tree.root, collected.values, language.rules.mode)];
	const workspace: Workspace = {
		directory,
		options,
		moduleTree: tree.root,
		get instances() {
			return expanded().tree;
		},
		get diagnostics() {
			if (!allDiagnostics) {
				expanded().evaluateAll();
				// The plan's failed checks, after tfscope's own (which they do not repeat).
				allDiagnostics = sortDiagnostics([...problemsOfLoading(), ...expanded().diagnostics, ...(plan ? planCheckDiagnostics(plan, tree.root, expanded().tree) : [])]);
			}

			return allDiagnostics;
		},
		startDiagnostics() {
			const load = sortDiagnostics(problemsOfLoading());
			if (load.some(diagnostic => diagnostic.severity === 'error')) {
				return {load, evaluation: []};
			}

			for (const instance of expanded().tree.moduleInstances.values()) {
				const {module} = instance.node;
				for (const name of module.variables.keys()) {
					instance.variable(name);
				}

				for (const name of module.locals.keys()) {
					instance.local(name);
				}

				for (const name of module.outputs.keys()) {
					instance.output(name);
				}
			}

			return {load, evaluation: sortDiagnostics(expanded().diagnostics)};
		},
		sources,
		workspaceName,
		language,
		resolveTarget(address) {
			return resolveTarget(expanded().tree, address);
		},
		evaluateAt(expressionText, address) {
			const target = resolveTarget(expanded().tree, address);
			if (!target.value) {
				return {value: unknownValue(), diagnostics: target.diagnostics};
			}

			const parsed = parseExpression(expressionText, '<console-input>');
			if (parsed.diagnostics.some(diagnostic => diagnostic.severity === 'error')) {
				return {value: unknownValue(), diagnostics: parsed.diagnostics};
			}

			return evaluate(parsed.value, expanded().scopeOf(target.value, true));
		},
		scopeAt(address) {
			const target = resolveTarget(expanded().tree, address);
			return {value: target.value ? expanded().scopeOf(target.value, true) : undefined, diagnostics: target.diagnostics};
		},
		evaluationScope(target) {
			return expanded().scopeOf(target, false);
		},
		rootVariables: collected.values,
		assumptions: assumed.assumptions,
		async withAssumptions(assumptions) {
			return expand(assumptions);
		},
		get expanding() {
			return lastStep;
		},
		finishExpansion,
		plan,
		...(otherPlan && {otherPlan}),
		planProblem: planRead && !planRead.ok ? planRead.message : undefined,
	};
	return workspace;
	};

	return expand(options.assumptions);
}

/**
How long loading runs before it gives the event loop a turn: about one frame, so a UI repaints its progress while the load goes on.
*/
const defaultSliceMilliseconds = 16;

/**
Runs a step generator to its end, giving the event loop a turn (`setImmediate`) after each slice of `sliceMilliseconds`, and reporting the latest progress at each turn and at the end.
*/
export async function driveInSlices<Progress, Result>(steps: Generator<Progress, Result, void>, sliceMilliseconds: number, report: (progress: Progress) => void): Promise<Result> {
	// Date.now, not performance.now: the first use of `performance` loads node:perf_hooks, a few milliseconds of every start.
	let sliceStart = Date.now();
	let last: {readonly progress: Progress} | undefined;
	for (;;) {
		const step = steps.next();
		if (step.done) {
			if (last) {
				report(last.progress);
			}

			return step.value;
		}

		last = {progress: step.value};
		if (Date.now() - sliceStart >= sliceMilliseconds) {
			report(step.value);
			last = undefined;
			// eslint-disable-next-line no-await-in-loop -- one slice after another, by design
			await new Promise<void>(resolve => {
				setImmediate(resolve);
			});
			sliceStart = Date.now();
		}
	}
}

/**
Reads the assumptions of the options: `--assume` texts and `--assume-file` files (a file that cannot be read is a diagnostic).
*/
function assumptionsOf(entries: WorkspaceOptions['assumptions'], cwd: string, functions: (name: string) => FunctionSpec | undefined): {assumptions: Assumption[]; diagnostics: Diagnostic[]} {
	const inputs: AssumptionInput[] = [];
	const diagnostics: Diagnostic[] = [];
	for (const entry of entries ?? []) {
		if (entry.kind === 'text') {
			inputs.push(entry);
			continue;
		}

		// Through the one file reader: a FIFO or a device named here is refused without blocking, as every other file is.
		const read = readTextWithLimit(path.resolve(cwd, entry.path), maximumAssumptionFileBytes);
		if (read.ok) {
			inputs.push({kind: 'file', name: entry.path, text: read.text});
		} else if (read.failure.kind === 'too-large') {
			diagnostics.push(errorDiagnostic('Assumption file too large', `${describeReadFailure(read.failure, entry.path)}.`));
		} else {
			diagnostics.push(errorDiagnostic('Cannot read assumption file', `${describeReadFailure(read.failure, entry.path)}.`));
		}
	}

	const read = readAssumptions(inputs, functions);
	return {assumptions: read.assumptions, diagnostics: [...diagnostics, ...read.diagnostics]};
}

const maximumAssumptionFileBytes = 10_000_000;

/**
Under a plan, `plantimestamp()` is the plan's `timestamp`, as Terraform evaluates the configuration during that plan.
*/
function withPlanTimestamp(table: FunctionTable, plan: PlanOverlay | undefined): FunctionTable {
	const timestamp = plan?.timestamp;
	if (timestamp === undefined) {
		return table;
	}

	const original = table.lookup('plantimestamp');
	if (!original) {
		return table;
	}

	const fixed: FunctionSpec = {...original, impl: () => stringValue(timestamp)};
	return {...table, lookup: name => (name === 'plantimestamp' ? fixed : table.lookup(name))};
}

/**
An assumption that names nothing in the configuration is a warning (a typo would otherwise pin nothing, silently).
*/
export function unusedAssumptions(assumptions: readonly Assumption[], instances: InstanceTree): Diagnostic[] {
	const diagnostics: Diagnostic[] = [];
	for (const assumption of assumptions) {
		const {target} = assumption;
		const used = target.kind === 'resource'
			? [...instances.resources.values()].some(resource => resource.block.key === target.resource && moduleMatches(target.module, resource.address.module))
			: [...instances.moduleInstances.values()].some(instance => instance.node.module.variables.has(target.name) && moduleMatches(target.module, instance.address));
		if (!used) {
			diagnostics.push(warningDiagnostic('Assumption names nothing', `${assumption.address} (from ${assumption.source}) is not a resource, data source or variable of this configuration, so it pins nothing.`, assumption.range));
		}
	}

	return diagnostics;
}

/**
Whether the directory is a Terragrunt unit (holds a terragrunt.hcl file), read through the options' source.
*/
function isTerragruntUnit(options: WorkspaceOptions): boolean {
	const file = path.join(options.directory, 'terragrunt.hcl');
	const found = options.source ? options.source.stat(file) : statKind(file);
	// A unit a terragrunt.stack.hcl generates into `.terragrunt-stack` exists in memory only: the estate finds it (terragrunt/unit-workspace.ts).
	return found?.kind === 'file' || (found === undefined && path.resolve(options.directory).split(path.sep).includes('.terragrunt-stack'));
}

function statKind(file: string): {readonly kind: 'file' | 'other'} | undefined {
	try {
		return {kind: statSync(file).isFile() ? 'file' : 'other'};
	} catch {
		return undefined;
	}
}

function readEnvironmentFile(directory: string, environment: Readonly<Record<string, string | undefined>>, source: ConfigSource | undefined): string | undefined {
	// A workspace name is short; a bigger file (or a FIFO, a device) is not one and is ignored, as a missing file is.
	const read = readTextFrom(source, path.join(dataDirectory(directory, environment), 'environment'), 64 * 1024);
	const text = read.ok ? read.text.trim() : '';
	return text === '' ? undefined : text;
}

function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
	return diagnostics.map((diagnostic, index) => ({diagnostic, index})).sort((a, b) => {
		const left = a.diagnostic.subject;
		const right = b.diagnostic.subject;
		if (!left || !right) {
			return (left ? 1 : 0) - (right ? 1 : 0) || a.index - b.index;
		}

		if (left.filename !== right.filename) {
			return left.filename < right.filename ? -1 : 1;
		}

		return left.start.offset - right.start.offset || a.index - b.index;
	}).map(({diagnostic}) => diagnostic);
}

function undeclaredVariableWarnings(root: ModuleNode, values: ReadonlyMap<string, RawVariableValue>): Diagnostic[] {
	const diagnostics: Diagnostic[] = [];
	for (const [name, value] of values) {
		// Terragrunt passes every input as TF_VAR_ (Terraform ignores those no variable declares).
		if (!root.module.variables.has(name) && !value.source.startsWith('environment') && value.kind !== 'value') {
			diagnostics.push(warningDiagnostic('Value for undeclared variable', `The root module does not declare a variable named "${name}" but a value was found in ${value.source}. To use this value, add a "variable" block to the configuration.`, value.kind === 'expression' ? value.expression.range : undefined));
		}
	}

	return diagnostics;
}

/**
The module instance or resource instance an address names.
*/
export function resolveTarget(tree: InstanceTree, address = ''): Result<EvaluationTarget | undefined> {
	const parsed = parseTargetAddress(address);
	if (!parsed.ok) {
		return {value: undefined, diagnostics: [errorDiagnostic('Invalid address', `${address}: ${parsed.message}`)]};
	}

	const target = parsed.address;
	if (target.kind === 'action' || target.kind === 'list') {
		const {kind, key} = target;
		// One instance: a key the block has, or no key for a block without count/for_each.
		const found = selectBlockInstances(tree, target).find(instance => keysEqual(instance.key, key));
		if (!found) {
			return {value: undefined, diagnostics: [errorDiagnostic(`No such ${kind} instance`, `There is no ${kind} instance ${address} in this configuration.`)]};
		}

		return {value: 'action' in found ? {kind: 'action', instance: found} : {kind: 'list', instance: found}, diagnostics: []};
	}

	if (target.kind === 'module') {
		const instance = tree.moduleInstances.get(formatModuleInstance(target.module));
		return instance
			? {value: {kind: 'module', instance}, diagnostics: []}
			: {value: undefined, diagnostics: [errorDiagnostic('No such module instance', `There is no module instance ${address} in this configuration.`)]};
	}

	const instance = tree.resourceInstances.get(formatResourceInstance(target.resource));
	return instance
		? {value: {kind: 'resource', instance}, diagnostics: []}
		: {value: undefined, diagnostics: [errorDiagnostic('No such resource instance', `There is no resource instance ${address} in this configuration.`)]};
}
