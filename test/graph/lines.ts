import test from 'ava';
import {createGraph} from '../../source/graph/cytoscape.js';
import {dotLines, exportDot} from '../../source/graph/export-dot.js';
import {jsonLines, toJsonGraph} from '../../source/graph/export-json.js';
import {joinLines} from '../../source/graph/lines.js';
import {edgesInOrder, outgoingInOrder} from '../../source/graph/queries.js';
import {textLines, toText} from '../../source/graph/to-text.js';
import {buildInstanceGraph} from '../../source/graph/build.js';
import {graphFromLines} from '../helpers/graph.js';
import {loadGraphWorkspace} from '../helpers/graph-fixtures.js';

const network = graphFromLines(`
	aws_instance.web -> aws_subnet.a
	aws_instance.web -> aws_security_group.sg
	aws_security_group.sg -> aws_vpc.main depends-on
	aws_security_group.sg -> aws_vpc.main
	aws_subnet.a -> aws_vpc.main
	var.unused
`);

test('lines join with a newline after each, and nothing for no lines', t => {
	t.is(joinLines(['a', 'b']), 'a\nb\n');
	t.is(joinLines([]), '');
});

test('the JSON export made an element at a time is JSON.stringify of the whole, byte for byte', t => {
	const whole = (graph: Parameters<typeof toJsonGraph>[0]) => JSON.stringify(toJsonGraph(graph), undefined, '\t') + '\n';
	t.is(joinLines(jsonLines(network)), whole(network));
	// Empty arrays print as [] on the line of their name.
	const empty = createGraph();
	t.is(joinLines(jsonLines(empty)), whole(empty));
	t.is(joinLines(jsonLines(empty)), '{\n\t"format_version": "1.0",\n\t"nodes": [],\n\t"edges": []\n}\n');
	const lonely = graphFromLines('var.unused');
	t.is(joinLines(jsonLines(lonely)), whole(lonely));
});

test('edges in order: by source, then target, then kind, and the same edges as the graph holds', t => {
	const ids = network.nodes().map(node => node.id).sort();
	t.deepEqual([...edgesInOrder(network, ids)].map(edge => `${edge.source} -> ${edge.target} ${edge.kind}`), [
		'aws_instance.web -> aws_security_group.sg reference',
		'aws_instance.web -> aws_subnet.a reference',
		'aws_security_group.sg -> aws_vpc.main depends-on',
		'aws_security_group.sg -> aws_vpc.main reference',
		'aws_subnet.a -> aws_vpc.main reference',
	]);
	t.deepEqual(outgoingInOrder(network, 'no.such'), []);
});

test('edges read once carry the same origins as the kept edge objects', async t => {
	const graph = buildInstanceGraph(await loadGraphWorkspace('modules'));
	const ids = graph.nodes().map(node => node.id);
	for (const id of ids) {
		const kept = [...graph.outgoing(id)].sort((first, second) => first.id.localeCompare(second.id));
		const once = [...graph.index.outgoingOnce(id)].sort((first, second) => first.id.localeCompare(second.id));
		t.deepEqual(once, kept, id);
	}
});

test('text and DOT made line by line are the whole exports', t => {
	t.is(joinLines(textLines(network, {kinds: true})), toText(network, {kinds: true}));
	t.is(toText(network, {kinds: true}), 'aws_instance.web\n  aws_security_group.sg\n  aws_subnet.a\naws_security_group.sg\n  aws_vpc.main (depends-on)\naws_subnet.a\n  aws_vpc.main\naws_vpc.main\nvar.unused\n');
	t.is(joinLines(dotLines(network)), exportDot(network));
});
