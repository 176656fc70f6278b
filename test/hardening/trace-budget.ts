import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {type TraceStep, explainAddress} from '../../source/explain/index.js';
import {formatTraceText} from '../../source/explain/format-text.js';
import {summarizeValue} from '../../source/explain/summary.js';
import type {Range} from '../../source/hcl/position.js';
import {EvaluationBudget, maximumTraceElements, traceBudgetSummary, traceLimits} from '../../source/lang/budget.js';
import {callFunction} from '../../source/lang/function.js';
import {range} from '../../source/lang/functions/collection.js';
import {setproduct} from '../../source/lang/functions/set.js';
import {numberValue} from '../../source/lang/values.js';
import {loadWorkspace} from '../../source/workspace.js';
import {runMain} from '../helpers/run-main.js';

/*
Issue 39: a provenance trace (`why`, `w`, `:why`) evaluates the configuration's expressions again with a budget of its own (lang/budget.ts `traceLimits`, a quarter of an evaluation's). `why` on a million-pair setproduct evaluated it against the configuration's budget, which the value had already spent: it printed the call as failed ("Evaluation budget exhausted") after 14 s and 1.04 GB, most of it printing the million pairs to see whether they fit on a line. Now the call says it was not evaluated again and why, the values shown are the configuration's, and the trace costs what loading costs. No assertion measures time or memory (npm run bench does not either): a regression shows as AVA's timeout.
*/

const root = mkdtempSync(path.join(os.tmpdir(), 'tfscope-trace-budget-'));
test.after.always(() => {
	rmSync(root, {recursive: true, force: true});
});

function configuration(name: string, text: string): string {
	const directory = mkdtempSync(path.join(root, `${name}-`));
	writeFileSync(path.join(directory, 'main.tf'), text);
	return directory;
}

const place: Range = {filename: 'main.tf', start: {line: 1, column: 1, offset: 0}, end: {line: 1, column: 2, offset: 1}};

function steps(step: TraceStep): TraceStep[] {
	return [step, ...step.children.flatMap(child => steps(child))];
}

const pairs = `locals {
  p = setproduct(range(1024), range(1024))
}

resource "terraform_data" "x" {
  input = length(local.p)
}

output "pairs" {
  value = local.p
}
`;

test('why on a million-pair setproduct: the call is not evaluated again, and says so with the trace\'s limit; the values are the configuration\'s', async t => {
	const directory = configuration('pairs', pairs);
	const result = await runMain(['why', 'output.pairs', directory]);
	t.is(result.code, 0, result.stderr);
	t.is(result.stdout.split('\n').slice(0, 3).join('\n'), [
		`output.pairs = tolist([…]) (1048576 elements)  (output, ${directory}/main.tf:9:1 in the root module)`,
		`└── local.p = tolist([…]) (1048576 elements)  (local value, ${directory}/main.tf:2:3)`,
		`    └── setproduct(range(1024), range(1024))  (not evaluated again: past the trace's budget of ${maximumTraceElements} elements in collections (maximumTraceElements), ${directory}/main.tf:2:7)`,
	].join('\n'));
	t.notRegex(result.stdout, /Evaluation budget exhausted/);
	// Its arguments are evaluated again (they are small), and shown.
	t.regex(result.stdout, /range\(1024\) = tolist\(\[…]\) \(1024 elements\)/);

	const workspace = await loadWorkspace({directory, environment: {}, cwd: directory});
	const trace = explainAddress(workspace, 'terraform_data.x.input').value!;
	t.is(formatTraceText(trace).split('\n')[0], `terraform_data.x.input = 1048576  (argument, ${directory}/main.tf:6:3 in terraform_data.x)`);
	const cut = steps(trace.root).find(step => step.label === 'setproduct(range(1024), range(1024))');
	t.regex(cut?.note ?? '', /^not evaluated again: past the trace's budget/);
	// The configuration's own budget is not touched by the trace: nothing it evaluated is reported.
	t.false(workspace.diagnostics.some(diagnostic => /budget/i.test(diagnostic.summary)));
});

test('a trace has its own budget: in a configuration that spent its own, the trace still evaluates its small steps', async t => {
	// The second setproduct spends the configuration's budget: every value evaluated after it that calls a function is unknown.
	const directory = configuration('spent', `locals {
  p0 = setproduct(range(1024), range(1024))
  p1 = setproduct(range(1024), range(1024))
  small = upper("a")
}
`);
	const workspace = await loadWorkspace({directory, environment: {}, cwd: directory});
	t.true(workspace.diagnostics.some(diagnostic => diagnostic.summary === 'Evaluation budget exhausted'));
	const trace = explainAddress(workspace, 'local.small').value!;
	const call = steps(trace.root).find(step => step.label === 'upper("a")');
	t.deepEqual(call?.value, {kind: 'string', value: 'A'});
	t.is(call?.note, undefined);
});

test('once the trace\'s budget is spent, each step it cuts says so, and nothing more is evaluated again', async t => {
	const directory = configuration('several', `locals {
  big = setproduct(range(1024), range(1024))
  both = [length(local.big), upper("x"), length(local.big2)]
  big2 = setproduct(range(1000), range(1000))
}
`);
	const workspace = await loadWorkspace({directory, environment: {}, cwd: directory});
	const trace = explainAddress(workspace, 'local.both').value!;
	const all = steps(trace.root);
	// The local's expression is evaluated again first, whole (it builds nothing big), then each reference is followed.
	t.deepEqual(all.find(step => step.label === 'upper("x")')?.value, {kind: 'string', value: 'X'});
	t.regex(all.find(step => step.label === 'setproduct(range(1024), range(1024))')?.note ?? '', /^not evaluated again: past the trace's budget/);
	const cut = all.find(step => step.kind === 'limit');
	t.is(cut?.label, 'setproduct(range(1000), range(1000)): not traced, the trace\'s budget is spent');
	t.regex(formatTraceText(trace), /… setproduct\(range\(1000\), range\(1000\)\): not traced, the trace's budget is spent\n$/);
});

test('a trace\'s budget is a quarter of an evaluation\'s, and reports every refusal (each is a step the trace shows)', t => {
	const budget = new EvaluationBudget(traceLimits);
	const context = {baseDirectory: '.', impure: false, budget};
	const numbers = callFunction(range, [numberValue(1024)], context);
	t.is(callFunction(setproduct, [numbers, numbers], context).kind, 'unknown');
	t.true(budget.spent);
	const first = budget.exhausted(place);
	const second = budget.exhausted(place);
	t.is(first[0]?.summary, traceBudgetSummary);
	t.is(second[0]?.summary, traceBudgetSummary);
	t.regex(first[0]?.detail ?? '', new RegExp(`past ${maximumTraceElements} elements in collections \\(maximumTraceElements\\), the trace's own budget`));
	// An evaluation's budget still reports once.
	const evaluation = new EvaluationBudget();
	evaluation.affords(5 * 1024 * 1024);
	t.is(evaluation.exhausted(place).length, 1);
	t.is(evaluation.exhausted(place).length, 0);
});

test('a trace step\'s summary of a huge collection is its shape, without printing it whole', t => {
	const numbers = callFunction(range, [numberValue(1024)], {baseDirectory: '.', impure: false});
	const product = callFunction(setproduct, [numbers, numbers], {baseDirectory: '.', impure: false});
	t.is(summarizeValue(product), 'tolist([…]) (1048576 elements)');
	// What fits on a line is still printed as the console prints it.
	t.is(summarizeValue(callFunction(range, [numberValue(3)], {baseDirectory: '.', impure: false})), 'tolist([…]) (3 elements)');
	t.is(summarizeValue({kind: 'tuple', elements: []}), '[]');
});
