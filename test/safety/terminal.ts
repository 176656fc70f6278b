import {cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import test from 'ava';
import {commandNames, invocationsFor, loadCommand, runCommand} from './_commands.js';
import {exploreSession} from './_session.js';

/*
Terminal safety: text from configurations and state never reaches the terminal raw. The escape-sequence fixture (title change, OSC 52 clipboard write, screen clear, BEL, 8-bit CSI, bidi override — in values, keys, descriptions and state) plus a generated file with raw escape bytes in comments, strings, heredocs and a syntax error, and a file whose NAME holds an escape sequence, go through every command (terminal output, with and without colour) and through every view of the explorer. The only escape sequences allowed in the output are tfscope's own colours (SGR, `ESC [ ... m`).
*/

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/hostile');
const root = mkdtempSync(path.join(os.tmpdir(), 'tfscope-terminal-'));

// Three variants, so a leak is pinned to what leaked: escapes in values, keys, descriptions and state (the committed fixture); raw escape bytes in the file text; an escape sequence in a file name.
const variants: Record<string, string> = {
	values: path.join(root, 'values'),
	'raw bytes': path.join(root, 'raw'),
	'file name': path.join(root, 'file-name'),
};
cpSync(path.join(fixtures, 'escape-sequences'), variants['values']!, {recursive: true});
const state = {version: 4, terraform_version: '1.11.0', serial: 1, lineage: 'terminal', outputs: {}, resources: [
	{mode: 'managed', type: 'terraform_data', name: 'keys', provider: 'provider["terraform.io/builtin/terraform"]', instances: [
		{index_key: 'plain', schema_version: 0, attributes: {id: 'id-\u001B]0;state title\u0007', input: 'x', output: '\u001B[2Jfrom-state'}, sensitive_attributes: []},
	]},
]};
writeFileSync(path.join(variants['values']!, 'terraform.tfstate'), JSON.stringify(state));
mkdirSync(variants['raw bytes']!);
writeFileSync(path.join(variants['raw bytes']!, 'main.tf'), [
	'# comment with a raw title change \u001B]0;raw comment\u0007 and clear \u001B[2J',
	'locals {',
	'  raw_string = "raw \u001B]52;c;cmF3\u0007 clipboard"',
	'  raw_heredoc = <<-EOT',
	'    line with \u001B[31m colour and \u009B2J 8-bit CSI',
	'  EOT',
	'}',
	'',
	'resource "terraform_data" "raw" {',
	'  input = local.raw_string',
	'}',
	'',
	'module "escaped_source" {',
	'  source = "./missing\u001B]0;module source\u0007"',
	'}',
	'',
	'resource "terraform_data" "broken" {',
	'  input = = "\u001B]0;in an error\u0007"',
	'}',
	'',
].join('\n'));
mkdirSync(variants['file name']!);
writeFileSync(path.join(variants['file name']!, 'main.tf'), 'resource "terraform_data" "survivor" {}\n');
writeFileSync(path.join(variants['file name']!, 'name\u001B]0;file name\u0007.tf'), 'locals {\n  bad = ]\n}\n');

// The explorer session runs once over all three variants together.
const combined = path.join(root, 'combined');
cpSync(variants['values']!, combined, {recursive: true});
cpSync(path.join(variants['raw bytes']!, 'main.tf'), path.join(combined, 'raw.tf'));
cpSync(path.join(variants['file name']!, 'name\u001B]0;file name\u0007.tf'), path.join(combined, 'name\u001B]0;file name\u0007.tf'));

test.after.always(() => {
	rmSync(root, {recursive: true, force: true});
});

const consoleExpressions = [
	'local.title', 'local.clear', 'local.clipboard', 'local.bell', 'local.csi_c1', 'local.bidi', 'local.raw_string', 'local.raw_heredoc',
	'var.banner', 'terraform_data.keys', 'terraform_data.keys["plain"].id', '{for k, v in terraform_data.keys : v.input => k}',
	'local.title + 1', 'upper(local.clear)', 'local.nope', 'jsonencode(local.everything)',
];

const sgr = /\u001B\[[\d;]*m/g;
// C0 controls except tab and newline, DEL, C1 controls, bidi embeddings, overrides and isolates.
const unsafe = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;

/**
Where raw control text appears in the output, with some context, after removing tfscope's own colour codes when `colour` is on.
*/
export function rawControls(output: string, colour: boolean): string[] {
	const text = colour ? output.replace(sgr, '') : output;
	const found: string[] = [];
	for (const line of text.split('\n')) {
		const match = unsafe.exec(line);
		if (match) {
			found.push(JSON.stringify(line.slice(Math.max(0, match.index - 30), match.index + 30)));
		}
	}

	return found;
}

test('the checker finds what it must find', t => {
	t.deepEqual(rawControls('plain \u001B[31mred\u001B[0m\n', true), []);
	t.is(rawControls('plain \u001B[31mred\u001B[0m\n', false).length, 1);
	t.is(rawControls('title \u001B]0;x\u0007', true).length, 1);
	t.is(rawControls('csi \u009B2J', true).length, 1);
	t.is(rawControls('bidi \u202E', true).length, 1);
	t.is(rawControls('\\u001b]0;x\\a escaped', false).length, 0);
});

/**
Leaks found and reported to the owners of the code (see the hardening notes in the readme's Safety section). Each entry skips one command over one variant, so everything else stays tested; delete the entry when the leak is fixed.
*/
const knownGaps: ReadonlyMap<string, string> = new Map<string, string>();

const names = commandNames();

test('the commands are found', t => {
	t.true(names.length > 0);
});

for (const name of names) {
	for (const [variant, directory] of Object.entries(variants)) {
		const title = `${name} over ${variant}: configuration and state text printed escaped`;
		const gap = knownGaps.get(`${name} / ${variant}`);
		if (gap) {
			test.skip(`${title} (known gap: ${gap})`, () => {});
			continue;
		}

		test(title, async t => {
			const command = await loadCommand(name);
			const files = readdirSync(directory).filter(file => file.endsWith('.tf')).map(file => path.join(directory, file));
			const problems: string[] = [];
			for (const invocation of invocationsFor(name, directory, files, consoleExpressions)) {
				for (const color of [false, true]) {
					// eslint-disable-next-line no-await-in-loop
					const run = await runCommand(command, {...invocation, flags: {...invocation.flags, color}, isTerminal: true, cwd: directory});
					t.true(run.stdout.length + run.stderr.length > 0, `${invocation.label} prints something`);
					for (const [stream, text] of [['stdout', run.stdout], ['stderr', run.stderr]] as const) {
						for (const found of rawControls(text, color)) {
							problems.push(`${invocation.label}${color ? ' (colour)' : ''} ${stream}: ${found}`);
						}
					}
				}
			}

			t.deepEqual(problems, []);
		});
	}
}

test.serial('every view of the explorer shows configuration and state text escaped', async t => {
	const session = await exploreSession(combined, {historyFile: path.join(root, 'history'), consoleExpressions: consoleExpressions.filter((_, index) => index % 2 === 0), blockRows: 8});
	t.true(session.frames.length > 30);
	const problems = new Set<string>();
	for (const frame of session.frames) {
		for (const found of rawControls(frame, true)) {
			problems.add(found);
		}
	}

	// The one sequence the explorer writes itself is OSC 52 for `y`, with the text in base64.
	t.true(session.terminalWrites.length > 0);
	for (const sequence of session.terminalWrites) {
		t.regex(sequence, /^\u001B\]52;c;[A-Za-z\d+/=]*\u0007$/);
	}

	t.deepEqual([...problems], []);
});
