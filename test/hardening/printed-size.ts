import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {defaultFlags} from '../../source/commands/command.js';
import {maximumShownCharacters} from '../../source/ui/data/formatting.js';
import {loadExplorerData} from '../../source/ui/data/load.js';
import {doubledObjects} from '../fixtures/hostile/round-five/generate.js';
import {openEstate} from '../../source/terragrunt/estate.js';
import {unitDetails} from '../../source/ui/estate/estate-rows.js';
import {runMain} from '../helpers/run-main.js';
import {writeTree} from '../helpers/terragrunt.js';

/*
Issue 39, the fuzz run's second finding: values just under the deep-walk limit (1 Mi nodes) printed whole for a terminal. On 2^19 doubled objects the console printed `type(X)` as 125 MB (11.9 s of CPU), `X` as 66 MB (7.3 s), `tolist([X])` as 69 MB and `yamlencode(X)` as 43 MB; the explorer's Details built 70 MB of rows for a resource whose input is such a value. The printer now stops as its text passes maximumPrintedCharacters (the console) or maximumShownCharacters (a row of the explorer) and says what the value is instead.
*/

const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-printed-size-'));
test.after.always(() => {
	fs.rmSync(parent, {recursive: true, force: true});
});

const directory = doubledObjects(fs.mkdtempSync(path.join(parent, 'case-')), 19);
fs.writeFileSync(path.join(directory, 'resource.tf'), 'resource "terraform_data" "small" {\n  input = local.l3\n}\n');

test('the console: the four values of the fuzz run are one diagnostic each, with what the value is; smaller ones print whole', async t => {
	const {code, stdout, stderr} = await runMain(['console', directory], {stdin: 'type(local.l19)\nlocal.l19\ntolist([local.l19])\nyamlencode(local.l19)\nlocal.l2\ntype(local.l1)\n'});
	const output = stdout + stderr;
	t.is(code, 1);
	t.true(output.length < 4000, `${output.length} characters`);
	t.is(output.match(/Error: Type too large to print/g)?.length, 1, output);
	t.is(output.match(/Error: Value too large to print/g)?.length, 3, output);
	const details = output.replaceAll(/\s+/g, ' ');
	t.regex(details, /this type would take more than 16 MiB \(16,777,216 characters\), the most the console prints \(maximumPrintedCharacters\): it is an object type of 2 attributes\. type\(\) of an element or attribute shows part of it\./);
	t.regex(details, /it is an object of 2 attributes, 1,048,575 elements and attributes counting nested ones\./);
	t.regex(details, /it is a list of 1 element, 1,048,576 elements and attributes counting nested ones\./);
	t.regex(details, /it is a string of 42,991,6\d\d characters\. length\(\) or substr\(\) show parts of it\./);
	t.true(stdout.includes('{\n  "a" = {\n    "a" = "x"\n    "b" = "x"\n  }\n  "b" = {\n    "a" = "x"\n    "b" = "x"\n  }\n}\n'), stdout);
	t.true(stdout.includes('object({\n    a: string,\n    b: string,\n})\n'), stdout);
});

test('the explorer: Details and the console pane say the value is too large instead of printing it', async t => {
	const {data} = await loadExplorerData({directory, flags: defaultFlags, environment: {}, cwd: directory});
	const local = data.details('local.l19');
	const text = JSON.stringify(local);
	t.true(text.length < 10_000, `${text.length} characters`);
	t.regex(text, new RegExp(String.raw`\(too large to show: an object of 2 attributes, 1,048,575 elements and attributes counting nested ones, more than 1 MiB \(${maximumShownCharacters.toLocaleString('en-US')} characters\) printed\)`));
	const small = JSON.stringify(data.details('terraform_data.small'));
	t.true(small.includes(JSON.stringify('{\n  "a" = {\n    "a" = {\n').slice(1, -1)), small);
	const pane = data.evaluate('local.l19', '');
	t.false(pane.ok);
	t.regex(pane.text, /Error: Value too large to print/);
	t.true(pane.text.length < 2000);
});

test('why: a trace through such values summarises each step from what it is, in text and JSON', async t => {
	const text = await runMain(['why', 'local.l19', directory]);
	t.is(text.code, 0, text.stderr);
	t.true(text.stdout.length < 20_000, `${text.stdout.length} characters`);
	t.regex(text.stdout, /^local\.l19 = \{a, b\} {2}\(local value, /);
	t.regex(text.stdout, /a: local\.l6 = \{a, b\} {2}\(local value, /);
	const json = await runMain(['why', 'local.l19', directory, '--json']);
	t.is(json.code, 0, json.stderr);
	// Steps whose values print under 1 MiB (l14 and below) are whole: 4.6 MB in all, where it was about 130 MB.
	t.true(json.stdout.length < 8_000_000, `${json.stdout.length} characters`);
	const root = (JSON.parse(json.stdout) as {trace: {value: string; summary: string}}).trace;
	t.is(root.summary, '{a, b}');
	t.is(root.value, '(too large to show: an object of 2 attributes, 1,048,575 elements and attributes counting nested ones, more than 1 MiB (1,048,576 characters) printed)');
});

test('a Terragrunt unit\'s Details: an input of such a value is one line saying what it is', async t => {
	const locals = ['  l0 = "x"', ...Array.from({length: 19}, (_, index) => `  l${index + 1} = {a = local.l${index}, b = local.l${index}}`)];
	const root = writeTree({
		'live/unit/terragrunt.hcl': `locals {\n${locals.join('\n')}\n}\n\nterraform {\n  source = "../../module"\n}\n\ninputs = {\n  big = local.l19\n  small = local.l1\n}\n`,
		'module/main.tf': 'variable "big" {}\nvariable "small" {}\n',
	});
	try {
		const estate = openEstate({root: path.join(root, 'live')});
		const unit = estate.units[0]!;
		const details = unitDetails(estate, unit, await estate.open(unit));
		const text = details.join('\n');
		t.true(text.length < 10_000, `${text.length} characters`);
		t.true(details.includes('  big = (too large to show: an object of 2 attributes, 1,048,575 elements and attributes counting nested ones, more than 1 MiB (1,048,576 characters) printed)'), text);
		t.true(details.includes('  small = { "a" = "x" "b" = "x" }'), text);
	} finally {
		fs.rmSync(root, {recursive: true, force: true});
	}
});
