import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {loadDirectory} from '../../source/config/load-directory.js';
import {maximumConfigFileBytes, parseConfigBytes, readConfigFile} from '../../source/config/parse-file.js';
import type {Diagnostic} from '../../source/hcl/diagnostics.js';
import {FileReadError} from '../../source/files/read-file.js';

const located = (diagnostics: readonly Diagnostic[]): string[] => diagnostics.map(diagnostic => `${diagnostic.subject?.start.line ?? '-'}:${diagnostic.subject?.start.column ?? '-'} ${diagnostic.summary}`);

const names = (body: {readonly items: ReadonlyArray<{readonly kind: string; readonly name?: string; readonly type?: string}>}): string[] => body.items.map(item => (item.kind === 'Attribute' ? item.name : item.type) ?? '');

// Bytes from a string whose \x80-\xFF characters stand for single bytes (as latin1), so invalid UTF-8 is easy to write.
const latin1 = (text: string): Uint8Array => Buffer.from(text, 'latin1');
const utf8 = (text: string): Uint8Array => Buffer.from(text, 'utf8');

const encodingCases: ReadonlyArray<{readonly title: string; readonly bytes: Uint8Array; readonly expected: readonly string[]; readonly items: readonly string[]}> = [
	{title: 'valid UTF-8 with multi-byte characters', bytes: utf8('a = "café 😀 ✓"\nb = 1\n'), expected: [], items: ['a', 'b']},
	{title: 'a latin-1 byte in a string (Terraform: line 2, column 11)', bytes: latin1('locals {\n  a = "caf\u00E9"\n}\n'), expected: ['2:11 Invalid character encoding'], items: ['locals']},
	{title: 'a run of bad bytes is one place', bytes: latin1('a = "x\u00FF\u00FE\u00FDy"\n'), expected: ['1:7 Invalid character encoding'], items: ['a']},
	{title: 'a bad byte outside a string is reported once', bytes: latin1('a = 1\n\u00E9 = 2\n'), expected: ['2:1 Invalid character encoding', '2:1 Argument or block definition required'], items: ['a']},
	{title: 'columns after the bad byte count it as one character', bytes: latin1('a = "\u00E9" + "\u00E9"\n'), expected: ['1:6 Invalid character encoding', '1:12 Invalid character encoding'], items: ['a']},
	{title: 'overlong encoding', bytes: latin1('a = "\u00C0\u0080"\n'), expected: ['1:6 Invalid character encoding'], items: ['a']},
	{title: 'encoded surrogate', bytes: latin1('a = "\u00ED\u00A0\u0080"\n'), expected: ['1:6 Invalid character encoding'], items: ['a']},
	{title: 'code point past U+10FFFF', bytes: latin1('a = "\u00F4\u0090\u0080\u0080"\n'), expected: ['1:6 Invalid character encoding'], items: ['a']},
	{title: 'truncated sequence at the end of the file', bytes: latin1('a = 1 # \u00E2\u0082'), expected: ['1:9 Invalid character encoding'], items: ['a']},
	{title: 'a byte order mark is kept out of the columns', bytes: latin1('\u00EF\u00BB\u00BFa = "\u00E9"\n'), expected: ['1:6 Invalid character encoding'], items: ['a']},
];

for (const {title, bytes, expected, items} of encodingCases) {
	test(`encoding: ${title}`, t => {
		const parsed = parseConfigBytes(bytes, 'main.tf');
		t.deepEqual(located(parsed.diagnostics), expected);
		t.deepEqual(names(parsed.value), items);
		for (const diagnostic of parsed.diagnostics.filter(diagnostic => diagnostic.summary === 'Invalid character encoding')) {
			t.is(diagnostic.detail, 'All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.');
			t.is(diagnostic.subject?.filename, 'main.tf');
		}
	});
}

test('encoding: many bad places give a handful of diagnostics, the last counting the rest', t => {
	const text = Array.from({length: 12}, (_, index) => `a${index} = "caf\u00E9"\n`).join('');
	const parsed = parseConfigBytes(latin1(text), 'many.tf');
	t.deepEqual(located(parsed.diagnostics), ['1:10', '2:10', '3:10', '4:10', '5:10'].map(where => `${where} Invalid character encoding`));
	t.regex(parsed.diagnostics.at(-1)!.detail!, /7 more places with invalid UTF-8/);
	t.is(parsed.value.items.length, 12);
});

test('encoding: the text keeps one U+FFFD per bad byte, so snippets show where they are', t => {
	const parsed = parseConfigBytes(latin1('a = "x\u00FF\u00FEy"\n'), 'main.tf');
	t.is(parsed.text, 'a = "x\uFFFD\uFFFDy"\n');
	t.deepEqual([parsed.diagnostics[0]!.subject!.start.offset, parsed.diagnostics[0]!.subject!.end.offset], [6, 8]);
});

const binaryCases: ReadonlyArray<{readonly title: string; readonly bytes: Uint8Array; readonly reason: RegExp}> = [
	{title: 'NUL bytes', bytes: Uint8Array.from({length: 2048}, (_, index) => (index * 7919 + 13) % 256), reason: /NUL bytes/},
	{title: 'text with a NUL', bytes: latin1('a = 1\n\u0000\u00FF\n'), reason: /NUL bytes/},
	{title: 'high bytes without NUL', bytes: Uint8Array.from({length: 4096}, (_, index) => 0x80 + ((index * 31) % 0x40)), reason: /most of its bytes are not UTF-8/},
];

for (const {title, bytes, reason} of binaryCases) {
	test(`binary: ${title}: one diagnostic and no body`, t => {
		const parsed = parseConfigBytes(bytes, 'binary.tf');
		t.is(parsed.diagnostics.length, 1);
		const [diagnostic] = parsed.diagnostics;
		t.is(diagnostic?.summary, 'Invalid character encoding');
		t.regex(diagnostic?.detail ?? '', /^binary\.tf does not look like UTF-8 text: /);
		t.regex(diagnostic?.detail ?? '', reason);
		t.is(diagnostic?.subject?.filename, 'binary.tf');
		t.deepEqual(parsed.value.items, []);
	});
}

test('size: bytes over the limit are refused with a diagnostic naming the file and the limit', t => {
	const parsed = parseConfigBytes(new Uint8Array(maximumConfigFileBytes + 1), 'big.tf');
	t.deepEqual(located(parsed.diagnostics), ['1:1 Configuration file too large']);
	t.regex(parsed.diagnostics[0]!.detail!, /^big\.tf is 32\.0 MiB, more than the 32 MiB tfscope reads from one configuration file \(maximumConfigFileBytes\)/);
	t.deepEqual(parsed.value.items, []);
});

function temporaryDirectory(files: Record<string, string | Uint8Array>): string {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-parse-file-'));
	for (const [name, content] of Object.entries(files)) {
		fs.writeFileSync(path.join(directory, name), content);
	}

	return directory;
}

test('readConfigFile: a file over the limit is not read (a sparse file of 1 GiB)', t => {
	const directory = temporaryDirectory({'huge.tf': ''});
	const file = path.join(directory, 'huge.tf');
	fs.truncateSync(file, 1024 * 1024 * 1024);
	const parsed = readConfigFile(file);
	t.deepEqual(located(parsed.diagnostics), ['1:1 Configuration file too large']);
	t.regex(parsed.diagnostics[0]!.detail!, /huge\.tf is 1024 MiB/);
	t.is(parsed.text, '');
});

test('readConfigFile: reads, decodes and parses; a missing file throws the reader\'s error', t => {
	const directory = temporaryDirectory({'main.tf': '\uFEFFa = 1\r\n'});
	const parsed = readConfigFile(path.join(directory, 'main.tf'));
	t.deepEqual(parsed.diagnostics, []);
	t.is(parsed.text, '\uFEFFa = 1\r\n');
	t.deepEqual(names(parsed.value), ['a']);
	t.deepEqual([parsed.value.range.start.line, parsed.value.range.start.column], [1, 1]);
	const error = t.throws(() => readConfigFile(path.join(directory, 'missing.tf')), {instanceOf: FileReadError});
	t.is(error?.failure.kind, 'missing');
});

test('loader: a binary file, a latin-1 file and a file over the limit are diagnostics; the other files load', t => {
	const directory = temporaryDirectory({
		'main.tf': 'resource "terraform_data" "survivor" {}\n',
		'binary.tf': Uint8Array.from({length: 2048}, (_, index) => (index * 7919 + 13) % 256),
		'latin1.tf': latin1('locals {\n  a = "caf\u00E9"\n}\n'),
		'big.tf': '',
	});
	fs.truncateSync(path.join(directory, 'big.tf'), maximumConfigFileBytes + 1);
	const {module, diagnostics, sources} = loadDirectory(directory);
	const where = diagnostics.map(diagnostic => `${path.basename(diagnostic.subject?.filename ?? '-')}:${diagnostic.subject?.start.line}:${diagnostic.subject?.start.column} ${diagnostic.summary}`);
	t.deepEqual(where, ['big.tf:1:1 Configuration file too large', 'binary.tf:1:1 Invalid character encoding', 'latin1.tf:2:11 Invalid character encoding']);
	t.deepEqual([...module.resources.keys()], ['terraform_data.survivor']);
	t.true(module.locals.has('a'), 'the rest of a file with a bad byte is read');
	t.is(sources.get(path.join(directory, 'latin1.tf')), 'locals {\n  a = "caf\uFFFD"\n}\n');
});
