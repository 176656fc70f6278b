import test from 'ava';
import {parseExpression} from '../../source/hcl/index.js';
import {
	analysisOf, keepOwnAnalysis, keepTraversalsAnalysis, ownAnalysis, traversalsAnalysis,
} from '../../source/lang/node-analysis.js';
import {traversalOf, traversalsOf} from '../../source/lang/references.js';

// A node keeps one thing bare and a record once it keeps two: whatever the order, each is read back as it was kept.
const parsedNode = () => parseExpression('var.x', 'main.tf').value;
const handMadeNode = () => ({kind: 'Variable', name: 'x', range: {filename: 'x', start: {line: 1, column: 1, offset: 0}, end: {line: 1, column: 2, offset: 1}}});

for (const [name, makeNode] of [['parsed', parsedNode], ['made by hand', handMadeNode]] as const) {
	test(`${name}: own analysis, then traversals, then a record`, t => {
		const node = makeNode();
		t.is(ownAnalysis(node), undefined);
		t.is(traversalsAnalysis(node), undefined);
		const own = {value: 1};
		keepOwnAnalysis(node, own);
		t.is(ownAnalysis(node), own);
		t.is(traversalsAnalysis(node), undefined);
		const traversals = ['a'];
		keepTraversalsAnalysis(node, traversals);
		t.is(ownAnalysis(node), own);
		t.is(traversalsAnalysis(node), traversals);
		const analysis = analysisOf(node);
		t.is(analysis.own, own);
		t.is(analysis.traversals, traversals);
		analysis.references = ['r'];
		t.is(analysisOf(node), analysis);
		t.deepEqual(analysisOf(node).references, ['r']);
		t.is(ownAnalysis(node), own);
	});

	test(`${name}: traversals, then a null own analysis`, t => {
		const node = makeNode();
		const traversals: string[] = [];
		keepTraversalsAnalysis(node, traversals);
		t.is(traversalsAnalysis(node), traversals);
		t.is(ownAnalysis(node), undefined);
		keepOwnAnalysis(node, null);
		t.is(ownAnalysis(node), null);
		t.is(traversalsAnalysis(node), traversals);
	});

	test(`${name}: a record first, then what is kept goes into it`, t => {
		const node = makeNode();
		const analysis = analysisOf(node);
		analysis.plan = 'planned';
		t.is(ownAnalysis(node), 'planned');
		keepTraversalsAnalysis(node, ['t']);
		keepOwnAnalysis(node, 'again');
		t.is(analysisOf(node), analysis);
		t.deepEqual(analysis.traversals, ['t']);
		t.is(analysis.plan, 'again');
	});

	test(`${name}: an own analysis kept again replaces the first`, t => {
		const node = makeNode();
		keepOwnAnalysis(node, 'first');
		keepOwnAnalysis(node, 'second');
		t.is(ownAnalysis(node), 'second');
		t.is(analysisOf(node).own, 'second');
	});
}

test('a chain node keeps its traversal and its traversals apart', t => {
	const node = parseExpression('aws_instance.web[0].id', 'main.tf').value;
	const traversal = traversalOf(node);
	const traversals = traversalsOf(node);
	t.is(traversals.length, 1);
	t.is(traversalOf(node), traversal);
	t.is(traversalsOf(node), traversals);
	t.is(traversals[0], traversal?.traversal);
	t.is(analysisOf(node).own, traversal);
});
