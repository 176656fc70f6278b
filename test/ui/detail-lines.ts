import test from 'ava';
import {detailLines, mergeSegments} from '../../source/ui/detail-lines.js';

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
