import test from 'ava';
import {buildGraph} from '../../source/graph/build.js';
import {exportDot, dotString} from '../../source/graph/export-dot.js';
import {exportJson, toJsonGraph} from '../../source/graph/export-json.js';
import {exportMermaid, mermaidLabel} from '../../source/graph/export-mermaid.js';
import {golden, loadGraphFixture} from '../helpers/graph-fixtures.js';
import {schemaErrors} from '../helpers/json-schema.js';

const graph = buildGraph(loadGraphFixture('modules'));

test('DOT export, modules as nested clusters', t => {
	const dot = exportDot(graph);
	t.is(dot, golden('modules/expected.dot', dot));
	t.regex(dot, /subgraph "cluster_module\.network" \{\n\t\tlabel = "module\.network"/);
	t.regex(dot, /\t\tsubgraph "cluster_module\.network\.module\.subnet" \{/);
});

test('Mermaid export', t => {
	const mermaid = exportMermaid(graph);
	t.is(mermaid, golden('modules/expected.mmd', mermaid));
	t.true(mermaid.startsWith('flowchart RL\n'));
});

test('JSON export has address, kind, file and range of nodes, kind and expressions of edges', t => {
	const json = exportJson(graph);
	t.is(json, golden('modules/expected.json', json));
	const data = toJsonGraph(graph);
	t.is(schemaErrors('graph', JSON.parse(json)), '');
	const peering = data.nodes.find(node => node.address === 'terraform_data.peering');
	t.like(peering, {kind: 'resource', module: '', file: 'test/fixtures/graph/modules/main.tf', range: {start: {line: 27, column: 1}}});
	const edge = data.edges.find(candidate => candidate.source === 'terraform_data.peering' && candidate.target === 'module.network.output.subnet_ids');
	t.deepEqual(edge?.expressions.map(expression => expression.expression), ['module.network["eu"].subnet_ids']);
});

test('labels are escaped for DOT and Mermaid', t => {
	t.is(dotString('provider["a\\b"]'), String.raw`"provider[\"a\\b\"]"`);
	t.is(mermaidLabel('provider["x"] #1'), '"provider[#quot;x#quot;] #35;1"');
});
