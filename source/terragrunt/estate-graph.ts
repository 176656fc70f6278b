import type {Estate, EstateGraph, Unit} from './estate.js';

/*
`graph` of an estate: the unit graph (Terragrunt's `dag graph`, read statically), unit → unit, a `dependency` block as a solid edge named by the block, `dependencies { paths }` as a dashed one (it orders, reads nothing). A dependency on a directory that is not a unit of the estate points at that path. A unit its `exclude` leaves out of `run --all plan` is left out with its edges, and named with the reason (a comment in DOT and Mermaid, `excluded` in JSON, a line in text).
*/

export type EstateGraphFormat = 'dot' | 'mermaid' | 'json' | 'text';

function quoted(text: string): string {
	return JSON.stringify(text);
}

export function renderEstateGraph(allUnits: readonly Unit[], graph: EstateGraph, format: EstateGraphFormat, targetName: (directory: string) => string, excluded: ReadonlyMap<Unit, string> = new Map()): string {
	const units = allUnits.filter(unit => !excluded.has(unit));
	const left = [...excluded].map(([unit, reason]) => ({unit: unit.path, reason}));
	const edges = graph.edges.filter(edge => !excluded.has(edge.from) && !(edge.to && excluded.has(edge.to))).map(edge => ({
		from: edge.from.path, to: edge.to?.path ?? targetName(edge.toDirectory), kind: edge.kind, name: edge.name, missing: edge.to === undefined,
	}));
	switch (format) {
		case 'json': {
			return `${JSON.stringify({
				units: units.map(unit => unit.path), edges, cycles: graph.cycles.map(cycle => cycle.map(unit => unit.path)), ...(left.length > 0 && {excluded: left}),
			}, undefined, 2)}\n`;
		}

		case 'text': {
			const lines = units.map(unit => {
				const out = edges.filter(edge => edge.from === unit.path);
				return out.length === 0 ? unit.path : `${unit.path}\n${out.map(edge => `  -> ${edge.to} (${edge.kind === 'dependency' ? `dependency "${edge.name}"` : 'dependencies'}${edge.missing ? ', not a unit' : ''})`).join('\n')}`;
			});
			return `${[...lines, ...left.map(item => `${item.unit} (excluded: ${item.reason})`)].join('\n')}\n`;
		}

		case 'mermaid': {
			const ids = new Map<string, string>();
			const id = (name: string): string => {
				let found = ids.get(name);
				if (!found) {
					found = `u${ids.size}`;
					ids.set(name, found);
				}

				return found;
			};

			const lines = ['flowchart LR', ...left.map(item => `  %% excluded: ${item.unit}: ${item.reason.replaceAll('\n', ' ')}`)];
			for (const unit of units) {
				lines.push(`  ${id(unit.path)}[${quoted(unit.path)}]`);
			}

			for (const edge of edges) {
				lines.push(edge.kind === 'dependency' ? `  ${id(edge.from)} -->|${quoted(edge.name)}| ${id(edge.to)}` : `  ${id(edge.from)} -.-> ${id(edge.to)}`);
			}

			return `${lines.join('\n')}\n`;
		}

		default: {
			const lines = ['digraph {', '  rankdir = "LR"', ...left.map(item => `  // excluded: ${item.unit}: ${item.reason.replaceAll('\n', ' ')}`)];
			for (const unit of units) {
				lines.push(`  ${quoted(unit.path)} [shape = "box"]`);
			}

			for (const edge of edges) {
				lines.push(`  ${quoted(edge.from)} -> ${quoted(edge.to)} [${edge.kind === 'dependency' ? `label = ${quoted(edge.name)}` : 'style = "dashed"'}]`);
			}

			lines.push('}');
			return `${lines.join('\n')}\n`;
		}
	}
}

/**
One edge of the instance-level wiring across units, dependent → dependency, each end `UNIT:ADDRESS`.
*/
export type WiringEdge = {readonly from: string; readonly to: string; readonly label: string; readonly kind: 'input' | 'reads' | 'output'};

/**
`graph --instances` of an estate: how a value crosses units, output → input → variable → resource instances. For each input a unit's `inputs` read from a `dependency` output: the variable it sets depends on the other unit's output (labelled with the input and the output's tier), the resource instances that read the variable (directly or through locals) depend on it, and the output depends on the resource instances it reads in its own unit.
*/
export async function estateWiring(estate: Estate, units: readonly Unit[]): Promise<WiringEdge[]> {
	const {graphOf} = await import('../graph/index.js');
	const {reachable} = await import('../graph/queries.js');
	const edges: WiringEdge[] = [];
	const seen = new Set<string>();
	const add = (edge: WiringEdge): void => {
		const key = `${edge.from}\u0000${edge.to}`;
		if (!seen.has(key)) {
			seen.add(key);
			edges.push(edge);
		}
	};

	const graphs = new Map<Unit, ReturnType<typeof graphOf>>();
	const graphFor = async (unit: Unit): Promise<ReturnType<typeof graphOf>> => {
		let found = graphs.get(unit);
		if (!found) {
			found = graphOf((await estate.open(unit)).workspace, {instances: true});
			graphs.set(unit, found);
		}

		return found;
	};

	const instancesAround = (graph: ReturnType<typeof graphOf>, id: string, direction: 'dependents' | 'dependencies'): string[] => graph.has(id)
		? [...reachable(graph, id, direction).keys()].filter(other => graph.node(other)?.kind === 'resource-instance').sort()
		: [];
	for (const unit of units) {
		// eslint-disable-next-line no-await-in-loop -- one unit after another (a dependency's Workspace is shared)
		const {evaluation} = await estate.open(unit);
		for (const [name, input] of evaluation.inputs) {
			for (const read of input.dependencyReads) {
				const block = evaluation.evaluated.config.dependencies.get(read.dependency);
				const target = block?.configPath === undefined ? undefined : estate.unitAt(block.configPath);
				if (!target) {
					continue;
				}

				// eslint-disable-next-line no-await-in-loop -- as above
				const graph = await graphFor(unit);
				// eslint-disable-next-line no-await-in-loop -- as above
				const targetGraph = await graphFor(target);
				const variable = `${unit.path}:var.${name}`;
				const output = `${target.path}:output.${read.output}`;
				add({
					from: variable, to: output, label: `inputs.${name} = dependency.${read.dependency}.outputs.${read.output} (${read.tier})`, kind: 'input',
				});
				for (const instance of instancesAround(graph, `var.${name}`, 'dependents')) {
					add({
						from: `${unit.path}:${instance}`, to: variable, label: 'reads', kind: 'reads',
					});
				}

				for (const instance of instancesAround(targetGraph, `output.${read.output}`, 'dependencies')) {
					add({
						from: output, to: `${target.path}:${instance}`, label: 'reads', kind: 'output',
					});
				}
			}
		}
	}

	return edges;
}

export function renderWiring(edges: readonly WiringEdge[], format: EstateGraphFormat): string {
	const nodes = [...new Set(edges.flatMap(edge => [edge.from, edge.to]))].sort();
	switch (format) {
		case 'json': {
			return `${JSON.stringify({nodes, edges}, undefined, 2)}\n`;
		}

		case 'text': {
			return nodes.map(node => {
				const out = edges.filter(edge => edge.from === node);
				return out.length === 0 ? node : `${node}\n${out.map(edge => `  -> ${edge.to} (${edge.label})`).join('\n')}`;
			}).join('\n') + '\n';
		}

		case 'mermaid': {
			const id = (node: string): string => `n${nodes.indexOf(node)}`;
			return `${['flowchart LR', ...nodes.map(node => `  ${id(node)}[${quoted(node)}]`), ...edges.map(edge => `  ${id(edge.from)} -->|${quoted(edge.label)}| ${id(edge.to)}`)].join('\n')}\n`;
		}

		default: {
			return `${['digraph {', '  rankdir = "LR"', ...nodes.map(node => `  ${quoted(node)} [shape = "box"]`), ...edges.map(edge => `  ${quoted(edge.from)} -> ${quoted(edge.to)} [label = ${quoted(edge.label)}]`), '}'].join('\n')}\n`;
		}
	}
}
