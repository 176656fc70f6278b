import path from 'node:path';
import {
	type Attribute, type Block, type Body, type Expression, blocksOf, findAttribute,
} from '../hcl/ast.js';
import {type Diagnostic, errorDiagnostic} from '../hcl/diagnostics.js';
import type {Range} from '../hcl/position.js';
import {evaluate} from '../lang/eval/evaluate.js';
import {createScope} from '../lang/eval/scope.js';
import {evaluationReferenceDiagnostics} from '../lang/eval/context.js';
import {FunctionError} from '../lang/function.js';
import type {Reference} from '../lang/references.js';
import {
	type Value, boolValue, isWhollyKnown, objectValue, stringValue, unknownValue,
} from '../lang/values.js';
import {
	type FunctionClass, type TerragruntFunctionContext, terragruntFunctionClasses, terragruntFunctions,
} from './functions.js';
import {attributesOf, deepMergeValues, shallowMergeValues} from './merge.js';
import type {UnitAutoinclude} from './stack.js';

/*
One Terragrunt configuration file evaluated as Terragrunt evaluates it (pkg/config/config.go, include.go, locals.go, dependency.go at gruntwork-io/terragrunt 286a33c), in its parse order:
1. `include` blocks: their `path` (functions only), then each included file, evaluated as its child (`get_terragrunt_dir()` is the child's);
2. `locals`, which may read exposed includes;
3. `feature` defaults, `dependency` blocks (their `config_path`, `mock_outputs`...), whose outputs the estate answers;
4. everything else: `terraform`, `inputs`, `generate`, `remote_state`, `dependencies`, `exclude`;
5. an autoinclude (a stack's `autoinclude` block, or a `terragrunt.autoinclude.hcl` beside the file) merged over the child, shallow, the autoinclude winning; its dependency blocks replace the child's of the same name before any output is read (mergeAutoIncludeIfPresent, foldSiblingAutoIncludeDeps);
6. the includes merged in (no_merge, shallow, deep), bottom-most include first so that later ones win and the child (with its autoinclude) wins over all.
Nothing is run: the function table (functions.ts) never calls a program or a service.
*/

export type MergeStrategy = 'no_merge' | 'shallow' | 'deep';

export type InputEntry = {
	readonly value: Value;
	/**
	The attribute of `inputs` that set it (an item of an object constructor, or the whole `inputs` attribute).
	*/
	readonly range: Range | undefined;
	/**
	The item's value expression, when `inputs` is an object constructor.
	*/
	readonly expression?: Expression;
	readonly file: string;
};

export type GenerateBlock = {
	readonly name: string;
	readonly path: string | undefined;
	readonly contents: string | undefined;
	readonly ifExists: string;
	readonly disabled: boolean;
	readonly range: Range;
};

export type DependencyBlock = {
	readonly name: string;
	/**
	The target unit's directory, absolute.
	*/
	readonly configPath: string | undefined;
	readonly enabled: boolean;
	readonly skipOutputs: boolean;
	readonly mockOutputs: Value | undefined;
	readonly mockAllowedCommands: readonly string[] | undefined;
	readonly mockMergeStrategy: string;
	readonly range: Range;
};

/**
What a `dependency.NAME` reads: the outputs object and, for each output, whether it came from the target's configuration (`static`), the block's `mock_outputs` (`mock`) or nowhere (`unknown`: needs `terragrunt output`).
*/
export type DependencyOutputs = {
	readonly outputs: Value;
	readonly tiers: ReadonlyMap<string, 'static' | 'mock' | 'unknown'>;
};

export type FunctionUse = {
	readonly name: string;
	readonly functionClass: Exclude<FunctionClass, 'safe'>;
	readonly range: Range;
};

export type IncludeInfo = {
	readonly name: string;
	readonly path: string | undefined;
	readonly expose: boolean;
	readonly mergeStrategy: MergeStrategy;
	readonly range: Range;
};

export type TerragruntConfig = {
	readonly path: string;
	readonly locals: ReadonlyMap<string, Value>;
	readonly inputs: ReadonlyMap<string, InputEntry>;
	readonly source: {readonly value: Value; readonly range: Range} | undefined;
	readonly generate: ReadonlyMap<string, GenerateBlock>;
	readonly remoteState: {readonly backend: string | undefined; readonly config: Value; readonly generate: {readonly path: string; readonly ifExists: string} | undefined; readonly range: Range} | undefined;
	readonly dependencies: ReadonlyMap<string, DependencyBlock>;
	/**
	`dependencies { paths }`: absolute directories, ordering only.
	*/
	readonly dependencyPaths: readonly string[];
	/**
	The `exclude` block (exclude.go): the child's replaces an included file's.
	*/
	readonly exclude: ExcludeSetting | undefined;
	readonly includes: readonly IncludeInfo[];
	readonly dependencyTiers: ReadonlyMap<string, ReadonlyMap<string, 'static' | 'mock' | 'unknown'>>;
};

export type ExcludeSetting = {
	/**
	`if`; undefined when it is not known (a value only a run knows).
	*/
	readonly if: boolean | undefined;
	readonly actions: readonly string[];
	readonly excludeDependencies: boolean;
	readonly noRun: boolean | undefined;
	readonly range: Range;
};

export type ParsedFile = {readonly body: Body | undefined; readonly diagnostics: readonly Diagnostic[]; readonly text: string};

export type ConfigEnvironment = {
	/**
	Parses a file (cached by the estate); a missing file gives `body: undefined` and a diagnostic.
	*/
	readonly parse: (filePath: string) => ParsedFile;
	readonly exists: (filePath: string) => boolean;
	readonly listFiles?: (directory: string) => readonly string[];
	readonly repoRoot: string | undefined;
	readonly workingDirectory: string;
	readonly environment: Readonly<Record<string, string | undefined>>;
	readonly realEnvironment: boolean;
	/**
	The outputs of the unit in `directory`, as a `dependency` block reads them (the estate's three tiers).
	*/
	readonly dependencyOutputs: (block: DependencyBlock, from: string) => DependencyOutputs;
	readonly readTfvars: (filePath: string) => Value;
	/**
	`read_terragrunt_config` results that do not depend on the unit reading them, shared by every unit of an estate.
	*/
	readonly readCache?: Map<string, Value>;
	/**
	`values` in a file of `directory`: its `terragrunt.values.hcl`, written by a stack (in memory or by `terragrunt stack generate`); undefined when there is none.
	*/
	readonly values?: (directory: string) => Value | undefined;
	/**
	The autoinclude merged over the unit in `directory`: the `autoinclude` block of the stack's `unit` block that generates it, or a `terragrunt.autoinclude.hcl` file beside it.
	*/
	readonly autoinclude?: (directory: string) => AutoincludeSource | undefined;
};

export type AutoincludeSource = {readonly kind: 'block'; readonly autoinclude: UnitAutoinclude} | {readonly kind: 'file'; readonly path: string};

export type EvaluatedConfig = {
	readonly config: TerragruntConfig;
	/**
	The config as an object, as `read_terragrunt_config` and an exposed `include` read it.
	*/
	readonly value: Value;
	readonly diagnostics: readonly Diagnostic[];
	readonly functionUses: readonly FunctionUse[];
	readonly filesRead: readonly string[];
};

export type EvaluationState = {
	readonly diagnostics: Diagnostic[];
	readonly functionUses: Map<string, FunctionUse>;
	readonly filesRead: Set<string>;
	depth: number;
	/**
	An autoinclude will be merged over the unit: a `values.x` the values file lacks is no error (the autoinclude may set that input: Terragrunt defers "Unsupported attribute" errors to the merge, decodeAsTerragruntConfigFile).
	*/
	autoinclude?: boolean;
};

type State = EvaluationState;

const maximumDepth = 16;

/**
Evaluates the unit config at `configPath` (a terragrunt.hcl).
*/
export function evaluateUnitConfig(configPath: string, environment: ConfigEnvironment): EvaluatedConfig {
	const state: State = {diagnostics: [], functionUses: new Map(), filesRead: new Set(), depth: 0};
	const autoinclude = environment.autoinclude?.(path.dirname(configPath));
	state.autoinclude = autoinclude !== undefined;
	const unit = new FileEvaluation(configPath, configPath, undefined, environment, state, true);
	if (autoinclude) {
		unit.mergeAutoinclude(autoinclude.kind === 'file'
			? new FileEvaluation(autoinclude.path, configPath, undefined, environment, state, true)
			: new FileEvaluation(autoinclude.autoinclude.stackFile, configPath, undefined, environment, state, true, {body: autoinclude.autoinclude.body, configPath, scope: autoinclude.autoinclude.scope}));
	}

	const evaluated = unit.result();
	return {
		config: evaluated.config, value: evaluated.value, diagnostics: state.diagnostics, functionUses: [...state.functionUses.values()], filesRead: [...state.filesRead],
	};
}

type FileResult = {config: TerragruntConfig; value: Value};

function emptyConfig(filePath: string): TerragruntConfig {
	return {
		path: filePath, locals: new Map(), inputs: new Map(), source: undefined, generate: new Map(), remoteState: undefined, dependencies: new Map(), dependencyPaths: [], exclude: undefined, includes: [], dependencyTiers: new Map(),
	};
}

type Scope = ReturnType<typeof createScope>;

/**
What the files of one parse share: the dependency values, read once for the child and every file it includes (Terragrunt merges the dependency blocks of the includes into the child's before reading any output: handleIncludeForDependency).
*/
type DependencyHub = {
	value(name: string): Value | undefined;
	readonly tiers: Map<string, ReadonlyMap<string, 'static' | 'mock' | 'unknown'>>;
};

/**
One file of a parse: the child, an included file (evaluated as its child), or a file `read_terragrunt_config` reads. Its parts are evaluated when first needed, so an included file's locals can be read before its inputs (which may read dependencies).
*/
class FileEvaluation {
	readonly filePath: string;
	readonly configPath: string;
	readonly body: Body | undefined;
	readonly includes: IncludeInfo[] = [];
	readonly included: Array<{info: IncludeInfo; file: FileEvaluation}> = [];
	readonly scope: Scope;
	readonly #environment: ConfigEnvironment;
	readonly #state: State;
	readonly #originalConfigPath: string;
	readonly #localAttributes = new Map<string, Attribute>();
	readonly #locals = new Map<string, Value>();
	readonly #evaluating = new Set<string>();
	readonly #features = new Map<string, Value>();
	readonly #includePaths: Map<string, string>;
	#hub: DependencyHub | undefined;
	#ownDependencies: Map<string, DependencyBlock> | undefined;
	#result: FileResult | undefined;
	#resultStarted = false;
	#autoinclude: FileEvaluation | undefined;

	/**
	`block`: a stack's autoinclude block read as a file of the unit at `block.configPath`, in the scope the stack gives it.
	*/
	constructor(filePath: string, originalConfigPath: string, include: {readonly path: string; readonly childConfigPath: string; readonly includePaths: ReadonlyMap<string, string>} | undefined, environment: ConfigEnvironment, state: State, handleIncludes: boolean, block?: {readonly body: Body; readonly configPath: string; readonly scope: UnitAutoinclude['scope']}) {
		this.filePath = filePath;
		this.configPath = block?.configPath ?? include?.childConfigPath ?? filePath;
		this.#environment = environment;
		this.#state = state;
		this.#originalConfigPath = originalConfigPath;
		this.#includePaths = new Map(include?.includePaths ?? []);
		state.filesRead.add(filePath);
		if (block) {
			this.body = block.body;
			this.scope = block.scope(reference => this.#resolve(reference), state);
		} else {
			const parsed = environment.parse(filePath);
			state.diagnostics.push(...parsed.diagnostics);
			this.body = parsed.body;
			this.scope = this.#makeScope(reference => this.#resolve(reference), include?.path);
		}

		if (!this.body) {
			return;
		}

		noteFunctionUses(this.body, state);
		for (const locals of block ? [] : blocksOf(this.body, 'locals')) {
			for (const item of locals.body.items) {
				if (item.kind === 'Attribute') {
					this.#localAttributes.set(item.name, item);
				}
			}
		}

		if (handleIncludes && blocksOf(this.body, 'include').length > 0) {
			this.#readIncludes(block ? this.scope : this.#makeScope(undefined, include?.path));
		}

		for (const block of blocksOf(this.body, 'feature')) {
			this.#features.set(block.labels[0] ?? '', attributeValue(block.body, 'default', this.scope, state) ?? unknownValue());
		}
	}

	#readIncludes(bare: Scope): void {
		const blocks = blocksOf(this.body!, 'include');
		for (const block of blocks) {
			const name = block.labels[0] ?? '';
			if (blocks.length > 1 && name === '') {
				this.#state.diagnostics.push(errorDiagnostic('Bare include among several', 'Only one include block may have no label when there are several (Terragrunt: MultipleBareIncludeBlocksErr).', block.typeRange));
			}

			const pathValue = attributeValue(block.body, 'path', bare, this.#state);
			const includePath = pathValue?.kind === 'string' ? path.resolve(path.dirname(this.configPath), pathValue.value) : undefined;
			if (pathValue !== undefined && includePath === undefined) {
				this.#state.diagnostics.push(errorDiagnostic('Include path not known', `The path of include "${name}" is not a known string, so the included configuration is not read.`, findAttribute(block.body, 'path')?.expression.range ?? block.typeRange));
			}

			if (includePath !== undefined) {
				this.#includePaths.set(name, includePath);
			}

			const expose = attributeValue(block.body, 'expose', bare, this.#state);
			const strategyValue = attributeValue(block.body, 'merge_strategy', bare, this.#state);
			const strategy = strategyValue?.kind === 'string' ? strategyValue.value : 'shallow';
			if (strategy !== 'no_merge' && strategy !== 'shallow' && strategy !== 'deep') {
				this.#state.diagnostics.push(errorDiagnostic('Invalid merge strategy', `merge_strategy must be one of no_merge, shallow or deep; "${strategy}" was given.`, findAttribute(block.body, 'merge_strategy')?.expression.range));
			}

			this.includes.push({
				name, path: includePath, expose: expose?.kind === 'bool' && expose.value, mergeStrategy: strategy === 'no_merge' || strategy === 'deep' ? strategy : 'shallow', range: block.typeRange,
			});
		}

		for (const info of this.includes) {
			if (info.path === undefined) {
				continue;
			}

			if (!this.#environment.exists(info.path)) {
				this.#state.diagnostics.push(errorDiagnostic('Included file not found', `include "${info.name}": ${info.path} does not exist.`, info.range));
				continue;
			}

			const file = new FileEvaluation(info.path, this.#originalConfigPath, {path: info.path, childConfigPath: this.configPath, includePaths: this.#includePaths}, this.#environment, this.#state, false);
			const nested = file.body ? blocksOf(file.body, 'include') : [];
			if (nested.length > 0) {
				this.#state.diagnostics.push(errorDiagnostic('Nested include', `${info.path} has include blocks of its own; Terragrunt reads only one level of includes (TooManyLevelsOfInheritanceError).`, nested[0]!.typeRange));
			}

			this.included.push({info, file});
		}

		// One hub for the child and its includes.
		const hub = this.#makeHub();
		this.#hub = hub;
		for (const {file} of this.included) {
			file.#hub = hub;
		}
	}

	/**
	Merges `autoinclude` over this file (the unit): its dependency blocks join the unit's before any output is read, and its settings win over the unit's.
	*/
	mergeAutoinclude(autoinclude: FileEvaluation): void {
		this.#autoinclude = autoinclude;
		this.#hub ??= this.#makeHub();
		autoinclude.#hub = this.#hub;
		for (const {file} of autoinclude.included) {
			file.#hub = this.#hub;
		}
	}

	/**
	The dependency blocks of this file and its includes, bottom-up as the config merge: the child over the last include, that over the one before (handleIncludeForDependency); an autoinclude's replace them by name.
	*/
	#mergedDependencies(): Map<string, DependencyBlock> {
		let base = this.ownDependencies();
		for (let index = this.included.length - 1; index >= 0; index--) {
			const {info, file} = this.included[index]!;
			if (info.mergeStrategy === 'no_merge') {
				continue;
			}

			const merged = new Map(file.ownDependencies());
			for (const [name, block] of base) {
				const previous = merged.get(name);
				merged.set(name, info.mergeStrategy === 'deep' && previous ? mergeDependency(previous, block) : block);
			}

			base = merged;
		}

		if (this.#autoinclude) {
			base = new Map([...base, ...this.#autoinclude.#mergedDependencies()]);
		}

		return base;
	}

	#makeHub(): DependencyHub {
		let values: Map<string, Value> | undefined;
		const tiers = new Map<string, ReadonlyMap<string, 'static' | 'mock' | 'unknown'>>();
		const blocks = (): Map<string, DependencyBlock> => this.#mergedDependencies();

		let computing = false;
		return {
			tiers,
			value: name => {
				if (!values) {
					if (computing) {
						return undefined;
					}

					computing = true;
					values = new Map();
					for (const [blockName, block] of blocks()) {
						const outputs = block.configPath === undefined
							? {outputs: unknownValue(), tiers: new Map<string, 'static' | 'mock' | 'unknown'>()}
							: this.#environment.dependencyOutputs(block, this.configPath);
						tiers.set(blockName, outputs.tiers);
						values.set(blockName, objectValue({
							outputs: outputs.outputs,
							config_path: block.configPath === undefined ? unknownValue() : stringValue(block.configPath),
							name: stringValue(blockName),
							inputs: unknownValue(),
							enabled: boolValue(block.enabled),
						}));
					}

					computing = false;
				}

				return values.get(name);
			},
		};
	}

	/**
	This file's own dependency blocks (not yet merged with the includes').
	*/
	ownDependencies(): Map<string, DependencyBlock> {
		if (!this.#ownDependencies) {
			this.#ownDependencies = new Map();
			for (const block of this.body ? blocksOf(this.body, 'dependency') : []) {
				const read = readDependencyBlock(block, this.scope, this.configPath, this.#state);
				this.#ownDependencies.set(read.name, read);
			}
		}

		return this.#ownDependencies;
	}

	local(name: string, range: Range | undefined): {value: Value; diagnostics: Diagnostic[]} {
		const known = this.#locals.get(name);
		if (known !== undefined) {
			return {value: known, diagnostics: []};
		}

		const attribute = this.#localAttributes.get(name);
		if (!attribute) {
			const diagnostic = errorDiagnostic('Reference to undeclared local value', `A local value with the name "${name}" has not been declared in ${this.filePath}.`, range);
			// Outside the locals block, `local` is a plain object of the eval context, so a missing one is an evaluation error that `try` catches; within it, Terragrunt refuses the block first (canEvaluateLocals in pkg/config/locals.go: "Could not evaluate all locals in block").
			if (this.#evaluating.size === 0) {
				evaluationReferenceDiagnostics.add(diagnostic);
			}

			return {value: unknownValue(), diagnostics: [diagnostic]};
		}

		if (this.#evaluating.has(name)) {
			return {value: unknownValue(), diagnostics: [errorDiagnostic('Cycle in locals', `local.${name} refers to itself through other locals.`, attribute.nameRange)]};
		}

		this.#evaluating.add(name);
		const value = evaluateReporting(attribute.expression, this.scope, this.#state);
		this.#evaluating.delete(name);
		this.#locals.set(name, value);
		return {value, diagnostics: []};
	}

	locals(): Map<string, Value> {
		for (const [name, attribute] of this.#localAttributes) {
			this.local(name, attribute.nameRange);
		}

		return this.#locals;
	}

	#resolve(reference: Reference): {value: Value; diagnostics: Diagnostic[]} {
		const {subject} = reference;
		if (subject.kind === 'local') {
			return this.local(subject.name, reference.range);
		}

		if (subject.kind === 'resource' && subject.mode === 'managed') {
			switch (subject.type) {
				case 'include': {
					return this.#includeValue(subject.name, reference);
				}

				case 'dependency': {
					const value = this.#hub?.value(subject.name);
					if (value) {
						return {value, diagnostics: []};
					}

					// `dependency` is a plain object of the eval context (pkg/config/dependency.go): a block it lacks is an evaluation error `try` catches.
					const diagnostic = errorDiagnostic('Unknown dependency', `No dependency block named "${subject.name}" (or its outputs are read while the dependency blocks themselves are evaluated).`, reference.range);
					if (this.#evaluating.size === 0) {
						evaluationReferenceDiagnostics.add(diagnostic);
					}

					return {value: unknownValue(), diagnostics: [diagnostic]};
				}

				case 'feature': {
					return {value: objectValue({value: this.#features.get(subject.name) ?? unknownValue()}), diagnostics: []};
				}

				case 'values': {
					const found = valuesReference(this.#environment.values?.(path.dirname(this.filePath)), subject.name, reference.range);
					return this.#state.autoinclude && found.diagnostics.length > 0 && found.diagnostics.every(diagnostic => diagnostic.summary === 'Unsupported attribute') ? {value: found.value, diagnostics: []} : found;
				}

				default:
			}
		}

		return {value: unknownValue(), diagnostics: [errorDiagnostic('Invalid reference', `"${formatReference(reference)}" is not a reference Terragrunt knows (local, include, dependency, feature, values).`, reference.range)]};
	}

	/**
	`include.NAME`: an exposed include as an object; `include.NAME.locals` alone needs only its locals (read before its inputs, which may read dependencies).
	*/
	#includeValue(name: string, reference: Reference): {value: Value; diagnostics: Diagnostic[]} {
		let found = this.included.find(({info}) => info.name === name);
		let remaining = reference.remaining;
		if (!found) {
			// A bare include: `include.locals.x` reads the include named ''.
			const bare = this.included.find(({info}) => info.name === '');
			if (bare && ['locals', 'inputs', 'terraform', 'dependency', 'generate', 'remote_state'].includes(name)) {
				found = bare;
				remaining = [{kind: 'attribute', name, range: reference.range}, ...remaining];
			}
		}

		if (!found || !found.info.expose) {
			return {value: unknownValue(), diagnostics: [errorDiagnostic('Unknown include', `No exposed include named "${name}" (an include block needs expose = true to be read).`, reference.range)]};
		}

		const value = remaining[0]?.kind === 'attribute' && remaining[0].name === 'locals'
			? objectValue({locals: objectValue(found.file.locals())})
			: found.file.result().value;
		return {value: found.info.name === '' && remaining !== reference.remaining ? attributesOf(value).get(name) ?? unknownValue() : value, diagnostics: []};
	}

	#makeScope(resolver: ((reference: Reference) => {value: Value; diagnostics: Diagnostic[]}) | undefined, includePath: string | undefined): Scope {
		return terragruntScope({
			configPath: this.configPath, originalConfigPath: this.#originalConfigPath, includePath, includePaths: this.#includePaths, environment: this.#environment, state: this.#state, resolver,
		});
	}

	/**
	The whole file: its settings merged with its includes'.
	*/
	result(): FileResult {
		if (this.#result) {
			return this.#result;
		}

		if (this.#resultStarted || !this.body) {
			if (this.#resultStarted) {
				this.#state.diagnostics.push(errorDiagnostic('Configuration reads itself', `${this.filePath} is read while it is being evaluated (through an include or read_terragrunt_config).`));
			}

			return {config: emptyConfig(this.filePath), value: objectValue(new Map())};
		}

		this.#resultStarted = true;
		this.#hub ??= this.#makeHub();
		const body = this.body;
		const state = this.#state;
		const scope = this.scope;
		const locals = this.locals();
		const inputs = new Map<string, InputEntry>();
		const inputsAttribute = findAttribute(body, 'inputs');
		if (inputsAttribute) {
			readInputs(inputsAttribute, scope, state, this.filePath, inputs);
		}

		let source: TerragruntConfig['source'];
		for (const block of blocksOf(body, 'terraform')) {
			const sourceAttribute = findAttribute(block.body, 'source');
			if (sourceAttribute) {
				source = {value: evaluateReporting(sourceAttribute.expression, scope, state), range: sourceAttribute.expression.range};
			}
		}

		const generate = new Map<string, GenerateBlock>();
		for (const block of blocksOf(body, 'generate')) {
			const name = block.labels[0] ?? '';
			const pathValue = attributeValue(block.body, 'path', scope, state);
			const contents = attributeValue(block.body, 'contents', scope, state);
			const ifExists = attributeValue(block.body, 'if_exists', scope, state);
			const disable = attributeValue(block.body, 'disable', scope, state);
			generate.set(name, {
				name,
				path: pathValue?.kind === 'string' ? pathValue.value : undefined,
				contents: contents?.kind === 'string' ? contents.value : undefined,
				ifExists: ifExists?.kind === 'string' ? ifExists.value : 'overwrite_terragrunt',
				disabled: disable?.kind === 'bool' && disable.value,
				range: block.typeRange,
			});
		}

		const remoteState = readRemoteState(body, scope, state);
		const dependencyPaths: string[] = [];
		for (const block of blocksOf(body, 'dependencies')) {
			const paths = attributeValue(block.body, 'paths', scope, state);
			if (paths && (paths.kind === 'list' || paths.kind === 'tuple')) {
				for (const item of paths.elements) {
					if (item.kind === 'string') {
						dependencyPaths.push(path.resolve(path.dirname(this.configPath), item.value));
					}
				}
			}
		}

		const excludeBlocks = blocksOf(body, 'exclude');
		if (excludeBlocks.length > 1) {
			state.diagnostics.push(errorDiagnostic('Too many exclude blocks', `Only one exclude block is allowed; ${this.filePath} has ${excludeBlocks.length}.`, excludeBlocks[1]!.typeRange));
		}

		const exclude = excludeBlocks[0] ? readExclude(excludeBlocks[0], scope, state) : undefined;
		// The dependency values are read by name; a block nobody reads still gets its outputs (for the unit graph and tiers).
		for (const name of this.ownDependencies().keys()) {
			this.#hub.value(name);
		}

		const own: TerragruntConfig = {
			path: this.filePath, locals, inputs, source, generate, remoteState, dependencies: this.ownDependencies(), dependencyPaths, exclude, includes: this.includes, dependencyTiers: this.#hub.tiers,
		};
		let merged = this.#autoinclude ? mergeConfigs(own, this.#autoinclude.result().config, 'shallow') : own;
		for (let index = this.included.length - 1; index >= 0; index--) {
			const {info, file} = this.included[index]!;
			if (info.mergeStrategy === 'no_merge') {
				continue;
			}

			merged = mergeConfigs(file.result().config, merged, info.mergeStrategy);
		}

		merged = {...merged, path: this.filePath, locals, includes: this.includes, dependencyTiers: this.#hub.tiers};
		const dependencyValues = new Map<string, Value>();
		for (const name of merged.dependencies.keys()) {
			const value = this.#hub.value(name);
			if (value) {
				dependencyValues.set(name, value);
			}
		}

		this.#result = {config: merged, value: configValue(merged, dependencyValues)};
		return this.#result;
	}
}

/**
The scope a Terragrunt file is evaluated in: Terragrunt's functions (and Terraform's), answered from `configPath` (the unit a file is read for), with `resolver` answering references.
*/
export function terragruntScope(options: {
	readonly configPath: string;
	readonly originalConfigPath: string;
	readonly includePath?: string | undefined;
	readonly includePaths?: ReadonlyMap<string, string>;
	readonly environment: ConfigEnvironment;
	readonly state: EvaluationState;
	readonly resolver: ((reference: Reference) => {value: Value; diagnostics: Diagnostic[]}) | undefined;
}): Scope {
	const {configPath, originalConfigPath, includePath, environment, state, resolver} = options;
	const includePaths = options.includePaths ?? new Map<string, string>();
	const context: TerragruntFunctionContext = {
		configPath,
		originalConfigPath,
		includePath,
		includePaths,
		repoRoot: environment.repoRoot,
		workingDirectory: environment.workingDirectory,
		environment: environment.environment,
		realEnvironment: environment.realEnvironment,
		exists: environment.exists,
		...(environment.listFiles && {listFiles: environment.listFiles}),
		readConfig(file) {
			if (!environment.exists(file)) {
				throw new FunctionError(`read_terragrunt_config: ${file} does not exist`);
			}

			if (state.depth >= maximumDepth) {
				throw new FunctionError(`read_terragrunt_config: more than ${maximumDepth} nested reads (a cycle?)`);
			}

			state.filesRead.add(file);
			const cached = environment.readCache?.get(file);
			if (cached) {
				return cached;
			}

			state.depth++;
			try {
				const read = new FileEvaluation(file, originalConfigPath, undefined, environment, state, true);
				const {value} = read.result();
				// What a file read this way gives depends on the file alone unless it asks for the unit (get_original_terragrunt_dir) or reads other units: kept for every unit that reads it.
				if (environment.readCache && read.body && blocksOf(read.body, 'include').length === 0 && blocksOf(read.body, 'dependency').length === 0 && !environment.parse(file).text.includes('get_original_terragrunt_dir')) {
					environment.readCache.set(file, value);
				}

				return value;
			} finally {
				state.depth--;
			}
		},
		readTfvars(file) {
			state.filesRead.add(file);
			return environment.readTfvars(file);
		},
		note() {},
	};
	const functionContext = {baseDirectory: path.dirname(configPath), impure: false};
	const functions = terragruntFunctions(context, functionContext);
	return createScope({
		resolveReference: resolver ?? (reference => ({value: unknownValue(), diagnostics: [errorDiagnostic('Reference in an include path', `Only functions may be used here, not "${formatReference(reference)}".`, reference.range)]})),
		functions: functions.lookup,
		functionNames: functions.names,
		functionContext,
	});
}

/**
`values.NAME`: an attribute of the `terragrunt.values.hcl` beside the file.
*/
export function valuesReference(values: Value | undefined, name: string, range: Range | undefined): {value: Value; diagnostics: Diagnostic[]} {
	const result = valuesAttribute(values, name, range);
	// Terragrunt evaluates with HCL alone: a missing `values` variable or attribute is an evaluation error, which `try(values.x, default)` turns into its default (pkg/config/config_helpers.go: `values` is a plain variable of the eval context; hcl's tryfunc).
	for (const diagnostic of result.diagnostics) {
		evaluationReferenceDiagnostics.add(diagnostic);
	}

	return result;
}

function valuesAttribute(values: Value | undefined, name: string, range: Range | undefined): {value: Value; diagnostics: Diagnostic[]} {
	if (values === undefined) {
		return {value: unknownValue(), diagnostics: [errorDiagnostic('No stack values', `values.${name} is read, but no terragrunt.values.hcl is beside this file: values are written by a terragrunt.stack.hcl unit or stack block that generates this directory.`, range)]};
	}

	if (values.kind === 'unknown') {
		return {value: unknownValue(), diagnostics: []};
	}

	const found = attributesOf(values).get(name);
	return found === undefined
		? {value: unknownValue(), diagnostics: [errorDiagnostic('Unsupported attribute', `The stack values have no attribute named "${name}".`, range)]}
		: {value: found, diagnostics: []};
}

function readRemoteState(body: Body, scope: Scope, state: State): TerragruntConfig['remoteState'] {
	const remoteBlock = blocksOf(body, 'remote_state')[0];
	const remoteAttribute = findAttribute(body, 'remote_state');
	if (!remoteBlock && !remoteAttribute) {
		return undefined;
	}

	const whole = remoteAttribute ? attributesOf(evaluateReporting(remoteAttribute.expression, scope, state)) : undefined;
	const read = (name: string): Value | undefined => {
		if (whole) {
			return whole.get(name);
		}

		const attribute = findAttribute(remoteBlock!.body, name);
		if (attribute) {
			return evaluateReporting(attribute.expression, scope, state);
		}

		const nested = blocksOf(remoteBlock!.body, name)[0];
		return nested ? objectValue(new Map(nested.body.items.filter((item): item is Attribute => item.kind === 'Attribute').map(item => [item.name, evaluateReporting(item.expression, scope, state)]))) : undefined;
	};

	const backend = read('backend');
	const generateAttributes = attributesOf(read('generate'));
	const generatePath = generateAttributes.get('path');
	const generateIfExists = generateAttributes.get('if_exists');
	return {
		backend: backend?.kind === 'string' ? backend.value : undefined,
		config: read('config') ?? objectValue(new Map()),
		generate: generatePath?.kind === 'string' ? {path: generatePath.value, ifExists: generateIfExists?.kind === 'string' ? generateIfExists.value : 'overwrite_terragrunt'} : undefined,
		range: (remoteBlock ?? remoteAttribute)!.range,
	};
}

/**
`child` merged over `parent` (Terragrunt's TerragruntConfig.Merge / DeepMerge, include.go): the child's settings win; `inputs` by key (deep: recursively), `generate` and `dependency` blocks by name, `terraform.source` and `remote_state` replaced when the child sets them.
*/
export function mergeConfigs(parent: TerragruntConfig, child: TerragruntConfig, strategy: 'shallow' | 'deep'): TerragruntConfig {
	const inputs = new Map(parent.inputs);
	for (const [name, entry] of child.inputs) {
		const previous = inputs.get(name);
		inputs.set(name, strategy === 'deep' && previous ? {...entry, value: deepMergeValues(previous.value, entry.value)} : entry);
	}

	const dependencies = new Map(parent.dependencies);
	for (const [name, block] of child.dependencies) {
		const previous = dependencies.get(name);
		dependencies.set(name, strategy === 'deep' && previous ? mergeDependency(previous, block) : block);
	}

	return {
		path: child.path,
		locals: child.locals,
		inputs,
		source: child.source ?? parent.source,
		generate: new Map([...parent.generate, ...child.generate]),
		remoteState: child.remoteState ?? parent.remoteState,
		dependencies,
		dependencyPaths: [...new Set([...parent.dependencyPaths, ...child.dependencyPaths])],
		exclude: child.exclude ?? parent.exclude,
		includes: child.includes,
		dependencyTiers: child.dependencyTiers,
	};
}

/**
An `exclude` block; `if`, `exclude_dependencies` and `no_run` may be written as strings ("true"), as Terragrunt parses them.
*/
function readExclude(block: Block, scope: Scope, state: State): ExcludeSetting {
	const flag = (name: string): boolean | undefined => {
		const value = attributeValue(block.body, name, scope, state);
		if (value?.kind === 'bool') {
			return value.value;
		}

		if (value?.kind === 'string' && (value.value === 'true' || value.value === 'false')) {
			return value.value === 'true';
		}

		return undefined;
	};

	const actions = attributeValue(block.body, 'actions', scope, state);
	if (!findAttribute(block.body, 'if')) {
		state.diagnostics.push(errorDiagnostic('Missing required argument', 'The exclude block needs an "if" argument.', block.typeRange));
	}

	return {
		if: flag('if'),
		actions: actions && (actions.kind === 'list' || actions.kind === 'tuple' || actions.kind === 'set') ? actions.elements.flatMap(item => (item.kind === 'string' ? [item.value] : [])) : [],
		excludeDependencies: flag('exclude_dependencies') ?? false,
		noRun: flag('no_run'),
		range: block.typeRange,
	};
}

/**
Whether an `exclude` leaves the unit out of a run of `command` (IsActionListedInExclude in internal/runner/runcfg/util.go, applied by discovery's applyExcludeModules): its `if` is true and its actions name the command, `all`, or `all_except_output` (for any command but output).
*/
export function excludesCommand(exclude: ExcludeSetting | undefined, command: string): boolean {
	if (!exclude?.if) {
		return false;
	}

	return exclude.actions.some(action => action === 'all' || (action === 'all_except_output' && command !== 'output') || action.toLowerCase() === command.toLowerCase());
}

function mergeDependency(earlier: DependencyBlock, later: DependencyBlock): DependencyBlock {
	return {
		...earlier,
		...later,
		configPath: later.configPath ?? earlier.configPath,
		mockOutputs: earlier.mockOutputs && later.mockOutputs ? deepMergeValues(earlier.mockOutputs, later.mockOutputs) : later.mockOutputs ?? earlier.mockOutputs,
		mockAllowedCommands: earlier.mockAllowedCommands && later.mockAllowedCommands ? [...earlier.mockAllowedCommands, ...later.mockAllowedCommands] : later.mockAllowedCommands ?? earlier.mockAllowedCommands,
	};
}

function readDependencyBlock(block: Block, scope: ReturnType<typeof createScope>, configPath: string, state: State): DependencyBlock {
	const configPathValue = attributeValue(block.body, 'config_path', scope, state);
	const enabled = attributeValue(block.body, 'enabled', scope, state);
	const skip = attributeValue(block.body, 'skip_outputs', scope, state);
	const mock = attributeValue(block.body, 'mock_outputs', scope, state);
	const allowed = attributeValue(block.body, 'mock_outputs_allowed_terraform_commands', scope, state);
	const strategy = attributeValue(block.body, 'mock_outputs_merge_strategy_with_state', scope, state);
	const mergeWithState = attributeValue(block.body, 'mock_outputs_merge_with_state', scope, state);
	if (!configPathValue) {
		state.diagnostics.push(errorDiagnostic('Missing config_path', `dependency "${block.labels[0] ?? ''}" has no config_path.`, block.typeRange));
	}

	return {
		name: block.labels[0] ?? '',
		configPath: configPathValue?.kind === 'string' ? path.resolve(path.dirname(configPath), configPathValue.value) : undefined,
		enabled: enabled?.kind !== 'bool' || enabled.value,
		skipOutputs: skip?.kind === 'bool' && skip.value,
		mockOutputs: mock,
		mockAllowedCommands: allowed && (allowed.kind === 'list' || allowed.kind === 'tuple') ? allowed.elements.map(item => (item.kind === 'string' ? item.value : '')) : undefined,
		mockMergeStrategy: strategy?.kind === 'string' ? strategy.value : (mergeWithState?.kind === 'bool' && mergeWithState.value ? 'shallow' : 'no_merge'),
		range: block.typeRange,
	};
}

function readInputs(attribute: Attribute, scope: ReturnType<typeof createScope>, state: State, file: string, inputs: Map<string, InputEntry>): void {
	const {expression} = attribute;
	const value = evaluateReporting(expression, scope, state);
	// Each item of a literal object keeps its own range (for `why`); otherwise the whole attribute's.
	const itemRanges = new Map<string, {range: Range; expression: Expression}>();
	if (expression.kind === 'Object') {
		for (const item of expression.items) {
			const key = item.key.kind === 'Variable' ? item.key.name : (item.key.kind === 'Template' && item.key.parts.length === 1 && item.key.parts[0]!.kind === 'TemplateLiteral' ? item.key.parts[0]!.value : undefined);
			if (key !== undefined) {
				itemRanges.set(key, {range: item.range, expression: item.value});
			}
		}
	}

	if (value.kind !== 'object' && value.kind !== 'map') {
		if (value.kind !== 'unknown' && value.kind !== 'null') {
			state.diagnostics.push(errorDiagnostic('Invalid inputs', 'inputs must be an object.', expression.range));
		} else if (value.kind === 'unknown') {
			state.diagnostics.push(errorDiagnostic('Inputs not known', 'The inputs of this configuration are unknown as a whole (they come from a value only a run knows), so no input reaches the module.', expression.range));
		}

		return;
	}

	for (const [name, item] of attributesOf(value)) {
		const found = itemRanges.get(name);
		inputs.set(name, found ? {value: item, range: found.range, expression: found.expression, file} : {value: item, range: attribute.range, expression, file});
	}
}

export function attributeValue(body: Body, name: string, scope: ReturnType<typeof createScope>, state: State): Value | undefined {
	const attribute = findAttribute(body, name);
	return attribute ? evaluateReporting(attribute.expression, scope, state) : undefined;
}

export function evaluateReporting(expression: Expression, scope: ReturnType<typeof createScope>, state: State): Value {
	const result = evaluate(expression, scope);
	for (const diagnostic of result.diagnostics) {
		const key = `${diagnostic.summary}|${diagnostic.subject?.filename}|${diagnostic.subject?.start.offset}`;
		if (!seenDiagnostics.has(state) || !seenDiagnostics.get(state)!.has(key)) {
			if (!seenDiagnostics.has(state)) {
				seenDiagnostics.set(state, new Set());
			}

			seenDiagnostics.get(state)!.add(key);
			state.diagnostics.push(diagnostic);
		}
	}

	return result.value;
}

const seenDiagnostics = new WeakMap<State, Set<string>>();

function formatReference(reference: Reference): string {
	const {subject} = reference;
	if (subject.kind === 'resource') {
		return `${subject.type}.${subject.name}`;
	}

	return 'name' in subject ? `${subject.kind}.${subject.name}` : subject.kind;
}

/**
The config as an object (`read_terragrunt_config`'s result, an exposed include): locals, inputs, terraform, dependency, generate, remote_state.
*/
function configValue(config: TerragruntConfig, dependencyValues: ReadonlyMap<string, Value>): Value {
	const attributes = new Map<string, Value>();
	attributes.set('locals', objectValue(config.locals));
	attributes.set('inputs', objectValue(new Map([...config.inputs].map(([name, entry]) => [name, entry.value]))));
	if (config.source) {
		attributes.set('terraform', objectValue({source: config.source.value}));
	}

	if (dependencyValues.size > 0) {
		attributes.set('dependency', objectValue(dependencyValues));
	}

	if (config.generate.size > 0) {
		attributes.set('generate', objectValue(new Map([...config.generate].map(([name, block]) => [name, objectValue({
			path: block.path === undefined ? unknownValue() : stringValue(block.path),
			contents: block.contents === undefined ? unknownValue() : stringValue(block.contents),
			if_exists: stringValue(block.ifExists),
		})]))));
	}

	if (config.remoteState) {
		attributes.set('remote_state', objectValue({
			backend: config.remoteState.backend === undefined ? unknownValue() : stringValue(config.remoteState.backend),
			config: config.remoteState.config,
		}));
	}

	return objectValue(attributes);
}

/**
Every call of a function that is not simply evaluated (unsafe, context, environment), once per call site, in source order.
*/
export function noteFunctionUses(body: Body, state: State): void {
	for (const use of functionUsesOf(body)) {
		const key = `${use.range.filename}:${use.range.start.offset}`;
		if (!state.functionUses.has(key)) {
			state.functionUses.set(key, use);
		}
	}
}

/**
A file's calls of functions that are not simply evaluated, found once per parsed file (every unit includes the same root).
*/
const usesByBody = new WeakMap<Body, FunctionUse[]>();

function functionUsesOf(body: Body): FunctionUse[] {
	const known = usesByBody.get(body);
	if (known) {
		return known;
	}

	const uses: FunctionUse[] = [];
	const visit = (node: unknown): void => {
		if (node === null || typeof node !== 'object') {
			return;
		}

		if (Array.isArray(node)) {
			for (const item of node) {
				visit(item);
			}

			return;
		}

		const record = node as {kind?: string; name?: string; range?: Range};
		if (record.kind === 'FunctionCall' && record.name !== undefined) {
			const functionClass = terragruntFunctionClasses.get(record.name);
			if (functionClass !== undefined && functionClass !== 'safe') {
				uses.push({name: record.name, functionClass, range: (node as {nameRange: Range}).nameRange});
			}
		}

		for (const value of Object.values(node)) {
			if (value !== null && typeof value === 'object') {
				visit(value);
			}
		}
	};

	visit(body.items);
	usesByBody.set(body, uses);
	return uses;
}

/**
Whether every input of a config is known (a unit whose inputs are partly unknown still loads: those variables are unknown).
*/
export function inputsKnown(config: TerragruntConfig): boolean {
	return [...config.inputs.values()].every(entry => isWhollyKnown(entry.value));
}

export {shallowMergeValues};
