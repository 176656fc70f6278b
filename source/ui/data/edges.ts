import {modulePrefix} from '../../graph/build.js';
import {graphOf, instanceEdgesOf, instanceGraphView, type Graph} from '../../graph/index.js';
import type {GraphEdge} from '../../graph/model.js';
import {type GraphView, drawNeighbourhood} from '../../graph/draw.js';
import type {ModuleNode} from '../../config/module-tree.js';
import type {Edge, GraphDrawing} from '../explorer-data.js';
import {planNodeActions} from '../../plan/graph-marks.js';
import type {DataContext} from './context.js';
import {moduleCallEdges, type ModuleMembers} from './module-edges.js';
import type {Places} from './places.js';
import {join, memoizeByKey} from './shared.js';

/*
The Edges pane's and the graph view's data, from the graph layer: instance-level edges where the address is an instance-graph node (found from its neighbourhood, without building the instance graph), block-level ones otherwise; a module call's edges grouped (module-edges.ts).
*/

export type EdgeData = {
	readonly edges: (address: string) => readonly Edge[];
	readonly drawGraph: (address: string, width: number, height: number) => GraphDrawing;
};

export function createEdgeData({workspace, tree}: DataContext, {blockPlace, moduleInstanceOf}: Places): EdgeData {
	// The block graph is built once (a few hundred milliseconds on a large configuration); the whole instance graph only for the graph view of an instance.
	const blockGraph = (): Graph => graphOf(workspace);

	/**
	The block-level graph node for an address, and how to turn that graph's ids back into addresses the explorer can select (the module path of the selected module instance put back).
	*/
	const blockNode = (address: string): {graph: Graph; id: string; toAddress: (id: string) => string} | undefined => {
		const blocksGraph = blockGraph();
		const module = moduleInstanceOf(address);
		if (!module) {
			return undefined;
		}

		const prefix = modulePrefix(module.node);
		const label = module.text === '' ? address : address.slice(module.text.length + 1);
		const id = join(prefix, label);
		if (!blocksGraph.has(id)) {
			return undefined;
		}

		const toAddress = (other: string): string => {
			if (prefix === '') {
				return module.text === '' || other.startsWith('module.') ? other : join(module.text, other);
			}

			return other.startsWith(prefix + '.') && !other.slice(prefix.length + 1).startsWith('module.') ? join(module.text, other.slice(prefix.length + 1)) : other;
		};

		return {graph: blocksGraph, id, toAddress};
	};

	const expressionOf = (edge: GraphEdge): string => {
		const expressions = [...new Set(edge.origins.map(origin => origin.expression))];
		return expressions.length === 0 ? edge.kind : expressions.join(', ');
	};

	/**
	The graph node the graph view draws: instance-level when the address is a node of the instance graph (an instance, or a single block), else block-level.
	*/
	const graphNode = (address: string): {graph: GraphView; id: string; toAddress: (id: string) => string} | undefined => {
		if (instanceEdgesOf(workspace, address) !== undefined) {
			// A view that finds each drawn node's instance edges when asked: drawing does not build the whole instance graph.
			return {graph: instanceGraphView(workspace), id: address, toAddress: id => id};
		}

		return blockNode(address);
	};

	const edges = memoizeByKey((address: string): readonly Edge[] => {
		const own = nodeEdges(address);
		const call = moduleCallAt(address);
		return call ? moduleCallEdges(address, own, moduleMembers(call.node), memberEdges, call.context) : own;
	});

	const moduleMembers = (node: ModuleNode): ModuleMembers => {
		const prefix = modulePrefix(node);
		const graph = blockGraph();
		// Only outputs something outside the module reads can have dependents.
		const readOutside = (name: string): boolean => graph.has(`${prefix}.output.${name}`) && graph.incoming(`${prefix}.output.${name}`).some(edge => !edge.source.startsWith(`${prefix}.`));
		return {
			variables: node.call ? node.call.inputs.map(input => input.name) : [],
			outputs: [...node.module.outputs.keys()].filter(name => readOutside(name)),
		};
	};

	// One direction of a child variable's or output's edges: instance-level when it is an instance-graph node, else block-level.
	const memberEdges = (address: string, direction: 'in' | 'out'): readonly Edge[] => {
		const instanceEdges = instanceEdgesOf(workspace, address, direction);
		return instanceEdges ? instanceEdges.map(edge => ({direction: edge.direction, address: edge.address, expression: edge.expression})) : nodeEdges(address).filter(edge => edge.direction === direction);
	};

	// A module instance (not the root), or a module call block: the call, its child module node and where its arguments are written.
	const moduleCallAt = (address: string): {node: ModuleNode; context: string} | undefined => {
		const instance = tree().moduleInstances.get(address);
		if (instance) {
			return instance.parent ? {node: instance.node, context: instance.parent.text} : undefined;
		}

		const place = blockPlace(address);
		const parent = place && tree().moduleInstances.get(place.module);
		const call = parent?.calls.find(each => join(parent.text, `module.${each.call.name}`) === address);
		return call && parent ? {node: call.node, context: parent.text} : undefined;
	};

	const nodeEdges = memoizeByKey((address: string): readonly Edge[] => {
		// An instance (or a block without count/for_each) has instance-level edges, found from its neighbourhood without building the instance graph, so stepping through instances stays instant.
		const instanceEdges = instanceEdgesOf(workspace, address);
		if (instanceEdges) {
			return instanceEdges.map(edge => ({direction: edge.direction, address: edge.address, expression: edge.expression}));
		}

		// A block with many instances, a module call: block-level edges.
		const node = blockNode(address);
		if (!node) {
			return [];
		}

		const {graph, id, toAddress} = node;
		return [
			...graph.incoming(id).map(edge => ({direction: 'in' as const, address: toAddress(edge.source), expression: expressionOf(edge)})),
			...graph.outgoing(id).map(edge => ({direction: 'out' as const, address: toAddress(edge.target), expression: expressionOf(edge)})),
		];
	});

	// Under --plan, each node drawn with its action (`graph --plan`'s labels): instance nodes by address, block nodes by their instances' action.
	let nodeActions: {readonly instances: ReadonlyMap<string, string>; readonly blocks: ReadonlyMap<string, string>} | undefined;
	const planMarks = (): ((id: string) => string | undefined) | undefined => {
		const {plan} = workspace;
		if (!plan) {
			return undefined;
		}

		nodeActions ??= {instances: planNodeActions(plan, true), blocks: planNodeActions(plan, false)};
		const actions = nodeActions;
		return id => actions.instances.get(id) ?? actions.blocks.get(id);
	};

	const drawings = new Map<string, GraphDrawing>();
	const drawGraph = (address: string, width: number, height: number): GraphDrawing => {
		const key = `${address}\u0000${width}\u0000${height}`;
		const cached = drawings.get(key);
		if (cached) {
			return cached;
		}

		const node = graphNode(address);
		const neighbours = edges(address).map(edge => edge.address);
		const drawing: GraphDrawing = {
			lines: node ? drawNeighbourhood(node.graph, node.id, 2, Math.max(0, width), Math.max(0, height), planMarks()) : [`No graph node for ${address === '' ? 'the root module' : address}`],
			nodes: [address, ...new Set(neighbours.filter(each => each !== address))],
		};
		drawings.set(key, drawing);
		return drawing;
	};

	return {edges, drawGraph};
}
