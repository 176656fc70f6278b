/*
The page's layout: layers inside each module box, boxes nested. Deterministic (the same visible graph gives the same positions: no randomness, no time, ties broken by node order) and made here rather than by a force-directed layout, which moves with its seed and its iteration count and knows nothing of module boxes. Plain code with no DOM, so tests in Node check it too.
*/

export type LayoutInput = {
	/** Visible node indexes, in the data's (sorted) order. */
	readonly nodes: readonly number[];
	/** The visible compound each node is drawn in, or -1 for the top level. */
	readonly parentOf: (node: number) => number;
	/** Whether a node is drawn as an open box holding others. */
	readonly isBox: (node: number) => boolean;
	/** Drawn size of a leaf node. */
	readonly sizeOf: (node: number) => {readonly width: number; readonly height: number};
	/** Visible edges, dependent first. */
	readonly edges: ReadonlyArray<readonly [number, number]>;
};

export type Point = {readonly x: number; readonly y: number};

/** Between the items of a row. */
const columnGap = 24;
/** Between rows (room for the edges' arrows). */
const rowGap = 56;
const boxPadding = 18;
const boxLabel = 22;

type Placed = {readonly width: number; readonly height: number};

/**
Positions (centres) of the visible leaves; boxes take their size from what they hold, as cytoscape draws compound nodes.
*/
export function layeredLayout(input: LayoutInput): Map<number, Point> {
	const children = new Map<number, number[]>();
	for (const node of input.nodes) {
		const parent = input.parentOf(node);
		let list = children.get(parent);
		if (!list) {
			list = [];
			children.set(parent, list);
		}

		list.push(node);
	}

	// Each edge joins the two items of the innermost box holding both ends (an edge into a box is an edge to the box, at that level).
	const edgesIn = new Map<number, Array<readonly [number, number]>>();
	const seen = new Set<string>();
	for (const [source, target] of input.edges) {
		const sourceChain = chain(source, input.parentOf);
		const targetChain = chain(target, input.parentOf);
		const targetSet = new Set(targetChain);
		const at = sourceChain.findIndex(each => targetSet.has(each));
		if (at <= 0) {
			continue;
		}

		const common = sourceChain[at]!;
		const targetAt = targetChain.indexOf(common);
		if (targetAt <= 0) {
			continue;
		}

		const from = sourceChain[at - 1]!;
		const to = targetChain[targetAt - 1]!;
		const key = `${from},${to}`;
		if (from === to || seen.has(key)) {
			continue;
		}

		seen.add(key);
		let list = edgesIn.get(common);
		if (!list) {
			list = [];
			edgesIn.set(common, list);
		}

		list.push([from, to]);
	}

	const relative = new Map<number, Point>();
	const sizes = new Map<number, Placed>();
	const place = (container: number): Placed => {
		const items = children.get(container) ?? [];
		for (const item of items) {
			sizes.set(item, input.isBox(item) && children.has(item) ? place(item) : input.sizeOf(item));
		}

		const size = arrange(items, edgesIn.get(container) ?? [], item => sizes.get(item)!, relative);
		return {width: size.width + (2 * boxPadding), height: size.height + (2 * boxPadding) + boxLabel};
	};

	place(-1);
	const positions = new Map<number, Point>();
	const absolute = (container: number, originX: number, originY: number) => {
		for (const item of children.get(container) ?? []) {
			const at = relative.get(item)!;
			const size = sizes.get(item)!;
			if (input.isBox(item) && children.has(item)) {
				absolute(item, originX + at.x + boxPadding, originY + at.y + boxPadding + boxLabel);
			} else {
				positions.set(item, {x: Math.round(originX + at.x + (size.width / 2)), y: Math.round(originY + at.y + (size.height / 2))});
			}
		}
	};

	absolute(-1, 0, 0);
	return positions;
}

function chain(node: number, parentOf: (node: number) => number): number[] {
	const nodes = [node];
	for (let parent = parentOf(node); parent !== -1; parent = parentOf(parent)) {
		nodes.push(parent);
	}

	nodes.push(-1);
	return nodes;
}

/**
Lays the items of one box out in rows by layer: what an item depends on is below it. Writes each item's top-left corner, relative to the box, into `at`; returns the size used.
*/
function arrange(items: readonly number[], edges: ReadonlyArray<readonly [number, number]>, sizeOf: (item: number) => Placed, at: Map<number, Point>): Placed {
	const position = new Map(items.map((item, index) => [item, index]));
	const dependencies = items.map(() => [] as number[]);
	for (const [from, to] of edges) {
		dependencies[position.get(from)!]!.push(position.get(to)!);
	}

	// Longest path from the items that depend on nothing, cycles broken where a walk meets an item still open.
	const layer = new Array<number>(items.length).fill(-1);
	const open = new Array<boolean>(items.length).fill(false);
	for (let start = 0; start < items.length; start++) {
		if (layer[start] !== -1) {
			continue;
		}

		const stack: Array<[number, number]> = [[start, 0]];
		open[start] = true;
		while (stack.length > 0) {
			const top = stack.at(-1)!;
			const [item, next] = top;
			const list = dependencies[item]!;
			if (next < list.length) {
				top[1]++;
				const dependency = list[next]!;
				if (layer[dependency] === -1 && !open[dependency]) {
					open[dependency] = true;
					stack.push([dependency, 0]);
				}

				continue;
			}

			let deepest = -1;
			for (const dependency of list) {
				deepest = Math.max(deepest, layer[dependency]!);
			}

			layer[item] = deepest + 1;
			open[item] = false;
			stack.pop();
		}
	}

	const layers: number[][] = [];
	for (const [index, value] of layer.entries()) {
		(layers[value] ??= []).push(index);
	}

	// Within a layer, items near what they depend on: by the mean row of their dependencies, then in data order.
	const row = new Array<number>(items.length).fill(0);
	for (const members of layers) {
		if (!members) {
			continue;
		}

		const weight = (index: number): number => {
			const list = dependencies[index]!;
			return list.length === 0 ? Number.POSITIVE_INFINITY : list.reduce((sum, dependency) => sum + row[dependency]!, 0) / list.length;
		};

		const weights = new Map(members.map(index => [index, weight(index)]));
		members.sort((first, second) => (weights.get(first)! - weights.get(second)!) || first - second);
		for (const [rowIndex, index] of members.entries()) {
			row[index] = rowIndex;
		}
	}

	// Rows from the top, as terraform graph's DOT is drawn: what depends on the rest first, what depends on nothing at the bottom; a long layer wraps into several rows.
	const perRow = Math.max(6, Math.ceil(Math.sqrt(items.length) * 2));
	let y = 0;
	let width = 0;
	for (const members of [...layers].reverse()) {
		if (!members) {
			continue;
		}

		for (let first = 0; first < members.length; first += perRow) {
			const chunk = members.slice(first, first + perRow);
			let height = 0;
			let x = 0;
			for (const index of chunk) {
				const size = sizeOf(items[index]!);
				at.set(items[index]!, {x, y});
				height = Math.max(height, size.height);
				x += size.width + columnGap;
			}

			width = Math.max(width, x - columnGap);
			y += height + rowGap;
		}
	}

	return {width: Math.max(0, width), height: Math.max(0, y - rowGap)};
}
