import path from 'node:path';
import test from 'ava';
import {loadModuleTree} from '../../source/config/load-module-tree.js';
import {checkRefactoringBlocks} from '../../source/expand/refactoring.js';
import {rulesFor} from '../../source/config/language.js';

// Terraform 1.11 to 1.15 allow import blocks in the root module only; 1.16 anywhere (see the last tests).
const terraform115 = rulesFor('terraform', '1.15');

const fixture = path.join('test', 'fixtures', 'configs', 'refactoring');

test('moved, removed and import blocks get the diagnostics Terraform gives', t => {
	const tree = loadModuleTree(fixture);
	const found = checkRefactoringBlocks(tree.root, terraform115).map(diagnostic => `${path.relative(fixture, diagnostic.subject!.filename)}:${diagnostic.subject!.start.line}: ${diagnostic.summary}`);
	t.deepEqual(found, [
		'main.tf:23: Invalid "moved" addresses',
		'main.tf:28: Redundant move statement',
		'main.tf:34: Invalid expression',
		'main.tf:6: Removed resource still exists',
		'main.tf:8: Removed module still exists',
		'main.tf:54: Configuration for import target does not exist',
		// Checked with terraform validate on configurations of their own: the moved errors above stop it before imports.
		'main.tf:75: Invalid expression',
		'main.tf:82: Unknown variable',
		'child/main.tf:3: Invalid import configuration',
	]);
});

test('the details name the addresses', t => {
	const tree = loadModuleTree(fixture);
	const details = checkRefactoringBlocks(tree.root, terraform115).map(diagnostic => diagnostic.detail ?? '');
	t.true(details.includes('This statement declares a move from terraform_data.a[0] to the same address, which is the same as not declaring this move at all.'));
	t.true(details.includes('This statement declares that terraform_data.b was removed, but it is still declared in configuration.'));
	t.true(details.includes('An import block was detected in "module.m". Import blocks are only allowed in the root module.'));
	t.true(details.some(detail => detail.startsWith('The configuration for the given import target terraform_data.nothere does not exist.')));
	t.true(details.includes('There is no variable named "local".Only "each.key" and "each.value" can be used in import address index expressions.'));
});

test('a configuration without these blocks has nothing to report', t => {
	t.deepEqual(checkRefactoringBlocks(loadModuleTree(path.join('examples', 'multi-region')).root), []);
});

test('in JSON syntax the endpoints are strings holding references', t => {
	const directory = path.join('test', 'fixtures', 'configs', 'refactoring-json');
	const found = checkRefactoringBlocks(loadModuleTree(directory).root).map(diagnostic => `${diagnostic.subject!.start.line}: ${diagnostic.summary}`);
	// Terraform points a JSON block at its key (`"moved": [`), as here.
	t.deepEqual(found, ['8: Redundant move statement', '17: Invalid expression']);
});

test('Terraform 1.16 accepts import blocks in child modules, their targets relative to the module (internal/refactoring/import_statement.go at v1.16)', t => {
	const tree = loadModuleTree(fixture);
	const found = checkRefactoringBlocks(tree.root, rulesFor('terraform', '1.16')).map(diagnostic => `${path.relative(fixture, diagnostic.subject!.filename)}:${diagnostic.subject!.start.line}: ${diagnostic.summary}`);
	t.false(found.includes('child/main.tf:3: Invalid import configuration'));
	t.is(found.length, 8);
	// The newest release is the default.
	t.deepEqual(checkRefactoringBlocks(tree.root), checkRefactoringBlocks(tree.root, rulesFor('terraform', '1.16')));
	// OpenTofu still refuses them.
	t.true(checkRefactoringBlocks(tree.root, rulesFor('opentofu')).some(diagnostic => diagnostic.summary === 'Invalid import configuration'));
});
