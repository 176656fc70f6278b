import {gzipSync} from 'node:zlib';
import test from 'ava';
import {consoleContext, describeCall} from '../../helpers/functions.js';
import {callFunction} from '../../../source/lang/function.js';
import {lookupFunction} from '../../../source/lang/functions/index.js';
import {maximumCollectionElements, maximumStringLength} from '../../../source/lang/functions/limits.js';
import {graphemeCount, graphemes} from '../../../source/lang/functions/support.js';
import {numberType, stringType} from '../../../source/lang/types.js';
import {
	type Value, listValue, numberValue, stringValue,
} from '../../../source/lang/values.js';

/*
The caps on what one call may build (source/lang/functions/limits.ts): each call below would build more than the limit and must fail with "Error in function call" naming it, before building anything that large.
*/

const s = stringValue;
const n = numberValue;

function numbers(count: number): Value {
	return listValue(numberType, Array.from({length: count}, (_, index) => n(index)));
}

const elementsMessage = (count: number | string) => `error: the result would have ${count} elements, more than tfscope's limit of ${maximumCollectionElements} (maximumCollectionElements)`;
const lengthMessage = (length: number) => `error: the result would be ${length} characters long, more than tfscope's limit of ${maximumStringLength} (maximumStringLength)`;

test('setproduct counts the product of the lengths before building it', t => {
	t.is(describeCall('setproduct', [numbers(1000), numbers(1000), numbers(1000)]), elementsMessage(1_000_000_000));
	t.is(describeCall('setproduct', [numbers(1024), numbers(1024), numbers(2)]), elementsMessage(2_097_152));
	const sixty = Array.from({length: 60}, () => numbers(1000));
	t.is(describeCall('setproduct', sixty), elementsMessage('more than 2^53'));
});

test('setproduct of two full ranges (1024 × 1024) is within the limit', t => {
	const product = callFunction(lookupFunction('setproduct')!, [numbers(1024), numbers(1024)], consoleContext);
	t.is(product.kind === 'list' ? product.elements.length : -1, 1_048_576);
});

test('concat counts the elements of all its arguments', t => {
	const half = numbers((maximumCollectionElements / 2) + 1);
	t.is(describeCall('concat', [half, half]), elementsMessage(maximumCollectionElements + 2));
});

test('string builders check the length of their result first', t => {
	t.is(describeCall('format', [s('%999999999d'), n(1)]), lengthMessage(999_999_999));
	t.is(describeCall('format', [s('%.999999999f'), n(1)]), lengthMessage(999_999_999));
	t.is(describeCall('formatlist', [s('%99999999d'), numbers(2)]), `error: error on format iteration 0: ${lengthMessage(99_999_999).slice('error: '.length)}`);
	t.is(describeCall('indent', [n(99_999_999), s('a\nb')]), lengthMessage(100_000_002));
	const long = s('x'.repeat(1 << 20));
	t.is(describeCall('join', [long, listValue(stringType, Array.from({length: 100}, () => s('a')))]), lengthMessage(100 + (99 * (1 << 20))));
	t.is(describeCall('replace', [s('a'.repeat(1000)), s('a'), long]), lengthMessage(1000 << 20));
	t.is(describeCall('replace', [s('a'.repeat(1000)), s(''), long]), lengthMessage(1000 + (1001 << 20)));
	t.regex(describeCall('replace', [s('a'.repeat(1000)), s('/a/'), long]), /^error: the result would be \d+ characters long, more than tfscope's limit of 67108864 \(maximumStringLength\)$/);
});

test('within the limits the same functions still work', t => {
	t.is(describeCall('format', [s('%5d'), n(1)]), '"    1"');
	t.is(describeCall('indent', [n(2), s('a\nb')]), '<<EOT\na\n  b\nEOT');
	t.is(describeCall('replace', [s('aXa'), s('/a/'), s('$$')]), '"$X$"');
});

test('yamldecode refuses a document whose aliases expand past the element limit', t => {
	const lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
	for (let level = 1; level < 9; level++) {
		const name = String.fromCodePoint(97 + level);
		const previous = String.fromCodePoint(96 + level);
		lines.push(`${name}: &${name} [${Array.from({length: 10}, () => `*${previous}`).join(',')}]`);
	}

	t.is(describeCall('yamldecode', [s(lines.join('\n'))]), `error: the document expands (through aliases) to more than ${maximumCollectionElements} values, tfscope's limit (maximumCollectionElements)`);
});

test('base64gunzip stops inflating a gzip bomb', t => {
	const bomb = gzipSync(Buffer.alloc(maximumStringLength * 3 + 1)).toString('base64');
	t.is(describeCall('base64gunzip', [s(bomb)]), `error: the decompressed data is longer than tfscope's limit of ${maximumStringLength * 3} bytes (3 × maximumStringLength)`);
});

test('graphemes of long text, segmented a chunk at a time, are those of the whole text', t => {
	const segmenter = new Intl.Segmenter('en', {granularity: 'grapheme'});
	const pieces = ['a', 'e\u0301', '\r\n', '\r', '\n', '🇫🇷', '🇫', '👨\u200D👩\u200D👧', '\u200D', '\u0301', '日', '😀', '\uD83D', 'ก\u0E33', '\u1100\u1161\u11A8', '\u0600a', 'x\uFE0F'];
	for (let round = 0; round < 8; round++) {
		let text = '';
		for (let index = 0; text.length < 6000; index++) {
			text += pieces[((index * 7) + (round * 3) + (index % (round + 2))) % pieces.length];
		}

		t.deepEqual(graphemes(text), Array.from(segmenter.segment(text), segment => segment.segment), `round ${round}`);
	}

	t.is(graphemes('e' + '\u0301'.repeat(5000)).length, 1);
	t.is(graphemes('🇫🇷'.repeat(3000)).length, 3000);
});

test('graphemes of ASCII text (the fast path) are those the segmenter finds', t => {
	const segmenter = new Intl.Segmenter('en', {granularity: 'grapheme'});
	const every = Array.from({length: 128}, (_, code) => String.fromCharCode(code)).join('');
	for (const text of ['', 'abc', every, `x\ty\nz${every}`, 'a\r\nb', '\r\n\r\n', 'a\rb']) {
		t.deepEqual(graphemes(text), Array.from(segmenter.segment(text), segment => segment.segment), JSON.stringify(text));
	}
});

test('graphemeCount is the number of graphemes, ASCII or not', t => {
	const every = Array.from({length: 128}, (_, code) => String.fromCharCode(code)).join('');
	for (const text of ['', 'abc', every, 'a\r\nb', '\r\n\r\n', 'a\rb', 'e\u0301', '🇫🇷🇫🇷', 'x'.repeat(5000) + '👨\u200D👩\u200D👧', 'yaml:\n  - a\n'.repeat(1000)]) {
		t.is(graphemeCount(text), graphemes(text).length, JSON.stringify(text.slice(0, 40)));
	}
});
