import path from 'node:path';
import process from 'node:process';
import {type Diagnostic, errorDiagnostic, warningDiagnostic} from '../hcl/diagnostics.js';
import type {Range} from '../hcl/position.js';
import {parseConfigBytes} from '../config/parse-file.js';
import {type ConfigSource, directorySource} from '../config/source.js';
import {walkReferenceChains} from '../lang/references.js';
import {
	type Value, isWhollyKnown, objectValue, unknownValue,
} from '../lang/values.js';
import type {ValueOrigin} from '../config/tfvars.js';
import type {Workspace, WorkspaceOptions} from '../workspace.js';
import {discoverUnits, isUnitDirectory, unitFileName} from './discover.js';
import {
	type ConfigEnvironment, type DependencyBlock, type DependencyOutputs, type EvaluatedConfig, type InputEntry, type ParsedFile, evaluateUnitConfig,
} from './evaluate-config.js';
import {contextDefaults} from './functions.js';
import {attributesOf} from './merge.js';
import {
	type ModuleLocation, type SourceMapping, locateModule, splitSource, withGeneratedFiles,
} from './module-source.js';
import {renderBackend} from './render-backend.js';
import {readTfvarsValue} from './tfvars-value.js';

/*
The Estate: a Terragrunt live repository as units, the unit graph, and for each unit the Workspace options Terragrunt's run would give Terraform there (the module's directory, the generated files laid over it, `inputs` as root variables below the module's tfvars). A unit's configuration is evaluated when asked, its Workspace loaded when opened or when a dependency reads its outputs. A lone Terraform root is an estate of one unit, with nothing to evaluate.
*/

export type Unit = {
	/**
	From the estate's root, with `/` (`prod/us-east-1/prod/mysql`); `.` for a unit at the root.
	*/
	readonly path: string;
	readonly directory: string;
	readonly configPath: string;
};

export type InputValue = {
	readonly value: Value;
	readonly range: Range | undefined;
	readonly file: string;
	/**
	`dependency.NAME.outputs.X` read by the input, with where each came from.
	*/
	readonly dependencyReads: ReadonlyArray<{readonly dependency: string; readonly output: string; readonly tier: 'static' | 'mock' | 'unknown'}>;
};

export type UnitEvaluation = {
	readonly unit: Unit;
	readonly evaluated: EvaluatedConfig;
	readonly module: ModuleLocation;
	/**
	File name (relative to the module's directory) → contents: `generate` blocks and `remote_state.generate`.
	*/
	readonly generated: ReadonlyMap<string, string>;
	readonly inputs: ReadonlyMap<string, InputValue>;
	/**
	The units this one reads (`dependency`) or runs after (`dependencies { paths }`).
	*/
	readonly dependencies: ReadonlyArray<{readonly name: string; readonly directory: string; readonly kind: 'dependency' | 'dependencies'; readonly range?: Range}>;
	readonly diagnostics: readonly Diagnostic[];
};

export type EstateOptions = {
	readonly root: string;
	readonly source?: ConfigSource;
	readonly environment?: Readonly<Record<string, string | undefined>>;
	/**
	`get_env` reads the real environment only when true (`--terragrunt-env`).
	*/
	readonly realEnvironment?: boolean;
	readonly sourceMappings?: readonly SourceMapping[];
	/**
	What every unit's Workspace is loaded with besides what the unit decides (language, assumptions, schemas...).
	*/
	readonly workspaceOptions?: Omit<WorkspaceOptions, 'directory' | 'source'>;
	readonly loadWorkspace?: (options: WorkspaceOptions) => Promise<Workspace>;
	/**
	False: the root alone is the estate's unit (others are added as dependencies name them).
	*/
	readonly discover?: boolean;
};

export type Estate = {
	readonly root: string;
	readonly units: readonly Unit[];
	readonly truncated: boolean;
	unitAt(directory: string): Unit | undefined;
	/**
	The unit's configuration without reading any dependency's outputs (unknown): enough for the unit graph, the source and the inputs that need no other unit.
	*/
	shallow(unit: Unit): UnitEvaluation;
	/**
	Unit → unit edges (`dependency` and `dependencies`), and the cycles among them (Terragrunt refuses to run a cycle).
	*/
	graph(): EstateGraph;
	/**
	The unit evaluated with its dependencies' outputs (loading their Workspaces as needed), and its own Workspace.
	*/
	open(unit: Unit): Promise<OpenedUnit>;
	/**
	The text of every Terragrunt file read so far, for snippets.
	*/
	sources(): ReadonlyMap<string, string>;
};

export type OpenedUnit = {
	readonly evaluation: UnitEvaluation;
	readonly workspace: Workspace;
};

export type EstateGraph = {
	readonly edges: ReadonlyArray<{readonly from: Unit; readonly to: Unit | undefined; readonly toDirectory: string; readonly name: string; readonly kind: 'dependency' | 'dependencies'}>;
	readonly cycles: ReadonlyArray<readonly Unit[]>;
	readonly diagnostics: readonly Diagnostic[];
};

const maximumTerragruntFileBytes = 4_000_000;

function slashPath(text: string): string {
	return text.split(path.sep).join('/');
}

/**
Opens a directory as an estate: its units (the directory itself when it is one).
*/
export function openEstate(options: EstateOptions): Estate {
	const root = path.resolve(options.root);
	const files = options.source ?? directorySource();
	const discovered = options.discover === false ? {units: isUnitDirectory(root, files) ? [root] : [], truncated: false} : discoverUnits(root, files);
	const makeUnit = (directory: string): Unit => ({path: slashPath(path.relative(root, directory)) || '.', directory, configPath: path.join(directory, unitFileName)});
	const units = discovered.units.map(directory => makeUnit(directory));
	const known = new Map(units.map(unit => [unit.directory, unit] as const));
	// A dependency outside the discovered tree (`../vpc` from a unit opened alone) is a unit too, made when first named.
	const byDirectory = {
		get(directory: string): Unit | undefined {
			let unit = known.get(directory);
			if (!unit && isUnitDirectory(directory, files)) {
				unit = makeUnit(directory);
				known.set(directory, unit);
			}

			return unit;
		},
	};
	const parsed = new Map<string, ParsedFile>();
	const parse = (filePath: string): ParsedFile => {
		let found = parsed.get(filePath);
		if (!found) {
			const read = files.read(filePath, maximumTerragruntFileBytes);
			if (read.ok) {
				const result = parseConfigBytes(read.bytes, displayName(filePath));
				found = {body: result.value, diagnostics: result.diagnostics, text: result.text};
			} else {
				found = {body: undefined, diagnostics: [errorDiagnostic('Cannot read Terragrunt configuration', `${filePath}: ${read.failure.kind}.`)], text: ''};
			}

			parsed.set(filePath, found);
		}

		return found;
	};

	// Diagnostics name a file from the working directory, as the rest of tfscope does (absolute outside it).
	const cwd = options.workspaceOptions?.cwd ?? process.cwd();
	const displayName = (filePath: string): string => {
		const relative = path.relative(cwd, filePath);
		return relative.startsWith('..') || path.isAbsolute(relative) ? filePath : relative;
	};

	// Every unit asks for the same parents' files (find_in_parent_folders): each path is looked at once.
	const existing = new Map<string, boolean>();
	const exists = (filePath: string): boolean => {
		let found = existing.get(filePath);
		if (found === undefined) {
			found = files.stat(filePath) !== undefined;
			existing.set(filePath, found);
		}

		return found;
	};
	const repoRoot = findRepoRoot(root, files);
	const environment = options.environment ?? {};
	const baseEnvironment = {
		parse,
		exists,
		repoRoot,
		workingDirectory: root,
		environment,
		realEnvironment: options.realEnvironment ?? false,
		readTfvars: (filePath: string) => readTfvarsValue(filePath, files),
		readCache: new Map<string, Value>(),
	} satisfies Omit<ConfigEnvironment, 'dependencyOutputs'>;
	const shallowCache = new Map<Unit, UnitEvaluation>();
	const evaluateWith = (unit: Unit, dependencyOutputs: ConfigEnvironment['dependencyOutputs']): UnitEvaluation => {
		const evaluated = evaluateUnitConfig(unit.configPath, {...baseEnvironment, dependencyOutputs});
		return describeUnit(unit, evaluated, files, options.sourceMappings ?? []);
	};

	const unknownOutputs = (block: DependencyBlock): DependencyOutputs => ({outputs: block.mockOutputs ?? unknownValue(), tiers: new Map()});
	const shallow = (unit: Unit): UnitEvaluation => {
		let found = shallowCache.get(unit);
		if (!found) {
			found = evaluateWith(unit, unknownOutputs);
			shallowCache.set(unit, found);
		}

		return found;
	};

	let graph: EstateGraph | undefined;
	const computeGraph = (): EstateGraph => {
		const edges: Array<EstateGraph['edges'][number]> = [];
		const diagnostics: Diagnostic[] = [];
		for (const unit of units) {
			for (const dependency of shallow(unit).dependencies) {
				const to = byDirectory.get(dependency.directory);
				if (!to) {
					diagnostics.push(errorDiagnostic('Dependency is not a unit', `${unit.path}: ${dependency.kind === 'dependency' ? `dependency "${dependency.name}"` : 'dependencies'} names ${slashPath(path.relative(root, dependency.directory)) || '.'}, which has no ${unitFileName} in this estate.`, dependency.range));
				}

				edges.push({from: unit, to, toDirectory: dependency.directory, name: dependency.name, kind: dependency.kind});
			}
		}

		const cycles = findCycles(units, edges);
		for (const cycle of cycles) {
			diagnostics.push(errorDiagnostic('Dependency cycle', `Terragrunt refuses to run units that depend on each other in a cycle: ${[...cycle, cycle[0]!].map(unit => unit.path).join(' -> ')}.`));
		}

		return {edges, cycles, diagnostics};
	};

	const opened = new Map<Unit, Promise<OpenedUnit>>();
	const loadWorkspace = options.loadWorkspace ?? (async (workspaceOptions: WorkspaceOptions) => {
		const {loadWorkspace: load} = await import('../workspace.js');
		return load(workspaceOptions);
	});
	const open = async (unit: Unit, chain: readonly Unit[] = []): Promise<OpenedUnit> => {
		const existing = opened.get(unit);
		if (existing) {
			return existing;
		}

		const promise = (async (): Promise<OpenedUnit> => {
			const first = shallow(unit);
			const targets = new Map<string, OpenedUnit | undefined>();
			const cycleDiagnostics: Diagnostic[] = [];
			for (const dependency of first.dependencies) {
				if (dependency.kind !== 'dependency') {
					continue;
				}

				const target = byDirectory.get(dependency.directory);
				if (!target) {
					continue;
				}

				if (target === unit || chain.includes(target)) {
					cycleDiagnostics.push(errorDiagnostic('Dependency cycle', `${[...chain, unit, target].map(item => item.path).join(' -> ')}: Terragrunt refuses to run units in a cycle; the outputs read along it are unknown.`, dependency.range));
					targets.set(dependency.directory, undefined);
					continue;
				}

				// eslint-disable-next-line no-await-in-loop -- each target once, in order
				const opened = await open(target, [...chain, unit]);
				targets.set(dependency.directory, opened);
				// A cycle found below that runs through this unit is this unit's too.
				for (const diagnostic of opened.evaluation.diagnostics) {
					if (diagnostic.summary === 'Dependency cycle' && diagnostic.detail?.includes(`${unit.path} -> `)) {
						cycleDiagnostics.push(diagnostic);
					}
				}
			}

			const outputsOf = (block: DependencyBlock): DependencyOutputs => dependencyOutputs(block, block.configPath === undefined ? undefined : targets.get(block.configPath));
			const evaluation = first.dependencies.some(dependency => dependency.kind === 'dependency') ? evaluateWith(unit, outputsOf) : first;
			const withCycles: UnitEvaluation = cycleDiagnostics.length === 0 ? evaluation : {...evaluation, diagnostics: [...evaluation.diagnostics, ...cycleDiagnostics]};
			const texts = new Map(evaluation.evaluated.filesRead.map(file => [displayName(file), parse(file).text] as const));
			const workspace = await loadWorkspace(unitWorkspaceOptions(withCycles, options, files, texts, targets));
			return {evaluation: withCycles, workspace};
		})();
		opened.set(unit, promise);
		return promise;
	};

	return {
		root,
		units,
		truncated: discovered.truncated,
		unitAt: directory => byDirectory.get(path.resolve(directory)),
		sources() {
			return new Map([...parsed].map(([file, found]) => [file, found.text] as const));
		},
		shallow,
		graph() {
			graph ??= computeGraph();
			return graph;
		},
		open: async unit => open(unit),
	};
}

/**
A dependency's outputs in three tiers, per output: the target unit's own output, evaluated statically, when wholly known; else the block's `mock_outputs` entry when Terragrunt would use mocks (for the `plan` command tfscope assumes); else unknown (only `terragrunt output` after an apply knows it). A disabled dependency gives its mocks; `skip_outputs` reads no outputs.
*/
export function dependencyOutputs(block: DependencyBlock, target: OpenedUnit | undefined): DependencyOutputs {
	const mockAllowed = block.mockOutputs !== undefined && (block.mockAllowedCommands === undefined || block.mockAllowedCommands.length === 0 || block.mockAllowedCommands.includes(contextDefaults.command));
	const mocks = mockAllowed ? attributesOf(block.mockOutputs) : new Map<string, Value>();
	const tiers = new Map<string, 'static' | 'mock' | 'unknown'>();
	const outputs = new Map<string, Value>();
	if (!block.enabled || block.skipOutputs || !target) {
		for (const [name, value] of mocks) {
			outputs.set(name, value);
			tiers.set(name, 'mock');
		}

		return {outputs: mockAllowed || block.enabled ? objectValue(outputs) : unknownValue(), tiers};
	}

	const root = target.workspace.instances.root;
	for (const name of target.workspace.moduleTree.module.outputs.keys()) {
		const value = root.output(name) ?? unknownValue();
		if (isWhollyKnown(value)) {
			outputs.set(name, value);
			tiers.set(name, 'static');
		} else if (mocks.has(name)) {
			outputs.set(name, mocks.get(name)!);
			tiers.set(name, 'mock');
		} else {
			outputs.set(name, value);
			tiers.set(name, 'unknown');
		}
	}

	for (const [name, value] of mocks) {
		if (!outputs.has(name)) {
			outputs.set(name, value);
			tiers.set(name, 'mock');
		}
	}

	return {outputs: objectValue(outputs), tiers};
}

function describeUnit(unit: Unit, evaluated: EvaluatedConfig, files: ConfigSource, mappings: readonly SourceMapping[]): UnitEvaluation {
	const {config} = evaluated;
	const diagnostics: Diagnostic[] = [...evaluated.diagnostics];
	let sourceText: string | undefined;
	if (config.source) {
		if (config.source.value.kind === 'string') {
			sourceText = config.source.value.value;
		} else {
			diagnostics.push(errorDiagnostic('Module source not known', 'terraform.source is not a known string (it comes from a value only a run knows), so the unit\'s module cannot be found.', config.source.range));
		}
	}

	const module: ModuleLocation = config.source && sourceText === undefined
		? {kind: 'unavailable', source: '(unknown)', reason: 'the source is not known'}
		: locateModule(unit.directory, sourceText, mappings, files);
	if (module.kind === 'unavailable' && sourceText !== undefined) {
		diagnostics.push(errorDiagnostic('Module source not available', `${unit.path}: terraform.source "${sourceText}" is not available here: ${module.reason}. Run terragrunt once (it downloads into .terragrunt-cache) or map it with --source-map ${splitSource(sourceText).root}=DIR.`, config.source?.range));
	}

	const generated = new Map<string, string>();
	for (const block of config.generate.values()) {
		if (block.disabled) {
			continue;
		}

		if (block.path === undefined || block.contents === undefined) {
			diagnostics.push(warningDiagnostic('Generated file not known', `generate "${block.name}": its ${block.path === undefined ? 'path' : 'contents'} is not known, so the file is not added to the module.`, block.range));
			continue;
		}

		generated.set(block.path, block.contents);
	}

	if (config.remoteState?.generate && config.remoteState.backend !== undefined) {
		generated.set(config.remoteState.generate.path, renderBackend(config.remoteState.backend, config.remoteState.config));
	}

	const inputs = new Map<string, InputValue>();
	for (const [name, entry] of config.inputs) {
		inputs.set(name, {...entry, dependencyReads: dependencyReadsOf(entry, evaluated)});
	}

	const dependencies: Array<UnitEvaluation['dependencies'][number]> = [];
	for (const block of config.dependencies.values()) {
		if (block.configPath !== undefined) {
			dependencies.push({
				name: block.name, directory: block.configPath, kind: 'dependency', range: block.range,
			});
		}
	}

	for (const directory of config.dependencyPaths) {
		dependencies.push({name: slashPath(path.relative(unit.directory, directory)), directory, kind: 'dependencies'});
	}

	for (const use of evaluated.functionUses) {
		if (use.functionClass === 'unsafe') {
			diagnostics.push(warningDiagnostic('Function not run', `${use.name}() is never run by tfscope (it runs a program or calls a service): its result is unknown. Pin what it feeds with --assume (for an input: --assume var.NAME=VALUE on the unit).`, use.range));
		}
	}

	return {
		unit, evaluated, module, generated, inputs, dependencies, diagnostics,
	};
}

/**
The dependency outputs an input's own expression names (`dependency.vpc.outputs.vpc_id`), with their tiers; a whole `dependency.vpc.outputs` names every output.
*/
function dependencyReadsOf(entry: InputEntry, evaluated: EvaluatedConfig): InputValue['dependencyReads'] {
	if (!entry.expression) {
		return [];
	}

	const named = new Set<string>();
	walkReferenceChains(entry.expression, chain => {
		if (chain.root !== 'dependency') {
			return;
		}

		const [name, outputs, output] = chain.steps;
		if (name?.kind !== 'attribute') {
			return;
		}

		named.add(outputs?.kind === 'attribute' && outputs.name === 'outputs' && output?.kind === 'attribute' ? `${name.name}.${output.name}` : `${name.name}.*`);
	});
	const reads: Array<InputValue['dependencyReads'][number]> = [];
	for (const [dependency, tiers] of evaluated.config.dependencyTiers) {
		for (const [output, tier] of tiers) {
			if (named.has(`${dependency}.${output}`) || named.has(`${dependency}.*`)) {
				reads.push({dependency, output, tier});
			}
		}
	}

	return reads;
}

function findRepoRoot(directory: string, files: ConfigSource): string | undefined {
	let current = directory;
	for (let depth = 0; depth < 100; depth++) {
		if (files.stat(path.join(current, '.git')) !== undefined) {
			return current;
		}

		const parent = path.dirname(current);
		if (parent === current) {
			return undefined;
		}

		current = parent;
	}

	return undefined;
}

/**
The Workspace options Terragrunt's run gives Terraform in a unit: the module's directory with the generated files laid over it, and the inputs as root variable values below every tfvars file (Terragrunt passes them as TF_VAR_ variables, which a TF_VAR_ already set in the environment overrides).
*/
export function unitWorkspaceOptions(evaluation: UnitEvaluation, options: EstateOptions, files: ConfigSource, sources: ReadonlyMap<string, string> = new Map(), targets: ReadonlyMap<string, OpenedUnit | undefined> = new Map()): WorkspaceOptions {
	const directory = evaluation.module.kind === 'unavailable' ? evaluation.unit.directory : evaluation.module.directory;
	const inputs = new Map<string, {readonly value: Value; readonly source: string; readonly range?: Range; readonly origins?: ValueOrigin[]}>();
	const targetOf = (dependency: string): OpenedUnit | undefined => {
		const block = evaluation.evaluated.config.dependencies.get(dependency);
		return block?.configPath === undefined ? undefined : targets.get(block.configPath);
	};

	for (const [name, input] of evaluation.inputs) {
		const origins: ValueOrigin[] = [];
		for (const read of input.dependencyReads) {
			const target = read.tier === 'static' ? targetOf(read.dependency) : undefined;
			if (target) {
				origins.push({label: `dependency.${read.dependency}.outputs.${read.output} from unit ${target.evaluation.unit.path}`, workspace: target.workspace, address: `output.${read.output}`});
			}
		}

		const reads = input.dependencyReads.map(read => `dependency.${read.dependency}.outputs.${read.output}: ${read.tier === 'static' ? 'static' : (read.tier === 'mock' ? 'mock' : 'unknown, needs `terragrunt output`')}`);
		inputs.set(name, {
			value: input.value,
			source: `inputs of ${slashPath(path.relative(options.root, input.file))}${reads.length > 0 ? ` (${reads.join('; ')})` : ''}`,
			...(input.range && {range: input.range}),
			...(origins.length > 0 && {origins}),
		});
	}

	// Files are named from the working directory, as a directory given on the command line is.
	const cwd = options.workspaceOptions?.cwd ?? process.cwd();
	const relative = path.relative(cwd, directory);
	const shown = cwd === process.cwd() && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative || '.' : directory;
	return {
		...options.workspaceOptions,
		directory: shown,
		source: evaluation.module.kind === 'unavailable' ? files : withGeneratedFiles(files, path.resolve(directory), evaluation.generated),
		terragrunt: {unit: evaluation.unit.path, inputs, diagnostics: evaluation.diagnostics, estateRoot: options.root, sources},
	};
}

/**
Units on a cycle of the unit graph (each cycle once, by Tarjan's strongly connected components on our own adjacency, iteratively).
*/
function findCycles(units: readonly Unit[], edges: EstateGraph['edges']): Unit[][] {
	const index = new Map(units.map((unit, position) => [unit, position] as const));
	const adjacency: number[][] = units.map(() => []);
	for (const edge of edges) {
		if (edge.to) {
			adjacency[index.get(edge.from)!]!.push(index.get(edge.to)!);
		}
	}

	const order = new Array<number>(units.length).fill(-1);
	const low = new Array<number>(units.length).fill(0);
	const onStack = new Array<boolean>(units.length).fill(false);
	const stack: number[] = [];
	const cycles: Unit[][] = [];
	let counter = 0;
	for (let start = 0; start < units.length; start++) {
		if (order[start] !== -1) {
			continue;
		}

		const work: Array<{node: number; next: number}> = [{node: start, next: 0}];
		order[start] = low[start] = counter++;
		stack.push(start);
		onStack[start] = true;
		while (work.length > 0) {
			const frame = work.at(-1)!;
			const neighbours = adjacency[frame.node]!;
			if (frame.next < neighbours.length) {
				const next = neighbours[frame.next++]!;
				if (order[next] === -1) {
					order[next] = low[next] = counter++;
					stack.push(next);
					onStack[next] = true;
					work.push({node: next, next: 0});
				} else if (onStack[next]) {
					low[frame.node] = Math.min(low[frame.node]!, order[next]!);
				}

				continue;
			}

			work.pop();
			const parent = work.at(-1);
			if (parent) {
				low[parent.node] = Math.min(low[parent.node]!, low[frame.node]!);
			}

			if (low[frame.node] === order[frame.node]) {
				const component: number[] = [];
				let member: number;
				do {
					member = stack.pop()!;
					onStack[member] = false;
					component.push(member);
				} while (member !== frame.node);
				if (component.length > 1 || adjacency[frame.node]!.includes(frame.node)) {
					cycles.push(component.reverse().map(position => units[position]!));
				}
			}
		}
	}

	return cycles;
}

export {isUnitDirectory};
