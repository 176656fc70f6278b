import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {diffWorkspaces} from '../../source/diff/index.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
Terraform 1.16 imports in child modules, on test/fixtures/configs/terraform-1.16-imports. Terraform 1.16 is not on these machines: what its plan imports is read from hashicorp/terraform v1.16 (internal/refactoring/import_statement.go, internal/terraform/node_resource_plan.go expandResourceImports, and the testdata the fixture follows).
*/

const fixture = path.join(import.meta.dirname, '..', 'fixtures', 'configs', 'terraform-1.16-imports');

const made: string[] = [];
test.after.always(() => {
	for (const directory of made) {
		fs.rmSync(directory, {recursive: true, force: true});
	}
});

function emptyDirectory(): string {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-imports-'));
	made.push(directory);
	return directory;
}

test('Terraform 1.16: a child module\'s imports are relative to it, expanded per module instance, and a parent\'s block wins', async t => {
	const [from, to] = await Promise.all([loadWorkspace({directory: emptyDirectory(), environment: {}}), loadWorkspace({directory: fixture, environment: {}})]);
	t.is(to.language.rules.version, '1.16');
	t.deepEqual(to.diagnostics, []);
	const changes = diffWorkspaces(from, to).changes.map(change => `${change.address} ${change.action}${change.importing ? ` import ${change.importing.id ?? '?'}` : ''}`);
	t.deepEqual(changes, [
		'module.child.module.kinder.terraform_data.bar no-op import importable',
		'module.child.terraform_data.bar["first"] no-op import testa',
		'module.child.terraform_data.bar["second"] no-op import testb',
		// The root's block names module.counted[1] and overrides the module's own block in every instance: [0] is created.
		'module.counted[0].terraform_data.foo create',
		'module.counted[1].terraform_data.foo no-op import from-root',
	]);
});

test('before Terraform 1.16 an import block in a child module is an error, and imports nothing', async t => {
	const directory = emptyDirectory();
	fs.cpSync(fixture, directory, {recursive: true});
	fs.writeFileSync(path.join(directory, 'versions.tf'), 'terraform {\n  required_version = "< 1.16"\n}\n');
	const [from, to] = await Promise.all([loadWorkspace({directory: emptyDirectory(), environment: {}}), loadWorkspace({directory, environment: {}})]);
	t.is(to.language.rules.version, '1.15');
	t.deepEqual(to.diagnostics.map(diagnostic => `${path.relative(directory, diagnostic.subject!.filename)}:${diagnostic.subject!.start.line} ${diagnostic.summary}: ${diagnostic.detail}`), [
		'modules/child/main.tf:12 Invalid import configuration: An import block was detected in "module.child". Import blocks are only allowed in the root module.',
		'modules/counted/main.tf:3 Invalid import configuration: An import block was detected in "module.counted". Import blocks are only allowed in the root module.',
		'modules/kinder/main.tf:1 Invalid import configuration: An import block was detected in "module.child.module.kinder". Import blocks are only allowed in the root module.',
	]);
	t.deepEqual(diffWorkspaces(from, to).changes.filter(change => change.importing).map(change => change.address), ['module.counted[1].terraform_data.foo']);
});
