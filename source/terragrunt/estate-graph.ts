import type {EstateGraph, Unit} from './estate.js';

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
