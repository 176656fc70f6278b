import type {ExplorerData, WhyNode, WhySubject, WhyView} from '../explorer-data.js';
import type {Action} from './actions.js';
import {consoleContext, selectedAddress, selectedRow} from './selectors.js';
import {selectedEdge} from './edge-groups.js';
import type {State} from './state.js';
import {detailWhySubject, focusedDetailTarget} from './details-cursor.js';

/*
The why view's state changes (`w`, the console's `:why`): what to explain from the selection, the visible rows of the foldable tree, moving, folding and jumping. The trace itself comes from the data adapter.
*/

export type WhyRow = {readonly id: string; readonly depth: number; readonly node: WhyNode; readonly hasChildren: boolean};

/**
The rows shown: every node whose ancestors are unfolded, depth first.
*/
export function whyRows(root: WhyNode, folded: ReadonlySet<string>): WhyRow[] {
	const rows: WhyRow[] = [];
	const visit = (node: WhyNode, id: string, depth: number): void => {
		rows.push({id, depth, node, hasChildren: node.children.length > 0});
		if (folded.has(id)) {
			return;
		}

		for (const [index, child] of node.children.entries()) {
			visit(child, `${id}.${index}`, depth + 1);
		}
	};

	visit(root, '0', 0);
	return rows;
}

function initiallyFolded(root: WhyNode): Set<string> {
	const folded = new Set<string>();
	const visit = (node: WhyNode, id: string): void => {
		if (node.folded && node.children.length > 0) {
			folded.add(id);
		}

		for (const [index, child] of node.children.entries()) {
			visit(child, `${id}.${index}`);
		}
	};

	visit(root, '0');
	return folded;
}

/**
What `w` explains from where the user is: the selected edge's expression in the Edges pane, otherwise the selected instance or block (a resource instance's arguments, a block's count/for_each, a variable, local or output).
*/
export function whySubject(state: State, data: ExplorerData): WhySubject | string {
	if (state.focus === 'edges') {
		const edge = selectedEdge(data, state);
		if (!edge) {
			return 'No edge selected';
		}

		if (edge.expression === 'depends_on' || edge.expression === '') {
			return 'This edge is a depends_on: it carries no value';
		}

		// An outgoing edge's expression is in the selection; an incoming one's in the other block.
		const owner = edge.context ?? (edge.direction === 'out' ? consoleContext(data, state) : edge.address);
		const place = data.locate(owner);
		const context = place?.instance ?? (place?.block !== undefined && place.block === owner ? owner : place?.module ?? owner);
		// An edge made by several references lists them: `a.x, a.y` is explained as the tuple of them.
		const expression = edge.expression.includes(', ') ? `[${edge.expression}]` : edge.expression;
		return {kind: 'expression', expression, context};
	}

	const row = selectedRow(data, state);
	if (!row || row.type === 'header') {
		return 'Select a block, an instance or an edge to explain';
	}

	// In Details: the argument under the cursor.
	const target = focusedDetailTarget(state, data);
	const subject = target && detailWhySubject(state, data, target);
	if (subject) {
		return subject;
	}

	return {kind: 'address', address: selectedAddress(data, state)};
}

/**
Opens the why view on a subject, or says why it cannot.
*/
export function openWhy(state: State, data: ExplorerData, subject: WhySubject | string): State {
	if (typeof subject === 'string') {
		return {...state, message: subject};
	}

	const view = explainOf(data, subject);
	if (!view.ok) {
		return {...state, message: view.message};
	}

	return {...state, overlay: {kind: 'why', subject, cursor: 0, folded: initiallyFolded(view.root)}};
}

/**
`:why EXPRESSION` in the console; `:why` alone explains the last expression evaluated.
*/
export function consoleWhy(state: State, data: ExplorerData, text: string): State {
	const expression = text.trim().slice(':why'.length).trim();
	const cleared = {...state, console: {...state.console, input: '', historyIndex: undefined}};
	if (expression === '') {
		const last = state.console.output.findLast(entry => entry.kind === 'input');
		return last?.kind === 'input' ? openWhy(cleared, data, {kind: 'expression', expression: last.text, context: last.context}) : {...cleared, message: 'Nothing evaluated yet: :why EXPRESSION'};
	}

	return openWhy(cleared, data, {kind: 'expression', expression, context: consoleContext(data, state)});
}

export function explainOf(data: ExplorerData, subject: WhySubject): WhyView {
	return data.explain?.(subject) ?? {ok: false, message: 'No traces here'};
}

/**
Moving, folding, jumping and closing in the why view.
*/
export function reduceWhy(state: State, action: Action, data: ExplorerData, navigate: (state: State, address: string) => State): State {
	const {overlay} = state;
	if (overlay.kind !== 'why') {
		return state;
	}

	const view = explainOf(data, overlay.subject);
	if (!view.ok) {
		return {...state, overlay: {kind: 'none'}, message: view.message};
	}

	const rows = whyRows(view.root, overlay.folded);
	const cursor = Math.min(overlay.cursor, rows.length - 1);
	const row = rows[cursor]!;
	switch (action.type) {
		case 'why-previous':
		case 'why-next': {
			const next = Math.max(0, Math.min(rows.length - 1, cursor + (action.type === 'why-next' ? 1 : -1)));
			return {...state, overlay: {...overlay, cursor: next}};
		}

		case 'why-fold': {
			if (row.hasChildren && !overlay.folded.has(row.id)) {
				return {...state, overlay: {...overlay, folded: new Set([...overlay.folded, row.id])}};
			}

			// Folded or a leaf: to the step above it.
			const parent = row.id.slice(0, row.id.lastIndexOf('.'));
			const index = rows.findIndex(each => each.id === parent);
			return index === -1 ? state : {...state, overlay: {...overlay, cursor: index}};
		}

		case 'why-unfold': {
			if (!overlay.folded.has(row.id)) {
				return state;
			}

			const folded = new Set(overlay.folded);
			folded.delete(row.id);
			return {...state, overlay: {...overlay, folded}};
		}

		case 'why-jump': {
			const {target} = row.node;
			if (target === undefined || data.locate(target) === undefined) {
				return {...state, message: 'This step is not a block of the configuration'};
			}

			return {...navigate({...state, overlay: {kind: 'none'}}, target), focus: 'details'};
		}

		case 'close-why': {
			return {...state, overlay: {kind: 'none'}};
		}

		default: {
			return state;
		}
	}
}
