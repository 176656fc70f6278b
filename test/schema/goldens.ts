import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {runConsole} from '../../source/commands/console.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
The built-in provider's schema against terraform 1.11: values from `terraform console -plan`, diagnostics from `terraform validate` (test/fixtures/schema/regenerate.ts).
*/

const fixtures = path.join(import.meta.dirname, '../fixtures/schema');

type ConsoleCase = {expression: string; stdout: string; stderr: string; exitCode: number};
type ValidateCase = {severity: string; summary: string; detail: string; range?: string};

const builtin = path.join(fixtures, 'builtin');
const workspace = loadWorkspace({directory: builtin, bundledSchemas: false});

for (const golden of JSON.parse(fs.readFileSync(path.join(builtin, 'cases.json'), 'utf8')) as ConsoleCase[]) {
	test(`console -plan: ${golden.expression}`, async t => {
		const {value: scope} = (await workspace).scopeAt();
		let stdout = '';
		let stderr = '';
		const exitCode = runConsole(`${golden.expression}\n`, {
			scope: scope!,
			stdout: {write: chunk => (stdout += chunk)},
			stderr: {write: chunk => (stderr += chunk)},
		});
		t.deepEqual({stdout, stderr, exitCode}, {stdout: golden.stdout, stderr: golden.stderr, exitCode: golden.exitCode});
	});
}

for (const [name, syntax] of [['validate', 'native syntax'], ['validate-json', 'JSON syntax']] as const) {
	test(`validate (${syntax}): the same diagnostics as terraform validate, with its ranges`, async t => {
		const directory = path.join(fixtures, name);
		const loaded = await loadWorkspace({directory, bundledSchemas: false});
		const actual = loaded.diagnostics.map(diagnostic => ({
			severity: diagnostic.severity,
			summary: diagnostic.summary,
			detail: diagnostic.detail ?? '',
			...(diagnostic.subject && {range: `${path.relative(directory, diagnostic.subject.filename)}:${diagnostic.subject.start.line},${diagnostic.subject.start.column}-${diagnostic.subject.end.line},${diagnostic.subject.end.column}`}),
		}));
		const expected = JSON.parse(fs.readFileSync(path.join(directory, 'expected.json'), 'utf8')) as ValidateCase[];
		const order = (a: ValidateCase, b: ValidateCase): number => (a.range! < b.range! ? -1 : (a.range! > b.range! ? 1 : 0));
		t.deepEqual(actual.sort(order), expected.sort(order));
	});
}
