import {findAttribute} from '../hcl/ast.js';
import {formatRangeStart} from '../hcl/position.js';
import type {ModuleNode} from '../config/module-tree.js';
import {explainAddress} from '../explain/index.js';
import {summarizeValue} from '../explain/summary.js';
import type {Trace, TraceStep} from '../explain/trace.js';
import {formatValue} from '../lang/format-value.js';
import type {Value} from '../lang/values.js';
import type {Workspace} from '../workspace.js';
import {type CountKind, countActions} from './counts.js';
import {
	type PlanOverlay, type PlannedChange, type ValuePath, describeReason, displayAction,
} from './overlay.js';

/*
A review of a saved plan against its configuration, for a reviewer and a pull-request comment: the changes grouped by module instance and then by action, each with the file:line of its block, the reason (the plan's `action_reason`, in words), for a replacement each path that forces it with the argument's expression and the chain of values that leads to it (through `why`), for an update the attributes that change (before → after); then what changed outside Terraform (`resource_drift`), the failed checks and the output changes.
*/

export type ReplaceCause = {
	/** The attribute path that forces replacement, as written: `triggers_replace`, `tags["env"]`. */
	readonly path: string;
	/** Where the argument's expression is written, file:line:column. */
	readonly expression?: string;
	/** The values that lead to it, from the argument to its sources: `local.name`, `var.env`, `terraform.tfvars:1`. */
	readonly chain: readonly string[];
};

export type AttributeChange = {readonly path: string; readonly before: string; readonly after: string};

export type SummaryEntry = {
	readonly address: string;
	readonly module: string;
	readonly action: string;
	readonly reason?: string;
	readonly reasonText?: string;
	readonly previousAddress?: string;
	readonly importingId?: string;
	/** file:line of the block, when the configuration has it. */
	readonly file?: string;
	readonly replace: readonly ReplaceCause[];
	readonly changes: readonly AttributeChange[];
};

export type SummaryGroup = {readonly action: string; readonly entries: readonly SummaryEntry[]};

export type PlanSummary = {
	readonly plan: string;
	readonly terraformVersion?: string;
	readonly errored: boolean;
	readonly counts: ReadonlyMap<CountKind, number>;
	readonly modules: ReadonlyArray<{readonly module: string; readonly groups: readonly SummaryGroup[]}>;
	readonly drift: readonly SummaryEntry[];
	readonly checks: ReadonlyArray<{readonly address: string; readonly kind: string; readonly status: string; readonly messages: readonly string[]}>;
	readonly outputs: ReadonlyArray<{readonly name: string; readonly action: string; readonly after: string}>;
	/** Problems of the configuration under this plan (warnings and errors of the Workspace that concern the plan). */
	readonly notes: readonly string[];
};

/** The order actions are listed in, within a module. */
const actionOrder = ['replace', 'replace+cbd', 'delete', 'forget', 'create', 'update', 'import+update', 'import', 'move', 'read'];

export function summarizePlan(workspace: Workspace, plan: PlanOverlay, options: {readonly withNoOps?: boolean} = {}): PlanSummary {
	const byModule = new Map<string, Map<string, SummaryEntry[]>>();
	for (const change of plan.changes.values()) {
		const action = displayAction(change);
		if (action === 'no-op' && options.withNoOps !== true) {
			continue;
		}

		const entry = summaryEntry(workspace, change);
		let groups = byModule.get(change.module);
		if (!groups) {
			groups = new Map();
			byModule.set(change.module, groups);
		}

		groups.set(action, [...(groups.get(action) ?? []), entry]);
	}

	const rank = (action: string): number => {
		const index = actionOrder.indexOf(action.replace(/^deferred /, ''));
		return index === -1 ? actionOrder.length : index;
	};

	const modules = [...byModule].sort(([a], [b]) => (a < b ? -1 : (a > b ? 1 : 0))).map(([module, groups]) => ({
		module,
		groups: [...groups].sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : 1)).map(([action, entries]) => ({action, entries})),
	}));
	return {
		plan: plan.file,
		...(plan.terraformVersion !== undefined && {terraformVersion: plan.terraformVersion}),
		errored: plan.errored,
		counts: countActions(plan.changes.values()),
		modules,
		drift: plan.drift.map(change => summaryEntry(workspace, change)),
		checks: plan.checks.flatMap(check => check.instances.filter(instance => instance.status === 'fail' || instance.status === 'error').map(instance => ({
			address: instance.address || check.address, kind: check.kind, status: instance.status, messages: instance.problems,
		}))),
		outputs: [...plan.outputs.values()].filter(output => output.action !== 'no-op').map(output => ({name: output.name, action: output.action, after: output.after ? summarizeValue(output.after) : 'null'})),
		notes: workspace.diagnostics.filter(diagnostic => /plan/i.test(diagnostic.summary)).map(diagnostic => `${diagnostic.subject ? `${formatRangeStart(diagnostic.subject)}: ` : ''}${diagnostic.severity}: ${diagnostic.summary}: ${diagnostic.detail ?? ''}`),
	};
}

/**
One change as the summary lists it: its action, reason, block's file:line, replacement causes (traced with `why`) and attribute changes.
*/
export function summaryEntry(workspace: Workspace, change: PlannedChange): SummaryEntry {
	const instance = workspace.instances.resourceInstances.get(change.address);
	const block = instance?.resource.block ?? blockOf(workspace.moduleTree, change);
	return {
		address: change.address,
		module: change.module,
		action: displayAction(change),
		...(change.reason !== undefined && {reason: change.reason, reasonText: describeReason(change.reason)}),
		...(change.previousAddress !== undefined && {previousAddress: change.previousAddress}),
		...(change.importing?.id !== undefined && {importingId: change.importing.id}),
		...(block && {file: `${block.range.filename}:${block.range.start.line}`}),
		replace: change.replacePaths.map(path => replaceCause(workspace, change, path)),
		changes: change.action === 'update' || change.action === 'replace' ? attributeChanges(change.before, change.after) : [],
	};
}

/**
The resource block of a change in the module tree (for an instance tfscope did not expand: a block whose count went to zero still has its block).
*/
function blockOf(root: ModuleNode, change: PlannedChange) {
	let node: ModuleNode | undefined = root;
	for (const match of change.module.matchAll(/module\.([\w-]+)/g)) {
		node = node?.children.get(match[1]!);
	}

	return node?.module.resources.get(change.mode === 'data' ? `data.${change.type}.${change.name}` : `${change.type}.${change.name}`);
}

function pathText(path: ValuePath): string {
	return path.map((step, index) => (typeof step === 'number' ? `[${step}]` : (index === 0 || /^[A-Za-z_][\w-]*$/.test(step) ? `${index === 0 ? '' : '.'}${step}` : `[${JSON.stringify(step)}]`))).join('');
}

/**
A path that forces replacement: the argument's expression and the chain of values behind it (`why` on the instance's attribute).
*/
function replaceCause(workspace: Workspace, change: PlannedChange, path: ValuePath): ReplaceCause {
	const instance = workspace.instances.resourceInstances.get(change.address);
	const text = pathText(path);
	if (!instance || typeof path[0] !== 'string') {
		return {path: text, chain: []};
	}

	const attribute = findAttribute(instance.resource.block.block.body, path[0]);
	const explained = explainAddress(workspace, `${change.address}.${text}`);
	return {
		path: text,
		...(attribute && {expression: formatRangeStart(attribute.expression.range)}),
		chain: explained.value ? sourceChain(explained.value) : [],
	};
}

/**
The named steps from a trace's root to its first source (a variable's value in a file, on the command line, a default, state, a literal): `local.name`, `var.env`, `terraform.tfvars:1`.
*/
export function sourceChain(trace: Trace): string[] {
	const named = new Set(['variable', 'local', 'output', 'input', 'state', 'assumption', 'default', 'environment', 'command-line', 'tfvars']);
	const sources = new Set(['tfvars', 'environment', 'command-line', 'default', 'state', 'assumption', 'literal']);
	const leadsToSource = new Map<TraceStep, boolean>();
	const leads = (step: TraceStep): boolean => {
		let known = leadsToSource.get(step);
		if (known === undefined) {
			known = sources.has(step.kind) || step.children.some(child => leads(child));
			leadsToSource.set(step, known);
		}

		return known;
	};

	const chain: string[] = [];
	let step: TraceStep | undefined = trace.root;
	let depth = 0;
	while (step && depth < 64) {
		depth++;
		if (named.has(step.kind) && step !== trace.root) {
			const label = step.kind === 'tfvars' && step.range ? `${step.range.filename}:${step.range.start.line}` : (step.kind === 'command-line' || step.kind === 'environment' ? `${step.label} (${step.note ?? step.kind})` : step.label);
			if (chain.at(-1) !== label) {
				chain.push(label);
			}
		}

		step = step.children.find(child => leads(child)) ?? step.children[0];
	}

	return chain;
}

/**
The attributes that differ between before and after (top level, and one level into objects), each as the console prints it on one line.
*/
export function attributeChanges(before: Value | undefined, after: Value | undefined): AttributeChange[] {
	if (!before || !after || before.kind !== 'object' || after.kind !== 'object') {
		return [];
	}

	const changes: AttributeChange[] = [];
	const names = [...new Set([...before.attributes.keys(), ...after.attributes.keys()])].sort();
	for (const name of names) {
		const left = before.attributes.get(name);
		const right = after.attributes.get(name);
		const leftText = left ? formatValue(left) : 'null';
		const rightText = right ? formatValue(right) : 'null';
		if (leftText !== rightText) {
			changes.push({path: name, before: left ? summarizeValue(left) : 'null', after: right ? summarizeValue(right) : 'null'});
		}
	}

	return changes;
}
