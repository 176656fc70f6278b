import type {Graph} from '../graph/cytoscape.js';
import type {NodeMark, NodeMarks} from '../graph/marks.js';
import {type PlanOverlay, displayAction} from './overlay.js';

/*
A saved plan's actions as graph marks: each resource instance node (with --instances) marked with its action, each resource node with its instances' action when they share one (`changed` when they differ); no-ops unmarked. Colours as a reviewer expects them: green create, yellow update, red delete, orange replace, blue read, grey forget and move.
*/

const colours: Readonly<Record<string, string>> = {
	create: '#2e7d32',
	update: '#f9a825',
	replace: '#ef6c00',
	'replace+cbd': '#ef6c00',
	delete: '#c62828',
	forget: '#757575',
	read: '#1565c0',
	move: '#757575',
	import: '#6a1b9a',
	'import+update': '#6a1b9a',
	changed: '#f9a825',
};

/**
The action label of each graph node the plan changes, by node id: instance ids (`module.a["x"].t.n[0]`) with `instances`, else block ids (`module.a.t.n`); `changed` where a block's instances do different things.
*/
export function planNodeActions(plan: PlanOverlay, instances: boolean): Map<string, string> {
	const actionsByNode = new Map<string, Set<string>>();
	for (const change of plan.changes.values()) {
		const action = displayAction(change);
		if (action === 'no-op') {
			continue;
		}

		const id = instances ? change.address : change.address.replace(/\[[^\]]*\]$/, '').replaceAll(/\[[^\]]*\]\./g, '.');
		actionsByNode.set(id, (actionsByNode.get(id) ?? new Set()).add(action));
	}

	return new Map([...actionsByNode].map(([id, actions]) => [id, actions.size === 1 ? [...actions][0]! : 'changed']));
}

export function planMarks(graph: Graph, plan: PlanOverlay, instances: boolean): NodeMarks {
	const labels = planNodeActions(plan, instances);
	const colourOf = (label: string): string => colours[label.replace(/^deferred /, '')] ?? '#f9a825';
	const marks = new Map<string, NodeMark>();
	for (const node of graph.nodes()) {
		const label = labels.get(node.id);
		if (label !== undefined) {
			marks.set(node.id, {label, colour: colourOf(label)});
		}
	}

	return Object.assign(marks, {colourOf});
}
