import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {unsafeCharacters, withoutOwnColours} from '../../source/text/escape.js';
import {sanitizeLine, sanitizeText} from '../../source/ui/text/sanitize.js';
import {runMain} from '../helpers/run-main.js';

/*
Issue 39: one escaping for everything that reaches a terminal. A configuration carrying every class of unsafe character (raw in a heredoc and in its file's name, as HCL escapes in keys, values, names and labels) run through every command and output format as on a terminal, with colour and without: nothing unsafe is written (tfscope's own colour sequences aside), JSON stays valid and reads back as the same value as on a pipe, where the text is exact.
*/

// One of each class (source/text/escape.ts): C0 with CSI and OSC, DEL, C1, bidi marks, overrides, isolates, zero-width, BOM, a line separator, a tag character.
const raw = '\u001B[8m\u001B]0;t\u0007\u007F\u009B31m\u0085\u061C\u200F\u202E\u2067\u200B\uFEFF\u2028\u{E0041}';
const hclEscaped = [...raw].map(character => `\\U${character.codePointAt(0)!.toString(16).padStart(8, '0')}`).join('');

const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-escapes-'));
test.after.always(() => {
	fs.rmSync(parent, {recursive: true, force: true});
});

function configuration(name: string): {directory: string; file: string} {
	const directory = path.join(parent, name);
	fs.mkdirSync(directory);
	const file = path.join(directory, `main${raw.replaceAll('/', '')}.tf`);
	fs.writeFileSync(file, [
		'locals {',
		`  heredoc = <<EOT\nbefore${raw}after\nEOT`,
		`  keyed = {"k${hclEscaped}" = "v${hclEscaped}"}`,
		`  broken = "x${hclEscaped}" + 1`,
		'}',
		'',
		'resource "terraform_data" "x" {',
		`  for_each = toset(["a${hclEscaped}", "plain"])`,
		'  input = local.heredoc',
		'}',
		'',
		`variable "v" {`,
		`  default     = "d${hclEscaped}"`,
		`  description = "${hclEscaped}"`,
		'}',
		'',
		'output "o" {',
		'  value = local.keyed',
		'}',
		'',
	].join('\n'));
	return {directory, file};
}

const before = configuration('before');
const after = configuration('after');
fs.appendFileSync(after.file, `resource "terraform_data" "y${raw}" {}\nresource "terraform_data" "z" {\n  for_each = toset(["n${hclEscaped}"])\n}\n`);

// Every command and output format: [title, argv, is JSON].
const runs: ReadonlyArray<readonly [string, readonly string[], boolean]> = [
	['instances', ['instances', after.directory], false],
	['instances --json', ['instances', '--json', after.directory], true],
	['check', ['check', after.directory], false],
	['check --json', ['check', '--json', after.directory], true],
	['tree', ['tree', after.directory], false],
	['tree --json', ['tree', '--json', after.directory], true],
	['graph (dot)', ['graph', after.directory], false],
	['graph --format mermaid', ['graph', '--format', 'mermaid', after.directory], false],
	['graph --format text', ['graph', '--format', 'text', after.directory], false],
	['graph --format json', ['graph', '--format', 'json', after.directory], true],
	['graph --instances --format json', ['graph', '--instances', '--format', 'json', after.directory], true],
	['parse', ['parse', after.file], false],
	['parse --json', ['parse', '--json', after.file], true],
	['why', ['why', 'terraform_data.x', after.directory], false],
	['why --json', ['why', '--json', 'output.o', after.directory], true],
	['diff', ['diff', after.directory, '--from-dir', before.directory], false],
	['diff --format json', ['diff', after.directory, '--from-dir', before.directory, '--format', 'json'], true],
	['diff --format markdown', ['diff', after.directory, '--from-dir', before.directory, '--format', 'markdown'], false],
	['an unknown option', [`--no-such${raw}`], false],
	['a missing directory', ['instances', path.join(parent, `missing${raw.replaceAll('/', '')}`)], false],
	['an address', ['why', `terraform_data.${raw}`, after.directory], false],
];

for (const [title, argv, json] of runs) {
	for (const colour of [true, false]) {
		test(`${title}, on a terminal${colour ? ', with colour' : ''}: nothing unsafe is written`, async t => {
			const run = await runMain(argv, {isTerminal: true, environment: colour ? {} : {NO_COLOR: '1'}});
			t.not(run.code, 70, run.stderr);
			const written = run.stdout + run.stderr;
			t.true(written.length > 0);
			const shown = colour ? withoutOwnColours(written) : written;
			t.false(unsafeCharacters.test(shown), JSON.stringify(unsafeCharacters.exec(shown)?.[0]));
			if (json) {
				const piped = await runMain(argv);
				t.deepEqual(JSON.parse(run.stdout), JSON.parse(piped.stdout));
			}
		});
	}
}

test('on a pipe the text is exact', async t => {
	const run = await runMain(['instances', '--json', after.directory]);
	t.true(run.stdout.includes('\u202E\u2067\u200B'));
	t.true(JSON.stringify(JSON.parse(run.stdout)).includes(JSON.stringify(`a${raw}`).slice(1, -1)));
});

test('the console, on a terminal with colour and without', async t => {
	for (const environment of [{}, {NO_COLOR: '1'}] as Array<Record<string, string>>) {
		// eslint-disable-next-line no-await-in-loop
		const run = await runMain(['console', before.directory], {isTerminal: true, environment, stdin: 'local.heredoc\nlocal.keyed\nvar.v\nlocal.broken\n"${local.heredoc}"\n:why local.keyed\njsonencode(local.keyed)\n'});
		const shown = withoutOwnColours(run.stdout + run.stderr);
		t.true(shown.includes(String.raw`before\x1b[8m\x1b]0;t\x07\u007f\u009b31m\u0085\u061c\u200f\u202e\u2067\u200b\ufeff\u2028\udb40\udc41after`), shown);
		t.false(unsafeCharacters.test(shown), JSON.stringify(unsafeCharacters.exec(shown)?.[0]));
	}
});

test('the explorer\'s text: the same escapes, newlines kept or shown', t => {
	t.is(sanitizeText(`a${raw}\nb`), String.raw`a\x1b[8m\x1b]0;t\x07\u007f\u009b31m\u0085\u061c\u200f\u202e\u2067\u200b\ufeff\u2028\udb40\udc41` + '\nb');
	t.false(unsafeCharacters.test(sanitizeLine(raw)));
});
