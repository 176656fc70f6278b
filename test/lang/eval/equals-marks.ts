import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {formatValue} from '../../../source/lang/format-value.js';
import {loadWorkspace} from '../../../source/workspace.js';

/*
`==` and `!=` with one null operand keep only the operands' top-level marks from go-cty 1.18.0 (zclconf/go-cty commit d586d11, cty/value_ops.go Value.Equals), which Terraform 1.15 (go.mod: go-cty v1.18.0) and OpenTofu 1.12 (v1.18.0) ship: `var.settings == null` no longer turns sensitive because an attribute inside is. Before (Terraform 1.11 to 1.14, OpenTofu 1.11), every mark of both operands reaches the result: Terraform 1.11's console printed `(sensitive value)` for each case (test/fixtures/functions/go-cty.json).
*/

const made: string[] = [];
test.after.always(() => {
	for (const directory of made) {
		fs.rmSync(directory, {recursive: true, force: true});
	}
});

async function consoleAt(file: string, text: string, expressions: readonly string[]): Promise<{version: string; printed: string[]}> {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-equals-'));
	made.push(directory);
	fs.writeFileSync(path.join(directory, file), text);
	const workspace = await loadWorkspace({directory, environment: {}});
	return {version: `${workspace.language.rules.product} ${workspace.language.rules.version}`, printed: expressions.map(expression => formatValue(workspace.evaluateAt(expression).value))};
}

const constraint = (version: string): string => `terraform {\n  required_version = "~> ${version}.0"\n}\n`;
const cases = ['{a = sensitive("x")} == null', 'null != [sensitive(1)]', 'sensitive({a = 1}) == null', '{a = sensitive("x")} == {a = "y"}', 'sensitive(null) == {a = sensitive(1)}'];
const allSensitive = cases.map(() => '(sensitive value)');
const shallow = ['false', 'true', '(sensitive value)', '(sensitive value)', '(sensitive value)'];

test('Terraform 1.11 and 1.14, OpenTofu 1.11: every mark of both operands', async t => {
	t.deepEqual(await consoleAt('main.tf', constraint('1.11'), cases), {version: 'Terraform 1.11', printed: allSensitive});
	t.deepEqual(await consoleAt('main.tf', constraint('1.14'), cases), {version: 'Terraform 1.14', printed: allSensitive});
	t.deepEqual(await consoleAt('main.tofu', constraint('1.11'), cases), {version: 'OpenTofu 1.11', printed: allSensitive});
});

test('Terraform 1.15 and 1.16, OpenTofu 1.12: with one null operand, only the top-level marks', async t => {
	t.deepEqual(await consoleAt('main.tf', constraint('1.15'), cases), {version: 'Terraform 1.15', printed: shallow});
	t.deepEqual(await consoleAt('main.tf', '', cases), {version: 'Terraform 1.16', printed: shallow});
	t.deepEqual(await consoleAt('main.tofu', '', cases), {version: 'OpenTofu 1.12', printed: shallow});
});

test('a condition on a variable compared with null is no longer sensitive from Terraform 1.15', async t => {
	const text = (version: string) => `${constraint(version)}variable "settings" {\n  type = object({password = string})\n  default = {password = "p"}\n}\nvariable "password" {\n  default = "p"\n  sensitive = true\n}\nlocals {\n  settings = {password = var.password}\n  mode = local.settings == null ? "none" : "set"\n}\n`;
	t.deepEqual((await consoleAt('main.tf', text('1.14'), ['local.mode'])).printed, ['(sensitive value)']);
	t.deepEqual((await consoleAt('main.tf', text('1.16'), ['local.mode'])).printed, ['"set"']);
});
