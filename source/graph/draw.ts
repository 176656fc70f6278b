import type {Graph} from './cytoscape.js';
import {compareIds} from './queries.js';

/**
What drawing reads of a graph: a whole graph, or a view that finds one node's edges on demand (`instanceGraphView`).
*/
export type GraphView = Pick<Graph, 'has' | 'node' | 'outgoing' | 'incoming'>;

/*
The terminal drawing of a node's neighbourhood: the focus in a box, its dependencies as a tree growing to the left, its dependents as a tree growing to the right, `depth` levels each way. A node reached twice is drawn once, under the first node that reached it (breadth first, sorted); the drawing says how many nodes did not fit.

  aws_vpc.main ─┬─ aws_subnet.a ─┐          ╭───────────────────╮
                                 └──────────┤ aws_instance.web  ├─┬─ aws_eip.ip
*/

type TreeNode = {
	readonly id: string;
	/** What is printed: the name inside the module when the node is in the focus's module (the header names the module), else the full id. */
	readonly label: string;
	readonly children: TreeNode[];
};

/**
Breadth-first spanning tree from the focus in one direction.
*/
function spanningTree(graph: GraphView, focus: string, direction: 'dependencies' | 'dependents', depth: number): TreeNode {
	const prefixes = shortenedPrefixes(graph, focus);
	const labelOf = (id: string): string => {
		const prefix = prefixes.find(candidate => id.startsWith(`${candidate}.`));
		return prefix === undefined ? id : id.slice(prefix.length + 1);
	};

	const root: TreeNode = {id: focus, label: labelOf(focus), children: []};
	const seen = new Set<string>([focus]);
	let frontier = [root];
	for (let level = 0; level < depth && frontier.length > 0; level++) {
		const next: TreeNode[] = [];
		for (const parent of frontier) {
			const edges = direction === 'dependencies' ? graph.outgoing(parent.id) : graph.incoming(parent.id);
			const ids = [...new Set(edges.map(edge => direction === 'dependencies' ? edge.target : edge.source))].sort(compareIds);
			for (const id of ids) {
				if (!seen.has(id)) {
					seen.add(id);
					const child: TreeNode = {id, label: labelOf(id), children: []};
					parent.children.push(child);
					next.push(child);
				}
			}
		}

		frontier = next;
	}

	return root;
}

/**
The module paths whose prefix the drawing leaves out of names, longest first: the focus's own module, and for a module call or instance the module it opens.
*/
function shortenedPrefixes(graph: GraphView, focus: string): string[] {
	const node = graph.node(focus);
	const prefixes: string[] = [];
	if (node && (node.kind === 'module' || node.kind === 'module-instance')) {
		prefixes.push(focus);
	}

	if (node && node.module !== '') {
		prefixes.push(node.module);
	}

	return prefixes;
}

function plural(count: number, one: string, many: string): string {
	return `${count} ${count === 1 ? one : many}`;
}

function countNodes(tree: TreeNode): number {
	let total = 0;
	for (const child of tree.children) {
		total += 1 + countNodes(child);
	}

	return total;
}

function truncate(text: string, width: number): string {
	if (width <= 0) {
		return '';
	}

	const characters = [...text];
	return characters.length <= width ? text : characters.slice(0, Math.max(0, width - 1)).join('') + '…';
}

/**
Keeps the end of a long address, which says more than its module path: `…aws_subnet.public`.
*/
function truncateStart(text: string, width: number): string {
	if (width <= 0) {
		return '';
	}

	const characters = [...text];
	return characters.length <= width ? text : '…' + characters.slice(characters.length - width + 1).join('');
}

/**
Keeps both ends of a long address (`module.a…ance_names`): for names whose ends alone read the same.
*/
function truncateMiddle(text: string, width: number): string {
	const characters = [...text];
	if (characters.length <= width) {
		return text;
	}

	const head = Math.ceil((width - 1) / 2);
	return `${characters.slice(0, head).join('')}…${characters.slice(characters.length - (width - 1 - head)).join('')}`;
}

function textWidth(text: string): number {
	return [...text].length;
}

function treeNodes(tree: TreeNode): TreeNode[] {
	return [tree, ...tree.children.flatMap(child => treeNodes(child))];
}

/**
Names that two different nodes would share once shortened (the module's `output.x` beside the root's `output.x`) are given whole: a drawing never shows one name for two nodes.
*/
function withDistinctLabels(trees: readonly TreeNode[]): TreeNode[] {
	const idsOf = new Map<string, Set<string>>();
	for (const node of trees.flatMap(tree => treeNodes(tree))) {
		const ids = idsOf.get(node.label) ?? new Set<string>();
		ids.add(node.id);
		idsOf.set(node.label, ids);
	}

	const relabel = (node: TreeNode): TreeNode => ({
		id: node.id,
		label: (idsOf.get(node.label)?.size ?? 0) > 1 ? node.id : node.label,
		children: node.children.map(child => relabel(child)),
	});
	return trees.map(tree => relabel(tree));
}

/**
A mark after each marked node's name, as `graph` text prints it (`terraform_data.a (replace)`): a cut keeps the end of a label, so the mark stays.
*/
function withMarks(tree: TreeNode, marks: (id: string) => string | undefined): TreeNode {
	const mark = marks(tree.id);
	return {id: tree.id, label: mark === undefined ? tree.label : `${tree.label} (${mark})`, children: tree.children.map(child => withMarks(child, marks))};
}

/**
Each node's label as drawn in its side's width: its end (`…aws_subnet.public`), or both ends where the ends of two different nodes would read the same.
*/
function fittedLabels(sides: ReadonlyArray<{readonly tree: TreeNode; readonly width: number}>): Map<TreeNode, string> {
	const fitted = new Map<TreeNode, string>();
	const idsOf = new Map<string, Set<string>>();
	for (const {tree, width} of sides) {
		for (const node of treeNodes(tree).slice(1)) {
			const text = truncateStart(node.label, width);
			fitted.set(node, text);
			const ids = idsOf.get(text) ?? new Set<string>();
			ids.add(node.id);
			idsOf.set(text, ids);
		}
	}

	for (const {tree, width} of sides) {
		for (const node of treeNodes(tree).slice(1)) {
			if ((idsOf.get(fitted.get(node)!)?.size ?? 0) > 1) {
				fitted.set(node, truncateMiddle(node.label, width));
			}
		}
	}

	return fitted;
}

/**
A grid of cells, one character each.
*/
class Canvas {
	readonly rows: string[][] = [];
	readonly width: number;

	constructor(width: number) {
		this.width = width;
	}

	put(row: number, column: number, text: string): void {
		while (this.rows.length <= row) {
			this.rows.push(Array.from({length: this.width}, () => ' '));
		}

		let position = column;
		for (const character of text) {
			if (position >= 0 && position < this.width) {
				this.rows[row]![position] = character;
			}

			position++;
		}
	}

	get(row: number, column: number): string {
		return this.rows[row]?.[column] ?? ' ';
	}
}

const mirrored: Record<string, string> = {
	'┬': '┬', '┐': '┌', '┌': '┐', '┘': '└', '└': '┘', '├': '┤', '┤': '├', '┼': '┼', '─': '─', '│': '│',
};

type SideLayout = {
	/** Rows used (the root is on row 0). */
	readonly height: number;
	/** Nodes drawn. */
	readonly drawn: number;
};

/**
Draws one tree side into the canvas. Level 1 starts at `origin` (the column next to the focus box) and grows away from it: right when `step` is 1, left when -1. Each level takes `connector` columns of lines then `labelWidth` columns of label. Rows beyond `maxRows` are not drawn.
*/
function drawSide(canvas: Canvas, tree: TreeNode, origin: number, step: 1 | -1, labelWidth: number, levels: number, maxRows: number, top: number, labels: ReadonlyMap<TreeNode, string>): SideLayout {
	const connector = 3;
	let drawn = 0;
	// Column of the first cell of a level's connector, counted from the focus box outwards.
	const connectorStart = (level: number): number => (level - 1) * (connector + labelWidth);
	const at = (offset: number): number => (step === 1 ? origin + offset : origin - offset);
	const line = (row: number, offset: number, character: string): void => {
		canvas.put(top + row, at(offset), step === 1 ? character : (mirrored[character] ?? character));
	};

	// Returns the rows used by the subtree whose root is on `row`.
	const place = (node: TreeNode, level: number, row: number): number => {
		if (level > levels || node.children.length === 0) {
			return 1;
		}

		const start = connectorStart(level);
		let current = row;
		node.children.forEach((child, position) => {
			if (current >= maxRows) {
				return;
			}

			const first = position === 0;
			const last = position === node.children.length - 1;
			if (first) {
				line(current, start, '─');
				line(current, start + 1, last ? '─' : '┬');
			} else {
				line(current, start + 1, last ? '└' : '├');
				for (let between = row + 1; between < current; between++) {
					if (canvas.get(top + between, at(start + 1)) === ' ') {
						line(between, start + 1, '│');
					}
				}
			}

			line(current, start + 2, '─');
			const label = labels.get(child) ?? truncateStart(child.label, labelWidth - 2);
			const labelStart = start + connector;
			if (step === 1) {
				canvas.put(top + current, at(labelStart), ` ${label}`);
			} else {
				// Right-aligned against the connector, so the label reads forwards.
				canvas.put(top + current, at(labelStart) - textWidth(label), `${label} `);
			}

			drawn++;
			const used = place(child, level + 1, current);
			// Continue the connector line from the label to the next level on the same row.
			if (child.children.length > 0 && level < levels) {
				const fillFrom = labelStart + 2 + textWidth(label);
				for (let offset = fillFrom; offset < connectorStart(level + 1); offset++) {
					line(current, offset, '─');
				}
			}

			current += used;
		});
		return Math.max(1, current - row);
	};

	const height = place(tree, 1, 0);
	return {height: Math.min(height, maxRows), drawn};
}

/**
The neighbourhood of `focus` drawn in at most `width` columns and `height` lines: dependencies on the left, dependents on the right, up to `depth` levels each way (fewer when the width does not allow readable labels). Pure: the UI's graph view prints the lines as they are.
*/
export function drawNeighbourhood(graph: GraphView, focus: string, depth: number, width: number, height: number, marks?: (id: string) => string | undefined): string[] {
	if (height <= 0 || width <= 0) {
		return [];
	}

	if (!graph.has(focus)) {
		return [truncate(`No node ${focus} in the graph`, width)];
	}

	const [left, right] = withDistinctLabels([spanningTree(graph, focus, 'dependencies', depth), spanningTree(graph, focus, 'dependents', depth)]).map(tree => (marks ? withMarks(tree, marks) : tree)) as [TreeNode, TreeNode];
	const shortened = shortenedPrefixes(graph, focus);
	const header = truncate(`${plural(countNodes(left), 'dependency', 'dependencies')} ◀ ${focus} ◀ ${plural(countNodes(right), 'dependent', 'dependents')}${shortened.length === 0 ? '' : ` (names in ${shortened.join(', ')} without the prefix)`}`, width);
	const boxWidth = Math.min(textWidth(left.label) + 4, Math.max(12, Math.floor(width / 4)));
	const available = Math.max(0, width - boxWidth);
	const minimumLabel = 16;
	const deepest = (node: TreeNode, level: number): number => Math.max(level, ...node.children.map(child => deepest(child, level + 1)));
	const wantLeft = Math.min(depth, deepest(left, 0));
	const wantRight = Math.min(depth, deepest(right, 0));
	// Share the width between the sides by how many levels each wants to show.
	const leftWidth = wantLeft + wantRight === 0 ? Math.floor(available / 2) : Math.floor(available * wantLeft / (wantLeft + wantRight));
	const rightWidth = available - leftWidth;
	// Levels that fit with labels of at least `minimumLabel` columns.
	const levelsFor = (want: number, sideWidth: number): number => {
		let levels = want;
		while (levels > 1 && Math.floor(sideWidth / levels) - 3 < minimumLabel) {
			levels--;
		}

		// One level is worth drawing with shorter labels.
		return levels === 1 && sideWidth - 3 < 6 ? 0 : levels;
	};

	const labelWidthFor = (tree: TreeNode, levels: number, sideWidth: number): number => {
		if (levels === 0) {
			return 0;
		}

		let longest = 0;
		const visit = (node: TreeNode, level: number): void => {
			for (const child of node.children) {
				if (level <= levels) {
					longest = Math.max(longest, textWidth(child.label) + 2);
					visit(child, level + 1);
				}
			}
		};

		visit(tree, 1);
		return Math.min(longest, Math.floor(sideWidth / levels) - 3);
	};

	const leftLevels = levelsFor(wantLeft, leftWidth);
	const rightLevels = levelsFor(wantRight, rightWidth);
	const canvas = new Canvas(width);
	canvas.put(0, 0, header);
	const top = 1;
	const bodyRows = height - top;
	const boxLeft = leftWidth;
	const boxRight = boxLeft + boxWidth - 1;
	// Trees start on the box's middle line, one row below the box's top border.
	const treeTop = top + 1;
	const maxRows = Math.max(0, bodyRows - 1);
	const leftLabelWidth = labelWidthFor(left, leftLevels, leftWidth);
	const rightLabelWidth = labelWidthFor(right, rightLevels, rightWidth);
	const labels = fittedLabels([{tree: left, width: leftLabelWidth - 2}, {tree: right, width: rightLabelWidth - 2}]);
	const leftLayout = drawSide(canvas, left, boxLeft - 1, -1, leftLabelWidth, leftLevels, maxRows, treeTop, labels);
	const rightLayout = drawSide(canvas, right, boxRight + 1, 1, rightLabelWidth, rightLevels, maxRows, treeTop, labels);
	if (bodyRows >= 3) {
		canvas.put(top, boxLeft, `╭${'─'.repeat(boxWidth - 2)}╮`);
		const middle = left.children.length > 0 ? '┤' : '│';
		const end = right.children.length > 0 ? '├' : '│';
		canvas.put(top + 1, boxLeft, `${middle} ${truncateStart(left.label, boxWidth - 4).padEnd(boxWidth - 4)} ${end}`);
		canvas.put(top + 2, boxLeft, `╰${'─'.repeat(boxWidth - 2)}╯`);
	} else if (bodyRows >= 1) {
		canvas.put(top, boxLeft, `[${truncateStart(left.label, boxWidth - 2)}]`);
	}

	const hidden = countNodes(left) + countNodes(right) - leftLayout.drawn - rightLayout.drawn;
	const lines = canvas.rows.map(row => row.join('').trimEnd());
	while (lines.length < Math.min(height, top + 3)) {
		lines.push('');
	}

	if (hidden > 0) {
		const note = truncate(`… ${hidden} more not shown (deeper, or beyond the height)`, width);
		if (lines.length >= height) {
			lines.length = height - 1;
		}

		lines.push(note);
	}

	return lines.slice(0, height);
}
