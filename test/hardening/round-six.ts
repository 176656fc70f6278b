import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {emptyConsoleScope} from '../../source/commands/console.js';
import {maximumDeepWalkNodes} from '../../source/lang/budget.js';
import {consoleOutput} from '../../source/lang/console.js';
import {maximumSchemaFileBytes} from '../../source/schema/schema-set.js';
import {loadWorkspace} from '../../source/workspace.js';
import {doubledLocals, doubledObjects} from '../fixtures/hostile/round-five/generate.js';
import {runMain} from '../helpers/run-main.js';

/*
Issue 39, this session's findings: each the case as found, at the level where the fix lives.
*/

const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-round-six-'));
test.after.always(() => {
	fs.rmSync(parent, {recursive: true, force: true});
});

const place = () => fs.mkdtempSync(path.join(parent, 'case-'));

// Fuzz finding (session 14, "console doubled case"): jsonencode of a doubled object of 2 Mi nodes took 18 s past 1 GB, yamlencode past 14 s at 1.3 GB, toset 14 s at 1 GB, printing one 8-12 s of CPU. Values past 1 Mi nodes are not encoded, converted or printed; functions that look only at the top still take them.
test('encoding, converting or printing a doubled value past 1 Mi nodes is one diagnostic; shallow functions still answer', async t => {
	t.is(maximumDeepWalkNodes, 1024 * 1024);
	for (const generate of [doubledLocals, doubledObjects]) {
		const directory = generate(place(), 20);
		// eslint-disable-next-line no-await-in-loop
		const workspace = await loadWorkspace({directory, environment: {}, cwd: directory});
		t.deepEqual(workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error'), [], generate.name);
		// l20 has 2^21 - 1 nodes, l19 2^20 - 1 (within the limit).
		for (const operation of ['jsonencode(X)', 'yamlencode(X)', 'toset(X)', 'tolist([X])', 'flatten([X])', 'format("%v", X)', 'distinct([X])', 'tostring(X)']) {
			const result = workspace.evaluateAt(operation.replace('X', 'local.l20'));
			t.is(result.value.kind, 'unknown', operation);
			t.true(result.diagnostics.some(diagnostic => diagnostic.summary === 'Evaluation budget exhausted' && (diagnostic.detail ?? '').includes('maximumDeepWalkNodes')), operation);
		}

		const length = workspace.evaluateAt('length(jsonencode(local.l19))').value;
		t.is(length.kind, 'number', generate.name);
		t.is(workspace.evaluateAt('length(local.l20)').value.kind, 'number');
		t.is(workspace.evaluateAt('keys({a = local.l20})').value.kind, 'tuple');
		t.is(workspace.evaluateAt('local.l20 == local.l20').value.kind, 'bool');
	}
});

test('the console refuses to print a value past 1 Mi nodes in one line, and prints the one below', async t => {
	const directory = doubledLocals(place(), 20);
	const run = await runMain(['console', directory], {stdin: 'local.l20\nlength(local.l20)\nlocal.l3\n'});
	t.is(run.code, 1);
	t.regex(run.stderr, /Error: Value too large to print[\s\S]*This value has 2097151 elements and attributes/);
	t.is(run.stdout, '2\n[\n  [\n    [\n      "x",\n      "x",\n    ],\n    [\n      "x",\n      "x",\n    ],\n  ],\n  [\n    [\n      "x",\n      "x",\n    ],\n    [\n      "x",\n      "x",\n    ],\n  ],\n]\n');
});

const evaluate = (expression: string) => consoleOutput(expression, emptyConsoleScope(parent));

// Item 5 of issue 39: built-ins that took tens of seconds on big inputs. Each is now about linear; the tests check the results (no timing: the machine is shared).
test('parseint of a million digits: bases BigInt reads and the halving join for the others', t => {
	t.is(evaluate('length(tostring(parseint(replace(format("%1000000s", ""), " ", "1"), 2)))').stdout, '301030\n');
	// 36^40 - 1, through the halving join (base 36 is not one BigInt reads).
	t.is(evaluate('parseint(replace(format("%40s", ""), " ", "z"), 36)').stdout, '178689910246017054531432477289437798228285773001601743140683775\n');
	t.is(evaluate('parseint("123456789012345678901234567890", 36)').stdout, '1436287679432363134028105837355561937436483460\n');
	t.is(evaluate('parseint("zZ", 62)').stdout, '2231\n');
	t.is(evaluate('parseint("-FF", 16)').stdout, '-255\n');
	t.is(evaluate('parseint("0777", 8)').stdout, '511\n');
	t.regex(evaluate('parseint("1_0", 10)').stderr, /cannot parse "1_0" as a base 10/);
});

test('upper and lower of 10 MB map ASCII runs whole and other code points one at a time, as Go', t => {
	t.is(evaluate('length(upper(format("%10000000s", "a")))').stdout, '10000000\n');
	t.is(evaluate('upper("straße ǆ ﬁ σς ı")').stdout, '"STRAßE Ǆ ﬁ ΣΣ I"\n');
	t.is(evaluate('lower("ΣΑΣ ǅ ABC")').stdout, '"σασ ǆ abc"\n');
});

test('a regular-expression replace stops past 1 Mi matches, with the limit named', t => {
	const refused = evaluate('replace(format("%10000000s", ""), "/( )/", "$1$1")');
	t.regex(refused.stderr, /the pattern matches more than 1048576\s+times in the string, tfscope's limit for one replace/);
	t.is(evaluate('length(replace(format("%1000000s", ""), "/( )/", "$1$1"))').stdout, '2000000\n');
});

test('a provider schema file past 192 MiB is refused from its size, before any of it is read; the configuration still loads', async t => {
	const directory = place();
	fs.writeFileSync(path.join(directory, 'main.tf'), 'resource "terraform_data" "x" {}\n');
	// A sparse file: its size says 500 MB, nothing is written (reading it would take seconds and 1.55 GB).
	const schema = path.join(directory, 'providers-schema.json');
	fs.writeFileSync(schema, '');
	fs.truncateSync(schema, 500_000_000);
	t.is(maximumSchemaFileBytes, 192 * 1024 * 1024);
	const run = await runMain(['check', directory]);
	t.is(run.code, 1);
	t.regex(run.stdout + run.stderr, new RegExp(`Invalid provider schema file[\\s\\S]*providers-schema\\.json is larger than ${maximumSchemaFileBytes} bytes, the most tfscope reads from it \\(it has 500000000\\)`));
	t.regex(run.stdout + run.stderr, /in 1 module instance and 1 resource instance/);
});

// Issue 39: a 2 MB line of 130 unclosed template directives took 8.6 s of CPU to report: each diagnostic's window counted the code points before it by spreading up to 2 MB into an array.
test('a 2 MB line of 130 unclosed directives: 100 located diagnostics with windows, the rest counted', async t => {
	const directory = place();
	const emoji = '\u{1F600}';
	const line = `  x = "${emoji}${Array.from({length: 130}, () => `%{ if true }${'a'.repeat(15_000)}`).join('')}"`;
	fs.writeFileSync(path.join(directory, 'main.tf'), `locals {\n${line}\n}\n`);
	const check = await runMain(['check', directory]);
	t.is(check.code, 1);
	const located = (check.stdout + check.stderr).match(/main\.tf:2:\d+: error: /g) ?? [];
	t.is(located.length, 100);
	t.regex(check.stdout + check.stderr, /more diagnostics not shown \(at most 100 a file/);
	const parse = await runMain(['parse', path.join(directory, 'main.tf')]);
	t.is(parse.code, 1);
	// Each window starts with … and its caret sits under the subject's first character, the emoji before the window counted as one column.
	const window = /│ {4}2: (…[^\n]*)\n│ +\^/.exec(parse.stderr);
	t.truthy(window);
});
