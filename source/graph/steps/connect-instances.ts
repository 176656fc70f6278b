import type {Expression} from '../../hcl/ast.js';
import type {ModuleNode} from '../../config/module-tree.js';
import type {ActionBlock, ResourceBlock} from '../../config/module.js';
import type {ActionExpansion, ModuleInstance, ResourceExpansion} from '../../expand/instance-tree.js';
import {keyValue, stringKey, type InstanceKey} from '../../expand/addresses.js';
import type {RepetitionData} from '../../expand/expansion.js';
import {importEachElements, noRepetition} from '../../expand/expansion.js';
import {join, modulePrefix, type BuildContext, type GraphStep} from '../step.js';
import {resolveInstanceKey, type KeyScope} from '../instance-keys.js';
import type {EdgeKind, EdgeOrigin} from '../model.js';
import type {ReferenceTarget} from '../references.js';
import {modulesByPath, providerInstanceName, wholeModuleInstance} from './blocks.js';
import {providerFor, type ProviderNodes} from './connect-providers.js';
import {memberId, type MemberKind} from '../member-ids.js';
import {impliedProviderName} from '../../schema/provider-address.js';
import {moduleReferences, type BlockReferences, type PlannedImport, type ModuleReferences, type PlannedReference} from './module-references.js';

/**
The edges of the instance graph, made the same way as the block graph's, in the scope of each instance: when the index after a reference resolves statically there (`aws_eip.ip[count.index]`, `module.net[each.key]`, chained `each.value`), the edge goes to that one instance, otherwise to every instance of the block.
*/
export const connectInstances: GraphStep = context => {
	const tree = context.input.instances;
	if (!tree) {
		return;
	}

	const plans = createInstanceEdgePlans(context);
	const {graph} = context;
	// Once the graph holds its most edges, nothing more is made: references to every instance of a large block multiply (20,000 × 20,000), and going on would only be told no, hundreds of millions of times.
	const sink: EdgeSink = {
		edge(source, target, kind, origin) {
			graph.addEdge(source, target, kind, origin);
			if (graph.index.truncated) {
				throw graphFull;
			}
		},
		edges(sources, targets, kind, origin) {
			graph.index.addEdges(sources, targets, kind, origin);
			if (graph.index.truncated) {
				throw graphFull;
			}
		},
	};

	try {
		for (const instance of tree.moduleInstances.values()) {
			emitModuleInstanceEdges(plans, instance, graph, sink);
		}
	} catch (error) {
		if (error !== graphFull) {
			throw error;
		}
	}
};

const graphFull = new Error('The graph holds its most edges');

/**
Receives each instance edge as it is made (the same edge may come several times, with different origins).
*/
export type EdgeSink = {
	edge(source: string, target: string, kind: EdgeKind, origin: EdgeOrigin): void;
	/**
	An edge from each of `sources` to each of `targets`, source by source, when the sink has a faster way than one at a time. The same lists come again, unchanged.
	*/
	edges?(sources: readonly string[], targets: readonly string[], kind: EdgeKind, origin: EdgeOrigin): void;
};

/**
Whether a block's edges are wanted, by its block-level id (`module.net.aws_subnet.this`, `module.net.var.cidr`).
*/
export type BlockFilter = (blockId: string) => boolean;

/**
What every module instance of a module shares: the references of each block (walked once per module, see module-references.ts) and each resource block's provider configuration.
*/
export type InstanceEdgePlans = {
	readonly nodes: ReadonlyMap<string, ModuleNode>;
	plan(node: ModuleNode): ModuleReferences;
	/** `providerFor`, once per resource block of a module node: every instance of it uses the same provider configuration. The first `providers` asked gets the root's implied configurations. */
	providerOf(providers: ProviderNodes, node: ModuleNode, resource: ResourceBlock | ActionBlock): ReturnType<typeof providerFor>;
};

export function createInstanceEdgePlans(context: Pick<BuildContext, 'input' | 'textOf'>): InstanceEdgePlans {
	const nodes = modulesByPath(context.input.moduleTree);
	// Per module node: one module's blocks are shared by every call of it, whose providers may differ.
	const providersOf = new WeakMap<ModuleNode, Map<ResourceBlock | ActionBlock, ReturnType<typeof providerFor> | null>>();
	return {
		nodes,
		providerOf(providers, node, resource) {
			let known = providersOf.get(node);
			if (!known) {
				known = new Map();
				providersOf.set(node, known);
			}

			let provider = known.get(resource);
			if (provider === undefined) {
				provider = providerFor(providers, nodes, node, resource) ?? null;
				known.set(resource, provider);
			}

			return provider ?? undefined;
		},
		plan: node => moduleReferences(node, context),
	};
}

type Keyed = {readonly key: InstanceKey};

const keyedInstances = new WeakMap<readonly Keyed[], Map<string, Keyed>>();

/**
The instance with this key, by a map made once per expansion (an index resolved in every instance of a large for_each would otherwise scan every instance).
*/
function instanceWithKey<T extends Keyed>(instances: readonly T[], key: InstanceKey): T | undefined {
	let byKey = keyedInstances.get(instances);
	if (!byKey) {
		byKey = new Map(instances.map(instance => [keyText(instance.key), instance]));
		keyedInstances.set(instances, byKey);
	}

	return byKey.get(keyText(key)) as T | undefined;
}

function keyText(key: InstanceKey): string {
	return key.kind === 'none' ? '' : `${key.kind}:${keyValue(key)}`;
}

const instanceTexts = new WeakMap<readonly Source[], string[]>();

/**
The addresses of every instance of a resource (or module call, or of any list of sources), made once per list (a reference without a resolvable index points at all of them, from every instance that makes it).
*/
const noActions: ReadonlyMap<string, ActionExpansion> = new Map();

function textsOf(instances: readonly Source[]): readonly string[] {
	let texts = instanceTexts.get(instances);
	if (!texts) {
		texts = instances.map(instance => instance.text);
		instanceTexts.set(instances, texts);
	}

	return texts;
}

const outputLists = new WeakMap<readonly ModuleInstance[], Map<string, string[]>>();

/**
The ids of one output of every instance of a module call, made once per call expansion and output: the same list for every reference to it, so the graph looks its ids up once.
*/
function outputIds(instances: readonly ModuleInstance[], output: string): readonly string[] {
	let byOutput = outputLists.get(instances);
	if (!byOutput) {
		byOutput = new Map();
		outputLists.set(instances, byOutput);
	}

	let ids = byOutput.get(output);
	if (!ids) {
		ids = instances.map(instance => memberId(instance, 'output', output));
		byOutput.set(output, ids);
	}

	return ids;
}

const wholeLists = new WeakMap<readonly ModuleInstance[], readonly string[]>();

/**
What a reference to a whole module call waits for in every instance of it (see `wholeModuleInstance`), made once per call expansion.
*/
function wholeModuleInstances(instances: readonly ModuleInstance[]): readonly string[] {
	let ids = wholeLists.get(instances);
	if (!ids) {
		ids = instances.length === 1 ? wholeModuleInstance(instances[0]!) : instances.flatMap(instance => wholeModuleInstance(instance));
		wholeLists.set(instances, ids);
	}

	return ids;
}

/**
A node an edge of a block starts from: a resource instance or module instance as it is, or a variable, local, output or provider configuration with no repetition.
*/
type Source = {
	readonly text: string;
	readonly repetition: RepetitionData;
};

const everything: BlockFilter = () => true;

/**
A resource without instances has a node (with its block address) only when its instances are not known.
*/
export function hasBlockNode(resource: ResourceExpansion): boolean {
	return resource.instances.length === 0 && resource.expansion.mode === 'unknown';
}

const noSources: readonly Source[] = [];

/**
The provider node a resource instance's edge goes to: with OpenTofu's provider for_each, the one instance it uses (picked by its own `provider = aws.by_region[KEY]`, or by the `providers` entry of the module call that passed the configuration down); otherwise the configuration.
*/
function providerInstanceTarget(configuration: string, instance: ModuleInstance, resource: ResourceBlock, source: Source): string {
	let key: string | undefined;
	if (resource.provider?.key) {
		// A resource whose instances are not known is one node, with no each.key to pick an instance by.
		const unexpanded = source.repetition === noRepetition && (resource.count !== undefined || resource.forEach !== undefined);
		key = unexpanded ? undefined : instance.providerInstanceKey(resource.provider, source.repetition, source.text);
	} else {
		// Up the module instances the configuration was passed down through, to the call that picked an instance of it.
		let name = resource.provider?.name ?? impliedProviderName(resource.type);
		let alias = resource.provider?.alias;
		for (let current: ModuleInstance | undefined = instance; current?.parent && current.node.call; current = current.parent) {
			const {call} = current.node;
			if (call.providers.length === 0) {
				if (alias !== undefined) {
					break;
				}

				continue;
			}

			const passed = call.providers.find(entry => entry.child.name === name && entry.child.alias === alias);
			if (!passed) {
				break;
			}

			if (passed.parent.key) {
				key = current.parent.providerInstanceKey(passed.parent, current.repetition, current.text);
				break;
			}

			name = passed.parent.name;
			alias = passed.parent.alias;
		}
	}

	// The key is one of the configuration's (providerInstanceKey checks it), so its node exists in the instance graph.
	return key === undefined ? configuration : providerInstanceName(configuration, key);
}

/**
The resource instances an `import` block of `instance` imports (`to = module.counted[1].terraform_data.second` is that one instance), when `only` wants their block. Each index of `to` is resolved in the importing module instance, once per element of the block's `for_each` (binding `each.key` and `each.value`, as Terraform's plan expands it); an index that is not static there (an unknown `for_each`) stands for every instance at that step, and one that names no instance for none.
*/
function importSources(instance: ModuleInstance, imported: PlannedImport, only: BlockFilter): readonly Source[] {
	const elements = imported.forEach && importEachElements(instance.valueOf(imported.forEach));
	const repetitions: readonly RepetitionData[] = elements ? elements.map(([eachKey, eachValue]) => ({eachKey, eachValue})) : [noRepetition];
	const sources = new Map<string, Source>();
	for (const repetition of repetitions) {
		for (const source of importSourcesWith(instance, imported, only, {moduleInstance: instance, repetition})) {
			sources.set(source.text, source);
		}
	}

	return [...sources.values()];
}

function importSourcesWith(instance: ModuleInstance, imported: PlannedImport, only: BlockFilter, scope: KeyScope): readonly Source[] {
	const pick = <T extends Keyed>(instances: readonly T[], index: Expression | undefined): readonly T[] => {
		const key = index && resolveInstanceKey(index, scope);
		if (!key) {
			return instances;
		}

		const chosen = instanceWithKey(instances, key);
		return chosen ? [chosen] : [];
	};

	let modules: readonly ModuleInstance[] = [instance];
	for (const [step, name] of imported.path.entries()) {
		modules = modules.flatMap(module => {
			const call = module.calls.find(candidate => candidate.call.name === name);
			return call ? pick(call.instances, imported.keys[step]) : [];
		});
	}

	const sources: Source[] = [];
	for (const module of modules) {
		const resource = module.resources.find(candidate => candidate.block.key === imported.key);
		if (!resource || !only(join(modulePrefix(module.node), imported.key))) {
			continue;
		}

		if (resource.instances.length === 0) {
			if (hasBlockNode(resource)) {
				sources.push({text: resource.text, repetition: noRepetition});
			}
		} else {
			sources.push(...pick(resource.instances, imported.index));
		}
	}

	return sources;
}

/**
Makes the edges whose dependent is in one module instance (and the module-input edges of its child instances' variables), for the blocks `only` accepts; with `providerEdgesOnly`, only the edges to provider configurations. `providers` is where provider configurations are found (and the root's implied ones added).
*/
export function emitModuleInstanceEdges(plans: InstanceEdgePlans, instance: ModuleInstance, providers: ProviderNodes, sink: EdgeSink, only: BlockFilter = everything, providerEdgesOnly = false): void {
	const emit = (source: string, target: string, kind: EdgeKind, origin: EdgeOrigin): void => {
		sink.edge(source, target, kind, origin);
	};

	const emitAll = (sources: readonly Source[], targets: readonly string[], kind: EdgeKind, origin: EdgeOrigin): void => {
		if (sink.edges) {
			sink.edges(sources.length === 1 ? [sources[0]!.text] : textsOf(sources), targets, kind, origin);
			return;
		}

		for (const source of sources) {
			for (const target of targets) {
				sink.edge(source.text, target, kind, origin);
			}
		}
	};

	const {node, text} = instance;
	const prefix = modulePrefix(node);
	const plan = plans.plan(node);
	const resources = new Map<string, ResourceExpansion>(instance.resources.map(resource => [resource.block.key, resource]));
	const calls = new Map(instance.calls.map(call => [call.call.name, call]));
	// Most modules have no action blocks: their instances expand none.
	const actions = node.module.actions.size === 0 ? noActions : new Map(instance.actions.map(action => [action.block.key, action]));
	// A whole build wants every block: no block id is made to ask.
	const wanted = only === everything ? () => true : (name: string) => only(join(prefix, name));

	const targets = (target: ReferenceTarget, repetition: RepetitionData, fixedKey?: InstanceKey): readonly string[] => {
		switch (target.kind) {
			case 'variable': {
				return node.module.variables.has(target.name) ? [memberId(instance, 'var', target.name)] : [];
			}

			case 'local': {
				return node.module.locals.has(target.name) ? [memberId(instance, 'local', target.name)] : [];
			}

			case 'resource': {
				const resource = resources.get(target.key);
				if (!resource) {
					return [];
				}

				if (resource.instances.length === 0) {
					return hasBlockNode(resource) ? [resource.text] : [];
				}

				const key = fixedKey ?? (target.index && resolveInstanceKey(target.index, {moduleInstance: instance, repetition}));
				const chosen = key && instanceWithKey(resource.instances, key);
				return chosen ? [chosen.text] : textsOf(resource.instances);
			}

			case 'action': {
				// Terraform rejects `action.TYPE.NAME` outside a lifecycle's `action_trigger` (those are `triggers` edges, below).
				return [];
			}

			case 'module': {
				const call = calls.get(target.name);
				if (!call) {
					return [];
				}

				const key = fixedKey ?? (target.index && resolveInstanceKey(target.index, {moduleInstance: instance, repetition}));
				const chosen = key && instanceWithKey(call.instances, key);
				const {module} = call.node;
				if (target.output !== undefined) {
					if (call.node.source.kind === 'unresolved') {
						// Not installed: its outputs are unknown, the edge goes to the module instance.
						return chosen ? [chosen.text] : textsOf(call.instances);
					}

					if (!module.outputs.has(target.output)) {
						return [];
					}

					return chosen ? [memberId(chosen, 'output', target.output)] : outputIds(call.instances, target.output);
				}

				return chosen ? wholeModuleInstance(chosen) : wholeModuleInstances(call.instances);
			}
		}
	};

	const connect = (sources: readonly Source[], reference: PlannedReference, kind: EdgeKind, chained?: ReferenceTarget): void => {
		const {target, origin} = reference;
		if (!target) {
			return;
		}

		// Without an index to resolve, every source has the same targets.
		const shared = chained === undefined && (target.kind === 'variable' || target.kind === 'local' || target.index === undefined) ? targets(target, noRepetition) : undefined;
		if (shared && target.kind !== 'variable') {
			emitAll(sources, shared, kind, origin);
			return;
		}

		for (const source of sources) {
			const ids = shared ?? targets(target, source.repetition, chainedKey(chained, target, source));
			// Every instance of a block (an index not known statically): one call, whose list the sink looks up once.
			if (ids.length > 1 && sink.edges) {
				sink.edges([source.text], ids, kind, origin);
				continue;
			}

			for (const id of ids) {
				// A variable's validation naturally refers to the variable itself.
				if (id === source.text && target.kind === 'variable') {
					continue;
				}

				emit(source.text, id, kind, origin);
			}
		}
	};

	// With a chained for_each, the instance of the same key.
	const chainedKey = (chained: ReferenceTarget | undefined, target: ReferenceTarget, source: Source): InstanceKey | undefined => {
		const eachKey = source.repetition.eachKey;
		if (!chained || eachKey?.kind !== 'string' || target.kind !== chained.kind || !sameBlock(target, chained)) {
			return undefined;
		}

		return stringKey(eachKey.value);
	};

	const sameBlock = (first: ReferenceTarget, second: ReferenceTarget): boolean =>
		(first.kind === 'resource' && second.kind === 'resource' && first.key === second.key)
		|| (first.kind === 'module' && second.kind === 'module' && first.name === second.name);

	const connectList = (sources: readonly Source[], expressions: readonly Expression[], kind: EdgeKind): void => {
		for (const expression of expressions) {
			const reference = plan.lists.get(expression);
			if (reference) {
				connect(sources, reference, kind);
			}
		}
	};

	// The nodes of this module instance a resource block stands for: its instances themselves.
	const resourceSources = (key: string): readonly Source[] => {
		const resource = resources.get(key);
		if (!resource) {
			return noSources;
		}

		return resource.instances.length === 0
			? (hasBlockNode(resource) ? [{text: resource.text, repetition: noRepetition}] : noSources)
			: resource.instances;
	};

	const callSources = (name: string): readonly Source[] => calls.get(name)?.instances ?? noSources;

	const sourcesOf = (block: BlockReferences): readonly Source[] => {
		const {source} = block;
		switch (source.kind) {
			case 'member': {
				return [{text: memberId(instance, source.member, source.name), repetition: noRepetition}];
			}

			case 'provider': {
				return [{text: join(prefix, block.name), repetition: noRepetition}];
			}

			case 'module': {
				return callSources(source.call);
			}

			case 'resource': {
				return resourceSources(block.name);
			}

			case 'action': {
				return actions.get(block.name)?.instances ?? noSources;
			}
		}
	};

	for (const block of providerEdgesOnly ? [] : plan.blocks) {
		if (block.references.length === 0 || !wanted(block.name)) {
			continue;
		}

		const sources = sourcesOf(block);
		if (sources.length === 0) {
			continue;
		}

		const {chained} = block;
		for (const reference of block.references) {
			if (chained && reference.eachValue) {
				// `each.value` of a chained for_each is the instance of the same key.
				for (const source of sources) {
					const key = chainedKey(chained, chained, source);
					for (const id of key ? targets(chained, source.repetition, key) : []) {
						emit(source.text, id, 'reference', reference.origin);
					}
				}

				continue;
			}

			connect(sources, reference, 'reference', reference.forEach ? chained : undefined);
		}
	}

	for (const imported of providerEdgesOnly ? [] : plan.imports) {
		const sources = importSources(instance, imported, only);
		for (const reference of sources.length > 0 ? imported.references : []) {
			// What the import block reads is read here, in the importing module instance, whatever the imported instance's own count or each.
			const read = reference.target ? targets(reference.target, noRepetition) : [];
			emitAll(sources, read, 'reference', reference.origin);
		}
	}

	for (const resource of node.module.resources.values()) {
		if (!wanted(resource.key)) {
			continue;
		}

		const sources = resourceSources(resource.key);
		if (!providerEdgesOnly) {
			connectList(sources, resource.dependsOn, 'depends-on');
			connectList(sources, resource.lifecycle.replaceTriggeredBy, 'replace-triggered-by');
		}

		const provider = plans.providerOf(providers, node, resource);
		if (provider) {
			for (const source of sources) {
				emit(source.text, providerInstanceTarget(provider.id, instance, resource, source), 'provider', provider.origin);
			}
		}
	}

	for (const action of actions.values()) {
		const provider = wanted(action.block.key) ? plans.providerOf(providers, node, action.block) : undefined;
		for (const source of provider ? action.instances : []) {
			emit(source.text, provider!.id, 'provider', provider!.origin);
		}
	}

	// Each resource instance runs the action instance its `action_trigger` names, the index resolved with the resource instance's count.index/each (evaluateActionExpression, v1.16); an index not known statically names every instance.
	for (const {resource, action, reference} of providerEdgesOnly ? [] : plan.triggers) {
		const expansion = actions.get(action);
		if (!expansion || !wanted(resource)) {
			continue;
		}

		const index = reference.target?.kind === 'action' ? reference.target.index : undefined;
		for (const source of resourceSources(resource)) {
			const key = index && resolveInstanceKey(index, {moduleInstance: instance, repetition: source.repetition});
			const chosen = key ? instanceWithKey(expansion.instances, key) : undefined;
			const ids = key ? (chosen ? [chosen.text] : []) : textsOf(expansion.instances);
			for (const id of ids) {
				emit(source.text, id, 'triggers', reference.origin);
			}
		}
	}

	for (const output of providerEdgesOnly ? [] : node.module.outputs.values()) {
		if (wanted(`output.${output.name}`)) {
			connectList([{text: memberId(instance, 'output', output.name), repetition: noRepetition}], output.dependsOn, 'depends-on');
		}
	}

	for (const call of instance.calls) {
		const childPrefix = modulePrefix(call.node);
		if (only(childPrefix)) {
			const sources = callSources(call.call.name);
			if (!providerEdgesOnly) {
				connectList(sources, call.call.dependsOn, 'depends-on');
				// A module that is not installed has no variables: its instances keep the edges of the call's arguments.
				if (call.node.source.kind === 'unresolved') {
					for (const argument of plan.inputs.get(call.call.name) ?? []) {
						for (const reference of argument.references) {
							connect(sources, reference, 'module-input');
						}
					}
				}
			}
		}

		// Module boundaries: each child instance's variables from the call's arguments (in the scope of that child's count/each).
		const inputs = providerEdgesOnly ? [] : (plan.inputs.get(call.call.name) ?? []).filter(argument => call.node.module.variables.has(argument.name) && only(join(childPrefix, `var.${argument.name}`)));
		for (const child of call.instances) {
			for (const argument of inputs) {
				const sources = [{text: memberId(child, 'var', argument.name), repetition: child.repetition}];
				for (const reference of argument.references) {
					connect(sources, reference, 'module-input');
				}
			}
		}
	}

	// Everything in a module instance waits for its expansion.
	const {expansion} = plan;
	if (instance.parent && expansion && !providerEdgesOnly) {
		const member = (kind: MemberKind, name: string): void => {
			if (wanted(`${kind}.${name}`)) {
				emit(memberId(instance, kind, name), text, 'module-expansion', expansion);
			}
		};

		for (const key of node.module.variables.keys()) {
			member('var', key);
		}

		for (const key of node.module.locals.keys()) {
			member('local', key);
		}

		for (const key of node.module.outputs.keys()) {
			member('output', key);
		}

		for (const check of node.module.checks) {
			member('check', check.name);
		}

		for (const action of actions.values()) {
			if (wanted(action.block.key)) {
				for (const source of action.instances) {
					emit(source.text, text, 'module-expansion', expansion);
				}
			}
		}

		for (const resource of instance.resources) {
			if (wanted(resource.block.key)) {
				for (const source of resourceSources(resource.block.key)) {
					emit(source.text, text, 'module-expansion', expansion);
				}
			}
		}

		for (const call of instance.calls) {
			if (wanted(`module.${call.call.name}`)) {
				for (const child of call.instances) {
					emit(child.text, text, 'module-expansion', expansion);
				}
			}
		}
	}
}
