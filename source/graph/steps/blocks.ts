import type {Body, Expression} from '../../hcl/ast.js';
import type {ModuleInstance} from '../../expand/instance-tree.js';
import type {ModuleNode} from '../../config/module-tree.js';
import {walkModuleTree} from '../../config/module-tree.js';
import {join, modulePrefix} from '../step.js';
import {memberId} from '../member-ids.js';
import type {ReferenceTarget} from '../references.js';
import {providerSourceAddress} from '../../schema/provider-address.js';

/*
Shared by the steps: the expressions of each block of a module (with the meta-arguments other steps handle left out), and resolving a reference to a node id inside a module.
*/

export type BlockExpressions = {
	/** The block's id inside its module: `aws_instance.web`, `var.x`, `module.net`, `provider["..."]`. */
	readonly name: string;
	readonly body?: Body;
	readonly expressions?: readonly Expression[];
	readonly skip: ReadonlySet<string>;
};

const resourceSkip = new Set(['depends_on', 'provider']);
const outputSkip = new Set(['depends_on']);
const variableSkip = new Set(['type', 'default']);
const providerSkip = new Set(['alias']);
const nothing = new Set<string>();

export function* blockExpressions(node: ModuleNode): Generator<BlockExpressions> {
	const {module} = node;
	for (const variable of module.variables.values()) {
		yield {name: `var.${variable.name}`, body: variable.block.body, skip: variableSkip};
	}

	for (const local of module.locals.values()) {
		yield {name: `local.${local.name}`, expressions: [local.expression], skip: nothing};
	}

	for (const output of module.outputs.values()) {
		yield {name: `output.${output.name}`, body: output.block.body, skip: outputSkip};
	}

	for (const resource of module.resources.values()) {
		yield {name: resource.key, body: resource.body, skip: resourceSkip};
	}

	for (const call of module.moduleCalls.values()) {
		// A call's arguments belong to the child's variables (connect-module-boundaries); the call itself is its expansion.
		yield {name: `module.${call.name}`, expressions: [call.count, call.forEach, call.enabled].filter(expression => expression !== undefined), skip: nothing};
	}

	for (const check of module.checks) {
		yield {name: `check.${check.name}`, expressions: check.assertions.flatMap(assertion => [assertion.condition, assertion.errorMessage]).filter(expression => expression !== undefined), skip: nothing};
	}

	for (const action of module.actions.values()) {
		// Its count/for_each and config (NodeActionConfig.References, node_action.go at v1.16); `caller.x` (1.16) names no block.
		yield {name: action.key, body: action.block.body, skip: resourceSkip};
	}

	for (const provider of module.providers) {
		yield {name: providerName(fullProviderName(node, provider.name), provider.alias), body: provider.block.body, skip: providerSkip};
	}
}

/**
The ids of the nodes a reference in module `node` points at, if the configuration has them. A reference to an output of a child module points at that output's node; to a whole module (`module.net`, `depends_on = [module.net]`), at everything in it, as Terraform's module "close" node waits for everything in the module.
*/
export function resolveBlockTargets(node: ModuleNode, target: ReferenceTarget): string[] {
	const prefix = modulePrefix(node);
	const {module} = node;
	switch (target.kind) {
		case 'variable': {
			return module.variables.has(target.name) ? [join(prefix, `var.${target.name}`)] : [];
		}

		case 'local': {
			return module.locals.has(target.name) ? [join(prefix, `local.${target.name}`)] : [];
		}

		case 'resource': {
			return module.resources.has(target.key) ? [join(prefix, target.key)] : [];
		}

		case 'action': {
			// Terraform rejects `action.TYPE.NAME` outside a lifecycle's `action_trigger` ("Invalid reference"): no edge.
			return [];
		}

		case 'module': {
			if (!module.moduleCalls.has(target.name)) {
				return [];
			}

			const call = join(prefix, `module.${target.name}`);
			const child = node.children.get(target.name);
			if (target.output !== undefined) {
				// A module that is not installed has no outputs to point at: the reference stays an edge to its call, the module as unknown.
				if (!child || child.source.kind === 'unresolved') {
					return [call];
				}

				return child.module.outputs.has(target.output) ? [join(call, `output.${target.output}`)] : [];
			}

			return child ? wholeModule(child) : [call];
		}
	}
}

/**
What a reference to a whole module waits for, as Terraform's module "close" node does: everything in it, nested modules included (the call itself when the module is empty). Memoised per call, since a module is often referred to as a whole from many places.
*/
export function wholeModule(child: ModuleNode): string[] {
	let members = wholeModules.get(child);
	if (!members) {
		members = [];
		for (const node of walkModuleTree(child)) {
			const prefix = modulePrefix(node);
			const {module} = node;
			for (const name of module.variables.keys()) {
				members.push(join(prefix, `var.${name}`));
			}

			for (const name of module.locals.keys()) {
				members.push(join(prefix, `local.${name}`));
			}

			for (const name of module.outputs.keys()) {
				members.push(join(prefix, `output.${name}`));
			}

			for (const key of module.resources.keys()) {
				members.push(join(prefix, key));
			}

			for (const check of module.checks) {
				members.push(join(prefix, `check.${check.name}`));
			}

			if (node !== child) {
				members.push(prefix);
			}
		}

		if (members.length === 0) {
			members.push(modulePrefix(child));
		}

		wholeModules.set(child, members);
	}

	return members;
}

const wholeModules = new WeakMap<ModuleNode, string[]>();

/**
The same for a module instance in the instance graph.
*/
export function wholeModuleInstance(instance: ModuleInstance): string[] {
	let members = wholeInstances.get(instance);
	if (!members) {
		members = [];
		const visit = (current: ModuleInstance): void => {
			const {node} = current;
			for (const name of node.module.variables.keys()) {
				members!.push(memberId(current, 'var', name));
			}

			for (const name of node.module.locals.keys()) {
				members!.push(memberId(current, 'local', name));
			}

			for (const name of node.module.outputs.keys()) {
				members!.push(memberId(current, 'output', name));
			}

			for (const check of node.module.checks) {
				members!.push(memberId(current, 'check', check.name));
			}

			for (const resource of current.resources) {
				if (resource.instances.length === 0) {
					members!.push(resource.text);
				}

				for (const resourceInstance of resource.instances) {
					members!.push(resourceInstance.text);
				}
			}

			for (const call of current.calls) {
				for (const nested of call.instances) {
					members!.push(nested.text);
					visit(nested);
				}
			}
		};

		visit(instance);
		if (members.length === 0) {
			members.push(instance.text);
		}

		wholeInstances.set(instance, members);
	}

	return members;
}

const wholeInstances = new WeakMap<ModuleInstance, string[]>();

/**
The provider's fully qualified source for a local name in a module (`registry.terraform.io/hashicorp/aws`), from `required_providers` or Terraform's defaults.
*/
export function fullProviderName(node: ModuleNode, localName: string): string {
	return providerSourceAddress(localName, node.module.terraform);
}

/**
`provider["registry.terraform.io/hashicorp/aws"]` or with `.alias`, as Terraform names provider nodes.
*/
export function providerName(fullName: string, alias?: string): string {
	return `provider[${JSON.stringify(fullName)}]${alias === undefined ? '' : `.${alias}`}`;
}

/**
`provider["…"].by_region["eu"]`: an instance of a provider configuration with `for_each` (OpenTofu).
*/
export function providerInstanceName(configuration: string, key: string): string {
	return `${configuration}[${JSON.stringify(key)}]`;
}

/**
`provider["…"].by_region` for `provider["…"].by_region["eu"]`; undefined for an id that is not a provider instance.
*/
export function providerConfigurationOf(id: string): string | undefined {
	const match = /^(.*provider\[".*"\]\.[^.[\]]+)\[".*"\]$/.exec(id);
	return match?.[1];
}

/**
Every module node by its path joined with `.`.
*/
export function modulesByPath(root: ModuleNode): Map<string, ModuleNode> {
	const nodes = new Map<string, ModuleNode>();
	for (const node of walkModuleTree(root)) {
		nodes.set(node.path.join('.'), node);
	}

	return nodes;
}
