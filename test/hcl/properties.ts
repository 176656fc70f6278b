import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {isDeepStrictEqual} from 'node:util';
import test from 'ava';
import fc from 'fast-check';
import {
	isIncompleteExpression, lexConfig, parseConfig, parseExpression, parseJsonConfig, parseTemplate, toHcl2Json,
} from '../../source/hcl/index.js';
import {LineIndex} from '../../source/hcl/line-index.js';
import type {Diagnostic} from '../../source/hcl/diagnostics.js';
import {expressionSource} from '../helpers/hcl-arbitraries.js';
import {oracleParse} from '../helpers/hcl-oracle.js';

/*
Robustness: whatever the input, parsing returns (no exception, no internal error) and every range in the result lies inside the source, with line and column agreeing with the offset.
*/

type Problem = string | undefined;

function checkRanges(value: unknown, text: string, lines: LineIndex): Problem {
	const stack: unknown[] = [value];
	while (stack.length > 0) {
		const item = stack.pop();
		if (Array.isArray(item)) {
			stack.push(...item);
			continue;
		}

		if (typeof item !== 'object' || item === null) {
			continue;
		}

		if ('start' in item && 'end' in item && 'filename' in item) {
			const {start, end} = item as {start: {line: number; column: number; offset: number}; end: {line: number; column: number; offset: number}};
			if (!(start.offset >= 0 && start.offset <= end.offset && end.offset <= text.length)) {
				return `range ${start.offset}-${end.offset} outside 0-${text.length}`;
			}

			for (const position of [start, end]) {
				const expected = lines.at(position.offset);
				if (expected.line !== position.line || expected.column !== position.column) {
					return `position ${JSON.stringify(position)} should be line ${expected.line} column ${expected.column}`;
				}
			}

			continue;
		}

		stack.push(...Object.values(item));
	}

	return undefined;
}

function internalErrors(diagnostics: readonly Diagnostic[]): string[] {
	return diagnostics.filter(diagnostic => diagnostic.summary === 'Internal parser error').map(diagnostic => diagnostic.detail ?? '');
}

function checkAll(text: string): Problem {
	const lines = new LineIndex(text);
	const results = [
		parseConfig(text, 'fuzz.tf'), parseExpression(text, 'fuzz.tf'), parseTemplate(text, 'fuzz.tf'), parseJsonConfig(text, 'fuzz.tf.json'), lexConfig(text, 'fuzz.tf'),
	];
	for (const result of results) {
		const internal = internalErrors(result.diagnostics);
		if (internal.length > 0) {
			return internal.join('; ');
		}

		const problem = checkRanges(result, text, lines);
		if (problem) {
			return problem;
		}
	}

	isIncompleteExpression(text);
	const config = results[0] as ReturnType<typeof parseConfig>;
	toHcl2Json(config.value, text);
	return undefined;
}

const fragments = [
	'a', 'b', 'resource', '"x"', ' ', '  ', '\n', '\r\n', '\t', '=', '==', '{', '}', '[', ']', '(', ')', ',', '.', '..', '...', '*', '?', ':', '::', '=>', '!',
	'-', '+', '&&', '||', '<', '<<', '<<EOT\n', '<<-EOT\n', 'EOT', '\nEOT\n', '"', '${', '%{', '~}', '}', '$${', '%%{', '\\', '\\n', '\\u00', '#', '//', '/*', '*/',
	'1', '1.5', '1e', '0.1', 'for', 'in', 'if', 'else', 'endif', 'endfor', 'true', 'null', '\'', ';', '&', '|', '`', '@', 'é', '😀', '\uFEFF', '\u201C',
];

const tokenSoup = fc.array(fc.constantFrom(...fragments), {maxLength: 60}).map(parts => parts.join(''));

test('random text never breaks the parser', t => {
	fc.assert(fc.property(fc.string({unit: 'binary', maxLength: 200}), text => checkAll(text) === undefined), {numRuns: 300});
	t.pass();
});

test('token soup never breaks the parser', t => {
	fc.assert(fc.property(tokenSoup, text => {
		const problem = checkAll(text);
		if (problem) {
			throw new Error(problem);
		}
	}), {numRuns: 1000});
	t.pass();
});

const corpusDirectory = path.join(import.meta.dirname, '../fixtures/hcl2json');
const corpus = readdirSync(corpusDirectory).filter(name => name.endsWith('.tf')).sort().map(name => readFileSync(path.join(corpusDirectory, name), 'utf8'));

test('mutated corpus files never break the parser', t => {
	const mutated = fc.tuple(fc.constantFrom(...corpus), fc.array(fc.tuple(fc.nat(), fc.nat({max: 20}), fc.constantFrom('', ...fragments)), {minLength: 1, maxLength: 4}))
		.map(([text, edits]) => {
			let result = text;
			for (const [at, length, insert] of edits) {
				const start = at % (result.length + 1);
				result = result.slice(0, start) + insert + result.slice(start + length);
			}

			return result;
		});
	fc.assert(fc.property(mutated, text => {
		const problem = checkAll(text);
		if (problem) {
			throw new Error(problem);
		}
	}), {numRuns: 300});
	t.pass();
});

test('deep nesting gives a diagnostic, not a stack overflow', t => {
	for (const [open, close] of [['[', ']'], ['(', ')'], ['{a = ', '}'], ['"${', '}"'], ['-', ''], ['!', ''], ['a ? b : ', '']] as const) {
		const text = `x = ${open.repeat(20_000)}1${close.repeat(20_000)}\n`;
		const {diagnostics} = parseConfig(text, 'deep.tf');
		t.deepEqual(internalErrors(diagnostics), [], open);
	}

	const blocks = `${'a {\n'.repeat(20_000)}${'}\n'.repeat(20_000)}`;
	t.deepEqual(internalErrors(parseConfig(blocks, 'deep.tf').diagnostics), []);
	const directives = `${'%{ if a }'.repeat(20_000)}${'%{ endif }'.repeat(20_000)}`;
	t.deepEqual(internalErrors(parseTemplate(directives, 'deep.tftpl').diagnostics), []);
	const json = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
	t.deepEqual(internalErrors(parseJsonConfig(json, 'deep.tf.json').diagnostics), []);
});

test('generated valid expressions give the same JSON as hcl2json', async t => {
	await fc.assert(fc.asyncProperty(expressionSource, async expression => {
		const text = `a = ${expression}\n`;
		const oracle = await oracleParse('generated.tf', text);
		const {value, diagnostics} = parseConfig(text, 'generated.tf');
		if (!('json' in oracle)) {
			return diagnostics.length > 0;
		}

		return diagnostics.length === 0 && isDeepStrictEqual(JSON.parse(JSON.stringify(toHcl2Json(value, text).value)), oracle.json);
	}), {numRuns: 200});
	t.pass();
});

test('mutated corpus files: hcl2json and we agree on accepting, and we report every line it reports', async t => {
	const inserts = ['\n', ' # c\n', '/* c */', '(', ')', '[', ']', '{', '}', '"', ',', '=', '${', '}', '...', '.', '*', '?', ':', 'x', '1', '<<EOT\n', '%{', '~', '$', '\'', '/*'];
	const mutated = fc.tuple(fc.constantFrom(...corpus), fc.array(fc.tuple(fc.nat(), fc.constantFrom(...inserts), fc.nat(3)), {minLength: 1, maxLength: 2}))
		.map(([text, edits]) => {
			let result = text;
			for (const [at, insert, remove] of edits) {
				const start = at % (result.length + 1);
				result = result.slice(0, start) + insert + result.slice(start + remove);
			}

			return result;
		});
	await fc.assert(fc.asyncProperty(mutated, async text => {
		const oracle = await oracleParse('mutated.tf', text);
		const {value, diagnostics} = parseConfig(text, 'mutated.tf');
		if ('json' in oracle) {
			const converted = toHcl2Json(value, text);
			return diagnostics.length === 0 && (converted.diagnostics.length > 0 || isDeepStrictEqual(JSON.parse(JSON.stringify(converted.value)), oracle.json));
		}

		const lines = new Set(diagnostics.map(diagnostic => diagnostic.subject?.start.line));
		return oracle.errorLines.every(line => lines.has(line));
	}), {numRuns: 100});
	t.pass();
});
