import test from 'ava';
import {drawNeighbourhood} from '../../source/graph/draw.js';
import {graphFromLines} from '../helpers/graph.js';

const graph = graphFromLines(`
	aws_instance.web -> aws_subnet.a
	aws_instance.web -> aws_security_group.sg
	aws_subnet.a -> aws_vpc.main
	aws_subnet.a -> var.cidr
	aws_security_group.sg -> aws_vpc.main
	aws_vpc.main -> var.cidr
	aws_eip.ip -> aws_instance.web
	output.ip -> aws_eip.ip
	output.id -> aws_instance.web
	module.net.var.x -> aws_instance.web module-input
`);

test('dependencies on the left, dependents on the right, two levels', t => {
	t.deepEqual(drawNeighbourhood(graph, 'aws_instance.web', 2, 100, 12), [
		'4 dependencies ◀ aws_instance.web ◀ 4 dependents',
		'                                        ╭──────────────────╮',
		'    aws_vpc.main ─── …urity_group.sg ─┬─┤ aws_instance.web ├─┬─ aws_eip.ip ──────── output.ip',
		'        var.cidr ────── aws_subnet.a ─┘ ╰──────────────────╯ ├─ …dule.net.var.x',
		'                                                             └─ output.id',
	]);
});

test('a node without dependencies takes the width for its dependents', t => {
	t.deepEqual(drawNeighbourhood(graph, 'var.cidr', 3, 90, 10), [
		'0 dependencies ◀ var.cidr ◀ 7 dependents',
		'╭──────────╮',
		'│ var.cidr ├─┬─ aws_subnet.a ──────────── aws_instance.web ──────┬─ aws_eip.ip',
		'╰──────────╯ │                                                   ├─ module.net.var.x',
		'             │                                                   └─ output.id',
		'             └─ aws_vpc.main ──────────── aws_security_group.sg',
	]);
});

test('what does not fit is counted, long names keep their end', t => {
	t.deepEqual(drawNeighbourhood(graph, 'aws_instance.web', 2, 40, 6), [
		'4 dependencies ◀ aws_instance.web ◀ 4 d…',
		'              ╭──────────╮',
		' …group.sg ─┬─┤ …nce.web ├─┬─ …s_eip.ip',
		' …subnet.a ─┘ ╰──────────╯ ├─ …et.var.x',
		'                           └─ output.id',
		'… 3 more not shown (deeper, or beyond t…',
	]);
});

test('nodes in the focus\'s module are named without the module path', t => {
	const module = graphFromLines(`
		module.net.aws_subnet.a -> module.net.aws_vpc.main
		module.net.aws_subnet.a -> module.net.var.cidr
		module.net.output.ids -> module.net.aws_subnet.a
		aws_instance.web -> module.net.output.ids
	`);
	t.deepEqual(drawNeighbourhood(module, 'module.net.aws_subnet.a', 2, 80, 8), [
		'2 dependencies ◀ module.net.aws_subnet.a ◀ 2 dependents (names in module.net wi…',
		'                     ╭──────────────╮',
		'     aws_vpc.main ─┬─┤ aws_subnet.a ├─── output.ids ───────── aws_instance.web',
		'         var.cidr ─┘ ╰──────────────╯',
	]);
});

test('a node that is not in the graph', t => {
	t.deepEqual(drawNeighbourhood(graph, 'aws_instance.nope', 2, 80, 5), ['No node aws_instance.nope in the graph']);
});

const sizes: Array<[number, number, number]> = [[20, 3, 1], [30, 4, 3], [50, 8, 2], [80, 24, 4], [120, 40, 1], [1, 1, 1], [200, 2, 5]];
for (const [width, height, depth] of sizes) {
	test(`stays within ${width}×${height} at depth ${depth}`, t => {
		for (const focus of ['aws_instance.web', 'var.cidr', 'output.ip', 'aws_vpc.main']) {
			const lines = drawNeighbourhood(graph, focus, depth, width, height);
			t.true(lines.length <= height, focus);
			for (const line of lines) {
				t.true([...line].length <= width, `${focus}: ${line}`);
			}
		}
	});
}

test('a module call names what it contains without its own path', t => {
	const module = graphFromLines(`
		module.net.aws_vpc.main -> module.net module-expansion
		module.net.var.cidr -> module.net module-expansion
		module.net -> var.regions
	`);
	t.deepEqual(drawNeighbourhood(module, 'module.net', 1, 70, 6), [
		'1 dependency ◀ module.net ◀ 2 dependents (names in module.net without…',
		'                            ╭────────────╮',
		'             var.regions ───┤ module.net ├─┬─ aws_vpc.main',
		'                            ╰────────────╯ └─ var.cidr',
	]);
});

test('a drawing never shows one name for two nodes: a shortened name that another node has is given whole, and ends that read the same are cut in the middle', t => {
	const module = graphFromLines(`
		module.app.output.names -> module.app.aws_instance.web
		output.names -> module.app.aws_instance.web
		module.app.output.ip -> module.app.aws_instance.web
		module.app.aws_instance.web -> module.app.var.name
	`);
	t.deepEqual(drawNeighbourhood(module, 'module.app.aws_instance.web', 1, 100, 8), [
		'1 dependency ◀ module.app.aws_instance.web ◀ 3 dependents (names in module.app without the prefix)',
		'                                        ╭──────────────────╮',
		'                            var.name ───┤ aws_instance.web ├─┬─ output.ip',
		'                                        ╰──────────────────╯ ├─ module.app.output.names',
		'                                                             └─ output.names',
	]);
	const narrow = drawNeighbourhood(module, 'module.app.aws_instance.web', 1, 40, 8).join('\n');
	// Their ends alone (`…ames`) would read the same.
	t.regex(narrow, /├─ modu…ames\n/);
	t.regex(narrow, /└─ outp…ames$/);
});
