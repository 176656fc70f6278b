import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {renderCheck} from '../../source/commands/check.js';
import {emptyConsoleScope} from '../../source/commands/console.js';
import {formatDiagnostic, formatDiagnostics, maximumDiagnosticsPerFile} from '../../source/hcl/format-diagnostic.js';
import {consoleOutput} from '../../source/lang/console.js';
import {maximumCollectionElements, maximumStringLength} from '../../source/lang/functions/limits.js';
import {maximumDynamicBlocks} from '../../source/expand/dynamic-blocks.js';
import {EvaluationBudget, maximumEvaluationElements} from '../../source/lang/budget.js';
import {callFunction} from '../../source/lang/function.js';
import {numberValue} from '../../source/lang/values.js';
import {range} from '../../source/lang/functions/collection.js';
import {setproduct} from '../../source/lang/functions/set.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
Issue 20, round two: each hostile input answers with Terraform's value or a diagnostic naming the limit, without hanging. The expected values of the huge number literals are terraform console 1.11's (see test/fixtures/console for the byte-exact goldens of ordinary numbers). No assertion here measures time: a hang shows as AVA's timeout.
*/

const scope = emptyConsoleScope(os.tmpdir());
const run = (text: string) => {
	const output = consoleOutput(text, scope);
	return output.ok ? output.stdout.trimEnd() : output.stderr;
};

const root = mkdtempSync(path.join(os.tmpdir(), 'tfscope-round-two-'));

test.after.always(() => {
	rmSync(root, {recursive: true, force: true});
});

function configuration(name: string, text: string): string {
	const directory = path.join(root, name);
	mkdirSync(directory, {recursive: true});
	writeFileSync(path.join(directory, 'main.tf'), text);
	return directory;
}

// Terraform 1.11's answers (terraform console).
const hugeNumbers: ReadonlyArray<readonly [string, string]> = [
	['1e10000000 > 5', 'true'],
	['-1e10000000 < 0', 'true'],
	['1e-10000000 > 0', 'true'],
	['1e10000000 * 0', '0'],
	['length(tostring(1e100000))', '100001'],
	['length(tostring(1e10000000))', '10000001'],
	['1e10000000 % 7', '0'],
	['1e100000 % 7', '0'],
	['(1e10000000 + 1) - 1e10000000', '0'],
	['1e2000000000 > 1', 'true'],
	['1e2000000000', '+Inf'],
	['1e600000000 * 1e600000000', '+Inf'],
	['1e-600000000 * 1e-600000000', '0'],
	['1e700000000', '+Inf'],
	['-1e700000000', '-Inf'],
	['1e-2000000000', '0'],
	['1e-700000000 == 0', 'true'],
	['1e10000000 == 1e10000000', 'true'],
	['1e10000000 == 1e10000001', 'false'],
];

for (const [expression, expected] of hugeNumbers) {
	test(`huge exponent: ${expression}`, t => {
		t.is(run(expression), expected);
	});
}

for (const literal of ['1e99999999999', '1e3000000000', '1e9999999999999999999999']) {
	test(`huge exponent: ${literal} is Terraform's "Invalid number literal"`, t => {
		t.regex(run(literal), /Error: Invalid number literal[\s\S]*Failed to recognize the value of this number literal\./);
	});
}

test('a number whose digits would pass the string limit prints in e notation', t => {
	// Terraform would print 600 million digits; the value is the same.
	t.is(run('1e600000000'), '1e+600000000');
	t.is(run('-1.5e-600000000'), '-1.5e-600000000');
	// Terraform's digits: both operands are rounded to 512 bits.
	t.is(run('1.5e-600000000 * 1e600000000'), `1.4${'9'.repeat(153)}`);
	t.is(run('1e100000 / 3e99990'), `${'3'.repeat(10)}.${'3'.repeat(144)}5`);
	t.is(run('3e5000 / 7e4990'), '4285714285.7142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142858');
});

test('toset and distinct of 65,536 strings', t => {
	const elements = 'flatten([for i in range(64) : [for j in range(1024) : "${i}-${j}"]])';
	t.is(run(`length(toset(${elements}))`), '65536');
	t.is(run(`length(distinct(${elements}))`), '65536');
	t.is(run(`length(toset(concat(${elements}, ${elements})))`), '65536');
	// Mixed element types still unify as cty does.
	t.is(run('toset([1, "a", true])'), 'toset([\n  "1",\n  "a",\n  "true",\n])');
});

test('regexall and split of a 10 MB string stop at the element limit before matching', t => {
	const message = `the result would have ${maximumCollectionElements + 1} elements, more than tfscope's limit of ${maximumCollectionElements}`;
	t.true(run('regexall("", format("%10000000s", "a"))').replaceAll(/\s+/g, ' ').includes(message));
	t.true(run('split("", format("%10000000s", "a"))').replaceAll(/\s+/g, ' ').includes('more than tfscope\'s limit'));
	t.is(run('length(regexall(" ", format("%100000s", "a")))'), '99999');
	t.is(run('regexall("", "a😀b")'), 'tolist([\n  "",\n  "",\n  "",\n  "",\n])');
	t.is(run('regexall("aa", "aaaaa")'), 'tolist([\n  "aa",\n  "aa",\n])');
	t.is(run('regex("an", "banana")'), '"an"');
});

test('jsonencode, yamlencode and encode_expr count the text before encoding', t => {
	const copies = 'jsonencode([for i in range(1024) : local.s])';
	const directory = configuration('encode', `locals {\n  s = format("%10000000s", "a")\n  j = ${copies}\n  y = yamlencode([for i in range(1024) : local.s])\n}\n`);
	return loadWorkspace({directory, environment: {}, cwd: directory}).then(workspace => {
		const messages = workspace.diagnostics.map(diagnostic => diagnostic.detail ?? '').join('\n').replaceAll(/\s+/g, ' ');
		t.regex(messages, new RegExp(`Call to function "jsonencode" failed: the result would be at least \\d+ characters long, more than tfscope's limit of ${maximumStringLength}`));
		t.regex(messages, /Call to function "yamlencode" failed: the result would be at least/);
	});
});

test('nested dynamic blocks stop at the block limit, reported once', async t => {
	const directory = configuration('dynamic', `resource "terraform_data" "x" {
  input = 1
  dynamic "a" {
    for_each = range(200)
    content {
      dynamic "b" {
        for_each = range(200)
        content {
          dynamic "c" {
            for_each = range(200)
            content {
              v = "\${a.key}-\${b.key}-\${c.key}"
            }
          }
        }
      }
    }
  }
}

resource "terraform_data" "survivor" {
  input = "ok"
}
`);
	const workspace = await loadWorkspace({directory, environment: {}, cwd: directory});
	const tooMany = workspace.diagnostics.filter(diagnostic => diagnostic.summary === 'Too many dynamic blocks');
	t.is(tooMany.length, 1);
	t.true(tooMany[0]!.detail!.includes(String(maximumDynamicBlocks)));
	t.is(tooMany[0]!.subject?.start.line, 10);
	t.deepEqual(workspace.evaluateAt('terraform_data.survivor.input').value, {kind: 'string', value: 'ok'});
});

test('a diagnostic on a 2 MB line shows a window around the subject, and a file prints at most 100 diagnostics', t => {
	const long = 'x'.repeat(1_000_000);
	const source = `a = "${long}" ] "${long}"\n`;
	const offset = source.indexOf(']');
	const subject = {filename: 'long.tf', start: {line: 1, column: offset + 1, offset}, end: {line: 1, column: offset + 2, offset: offset + 1}};
	const diagnostic = {severity: 'error' as const, summary: 'Invalid expression', detail: 'Expected the start of an expression.', subject};
	const text = formatDiagnostic(diagnostic, {source});
	const lines = text.split('\n');
	const snippet = lines.find(line => line.includes('   1: '))!;
	t.true(snippet.length < 400, String(snippet.length));
	t.regex(snippet, /1: …x+" \] "x+…$/);
	// The caret stands under the bracket in the window.
	const caret = lines[lines.indexOf(snippet) + 1]!;
	t.is(caret.indexOf('^'), snippet.indexOf(']'));
	const many = Array.from({length: maximumDiagnosticsPerFile + 30}, () => diagnostic);
	const all = formatDiagnostics(many, {source});
	t.is(all.split('Error: Invalid expression').length - 1, maximumDiagnosticsPerFile);
	t.true(all.endsWith(`long.tf: 30 more diagnostics not shown (at most ${maximumDiagnosticsPerFile} a file, maximumDiagnosticsPerFile)\n`));
	t.true(renderCheck(many, '.').endsWith('long.tf: 30 more diagnostics not shown (at most 100 a file, maximumDiagnosticsPerFile)\n'));
});

test('`value = local` is one located "Invalid reference" in a configuration; the console keeps terraform console\'s two errors', async t => {
	const directory = configuration('bare-local', 'output "x" {\n  value = local\n}\n');
	const workspace = await loadWorkspace({directory, environment: {}, cwd: directory});
	const errors = workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error');
	t.deepEqual(errors.map(error => [error.summary, error.subject?.start.line, error.subject?.start.column]), [['Invalid reference', 2, 11]]);
	t.is(errors[0]!.detail, 'The "local" object cannot be accessed directly. Instead, access one of its attributes.');
	// terraform console 1.11 prints both, the first "on  line 0".
	t.is(run('local'), '\nError: Reference to undeclared local value\n\n  on  line 0:\n  (source code not available)\n\nA local value with the name "" has not been declared.\n\n\nError: Invalid reference\n\n  on <console-input> line 1:\n  (source code not available)\n\nThe "local" object cannot be accessed directly. Instead, access one of its\nattributes.\n\n');
});

test('one budget for the whole evaluation: eight full setproducts stop at the second, reported once with the value that spent it', async t => {
	const locals = Array.from({length: 8}, (_, index) => `  p${index} = setproduct(range(1024), range(1024))`).join('\n');
	const directory = configuration('budget', `locals {\n${locals}\n}\n\nresource "terraform_data" "survivor" {\n  input = "ok"\n}\n`);
	const workspace = await loadWorkspace({directory, environment: {}, cwd: directory});
	const exhausted = workspace.diagnostics.filter(diagnostic => diagnostic.summary === 'Evaluation budget exhausted');
	t.is(exhausted.length, 1);
	t.is(exhausted[0]!.subject?.start.line, 3);
	t.true(exhausted[0]!.detail!.includes(`${maximumEvaluationElements} elements in collections (maximumEvaluationElements)`));
	t.is(workspace.evaluateAt('length(local.p0)').value.kind, 'number');
	t.is(workspace.evaluateAt('local.p5').value.kind, 'unknown');
	t.deepEqual(workspace.evaluateAt('terraform_data.survivor.input').value, {kind: 'string', value: 'ok'});
});

test('a setproduct that would spend the budget is refused before it is built: the budget is spent, the elements counted stay those built', t => {
	const budget = new EvaluationBudget();
	const context = {baseDirectory: '.', impure: false, budget};
	const numbers = callFunction(range, [numberValue(1024)], context);
	const first = callFunction(setproduct, [numbers, numbers], context);
	t.is(first.kind, 'list');
	t.true(budget.charge(first));
	const built = budget.elements;
	t.is(built, 3 * 1024 * 1024);
	t.is(callFunction(setproduct, [numbers, numbers], context).kind, 'unknown');
	t.true(budget.spent);
	t.is(budget.elements, built);
});

test('each console line has a budget of its own', t => {
	for (let line = 0; line < 3; line++) {
		// 3 Mi elements each: two in one evaluation would pass the budget.
		t.is(run('length(setproduct(range(1024), range(1024)))'), '1048576');
	}
});
