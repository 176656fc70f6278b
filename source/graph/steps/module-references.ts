import type {Expression} from '../../hcl/ast.js';
import type {ModuleNode} from '../../config/module-tree.js';
import type {EdgeOrigin} from '../model.js';
import {interpretTraversal, type ReferenceTarget} from '../references.js';
import {chainSpan, referenceChainOf, walkBodyReferenceChains, walkReferenceChains, type ReferenceChain} from '../../lang/references.js';
import {spanOf, type Span} from '../../hcl/nodes.js';
import {PlacedOrigin, ReferenceOrigin} from '../origins.js';
import type {BuildContext} from '../step.js';
import type {MemberKind} from '../member-ids.js';
import {blockExpressions} from './blocks.js';

/*
The references each block of a module makes, walked once per module node and kept with the configuration: the block graph, the instance graph (once per module, not per instance) and the instance edges of one node all read them, and share their origins. Walking a reference builds its whole chain (every step with its range); what is kept is only what the edges need.
*/

/**
A reference as the edges need it.
*/
export type PlannedReference = {
	readonly target: ReferenceTarget | undefined;
	/** Shared by every edge the reference makes, in both graphs. */
	readonly origin: EdgeOrigin;
	/** `each.value...`. */
	readonly eachValue: boolean;
	/** The reference is the whole of the block's own `for_each`. */
	readonly forEach: boolean;
};

/**
A reference's plan and the origin of the edges it makes, in one object (33,000 at 4x, kept with the configuration: two objects per reference were 1.3 MB more). What it adds to its origin is private, so the edges' origins show only their expression and range, as before.
*/
class ReferencePlan extends ReferenceOrigin implements PlannedReference {
	readonly #target: ReferenceTarget | undefined;
	/** `each.value` (1) and the whole `for_each` (2). */
	readonly #flags: number;

	constructor(expression: string, span: Span, target: ReferenceTarget | undefined, eachValue: boolean, forEach: boolean) {
		super(expression, span);
		this.#target = target;
		this.#flags = (eachValue ? 1 : 0) | (forEach ? 2 : 0);
	}

	get target(): ReferenceTarget | undefined {
		return this.#target;
	}

	get origin(): EdgeOrigin {
		return this;
	}

	get eachValue(): boolean {
		return (this.#flags & 1) !== 0;
	}

	get forEach(): boolean {
		return (this.#flags & 2) !== 0;
	}
}

/**
Which nodes of a module instance a block of its module stands for.
*/
export type BlockSource =
	| {readonly kind: 'member'; readonly member: MemberKind; readonly name: string}
	| {readonly kind: 'provider'}
	| {readonly kind: 'module'; readonly call: string}
	| {readonly kind: 'resource'}
	/** An `action` block (Terraform 1.14+): its instances. */
	| {readonly kind: 'action'};

export type BlockReferences = {
	/** The block's id inside its module (see `blockExpressions`). */
	readonly name: string;
	readonly source: BlockSource;
	/** The references that name something, and `each.value`, in the order written. */
	readonly references: readonly PlannedReference[];
	/** With `for_each = aws_x.y` (a whole resource or module), what each instance comes from (see `chainedTarget`). */
	readonly chained: ReferenceTarget | undefined;
};

export type ModuleReferences = {
	readonly blocks: readonly BlockReferences[];
	/** Per call name, each argument's name and references, in the call's order. */
	readonly inputs: ReadonlyMap<string, ReadonlyArray<{readonly name: string; readonly references: readonly PlannedReference[]}>>;
	/** The reference of each `depends_on` and `replace_triggered_by` item (undefined when the item is not a reference). */
	readonly lists: ReadonlyMap<Expression, PlannedReference | undefined>;
	/** The origin of the module-expansion edges of the module's members (undefined for the root). */
	readonly expansion: EdgeOrigin | undefined;
	/** Each `actions` item of a resource's `lifecycle { action_trigger }` that names an action of this module (target kind `action`), by the resource's key, in the order written. */
	readonly triggers: ReadonlyArray<{readonly resource: string; readonly action: string; readonly reference: PlannedReference}>;
	/** The references of `import` blocks (`to = aws_x.y["k"]`, or a resource of a child module, `module.m.aws_x.y`): the module calls on the way down, the resource key there, and what the block reads in this module. */
	readonly imports: readonly PlannedImport[];
};

export type PlannedImport = {
	/** The module calls on the way down (`a`, `b` for `module.a[0].module.b`; none for a resource of this module). */
	readonly path: readonly string[];
	/** The index written after each call of `path` (`0` for `module.a[0]`), undefined where there is none. */
	readonly keys: ReadonlyArray<Expression | undefined>;
	/** The resource's key in the child module (`aws_x.y`, `data.T.N`). */
	readonly key: string;
	/** The resource's index (`"k"` for `aws_x.y["k"]`). */
	readonly index: Expression | undefined;
	/** The block's `for_each`: its elements bind `each.key` and `each.value` in the indexes. */
	readonly forEach: Expression | undefined;
	readonly references: readonly PlannedReference[];
};

/**
The references of a module node's blocks, made on first use and kept for the node (and the file texts their origins quote).
*/
export function moduleReferences(node: ModuleNode, context: Pick<BuildContext, 'input' | 'textOf'>): ModuleReferences {
	const {sources} = context.input;
	const known = kept.get(node);
	if (known && known.sources === sources) {
		return known.references;
	}

	const references = referencesOf(node, context.textOf);
	kept.set(node, {sources, references});
	return references;
}

const kept = new WeakMap<ModuleNode, {readonly sources: unknown; readonly references: ModuleReferences}>();

function referencesOf(node: ModuleNode, textOf: BuildContext['textOf']): ModuleReferences {
	const target = sharedTargets();
	const reference = (traversal: ReferenceChain, forEachStart?: number): PlannedReference => {
		const first = traversal.steps[0];
		const span = chainSpan(traversal);
		// The range's line and column are worked out only if something reads them (see origins.ts).
		return new ReferencePlan(
			textOf(traversal, span),
			span,
			target(interpretTraversal(traversal)),
			traversal.root === 'each' && first?.kind === 'attribute' && first.name === 'value',
			forEachStart !== undefined && span.start === forEachStart,
		);
	};

	const {module} = node;
	const blocks: BlockReferences[] = [];
	const imports = importReferences(node, reference);
	for (const block of blockExpressions(node)) {
		const source = blockSource(block.name);
		const forEach = source.kind === 'module' ? module.moduleCalls.get(source.call)?.forEach : (source.kind === 'resource' ? module.resources.get(block.name)?.forEach : undefined);
		const forEachStart = forEach && spanOf(forEach).start;
		const references: PlannedReference[] = [];
		const keep = (planned: PlannedReference): void => {
			// A reference to nothing makes no edge, unless it is `each.value` of a chained for_each.
			if (planned.target || planned.eachValue) {
				references.push(planned);
			}
		};

		if (block.body) {
			walkBodyReferenceChains(block.body, (traversal, attribute) => {
				keep(reference(traversal, attribute === 'for_each' ? forEachStart : undefined));
			}, block.skip);
		}

		for (const expression of block.expressions ?? []) {
			walkReferenceChains(expression, traversal => {
				keep(reference(traversal));
			});
		}

		// A check waits for its scoped data source.
		const scoped = source.kind === 'member' && source.member === 'check' ? module.checks.find(check => check.name === source.name)?.data : undefined;
		if (scoped) {
			references.push({target: {kind: 'resource', key: scoped.key}, origin: new PlacedOrigin(scoped.key, () => scoped.block.labelRanges[1] ?? scoped.range), eachValue: false, forEach: false});
		}

		blocks.push({
			name: block.name, source, references: atLength(references), chained: chainedTarget(forEach),
		});
	}

	const inputs = new Map<string, Array<{name: string; references: readonly PlannedReference[]}>>();
	for (const call of module.moduleCalls.values()) {
		inputs.set(call.name, call.inputs.map(argument => {
			const references: PlannedReference[] = [];
			walkReferenceChains(argument.expression, traversal => references.push(reference(traversal)));
			return {name: argument.name, references: atLength(references)};
		}));
	}

	const lists = new Map<Expression, PlannedReference | undefined>();
	const list = (expressions: readonly Expression[]): void => {
		for (const expression of expressions) {
			const traversal = referenceChainOf(expression);
			lists.set(expression, traversal && reference(traversal));
		}
	};

	for (const resource of module.resources.values()) {
		list(resource.dependsOn);
		list(resource.lifecycle.replaceTriggeredBy);
	}

	for (const output of module.outputs.values()) {
		list(output.dependsOn);
	}

	for (const call of module.moduleCalls.values()) {
		list(call.dependsOn);
	}

	const triggers: Array<{resource: string; action: string; reference: PlannedReference}> = [];
	for (const resource of module.resources.values()) {
		for (const trigger of resource.lifecycle.actionTriggers ?? []) {
			for (const item of trigger.actions) {
				const traversal = item.key !== undefined && module.actions.has(item.key) ? referenceChainOf(item.expression) : undefined;
				if (traversal) {
					triggers.push({resource: resource.key, action: item.key!, reference: reference(traversal)});
				}
			}
		}
	}

	const {call} = node;
	const expansion = call && new PlacedOrigin(`module.${call.name}`, () => call.block.labelRanges[0] ?? call.range);
	return {
		blocks, inputs, lists, expansion, imports, triggers,
	};
}

/**
The targets of a module's references, each one object for every reference to it: a module refers to the same variables, locals and blocks many times (20,000 targets of 1,900 at 4x, kept with the configuration). Targets with an index or an output stay each reference's own.
*/
function sharedTargets(): (target: ReferenceTarget | undefined) => ReferenceTarget | undefined {
	const known = {
		variable: new Map<string, ReferenceTarget>(), local: new Map<string, ReferenceTarget>(), resource: new Map<string, ReferenceTarget>(), action: new Map<string, ReferenceTarget>(), module: new Map<string, ReferenceTarget>(),
	};
	return target => {
		if (target === undefined || 'index' in target || 'output' in target) {
			return target;
		}

		const table = known[target.kind];
		const name = target.kind === 'resource' || target.kind === 'action' ? target.key : target.name;
		const shared = table.get(name);
		if (shared) {
			return shared;
		}

		table.set(name, target);
		return target;
	};
}

/**
The references of the `import` blocks of a module (Terraform allows them in the root only): those of `id`, `for_each` and the index keys of `to` (`each.key` refers to nothing), waited for by the resource instances the block imports (`to = aws_x.y["k"]`, or `module.m["a"].aws_x.y` in a child module), which the instance graph picks per instance.
*/
function importReferences(node: ModuleNode, reference: (traversal: ReferenceChain) => PlannedReference): PlannedImport[] {
	const imports: PlannedImport[] = [];
	for (const block of node.module.imports) {
		const to = block.to && referenceChainOf(block.to);
		const target = to && resourceOf(to);
		if (!to || !target) {
			continue;
		}

		const references: PlannedReference[] = [];
		const keep = (traversal: ReferenceChain): void => {
			const planned = reference(traversal);
			// The walk of `to` gives `to` itself first.
			if (planned.target && traversal.rootRange.start.offset !== to.rootRange.start.offset) {
				references.push(planned);
			}
		};

		for (const expression of [block.id, block.forEach, block.to]) {
			if (expression) {
				walkReferenceChains(expression, keep);
			}
		}

		imports.push({...target, forEach: block.forEach, references});
	}

	return imports;
}

/**
The module calls (with their indexes) and resource key (with its index) of an import target: `module.a[0].module.b.aws_x.y["k"]` is calls `a` (index `0`), `b` and key `aws_x.y` (index `"k"`; `data.T.N` for a data source); `aws_x.y` has no calls; undefined when it names no resource.
*/
function resourceOf(to: ReferenceChain): Omit<PlannedImport, 'references' | 'forEach'> | undefined {
	// Each name with the index written after it.
	const parts: Array<{name: string; index?: Expression}> = [{name: to.root}];
	for (const step of to.steps) {
		const last = parts.at(-1)!;
		if (step.kind === 'attribute') {
			parts.push({name: step.name});
		} else if (step.kind === 'index' && last.index === undefined) {
			last.index = step.key;
		} else {
			return undefined;
		}
	}

	const path: string[] = [];
	const keys: Array<Expression | undefined> = [];
	let at = 0;
	while (parts[at]?.name === 'module' && parts[at]!.index === undefined && parts[at + 1] !== undefined) {
		path.push(parts[at + 1]!.name);
		keys.push(parts[at + 1]!.index);
		at += 2;
	}

	const rest = parts.slice(at);
	const length = rest[0]?.name === 'data' ? 3 : 2;
	const names = rest.slice(0, length);
	if (rest[0]?.name === 'module' || names.length < length || rest.length > length || names.slice(0, -1).some(part => part.index !== undefined)) {
		return undefined;
	}

	return {
		path, keys, key: names.map(part => part.name).join('.'), index: names.at(-1)!.index,
	};
}

function blockSource(name: string): BlockSource {
	for (const member of ['var', 'local', 'output', 'check'] as const) {
		if (name.startsWith(`${member}.`)) {
			return {kind: 'member', member, name: name.slice(member.length + 1)};
		}
	}

	if (name.startsWith('provider[')) {
		return providerSource;
	}

	if (name.startsWith('action.')) {
		return actionSource;
	}

	return name.startsWith('module.') ? {kind: 'module', call: name.slice('module.'.length)} : resourceSource;
}

const providerSource: BlockSource = Object.freeze({kind: 'provider'});
const resourceSource: BlockSource = Object.freeze({kind: 'resource'});
const actionSource: BlockSource = Object.freeze({kind: 'action'});
const noReferences: readonly PlannedReference[] = Object.freeze([]);

/**
A list of references as kept with the configuration: an array grown by push has room for up to 16 more (1.2 MB of the 4x block graph's lists), a copy has its length; none is the shared empty list.
*/
function atLength(references: PlannedReference[]): readonly PlannedReference[] {
	return references.length === 0 ? noReferences : references.slice();
}

/**
With `for_each = aws_x.y` (a whole resource or module), each instance comes from the instance of the same key: its `for_each` and `each.value` point there. The target of such a `for_each`, else undefined.
*/
function chainedTarget(forEach: Expression | undefined): ReferenceTarget | undefined {
	const traversal = forEach && referenceChainOf(forEach);
	const target = traversal && chainSpan(traversal).end === spanOf(forEach).end ? interpretTraversal(traversal) : undefined;
	if (target?.kind === 'resource' && target.index === undefined && traversal!.steps.length === 1) {
		return target;
	}

	if (target?.kind === 'module' && target.index === undefined && target.output === undefined) {
		return target;
	}

	return undefined;
}
