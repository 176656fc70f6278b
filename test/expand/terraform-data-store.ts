import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {formatValue} from '../../source/lang/format-value.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
Terraform 1.16's `store` block of `terraform_data`, on test/fixtures/configs/terraform-1.16-store (its diagnostics are checked by its markers in test/config/error-fixtures.ts). Terraform 1.16 is not on these machines: the schema and what a new instance plans are read from hashicorp/terraform v1.16, internal/builtin/providers/terraform/resource_data.go (dataStoreResourceSchema, planDataStoreResourceChange, storeMap).
*/

const fixture = path.join(import.meta.dirname, '..', 'fixtures', 'configs', 'terraform-1.16-store');
const workspace = loadWorkspace({directory: fixture, environment: {}});

const cases: Array<[string, string]> = [
	// Every terraform_data has the attribute at 1.16: null without the block.
	['terraform_data.plain.store', 'null /* object */'],
	['keys(terraform_data.plain)', '[\n  "id",\n  "input",\n  "output",\n  "store",\n  "triggers_replace",\n]'],
	// The input is stored at apply: unknown of its type now; input is write-only, so null.
	['terraform_data.kept.store.output', '(known after apply)'],
	['terraform_data.kept.store.input', 'null'],
	['terraform_data.kept.store.sensitive_output', '(sensitive value)'],
	// sensitive = true: in sensitive_output, marked sensitive; output null.
	['terraform_data.hidden.store.output', 'null'],
	['terraform_data.hidden.store.sensitive_output', '(known after apply)'],
	['issensitive(terraform_data.hidden.store.sensitive_output)', 'true'],
	['terraform_data.hidden.store.version', '1'],
	// A null input stores nothing, whatever the version.
	['terraform_data.empty.store.output', 'null'],
	['terraform_data.empty.store.version', '"v1"'],
];

for (const [expression, expected] of cases) {
	test(`Terraform 1.16: ${expression}`, async t => {
		const {value, diagnostics} = (await workspace).evaluateAt(expression);
		t.deepEqual(diagnostics, []);
		t.is(formatValue(value), expected);
	});
}

test('Terraform 1.16: the stored value has the input\'s type', async t => {
	const loaded = await workspace;
	const output = loaded.evaluateAt('terraform_data.kept.store.output').value;
	t.deepEqual(output, {kind: 'unknown', type: {kind: 'string'}});
	const hidden = loaded.evaluateAt('nonsensitive(terraform_data.hidden.store.sensitive_output)').value;
	t.like(hidden, {kind: 'unknown', type: {kind: 'tuple'}});
});

test('before Terraform 1.16 terraform_data has no store block', async t => {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-store-'));
	t.teardown(() => {
		fs.rmSync(directory, {recursive: true, force: true});
	});
	fs.writeFileSync(path.join(directory, 'main.tf'), 'terraform {\n  required_version = "~> 1.15.0"\n}\n\nresource "terraform_data" "kept" {\n  store {\n    input = 1\n  }\n}\n');
	const older = await loadWorkspace({directory, environment: {}});
	t.is(older.language.rules.version, '1.15');
	t.deepEqual(older.diagnostics.map(diagnostic => `${diagnostic.subject?.start.line}: ${diagnostic.summary}: ${diagnostic.detail}`), ['6: Unsupported block type: Blocks of type "store" are not expected here.']);
	t.is(formatValue(older.evaluateAt('keys(terraform_data.kept)').value), '[\n  "id",\n  "input",\n  "output",\n  "triggers_replace",\n]');
});
