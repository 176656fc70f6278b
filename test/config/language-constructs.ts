import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import type {Attribute, Block} from '../../source/hcl/ast.js';
import type {Diagnostic} from '../../source/hcl/diagnostics.js';
import {parseConfig} from '../../source/hcl/index.js';
import {type ConstructPlace, acceptedConstructs, rejectedConstruct} from '../../source/config/language-constructs.js';
import {type LanguageMode, knownVersions, rulesFor} from '../../source/config/language.js';
import {loadWorkspace} from '../../source/workspace.js';
import {runMain} from '../helpers/run-main.js';

/*
What a language at a release rejects that another accepts, on the goldens of test/fixtures/language-errors: opentofu-only/validate.json is what `terraform validate -json` 1.11 says of a configuration written for OpenTofu (regenerate.ts makes it), terraform-only/opentofu.json what OpenTofu 1.12 says of one written for Terraform 1.16 (taken from its source: each diagnostic names the file). tfscope must give the same errors (summary, detail's first paragraph, range) and, after them, who accepts the construct.
*/

const fixtures = path.join(import.meta.dirname, '..', 'fixtures', 'language-errors');

type GoldenPosition = {readonly line: number; readonly column: number; readonly byte: number};
type GoldenDiagnostic = {
	readonly severity: string;
	readonly summary: string;
	readonly detail: string;
	readonly range: {readonly filename: string; readonly start: GoldenPosition; readonly end: GoldenPosition};
};

function readGolden(name: string, file: string): {exit_code: number; diagnostics: GoldenDiagnostic[]} {
	return JSON.parse(fs.readFileSync(path.join(fixtures, name, file), 'utf8')) as {exit_code: number; diagnostics: GoldenDiagnostic[]};
}

/**
A diagnostic as the goldens hold it: the detail's first paragraph (tfscope adds who accepts the construct after it), the range's file relative to the fixture, bytes counted in UTF-8.
*/
function asGolden(directory: string, diagnostic: Diagnostic): GoldenDiagnostic {
	const subject = diagnostic.subject!;
	const text = fs.readFileSync(subject.filename, 'utf8');
	const position = (point: {line: number; column: number; offset: number}): GoldenPosition => ({line: point.line, column: point.column, byte: Buffer.byteLength(text.slice(0, point.offset))});
	return {
		severity: diagnostic.severity,
		summary: diagnostic.summary,
		detail: (diagnostic.detail ?? '').split('\n\n')[0]!,
		range: {filename: path.relative(directory, subject.filename), start: position(subject.start), end: position(subject.end)},
	};
}

function sorted(diagnostics: readonly GoldenDiagnostic[]): GoldenDiagnostic[] {
	const key = (diagnostic: GoldenDiagnostic): string => `${diagnostic.range.filename}:${String(diagnostic.range.start.byte).padStart(8, '0')}`;
	return [...diagnostics].map(({severity, summary, detail, range}) => ({severity, summary, detail, range})).sort((a, b) => key(a).localeCompare(key(b)));
}

test('Terraform 1.11 rejects what OpenTofu accepts: the errors of terraform validate, each followed by --opentofu', async t => {
	const directory = path.join(fixtures, 'opentofu-only');
	const golden = readGolden('opentofu-only', 'validate.json');
	// Its encryption block alone would choose OpenTofu (config/language.ts): read as Terraform, as terraform validate read it.
	const workspace = await loadWorkspace({directory, environment: {}, language: 'terraform'});
	t.is(workspace.language.rules.version, '1.11');
	const errors = workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error');
	t.deepEqual(sorted(errors.map(diagnostic => asGolden(directory, diagnostic))), sorted(golden.diagnostics));
	t.is(golden.exit_code, 1);
	for (const error of errors) {
		t.regex(error.detail ?? '', /\n\n(?:Terraform accepts it from 1\.1\d \(this configuration's version constraints choose 1\.11\)\. )?OpenTofu accepts it( from 1\.1\d)?: if this configuration is written for OpenTofu, open it with --opentofu\.$/);
	}

	// const and deprecated came to Terraform in 1.15, lifecycle { destroy } in 1.16: the hint says so.
	const constError = errors.find(error => error.detail?.includes('"const"'));
	t.regex(constError?.detail ?? '', /Terraform accepts it from 1\.15 \(this configuration's version constraints choose 1\.11\)\. OpenTofu accepts it from 1\.12:/);
	t.deepEqual(workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'warning'), []);
});

test('the same configuration read as OpenTofu has none of those errors', async t => {
	const workspace = await loadWorkspace({directory: path.join(fixtures, 'opentofu-only'), environment: {}, language: 'opentofu'});
	t.is(workspace.language.rules.version, '1.12');
	t.deepEqual(workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error').map(diagnostic => diagnostic.summary), []);
});

test('OpenTofu rejects what Terraform 1.16 accepts: its errors, each followed by --terraform', async t => {
	const directory = path.join(fixtures, 'terraform-only');
	const golden = readGolden('terraform-only', 'opentofu.json');
	const workspace = await loadWorkspace({directory, environment: {}, language: 'opentofu'});
	const errors = workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error');
	t.deepEqual(sorted(errors.map(diagnostic => asGolden(directory, diagnostic))), sorted(golden.diagnostics));
	for (const error of errors) {
		t.regex(error.detail ?? '', /\n\nTerraform accepts it from 1\.1[45]: if this configuration is written for Terraform, open it with --terraform\.$/);
	}

	const terraform = await loadWorkspace({directory, environment: {}});
	t.is(terraform.language.rules.version, '1.16');
	t.deepEqual(terraform.diagnostics.map(diagnostic => diagnostic.summary), []);
});

test('check exits 1 on what the language rejects and 0 when the other language reads it', async t => {
	const terraform = await runMain(['check', '--terraform', path.join(fixtures, 'opentofu-only')]);
	t.is(terraform.code, 1);
	t.regex(terraform.stdout + terraform.stderr, /main\.tf:12:5: error: Unsupported argument\n {2}An argument named "enabled" is not expected here\.\n\n {2}OpenTofu accepts it/);
	const openTofu = await runMain(['check', '--opentofu', path.join(fixtures, 'opentofu-only')]);
	t.is(openTofu.code, 0);
	// Its encryption block chooses OpenTofu without a flag.
	t.is((await runMain(['check', path.join(fixtures, 'opentofu-only')])).code, 0);
	t.is((await runMain(['check', '--opentofu', path.join(fixtures, 'terraform-only')])).code, 1);
	t.is((await runMain(['check', path.join(fixtures, 'terraform-only')])).code, 0);
});

/*
Which releases accept each versioned construct, written out from each product's changelog and source (not from the features table the code reads): hashicorp/terraform v1.14-v1.16 internal/configs (named_values.go, resource.go, action.go), opentofu/opentofu v1.11-v1.12 internal/configs (resource.go, module_call.go, named_values.go, language.go, provider.go).
*/
const acceptance: ReadonlyArray<readonly [place: ConstructPlace, source: string, accepted: Readonly<Record<LanguageMode, readonly string[]>>]> = [
	['lifecycle', 'enabled = true', {terraform: [], opentofu: ['1.11', '1.12']}],
	['lifecycle', 'destroy = false', {terraform: ['1.16'], opentofu: ['1.12']}],
	['lifecycle', 'action_trigger {\n}', {terraform: ['1.14', '1.15', '1.16'], opentofu: []}],
	['module', 'lifecycle {\n}', {terraform: [], opentofu: ['1.11', '1.12']}],
	['variable', 'const = true', {terraform: ['1.15', '1.16'], opentofu: ['1.12']}],
	['variable', 'deprecated = "x"', {terraform: ['1.15', '1.16'], opentofu: ['1.11', '1.12']}],
	['output', 'deprecated = "x"', {terraform: ['1.15', '1.16'], opentofu: ['1.11', '1.12']}],
	['output', 'type = string', {terraform: ['1.15', '1.16'], opentofu: []}],
	['provider', 'for_each = {}', {terraform: [], opentofu: ['1.11', '1.12']}],
	['terraform', 'encryption {\n}', {terraform: [], opentofu: ['1.11', '1.12']}],
	['file', 'language {\n}', {terraform: [], opentofu: ['1.12']}],
	['file', 'action "a" "b" {\n}', {terraform: ['1.14', '1.15', '1.16'], opentofu: []}],
];

for (const [place, source, accepted] of acceptance) {
	test(`${place}: ${source.split(/[ \n]/)[0]!} is accepted by ${JSON.stringify(accepted)} and rejected elsewhere`, t => {
		const {value: body} = parseConfig(source, 'main.tf');
		const item = body.items[0] as Attribute | Block;
		const kind = item.kind === 'Attribute' ? 'argument' : 'block';
		const name = item.kind === 'Attribute' ? item.name : item.type;
		for (const mode of ['terraform', 'opentofu'] as const) {
			for (const version of knownVersions[mode]) {
				const rules = rulesFor(mode, version);
				const accepts = accepted[mode].includes(version);
				t.is(rejectedConstruct(rules, place, item) === undefined, accepts, `${mode} ${version}`);
				t.is(acceptedConstructs(rules, place, kind).includes(name), accepts, `${mode} ${version}`);
			}
		}
	});
}
