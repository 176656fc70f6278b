/// <reference lib="dom" />
import cytoscape, {type Core, type ElementDefinition, type NodeSingular} from 'cytoscape';
import type {PageData, PageDetails} from '../graph/html-data.js';
import {layeredLayout} from './layout.js';
import {visibleText} from './visible-text.js';

/*
The script of the HTML graph page (bundled with cytoscape by scripts/build.ts into one inline script): reads the page's data, draws it with cytoscape, and answers search, details, expand/collapse, highlight and the changed-only filter. Every configuration string reaches the document through textContent or a canvas label, after visibleText: never as markup.
*/

const data = JSON.parse(document.querySelector('#tfscope-data')!.textContent!) as PageData;
const {nodes} = data;
const count = nodes.length;

const parentOf = (index: number): number => nodes[index]!.parent ?? -1;
const childrenOf: number[][] = nodes.map(() => []);
const boxes = new Set<number>();
for (const [index, node] of nodes.entries()) {
	if (node.parent !== undefined) {
		childrenOf[node.parent]!.push(index);
		boxes.add(node.parent);
	}
}

const descendants = new Array<number>(count).fill(0);
// Children come after their parent in no guaranteed order: count from the leaves up, by depth.
const depthOf = (index: number): number => {
	let depth = 0;
	for (let parent = parentOf(index); parent !== -1; parent = parentOf(parent)) {
		depth++;
	}

	return depth;
};

const byDepth = nodes.map((_, index) => index).sort((first, second) => depthOf(second) - depthOf(first));
for (const index of byDepth) {
	const parent = parentOf(index);
	if (parent !== -1) {
		descendants[parent]! += descendants[index]! + 1;
	}
}

const dependencies: number[][] = nodes.map(() => []);
const dependents: number[][] = nodes.map(() => []);
for (const [source, target] of data.edges) {
	dependencies[source]!.push(target);
	dependents[target]!.push(source);
}

const marked = new Array<boolean>(count).fill(false);
for (const index of byDepth) {
	if (nodes[index]!.mark !== undefined) {
		marked[index] = true;
	}

	const parent = parentOf(index);
	if (parent !== -1 && marked[index]) {
		marked[parent] = true;
	}
}

const collapsed = new Set<number>([...boxes].filter(index => descendants[index]! > data.collapseAbove));
let changedOnly = false;
let selected: number | undefined;

const byId = new Map(nodes.map((node, index) => [node.id, index]));

/** The node a hidden node is drawn as: its outermost collapsed module, or itself. */
function shownAs(index: number): number {
	let shown = index;
	for (let parent = parentOf(index); parent !== -1; parent = parentOf(parent)) {
		if (collapsed.has(parent)) {
			shown = parent;
		}
	}

	return shown;
}

function isVisible(index: number): boolean {
	return shownAs(index) === index && (!changedOnly || marked[index]!);
}

function labelOf(index: number): string {
	const node = nodes[index]!;
	const label = visibleText(node.label);
	if (collapsed.has(index)) {
		return `${label}  [+${descendants[index]}]`;
	}

	return label;
}

function sizeOf(index: number): {width: number; height: number} {
	return {width: Math.max(70, Math.min(360, (labelOf(index).length * 7) + 24)), height: 30};
}

function elements(): ElementDefinition[] {
	const shown = nodes.map((_, index) => index).filter(index => isVisible(index));
	const shownSet = new Set(shown);
	const edges: Array<[number, number]> = [];
	const edgeKinds = new Map<string, number>();
	for (const [source, target, kind] of data.edges) {
		const from = shownAs(source);
		const to = shownAs(target);
		if (from === to || !shownSet.has(from) || !shownSet.has(to) || contains(from, to) || contains(to, from)) {
			continue;
		}

		const key = `${from}>${to}`;
		if (!edgeKinds.has(key)) {
			edgeKinds.set(key, kind);
			edges.push([from, to]);
		}
	}

	const positions = layeredLayout({
		nodes: shown,
		parentOf: index => parentOf(index),
		isBox: index => boxes.has(index) && !collapsed.has(index),
		sizeOf,
		edges,
	});
	const result: ElementDefinition[] = [];
	for (const index of shown) {
		const node = nodes[index]!;
		const open = boxes.has(index) && !collapsed.has(index) && childrenOf[index]!.some(child => shownSet.has(child));
		const classes = [node.kind, node.mark ?? '', node.placeholder ? 'placeholder' : '', node.assumed ? 'assumed' : '', collapsed.has(index) ? 'collapsed' : '', open ? 'box' : ''].filter(Boolean).join(' ');
		const size = sizeOf(index);
		result.push({
			group: 'nodes',
			data: {id: String(index), label: labelOf(index), width: size.width, height: size.height, ...(node.parent !== undefined && shownSet.has(node.parent) && {parent: String(node.parent)})},
			classes,
			...(open ? {} : {position: positions.get(index) ?? {x: 0, y: 0}}),
		});
	}

	for (const [from, to] of edges) {
		result.push({group: 'edges', data: {id: `e${from}>${to}`, source: String(from), target: String(to)}, classes: data.edgeKinds[edgeKinds.get(`${from}>${to}`)!] ?? ''});
	}

	return result;
}

function contains(box: number, index: number): boolean {
	for (let parent = parentOf(index); parent !== -1; parent = parentOf(parent)) {
		if (parent === box) {
			return true;
		}
	}

	return false;
}

const kindColours: Record<string, string> = {
	resource: '#4c78a8', data: '#54a24b', ephemeral: '#b279a2', module: '#e6e0f0', variable: '#eeca3b', local: '#bab0ac', output: '#f58518', provider: '#72b7b2', check: '#ff9da6', action: '#9467bd',
};
const kindShapes: Record<string, string> = {
	resource: 'round-rectangle', data: 'cut-rectangle', ephemeral: 'round-octagon', module: 'round-rectangle', variable: 'ellipse', local: 'ellipse', output: 'tag', provider: 'hexagon', check: 'diamond', action: 'pentagon',
};

const style: cytoscape.StylesheetStyle[] = [
	{selector: 'node', style: {label: 'data(label)', width: 'data(width)', height: 'data(height)', 'font-size': 11, 'font-family': 'ui-monospace, monospace', 'text-valign': 'center', 'text-halign': 'center', color: '#1b1b1b', 'border-width': 1, 'border-color': '#555'}},
	...Object.keys(kindColours).map(kind => ({selector: `node.${kind}`, style: {'background-color': kindColours[kind]!, shape: kindShapes[kind] as cytoscape.Css.NodeShape, ...(kind === 'resource' || kind === 'data' ? {color: '#fff'} : {})}})),
	{selector: 'node.collapsed', style: {'border-width': 3, 'border-style': 'double', 'border-color': '#6a51a3'}},
	{selector: 'node.box', style: {'background-color': '#f4f1fa', 'background-opacity': 0.7, 'border-color': '#9e9ac8', 'text-valign': 'top', 'text-halign': 'center', 'font-weight': 'bold', padding: '18px', shape: 'round-rectangle'}},
	{selector: 'node.placeholder', style: {'border-style': 'dashed', 'border-width': 2, 'border-color': '#000'}},
	{selector: 'node.assumed', style: {'border-style': 'dotted', 'border-width': 2}},
	{selector: 'node.added', style: {'border-width': 4, 'border-color': '#1a9850'}},
	{selector: 'node.removed', style: {'border-width': 4, 'border-color': '#d73027', opacity: 0.75}},
	{selector: 'node.changed', style: {'border-width': 4, 'border-color': '#fdae61'}},
	{selector: 'node.moved', style: {'border-width': 4, 'border-color': '#4575b4'}},
	{selector: 'edge', style: {width: 1, 'line-color': '#999', 'target-arrow-color': '#999', 'target-arrow-shape': 'triangle', 'arrow-scale': 0.8, 'curve-style': 'bezier'}},
	{selector: 'edge.depends-on', style: {'line-style': 'dashed'}},
	{selector: 'edge.triggers', style: {width: 2, 'line-color': '#9467bd', 'target-arrow-color': '#9467bd'}},
	{selector: 'edge.provider', style: {'line-color': '#cfd8dc', 'target-arrow-color': '#cfd8dc'}},
	{selector: '.faded', style: {opacity: 0.15}},
	{selector: 'node.selected', style: {'border-width': 4, 'border-color': '#000', 'overlay-opacity': 0}},
	{selector: 'node.dependency', style: {'border-width': 3, 'border-color': '#2c7fb8'}},
	{selector: 'node.dependent', style: {'border-width': 3, 'border-color': '#d95f0e'}},
	{selector: 'edge.dependency', style: {width: 2.5, 'line-color': '#2c7fb8', 'target-arrow-color': '#2c7fb8'}},
	{selector: 'edge.dependent', style: {width: 2.5, 'line-color': '#d95f0e', 'target-arrow-color': '#d95f0e'}},
];

const element = <T extends HTMLElement>(selector: string): T => document.querySelector<T>(selector)!;

const cy: Core = cytoscape({
	container: element('#graph'),
	elements: elements(),
	style,
	layout: {name: 'preset'},
	minZoom: 0.02,
	maxZoom: 4,
	boxSelectionEnabled: false,
	autoungrabify: true,
});
cy.fit(undefined, 30);

function redraw(): void {
	const pan = cy.pan();
	const zoom = cy.zoom();
	cy.batch(() => {
		cy.elements().remove();
		cy.add(elements());
	});
	cy.viewport({zoom, pan});
	highlight();
	status();
}

function status(): void {
	const shown = cy.nodes().length;
	element('#counts').textContent = `${count} nodes, ${data.edges.length} edges; ${shown} drawn, ${collapsed.size} module${collapsed.size === 1 ? '' : 's'} collapsed`;
}

// Highlight: what the selection depends on (to the chosen depth) and what depends on it (the blast radius).
function reach(start: number, next: readonly number[][], depth: number): Set<number> {
	const found = new Set<number>();
	let frontier = [start];
	for (let level = 0; frontier.length > 0 && (depth === 0 || level < depth); level++) {
		const following: number[] = [];
		for (const index of frontier) {
			for (const neighbour of next[index]!) {
				if (!found.has(neighbour) && neighbour !== start) {
					found.add(neighbour);
					following.push(neighbour);
				}
			}
		}

		frontier = following;
	}

	return found;
}

function highlight(): void {
	cy.elements().removeClass('faded selected dependency dependent');
	if (selected === undefined) {
		element('#reach').textContent = '';
		return;
	}

	const down = reach(selected, dependencies, Number(element<HTMLSelectElement>('#dependency-depth').value));
	const up = reach(selected, dependents, Number(element<HTMLSelectElement>('#dependent-depth').value));
	element('#reach').textContent = `${down.size} dependencies, ${up.size} dependents`;
	const shownDown = new Set([...down].map(index => shownAs(index)));
	const shownUp = new Set([...up].map(index => shownAs(index)));
	const self = shownAs(selected);
	cy.batch(() => {
		cy.elements().addClass('faded');
		const mark = (indexes: Set<number>, name: string) => {
			for (const index of indexes) {
				const node = cy.getElementById(String(index));
				node.removeClass('faded').addClass(name);
				node.ancestors().removeClass('faded');
			}
		};

		mark(shownDown, 'dependency');
		mark(shownUp, 'dependent');
		const node = cy.getElementById(String(self));
		node.removeClass('faded').addClass('selected');
		node.ancestors().removeClass('faded');
		node.descendants().removeClass('faded');
		const inside = (index: number) => index === self || contains(self, index);
		cy.edges().forEach(edge => {
			const source = Number(edge.data('source'));
			const target = Number(edge.data('target'));
			// Only the edges of the highlighted paths: from the selection or a dependency to a dependency, from a dependent to the selection or a dependent.
			if ((inside(source) || shownDown.has(source)) && shownDown.has(target)) {
				edge.removeClass('faded').addClass('dependency');
			} else if (shownUp.has(source) && (inside(target) || shownUp.has(target))) {
				edge.removeClass('faded').addClass('dependent');
			}
		});
	});
}

function select(index: number | undefined): void {
	selected = index;
	highlight();
	showDetails(index);
}

function revealAndSelect(index: number): void {
	let changed = false;
	for (let parent = parentOf(index); parent !== -1; parent = parentOf(parent)) {
		changed = collapsed.delete(parent) || changed;
	}

	if (changedOnly && !marked[index]) {
		changedOnly = false;
		element<HTMLInputElement>('#changed-only').checked = false;
		changed = true;
	}

	if (changed) {
		redraw();
	}

	select(index);
	const node = cy.getElementById(String(index));
	cy.animate({center: {eles: node}, zoom: Math.max(cy.zoom(), 0.9)}, {duration: 0});
}

// Details: built as elements with text only.
function add(parent: HTMLElement, tag: string, text?: string, className?: string): HTMLElement {
	const child = document.createElement(tag);
	if (text !== undefined) {
		child.textContent = visibleText(text);
	}

	if (className) {
		child.className = className;
	}

	parent.append(child);
	return child;
}

const kindNames: Record<string, string> = {resource: 'resource', data: 'data source', ephemeral: 'ephemeral resource', module: data.level === 'instance' ? 'module instance' : 'module', variable: 'variable', local: 'local value', output: 'output', provider: 'provider configuration', check: 'check', action: data.level === 'instance' ? 'action instance' : 'action'};

function showDetails(index: number | undefined): void {
	const panel = element('#details');
	panel.replaceChildren();
	if (index === undefined) {
		add(panel, 'p', 'Click a node for its details; search by address above.', 'hint');
		return;
	}

	const node = nodes[index]!;
	add(panel, 'h2', node.id, 'address');
	add(panel, 'p', `${kindNames[node.kind] ?? node.kind}${node.placeholder ? ' · placeholder: an unknown number of instances' : ''}${node.assumed ? ' · assumed' : ''}${node.where ? ` · ${node.where}` : ''}`, 'kind');
	if (node.mark) {
		add(panel, 'p', node.mark, `mark ${node.mark}`);
	}

	if (boxes.has(index)) {
		const button = add(panel, 'button', collapsed.has(index) ? `Expand (${descendants[index]} inside)` : 'Collapse', 'toggle') as HTMLButtonElement;
		button.addEventListener('click', () => {
			toggle(index);
		});
	}

	const details: PageDetails | undefined = data.details[String(index)];
	for (const section of details?.sections ?? []) {
		add(panel, 'h3', section.title);
		const list = add(panel, 'dl');
		for (const row of section.rows) {
			add(list, 'dt', row.name);
			add(list, 'dd', row.value, row.style);
		}
	}

	for (const why of details?.why ?? []) {
		add(panel, 'h3', `why: ${why.subject}`);
		const list = add(panel, 'ul', undefined, 'why');
		for (const [depth, text] of why.lines) {
			const item = add(list, 'li', text);
			item.style.paddingLeft = `${depth}em`;
		}
	}

	if (details?.source) {
		add(panel, 'h3', 'Source');
		const lines = details.source.text.split('\n');
		const width = String(details.source.firstLine + lines.length).length;
		add(panel, 'pre', lines.map((line, offset) => `${String(details.source!.firstLine + offset).padStart(width)}  ${line}`).join('\n'), 'source');
	}

	const list = (title: string, indexes: readonly number[]) => {
		if (indexes.length === 0) {
			return;
		}

		add(panel, 'h3', `${title} (${indexes.length})`);
		const items = add(panel, 'ul', undefined, 'neighbours');
		for (const other of indexes) {
			const link = add(add(items, 'li'), 'a', nodes[other]!.id);
			link.setAttribute('href', '#');
			link.addEventListener('click', event => {
				event.preventDefault();
				revealAndSelect(other);
			});
		}
	};

	list('Depends on', dependencies[index]!);
	list('Used by', dependents[index]!);
}

function toggle(index: number): void {
	if (collapsed.has(index)) {
		collapsed.delete(index);
	} else {
		collapsed.add(index);
	}

	redraw();
	showDetails(selected);
}

cy.on('tap', 'node', event => {
	const index = Number((event.target as NodeSingular).id());
	if (collapsed.has(index)) {
		collapsed.delete(index);
		redraw();
	}

	select(index);
});
cy.on('dbltap', 'node.box', event => {
	const index = Number((event.target as NodeSingular).id());
	collapsed.add(index);
	redraw();
	select(index);
});
cy.on('tap', event => {
	if (event.target === cy) {
		select(undefined);
	}
});

// Search by address, with the browser's completion over every address.
const search = element<HTMLInputElement>('#search');
const options = element('#addresses');
for (const node of nodes) {
	const option = document.createElement('option');
	option.value = node.id;
	options.append(option);
}

function find(text: string): number | undefined {
	const exact = byId.get(text.trim());
	if (exact !== undefined) {
		return exact;
	}

	const lower = text.trim().toLowerCase();
	if (lower === '') {
		return undefined;
	}

	const found = nodes.findIndex(node => node.id.toLowerCase().includes(lower));
	return found === -1 ? undefined : found;
}

function runSearch(): void {
	const index = find(search.value);
	element('#search-result').textContent = index === undefined ? `no node matches "${visibleText(search.value)}"` : '';
	if (index !== undefined) {
		revealAndSelect(index);
	}
}

search.addEventListener('change', runSearch);
search.addEventListener('keydown', event => {
	if (event.key === 'Enter') {
		runSearch();
	}
});

element('#fit').addEventListener('click', () => {
	cy.fit(undefined, 30);
});
element('#collapse-all').addEventListener('click', () => {
	for (const index of boxes) {
		collapsed.add(index);
	}

	redraw();
	cy.fit(undefined, 30);
	showDetails(selected);
});
element('#expand-all').addEventListener('click', () => {
	collapsed.clear();
	redraw();
	cy.fit(undefined, 30);
	showDetails(selected);
});
element('#dependency-depth').addEventListener('change', highlight);
element('#dependent-depth').addEventListener('change', highlight);
const changedBox = element<HTMLInputElement>('#changed-only');
if (data.diff === undefined) {
	element('#changed-control').hidden = true;
} else {
	element('#diff').textContent = visibleText(data.diff);
}

changedBox.addEventListener('change', () => {
	changedOnly = changedBox.checked;
	redraw();
	cy.fit(undefined, 30);
});

element('#title').textContent = visibleText(`${data.title} — ${data.level === 'instance' ? 'instances' : 'blocks'}${data.focus === undefined ? '' : `, around ${data.focus}`}`);
element('#generator').textContent = visibleText(data.generator);
status();
showDetails(undefined);
const legend = element('#legend');
for (const kind of Object.keys(kindColours)) {
	const item = add(legend, 'span', kindNames[kind], 'legend-item');
	const swatch = document.createElement('i');
	swatch.style.backgroundColor = kindColours[kind]!;
	item.prepend(swatch);
}

for (const [mark, colour] of data.diff === undefined ? [] : [['added', '#1a9850'], ['removed', '#d73027'], ['changed', '#fdae61'], ['moved', '#4575b4']] as const) {
	const item = add(legend, 'span', mark, 'legend-item');
	const swatch = document.createElement('i');
	swatch.style.borderColor = colour;
	swatch.className = 'mark-swatch';
	item.prepend(swatch);
}

// For tests and scripts: the graph, and a sign that the first drawing is done.
(window as unknown as {tfscope: unknown}).tfscope = {cy, nodes, collapsed, select: (id: string) => {
	const index = byId.get(id);
	if (index !== undefined) {
		revealAndSelect(index);
	}
}};
cy.one('render', () => {
	// When the first drawing was done, in ms from navigation: npm run bench reads it.
	document.body.dataset['drawnAt'] = performance.now().toFixed(0);
	document.body.dataset['drawn'] = 'true';
});
cy.resize();
