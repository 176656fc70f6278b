import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import test from 'ava';
import fc from 'fast-check';
import {parseConfig, parseExpression} from '../../source/hcl/index.js';
import {loadWorkspace, type Workspace} from '../../source/workspace.js';
import {parseResultProblems, rangeProblems} from './_invariants.js';

/*
Properties over random and mutated input, seeded from the fixtures: the parser, the evaluator (through the Workspace's console entry point) and the loader never throw, always finish, and every range they report lies inside its source. Seeds are fixed, so a failure reproduces; fast-check prints the counterexample.
*/

const here = path.dirname(fileURLToPath(import.meta.url));
const repository = path.resolve(here, '../..');
const fixtures = path.join(repository, 'test/fixtures');

function filesUnder(directory: string, extension: RegExp): string[] {
	return readdirSync(directory, {withFileTypes: true}).flatMap(entry => {
		const full = path.join(directory, entry.name);
		if (entry.isDirectory()) {
			return filesUnder(full, extension);
		}

		return extension.test(entry.name) && statSync(full).size < 20_000 ? [full] : [];
	});
}

// Seed corpora: every small .tf file of the fixtures and the example, and the console expressions of the function goldens.
const seedFiles = [...filesUnder(fixtures, /\.tf$/), ...filesUnder(path.join(repository, 'examples'), /\.tf$/)].map(file => readFileSync(file, 'utf8'));
const seedExpressions = filesUnder(path.join(fixtures, 'functions'), /\.json$/).flatMap(file => {
	try {
		const cases = JSON.parse(readFileSync(file, 'utf8')) as unknown;
		return Array.isArray(cases) ? cases.map(item => (item as {expression?: unknown}).expression).filter((expression): expression is string => typeof expression === 'string') : [];
	} catch {
		return [];
	}
});

// Pieces of HCL syntax that break things when inserted in the wrong place.
const fragments = ['{', '}', '[', ']', '(', ')', '"', '${', '%{', '}"', '<<EOT\n', '<<-EOT\n', '\nEOT\n', '=', '==', '=>', ',', '.', '.*', '[*]', '...', '?', ':', '#', '//', '/*', '*/', '\\', '\n', '\r\n', '\t', '\u0000', '\uFEFF', '~}', '%{ endif }', 'for x in', 'if', 'null', '-1e999', '0x', '\u001B]0;t\u0007', '\uD800', 'é', '𝄞'];

type Edit = {readonly at: number; readonly remove: number; readonly insert: string};

const edit: fc.Arbitrary<Edit> = fc.record({
	at: fc.nat(),
	remove: fc.nat({max: 12}),
	insert: fc.oneof(fc.constantFrom(...fragments), fc.string({maxLength: 6}), fc.constant('')),
});

function mutate(text: string, edits: readonly Edit[]): string {
	let result = text;
	for (const {at, remove, insert} of edits) {
		const position = result.length === 0 ? 0 : at % (result.length + 1);
		result = result.slice(0, position) + insert + result.slice(position + remove);
	}

	return result;
}

function mutated(seeds: readonly string[], maxEdits: number): fc.Arbitrary<string> {
	return fc.tuple(fc.constantFrom(...seeds), fc.array(edit, {minLength: 1, maxLength: maxEdits})).map(([seed, edits]) => mutate(seed, edits));
}

test('parseConfig: random text never throws and keeps every range inside the source', t => {
	t.true(seedFiles.length > 10);
	fc.assert(fc.property(fc.oneof(fc.string({unit: 'binary', maxLength: 300}), mutated(seedFiles, 8)), text => {
		const result = parseConfig(text, 'fuzz.tf');
		const problems = parseResultProblems(result.value, result.diagnostics, text, 'fuzz.tf');
		if (problems.length > 0) {
			throw new Error(problems.slice(0, 3).join('\n'));
		}
	}), {seed: 20_261_122, numRuns: 300});
});

test('parseExpression: random and mutated expressions never throw and keep ranges inside the source', t => {
	t.true(seedExpressions.length > 50);
	fc.assert(fc.property(fc.oneof(fc.string({unit: 'binary', maxLength: 120}), mutated(seedExpressions, 4)), text => {
		const result = parseExpression(text, 'fuzz.hcl');
		const problems = parseResultProblems(result.value, result.diagnostics, text, 'fuzz.hcl');
		if (problems.length > 0) {
			throw new Error(problems.slice(0, 3).join('\n'));
		}
	}), {seed: 20_261_123, numRuns: 500});
});

let example: Workspace | undefined;

test.before(async () => {
	example = await loadWorkspace({directory: path.join(repository, 'examples/multi-region'), environment: {}, cwd: repository});
});

test('the evaluator: mutated console expressions in the example never throw; located diagnostics point inside the expression', t => {
	const workspace = example!;
	const addresses = ['', ...[...workspace.instances.moduleInstances.keys()].slice(0, 3), ...[...workspace.instances.resourceInstances.keys()].slice(0, 3)];
	const references = ['var.project', 'local.common_tags', 'module.network', 'each.value', 'count.index', 'path.module', 'terraform.workspace', 'self'];
	fc.assert(fc.property(
		fc.oneof(mutated([...seedExpressions, ...references], 3), fc.constantFrom(...seedExpressions, ...references)),
		fc.constantFrom(...addresses),
		(text, address) => {
			const result = workspace.evaluateAt(text, address);
			if (!result || !Array.isArray(result.diagnostics) || typeof result.value !== 'object') {
				throw new Error('evaluateAt must return a result');
			}

			for (const diagnostic of result.diagnostics) {
				const subject = diagnostic.subject;
				if (!subject) {
					continue;
				}

				const source = subject.filename === '<console-input>' ? text : workspace.sources.get(subject.filename);
				if (source !== undefined) {
					const problems = rangeProblems(subject, source, subject.filename, diagnostic.summary);
					if (problems.length > 0) {
						throw new Error(problems.join('\n'));
					}
				}
			}
		},
	), {seed: 20_261_124, numRuns: 400});
	t.pass();
});

test('the loader: directories of mutated files load without throwing; diagnostics point inside their files', async t => {
	const root = mkdtempSync(path.join(os.tmpdir(), 'tfscope-fuzz-'));
	let run = 0;
	try {
		await fc.assert(fc.asyncProperty(fc.array(mutated(seedFiles, 5), {minLength: 1, maxLength: 3}), async texts => {
			const directory = path.join(root, String(run++));
			mkdirSync(directory);
			for (const [index, text] of texts.entries()) {
				writeFileSync(path.join(directory, `file${index}.tf`), text);
			}

			const workspace = await loadWorkspace({directory, environment: {}, cwd: directory});
			for (const diagnostic of workspace.diagnostics) {
				const subject = diagnostic.subject;
				const source = subject && workspace.sources.get(subject.filename);
				if (subject && source !== undefined) {
					const problems = rangeProblems(subject, source, subject.filename, diagnostic.summary);
					if (problems.length > 0) {
						throw new Error(problems.join('\n'));
					}
				}
			}

			rmSync(directory, {recursive: true, force: true});
		}), {seed: 20_261_125, numRuns: 40});
	} finally {
		rmSync(root, {recursive: true, force: true});
	}

	t.pass();
});
