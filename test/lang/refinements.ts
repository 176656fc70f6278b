import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {consoleOutput} from '../../source/lang/console.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
Refined unknown values against `terraform console -plan` (1.11): the expressions of test/fixtures/console/refinements-expressions.txt in the configuration refinements/main.tf, whose goldens `regenerate.ts --refinements` writes. Refinements show through `!= null`, `startswith`, `length(...) > 0` and the like; an unknown itself prints `(known after apply)`.
*/

type ConsoleCase = {expression: string; stdout: string; stderr: string; exitCode: number};

const fixtures = path.join('test', 'fixtures', 'console');
const cases = JSON.parse(fs.readFileSync(path.join(fixtures, 'refinements-cases.json'), 'utf8')) as ConsoleCase[];
const workspace = loadWorkspace({directory: path.join(fixtures, 'refinements')});

test('at least 60 refinement goldens', t => {
	t.true(cases.length >= 60);
});

for (const golden of cases) {
	test(golden.expression, async t => {
		const {value: scope} = (await workspace).scopeAt();
		const output = consoleOutput(golden.expression, scope!);
		t.is(output.stdout + output.stderr, golden.stdout + golden.stderr);
	});
}
