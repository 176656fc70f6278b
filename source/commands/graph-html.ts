import path from 'node:path';
import type {CommandFlags, CommandInput} from './command.js';
import {loadRevisionWorkspace} from './diff.js';
import {tfscopeVersion} from './version.js';
import {diffWorkspaces, type InstanceChange, type WorkspaceDiff} from '../diff/index.js';
import {changeKind, type ChangeKind} from '../diff/summary.js';
import {graphOf} from '../graph/index.js';
import type {Graph} from '../graph/cytoscape.js';
import type {GraphNode} from '../graph/model.js';
import {compareIds} from '../graph/queries.js';
import {htmlPage} from '../graph/export-html.js';
import type {DetailRow, DetailSection, PageData, PageDetails, PageKind, PageMark, PageNode, WhyLine} from '../graph/html-data.js';
import {graphPageScript} from '../graph/page-script.js';
import type {Details, ExplorerData, WhyNode} from '../ui/explorer-data.js';
import {withDiff} from '../ui/data/diff.js';
import {createWorkspaceData} from '../ui/data/workspace-data.js';
import {defaultFormatting} from '../ui/data/formatting.js';
import type {Workspace} from '../workspace.js';
import {describeAction, describeReason, isChange, type PlanOverlay, type PlannedChange} from '../plan/overlay.js';
import {countActions, formatCounts} from '../plan/counts.js';

/*
`tfscope graph --format html`: the graph and each node's Details (as the explorer shows them: evaluated arguments, placeholders and their causes, the `why` of unknowns), with `--diff REV` the marks of the change, as the page's data (graph/html-data.ts), written by graph/export-html.ts.
*/

/** More nodes than this are not drawn usefully in a browser (and take seconds to lay out): refused, with --focus suggested. */
export const maximumPageNodes = 12_000;
/** Modules with more nodes inside than this start collapsed. */
export const collapseAbove = 30;
/** A value longer than this is cut in the page (the explorer and `tfscope console` show it whole). */
const maximumValue = 4000;
/** Traces of unknown values written into the page, at most: each is a provenance walk (a third of a second each on Azure's enterprise-scale, loaded machine), unknown count/for_each first, then unknown arguments in address order. */
export const maximumWhys = 40;
const maximumWhyLines = 80;

export type HtmlGraphResult =
	| {readonly ok: true; readonly text: string; readonly bytes: number; readonly nodes: number; readonly edges: number}
	| {readonly ok: false; readonly message: string; readonly exitCode: 1 | 2};

function pageKind(node: GraphNode): PageKind {
	switch (node.kind) {
		case 'module-instance': {
			return 'module';
		}

		case 'action-instance': {
			return 'action';
		}

		case 'resource-instance':
		case 'resource': {
			return node.name.startsWith('data.') ? 'data' : (node.name.startsWith('ephemeral.') ? 'ephemeral' : 'resource');
		}

		default: {
			return node.kind;
		}
	}
}

function cut(text: string): string {
	return text.length <= maximumValue ? text : `${text.slice(0, maximumValue)}… (${text.length - maximumValue} more characters: tfscope console shows the whole value)`;
}

const causeWhen = {plan: 'read at plan', apply: 'known after apply', variable: 'has no value', expression: 'is unknown'} as const;

function sections(details: Details): {sections: DetailSection[]; sensitive: boolean} {
	const result: DetailSection[] = [];
	let sensitive = false;
	if (details.change) {
		result.push({title: `${details.change.mark} ${details.change.summary}`, rows: details.change.lines.filter(line => line !== '').map(line => ({name: '', value: line}))});
	}

	if (details.unavailable) {
		result.push({title: `Module ${details.unavailable.label}`, rows: [{name: 'source', value: details.unavailable.source}, {name: 'reason', value: details.unavailable.reason, style: 'dim'}]});
	}

	const {instance, expansion} = details;
	if (instance?.placeholder) {
		result.push({title: 'Placeholder [*]', rows: [{name: 'instances', value: 'any number: the count or for_each is not known', style: 'unknown'}]});
	} else if (instance) {
		result.push({title: `Instance ${instance.index + 1} of ${instance.total}`, rows: instance.bindings.map(binding => ({name: binding.name, value: cut(binding.value)}))});
	}

	if (expansion) {
		const meta = expansion.meta ?? (expansion.mode === 'count' || expansion.mode === 'enabled' ? expansion.mode : 'for_each');
		const rows: DetailRow[] = [{name: meta, value: cut(expansion.source)}];
		if (expansion.unknownReason === undefined) {
			rows.push({name: 'value', value: cut(expansion.value)}, {name: `instances (${expansion.keys.length})`, value: cut(expansion.keys.length === 0 ? 'none' : expansion.keys.map(key => (expansion.mode === 'count' ? `[${key}]` : key)).join(', '))});
		} else {
			rows.push({name: 'not known', value: expansion.unknownReason, style: 'unknown'});
			for (const cause of expansion.causes ?? []) {
				rows.push({name: 'because of', value: `${cause.address}: ${causeWhen[cause.when]}${cause.where === '' ? '' : ` (${cause.where})`}`, style: 'unknown'});
			}
		}

		result.push({title: 'Expansion', rows});
	}

	const shown = details.attributes.filter(attribute => !attribute.unset);
	if (shown.length > 0) {
		result.push({title: 'Arguments', rows: shown.map(attribute => {
			sensitive ||= attribute.sensitive;
			if (attribute.error !== undefined) {
				return {name: attribute.name, value: attribute.error, style: 'error'};
			}

			// formatValue already prints a sensitive value as (sensitive value); a value with sensitive parts prints them so.
			return {name: attribute.name, value: attribute.sensitive ? '(sensitive value)' : cut(attribute.value), ...(attribute.sensitive ? {style: 'sensitive' as const} : (attribute.unknown ? {style: 'unknown' as const} : {}))};
		})});
	}

	if (details.assumed && details.assumed.length > 0) {
		result.push({title: 'Assumed', rows: details.assumed.map(assumption => ({name: assumption.address, value: `${assumption.expression} (${assumption.source})`}))});
	}

	return {sections: result, sensitive};
}

function whyLines(node: WhyNode, depth: number, lines: WhyLine[]): void {
	if (lines.length >= maximumWhyLines) {
		return;
	}

	lines.push([depth, node.text]);
	for (const child of node.children) {
		whyLines(child, depth + 1, lines);
	}
}

/** What `why` is asked about in a node's Details: its unknown count/for_each first, then each unknown argument. */
function whySubjects(id: string, details: Details, data: ExplorerData): string[] {
	const subjects: string[] = [];
	if (details.expansion?.unknownReason !== undefined) {
		subjects.push(data.locate(id)?.block ?? id);
	}

	for (const attribute of details.attributes) {
		if (attribute.unknown && !attribute.sensitive && !attribute.unset) {
			if (details.kind === 'resource' || details.kind === 'data' || details.kind === 'ephemeral') {
				subjects.push(`${id}.${attribute.name}`);
			} else if (details.kind === 'variable' || details.kind === 'local' || details.kind === 'output') {
				subjects.push(id);
				break;
			}
		}
	}

	return subjects;
}

/** An address without its instance keys: the block (or module call) it is an instance of. */
export function withoutKeys(address: string): string {
	let result = '';
	let depth = 0;
	let quoted = false;
	for (let at = 0; at < address.length; at++) {
		const character = address[at]!;
		if (quoted) {
			if (character === '\\') {
				at++;
			} else if (character === '"') {
				quoted = false;
			}

			continue;
		}

		if (character === '"' && depth > 0) {
			quoted = true;
		} else if (character === '[') {
			depth++;
		} else if (character === ']') {
			depth--;
		} else if (depth === 0) {
			result += character;
		}
	}

	return result;
}

const markOfKind: Readonly<Record<ChangeKind, PageMark>> = {create: 'added', import: 'added', delete: 'removed', forget: 'removed', update: 'changed', replace: 'changed', move: 'moved'};

/** The marks of a diff on the graph's nodes: instance addresses for the instance graph, their blocks (one mark when every instance has the same, else `changed`) for the block graph. */
function diffMarks(diff: WorkspaceDiff, level: 'block' | 'instance'): Map<string, PageMark> {
	const all = new Map<string, Set<PageMark>>();
	const note = (address: string, mark: PageMark) => {
		const key = level === 'instance' ? address : withoutKeys(address);
		let set = all.get(key);
		if (!set) {
			set = new Set();
			all.set(key, set);
		}

		set.add(mark);
	};

	for (const change of diff.changes) {
		note(change.address, markOfKind[changeKind(change as InstanceChange)]);
	}

	for (const change of diff.moduleInstances) {
		note(change.address, change.action === 'create' ? 'added' : (change.action === 'delete' ? 'removed' : 'moved'));
	}

	return new Map([...all].map(([address, marks]) => [address, marks.size === 1 ? [...marks][0]! : 'changed']));
}

function planMark(change: PlannedChange): PageMark | undefined {
	if (!isChange(change)) {
		return undefined;
	}

	switch (change.action) {
		case 'create': {
			return 'added';
		}

		case 'delete':
		case 'forget': {
			return 'removed';
		}

		case 'read': {
			return undefined;
		}

		case 'no-op': {
			return change.previousAddress === undefined ? 'changed' : 'moved';
		}

		default: {
			return 'changed';
		}
	}
}

/** The marks of a saved plan's actions (`--plan FILE`), as `diffMarks` gives a diff's. */
function planMarks(plan: PlanOverlay, level: 'block' | 'instance'): Map<string, PageMark> {
	const all = new Map<string, Set<PageMark>>();
	for (const change of plan.changes.values()) {
		const mark = planMark(change);
		if (mark === undefined) {
			continue;
		}

		const key = level === 'instance' ? change.address : withoutKeys(change.address);
		all.set(key, new Set([...all.get(key) ?? [], mark]));
	}

	return new Map([...all].map(([address, marks]) => [address, marks.size === 1 ? [...marks][0]! : 'changed']));
}

/** What the saved plan does to a resource instance, for its Details. */
function planSection(plan: PlanOverlay, address: string): DetailSection | undefined {
	const change = plan.changes.get(address);
	if (!change) {
		return undefined;
	}

	const reason = describeReason(change.reason);
	return {title: `Plan: ${describeAction(change)}`, rows: [
		...(reason === undefined ? [] : [{name: 'because', value: reason}]),
		...change.replacePaths.map(path => ({name: 'forces replacement', value: path.map(step => (typeof step === 'number' ? `[${step}]` : `.${step}`)).join('').replace(/^\./, '')})),
	]};
}

export type HtmlGraphInput = {
	readonly workspace: Workspace;
	readonly graph: Graph;
	readonly level: 'block' | 'instance';
	readonly directory: string;
	readonly focus?: string;
	/** `--diff REV`: the revision's Workspace, its label and the diff from it. */
	readonly diff?: {readonly previous: Workspace; readonly label: string; readonly diff: WorkspaceDiff};
};

/**
The page's data: nodes in address order (each module or module instance the box of what it holds), edges, and each node's Details.
*/
export function pageData(input: HtmlGraphInput): PageData {
	const {workspace, graph, level} = input;
	const formatting = defaultFormatting();
	const current = createWorkspaceData(workspace, formatting);
	const {plan} = workspace;
	const marks = input.diff ? diffMarks(input.diff.diff, level) : (plan ? planMarks(plan, level) : new Map<string, PageMark>());
	const data = input.diff ? withDiff(current, createWorkspaceData(input.diff.previous, formatting), input.diff.diff, input.diff.label) : current;
	const graphNodes = graph.nodes();
	const present = new Set(graphNodes.map(node => node.id));
	// Under --diff, what the revision had and the configuration no longer has (resources and modules) is drawn too, marked removed.
	const previousGraph = input.diff ? graphOf(input.diff.previous, {instances: level === 'instance'}) : undefined;
	const removed = previousGraph ? previousGraph.nodes().filter(node => !present.has(node.id) && marks.get(node.id) === 'removed') : [];
	// Under --plan, what the plan destroys or forgets and the configuration no longer declares, likewise.
	const planned: GraphNode[] = [];
	if (plan && !input.diff) {
		const added = new Set<string>();
		for (const change of plan.changes.values()) {
			const id = level === 'instance' ? change.address : withoutKeys(change.address);
			if ((change.action === 'delete' || change.action === 'forget') && !present.has(id) && !added.has(id)) {
				added.add(id);
				const module = level === 'instance' ? change.module : withoutKeys(change.module);
				planned.push({id, kind: level === 'instance' ? 'resource-instance' : 'resource', module, name: module === '' ? id : id.slice(module.length + 1)});
			}
		}
	}

	const all = [...graphNodes, ...removed, ...planned].sort((first, second) => compareIds(first.id, second.id));
	const indexOf = new Map(all.map((node, index) => [node.id, index]));
	const boxes = new Set(all.filter(node => node.kind === 'module' || node.kind === 'module-instance').map(node => node.id));
	const directory = path.resolve(input.directory);
	const nodes: PageNode[] = all.map(node => {
		const kind = pageKind(node);
		const parent = node.module !== '' && boxes.has(node.module) ? indexOf.get(node.module) : undefined;
		const label = node.kind === 'module' || node.kind === 'module-instance' ? (node.module === '' ? node.id : node.id.slice(node.module.length + 1)) : node.name;
		const mark = marks.get(node.id);
		return {
			id: node.id,
			kind,
			label,
			...(parent !== undefined && {parent}),
			...(node.range && {where: `${path.relative(directory, path.resolve(node.range.filename)) || node.range.filename}:${node.range.start.line}`}),
			...(mark && {mark}),
			...(node.assumed && {assumed: true as const}),
		};
	});
	const edgeKinds: string[] = [];
	const kindIndex = new Map<string, number>();
	const edges: Array<[number, number, number]> = [];
	const addEdges = (from: Graph) => {
		for (const edge of from.edges()) {
			const source = indexOf.get(edge.source);
			const target = indexOf.get(edge.target);
			if (source === undefined || target === undefined || (from !== graph && present.has(edge.source) && present.has(edge.target))) {
				continue;
			}

			let kind = kindIndex.get(edge.kind);
			if (kind === undefined) {
				kind = edgeKinds.length;
				edgeKinds.push(edge.kind);
				kindIndex.set(edge.kind, kind);
			}

			edges.push([source, target, kind]);
		}
	};

	addEdges(graph);
	if (previousGraph) {
		addEdges(previousGraph);
	}

	edges.sort((first, second) => (first[0] - second[0]) || (first[1] - second[1]) || (first[2] - second[2]));

	const details: Record<string, PageDetails> = {};
	// Unknowns to trace: the count/for_each of placeholders first, then unknown arguments.
	const expansionWhys: Array<{index: number; subject: string}> = [];
	const argumentWhys: Array<{index: number; subject: string}> = [];
	const moduleInstances = new Map<string, string[]>();
	if (level === 'block') {
		for (const row of data.modules()) {
			const block = withoutKeys(row.address);
			moduleInstances.set(block, [...moduleInstances.get(block) ?? [], row.address]);
		}
	}

	for (const [index, node] of nodes.entries()) {
		let found = data.details(node.id);
		let shownFrom: DetailSection | undefined;
		// A block of a module with several instances: the Details of its first instance, saying so.
		const graphNode = all[index]!;
		if (!found && level === 'block' && graphNode.module !== '') {
			const of = moduleInstances.get(graphNode.module) ?? [];
			if (of.length > 0) {
				found = data.details(`${of[0]}${node.id.slice(graphNode.module.length)}`);
				shownFrom = {title: `In ${of[0]}, the first of ${of.length} instances of ${graphNode.module}`, rows: [{name: '', value: '--instances draws each instance with its own values', style: 'dim'}]};
			}
		}

		const planned = plan ? planSection(plan, node.id) : undefined;
		if (!found) {
			if (planned) {
				details[String(index)] = {sections: [planned]};
			}

			continue;
		}

		if (found.instance?.placeholder || (found.expansion?.unknownReason !== undefined && level === 'instance')) {
			nodes[index] = {...node, placeholder: true};
		}

		const shown = sections(found);
		if (data.explain && !shown.sensitive) {
			const subjects = whySubjects(node.id, found, data);
			for (const [at, subject] of subjects.entries()) {
				(at === 0 && found.expansion?.unknownReason !== undefined ? expansionWhys : argumentWhys).push({index, subject});
			}
		}

		// A block holding a sensitive value keeps its source out of the page: a literal written there (a default, a tfvars-like local) is the secret.
		const source = found.source && !shown.sensitive && !/\bsensitive\s*=\s*true\b/.test(found.source.text) ? {firstLine: found.source.firstLine, text: cut(found.source.text)} : undefined;
		details[String(index)] = {sections: [...(shownFrom ? [shownFrom] : []), ...(planned ? [planned] : []), ...shown.sections], ...(source && {source})};
	}

	const traced = [...expansionWhys, ...argumentWhys];
	for (const [at, {index, subject}] of traced.entries()) {
		let lines: WhyLine[] = [[0, `tfscope why '${subject}' traces it (a page holds ${maximumWhys} traces at most)`]];
		if (at < maximumWhys) {
			const view = data.explain!({kind: 'address', address: subject});
			if (!view.ok) {
				continue;
			}

			lines = [];
			whyLines(view.root, 0, lines);
			lines.push(...view.footer.map(line => [0, line] as const));
		}

		const entry = details[String(index)]!;
		details[String(index)] = {...entry, why: [...entry.why ?? [], {subject, lines}]};
	}

	return {
		title: path.basename(directory),
		level,
		nodes,
		edges,
		edgeKinds,
		details,
		collapseAbove,
		...(input.diff ? {diff: data.diffSummary ?? `diff vs ${input.diff.label}`} : (plan && {diff: `plan ${plan.file}: ${formatCounts(countActions(plan.changes.values()))}`})),
		...(input.focus !== undefined && {focus: input.focus}),
		generator: `tfscope ${tfscopeVersion}`,
	};
}

/**
The page of a graph, or why not (too many nodes to draw: use --focus).
*/
export async function htmlGraph(input: HtmlGraphInput): Promise<HtmlGraphResult> {
	if (input.graph.nodeCount > maximumPageNodes) {
		return {ok: false, exitCode: 1, message: `Error: Graph too large for a page\n\nThe ${input.level === 'instance' ? 'instance ' : ''}graph has ${input.graph.nodeCount} nodes; a page draws at most ${maximumPageNodes} (more takes a browser many seconds and shows nothing readable). Draw a part of it: --focus ADDRESS --depth N${input.level === 'instance' ? ', or the block graph (without --instances)' : ''}.\n`};
	}

	const data = pageData(input);
	const page = htmlPage(data, await graphPageScript());
	return {ok: true, text: page.text, bytes: page.bytes, nodes: data.nodes.length, edges: data.edges.length};
}

/**
`--diff REV` for the page: the revision's Workspace (loaded with the same options) and the diff from it, or the message why not.
*/
export async function loadGraphDiff(flags: CommandFlags, directory: string, workspace: Workspace, input: Pick<CommandInput, 'environment' | 'cwd'>): Promise<HtmlGraphInput['diff'] | string> {
	const loaded = await loadRevisionWorkspace(flags, directory, flags.diff!, input.environment, input.cwd);
	if (typeof loaded === 'string') {
		return loaded;
	}

	return {previous: loaded.workspace, label: loaded.label, diff: diffWorkspaces(loaded.workspace, workspace)};
}
