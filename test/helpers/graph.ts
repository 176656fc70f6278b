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
