import {PassThrough} from 'node:stream';
import test from 'ava';
import {type Command, defaultFlags} from '../../source/commands/command.js';
import {checkCommand} from '../../source/commands/check.js';
import {graphCommand} from '../../source/commands/graph.js';
import {instancesCommand} from '../../source/commands/instances.js';
import {treeCommand} from '../../source/commands/tree.js';
import {openEstate} from '../../source/terragrunt/estate.js';
import {writeTree} from '../helpers/terragrunt.js';

/*
`exclude` blocks (pkg/config/exclude.go; IsActionListedInExclude in internal/runner/runcfg/util.go and applyExcludeModules in internal/discovery/discovery.go at gruntwork-io/terragrunt 286a33c): a unit whose `if` is true and whose `actions` name plan, `all` or `all_except_output` is left out of `run --all plan`, and with `exclude_dependencies = true` so are the units it depends on. tfscope leaves them out of tree, instances, check and graph, with the reason.
*/

const module = '';
const files = {
	'planned/terragrunt.hcl': `${module}exclude {\n  if      = true\n  actions = ["plan"]\n}\n`,
	'planned/main.tf': 'resource "terraform_data" "x" {}\n',
	'applied/terragrunt.hcl': `${module}exclude {\n  if      = true\n  actions = ["apply"]\n}\n`,
	'applied/main.tf': 'resource "terraform_data" "x" {}\n',
	'front/terragrunt.hcl': `${module}dependency "back" {\n  config_path = "../back"\n}\nexclude {\n  if                   = true\n  actions              = ["all_except_output"]\n  exclude_dependencies = true\n}\n`,
	'front/main.tf': 'resource "terraform_data" "x" {}\n',
	'back/terragrunt.hcl': module,
	'back/main.tf': 'resource "terraform_data" "x" {}\noutput "id" { value = "b" }\n',
	'off/terragrunt.hcl': `${module}exclude {\n  if      = "false"\n  actions = ["all"]\n}\n`,
	'off/main.tf': 'resource "terraform_data" "x" {}\n',
	'root.hcl': '',
};

async function run(command: Command, arguments_: string[], cwd: string): Promise<{code: number; stdout: string; stderr: string}> {
	let stdout = '';
	let stderr = '';
	const stdin = new PassThrough();
	stdin.end('');
	const code = await command({
		arguments: arguments_, flags: {...defaultFlags}, stdin, stdout: {write: (text: string) => (stdout += text)}, stderr: {write: (text: string) => (stderr += text)}, isTerminal: false, environment: {}, cwd,
	});
	return {code, stdout, stderr};
}

test('a unit is excluded when its if is true and its actions name plan, all or all_except_output; exclude_dependencies takes its dependencies too', t => {
	const root = writeTree(files);
	const estate = openEstate({root, workspaceOptions: {cwd: root}});
	const reasons = Object.fromEntries(estate.units.map(unit => [unit.path, estate.excluded(unit)?.reason ?? 'runs']));
	t.deepEqual(reasons, {
		applied: 'runs',
		back: 'a dependency of front, whose exclude has exclude_dependencies = true',
		front: 'exclude (if = true, actions = ["all_except_output"]) at front/terragrunt.hcl:4:1',
		off: 'runs',
		planned: 'exclude (if = true, actions = ["plan"]) at planned/terragrunt.hcl:1:1',
	});
});

test('tree, instances, check and graph leave excluded units out and say why', async t => {
	const root = writeTree(files);
	const tree = await run(treeCommand, [root], root);
	t.is(tree.stdout, [
		'. (Terragrunt estate: 5 units, 3 excluded)',
		'├── applied [unit: its own .tf files]',
		'│     root (1 resource, 1 instance)',
		'├── back [unit: its own .tf files; excluded: a dependency of front, whose exclude has exclude_dependencies = true]',
		'├── front [unit: its own .tf files; reads back; excluded: exclude (if = true, actions = ["all_except_output"]) at front/terragrunt.hcl:4:1]',
		'├── off [unit: its own .tf files]',
		'│     root (1 resource, 1 instance)',
		'└── planned [unit: its own .tf files; excluded: exclude (if = true, actions = ["plan"]) at planned/terragrunt.hcl:1:1]',
		'',
	].join('\n'));
	const instances = await run(instancesCommand, [root], root);
	t.is(instances.stdout, 'applied:terraform_data.x\noff:terraform_data.x\n');
	t.is(instances.stderr, [
		'Excluded: back: a dependency of front, whose exclude has exclude_dependencies = true',
		'Excluded: front: exclude (if = true, actions = ["all_except_output"]) at front/terragrunt.hcl:4:1',
		'Excluded: planned: exclude (if = true, actions = ["plan"]) at planned/terragrunt.hcl:1:1',
		'',
	].join('\n'));
	const check = await run(checkCommand, [root], root);
	t.is(check.code, 0);
	t.true(check.stderr.endsWith('No problems found in 2 Terragrunt units (3 excluded).\n'));
	const graph = await run(graphCommand, [root], root);
	t.is(graph.stdout, [
		'digraph {',
		'  rankdir = "LR"',
		'  // excluded: back: a dependency of front, whose exclude has exclude_dependencies = true',
		'  // excluded: front: exclude (if = true, actions = ["all_except_output"]) at front/terragrunt.hcl:4:1',
		'  // excluded: planned: exclude (if = true, actions = ["plan"]) at planned/terragrunt.hcl:1:1',
		'  "applied" [shape = "box"]',
		'  "off" [shape = "box"]',
		'}',
		'',
	].join('\n'));
});

test('an included file\'s exclude applies unless the child has its own, which replaces it', t => {
	const root = writeTree({
		'root.hcl': 'exclude {\n  if      = true\n  actions = ["all"]\n}\n',
		'a/terragrunt.hcl': 'include "root" {\n  path = find_in_parent_folders("root.hcl")\n}\n',
		'b/terragrunt.hcl': 'include "root" {\n  path = find_in_parent_folders("root.hcl")\n}\nexclude {\n  if      = false\n  actions = ["all"]\n}\n',
	});
	const estate = openEstate({root, workspaceOptions: {cwd: root}});
	t.deepEqual(estate.units.map(unit => `${unit.path}: ${estate.excluded(unit)?.reason ?? 'runs'}`), ['a: exclude (if = true, actions = ["all"]) at root.hcl:1:1', 'b: runs']);
});
