import type {Expression} from '../../hcl/ast.js';
import type {ModuleInstance, ResourceExpansion} from '../../expand/instance-tree.js';
import {keysEqual, stringKey, type InstanceKey} from '../../expand/addresses.js';
import type {RepetitionData} from '../../expand/expansion.js';
import {noRepetition} from '../../expand/expansion.js';
import {join, modulePrefix, type BuildContext, type GraphStep} from '../step.js';
import {resolveInstanceKey, type KeyScope} from '../instance-keys.js';
import type {EdgeKind} from '../model.js';
import {interpretTraversal, type ReferenceTarget} from '../references.js';
import {traversalOf, walkBodyTraversals, walkTraversals, type Traversal} from '../traversals.js';
import {blockExpressions, modulesByPath, wholeModuleInstance} from './blocks.js';
import {providerFor, resolveProvider} from './connect-providers.js';

/**
The edges of the instance graph, made the same way as the block graph's, in the scope of each instance: when the index after a reference resolves statically there (`aws_eip.ip[count.index]`, `module.net[each.key]`, chained `each.value`), the edge goes to that one instance, otherwise to every instance of the block.
*/
export const connectInstances: GraphStep = context => {
	const tree = context.input.instances;
	if (!tree) {
		return;
	}

	const nodes = modulesByPath(context.input.moduleTree);
	for (const instance of tree.moduleInstances.values()) {
		connectModuleInstance(context, nodes, instance);
	}
};

type Source = {
	readonly id: string;
	readonly repetition: RepetitionData;
};

function connectModuleInstance(context: BuildContext, nodes: ReturnType<typeof modulesByPath>, instance: ModuleInstance): void {
	const {graph, textOf} = context;
	const {node, text} = instance;
	const prefix = modulePrefix(node);
	const resources = new Map<string, ResourceExpansion>(instance.resources.map(resource => [resource.block.key, resource]));
	const calls = new Map(instance.calls.map(call => [call.call.name, call]));

	const targets = (target: ReferenceTarget, scope: KeyScope, fixedKey?: InstanceKey): string[] => {
		switch (target.kind) {
			case 'variable': {
				return node.module.variables.has(target.name) ? [join(text, `var.${target.name}`)] : [];
			}

			case 'local': {
				return node.module.locals.has(target.name) ? [join(text, `local.${target.name}`)] : [];
			}

			case 'resource': {
				const resource = resources.get(target.key);
				if (!resource) {
					return [];
				}

				if (resource.instances.length === 0) {
					return graph.has(resource.text) ? [resource.text] : [];
				}

				const key = fixedKey ?? (target.index && resolveInstanceKey(target.index, scope));
				const chosen = key ? resource.instances.filter(candidate => keysEqual(candidate.key, key)) : [];
				return (chosen.length > 0 ? chosen : resource.instances).map(candidate => candidate.text);
			}

			case 'module': {
				const call = calls.get(target.name);
				if (!call) {
					return [];
				}

				const key = fixedKey ?? (target.index && resolveInstanceKey(target.index, scope));
				const chosen = key ? call.instances.filter(candidate => keysEqual(candidate.key, key)) : [];
				const instances = chosen.length > 0 ? chosen : call.instances;
				const {module} = call.node;
				if (target.output !== undefined) {
					return module.outputs.has(target.output) ? instances.map(candidate => join(candidate.text, `output.${target.output!}`)) : [];
				}

				return instances.flatMap(candidate => wholeModuleInstance(candidate));
			}
		}
	};

	const connect = (sources: readonly Source[], traversal: Traversal, kind: EdgeKind, chained?: ReferenceTarget): void => {
		const target = interpretTraversal(traversal);
		if (!target) {
			return;
		}

		const origin = {expression: textOf(traversal), range: traversal.range};
		for (const source of sources) {
			for (const id of targets(target, {moduleInstance: instance, repetition: source.repetition}, chainedKey(chained, target, source))) {
				// A variable's validation naturally refers to the variable itself.
				if (id === source.id && target.kind === 'variable') {
					continue;
				}

				graph.addEdge(source.id, id, kind, origin);
			}
		}
	};

	// With `for_each = aws_x.y` (a whole resource or module), each instance comes from the instance of the same key: its `for_each` and `each.value` point there.
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

	const chainedTarget = (forEach: Expression | undefined): ReferenceTarget | undefined => {
		const traversal = forEach && traversalOf(forEach);
		const target = traversal && traversal.range.end.offset === forEach.range.end.offset ? interpretTraversal(traversal) : undefined;
		if (target?.kind === 'resource' && target.index === undefined && traversal!.steps.length === 1) {
			return target;
		}

		if (target?.kind === 'module' && target.index === undefined && target.output === undefined) {
			return target;
		}

		return undefined;
	};

	const connectList = (sources: readonly Source[], expressions: readonly Expression[], kind: EdgeKind): void => {
		for (const expression of expressions) {
			const traversal = traversalOf(expression);
			if (traversal) {
				connect(sources, traversal, kind);
			}
		}
	};

	// Which nodes of this module instance each block of the module stands for.
	const sourcesOf = (name: string): Source[] => {
		if (name.startsWith('var.') || name.startsWith('local.') || name.startsWith('output.')) {
			return [{id: join(text, name), repetition: noRepetition}];
		}

		if (name.startsWith('provider[')) {
			return [{id: join(prefix, name), repetition: noRepetition}];
		}

		if (name.startsWith('module.')) {
			const call = calls.get(name.slice('module.'.length));
			return call ? call.instances.map(child => ({id: child.text, repetition: child.repetition})) : [];
		}

		const resource = resources.get(name);
		if (!resource) {
			return [];
		}

		return resource.instances.length === 0
			? (graph.has(resource.text) ? [{id: resource.text, repetition: noRepetition}] : [])
			: resource.instances.map(resourceInstance => ({id: resourceInstance.text, repetition: resourceInstance.repetition}));
	};

	for (const block of blockExpressions(node)) {
		const sources = sourcesOf(block.name);
		if (sources.length === 0) {
			continue;
		}

		const forEach = block.name.startsWith('module.') ? calls.get(block.name.slice('module.'.length))?.call.forEach : resources.get(block.name)?.block.forEach;
		const chained = chainedTarget(forEach);
		const visit = (traversal: Traversal, attribute?: string): void => {
			const first = traversal.steps[0];
			if (chained && traversal.root === 'each' && first?.kind === 'attribute' && first.name === 'value') {
				// `each.value` of a chained for_each is the instance of the same key.
				const origin = {expression: textOf(traversal), range: traversal.range};
				for (const source of sources) {
					const key = chainedKey(chained, chained, source);
					for (const id of key ? targets(chained, {moduleInstance: instance, repetition: source.repetition}, key) : []) {
						graph.addEdge(source.id, id, 'reference', origin);
					}
				}

				return;
			}

			connect(sources, traversal, 'reference', attribute === 'for_each' && traversal.range.start.offset === forEach?.range.start.offset ? chained : undefined);
		};

		if (block.body) {
			walkBodyTraversals(block.body, visit, block.skip);
		}

		for (const expression of block.expressions ?? []) {
			walkTraversals(expression, visit);
		}
	}

	for (const resource of node.module.resources.values()) {
		const sources = sourcesOf(resource.key);
		connectList(sources, resource.dependsOn, 'depends-on');
		connectList(sources, resource.lifecycle.replaceTriggeredBy, 'replace-triggered-by');
		const provider = providerFor(graph, nodes, node, resource);
		if (provider) {
			for (const source of sources) {
				graph.addEdge(source.id, provider.id, 'provider', provider.origin);
			}
		}
	}

	for (const output of node.module.outputs.values()) {
		connectList(sourcesOf(`output.${output.name}`), output.dependsOn, 'depends-on');
	}

	for (const call of instance.calls) {
		const sources = sourcesOf(`module.${call.call.name}`);
		connectList(sources, call.call.dependsOn, 'depends-on');
		for (const {parent} of call.call.providers) {
			const id = resolveProvider(graph, nodes, node, parent.name, parent.alias);
			for (const source of id === undefined ? [] : sources) {
				graph.addEdge(source.id, id!, 'provider', {expression: parent.alias === undefined ? parent.name : `${parent.name}.${parent.alias}`, range: parent.range});
			}
		}

		// Module boundaries: each child instance's variables from the call's arguments (in the scope of that child's count/each).
		for (const child of call.instances) {
			for (const argument of call.call.inputs) {
				const variable = join(child.text, `var.${argument.name}`);
				if (graph.has(variable)) {
					walkTraversals(argument.expression, traversal => {
						connect([{id: variable, repetition: child.repetition}], traversal, 'module-input');
					});
				}
			}
		}
	}

	// Everything in a module instance waits for its expansion.
	if (instance.parent && node.call) {
		const expansion = {expression: `module.${node.call.name}`, range: node.call.block.labelRanges[0] ?? node.call.range};
		const members = [
			...[...node.module.variables.keys()].map(key => join(text, `var.${key}`)),
			...[...node.module.locals.keys()].map(key => join(text, `local.${key}`)),
			...[...node.module.outputs.keys()].map(key => join(text, `output.${key}`)),
			...instance.resources.flatMap(resource => resource.instances.length === 0 ? [resource.text] : resource.instances.map(resourceInstance => resourceInstance.text)),
			...instance.calls.flatMap(call => call.instances.map(child => child.text)),
		];
		for (const member of members) {
			graph.addEdge(member, text, 'module-expansion', expansion);
		}
	}

}
