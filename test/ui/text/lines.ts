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

test('cutName keeps the start up to the first key and the distinguishing end', t => {
	const name = 'module.policy["/providers/Microsoft.Management/managementGroups/myorg/providers/Microsoft.Authorization/policyAssignments/Deploy-MDFC-OssDb"]';
	const cut = cutName(name, 60);
	t.is(textWidth(cut), 60);
	t.true(cut.startsWith('module.policy["…'));
	t.true(cut.endsWith('/policyAssignments/Deploy-MDFC-OssDb"]'));
	t.is(cutName('aws_vpc.main', 20), 'aws_vpc.main');
	t.is(cutName('abcdefghijklmnopqrstuvwxyz', 10), 'abc…uvwxyz');
	t.is(textWidth(cutName('ééééééééééééééééééééé', 8)), 8);
	t.is(cutName('abc', 1), '…');
	t.is(cutName('abc', 0), '');
});
