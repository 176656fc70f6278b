import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {findAttribute} from '../../source/hcl/ast.js';
import {isIgnoredFile, isOverrideFile, loadDirectory, selectConfigurationFiles} from '../../source/config/load-directory.js';
import {loadModuleTree} from '../../source/config/load-module-tree.js';
import {literalBool, literalString} from '../../source/config/static.js';

const fixtures = path.join(import.meta.dirname, '..', 'fixtures', 'configs');

test('selects configuration files: tofu hides tf, overrides last, hidden and backups ignored', t => {
	const names = ['main.tf', 'b.tofu', 'b.tf', 'c.tf.json', 'c.tofu.json', 'override.tf', 'a_override.tf.json', '.hidden.tf', 'main.tf~', '#x.tf#', 'notes.txt', 'x.tfvars'];
	t.deepEqual(selectConfigurationFiles('dir', names).map(file => file.name), ['b.tofu', 'c.tofu.json', 'main.tf', 'a_override.tf.json', 'override.tf']);
	t.true(isOverrideFile('override.tofu'));
	t.true(isOverrideFile('net_override.tf'));
	t.false(isOverrideFile('overrides.tf'));
	t.true(isIgnoredFile('.terraform.lock.hcl'));
});

test('loads a directory with tofu, JSON and override files', t => {
	const {module, diagnostics} = loadDirectory(path.join(fixtures, 'files'));
	t.deepEqual(diagnostics, []);
	t.deepEqual([...module.resources.keys()].sort(), ['terraform_data.base', 'terraform_data.from_json', 'terraform_data.from_tofu_file', 'terraform_data.overridden']);
	const overridden = module.resources.get('terraform_data.overridden')!;
	t.is(literalString(findAttribute(overridden.body, 'input')?.expression), 'overridden');
	t.truthy(findAttribute(overridden.body, 'triggers_replace'), 'arguments the override does not set are kept');
	t.deepEqual({create: overridden.lifecycle.createBeforeDestroy, prevent: overridden.lifecycle.preventDestroy}, {create: true, prevent: true}, 'lifecycle merges argument by argument');
	t.is(literalString(module.locals.get('greeting')?.expression), 'hi');
	t.is(literalString(module.locals.get('kept')?.expression), 'kept');
	t.is(module.variables.get('size')?.default?.kind, 'Literal');
	t.truthy(module.variables.get('size')?.typeExpression, 'the type from the primary file stays');
	t.truthy(module.resources.get('terraform_data.from_json')?.count);
	t.true(module.outputs.has('greeting'));
	t.false(literalBool(findAttribute(module.resources.get('terraform_data.base')!.body, 'input')?.expression) ?? false);
});

test('a missing directory is a diagnostic, not a crash', t => {
	const {module, diagnostics} = loadDirectory(path.join(fixtures, 'no-such-directory'));
	t.is(module.resources.size, 0);
	t.is(diagnostics[0]?.summary, 'Failed to read module directory');
});

test('installed modules come from the manifest in TF_DATA_DIR', t => {
	const {root, diagnostics} = loadModuleTree(path.join(fixtures, 'installed'), {environment: {TF_DATA_DIR: 'tfdata'}});
	const remote = root.children.get('remote')!;
	t.is(remote.source.kind, 'installed');
	t.deepEqual([...remote.module.resources.keys()], ['terraform_data.remote']);
	t.deepEqual([...remote.children.get('sub')!.module.resources.keys()], ['terraform_data.sub']);
	t.is(root.children.get('missing')?.source.kind, 'unresolved');
	t.deepEqual(diagnostics.map(diagnostic => diagnostic.summary), ['Module not installed']);
});

test('without the manifest, registry modules are unresolved and the rest loads', t => {
	const {root, diagnostics} = loadModuleTree(path.join(fixtures, 'installed'));
	t.is(root.children.get('remote')?.source.kind, 'unresolved');
	t.is(diagnostics.length, 2);
});

test('symlink loops and unreadable entries are diagnostics', t => {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-links-'));
	try {
		fs.writeFileSync(path.join(directory, 'main.tf'), 'module "loop" {\n  source = "./loop"\n}\n\nresource "terraform_data" "ok" {}\n');
		fs.symlinkSync('loop.tf', path.join(directory, 'loop.tf'));
		fs.symlinkSync('loop', path.join(directory, 'loop'));
		fs.mkdirSync(path.join(directory, 'folder.tf'));
		const {root, diagnostics} = loadModuleTree(directory);
		t.deepEqual([...root.module.resources.keys()], ['terraform_data.ok']);
		t.is(root.children.get('loop')?.source.kind, 'unresolved');
		t.deepEqual(diagnostics.map(diagnostic => diagnostic.summary).sort(), ['Failed to read file', 'Unreadable module directory']);
	} finally {
		fs.rmSync(directory, {recursive: true, force: true});
	}
});

test('ephemeral blocks are resources of mode ephemeral, keyed ephemeral.TYPE.NAME', t => {
	const {module, diagnostics} = loadDirectory(path.join(fixtures, 'ephemeral'));
	t.deepEqual(diagnostics, []);
	t.deepEqual([...module.resources.keys()], ['ephemeral.random_password.db', 'ephemeral.random_password.per_user', 'ephemeral.aws_secretsmanager_secret_version.counted', 'aws_db_instance.db']);
	const db = module.resources.get('ephemeral.random_password.db')!;
	t.deepEqual({mode: db.mode, type: db.type, name: db.name}, {mode: 'ephemeral', type: 'random_password', name: 'db'});
	t.truthy(module.resources.get('ephemeral.random_password.per_user')!.forEach);
});
