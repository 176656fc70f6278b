import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import test, {type ExecutionContext} from 'ava';
import {parseConfig} from '../../source/hcl/index.js';
import type {Body, Block, Attribute} from '../../source/hcl/ast.js';
import type {Diagnostic} from '../../source/hcl/diagnostics.js';
import {generateConfiguration, generateParseCorpus, sizePreset} from '../../bench/generate.js';
import {located, parseResultProblems} from './_invariants.js';

/*
Hostile and broken input to the parser: every case parses without throwing, reports what is wrong at `file:line:col`, keeps every range inside the source, and keeps what follows or precedes the damage. The big inputs are generated here, not committed.
*/

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/hostile');

function parse(text: string, filename = 'main.tf') {
	const result = parseConfig(text, filename);
	return {body: result.value, diagnostics: result.diagnostics};
}

function errors(diagnostics: readonly Diagnostic[]): Diagnostic[] {
	return diagnostics.filter(diagnostic => diagnostic.severity === 'error');
}

function blockNames(body: Body): string[] {
	return body.items.filter((item): item is Block => item.kind === 'Block').map(block => [block.type, ...block.labels].join('.'));
}

function attributeNames(body: Body): string[] {
	return body.items.filter((item): item is Attribute => item.kind === 'Attribute').map(attribute => attribute.name);
}

type BrokenCase = {
	readonly text: string;
	/** Summary of the first error, as HCL words it (alternatives where HCL itself has two). */
	readonly summary: RegExp;
	/** Where the first error starts (line:column), or the lines it may start on. */
	readonly at: string | readonly number[];
	/** Attribute or block names that must still be in the body. */
	readonly survivors?: readonly string[];
};

const brokenCases: Record<string, BrokenCase> = {
	'string at end of file': {text: 'keep = 1\na = "abc', summary: /Unterminated template string|Invalid multi-line string/, at: [2], survivors: ['keep']},
	'heredoc at end of file': {text: 'keep = 1\na = <<EOT\nhello\n', summary: /Unterminated template string|Unclosed heredoc|Missing heredoc/i, at: [2, 3, 4], survivors: ['keep']},
	'indented heredoc at end of file': {text: 'keep = 1\na = <<-EOT\n  hello\n  EO', summary: /Unterminated template string|Unclosed heredoc|Missing heredoc/i, at: [2, 3, 4], survivors: ['keep']},
	'interpolation at end of file': {text: 'keep = 1\na = "${b', summary: /Unterminated template string|Invalid multi-line string|Missing|Unclosed/, at: [2], survivors: ['keep']},
	'template directive at end of file': {text: 'keep = 1\na = "%{ if true }x', summary: /Unterminated template string|Invalid multi-line string|Unterminated template directive|Unclosed/, at: [2], survivors: ['keep']},
	'block at end of file': {text: 'keep = 1\nb "x" {\n  a = 1\n', summary: /Unclosed configuration block/, at: '2:7', survivors: ['keep']},
	'object at end of file': {text: 'keep = 1\na = {\n  b = 1\n', summary: /Missing|Unclosed|Unterminated|Invalid/, at: [2, 3, 4], survivors: ['keep']},
	'tuple at end of file': {text: 'keep = 1\na = [1, 2,', summary: /Missing|Unclosed|Unterminated|Invalid/, at: [2], survivors: ['keep']},
	'function call at end of file': {text: 'keep = 1\na = upper("x"', summary: /Missing|Unclosed|Unterminated|Invalid/, at: [2], survivors: ['keep']},
	'NUL byte between items': {text: 'keep = 1\n\u0000\nafter = 2\n', summary: /Invalid character|Argument or block definition required|Invalid/, at: '2:1', survivors: ['keep']},
	'broken block before a good one': {text: 'b "x" {\n  a = = 1\n}\n\nc "y" {\n  d = 2\n}\n', summary: /Invalid expression/, at: [2], survivors: ['b.x', 'c.y']},
};

const brokenMacro = test.macro((t: ExecutionContext, item: BrokenCase) => {
	const {body, diagnostics} = parse(item.text);
	t.deepEqual(parseResultProblems(body, diagnostics, item.text, 'main.tf'), []);
	const [first] = errors(diagnostics);
	t.truthy(first, 'an error diagnostic');
	t.regex(first!.summary, item.summary, located(diagnostics).join('\n'));
	t.truthy(first!.subject, 'the error has a location');
	const {line, column} = first!.subject!.start;
	if (typeof item.at === 'string') {
		t.is(`${line}:${column}`, item.at);
	} else {
		t.true(item.at.includes(line), `error at line ${line}, expected one of ${item.at.join(', ')}`);
	}

	const names = [...attributeNames(body), ...blockNames(body)];
	for (const survivor of item.survivors ?? []) {
		t.true(names.includes(survivor), `${survivor} is still in the body (${names.join(', ')})`);
	}
});

for (const [name, item] of Object.entries(brokenCases)) {
	test(name, brokenMacro, item);
}

test('a NUL byte inside a quoted string is kept, as in Terraform', t => {
	const text = 'a = "x\u0000y"\n';
	const {body, diagnostics} = parse(text);
	t.deepEqual(errors(diagnostics), []);
	const template = (body.items[0] as Attribute).expression;
	t.is(template.kind, 'Template');
	t.deepEqual(template.kind === 'Template' ? template.parts.map(part => part.kind === 'TemplateLiteral' ? part.value : part.kind) : [], ['x\u0000y']);
});

// The committed fixtures: the first error is where Terraform puts it (terraform.txt beside each), and the survivor block is still there.
const fixtureCases: Record<string, {summary: RegExp; lines: readonly number[]}> = {
	'unterminated-string': {summary: /Invalid multi-line string|Unterminated template string/, lines: [6]},
	'unterminated-heredoc': {summary: /Unterminated template string|Unclosed heredoc|Missing heredoc/i, lines: [6, 7, 8]},
	'unterminated-template': {summary: /Invalid multi-line string|Unterminated template string|Missing|Unclosed/, lines: [6, 7]},
	'unterminated-block': {summary: /Unclosed configuration block|Missing expression|Unclosed|Missing/, lines: [5, 6, 7, 8]},
};

for (const [name, expected] of Object.entries(fixtureCases)) {
	test(`fixture ${name}: located error, the rest of the file kept`, t => {
		const text = readFileSync(path.join(fixtures, name, 'main.tf'), 'utf8');
		const {body, diagnostics} = parse(text);
		t.deepEqual(parseResultProblems(body, diagnostics, text, 'main.tf'), []);
		const [first] = errors(diagnostics);
		t.regex(first?.summary ?? '', expected.summary, located(diagnostics).join('\n'));
		t.true(expected.lines.includes(first?.subject?.start.line ?? 0), located(diagnostics).join('\n'));
		t.true(blockNames(body).includes('resource.terraform_data.survivor'));
	});
}

// Generated big inputs.

const nestingCases: Record<string, (depth: number) => string> = {
	'tuples': depth => `a = ${'['.repeat(depth)}${']'.repeat(depth)}\n`,
	'parentheses': depth => `a = ${'('.repeat(depth)}1${')'.repeat(depth)}\n`,
	'objects': depth => `a = ${'{b = '.repeat(depth)}1${'}'.repeat(depth)}\n`,
	'blocks': depth => `${'b {\n'.repeat(depth)}${'}\n'.repeat(depth)}`,
	'unclosed tuples': depth => `a = ${'['.repeat(depth)}\n`,
	'function calls': depth => `a = ${'f('.repeat(depth)}1${')'.repeat(depth)}\n`,
	'templates': depth => `a = ${'"${'.repeat(depth)}1${'}"'.repeat(depth)}\n`,
};

for (const [name, build] of Object.entries(nestingCases)) {
	test(`100,000 nested ${name}: a diagnostic naming the nesting limit, no stack overflow`, t => {
		const text = build(100_000);
		const {body, diagnostics} = parse(text);
		const nesting = errors(diagnostics).find(diagnostic => /nest|deep|depth/i.test(`${diagnostic.summary} ${diagnostic.detail ?? ''}`));
		t.truthy(nesting, `a nesting diagnostic among: ${located(diagnostics).slice(0, 5).join('; ')}`);
		t.truthy(nesting?.subject, 'it has a location');
		t.deepEqual(parseResultProblems(body, diagnostics.slice(0, 50), text, 'main.tf', false), []);
	});
}

test('nesting below the limit parses cleanly', t => {
	const text = `a = ${'['.repeat(50)}1${']'.repeat(50)}\n`;
	t.deepEqual(parse(text).diagnostics, []);
});

test('a 10 MB string literal parses, whole or with a diagnostic naming the limit', t => {
	const size = 10 * 1024 * 1024;
	const text = `keep = 1\nbig = "${'x'.repeat(size)}"\nafter = 2\n`;
	const {body, diagnostics} = parse(text);
	t.deepEqual(parseResultProblems(body, diagnostics, text, 'main.tf', false), []);
	t.deepEqual(attributeNames(body), ['keep', 'big', 'after']);
	if (errors(diagnostics).length > 0) {
		t.regex(errors(diagnostics)[0]!.summary + (errors(diagnostics)[0]!.detail ?? ''), /limit|too (long|large)|size/i);
	} else {
		const expression = (body.items[1] as Attribute).expression;
		t.is(expression.kind === 'Template' && expression.parts[0]?.kind === 'TemplateLiteral' ? expression.parts[0].value.length : -1, size);
	}
});

test('a 50 MB file of realistic configuration parses without diagnostics', t => {
	const files = generateParseCorpus(50 * 1024 * 1024);
	// Blocks only (module files), so the concatenation is one valid body.
	const text = files.map(file => file.text).join('\n');
	t.true(text.length >= 50 * 1024 * 1024);
	const {body, diagnostics} = parse(text, 'big.tf');
	t.deepEqual(diagnostics.slice(0, 5).map(diagnostic => `${diagnostic.summary}: ${diagnostic.detail ?? ''}`), []);
	const expectedBlocks = text.match(/^(resource|variable|locals|output|module|terraform|provider) /gm)!.length;
	t.is(body.items.length, expectedBlocks);
	t.is(body.items.at(-1)!.range.end.offset <= text.length, true);
});

test('random binary input: diagnostics, no exception, ranges inside the text', t => {
	let seed = 42;
	const next = () => {
		seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
		return seed;
	};

	for (let round = 0; round < 20; round++) {
		const bytes = Buffer.from(Array.from({length: 4096}, () => next() % 256));
		const text = bytes.toString('utf8');
		const {body, diagnostics} = parse(text, 'binary.tf');
		t.true(errors(diagnostics).length > 0);
		t.deepEqual(parseResultProblems(body, diagnostics, text, 'binary.tf'), []);
	}
});

// CRLF line endings and a byte order mark parse to the same tree as LF without one.

type Shape = unknown;

function shape(value: unknown): Shape {
	if (Array.isArray(value)) {
		return value.map(item => shape(item));
	}

	if (typeof value !== 'object' || value === null) {
		return typeof value === 'string' ? value.replaceAll('\r\n', '\n') : value;
	}

	const result: Record<string, Shape> = {};
	for (const [key, child] of Object.entries(value)) {
		if (!/range$|Range$|ranges$|Ranges$/.test(key)) {
			result[key] = shape(child);
		}
	}

	return result;
}

test('CRLF line endings and a UTF-8 byte order mark parse cleanly, to the same tree as LF', t => {
	const configuration = generateConfiguration({...sizePreset(1), services: 1, moduleDepth: 2, resourcesPerModule: 5});
	for (const file of configuration.files) {
		const crlf = `\uFEFF${file.text.replaceAll('\n', '\r\n')}`;
		const plain = parse(file.text, file.path);
		const windows = parse(crlf, file.path);
		t.deepEqual(located(windows.diagnostics), [], file.path);
		t.deepEqual(parseResultProblems(windows.body, windows.diagnostics, crlf, file.path), [], file.path);
		t.deepEqual(shape(windows.body), shape(plain.body), file.path);
	}
});

test('the first item after a byte order mark starts at line 1, column 1', t => {
	const {body, diagnostics} = parse('\uFEFFa = 1\r\nb = 2\r\n');
	t.deepEqual(diagnostics, []);
	t.deepEqual(body.items.map(item => `${item.range.start.line}:${item.range.start.column}`), ['1:1', '2:1']);
});
