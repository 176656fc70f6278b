import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import test from 'ava';
import {parseExpression} from '../../../source/hcl/index.js';
import {evaluate} from '../../../source/lang/eval/evaluate.js';
import {createScope} from '../../../source/lang/eval/scope.js';
import {formatValue} from '../../../source/lang/format-value.js';
import {type FunctionContext} from '../../../source/lang/function.js';
import {builtinFunctionNames, lookupFunction, lookupProviderFunction} from '../../../source/lang/functions/index.js';
import {createNodeFilesystem} from '../../../source/lang/functions/node-filesystem.js';
import {createTemplateRenderer} from '../../../source/lang/functions/render-template.js';

/*
Every expression in test/fixtures/functions/cases/*.txt, evaluated through the real parser and evaluator, must print what `terraform console` printed (the goldens next to the cases), or fail with the same diagnostic summary and detail.
*/

type Golden = {readonly expression: string; readonly output?: string; readonly error?: {readonly summary: string; readonly detail: string}};

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/functions');
const filesDirectory = path.join(fixtures, 'files');

// Cases where tfscope deliberately differs, with the reason.
const deliberateDifferences = new Map<string, string>([
	['indent(-1, "a\\nb")', 'terraform 1.11 panics; tfscope indents by nothing'],
	['log(-1, 10)', 'terraform 1.11 panics on NaN; tfscope reports it'],
	['pow(-2, 0.5)', 'terraform 1.11 panics on NaN; tfscope reports it'],
	['fileset(".", "*")', 'the golden lists the state files terraform console left in its directory'],
	['base64gzip("hello hello hello hello hello hello hello hello")', 'Go\'s compress/flate picks other matches than zlib for longer input; the data decompresses to the same text, and matching Go byte for byte would mean porting its deflate compressor'],
	['pow(3.7, 123.25)', 'for a fractional exponent Go\'s math.Pow calls math.Exp and math.Log, which can differ from JavaScript\'s by an ulp; integer exponents follow Go step for step'],
	['nope(1)', 'terraform suggests whichever name within distance 2 its Go map walk meets first, "one" or "type" from run to run; tfscope suggests the nearest name, the first in the list on a tie ("one")'],
	['textencodebase64("～①ⅰ￢", "SHIFT_JIS")', 'iconv-lite encodes ⅰ (and a few other characters Shift_JIS, Big5 and GB18030 map twice or to private use) at the other of its two places; ordinary text is byte-identical'],
]);

const baseContext: Omit<FunctionContext, 'renderTemplate'> = {
	baseDirectory: filesDirectory,
	filesystem: createNodeFilesystem({cwd: filesDirectory, home: '/home/tester'}),
	impure: true,
};
const functionContext: FunctionContext = {...baseContext, renderTemplate: createTemplateRenderer(baseContext, {functions: lookupFunction, functionNames: builtinFunctionNames})};

export function consoleResult(expression: string): {output?: string; error?: {summary: string; detail: string}} {
	const parsed = parseExpression(expression, '<console-input>');
	const parseError = parsed.diagnostics.find(diagnostic => diagnostic.severity === 'error');
	if (parseError) {
		return {error: {summary: parseError.summary, detail: parseError.detail ?? ''}};
	}

	const scope = createScope({
		functions: name => lookupFunction(name) ?? lookupProviderFunction(name), functionNames: builtinFunctionNames, functionContext, console: true,
	});
	const result = evaluate(parsed.value, scope);
	const error = result.diagnostics.find(diagnostic => diagnostic.severity === 'error');
	if (error) {
		return {error: {summary: error.summary, detail: (error.detail ?? '').replaceAll('\n', ' ')}};
	}

	return {output: formatValue(result.value)};
}

const families = ['collection', 'conversion', 'crypto', 'datetime', 'encoding', 'filesystem', 'go-cty', 'ip-network', 'number', 'provider', 'regex', 'set', 'string'];

/**
A Go panic's message is followed by its goroutine's stack (addresses of the binary that ran): only what comes before it can be the same.
*/
function withoutStack(detail: string): string {
	const stack = detail.indexOf(' goroutine 1 [running]:');
	return stack === -1 ? detail : `${detail.slice(0, stack)}.`;
}

for (const family of families) {
	const goldens = JSON.parse(readFileSync(path.join(fixtures, `${family}.json`), 'utf8')) as Golden[];
	test(`${family}: terraform console goldens`, t => {
		const failures: string[] = [];
		for (const golden of goldens) {
			if (deliberateDifferences.has(golden.expression)) {
				continue;
			}

			const actual = consoleResult(golden.expression);
			const expected = golden.output === undefined ? {error: {summary: golden.error!.summary, detail: withoutStack(golden.error!.detail.replaceAll('\n', ' '))}} : {output: golden.output};
			if (JSON.stringify(actual) !== JSON.stringify(expected)) {
				failures.push(`${golden.expression}\n  expected: ${JSON.stringify(expected)}\n  actual:   ${JSON.stringify(actual)}`);
			}
		}

		t.deepEqual(failures, [], `${failures.length} of ${goldens.length} cases differ`);
	});
}
