import type {Edge} from '../explorer-data.js';

/*
The edges of a module call (a module instance, or a call block with count/for_each), grouped as a reader asks about them: what the call's arguments read (inputs), what outside the module uses its outputs or the module as a whole (dependents), and what inside waits for its expansion (contents). The graph keeps these on different nodes (the child's variables, its outputs, the call): here they are brought together on the call.
*/

/** The child's variables the call sets, and its outputs read from outside the module (the others make no edge here). */
export type ModuleMembers = {
	readonly variables: readonly string[];
	readonly outputs: readonly string[];
};

/**
`own`: the edges of the call's node itself (incoming then outgoing); `edgesOf`: the edges of another node by address (the child's `var.NAME` and `output.NAME`); `context`: the module instance the call is written in, where its arguments are evaluated.
*/
export function moduleCallEdges(address: string, own: readonly Edge[], members: ModuleMembers, edgesOf: (address: string, direction: 'in' | 'out') => readonly Edge[], context: string): Edge[] {
	const inside = (other: string): boolean => other.startsWith(`${address}.`) || other.startsWith(`${address}[`);
	const inputs: Edge[] = [];
	const contents: Edge[] = [];
	const dependents = new Map<string, string[]>();
	const addDependent = (source: string, expression: string): void => {
		const expressions = dependents.get(source);
		if (!expressions) {
			dependents.set(source, [expression]);
		} else if (!expressions.includes(expression)) {
			expressions.push(expression);
		}
	};

	for (const edge of own) {
		if (edge.direction === 'out') {
			// count/for_each, depends_on, providers; a module that is not installed has its arguments' edges here.
			inputs.push({...edge, group: 'inputs', context});
		} else if (inside(edge.address)) {
			contents.push({...edge, group: 'contents'});
		} else {
			addDependent(edge.address, edge.expression);
		}
	}

	for (const name of members.variables) {
		for (const edge of edgesOf(`${address}.var.${name}`, 'out')) {
			if (edge.direction === 'out' && edge.address !== address && !inside(edge.address)) {
				inputs.push({...edge, group: 'inputs', argument: name, context});
			}
		}
	}

	for (const name of members.outputs) {
		for (const edge of edgesOf(`${address}.output.${name}`, 'in')) {
			if (edge.direction === 'in' && !inside(edge.address)) {
				addDependent(edge.address, edge.expression);
			}
		}
	}

	const byAddress = (first: Edge, second: Edge): number => first.address < second.address ? -1 : (first.address > second.address ? 1 : 0);
	return [
		...inputs,
		...[...dependents].map(([source, expressions]): Edge => ({direction: 'in', address: source, expression: expressions.join(', '), group: 'dependents'})).sort(byAddress),
		...contents,
	];
}
