import test from 'ava';
import {detailLines, mergeSegments} from '../../../source/ui/text/detail-lines.js';

test('adjacent segments of one style are drawn as one', t => {
	t.deepEqual(mergeSegments([{text: 'a'}, {text: ' '}, {text: 'b', style: 'string'}, {text: 'c', style: 'string'}, {text: ' d'}]), [{text: 'a '}, {text: 'bc', style: 'string'}, {text: ' d'}]);
	t.deepEqual(mergeSegments([]), []);
});

test('a source line in Details: the first word styled, unstyled words and spaces merged, strings and punctuation styled', t => {
	const lines = detailLines({address: 'aws_vpc.main', kind: 'resource', attributes: [], source: {text: 'resource "aws_vpc" "main" {\n  cidr_block = var.cidr\n}', firstLine: 3}});
	const source = lines.slice(-3);
	t.deepEqual(source[0], [{text: '3 ', style: 'dim'}, {text: 'resource', style: 'block'}, {text: ' '}, {text: '"aws_vpc"', style: 'string'}, {text: ' '}, {text: '"main"', style: 'string'}, {text: ' '}, {text: '{', style: 'punctuation'}]);
	t.deepEqual(source[1], [{text: '4 ', style: 'dim'}, {text: '  '}, {text: 'cidr_block', style: 'block'}, {text: ' '}, {text: '=', style: 'punctuation'}, {text: ' var'}, {text: '.', style: 'punctuation'}, {text: 'cidr'}]);
	t.is(source.map(line => line.map(segment => segment.text).join('')).join('\n'), '3 resource "aws_vpc" "main" {\n4   cidr_block = var.cidr\n5 }');
});

const text = (lines: ReturnType<typeof detailLines>): string[] => lines.map(line => line.map(segment => segment.text).join(''));

test('long values fold to their first lines and the count of the rest, whatever their length; unfolded they are whole', t => {
	for (const length of [12, 13, 20_000]) {
		const value = Array.from({length}, (_, index) => `line ${index}`).join('\n');
		const lines = text(detailLines({address: 'x', kind: 'local', attributes: [{name: 'v', value, unknown: false, sensitive: false}]}));
		const at = lines.indexOf('v = line 0');
		t.deepEqual(lines.slice(at + 1, at + (length > 12 ? 9 : length)), Array.from({length: length > 12 ? 8 : length - 1}, (_, index) => index < 7 || length <= 12 ? `  line ${index + 1}` : `  … ${length - 8} more lines (Enter shows all)`), String(length));
		const unfolded = text(detailLines({address: 'x', kind: 'local', attributes: [{name: 'v', value, unknown: false, sensitive: false}]}, {unfolded: true}));
		t.is(unfolded.filter(line => /line \d+$/.test(line)).length, length);
	}

	// A value ending in a line break has an empty last line, as split gives.
	const trailing = text(detailLines({address: 'x', kind: 'local', attributes: [{name: 'v', value: 'a\n'.repeat(13), unknown: false, sensitive: false}]}));
	t.true(trailing.includes('  … 6 more lines (Enter shows all)'));
});

test('an instance\'s Details fold the block\'s keys (its own is above): stepping does not draw a line of every key of the block', t => {
	const keys = Array.from({length: 160}, (_, index) => `"/providers/Microsoft.Authorization/policyDefinitions/Def-${index}"`);
	const expansion = {mode: 'for_each' as const, source: 'local.defs', value: `{\n${keys.map(key => `  ${key} = {}`).join('\n')}\n}`, keys};
	const instance = text(detailLines({address: `x[${keys[3]}]`, kind: 'resource', expansion, instance: {index: 3, total: 160, bindings: []}, attributes: []}));
	t.true(instance.includes('  value ▸ 162 lines (Enter shows all)'));
	t.true(instance.includes('  instances (160) ▸ keys (Enter shows all)'));
	t.false(instance.some(line => line.includes('Def-159')));
	const unfolded = text(detailLines({address: `x[${keys[3]}]`, kind: 'resource', expansion, instance: {index: 3, total: 160, bindings: []}, attributes: []}, {unfolded: true}));
	t.true(unfolded.some(line => line.startsWith('  instances (160) ') && line.endsWith('Def-159"')));
	const block = text(detailLines({address: 'x', kind: 'resource', expansion, attributes: []}));
	t.true(block.some(line => line.startsWith('  instances (160) "/providers')));
});
