import test from 'ava';
import {cutName, lineWidth, textWidth, truncateLine, type Line} from '../../../source/ui/text/lines.js';

test('text width: ASCII is its length; wide characters take two columns; combining marks none', t => {
	const cases: Array<[string, number]> = [
		['', 0],
		['aws_vpc.main', 12],
		['▸ aws_instance.web ×3', 21],
		['日本語', 6],
		['e\u0301', 1],
		['← module.a', 10],
	];
	for (const [text, width] of cases) {
		t.is(textWidth(text), width, text);
	}
});

const text = (line: Line) => line.spans.map(span => span.text).join('');

test('a line that fits is kept as it is; a longer one ends in … at the width, in the style of the last character kept', t => {
	const line: Line = {spans: [{text: '▸ '}, {text: 'aws_instance.web'}, {text: ' ×12', style: {color: 'magenta'}}], style: {inverse: true}};
	t.is(truncateLine(line, 22), line);
	t.is(truncateLine(line, 40), line);
	const cases: Array<[number, string, readonly string[]]> = [
		// Columns, text, the span texts.
		[21, '▸ aws_instance.web ×…', ['▸ ', 'aws_instance.web', ' ×…']],
		[19, '▸ aws_instance.web…', ['▸ ', 'aws_instance.web…']],
		[18, '▸ aws_instance.we…', ['▸ ', 'aws_instance.we…']],
		[3, '▸ …', ['▸ …']],
		[1, '…', ['…']],
		[0, '', []],
	];
	for (const [columns, expected, spans] of cases) {
		const cut = truncateLine(line, columns);
		t.is(text(cut), expected, String(columns));
		t.deepEqual(cut.spans.map(span => span.text), spans, String(columns));
		t.true(lineWidth(cut) <= columns, String(columns));
		t.deepEqual(cut.style, {inverse: true});
	}

	t.deepEqual(truncateLine(line, 20).spans.at(-1), {text: ' …', style: {color: 'magenta'}});
});

test('a wide character that does not fit is left out, never split', t => {
	const line: Line = {spans: [{text: 'ab日本語'}]};
	t.is(text(truncateLine(line, 5)), 'ab日…');
	t.is(text(truncateLine(line, 4)), 'ab…');
	t.is(lineWidth(truncateLine(line, 4)), 3);
});

test('cutName keeps a long key\'s brackets, its start and the distinguishing end', t => {
	const name = 'module.policy["/providers/Microsoft.Management/managementGroups/myorg/providers/Microsoft.Authorization/policyAssignments/Deploy-MDFC-OssDb"]';
	const cut = cutName(name, 60);
	t.is(textWidth(cut), 60);
	t.true(cut.startsWith('…policy["/providers/'), cut);
	t.true(cut.endsWith('Assignments/Deploy-MDFC-OssDb"]'), cut);
	t.is(cutName('aws_vpc.main', 20), 'aws_vpc.main');
	t.is(cutName('abcdefghijklmnopqrstuvwxyz', 10), 'abc…uvwxyz');
	t.is(textWidth(cutName('ééééééééééééééééééééé', 8)), 8);
	t.is(cutName('abc', 1), '…');
	t.is(cutName('abc', 0), '');
});

// Issue 35: a cut never removes an instance key; an address keeps its own last step whole and gives up its module steps first (keeping their keys while it can); a step that does not fit keeps its key's brackets, start and end.
const cuts: ReadonlyArray<readonly [name: string, columns: number, shown: string]> = [
	// The Details heading at 80x24 on examples/multi-region (was `…["eu"].aws…blic["eu-west-1b"]`).
	['module.network["eu"].aws_subnet.public["eu-west-1b"]', 33, '…aws_subnet.public["eu-west-1b"]'],
	['module.network["eu"].aws_subnet.public["eu-west-1b"]', 40, '…k["eu"].aws_subnet.public["eu-west-1b"]'],
	['module.network["eu"].aws_subnet.public["eu-west-1b"]', 46, '…network["eu"].aws_subnet.public["eu-west-1b"]'],
	['module.network["eu"].aws_subnet.public["eu-west-1b"]', 29, '…_subnet.public["eu-west-1b"]'],
	['module.network["eu"].aws_subnet.public["eu-west-1b"]', 20, '…aw…lic["eu-w…t-1b"]'],
	// A Modules row of terraform-aws-eks examples/karpenter (was `…arpenter"]`).
	['eks_managed_node_group["karpenter"]', 22, 'eks_…roup["karpenter"]'],
	['eks_managed_node_group["karpenter"]', 16, 'ek…up["kar…ter"]'],
	['eks_managed_node_group["karpenter"]', 10, 'e…p["k…r"]'],
	// A title: its words stay while the address's own step fits beside them.
	['Console — module.network["eu"].aws_subnet.public["eu-west-1b"]', 44, 'Console — …aws_subnet.public["eu-west-1b"]'],
	['Blocks — module.eks.module.eks_managed_node_group["karpenter"]', 40, '…eks_managed_node_group["karpenter"]'],
	['Blocks — module.eks.module.eks_managed_node_group["karpenter"]', 56, 'Blocks — …eks.module.eks_managed_node_group["karpenter"]'],
	// Dots, brackets, quotes and spaces inside a key are the key's.
	['module.a["x.y[1]"].aws_instance.web["a.b[\\"c\\"] d"]', 30, '…_instance.web["a.b[\\"c\\"] d"]'],
	['module.eks.module.kms', 12, '…module.kms'],
	// A name without keys (a Blocks row) keeps its own last word whole and gives up its type from the start (was `data.aws_av…bility_zones.available`).
	['data.aws_availability_zones.available', 34, '…aws_availability_zones.available'],
	['data.aws_availability_zones.available', 24, '…ability_zones.available'],
	['data.aws_availability_zones.available', 12, '…s.available'],
	['data.aws_availability_zones.available', 10, '…available'],
	['data.aws_availability_zones.available', 8, 'dat…able'],
	['aws_iam_role_policy_attachment.this', 20, '…icy_attachment.this'],
	// A value with dots (Details' each.key) is not an address: it keeps its quote and start as well as its end.
	['"/providers/Microsoft.Management/managementGroups/myorg/policyAssignments/Deploy-MDFC-OssDb"', 40, '"/providers/M…gnments/Deploy-MDFC-OssDb"'],
];

for (const [name, columns, shown] of cuts) {
	test(`cutName(${name}, ${columns})`, t => {
		t.is(cutName(name, columns), shown);
		t.true(textWidth(cutName(name, columns)) <= columns);
	});
}

test('cutName with wide characters never passes the width and keeps the brackets', t => {
	for (let columns = 8; columns <= 50; columns++) {
		const cut = cutName('module.app["日本語のキー"].aws_instance.web["東京リージョン"]', columns);
		t.true(textWidth(cut) <= columns, cut);
		t.regex(cut, /\["[^"]*"\]$/, cut);
	}
});

test('cutName keeps two keys of one block apart at every width', t => {
	const keys = ['/subscriptions/0000/resourceGroups/rg-prod/providers/Microsoft.Network/virtualNetworks/hub', '/subscriptions/0000/resourceGroups/rg-prod/providers/Microsoft.Network/virtualNetworks/spoke'];
	for (let columns = 12; columns <= 100; columns++) {
		const [first, second] = keys.map(key => cutName(`vnet["${key}"]`, columns));
		t.not(first, second, `${columns}: ${first}`);
		t.true(first!.endsWith('"]') && second!.endsWith('"]'));
	}
});
