import {type Diagnostic, errorDiagnostic, warningDiagnostic} from '../hcl/diagnostics.js';
import type {Range} from '../hcl/position.js';
import {type ModuleNode, walkModuleTree} from '../config/module-tree.js';
import type {InstanceTree} from '../expand/instance-tree.js';
import type {PlanOverlay, PlannedCheck} from './overlay.js';

/*
What a plan tells about the configuration beyond values, as diagnostics on the objects they concern (so `check` and the explorer's diagnostics show them):

- the plan's failed checks: resource preconditions and postconditions, output preconditions and variable validations (errors, as in Terraform's plan) and check block assertions (warnings), with their messages;
- a plan made from another configuration: module calls or resource blocks the plan's configuration has and this one does not (or the reverse), an error, since its values would be mixed into the wrong objects.

Where tfscope's own predictions disagree with the plan is predictions.ts.
*/


function moduleNodeAt(root: ModuleNode, module: string): ModuleNode | undefined {
	// `module.a["x"].module.b` → the node of calls a, b.
	const names = [...module.matchAll(/module\.([\w-]+)/g)].map(match => match[1]!);
	let node: ModuleNode | undefined = root;
	for (const name of names) {
		node = node?.children.get(name);
	}

	return node;
}

/**
Where a check's object is declared.
*/
function rangeOfCheck(check: PlannedCheck, root: ModuleNode, tree: InstanceTree, instance: string): Range | undefined {
	const local = check.address.replace(/^(?:module\.[\w-]+(?:\[[^\]]*\])?\.)*/, '');
	const node = moduleNodeAt(root, check.module || check.address);
	const module = node?.module;
	switch (check.kind) {
		case 'resource': {
			return tree.resourceInstances.get(instance)?.resource.block.range ?? module?.resources.get(local)?.range;
		}

		case 'output_value': {
			return module?.outputs.get(local.replace(/^output\./, ''))?.range;
		}

		case 'var': {
			return module?.variables.get(local.replace(/^var\./, ''))?.range;
		}

		case 'check': {
			return module?.checks.find(block => block.name === local.replace(/^check\./, ''))?.block.range;
		}

		default: {
			return undefined;
		}
	}
}

const checkSummaries: Readonly<Record<string, string>> = {
	resource: 'Resource condition failed in the plan',
	output_value: 'Output precondition failed in the plan',
	var: 'Invalid value for variable in the plan',
	check: 'Check block assertion failed in the plan',
};

/**
The plan's failed checks on the objects that own them, but for those tfscope's own evaluation of the conditions (`tree.conditions`, read after every value is evaluated) already reports as failed.
*/
export function planCheckDiagnostics(plan: PlanOverlay, root: ModuleNode, tree: InstanceTree): Diagnostic[] {
	const diagnostics: Diagnostic[] = [];
	const failed = new Set(tree.conditions.filter(condition => condition.status === 'failed' || condition.status === 'error').map(condition => condition.owner));
	for (const check of plan.checks) {
		for (const instance of check.instances) {
			if ((instance.status !== 'fail' && instance.status !== 'error') || failed.has(instance.address || check.address)) {
				continue;
			}

			const range = rangeOfCheck(check, root, tree, instance.address);
			const summary = checkSummaries[check.kind] ?? 'Check failed in the plan';
			const messages = instance.problems.length === 0 ? ['(no message)'] : instance.problems;
			for (const message of messages) {
				const detail = `${instance.address || check.address}: ${message}`;
				// Terraform's check blocks only warn; every other failed condition stops the apply.
				diagnostics.push(check.kind === 'check' ? warningDiagnostic(summary, detail, range) : errorDiagnostic(summary, detail, range));
			}
		}
	}

	return diagnostics;
}

/**
An error when the plan's configuration (module calls, resource blocks) is not this one.
*/
export function otherConfiguration(plan: PlanOverlay, root: ModuleNode): Diagnostic | undefined {
	const planned = plan.configuration;
	if (!planned) {
		return undefined;
	}

	const here = new Map<string, Set<string>>();
	for (const node of walkModuleTree(root)) {
		here.set(node.path.map(name => `module.${name}`).join('.'), new Set([...node.module.resources.values()].filter(block => block.mode !== 'ephemeral').map(block => block.key)));
	}

	const onlyPlan: string[] = [];
	const onlyHere: string[] = [];
	for (const [module, resources] of planned) {
		const mine = here.get(module);
		if (!mine) {
			onlyPlan.push(module);
			continue;
		}

		for (const resource of resources) {
			if (!mine.has(resource)) {
				onlyPlan.push(module === '' ? resource : `${module}.${resource}`);
			}
		}
	}

	for (const [module, resources] of here) {
		const theirs = planned.get(module);
		if (!theirs) {
			onlyHere.push(module);
			continue;
		}

		for (const resource of resources) {
			if (!theirs.has(resource)) {
				onlyHere.push(module === '' ? resource : `${module}.${resource}`);
			}
		}
	}

	if (onlyPlan.length === 0 && onlyHere.length === 0) {
		return undefined;
	}

	const list = (items: string[]): string => `${items.slice(0, 5).join(', ')}${items.length > 5 ? ` and ${items.length - 5} more` : ''}`;
	const parts = [
		...(onlyPlan.length > 0 ? [`the plan's configuration has ${list(onlyPlan)}, which this one does not`] : []),
		...(onlyHere.length > 0 ? [`this configuration has ${list(onlyHere)}, which the plan's does not`] : []),
	];
	return errorDiagnostic('Plan from another configuration', `${plan.file} was not made from this configuration: ${parts.join('; ')}. Its values and actions are not laid over instances it does not name; make the plan from this directory (terraform plan -out, then terraform show -json).`);
}
