import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {Readable} from 'node:stream';
import test from 'ava';
import {defaultFlags, type CommandFlags} from '../../source/commands/command.js';
import {graphCommand} from '../../source/commands/graph.js';
import {buildInstanceGraph} from '../../source/graph/build.js';
import {instanceEdgesOf} from '../../source/graph/index.js';
import {maximumEdges} from '../../source/graph/adjacency.js';
import {emptyConsoleScope} from '../../source/commands/console.js';
import {maximumModuleInstances} from '../../source/expand/expander.js';
import {consoleOutput} from '../../source/lang/console.js';
import {compilePattern, countMatches} from '../../source/lang/functions/regex.js';
import {maximumCollectionElements} from '../../source/lang/functions/limits.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
Issue 20, what round two left over a few seconds or 1 GB: each case gets its diagnostic (or Terraform's answer) from a limit checked before the work is done, not after. No assertion here measures time: a hang shows as AVA's timeout.
*/

const root = mkdtempSync(path.join(os.tmpdir(), 'tfscope-round-three-'));

test.after.always(() => {
	rmSync(root, {recursive: true, force: true});
});

function configuration(name: string, files: Record<string, string>): string {
	const directory = path.join(root, name);
	for (const [file, text] of Object.entries(files)) {
		mkdirSync(path.dirname(path.join(directory, file)), {recursive: true});
		writeFileSync(path.join(directory, file), text);
	}

	return directory;
}

async function graph(directory: string, flags: Partial<CommandFlags>): Promise<{code: number; stdout: string; stderr: string}> {
	let stdout = '';
	let stderr = '';
	const code = await graphCommand({
		arguments: [directory],
		flags: {...defaultFlags, ...flags},
		stdin: Readable.from([]),
		stdout: {write: (text: string) => (stdout += text)},
		stderr: {write: (text: string) => (stderr += text)},
		isTerminal: false,
		environment: {},
		cwd: process.cwd(),
	});
	return {code, stdout, stderr};
}

// Every instance of b refers to every instance of a: 400 million instance edges.
const product = (reference: string) => `resource "terraform_data" "a" {
  count = 20000
}

resource "terraform_data" "b" {
  count = 20000
  input = ${reference}
}
`;

for (const [name, reference, column] of [
	['a splat', 'terraform_data.a[*].id', '7,11-33'],
	['an index not known statically', 'terraform_data.a[count.index + 0].id', '7,11-47'],
] as const) {
	test(`graph --instances of two 20,000-instance blocks joined through ${name} stops building at the edge limit and prints one error, no partial graph`, async t => {
		const directory = configuration(name.replaceAll(' ', '-'), {'main.tf': product(reference)});
		const result = await graph(directory, {instances: true, format: 'text'});
		t.is(result.code, 1);
		t.is(result.stdout, '');
		const lines = result.stderr.split('\n');
		t.is(lines[0], 'Error: Graph too large');
		t.is(lines[2], `  on ${path.join(directory, 'main.tf')}:${column}: ${reference}`);
		t.regex(result.stderr, new RegExp(`more than ${maximumEdges} edges \\(maximumEdges\\)`));
		t.regex(result.stderr, /It reached the limit at the edge terraform_data\.b\[\d+] -> terraform_data\.a\[0]\./);
		t.is(result.stderr.match(/Graph too large/g)?.length, 1);
	});
}

test('the instance graph stops at the edge limit: no edge past it is made, the first left out is named', async t => {
	const directory = configuration('product-index', {'main.tf': product('terraform_data.a[count.index + 0].id')});
	const workspace = await loadWorkspace({directory});
	const instances = buildInstanceGraph(workspace);
	t.true(instances.index.truncated);
	t.true(instances.edgeCount <= maximumEdges);
	t.like(instances.index.firstLeftOut, {target: 'terraform_data.a[0]', origin: {expression: 'terraform_data.a[count.index + 0].id'}});
	// The explorer asks for one node's edges, which are all there: a list of every instance is looked at once, not once per pair.
	const ofA = instanceEdgesOf(workspace, 'terraform_data.a[7]')!;
	t.is(ofA.filter(edge => edge.direction === 'in').length, 20_000);
	t.true(ofA.some(edge => edge.direction === 'in' && edge.address === 'terraform_data.b[19999]' && edge.expression === 'terraform_data.a[count.index + 0].id'));
	const ofB = instanceEdgesOf(workspace, 'terraform_data.b[5]')!;
	t.is(ofB.filter(edge => edge.direction === 'out' && edge.kind === 'reference').length, 20_000);
	// The block graph has the one edge.
	const blocks = await graph(directory, {format: 'text'});
	t.is(blocks.code, 0);
	t.true(blocks.stdout.includes('terraform_data.b\n  provider["terraform.io/builtin/terraform"]\n  terraform_data.a\n'));
});

// Twenty levels of modules, each calling the next twice: 2^21 - 2 module instances.
function nestedModules(name: string, meta: (level: number) => string, levels = 20, extra = ''): string {
	const files: Record<string, string> = {'main.tf': `module "m" {\n  source = "./m1"\n  ${meta(0)}\n  n      = 2\n}\n`};
	for (let level = 1; level <= levels; level++) {
		files[`m${level}/main.tf`] = level < levels
			? `variable "n" {}\n\nmodule "m" {\n  source = "../m${level + 1}"\n  ${meta(level)}\n  n      = var.n\n}\n${extra}`
			: 'variable "n" {}\n';
	}

	files['main.tf'] += 'resource "terraform_data" "kept" {}\n';
	return configuration(name, files);
}

const refusedAtTop = `main.tf:1: Too many instances: Expanding this block would make more than ${maximumModuleInstances} module instances in the whole configuration (at least 2097150 with those of the module calls it contains, whose counts multiply), more than tfscope expands; it is shown without instances.`;

const located = (diagnostics: ReadonlyArray<{severity: string; summary: string; detail?: string; subject?: {filename: string; start: {line: number}}}>) => diagnostics
	.filter(diagnostic => diagnostic.severity === 'error')
	.map(diagnostic => `${path.relative(root, diagnostic.subject!.filename).split(path.sep).slice(1).join('/')}:${diagnostic.subject!.start.line}: ${diagnostic.summary}: ${diagnostic.detail}`);

for (const [name, meta] of [
	['literal counts', () => 'count = 2'],
	// Issue 20: these ran up to the limit, 50,000 instances made (5.9 s, 374 MB), before stopping deep inside.
	['counts passed down as a variable', (level: number) => (level === 0 ? 'count = 2' : 'count = var.n')],
	['counts from a local of the variable', (level: number) => (level === 0 ? 'count = 2' : 'count = local.n')],
	['for_each over a set built from the variable', (level: number) => (level === 0 ? 'for_each = toset(["a", "b"])' : 'for_each = toset([for i in range(var.n) : tostring(i)])')],
	['for_each over a map of objects', (level: number) => (level === 0 ? 'for_each = {a = 1, b = 2}' : 'for_each = {for i in range(var.n) : "k${i}" => {size = i}}')],
] as const) {
	const extra = name.includes('local') ? '\nlocals {\n  n = max(var.n, 1)\n}\n' : '';
	test(`nested ${name} that multiply past the module-instance limit are refused at the top call, before any instance is made`, async t => {
		const workspace = await loadWorkspace({directory: nestedModules(`nested-${name.replaceAll(' ', '-')}`, meta, 20, extra)});
		t.deepEqual(located(workspace.diagnostics), [refusedAtTop]);
		// Only the root was made, and the rest of the configuration is there.
		t.deepEqual([...workspace.instances!.moduleInstances.keys()], ['']);
		t.deepEqual([...workspace.instances!.resourceInstances.keys()], ['terraform_data.kept']);
	});
}

test('nested counts under the limit expand in full, the same as literal ones, and an error below is reported once, where it is', async t => {
	const variable = await loadWorkspace({directory: nestedModules('under-variable', level => (level === 0 ? 'count = 2' : 'count = var.n'), 12)});
	const literal = await loadWorkspace({directory: nestedModules('under-literal', () => 'count = 2', 12)});
	t.is(variable.instances!.moduleInstances.size, 2 ** 13 - 1);
	t.deepEqual([...variable.instances!.moduleInstances.keys()], [...literal.instances!.moduleInstances.keys()]);
	t.deepEqual(located(variable.diagnostics), []);
	// Level 3 is given a count that is not a number: each of its four instances fails, the error is reported once (the probe that looked ahead reports nothing).
	const broken = await loadWorkspace({directory: nestedModules('under-broken', level => (level === 0 ? 'count = 2' : (level === 3 ? 'count = "x${var.n}"' : 'count = var.n')), 12)});
	t.deepEqual(located(broken.diagnostics), ['m3/main.tf:5: Incorrect value type: Invalid expression value: a number is required.']);
	t.is(broken.instances!.moduleInstances.size, 1 + 2 + 4 + 8);
});

test('nested counts that differ between instances are not predicted: they stop at the module-instance limit as it is reached', async t => {
	// `count.index * 0` makes each instance's count its own: nothing is known before the instances are made.
	const directory = configuration('nested-per-instance', {
		'main.tf': 'module "m" {\n  source = "./m1"\n  count  = 2\n  n      = 2 + count.index * 0\n}\n\nresource "terraform_data" "kept" {}\n',
		...Object.fromEntries(Array.from({length: 17}, (_, index) => [`m${index + 1}/main.tf`, index + 1 < 17 ? `variable "n" {}\n\nmodule "m" {\n  source = "../m${index + 2}"\n  count  = var.n\n  n      = var.n + count.index * 0\n}\n` : 'variable "n" {}\n'])),
	});
	const workspace = await loadWorkspace({directory});
	const errors = workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error');
	t.true(errors.length > 0);
	t.true(errors.every(diagnostic => diagnostic.summary === 'Too many instances' && diagnostic.detail === `Expanding this block would make more than ${maximumModuleInstances} module instances in the whole configuration, more than tfscope expands; it is shown without instances.`));
	t.true(workspace.instances!.moduleInstances.size <= maximumModuleInstances);
	t.true(workspace.instances!.resourceInstances.has('terraform_data.kept'));
});

const scope = emptyConsoleScope(os.tmpdir());
const run = (text: string) => {
	const output = consoleOutput(text, scope);
	return output.ok ? output.stdout.trimEnd() : output.stderr.replaceAll(/\s+/g, ' ');
};

test('regexall counts the matches of any pattern, computed ones too, before building one: past the limit it is one error', t => {
	const message = `Call to function "regexall" failed: the result would have ${maximumCollectionElements + 1} elements, more than tfscope's limit of ${maximumCollectionElements} (maximumCollectionElements).`;
	for (const pattern of ['join("", [".", ""])', 'local_pattern', '"\\\\s"', '"(a)|( )"', '"(?P<space> )"', '"x*"']) {
		const expression = pattern === 'local_pattern' ? 'length(regexall(lower("[ ]"), format("%10000000s", "a")))' : `length(regexall(${pattern}, format("%10000000s", "a")))`;
		t.true(run(expression).includes(message), expression);
	}

	// Under the limit, the matches are built as before, groups or none.
	t.is(run('length(regexall(lower("[ ]"), format("%100000s", "a")))'), '99999');
	t.is(run('regexall(lower("[AB]"), "xaybz")'), 'tolist([\n  "a",\n  "b",\n])');
	t.is(run('regexall("(a)(b)?", "aab")'), 'tolist([\n  [\n    "a",\n    tostring(null),\n  ],\n  [\n    "a",\n    "b",\n  ],\n])');
	t.is(run('regexall("(?P<x>a)", "aa")'), 'tolist([\n  {\n    "x" = "a"\n  },\n  {\n    "x" = "a"\n  },\n])');
	t.is(run('regexall("x*", "ab")'), 'tolist([\n  "",\n  "",\n  "",\n])');
});

test('countMatches stops at its limit and follows Go\'s rule for empty matches', t => {
	const compile = (source: string) => compilePattern(source, code => {
		throw new Error(code);
	});
	t.is(countMatches(compile('.'), 'x'.repeat(1000), 10), 10);
	t.is(countMatches(compile('a*'), 'baaab', 100), 3);
	t.is(countMatches(compile(','), 'a,b,c', 100), 2);
	t.is(countMatches(compile(''), 'a😀b', 100), 4);
});

// Found by npm run fuzz (seed 20261124): a module call named "{loop" crashed every graph export.
test('names that are not identifiers are Terraform\'s errors, and every graph export still prints, without the blocks so named', async t => {
	const directory = configuration('bad-names', {
		'main.tf': 'variable "a b" {\n  default = 1\n}\n\noutput "o.o" {\n  value = 1\n}\n\nmodule "{m" {\n  source = "./c"\n}\n\nmodule "a.b" {\n  source = "./c"\n}\n\nresource "bad type" "x y" {}\n\ndata "acme_thing" "1n" {}\n',
		'c/main.tf': 'output "x" {\n  value = 1\n}\n',
	});
	const workspace = await loadWorkspace({directory});
	t.deepEqual(workspace.diagnostics.map(diagnostic => `${diagnostic.subject!.start.line}:${diagnostic.subject!.start.column} ${diagnostic.summary}`), [
		'1:10 Invalid variable name',
		'5:8 Invalid output name',
		'9:8 Invalid module instance name',
		'13:8 Invalid module instance name',
		'17:10 Invalid resource type',
		'17:21 Invalid resource name',
		'19:19 Invalid data source name',
	]);
	for (const format of ['dot', 'mermaid', 'json', 'text']) {
		for (const instances of [false, true]) {
			const result = await graph(directory, {format, instances});
			t.is(result.code, 0, `${format} ${instances}`);
			// A block with an invalid name is not loaded (round five: such a name must not reach an instance or a terminal).
			t.false(result.stdout.includes('module.{m'), `${format} ${instances}`);
			t.false(result.stdout.includes('module.a.b'), `${format} ${instances}`);
		}
	}
});
