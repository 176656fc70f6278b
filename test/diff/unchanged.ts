import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {diffWorkspaces} from '../../source/diff/index.js';
import {unchangedModuleInstances} from '../../source/diff/unchanged.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
The diff skips evaluating module instances a change leaves alone (source/diff/unchanged.ts): only where the module's files, the modules below it and its inputs are the same, and never for a module that reads a path or a file.
*/

type Files = Record<string, string>;

function write(files: Files): string {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-unchanged-'));
	for (const [name, text] of Object.entries(files)) {
		fs.mkdirSync(path.dirname(path.join(directory, name)), {recursive: true});
		fs.writeFileSync(path.join(directory, name), text);
	}

	return directory;
}

async function diffOf(before: Files, after: Files) {
	const [fromDirectory, toDirectory] = [write(before), write(after)];
	try {
		const [from, to] = [await loadWorkspace({directory: fromDirectory, environment: {}}), await loadWorkspace({directory: toDirectory, environment: {}})];
		return {diff: diffWorkspaces(from, to), unchanged: unchangedModuleInstances(from, to)};
	} finally {
		fs.rmSync(fromDirectory, {recursive: true, force: true});
		fs.rmSync(toDirectory, {recursive: true, force: true});
	}
}

const child = {
	'modules/child/main.tf': 'variable "size" {\n  type = number\n}\n\nresource "terraform_data" "this" {\n  input = var.size * 2\n}\n',
};

const root = (a: number, b: number): Files => ({
	'main.tf': `module "a" {\n  source = "./modules/child"\n  size   = ${a}\n}\n\nmodule "b" {\n  source = "./modules/child"\n  size   = ${b}\n}\n`,
	...child,
});

test('a module instance with the same files and inputs is unchanged; one whose input changed is compared', async t => {
	const {diff, unchanged} = await diffOf(root(1, 2), root(1, 3));
	t.true(unchanged('module.a'));
	t.false(unchanged('module.b'));
	t.false(unchanged(''));
	t.deepEqual(diff.changes.map(change => [change.address, change.action]), [['module.b.terraform_data.this', 'update']]);
	t.true(diff.unchanged.includes('module.a.terraform_data.this'));
});

test('a module whose file changed is compared even with the same inputs', async t => {
	const after = {...root(1, 2), 'modules/child/main.tf': child['modules/child/main.tf'].replace('* 2', '* 4')};
	const {diff, unchanged} = await diffOf(root(1, 2), after);
	t.false(unchanged('module.a'));
	t.deepEqual(diff.changes.map(change => change.address).sort(), ['module.a.terraform_data.this', 'module.b.terraform_data.this']);
});

test('a module that reads a file is always compared: the file may have changed', async t => {
	const reading = (text: string): Files => ({
		'main.tf': 'module "a" {\n  source = "./modules/reader"\n}\n',
		'modules/reader/main.tf': 'resource "terraform_data" "this" {\n  input = file("${path.module}/data.txt")\n}\n',
		'modules/reader/data.txt': text,
	});
	const {diff, unchanged} = await diffOf(reading('one'), reading('two'));
	t.false(unchanged('module.a'));
	t.deepEqual(diff.changes.map(change => change.address), ['module.a.terraform_data.this']);
});
