import {cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import test from 'ava';
import {loadWorkspace, type Workspace} from '../../source/workspace.js';
import type {Diagnostic} from '../../source/hcl/diagnostics.js';
import {rangeProblems} from './_invariants.js';

/*
The hostile corpus through the loader: each case loads without throwing, reports a located diagnostic naming what went wrong (and which limit, when a limit stopped the work), and the rest of the configuration still loads: every case has a `terraform_data.survivor` that must still expand. The committed fixtures are in test/fixtures/hostile (terraform.txt beside each is Terraform's own report); the big and filesystem cases are generated in temp directories.
*/

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/hostile');
const temporaryRoot = mkdtempSync(path.join(os.tmpdir(), 'tfscope-hostile-'));

test.after.always(() => {
	rmSync(temporaryRoot, {recursive: true, force: true});
});

async function load(directory: string): Promise<Workspace> {
	return loadWorkspace({directory, environment: {}, cwd: directory});
}

function errors(workspace: Workspace): Diagnostic[] {
	return workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error');
}

function describe(diagnostics: readonly Diagnostic[]): string {
	return diagnostics.map(diagnostic => `${diagnostic.subject ? `${path.basename(diagnostic.subject.filename)}:${diagnostic.subject.start.line}:${diagnostic.subject.start.column}` : '-'}: ${diagnostic.summary}: ${diagnostic.detail ?? ''}`).join('\n');
}

/**
The error whose summary (or detail) matches, at `file:line` when given.
*/
function findError(workspace: Workspace, pattern: RegExp, at?: string): Diagnostic | undefined {
	return errors(workspace).find(diagnostic => pattern.test(`${diagnostic.summary}\n${diagnostic.detail ?? ''}`)
		&& (at === undefined || (diagnostic.subject !== undefined && `${path.basename(diagnostic.subject.filename)}:${diagnostic.subject.start.line}` === at)));
}

/**
Every located diagnostic points inside the text of its file.
*/
function rangesInsideSources(workspace: Workspace): string[] {
	const problems: string[] = [];
	for (const diagnostic of workspace.diagnostics) {
		const subject = diagnostic.subject;
		if (!subject) {
			continue;
		}

		const text = workspace.sources.get(subject.filename);
		if (text === undefined) {
			continue;
		}

		problems.push(...rangeProblems(subject, text, subject.filename, diagnostic.summary));
	}

	return problems;
}

function instanceAddresses(workspace: Workspace): string[] {
	return [...workspace.instances.resourceInstances.keys()];
}

// Syntax errors: the broken file still contributes what parsed, other files load whole.
for (const name of ['unterminated-string', 'unterminated-heredoc', 'unterminated-template', 'unterminated-block']) {
	test(`${name}: a located syntax error, the survivor still expands`, async t => {
		const workspace = await load(path.join(fixtures, name));
		t.true(errors(workspace).length > 0);
		t.truthy(errors(workspace)[0]!.subject, describe(workspace.diagnostics));
		t.true(instanceAddresses(workspace).includes('terraform_data.survivor'), instanceAddresses(workspace).join(', '));
		t.deepEqual(rangesInsideSources(workspace), []);
	});
}

test('cycle between locals: one diagnostic naming every member, the rest evaluates', async t => {
	const workspace = await load(path.join(fixtures, 'cycle-locals'));
	const cycle = findError(workspace, /cycle/i);
	t.truthy(cycle, describe(workspace.diagnostics));
	const text = `${cycle!.summary} ${cycle!.detail ?? ''}`;
	for (const member of ['local.a', 'local.b', 'local.c']) {
		t.true(text.includes(member), `${member} in: ${text}`);
	}

	t.truthy(cycle!.subject);
	t.true(instanceAddresses(workspace).includes('terraform_data.survivor'));
	const fine = workspace.evaluateAt('local.fine');
	t.deepEqual(fine.value, {kind: 'string', value: 'ok'});
	t.deepEqual(rangesInsideSources(workspace), []);
});

test('cycle between a module output and the module call\'s input: a diagnostic, the rest loads', async t => {
	const workspace = await load(path.join(fixtures, 'cycle-module-output'));
	const cycle = findError(workspace, /cycle/i);
	t.truthy(cycle, describe(workspace.diagnostics));
	t.regex(`${cycle!.summary} ${cycle!.detail ?? ''}`, /module\.loop/);
	t.true(instanceAddresses(workspace).includes('terraform_data.survivor'));
});

test('a module whose source is its own directory: a diagnostic, no endless recursion', async t => {
	const workspace = await load(path.join(fixtures, 'cycle-module-source'));
	const cycle = findError(workspace, /cycle|recursive|itself|loop/i);
	t.truthy(cycle, describe(workspace.diagnostics));
	t.truthy(cycle!.subject);
	t.true(instanceAddresses(workspace).includes('terraform_data.survivor'));
});

test('count of -1, 1.5, "abc" and 1e9: one located error each, the survivor expands', async t => {
	const workspace = await load(path.join(fixtures, 'count-invalid'));
	const report = describe(workspace.diagnostics);
	t.truthy(findError(workspace, /Invalid count argument/, 'main.tf:2'), report);
	t.truthy(findError(workspace, /Invalid count argument/, 'main.tf:6'), report);
	t.truthy(findError(workspace, /Incorrect value type|Invalid count argument/, 'main.tf:10'), report);
	// 1e9 is a valid count for Terraform; tfscope refuses it at its instance limit, and says which.
	const limit = findError(workspace, /limit|too many|more than/i, 'main.tf:14');
	t.truthy(limit, report);
	t.regex(limit?.detail ?? '', /100000|100,000/);
	t.false(instanceAddresses(workspace).some(address => address.startsWith('terraform_data.huge')));
	t.deepEqual(instanceAddresses(workspace).filter(address => address.startsWith('terraform_data.survivor')), ['terraform_data.survivor[0]', 'terraform_data.survivor[1]']);
	t.deepEqual(rangesInsideSources(workspace), []);
});

test('for_each over a list, a sensitive value and an unknown value', async t => {
	const workspace = await load(path.join(fixtures, 'for-each-invalid'));
	const report = describe(workspace.diagnostics);
	t.truthy(findError(workspace, /Invalid for_each argument/, 'main.tf:12'), report);
	t.truthy(findError(workspace, /Invalid for_each argument/, 'main.tf:16'), report);
	const unknown = workspace.instances.resources.get('terraform_data.unknown');
	t.is(unknown?.expansion.mode, 'unknown', 'an unknown for_each is "known after apply", not an error');
	t.deepEqual(instanceAddresses(workspace).filter(address => address.startsWith('terraform_data.survivor')), ['terraform_data.survivor["a"]', 'terraform_data.survivor["b"]']);
	t.deepEqual(rangesInsideSources(workspace), []);
});

// Hostile function calls: each expression of console-expressions.txt (terraform.txt beside it has Terraform's answers) and file("/dev/zero") evaluated on its own, as the console would: an error naming the problem, quickly. Loading the configuration whose locals make the same calls reports each at its line, and the survivor still expands.
const functionCases: ReadonlyArray<[RegExp, RegExp]> = [
	[/^length\(range\(1e9\)\)$/, /1024|limit|too many|more than/i],
	[/^file\(".*templates"\)$/, /directory/i],
	[/^file\(".*missing.txt"\)$/, /no file exists|does not exist|not found|no such file/i],
	[/^templatefile\(/, /recursive|recursion|templatefile/i],
	[/^regex\(/, /did not match|no match/i],
];

test('hostile function calls: each fails with a clear error; the configuration still loads', async t => {
	const directory = path.join(fixtures, 'functions-hostile');
	const workspace = await load(directory);
	t.true(instanceAddresses(workspace).includes('terraform_data.survivor'));
	const report = describe(workspace.diagnostics);
	for (const line of [2, 3, 4, 5, 6, 7]) {
		t.truthy(findError(workspace, /./, `main.tf:${line}`), `an error at main.tf:${line} in:\n${report}`);
	}

	const expressions = readFileSync(path.join(directory, 'console-expressions.txt'), 'utf8').trim().split('\n');
	for (const expression of [...expressions, 'file("/dev/zero")']) {
		const result = workspace.evaluateAt(expression);
		const error = result.diagnostics.find(diagnostic => diagnostic.severity === 'error');
		t.truthy(error, `${expression} gives an error`);
		const pattern = functionCases.find(([match]) => match.test(expression))?.[1] ?? /regular file|device|not a file|too large|limit|size/i;
		t.regex(`${error?.summary ?? ''}: ${error?.detail ?? ''}`, pattern, expression);
	}
});

// Generated cases.

function makeDirectory(name: string, files: Record<string, string | Buffer>): string {
	const directory = path.join(temporaryRoot, name);
	for (const [file, content] of Object.entries(files)) {
		const target = path.join(directory, file);
		mkdirSync(path.dirname(target), {recursive: true});
		writeFileSync(target, content);
	}

	return directory;
}

const survivor = 'resource "terraform_data" "survivor" {\n  input = "still here"\n}\n';

test('a binary file and a file of invalid UTF-8 named .tf: diagnostics naming them, the other files load', async t => {
	const random = Buffer.alloc(2048);
	for (let index = 0; index < random.length; index++) {
		random[index] = (index * 7919 + 13) % 256;
	}

	const directory = makeDirectory('binary', {
		'main.tf': survivor,
		'binary.tf': random,
		'latin1.tf': Buffer.from('locals {\n  a = "caf\u00E9"\n}\n', 'latin1'),
	});
	const workspace = await load(directory);
	const report = describe(workspace.diagnostics.filter(diagnostic => !diagnostic.subject?.filename.endsWith('binary.tf')));
	t.true(errors(workspace).some(diagnostic => diagnostic.subject?.filename.endsWith('binary.tf')));
	t.true(errors(workspace).filter(diagnostic => diagnostic.subject?.filename.endsWith('binary.tf')).some(diagnostic => /encoding|UTF-8/i.test(`${diagnostic.summary}: ${diagnostic.detail ?? ''}`)));
	t.true(instanceAddresses(workspace).includes('terraform_data.survivor'), report);
	// Invalid UTF-8 inside a quoted string: Terraform's "Invalid character encoding" at latin1.tf line 2.
	const encoding = errors(workspace).find(diagnostic => diagnostic.subject?.filename.endsWith('latin1.tf'));
	t.regex(`${encoding?.summary}: ${encoding?.detail}`, /encoding|UTF-8/i);
	t.is(encoding?.subject?.start.line, 2);
});

test('a CRLF file with a byte order mark loads without diagnostics', async t => {
	const directory = makeDirectory('crlf-bom', {'main.tf': `\uFEFF${survivor.replaceAll('\n', '\r\n')}`});
	const workspace = await load(directory);
	t.deepEqual(describe(workspace.diagnostics), '');
	t.true(instanceAddresses(workspace).includes('terraform_data.survivor'));
});

test('a 50 MB file: loaded, or refused with a diagnostic naming the file-size limit; the other files load', async t => {
	const line = `# ${'x'.repeat(98)}\n`;
	const directory = makeDirectory('big-file', {
		'main.tf': survivor,
		'big.tf': `${line.repeat(Math.ceil((50 * 1024 * 1024) / line.length))}resource "terraform_data" "in_big" {}\n`,
	});
	const workspace = await load(directory);
	t.true(instanceAddresses(workspace).includes('terraform_data.survivor'));
	const refused = findError(workspace, /limit|too (large|big)|size/i);
	if (refused) {
		t.true(refused.subject === undefined || refused.subject.filename.endsWith('big.tf') || refused.detail?.includes('big.tf') === true, describe([refused]));
		t.regex(`${refused.summary} ${refused.detail ?? ''}`, /big\.tf|MB|bytes/);
	} else {
		t.true(instanceAddresses(workspace).includes('terraform_data.in_big'), describe(workspace.diagnostics));
	}
});

test('symlink loops among module directories: diagnostics, no hang', async t => {
	const directory = makeDirectory('symlinks', {
		'main.tf': `${survivor}
module "self_link" {
  source = "./modules/a"
}

module "broken_link" {
  source = "./modules/ping"
}
`,
		'modules/a/main.tf': 'module "again" {\n  source = "./self"\n}\n',
	});
	symlinkSync('.', path.join(directory, 'modules/a/self'));
	symlinkSync('pong', path.join(directory, 'modules/ping'));
	symlinkSync('ping', path.join(directory, 'modules/pong'));
	const workspace = await load(directory);
	const report = describe(workspace.diagnostics);
	t.true(instanceAddresses(workspace).includes('terraform_data.survivor'));
	t.truthy(findError(workspace, /cycle|recursive|loop|itself|depth|nest/i), report);
	t.truthy(errors(workspace).find(diagnostic => /broken_link|ping/.test(`${diagnostic.summary} ${diagnostic.detail ?? ''}`) || diagnostic.subject?.start.line === 9), report);
});

test('modules nested 100 deep: loaded, or cut at a named depth limit; the root still loads', async t => {
	const files: Record<string, string> = {'main.tf': `${survivor}\nmodule "next" {\n  source = "./next"\n}\n`};
	let directory = '';
	for (let depth = 1; depth <= 100; depth++) {
		directory += 'next/';
		files[`${directory}main.tf`] = depth < 100
			? `variable "depth" {\n  default = ${depth}\n}\n\nresource "terraform_data" "level" {\n  input = var.depth\n}\n\nmodule "next" {\n  source = "./next"\n}\n`
			: 'resource "terraform_data" "bottom" {}\n';
	}

	const workspace = await load(makeDirectory('deep', files));
	t.true(instanceAddresses(workspace).includes('terraform_data.survivor'));
	const limit = findError(workspace, /depth|nest|deep|limit/i);
	if (limit) {
		t.truthy(limit.subject, describe([limit]));
	} else {
		t.is(workspace.instances.moduleInstances.size, 101, describe(workspace.diagnostics));
		t.true(instanceAddresses(workspace).some(address => address.endsWith('terraform_data.bottom')));
	}
});

test('for_each with a million keys: refused at the instance limit with a located diagnostic, the survivor expands', async t => {
	const keys = Array.from({length: 1_000_000}, (_, index) => `k${index}`);
	const directory = makeDirectory('million', {
		'main.tf': `${survivor}
variable "keys" {
  type = set(string)
}

resource "terraform_data" "many" {
  for_each = var.keys
}
`,
		'terraform.tfvars.json': JSON.stringify({keys}),
	});
	const workspace = await load(directory);
	t.true(instanceAddresses(workspace).includes('terraform_data.survivor'));
	const limit = findError(workspace, /limit|too many|more than/i, 'main.tf:10');
	t.truthy(limit, describe(workspace.diagnostics));
	t.regex(limit?.detail ?? '', /1000000|1,000,000/);
	t.false(instanceAddresses(workspace).some(address => address.startsWith('terraform_data.many')));
});

test('a string doubled through 40 locals: stopped at the string-length limit where it passes it, later locals unknown, the survivor expands', async t => {
	// l00 is 4 characters and each local doubles the one before: l25 is the first past 64 Mi characters (4 × 2^25 = 2^27).
	const locals = ['  l00 = "xxxx"', ...Array.from({length: 40}, (_, index) => {
		const previous = `local.l${String(index).padStart(2, '0')}`;
		return `  l${String(index + 1).padStart(2, '0')} = "\${${previous}}\${${previous}}"`;
	})];
	const directory = makeDirectory('doubling', {
		'main.tf': `${survivor}
locals {
${locals.join('\n')}
}

output "length" {
  value = length(local.l40)
}
`,
	});
	const workspace = await load(directory);
	t.true(instanceAddresses(workspace).includes('terraform_data.survivor'));
	t.deepEqual(errors(workspace).map(diagnostic => diagnostic.summary), ['String too long'], describe(workspace.diagnostics));
	const [limit] = errors(workspace);
	// Line 6 is l00, so l25 is on line 31; the subject is its template.
	t.is(`${path.basename(limit!.subject!.filename)}:${limit!.subject!.start.line}:${limit!.subject!.start.column}`, 'main.tf:31:9');
	t.is(limit!.detail, 'This template would build a string of 134217728 characters, more than tfscope\'s limit of 67108864 (maximumStringLength); its value is unknown.');
	t.is(workspace.instances.root.local('l24')?.kind, 'string');
	t.is(workspace.instances.root.local('l25')?.kind, 'unknown');
	t.is(workspace.instances.root.output('length')?.kind, 'unknown');
	t.deepEqual(rangesInsideSources(workspace), []);
});

test('the escape-sequence fixture loads (terminal safety is tested in test/safety)', async t => {
	const directory = path.join(temporaryRoot, 'escapes');
	cpSync(path.join(fixtures, 'escape-sequences'), directory, {recursive: true});
	const workspace = await load(directory);
	t.deepEqual(errors(workspace), []);
	t.is(instanceAddresses(workspace).filter(address => address.startsWith('terraform_data.keys')).length, 3);
});
