import {createGraph, type Graph} from '../../source/graph/cytoscape.js';
import type {EdgeKind, NodeKind} from '../../source/graph/model.js';
import {moduleSegments} from '../../source/graph/module-paths.js';

/**
A graph from lines of `dependent -> dependency [kind]`; a line with a single id adds a lone node. Kinds of nodes are guessed from the address (`var.`, `local.`, `output.`, `data.`, `module.x` alone, `provider[`), else resource.
*/
export function graphFromLines(text: string): Graph {
	const graph = createGraph();
	const add = (id: string): void => {
		const segments = moduleSegments(id);
		let module = '';
		let name = id;
		for (const segment of segments) {
			const prefix = module === '' ? segment : `${module}.${segment}`;
			if (name.startsWith(`${segment}.`)) {
				module = prefix;
				name = name.slice(segment.length + 1);
			}
		}

		graph.addNode({id, kind: guessKind(name), module, name});
	};

	for (const raw of text.split('\n')) {
		const line = raw.trim();
		if (line === '') {
			continue;
		}

		const match = /^(\S+)\s*->\s*(\S+)(?:\s+(\S+))?$/.exec(line);
		if (match) {
			add(match[1]!);
			add(match[2]!);
			graph.addEdge(match[1]!, match[2]!, (match[3] ?? 'reference') as EdgeKind, {expression: match[2]!});
		} else {
			add(line);
		}
	}

	return graph;
}

function guessKind(name: string): NodeKind {
	if (name.startsWith('var.')) {
		return 'variable';
	}

	if (name.startsWith('local.')) {
		return 'local';
	}

	if (name.startsWith('output.')) {
		return 'output';
	}

	if (name.startsWith('data.')) {
		return 'data';
	}

	if (name.startsWith('provider[')) {
		return 'provider';
	}

	if (/^module\.[\w-]+$/.test(name)) {
		return 'module';
	}

	return 'resource';
}

/**
Resource-to-resource edges as `terraform graph` (1.11, without -type) prints them: from each resource to the resources it reaches through non-resource nodes (variables, locals, outputs, module calls, providers), transitively reduced. Lines `a -> b`, sorted.
*/
export function resourceEdges(graph: Graph): string[] {
	const isResource = (id: string): boolean => {
		const kind = graph.node(id)?.kind;
		return kind === 'resource' || kind === 'data';
	};

	const direct = new Map<string, Set<string>>();
	for (const node of graph.nodes()) {
		if (!isResource(node.id)) {
			continue;
		}

		const found = new Set<string>();
		const seen = new Set<string>([node.id]);
		const stack = graph.outgoing(node.id).map(edge => edge.target);
		while (stack.length > 0) {
			const id = stack.pop()!;
			if (seen.has(id)) {
				continue;
			}

			seen.add(id);
			if (isResource(id)) {
				found.add(id);
			} else {
				stack.push(...graph.outgoing(id).map(edge => edge.target));
			}
		}

		direct.set(node.id, found);
	}

	const reachableFrom = (start: string): Set<string> => {
		const seen = new Set<string>();
		const stack = [...direct.get(start) ?? []];
		while (stack.length > 0) {
			const id = stack.pop()!;
			if (!seen.has(id)) {
				seen.add(id);
				stack.push(...direct.get(id) ?? []);
			}
		}

		return seen;
	};

	const lines: string[] = [];
	for (const [source, targets] of direct) {
		for (const target of targets) {
			// Transitive reduction: drop a→b when another dependency of a already leads to b.
			const redundant = [...targets].some(other => other !== target && reachableFrom(other).has(target));
			if (!redundant) {
				lines.push(`${source} -> ${target}`);
			}
		}
	}

	return lines.sort();
}

/**
The `"a" -> "b"` edges of a DOT file from `terraform graph`, as sorted `a -> b` lines.
*/
export function dotEdges(dot: string): string[] {
	const lines: string[] = [];
	for (const match of dot.matchAll(/^\s*"([^"]+)" -> "([^"]+)"/gm)) {
		lines.push(`${match[1]!} -> ${match[2]!}`);
	}

	return lines.sort();
}
