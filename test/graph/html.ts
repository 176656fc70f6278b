import {PassThrough} from 'node:stream';
import path from 'node:path';
import test from 'ava';
import {defaultFlags, type CommandFlags} from '../../source/commands/command.js';
import {graphCommand} from '../../source/commands/graph.js';
import {htmlGraph, maximumPageNodes, pageData, withoutKeys} from '../../source/commands/graph-html.js';
import {diffWorkspaces} from '../../source/diff/index.js';
import {graphOf} from '../../source/graph/index.js';
import {embed} from '../../source/graph/export-html.js';
import {createGraph} from '../../source/graph/cytoscape.js';
import type {PageData} from '../../source/graph/html-data.js';
import {layeredLayout} from '../../source/web/layout.js';
import {visibleText} from '../../source/web/visible-text.js';
import {loadWorkspace, type Workspace} from '../../source/workspace.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const example = 'examples/multi-region';
const hostile = 'test/fixtures/graph-html/hostile';

async function graph(arguments_: string[], flags: Partial<CommandFlags> = {}): Promise<{code: number; stdout: string; stderr: string}> {
	let stdout = '';
	let stderr = '';
	const code = await graphCommand({
		arguments: arguments_, flags: {...defaultFlags, format: 'html', ...flags}, stdin: new PassThrough(), stdout: {write: (text: string) => (stdout += text)}, stderr: {write: (text: string) => (stderr += text)}, isTerminal: false, environment: {}, cwd: root,
	});
	return {code, stdout, stderr};
}

function dataOf(page: string): PageData {
	const match = /<script type="application\/json" id="tfscope-data">(.*?)<\/script>/s.exec(page);
	return JSON.parse(match![1]!) as PageData;
}

test('embed escapes for HTML text and attributes', t => {
	t.is(embed('<a href="x">\'&\'</a>', 'html'), '&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
});

test('embed keeps JSON in a script element from closing it, and JSON.parse reads the same text back', t => {
	const value = {name: '</script><script>alert(1)</script><!-- & \u2028\u2029 "q"'};
	const embedded = embed(JSON.stringify(value), 'json-in-script');
	t.false(/<\/script|<!--|<|>|&|\u2028|\u2029/i.test(embedded));
	t.deepEqual(JSON.parse(embedded), value);
});

test('embed refuses a script that would close its element', t => {
	t.throws(() => embed('let a = "</script>";', 'script'), {message: /cannot be written inline/});
	t.throws(() => embed('a <!-- b', 'script'), {message: /cannot be written inline/});
	t.is(embed('if (a < b) {}', 'script'), 'if (a < b) {}');
});

test('visibleText shows control characters and bidi overrides as escapes', t => {
	t.is(visibleText('a\u202Eb\u2066c\u0007d\u001B[31m\u061C\u200B\tkeeps tab\nand newline'), String.raw`a\u202eb\u2066c\x07d\x1b[31m\u061c\u200b` + '\tkeeps tab\nand newline');
});

test('withoutKeys drops instance keys, brackets inside quoted keys included', t => {
	t.is(withoutKeys('module.net["eu]\\"[x"].aws_subnet.this[3]'), 'module.net.aws_subnet.this');
	t.is(withoutKeys('aws_instance.web'), 'aws_instance.web');
});

test('the page of the example: one self-contained file with a strict policy, its size stated', async t => {
	const {code, stdout, stderr} = await graph([example]);
	t.is(code, 0);
	t.true(stdout.startsWith('<!doctype html>'));
	t.regex(stderr, /^Page of \d+ KB: 63 nodes, 287 edges\.\n$/);
	const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(stdout)![1]!.replaceAll('&#39;', '\'');
	t.regex(policy, /^default-src 'none'; script-src 'sha256-[\w+/=]+'; style-src 'sha256-[\w+/=]+';/);
	t.notRegex(policy, /unsafe/);
	// Nothing that loads from elsewhere: no src or href attribute at all.
	t.notRegex(stdout.replace(/<script>.*?<\/script>/s, ''), /\s(src|href)=/);
	t.regex(stdout, /page \d+ KB/);
	const data = dataOf(stdout);
	t.is(data.nodes.length, 63);
	t.is(data.level, 'block');
});

test('page data: module boxes hold their contents, kinds are drawn apart, details as the explorer shows them', async t => {
	const data = dataOf((await graph([example])).stdout);
	const byId = new Map(data.nodes.map((node, index) => [node.id, {node, index}]));
	const parentId = (id: string) => {
		const parent = byId.get(id)!.node.parent;
		return parent === undefined ? undefined : data.nodes[parent]!.id;
	};

	t.is(parentId('module.network.module.flow_logs.aws_flow_log.this'), 'module.network.module.flow_logs');
	t.is(parentId('module.network.module.flow_logs'), 'module.network');
	t.is(parentId('module.network'), undefined);
	t.is(byId.get('module.app.data.aws_ami.ubuntu')!.node.kind, 'data');
	t.is(byId.get('module.app.aws_instance.web')!.node.kind, 'resource');
	t.is(byId.get('var.regions')!.node.kind, 'variable');
	t.is(byId.get('module.app.aws_instance.web')!.node.where, 'modules/app/main.tf:40');
	// A block of a module with two instances: the first instance's Details.
	const web = data.details[String(byId.get('module.app.aws_instance.web')!.index)]!;
	t.regex(web.sections[0]!.title, /^In module\.app\["eu"\], the first of 2 instances of module\.app$/);
	t.deepEqual(web.sections.find(section => section.title === 'Expansion')?.rows[0], {name: 'count', value: 'var.instance_count'});
	const bucket = data.details[String(byId.get('aws_s3_bucket.logs')!.index)]!;
	t.true(bucket.sections.some(section => section.title === 'Expansion' && section.rows.some(row => row.name === 'instances (2)' && row.value === '"access", "audit"')));
	// Edges: the model's, dependent first.
	const edge = (from: string, to: string) => data.edges.some(([source, target]) => source === byId.get(from)!.index && target === byId.get(to)!.index);
	t.true(edge('module.network.aws_subnet.public', 'module.network.aws_vpc.this'));
	t.false(edge('module.network.aws_vpc.this', 'module.network.aws_subnet.public'));
});

test('instance level: module instances as boxes, arguments evaluated, sensitive values never written', async t => {
	const {code, stdout} = await graph([example], {instances: true, var: ['db_password=s3cr3t-from-the-command-line']});
	t.is(code, 0);
	t.notRegex(stdout, /s3cr3t-from-the-command-line|change-me-please/);
	const data = dataOf(stdout);
	const byId = new Map(data.nodes.map((node, index) => [node.id, index]));
	t.is(data.nodes[data.nodes[byId.get('module.network["eu"].aws_vpc.this')!]!.parent!]!.id, 'module.network["eu"]');
	const secret = data.details[String(byId.get('output.db_password'))]!;
	const row = secret.sections.flatMap(section => section.rows).find(each => each.name === 'value');
	t.deepEqual(row, {name: 'value', value: '(sensitive value)', style: 'sensitive'});
	t.is(secret.source, undefined, 'the block of a sensitive value keeps its source out');
	const vpc = data.details[String(byId.get('module.network["eu"].aws_vpc.this'))]!;
	t.true(vpc.sections.some(section => section.title === 'Arguments' && section.rows.some(each => each.name === 'cidr_block' && each.value === '"10.10.0.0/16"')), JSON.stringify(vpc.sections));
});

test('a hostile configuration: no markup from it reaches the page, placeholders carry their cause and why', async t => {
	const {code, stdout} = await graph([hostile], {instances: true});
	t.is(code, 0);
	t.notRegex(stdout, /hunter2/);
	// Exactly our two script elements, whatever the configuration says.
	t.is(stdout.match(/<script/gi)?.length, 2);
	t.is(stdout.match(/<\/script/gi)?.length, 2);
	t.false(stdout.includes('<img'));
	t.false(stdout.includes('\u202E'));
	const data = dataOf(stdout);
	t.true(data.nodes.some(node => node.id === 'terraform_data.hostile["</script><script>window.pwned = 3</script>"]'));
	const later = data.nodes.findIndex(node => node.id === 'terraform_data.later[*]');
	t.true(data.nodes[later]!.placeholder);
	const details = data.details[String(later)]!;
	t.true(details.sections.some(section => section.rows.some(row => row.name === 'because of' && row.value.startsWith('terraform_data.secretive.id: known after apply'))), JSON.stringify(details.sections));
	t.true((details.why ?? []).some(why => why.subject === 'terraform_data.later' && why.lines.length > 1), JSON.stringify(details.why));
});

test('--focus draws the neighbourhood, and says so', async t => {
	const {code, stdout} = await graph([example], {focus: 'module.network.aws_vpc.this', depth: 1});
	t.is(code, 0);
	const data = dataOf(stdout);
	t.is(data.focus, 'module.network.aws_vpc.this');
	t.true(data.nodes.length < 20);
	t.true(data.nodes.some(node => node.id === 'module.network.aws_subnet.public'));
});

test('a graph too large to draw is refused, suggesting --focus', async t => {
	const large = createGraph();
	for (let index = 0; index <= maximumPageNodes; index++) {
		large.addNode({id: `terraform_data.n${index}`, kind: 'resource', module: '', name: `terraform_data.n${index}`});
	}

	const result = await htmlGraph({workspace: {} as Workspace, graph: large, level: 'block', directory: root});
	t.false(result.ok);
	t.regex(result.ok ? '' : result.message, new RegExp(`^Error: Graph too large for a page\\n\\nThe graph has ${maximumPageNodes + 1} nodes; a page draws at most ${maximumPageNodes}.*--focus ADDRESS --depth N`, 's'));
});

test('the layout is the same for the same input, keeps dependents above their dependencies and boxes apart', t => {
	const parents = [-1, 0, 0, 0, -1, -1];
	const input = {
		nodes: [0, 1, 2, 3, 4, 5],
		parentOf: (node: number) => parents[node]!,
		isBox: (node: number) => node === 0,
		sizeOf: () => ({width: 100, height: 30}),
		// 5 -> 1 (into the box), 2 -> 3, 1 -> 2, 4 -> 5
		edges: [[5, 1], [2, 3], [1, 2], [4, 5]] as Array<[number, number]>,
	};
	const first = layeredLayout(input);
	t.deepEqual([...layeredLayout(input)], [...first]);
	t.false(first.has(0), 'a box takes its place from its contents');
	t.true(first.get(1)!.y < first.get(2)!.y && first.get(2)!.y < first.get(3)!.y);
	t.true(first.get(4)!.y < first.get(5)!.y);
	// The box (1, 2, 3) is below 5, which depends on something in it.
	t.true(Math.min(first.get(1)!.y, first.get(2)!.y, first.get(3)!.y) > first.get(5)!.y);
	const nodes = [...first.values()];
	t.is(new Set(nodes.map(point => `${point.x},${point.y}`)).size, nodes.length, 'no two nodes in one place');
});

async function diffPage(name: string, instances: boolean): Promise<PageData> {
	const fixture = path.join(root, 'test', 'fixtures', 'diff', name);
	const [previous, workspace] = await Promise.all([loadWorkspace({directory: path.join(fixture, 'old')}), loadWorkspace({directory: path.join(fixture, 'new')})]);
	const level = instances ? 'instance' : 'block';
	return pageData({workspace, graph: graphOf(workspace, {instances}), level, directory: path.join(fixture, 'new'), diff: {previous, label: 'old', diff: diffWorkspaces(previous, workspace)}});
}

function marksOf(data: PageData): string[] {
	return data.nodes.filter(node => node.mark !== undefined).map(node => `${node.mark} ${node.id}`);
}

test('--diff: nodes carry added, removed, moved and changed marks; what is gone is drawn from the revision, with its Details', async t => {
	const renamed = await diffPage('rename-without-moved', false);
	t.deepEqual(marksOf(renamed), ['removed terraform_data.database', 'added terraform_data.other', 'added terraform_data.primary_database', 'removed terraform_data.unrelated']);
	t.regex(renamed.diff!, /^diff vs old: 2 to add, 0 to change, 2 to destroy/);
	const gone = renamed.nodes.findIndex(node => node.id === 'terraform_data.database');
	t.regex(renamed.details[String(gone)]!.sections[0]!.title, /^- terraform_data\.database: destroy/);
	const moved = await diffPage('moved-module', true);
	// The diff engine's answers (test/ui/diff-data.tsx has the same for the explorer): a moved module instance moves what it holds.
	t.deepEqual(marksOf(moved), [
		'moved module.fleet["one"]', 'moved module.fleet["one"].terraform_data.pair[0]', 'moved module.fleet["one"].terraform_data.pair[1]', 'moved module.fleet["one"].terraform_data.this',
		'added module.fleet["two"]', 'added module.fleet["two"].terraform_data.pair[0]', 'added module.fleet["two"].terraform_data.pair[1]', 'added module.fleet["two"].terraform_data.this',
		'moved module.service', 'moved module.service.terraform_data.pair[0]', 'moved module.service.terraform_data.pair[1]', 'moved module.service.terraform_data.this',
	]);
	const updates = await diffPage('updates', false);
	const config = updates.nodes.findIndex(node => node.id === 'terraform_data.config');
	t.is(updates.nodes[config]!.mark, 'changed');
	t.deepEqual(updates.details[String(config)]!.sections[0], {title: '~ terraform_data.config: update in place', rows: [{name: '', value: 'input.size: 1 → 2'}]});
});

test('--plan: nodes carry the plan\'s actions, what it destroys is drawn too, Details say why', async t => {
	const {code, stdout} = await graph(['test/fixtures/saved-plan/review/after'], {instances: true, plan: 'test/fixtures/saved-plan/review/plan.json'});
	t.is(code, 0);
	const data = dataOf(stdout);
	t.regex(data.diff!, /^plan test\/fixtures\/saved-plan\/review\/plan\.json: 3 create, 5 update, 5 replace, 6 delete/);
	const node = (id: string) => {
		const index = data.nodes.findIndex(each => each.id === id);
		return {node: data.nodes[index]!, details: data.details[String(index)]!};
	};

	t.is(node('terraform_data.created').node.mark, 'added');
	t.is(node('terraform_data.orphan').node.mark, 'removed');
	t.is(node('terraform_data.new_name').node.mark, 'moved');
	const tainted = node('terraform_data.tainted');
	t.is(tainted.node.mark, 'changed');
	t.deepEqual(tainted.details.sections[0], {title: 'Plan: replace', rows: [{name: 'because', value: 'the object is tainted'}]});
	t.deepEqual(node('terraform_data.cbd').details.sections[0]!.rows.at(-1), {name: 'forces replacement', value: 'triggers_replace'});
});
