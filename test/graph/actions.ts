import path from 'node:path';
import test from 'ava';
import {buildGraph, buildInstanceGraph} from '../../source/graph/build.js';
import {exportDot} from '../../source/graph/export-dot.js';
import {exportJson} from '../../source/graph/export-json.js';
import {exportMermaid} from '../../source/graph/export-mermaid.js';
import {instanceEdgesOf} from '../../source/graph/index.js';
import type {Graph} from '../../source/graph/cytoscape.js';
import {golden} from '../helpers/golden.js';
import {schemaErrors} from '../helpers/json-schema.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
Terraform 1.14+ actions in the graph, on test/fixtures/configs/terraform-1.16-action-graph. Terraform 1.16 is not on these machines: what depends on what is read from hashicorp/terraform v1.16 (fcd4f214004cd6eef0085e7fcbf5d8a001f79937): internal/terraform/transform_config.go buildActionTriggers (a resource's node depends on each action its lifecycle action_trigger names), node_action.go NodeActionConfig (its references are those of count, for_each and config; it consumes its provider, implied by the type's prefix; named "action.TYPE.NAME (config)", at v1.14 (aa3ef8ce5b764558c4df546107f8ee942c853326) node_action.go nodeExpandActionDeclaration "action.TYPE.NAME (expand)"), and evaluate_action_expression.go (an item's index is evaluated with the triggering resource instance's count.index/each).
*/

const fixture = path.join('test', 'fixtures', 'configs', 'terraform-1.16-action-graph');
const workspace = loadWorkspace({directory: fixture, environment: {}});

const edgesOfKind = (graph: Graph, kind: string): string[] => graph.nodes().flatMap(node => graph.outgoing(node.id).filter(edge => edge.kind === kind).map(edge => `${edge.source} -> ${edge.target} (${edge.origins.map(origin => origin.expression).join(', ')})`)).sort();

test('actions are nodes action.TYPE.NAME, each resource depends on the actions it triggers', async t => {
	const loaded = await workspace;
	t.deepEqual(loaded.diagnostics, []);
	const graph = buildGraph(loaded);
	t.deepEqual(graph.nodes().filter(node => node.kind === 'action').map(node => node.id).sort(), ['action.local_command.each', 'action.local_command.notify', 'module.hooks.action.local_command.announce']);
	t.deepEqual(edgesOfKind(graph, 'triggers'), [
		'module.hooks.terraform_data.service -> module.hooks.action.local_command.announce (action.local_command.announce)',
		'terraform_data.web -> action.local_command.each (action.local_command.each["a"])',
		'terraform_data.web -> action.local_command.notify (action.local_command.notify[count.index])',
	]);
	// The action's own references and provider; inside a module it waits for the module's expansion.
	t.deepEqual(graph.outgoing('module.hooks.action.local_command.announce').map(edge => `${edge.kind} ${edge.target}`).sort(), [
		'module-expansion module.hooks',
		'provider provider["registry.terraform.io/hashicorp/local"]',
		'reference module.hooks.var.name',
	]);
});

test('instance graph: each resource instance triggers the action instance its index names in its own scope', async t => {
	const loaded = await workspace;
	const graph = buildInstanceGraph(loaded);
	t.deepEqual(graph.nodes().filter(node => node.kind === 'action-instance').map(node => `${node.id} <- ${node.block!}`).sort(), [
		'action.local_command.each["a"] <- action.local_command.each',
		'action.local_command.each["b"] <- action.local_command.each',
		'action.local_command.notify[0] <- action.local_command.notify',
		'action.local_command.notify[1] <- action.local_command.notify',
		'module.hooks.action.local_command.announce <- module.hooks.action.local_command.announce',
	]);
	t.deepEqual(edgesOfKind(graph, 'triggers'), [
		'module.hooks.terraform_data.service -> module.hooks.action.local_command.announce (action.local_command.announce)',
		'terraform_data.web[0] -> action.local_command.each["a"] (action.local_command.each["a"])',
		'terraform_data.web[0] -> action.local_command.notify[0] (action.local_command.notify[count.index])',
		'terraform_data.web[1] -> action.local_command.each["a"] (action.local_command.each["a"])',
		'terraform_data.web[1] -> action.local_command.notify[1] (action.local_command.notify[count.index])',
	]);
	// The explorer's per-node edges equal the instance graph's on every node.
	const describe = (direction: string, address: string, kind: string): string => `${direction} ${address} ${kind}`;
	for (const node of graph.nodes()) {
		const expected = [...graph.incoming(node.id).map(edge => describe('in', edge.source, edge.kind)), ...graph.outgoing(node.id).map(edge => describe('out', edge.target, edge.kind))].sort();
		t.deepEqual(instanceEdgesOf(loaded, node.id)?.map(edge => describe(edge.direction, edge.address, edge.kind)).sort(), expected, node.id);
	}
});

test('DOT, Mermaid and JSON exports draw actions and triggers edges; the JSON matches its schema', async t => {
	const graph = buildGraph(await workspace);
	const dot = exportDot(graph);
	t.is(dot, golden(path.join(fixture, 'expected.dot'), dot));
	t.regex(dot, /"terraform_data\.web" -> "action\.local_command\.notify" \[style = "bold", color = "purple"/);
	const mermaid = exportMermaid(graph);
	t.is(mermaid, golden(path.join(fixture, 'expected.mmd'), mermaid));
	t.regex(mermaid, /==>\|triggers\|/);
	const json = exportJson(graph);
	t.is(json, golden(path.join(fixture, 'expected.json'), json));
	t.is(schemaErrors('graph', JSON.parse(json)), '');
	t.is(schemaErrors('graph', JSON.parse(exportJson(buildInstanceGraph(await workspace)))), '');
});

test('the HTML page draws actions (kind action, their Details) and triggers edges', async t => {
	const {PassThrough} = await import('node:stream');
	const {defaultFlags} = await import('../../source/commands/command.js');
	const {graphCommand} = await import('../../source/commands/graph.js');
	for (const instances of [false, true]) {
		let page = '';
		const code = await graphCommand({
			arguments: [fixture], flags: {...defaultFlags, format: 'html', instances}, stdin: new PassThrough(), stdout: {write: (text: string) => (page += text)}, stderr: {write: () => true}, isTerminal: false, environment: {}, cwd: process.cwd(),
		});
		t.is(code, 0);
		const data = JSON.parse(/<script type="application\/json" id="tfscope-data">(.*?)<\/script>/s.exec(page)![1]!) as {nodes: Array<{id: string; kind: string}>; edges: Array<[number, number, number]>; edgeKinds: string[]; details: Record<string, {sections: Array<{rows: Array<{name: string; value: string}>}>}>};
		const id = instances ? 'action.local_command.notify[1]' : 'action.local_command.notify';
		const index = data.nodes.findIndex(node => node.id === id);
		t.is(data.nodes[index]?.kind, 'action');
		const triggers = data.edgeKinds.indexOf('triggers');
		t.true(data.edges.some(([source, target, kind]) => target === index && kind === triggers && data.nodes[source]!.id === (instances ? 'terraform_data.web[1]' : 'terraform_data.web')));
		t.true(data.details[String(index)]?.sections.some(section => section.rows.some(row => row.name === 'triggered by' && row.value === 'terraform_data.web (after_create, after_update)')));
	}
});
