/*
The dependency graph of a configuration. What the UI and the commands use:

	import {graphOf, dependencies, dependents, drawNeighbourhood} from '../graph/index.js';

	const graph = graphOf(workspace);                      // block level, built once per Workspace
	const instances = graphOf(workspace, {instances: true}); // instance level
	instanceEdgesOf(workspace, 'module.net["eu"].aws_subnet.this[0]'); // [{direction, address, expression, kind, origins}] of one instance-graph node, without building the instance graph
	drawNeighbourhood(instanceGraphView(workspace), address, 2, width, height); // the same drawing, each node's instance edges found on demand
	dependencies(graph, 'aws_instance.web');  // [{node, edge}]: what it needs; edge.kind, edge.origins[].expression/.range
	dependents(graph, 'aws_instance.web');    // [{node, edge}]: what needs it
	transitiveDependents(graph, id);          // the blast radius, sorted ids
	shortestPath(graph, from, to);            // why `from` depends on `to`: [{from, to, edge}] or undefined
	cycles(graph); applyOrder(graph); countByKind(graph);
	drawNeighbourhood(graph, id, depth, width, height); // string[] lines for the graph pane

Node ids are Terraform's own names, as `terraform graph -type=plan` prints them without `[root]` and `(expand)`:
	resources and data sources   aws_instance.web, data.aws_ami.ubuntu, module.net.aws_subnet.this
	ephemeral resources          ephemeral.random_password.db (kind `ephemeral`)
	module calls                 module.net, module.net.module.subnet
	variables, locals, outputs   var.region, local.tags, output.ids, module.net.var.cidr, module.net.output.ids
	provider configurations      provider["registry.terraform.io/hashicorp/aws"], provider["registry.terraform.io/hashicorp/aws"].west,
	                             module.net.provider["registry.terraform.io/hashicorp/aws"]
In the instance graph, module instances and resource instances have their instance addresses (module.net["eu"], module.net["eu"].aws_subnet.this[0]), the variables, locals and outputs are per module instance (module.net["eu"].var.cidr), and each node's `block` names the block-level node it expands from.

Edges point from the dependent to the dependency, with a kind (reference, depends-on, replace-triggered-by, provider, module-input, module-expansion) and the origins (expression text and source range) that make them. A reference to a module output (`module.net.ids`, `module.net[0].ids`) points at the output node (`module.net.output.ids`); a whole-module reference (`depends_on = [module.net]`, `for n in module.net`, and through a splat or a non-literal index: `module.net[*].ids`, `module.net[each.key].ids`) at everything in the module, nested modules included (Terraform's module "close" node). `check` blocks are nodes (`check.name`, kind `check`) depending on what their assertions read and on their scoped data source; an `import` block's `id`, `for_each` and `to` keys are edges of the resource it imports. The call node `module.net` stands for the module's expansion: it depends on its `count`/`for_each`/`depends_on`/providers, and every block inside the module depends on it (`module-expansion`), so a change to a module's `for_each` reaches everything in the module. The call's arguments are edges of the child's variables (`module-input`).

The model and every query run on our adjacency index (cytoscape.ts keeps its old name for the Graph type); cytoscape.js draws the graph in the HTML page only (docs/graph.md says why).

Not in the graph: `import`/`moved`/`removed` blocks themselves (an import into a child module's resource makes that resource, or in the instance graph the one instance `to` names, depend on what the block reads). In the instance graph, provider configurations stay block-level, and a resource whose count/for_each is unknown is one node with its block address.
*/

import type {Graph} from './cytoscape.js';
import {buildGraph, buildInstanceGraph, type GraphInput} from './build.js';
import {instanceEdgesOf as edgesOfInstance, instanceGraphView as viewOfInstances, type InstanceEdge} from './instance-edges.js';
import type {GraphView} from './draw.js';

export {buildGraph, buildInstanceGraph, type GraphInput} from './build.js';
export {createGraph, type Graph} from './cytoscape.js';
export type {EdgeKind, EdgeOrigin, GraphEdge, GraphNode, NodeKind} from './model.js';
export {
	applyOrder, countByKind, cycles, dependencies, dependents, findNode, formatCycle, neighbourhood, reachable, shortestPath, subgraph, transitiveDependencies, transitiveDependents,
	type ApplyOrder, type Counts, type Neighbour, type PathStep,
} from './queries.js';
export {toText} from './to-text.js';
export {exportDot} from './export-dot.js';
export {exportMermaid} from './export-mermaid.js';
export {exportJson, toJsonGraph, type JsonGraph} from './export-json.js';
export {drawNeighbourhood, type GraphView} from './draw.js';
export type {InstanceEdge} from './instance-edges.js';

const blockGraphs = new WeakMap<GraphInput, Graph>();
const instanceGraphs = new WeakMap<GraphInput, Graph>();

/**
The graph of a Workspace (or anything with its `moduleTree`, `instances` and `sources`), built on first use and kept for the life of the Workspace.
*/
export function graphOf(input: GraphInput, options: {readonly instances?: boolean} = {}): Graph {
	const cache = options.instances ? instanceGraphs : blockGraphs;
	let graph = cache.get(input);
	if (!graph) {
		graph = options.instances ? buildInstanceGraph(input) : buildGraph(input);
		cache.set(input, graph);
	}

	return graph;
}

/**
The incoming then outgoing edges of one node of the instance graph (`{direction: 'in' | 'out', address, expression, kind, origins}`, as the explorer's Edges pane lists them), made from the block graph and the node's own module instances: the cost follows the node's neighbourhood, and the instance graph is not built. Undefined when the instance graph has no such node (a block address whose instances are known, for one). With a direction, only those edges (half the work).
*/
export function instanceEdgesOf(input: GraphInput, address: string, direction?: 'in' | 'out'): InstanceEdge[] | undefined {
	return edgesOfInstance(input, graphOf(input), address, direction);
}

/**
The instance graph as a view for `drawNeighbourhood` (`has`, `node`, `outgoing`, `incoming`), each node's edges found with `instanceEdgesOf` when first asked for: drawing one instance's neighbourhood does not build the instance graph. One view per Workspace, kept.
*/
export function instanceGraphView(input: GraphInput): GraphView {
	let view = views.get(input);
	if (!view) {
		view = viewOfInstances(input, graphOf(input));
		views.set(input, view);
	}

	return view;
}

const views = new WeakMap<GraphInput, GraphView>();
