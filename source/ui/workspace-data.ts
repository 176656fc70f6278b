import path from 'node:path';
import type {CommandFlags} from '../commands/command.js';
import type {Body} from '../hcl/ast.js';
import type {Diagnostic} from '../hcl/diagnostics.js';
import {formatRangeStart, type Range} from '../hcl/position.js';
import {formatKey, formatModuleInstance} from '../expand/addresses.js';
import type {Expansion} from '../expand/expansion.js';
import type {InstanceTree, ModuleCallExpansion, ModuleInstance, ResourceExpansion, ResourceInstance} from '../expand/instance-tree.js';
import {isSensitive, type Value} from '../lang/values.js';
import {modulePrefix} from '../graph/build.js';
import {graphOf, instanceEdgesOf, instanceGraphView, type Graph} from '../graph/index.js';
import type {GraphEdge} from '../graph/model.js';
import {type GraphView, drawNeighbourhood} from '../graph/draw.js';
import {undeclaredVariableMessage, workspaceOptions} from '../commands/workspace-options.js';
import {ExplorerStartFailure} from './start-failure.js';
import {loadWorkspace, unusedAssumptions, type LoadProgress, type Workspace} from '../workspace.js';
import type {ExpandProgress} from '../expand/expander.js';
import {causeAddress, type UnknownCause} from '../expand/unknown-causes.js';
import {countOpenEnded} from '../expand/counts.js';
import {parseAddress} from '../expand/parse-address.js';
import {excludedInstances} from '../graph/exclude.js';
import {readAssumptions, type Assumption} from '../expand/assumptions.js';
import {functionTable} from '../lang/functions/index.js';
import {formatDiagnostic} from '../hcl/format-diagnostic.js';
import {formatValue} from '../lang/format-value.js';
import {createWhyData} from './why-data.js';
import {consoleOutput, formatConsoleDiagnostics} from '../lang/console.js';
import {builtinFunctionNames} from '../lang/functions/index.js';
import type {ResourceMode} from '../config/module.js';
import {languageName} from '../config/language.js';
import type {ModuleNode} from '../config/module-tree.js';
import {moduleCallEdges, type ModuleMembers} from './module-edges.js';
import {completionTarget, keyCompletions} from './completion.js';
import type {
	AssumptionRow, AttributeRow, BlockEntry, BlockKind, Details, DiagnosticRow, Edge, ExplorerData, ExplorerLoad, ExpansionMode, GraphDrawing, ModuleRow, ModuleUnavailable, Reassumed, UnknownCauseRow,
} from './explorer-data.js';

/*
The explorer's view of a Workspace. Everything is computed on demand and memoised per address, so opening a large configuration costs only the module list, and a selection costs only what its panes show. Values are printed by the lang layer's console formatter, evaluation goes through `Workspace.evaluateAt`, edges and drawings come from the graph layer.
*/

export type Formatting = {
	readonly formatValue: (value: Value) => string;
	readonly formatDiagnostic: (diagnostic: Diagnostic, sources: ReadonlyMap<string, string>) => string;
	readonly functionNames: readonly string[];
};

type Place = {readonly module: string; readonly block?: string; readonly instance?: string};

function plural(count: number, noun: string): string {
	return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function join(prefix: string, name: string): string {
	return prefix === '' ? name : `${prefix}.${name}`;
}

function memoizeByKey<T>(compute: (key: string) => T): (key: string) => T {
	const cache = new Map<string, T>();
	return key => {
		if (cache.has(key)) {
			return cache.get(key)!;
		}

		const value = compute(key);
		cache.set(key, value);
		return value;
	};
}

function expansionMode(expansion: Expansion): ExpansionMode {
	switch (expansion.mode) {
		case 'single':
		case 'count':
		case 'for_each':
		case 'enabled': {
			return expansion.mode;
		}

		case 'unknown':
		case 'invalid': {
			return 'unknown';
		}
	}
}

/** Managed resources, data sources and ephemeral resources (`ephemeral.TYPE.NAME`, Terraform 1.10+) each have their group. */
function resourceKind(mode: ResourceMode): BlockKind {
	switch (mode) {
		case 'managed': {
			return 'resource';
		}

		case 'data': {
			return 'data';
		}

		case 'ephemeral': {
			return 'ephemeral';
		}
	}
}

function sourceText(sources: ReadonlyMap<string, string>, range: Range | undefined): string | undefined {
	if (!range) {
		return undefined;
	}

	return sources.get(range.filename)?.slice(range.start.offset, range.end.offset);
}

const sourceLineLimit = 80;

function blockSource(sources: ReadonlyMap<string, string>, range: Range | undefined): Details['source'] {
	const file = range ? sources.get(range.filename) : undefined;
	if (file === undefined || !range) {
		return undefined;
	}

	// From the start of the first line, so the first line keeps its indentation (a local inside `locals {}`) and lines up with the rest.
	const text = file.slice(file.lastIndexOf('\n', range.start.offset - 1) + 1, range.end.offset);

	const lines = text.split('\n');
	const shown = lines.length > sourceLineLimit ? [...lines.slice(0, sourceLineLimit), `… ${lines.length - sourceLineLimit} more lines`] : lines;
	return {text: shown.join('\n'), firstLine: range.start.line};
}

/**
A few lines of source around a range, numbered, with a marker under the start, for the diagnostics view.
*/
export function snippet(sources: ReadonlyMap<string, string>, range: Range): string | undefined {
	const text = sources.get(range.filename);
	if (text === undefined) {
		return undefined;
	}

	const lines = text.split('\n');
	const first = Math.max(1, range.start.line - 2);
	const last = Math.min(lines.length, range.start.line + 2);
	const width = String(last).length;
	const out: string[] = [];
	for (let line = first; line <= last; line++) {
		out.push(`${String(line).padStart(width)} │ ${lines[line - 1] ?? ''}`);
		if (line === range.start.line) {
			out.push(`${' '.repeat(width)} │ ${' '.repeat(Math.max(0, range.start.column - 1))}^`);
		}
	}

	return out.join('\n');
}

export type WorkspaceDataOptions = {
	/** Where each assumption in force came from, in order, when the explorer rebuilt the Workspace (`:assume`): the Workspace itself only knows them as `--assume` texts. */
	readonly assumptionSources?: readonly string[];
};

// A module whose files could not be read: the tree and Details say so, with what `terraform init` would fetch.
function unavailableOf(instance: ModuleInstance): ModuleUnavailable | undefined {
	const {source, call} = instance.node;
	if (source.kind !== 'unresolved') {
		return undefined;
	}

	const label = /not installed/.test(source.reason) ? 'not installed' : 'not loaded';
	return {label, reason: source.reason, source: source.source, ...(call?.version !== undefined && {version: call.version})};
}

/**
The module tree's rows: every module instance from `root` down, depth first, each one's children in the order of its calls. `made` gives what is made of an instance; while a Workspace is still expanding (`expandingData`) that is undefined for the instances the walk has not finished, whose rows are then `pending`, without children yet.
*/
function moduleRows(root: ModuleInstance, made: {readonly calls: (instance: ModuleInstance) => readonly ModuleCallExpansion[] | undefined; readonly resources: (instance: ModuleInstance) => readonly ResourceExpansion[] | undefined}, diagnosticsOf: (instance: ModuleInstance) => {readonly errors: number; readonly warnings: number} | undefined): ModuleRow[] {
	const rows: ModuleRow[] = [];
	const visit = (instance: ModuleInstance, depth: number) => {
		const calls = made.calls(instance);
		const resources = made.resources(instance);
		const children = calls?.flatMap(call => call.instances) ?? [];
		const counts = diagnosticsOf(instance) ?? {errors: 0, warnings: 0};
		const last = instance.parent ? instance.text.slice(instance.parent.text === '' ? 0 : instance.parent.text.length + 1) : 'root';
		const unavailable = unavailableOf(instance);
		rows.push({
			address: instance.text,
			depth,
			label: last,
			moduleInstanceCount: children.length,
			resourceInstanceCount: resources?.reduce((sum, resource) => sum + resource.instances.length, 0) ?? 0,
			errors: counts.errors,
			warnings: counts.warnings,
			...(unavailable && {unavailable}),
			...((calls === undefined || resources === undefined) && {pending: true}),
		});
		for (const child of children) {
			visit(child, depth + 1);
		}
	};

	visit(root, 0);
	return rows;
}

/**
The Blocks pane's rows of a module instance: its resource blocks and module calls (as made: `resources` and `calls`, in source order), then its variables, locals, outputs, checks and providers.
*/
function blockEntries(instance: ModuleInstance, resources: readonly ResourceExpansion[], calls: readonly ModuleCallExpansion[]): BlockEntry[] {
	const {module} = instance.node;
	const entries: BlockEntry[] = [];
	for (const resource of resources) {
		const mode = expansionMode(resource.expansion);
		entries.push({
			kind: resourceKind(resource.block.mode),
			address: resource.text,
			label: resource.block.key,
			mode,
			instances: mode === 'single' ? [] : resource.instances.map(each => each.text),
		});
	}

	for (const call of calls) {
		const mode = expansionMode(call.expansion);
		entries.push({
			kind: 'module', address: join(instance.text, `module.${call.call.name}`), label: `module.${call.call.name}`, mode, instances: mode === 'single' ? [] : call.instances.map(each => each.text),
		});
	}

	const named = (kind: BlockEntry['kind'], label: string): BlockEntry => ({kind, address: join(instance.text, label), label, mode: 'single', instances: []});
	for (const name of module.variables.keys()) {
		entries.push(named('variable', `var.${name}`));
	}

	for (const name of module.locals.keys()) {
		entries.push(named('local', `local.${name}`));
	}

	for (const name of module.outputs.keys()) {
		entries.push(named('output', `output.${name}`));
	}

	for (const check of module.checks) {
		entries.push(named('check', `check.${check.name}`));
	}

	for (const provider of module.providers) {
		entries.push(named('provider', `provider.${provider.name}${provider.alias === undefined ? '' : `.${provider.alias}`}`));
	}

	return entries;
}

export function createWorkspaceData(workspace: Workspace, formatting: Formatting, options: WorkspaceDataOptions = {}): ExplorerData {
	const {sources} = workspace;
	// The instance tree, read when first needed, not here: a Workspace still expanding in the background (see loadExplorerData) makes the rest of its instances at once when they are read, by the same walk, so every answer is the one a finished expansion gives.
	const tree = (): InstanceTree => workspace.instances;
	const {formatValue} = formatting;

	const isUnknown = (value: Value): boolean => value.kind === 'unknown';
	const attribute = (name: string, value: Value | undefined): AttributeRow => value === undefined
		? {name, value: 'null', unknown: false, sensitive: false, error: 'no value'}
		: {name, value: formatValue(value), unknown: isUnknown(value), sensitive: isSensitive(value)};

	// Diagnostics per module directory, for the badges of the module tree.
	const directoryOf = (filename: string): string => {
		const slash = filename.lastIndexOf('/');
		return slash === -1 ? '.' : filename.slice(0, slash);
	};

	const normalizeDirectory = (directory: string): string => directory.replace(/^\.\//, '').replace(/\/$/, '') || '.';
	// Reading workspace.diagnostics evaluates every value of the configuration: never before the first frame; the background pass (evaluateSome) or the diagnostics view asks.
	let diagnosticCounts: Map<string, {errors: number; warnings: number}> | undefined;
	const countDiagnostics = () => {
		const counts = new Map<string, {errors: number; warnings: number}>();
		for (const diagnostic of workspaceDiagnostics()) {
			const directory = diagnostic.subject ? normalizeDirectory(directoryOf(diagnostic.subject.filename)) : '.';
			const count = counts.get(directory) ?? {errors: 0, warnings: 0};
			if (diagnostic.severity === 'error') {
				count.errors++;
			} else {
				count.warnings++;
			}

			counts.set(directory, count);
		}

		diagnosticCounts = counts;
	};

	let diagnosticList: readonly Diagnostic[] | undefined;
	const workspaceDiagnostics = (): readonly Diagnostic[] => {
		if (!diagnosticList) {
			try {
				diagnosticList = workspace.diagnostics;
			} catch (error) {
				failures.push(error instanceof Error ? error.message : String(error));
				diagnosticList = [];
			}
		}

		return diagnosticList;
	};

	let moduleRowsCache: ModuleRow[] | undefined;
	const modules = (): readonly ModuleRow[] => {
		moduleRowsCache ??= moduleRows(tree().root, {calls: instance => instance.calls, resources: instance => instance.resources}, instance => diagnosticCounts?.get(normalizeDirectory(instance.node.module.directory)));
		return moduleRowsCache;
	};

	const blocks = memoizeByKey((moduleAddress: string): readonly BlockEntry[] => {
		const instance = tree().moduleInstances.get(moduleAddress);
		return instance ? blockEntries(instance, instance.resources, instance.calls) : [];
	});

	// Every address the explorer can go to, built on first use.
	let placesCache: Map<string, Place> | undefined;
	const places = (): Map<string, Place> => {
		if (placesCache) {
			return placesCache;
		}

		const map = new Map<string, Place>();
		for (const module of tree().moduleInstances.keys()) {
			map.set(module, {module});
		}

		for (const module of tree().moduleInstances.keys()) {
			for (const entry of blocks(module)) {
				if (!map.has(entry.address)) {
					map.set(entry.address, {module, block: entry.address});
				}

				if (entry.kind !== 'module') {
					for (const instance of entry.instances) {
						map.set(instance, {module, block: entry.address, instance});
					}
				}
			}
		}

		placesCache = map;
		return map;
	};

	/**
	Where a block address lives, without building every place first: walks down the module instances whose address prefixes it, looking in each one's blocks. The first frame's details need this for one address; building `places()` for 50,000 instances would delay it by about 100 ms.
	*/
	const blockPlace = (address: string): Place | undefined => {
		let instance: ModuleInstance | undefined = tree().root;
		while (instance) {
			const current: ModuleInstance = instance;
			const entry = blocks(current.text).find(each => each.address === address);
			if (entry) {
				return {module: current.text, block: entry.address};
			}

			instance = current.calls.flatMap(call => call.instances).find(child => address.startsWith(`${child.text}.`));
		}

		return undefined;
	};

	// A module instance's address is its own place first (a call without count/for_each has the address of its one instance), as in `places()`.
	// `blockPlace` finds every place but the instances of blocks with count/for_each, whose addresses end in a key (`]`): only those need every place built. Anything else it does not find is no place (the Edges pane of a call with count/for_each asks for `module.NAME.var.X`, which built them all: about 180 ms at 4x).
	const placeOf = (address: string): Place | undefined => placesCache?.get(address) ?? (tree().moduleInstances.has(address) ? {module: address} : blockPlace(address)) ?? (address.endsWith(']') ? places().get(address) : undefined);

	const moduleInstanceOf = (address: string): ModuleInstance | undefined => {
		const place = placeOf(address);
		return place ? tree().moduleInstances.get(place.module) : undefined;
	};

	const evaluateSource = (range: Range | undefined, context: string): string | undefined => {
		const text = sourceText(sources, range);
		if (text === undefined) {
			return undefined;
		}

		const result = workspace.evaluateAt(text, context === '' ? undefined : context);
		return result.diagnostics.some(diagnostic => diagnostic.severity === 'error') ? undefined : formatValue(result.value);
	};

	const expansionDetails = (expansion: Expansion, count: {range: Range} | undefined, forEach: {range: Range} | undefined, context: string, keys: readonly string[]): Details['expansion'] => {
		if (expansion.mode === 'single') {
			return undefined;
		}

		const meta = forEach ?? count;
		const written = forEach ? 'for_each' : (expansion.mode === 'enabled' ? 'enabled' : 'count');
		const source = sourceText(sources, meta?.range) ?? '';
		const mode = expansionMode(expansion);
		if (expansion.mode === 'unknown' || expansion.mode === 'invalid') {
			return {
				mode, meta: written, source, value: '', keys: [], unknownReason: expansion.reason, ...(expansion.mode === 'unknown' && expansion.causes && {causes: expansion.causes.map(cause => causeRow(cause, 0))}),
			};
		}

		return {mode, meta: written, source, value: evaluateSource(meta?.range, context) ?? (expansion.mode === 'count' ? String(expansion.count) : ''), keys};
	};

	const causeRow = (cause: UnknownCause, blocks: number): UnknownCauseRow => ({
		address: causeAddress(cause),
		when: cause.when,
		where: cause.range ? `${relativeFilename(cause.range.filename)}:${cause.range.start.line}` : '',
		blocks,
	});

	const assumptionSources = options.assumptionSources?.length === workspace.assumptions.length ? options.assumptionSources : undefined;
	const assumptionRow = (assumption: Assumption): AssumptionRow => ({
		address: assumption.address,
		expression: assumption.expression,
		source: assumptionSources?.[workspace.assumptions.indexOf(assumption)] ?? assumption.source,
	});

	const bindings = (instance: ResourceInstance | ModuleInstance): Array<{name: string; value: string}> => {
		const {countIndex, eachKey, eachValue} = instance.repetition;
		const out: Array<{name: string; value: string}> = [];
		if (countIndex) {
			out.push({name: 'count.index', value: formatValue(countIndex)});
		}

		if (eachKey) {
			out.push({name: 'each.key', value: formatValue(eachKey)});
		}

		if (eachValue) {
			out.push({name: 'each.value', value: formatValue(eachValue)});
		}

		return out;
	};

	const objectAttributes = (value: Value): AttributeRow[] => {
		if (value.kind === 'object') {
			return [...value.attributes].map(([name, each]) => attribute(name, each));
		}

		return [attribute('value', value)];
	};

	/**
	With a provider schema, an instance's value has every attribute: the ones the body sets come first, then those known after apply, then the ones left unset (null), which Details shows on request.
	*/
	const resourceAttributes = (body: Body, value: Value, shaped: boolean): AttributeRow[] => {
		const rows = objectAttributes(value);
		if (!shaped) {
			return rows;
		}

		const written = new Set(body.items.map(item => (item.kind === 'Attribute' ? item.name : (item.type === 'dynamic' ? item.labels[0] ?? '' : item.type))));
		const rest = rows.filter(row => !written.has(row.name));
		return [...rows.filter(row => written.has(row.name)), ...rest.filter(row => row.unknown), ...rest.filter(row => !row.unknown).map(row => ({...row, unset: true}))];
	};

	// What every instance of a block shares (its for_each value, keys, source, each instance's position), worked out once per block: stepping through the instances of a block of 160 costs the same as through one of 2.
	const sharedOfBlock = new WeakMap<ResourceExpansion, {expansion: Details['expansion']; source: Details['source']; positions: Map<ResourceInstance, number>}>();
	const blockShared = (resource: ResourceExpansion) => {
		let shared = sharedOfBlock.get(resource);
		if (!shared) {
			const {block} = resource;
			const keys = resource.instances.map(each => formatKey(each.key).slice(1, -1));
			shared = {
				expansion: resource.expansion.mode === 'single' ? undefined : expansionDetails(resource.expansion, block.count ?? block.enabled, block.forEach, resource.moduleInstance.text, keys),
				source: blockSource(sources, block.range),
				positions: new Map(resource.instances.map((each, index) => [each, index])),
			};
			sharedOfBlock.set(resource, shared);
		}

		return shared;
	};

	const resourceDetails = (resource: ResourceExpansion, instance: ResourceInstance | undefined, address: string): Details => {
		const {block} = resource;
		const shared = blockShared(resource);
		const index = instance ? (shared.positions.get(instance) ?? -1) : -1;
		const single = resource.expansion.mode === 'single';
		return {
			address,
			kind: resourceKind(block.mode),
			location: {filename: block.range.filename, line: block.range.start.line},
			...(shared.expansion && {expansion: shared.expansion}),
			...(instance && !single && {instance: {index, total: resource.instances.length, ...(instance.key.kind === 'unknown' && {placeholder: true}), bindings: bindings(instance)}}),
			attributes: instance ? resourceAttributes(block.body, instance.value, resource.schema !== undefined) : [],
			...(instance && instance.assumed.length > 0 && {assumed: instance.assumed.map(assumption => assumptionRow(assumption))}),
			source: shared.source,
		};
	};

	// Whether a resource or resource instance may have this address. The first lookup in the resource indexes builds them (every resource instance, 50,000 at 4x: tens of milliseconds), and the first frame's Details show a module, whose address names a resource only when a block of type `module` (`resource "module" "NAME"`) is in the module instance above it.
	const mayNameResource = (address: string): boolean => {
		const parsed = parseAddress(address);
		if (!parsed.ok || parsed.address.kind !== 'module') {
			return true;
		}

		const steps = parsed.address.module;
		const last = steps.at(-1);
		return last !== undefined && (tree().moduleInstances.get(formatModuleInstance(steps.slice(0, -1)))?.node.module.resources.has(`module.${last.name}`) ?? false);
	};

	const details = memoizeByKey((address: string): Details | undefined => {
		const namesResource = mayNameResource(address);
		const resourceInstance = namesResource ? tree().resourceInstances.get(address) : undefined;
		if (resourceInstance) {
			return resourceDetails(resourceInstance.resource, resourceInstance, address);
		}

		const resource = namesResource ? tree().resources.get(address) : undefined;
		if (resource) {
			return resourceDetails(resource, resource.instances[0]?.text === address ? resource.instances[0] : undefined, address);
		}

		const moduleInstance = tree().moduleInstances.get(address);
		if (moduleInstance) {
			const {module} = moduleInstance.node;
			const call = moduleInstance.node.call;
			const callExpansion = moduleInstance.parent?.calls.find(each => each.node === moduleInstance.node);
			const index = callExpansion ? callExpansion.instances.indexOf(moduleInstance) : -1;
			return {
				address,
				kind: 'module-instance',
				...(call && {location: {filename: call.range.filename, line: call.range.start.line}}),
				...(callExpansion && callExpansion.expansion.mode !== 'single' && {instance: {index, total: callExpansion.instances.length, ...(moduleInstance.key.kind === 'unknown' && {placeholder: true}), bindings: bindings(moduleInstance)}}),
				attributes: [
					...[...module.variables.keys()].map(name => attribute(`var.${name}`, moduleInstance.variable(name))),
					...[...module.outputs.keys()].map(name => attribute(`output.${name}`, moduleInstance.output(name))),
					// Not installed: its inputs as written, since the module declares nothing to evaluate them against.
					...(unavailableOf(moduleInstance) && call ? call.inputs.map(input => ({name: input.name, value: sourceText(sources, input.expression.range) ?? '', unknown: false, sensitive: false})) : []),
				],
				...(unavailableOf(moduleInstance) && {unavailable: unavailableOf(moduleInstance)}),
				source: blockSource(sources, call?.range),
			};
		}

		const place = placeOf(address);
		const instance = place ? tree().moduleInstances.get(place.module) : undefined;
		if (!place || !instance) {
			return undefined;
		}

		const label = place.module === '' ? address : address.slice(place.module.length + 1);
		const {module} = instance.node;
		const [kind, name = ''] = label.split(/\.(.*)/s);
		switch (kind) {
			case 'var': {
				const variable = module.variables.get(name);
				return variable && {
					address, kind: 'variable', location: {filename: variable.range.filename, line: variable.range.start.line}, attributes: [attribute('value', instance.variable(name))], source: blockSource(sources, variable.range),
				};
			}

			case 'local': {
				const local = module.locals.get(name);
				return local && {
					address, kind: 'local', location: {filename: local.range.filename, line: local.range.start.line}, attributes: [attribute('value', instance.local(name))], source: blockSource(sources, local.range),
				};
			}

			case 'output': {
				const output = module.outputs.get(name);
				return output && {
					address, kind: 'output', location: {filename: output.range.filename, line: output.range.start.line}, attributes: [attribute('value', instance.output(name))], source: blockSource(sources, output.range),
				};
			}

			case 'module': {
				const call = instance.calls.find(each => each.call.name === name);
				if (!call) {
					return undefined;
				}

				const keys = call.instances.map(each => formatKey(each.key.kind === 'none' ? each.key : each.key).slice(1, -1));
				return {
					address,
					kind: 'module',
					location: {filename: call.call.range.filename, line: call.call.range.start.line},
					...(call.expansion.mode !== 'single' && {expansion: expansionDetails(call.expansion, call.call.count ?? call.call.enabled, call.call.forEach, place.module, keys)}),
					attributes: call.call.inputs.map(input => ({name: input.name, value: sourceText(sources, input.expression.range) ?? '', unknown: false, sensitive: false})),
					source: blockSource(sources, call.call.range),
				};
			}

			case 'check': {
				const check = module.checks.find(each => each.name === name);
				return check && {
					address,
					kind: 'check',
					location: {filename: check.range.filename, line: check.range.start.line},
					attributes: check.assertions.map((assertion, index) => ({name: `assert[${index}]`, value: (assertion.condition && sourceText(sources, assertion.condition.range)) ?? '', unknown: false, sensitive: false})),
					source: blockSource(sources, check.range),
				};
			}

			case 'provider': {
				const provider = module.providers.find(each => `${each.name}${each.alias === undefined ? '' : `.${each.alias}`}` === name);
				return provider && {
					address, kind: 'provider', location: {filename: provider.range.filename, line: provider.range.start.line}, attributes: [], source: blockSource(sources, provider.range),
				};
			}

			default: {
				return undefined;
			}
		}
	});

	// The block graph is built once (a few hundred milliseconds on a large configuration); the whole instance graph only for the graph view of an instance.
	const blockGraph = (): Graph => graphOf(workspace);

	/**
	The block-level graph node for an address, and how to turn that graph's ids back into addresses the explorer can select (the module path of the selected module instance put back).
	*/
	const blockNode = (address: string): {graph: Graph; id: string; toAddress: (id: string) => string} | undefined => {
		const blocksGraph = blockGraph();
		const module = moduleInstanceOf(address);
		if (!module) {
			return undefined;
		}

		const prefix = modulePrefix(module.node);
		const label = module.text === '' ? address : address.slice(module.text.length + 1);
		const id = join(prefix, label);
		if (!blocksGraph.has(id)) {
			return undefined;
		}

		const toAddress = (other: string): string => {
			if (prefix === '') {
				return module.text === '' || other.startsWith('module.') ? other : join(module.text, other);
			}

			return other.startsWith(prefix + '.') && !other.slice(prefix.length + 1).startsWith('module.') ? join(module.text, other.slice(prefix.length + 1)) : other;
		};

		return {graph: blocksGraph, id, toAddress};
	};

	const expressionOf = (edge: GraphEdge): string => {
		const expressions = [...new Set(edge.origins.map(origin => origin.expression))];
		return expressions.length === 0 ? edge.kind : expressions.join(', ');
	};

	/**
	The graph node the graph view draws: instance-level when the address is a node of the instance graph (an instance, or a single block), else block-level.
	*/
	const graphNode = (address: string): {graph: GraphView; id: string; toAddress: (id: string) => string} | undefined => {
		if (instanceEdgesOf(workspace, address) !== undefined) {
			// A view that finds each drawn node's instance edges when asked: drawing does not build the whole instance graph.
			return {graph: instanceGraphView(workspace), id: address, toAddress: id => id};
		}

		return blockNode(address);
	};

	const edges = memoizeByKey((address: string): readonly Edge[] => {
		const own = nodeEdges(address);
		const call = moduleCallAt(address);
		return call ? moduleCallEdges(address, own, moduleMembers(call.node), memberEdges, call.context) : own;
	});

	const moduleMembers = (node: ModuleNode): ModuleMembers => {
		const prefix = modulePrefix(node);
		const graph = blockGraph();
		// Only outputs something outside the module reads can have dependents.
		const readOutside = (name: string): boolean => graph.has(`${prefix}.output.${name}`) && graph.incoming(`${prefix}.output.${name}`).some(edge => !edge.source.startsWith(`${prefix}.`));
		return {
			variables: node.call ? node.call.inputs.map(input => input.name) : [],
			outputs: [...node.module.outputs.keys()].filter(name => readOutside(name)),
		};
	};

	// One direction of a child variable's or output's edges: instance-level when it is an instance-graph node, else block-level.
	const memberEdges = (address: string, direction: 'in' | 'out'): readonly Edge[] => {
		const instanceEdges = instanceEdgesOf(workspace, address, direction);
		return instanceEdges ? instanceEdges.map(edge => ({direction: edge.direction, address: edge.address, expression: edge.expression})) : nodeEdges(address).filter(edge => edge.direction === direction);
	};

	// A module instance (not the root), or a module call block: the call, its child module node and where its arguments are written.
	const moduleCallAt = (address: string): {node: ModuleNode; context: string} | undefined => {
		const instance = tree().moduleInstances.get(address);
		if (instance) {
			return instance.parent ? {node: instance.node, context: instance.parent.text} : undefined;
		}

		const place = blockPlace(address);
		const parent = place && tree().moduleInstances.get(place.module);
		const call = parent?.calls.find(each => join(parent.text, `module.${each.call.name}`) === address);
		return call && parent ? {node: call.node, context: parent.text} : undefined;
	};

	const nodeEdges = memoizeByKey((address: string): readonly Edge[] => {
		// An instance (or a block without count/for_each) has instance-level edges, found from its neighbourhood without building the instance graph, so stepping through instances stays instant.
		const instanceEdges = instanceEdgesOf(workspace, address);
		if (instanceEdges) {
			return instanceEdges.map(edge => ({direction: edge.direction, address: edge.address, expression: edge.expression}));
		}

		// A block with many instances, a module call: block-level edges.
		const node = blockNode(address);
		if (!node) {
			return [];
		}

		const {graph, id, toAddress} = node;
		return [
			...graph.incoming(id).map(edge => ({direction: 'in' as const, address: toAddress(edge.source), expression: expressionOf(edge)})),
			...graph.outgoing(id).map(edge => ({direction: 'out' as const, address: toAddress(edge.target), expression: expressionOf(edge)})),
		];
	});

	const drawings = new Map<string, GraphDrawing>();
	const drawGraph = (address: string, width: number, height: number): GraphDrawing => {
		const key = `${address}\u0000${width}\u0000${height}`;
		const cached = drawings.get(key);
		if (cached) {
			return cached;
		}

		const node = graphNode(address);
		const neighbours = edges(address).map(edge => edge.address);
		const drawing: GraphDrawing = {
			lines: node ? drawNeighbourhood(node.graph, node.id, 2, Math.max(0, width), Math.max(0, height)) : [`No graph node for ${address === '' ? 'the root module' : address}`],
			nodes: [address, ...new Set(neighbours.filter(each => each !== address))],
		};
		drawings.set(key, drawing);
		return drawing;
	};

	// Diagnostics name files relative to the configuration, so the file name is not cut off at 80 columns.
	const relativeFilename = (filename: string): string => {
		const relative = path.relative(path.resolve(workspace.directory), path.resolve(filename));
		return relative === '' || relative.startsWith('..') ? filename : relative;
	};

	const addressAt = (filename: string, line: number): string | undefined => {
		const inside = (range: Range | undefined) => range !== undefined && range.filename === filename && range.start.line <= line && line <= range.end.line;
		for (const instance of tree().moduleInstances.values()) {
			const {module} = instance.node;
			if (!module.files.includes(filename)) {
				continue;
			}

			const candidates: Array<[string, Range | undefined]> = [
				...[...module.resources.values()].map((resource): [string, Range] => [resource.key, resource.range]),
				...[...module.moduleCalls.values()].map((call): [string, Range] => [`module.${call.name}`, call.range]),
				...[...module.variables.values()].map((variable): [string, Range] => [`var.${variable.name}`, variable.range]),
				...[...module.locals.values()].map((local): [string, Range] => [`local.${local.name}`, local.range]),
				...[...module.outputs.values()].map((output): [string, Range] => [`output.${output.name}`, output.range]),
			];
			const found = candidates.find(([, range]) => inside(range));
			return found ? join(instance.text, found[0]) : instance.text;
		}

		return undefined;
	};

	let diagnosticRows: DiagnosticRow[] | undefined;
	const diagnostics = (): readonly DiagnosticRow[] => {
		if (!diagnosticRows) {
			countDiagnostics();
			// The module tree gets its badges.
			moduleRowsCache = undefined;
		}

		diagnosticRows ??= workspaceDiagnostics().map((diagnostic): DiagnosticRow => {
			const {subject} = diagnostic;
			return {
				severity: diagnostic.severity,
				summary: diagnostic.summary,
				...(diagnostic.detail !== undefined && {detail: diagnostic.detail}),
				where: subject ? formatRangeStart({...subject, filename: relativeFilename(subject.filename)}) : '',
				...(subject && {filename: subject.filename, line: subject.start.line}),
				...(subject && {snippet: snippet(sources, subject)}),
			};
		}).concat(failures.map(message => ({severity: 'error', summary: `tfscope failed to evaluate a value: ${message}`, where: ''})));
		return diagnosticRows;
	};

	// The background pass: every value of every module instance, a slice at a time (values are memoised by the expander, so reading `workspace.diagnostics` afterwards only adds what no value holds: conditions, checks).
	function * valuesToEvaluate(): Generator<undefined, void> {
		for (const instance of tree().moduleInstances.values()) {
			const {module} = instance.node;
			for (const name of module.variables.keys()) {
				yield touch(() => instance.variable(name));
			}

			for (const name of module.locals.keys()) {
				yield touch(() => instance.local(name));
			}

			for (const resource of instance.resources) {
				for (const each of resource.instances) {
					yield touch(() => each.value);
				}
			}

			for (const name of module.outputs.keys()) {
				yield touch(() => instance.output(name));
			}
		}
	}

	// A value whose evaluation throws (a bug, not a diagnostic) must not stop the explorer: the pass goes on, and the diagnostics view says what failed.
	const failures: string[] = [];
	const touch = (read: () => unknown): undefined => {
		try {
			read();
		} catch (error) {
			failures.push(error instanceof Error ? error.message : String(error));
		}

		return undefined;
	};

	let background: Generator<undefined, void> | undefined;
	let evaluated = 0;
	const totalValues = (): number => {
		let total = 0;
		for (const instance of tree().moduleInstances.values()) {
			const {module} = instance.node;
			total += module.variables.size + module.locals.size + module.outputs.size;
			for (const resource of instance.resources) {
				total += resource.instances.length;
			}
		}

		return total;
	};

	let valueCount: number | undefined;
	const evaluateSome = (budgetMs: number): boolean => {
		if (diagnosticRows) {
			return true;
		}

		background ??= valuesToEvaluate();
		const deadline = performance.now() + budgetMs;
		for (;;) {
			if (background.next().done) {
				break;
			}

			evaluated++;
			// The clock is read every few values: a value takes microseconds.
			if ((evaluated & 7) === 0 && performance.now() >= deadline) {
				return false;
			}
		}

		diagnostics();
		return true;
	};

	let addressList: string[] | undefined;

	const staticWords = ['count.index', 'each.key', 'each.value', 'path.module', 'path.root', 'path.cwd', 'terraform.workspace', 'self'];
	const complete = (word: string, context: string): readonly string[] => {
		const module = moduleInstanceOf(context) ?? tree().root;
		const {module: body} = module.node;
		const words = new Set<string>(staticWords);
		for (const name of body.variables.keys()) {
			words.add(`var.${name}`);
		}

		for (const name of body.locals.keys()) {
			words.add(`local.${name}`);
		}

		for (const name of body.moduleCalls.keys()) {
			words.add(`module.${name}`);
		}

		for (const key of body.resources.keys()) {
			words.add(key);
			words.add(key.slice(0, key.lastIndexOf('.')));
			// After `TYPE.NAME.`: the attributes and block types of the provider's schema.
			if (word.startsWith(`${key}.`)) {
				const schema = module.resources.find(resource => resource.block.key === key)?.schema?.block;
				for (const name of [...(schema?.attributes.keys() ?? []), ...(schema?.blockTypes.keys() ?? [])]) {
					words.add(`${key}.${name}`);
				}
			}
		}

		for (const name of formatting.functionNames) {
			words.add(`${name}(`);
		}

		// Keys completed as an index (`var.m["a/b"]`) do not start with a word typed as `var.m.a`: they are matched by their own rule.
		return [...[...words].filter(each => each.startsWith(word)), ...nestedCompletions(word, context)].sort();
	};

	/**
	After `var.settings.vm.` or `var.settings[` (any reference, index steps included): the attributes of the value there, the keys of a map (as `["key"]` when not an identifier), a list's indexes, when it is known and not sensitive.
	*/
	const nestedCompletions = (word: string, context: string): string[] => {
		const target = completionTarget(word);
		if (!target) {
			return [];
		}

		const result = workspace.evaluateAt(target.prefix, context === '' ? undefined : context);
		const {value} = result;
		if (result.diagnostics.some(diagnostic => diagnostic.severity === 'error') || isSensitive(value)) {
			return [];
		}

		switch (value.kind) {
			case 'object': {
				return keyCompletions(target, {names: [...value.attributes.keys()]});
			}

			case 'map': {
				return keyCompletions(target, {names: [...value.entries.keys()]});
			}

			case 'list':
			case 'tuple': {
				return keyCompletions(target, {length: value.elements.length});
			}

			default: {
				return [];
			}
		}
	};

	const signature = (name: string): string | undefined => {
		const spec = functionTable(workspace.language.rules.functions).lookup(name);
		if (!spec) {
			return undefined;
		}

		const parameters = [...spec.parameters.map(parameter => parameter.name), ...(spec.variadic ? [`${spec.variadic.name}...`] : [])];
		return `${name}(${parameters.join(', ')})${spec.description === '' ? '' : `: ${spec.description}`}`;
	};

	let openEnded: number | undefined;
	const status = (): string => {
		// The language first (Terraform or OpenTofu): it decides what the rest means.
		if (sources.size === 0) {
			return 'no configuration files here';
		}

		// Placeholders and assumptions change what the counts mean: they are said beside them.
		openEnded ??= countOpenEnded(tree());
		const unknowns = `${openEnded === 0 ? '' : ` · ${openEnded} open-ended [*]`}${workspace.assumptions.length === 0 ? '' : ` · ${workspace.assumptions.length} assumed`}`;
		const counts = `${languageName(workspace.language.rules)} · ${plural(tree().moduleInstances.size, 'module instance')} · ${plural(tree().resourceInstances.size, 'resource instance')}${unknowns}`;
		if (!diagnosticRows) {
			if (background === undefined) {
				return `${counts} · d: diagnostics`;
			}

			valueCount ??= totalValues();
			return `${counts} · checking ${Math.min(99, Math.floor(100 * evaluated / Math.max(1, valueCount)))}%`;
		}

		const errors = diagnosticRows.filter(row => row.severity === 'error').length;
		return `${counts} · ${errors} error${errors === 1 ? '' : 's'}, ${diagnosticRows.length - errors} warning${diagnosticRows.length - errors === 1 ? '' : 's'}`;
	};

	return {
		directory: workspace.directory,
		consoleBackslashContinuation: workspace.language.rules.consoleBackslashContinuation,
		status,
		modules,
		blocks,
		details,
		edges,
		locate: address => places().get(address),
		addresses: () => {
			addressList ??= [...places().keys()];
			return addressList;
		},
		diagnostics,
		evaluateSome,
		addressAt,
		evaluate(expression, context) {
			// The console command's formatter, so the pane shows the bytes `tfscope console --at CONTEXT` prints (less the last newline).
			const scope = workspace.scopeAt(context === '' ? undefined : context);
			const output = scope.value ? consoleOutput(expression, scope.value) : {ok: false, stdout: '', stderr: formatConsoleDiagnostics(scope.diagnostics)};
			return {ok: output.ok, text: (output.stdout + output.stderr).replace(/\n$/, '')};
		},
		complete,
		signature,
		drawGraph,
		skipped(excluded) {
			const exclusions = excluded.flatMap(text => {
				const parsed = parseAddress(text);
				return parsed.ok ? [{text, address: parsed.address}] : [];
			});
			const entries = exclusions.length === 0 ? [] : excludedInstances(tree(), graphOf(workspace, {instances: true}), exclusions);
			return new Map(entries.map(entry => [entry.address, entry.because.kind === 'excluded' ? 'excluded' : `depends on ${entry.because.on}`]));
		},
		assumptions: () => workspace.assumptions.map(assumption => assumptionRow(assumption)),
		unknownCauses: () => tree().unknownCauses.map(report => causeRow(report.cause, report.blocks.length)),
		withAssumptions: async assumptions => reassume(workspace, formatting, assumptions),
		explain: createWhyData(workspace),
	};
}

/**
The Workspace again with other assumptions, for `:assume` and dropping one: each is checked first (a typo is said at once, not found in the diagnostics later), and one that names nothing in the configuration is refused.
*/
async function reassume(workspace: Workspace, formatting: Formatting, assumptions: readonly AssumptionRow[]): Promise<Reassumed> {
	const texts = assumptions.map(assumption => `${assumption.address}=${assumption.expression}`);
	const {lookup} = functionTable(workspace.language.rules.functions);
	for (const text of texts) {
		const read = readAssumptions([{kind: 'text', text}], lookup);
		const problem = read.diagnostics.find(diagnostic => diagnostic.severity === 'error');
		if (problem) {
			return {ok: false, message: `${problem.summary}: ${(problem.detail ?? '').replace(/^--assume: /, '')}`};
		}
	}

	const next = await workspace.withAssumptions(texts.map(text => ({kind: 'text' as const, text})));
	// In slices, as loading makes them, so keys are read meanwhile.
	await next.finishExpansion();
	const [unused] = unusedAssumptions(next.assumptions, next.instances);
	if (unused) {
		return {ok: false, message: `${unused.summary}: ${unused.detail ?? ''}`};
	}

	const data = createWorkspaceData(next, formatting, {assumptionSources: assumptions.map(assumption => assumption.source)});
	return {ok: true, data, summary: data.status()};
}

/**
The loading screen's line for a progress report: what is being done, with its count.
*/
export function describeProgress(progress: LoadProgress): string {
	const count = `${progress.done}${progress.total === undefined ? '' : `/${progress.total}`}`;
	switch (progress.phase) {
		case 'parse': {
			return 'reading the configuration…';
		}

		case 'modules': {
			return `${count} module ${progress.done === 1 ? 'directory' : 'directories'} read`;
		}

		case 'expand': {
			const resources = progress.resourceInstances === undefined ? '' : `, ${progress.resourceInstances} resource ${progress.resourceInstances === 1 ? 'instance' : 'instances'}`;
			return `${count} module ${progress.done === 1 ? 'instance' : 'instances'}${resources} expanded`;
		}

		case 'graph': {
			return `building the dependency graph ${count}`;
		}
	}
}

/**
Loads the directory as the CLI flags say and wraps the Workspace for the explorer.
*/
/**
How long the background expansion works between two turns of the event loop once the explorer is on screen (unless the caller gives its own slice): a key waits at most this long, as for the background check.
*/
const backgroundSliceMilliseconds = 8;

export async function loadExplorerData(options: {
	readonly directory: string;
	readonly flags: CommandFlags;
	readonly environment: Readonly<Record<string, string | undefined>>;
	readonly cwd: string;
	readonly onProgress?: (text: string) => void;
	readonly sliceMilliseconds?: number;
}): Promise<ExplorerLoad> {
	const workspace = await loadWorkspace({
		// The same options as every command: --var and --var-file interleaved in command-line order, --workspace, --state.
		...workspaceOptions(options.flags, options.directory, options.environment, options.cwd),
		...(options.sliceMilliseconds !== undefined && {sliceMilliseconds: options.sliceMilliseconds}),
		// The explorer opens on the module tree once the files are read; the instances are made after, in the background (`--diff` compares whole configurations first).
		expansion: options.flags.diff === undefined ? 'background' : 'load',
		onProgress(progress) {
			options.onProgress?.(describeProgress(progress));
		},
	});
	if (workspace.planProblem !== undefined) {
		throw new Error(workspace.planProblem);
	}

	if (workspace.otherPlan) {
		throw new Error(`--plan ${workspace.otherPlan.detail ?? workspace.otherPlan.summary}`);
	}

	// Terraform refuses a -var for an undeclared variable; the explorer says so instead of opening.
	const undeclared = undeclaredVariableMessage(workspace, options.flags);
	if (undeclared !== undefined) {
		throw new ExplorerStartFailure(undeclared);
	}

	const data = createWorkspaceData(workspace, defaultFormatting());
	if (options.flags.diff !== undefined) {
		// `--diff REV`: the same panes, marked with what changed since REV (diff-data.ts).
		const {diffExplorerData} = await import('./diff-data.js');
		const diffData = await diffExplorerData(data, workspace, options);
		return {data: diffData, summary: diffData.status()};
	}

	// Its first slice runs now: a small configuration is whole after it, and opens as it always did.
	const stopping = new AbortController();
	const done = workspace.finishExpansion(options.sliceMilliseconds ?? backgroundSliceMilliseconds, stopping.signal);
	if (!workspace.expanding) {
		await done;
		return {data, summary: data.status()};
	}

	let shown: {readonly moduleInstances: number; readonly resourceInstances: number; readonly view: ExplorerData} | undefined;
	return {
		data,
		// The status of the whole configuration: read only when asked for, as it needs every instance.
		get summary() {
			return data.status();
		},
		expanding: {
			view() {
				const step = workspace.expanding;
				if (!step) {
					return data;
				}

				if (shown?.moduleInstances !== step.moduleInstances || shown.resourceInstances !== step.resourceInstances) {
					shown = {moduleInstances: step.moduleInstances, resourceInstances: step.resourceInstances, view: expandingData(workspace, step)};
				}

				return shown.view;
			},
			done,
			stop() {
				stopping.abort();
			},
		},
	};
}

/**
What the explorer shows while the Workspace makes its instances in the background: the module tree as far as the walk has got (an instance it has not finished shows `…` for its counts and no children yet), the blocks of the module instances it has finished, and nothing that would need an instance not made yet or a value, so showing it never changes what the walk does (it reads the walk's partial tree, which computes nothing).
*/
function expandingData(workspace: Workspace, step: ExpandProgress): ExplorerData {
	const {partial} = step;
	let rows: ModuleRow[] | undefined;
	const modules = (): ModuleRow[] => {
		rows ??= moduleRows(partial.root, {calls: instance => partial.callsOf(instance), resources: instance => partial.resourcesOf(instance)}, () => undefined);
		return rows;
	};

	// The module instances the walk has reached of those made so far (the tree lists them all), and the resource instances made.
	const status = `${languageName(workspace.language.rules)} · expanding… ${step.moduleInstances}/${plural(modules().length, 'module instance')}, ${plural(step.resourceInstances, 'resource instance')} so far`;
	return {
		directory: workspace.directory,
		consoleBackslashContinuation: workspace.language.rules.consoleBackslashContinuation,
		expanding: status,
		status: () => status,
		modules,
		// The blocks of a module instance the walk has finished (its blocks and calls are made); the others wait.
		blocks(address) {
			const instance = partial.moduleInstances.get(address);
			const resources = instance && partial.resourcesOf(instance);
			const calls = instance && partial.callsOf(instance);
			return instance && resources && calls ? blockEntries(instance, resources, calls) : [];
		},
		details: () => undefined,
		edges: () => [],
		locate: address => (modules().some(row => row.address === address) ? {module: address} : undefined),
		addresses: () => modules().map(row => row.address),
		diagnostics: () => [],
		// Nothing to check yet: the explorer checks the whole configuration once it has it.
		evaluateSome: () => true,
		evaluate: () => ({ok: false, text: status}),
		complete: () => [],
		drawGraph: () => ({lines: [], nodes: []}),
	};
}

/**
The console formatter, the diagnostic renderer and the function names of the lang and hcl layers.
*/
export function defaultFormatting(): Formatting {
	return {
		formatValue: value => formatValue(value),
		formatDiagnostic: (diagnostic, sources) => formatDiagnostic(diagnostic, {source: filename => sources.get(filename)}),
		functionNames: builtinFunctionNames(),
	};
}
