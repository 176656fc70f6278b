import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {consoleOutput} from '../../source/lang/console.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
The console at the root under --plan prints what `terraform console -plan` prints on the same configuration and state (test/fixtures/saved-plan/review, made by its regenerate.ts): each expression's result, byte for byte. Terraform's console first prints the plan's warnings (`preamble` in the golden); tfscope's does not repeat them before every result.
*/

type ConsoleCase = {expression: string; stdout: string; stderr: string; exitCode: number};

const fixture = path.join('test', 'fixtures', 'saved-plan', 'review');
const golden = JSON.parse(fs.readFileSync(path.join(fixture, 'console.json'), 'utf8')) as {preamble: string; cases: ConsoleCase[]};
// Without the state file the goldens were made with: every value comes from the plan.
const workspace = loadWorkspace({directory: path.join(fixture, 'after'), planFile: path.join(fixture, 'plan.json')});

test('at least 30 console -plan goldens', t => {
	t.true(golden.cases.length >= 30);
});

for (const entry of golden.cases) {
	test(entry.expression, async t => {
		const {value: scope} = (await workspace).scopeAt();
		const output = consoleOutput(entry.expression, scope!);
		t.is(output.stdout + output.stderr, entry.stdout + entry.stderr);
	});
}

test('without the plan the same configuration predicts unknowns where the plan knows', async t => {
	const alone = await loadWorkspace({directory: path.join(fixture, 'after')});
	const {value: scope} = alone.scopeAt();
	t.is(consoleOutput('terraform_data.updated.id', scope!).stdout, '(known after apply)\n');
	const {value: planned} = (await workspace).scopeAt();
	t.regex(consoleOutput('terraform_data.updated.id', planned!).stdout, /^"[\da-f-]{36}"\n$/);
});
