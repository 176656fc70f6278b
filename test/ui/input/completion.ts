import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {defaultFlags} from '../../../source/commands/command.js';
import {completionTarget, keyCompletions, splitCompletionWord} from '../../../source/ui/input/completion.js';
import {reduce} from '../../../source/ui/state/reducer.js';
import {createInitialState, type State} from '../../../source/ui/state/state.js';
import {loadExplorerData} from '../../../source/ui/data/load.js';

/*
Tab in the console completes map keys that are not identifiers as an index, `var.m["a/b"]` (issue 21.7).
*/

const words: ReadonlyArray<[string, string, string]> = [
	['upper(var.re', 'upper(', 'var.re'],
	['', '', ''],
	['x + var.policies.', 'x + ', 'var.policies.'],
	['var.policies[', '', 'var.policies['],
	['lookup(var.policies["/prov', 'lookup(', 'var.policies["/prov'],
	['var.m["a b"].', '', 'var.m["a b"].'],
	['var.m["a \\"q\\""].x', '', 'var.m["a \\"q\\""].x'],
	['local.list[0].na', '', 'local.list[0].na'],
	['1 + ', '1 + ', ''],
	['var.m["a b"', '', 'var.m["a b"'],
];

for (const [input, before, word] of words) {
	test(`splitCompletionWord(${JSON.stringify(input)})`, t => {
		t.deepEqual(splitCompletionWord(input), {before, word});
	});
}

test('completionTarget: after a dot an attribute, after [ or [" an index; a root alone is not a value', t => {
	t.deepEqual(completionTarget('var.settings.vm.os_'), {prefix: 'var.settings.vm', partial: 'os_', form: 'attribute'});
	t.deepEqual(completionTarget('var.policies['), {prefix: 'var.policies', partial: '', form: 'index', bare: true});
	t.deepEqual(completionTarget('var.policies["/prov'), {prefix: 'var.policies', partial: '/prov', form: 'index'});
	t.deepEqual(completionTarget('var.m["a b"].x'), {prefix: 'var.m["a b"]', partial: 'x', form: 'attribute'});
	t.deepEqual(completionTarget('var.m["say \\"hi'), {prefix: 'var.m', partial: 'say "hi', form: 'index'});
	t.is(completionTarget('var.'), undefined);
	t.is(completionTarget('cidrsub'), undefined);
});

test('keyCompletions: identifiers after a dot stay attributes, other keys become quoted indexes; after [ every key is an index', t => {
	const names = ['name', 'my-key', 'a/b', 'two words', 'a.b', '${x}', 'say "hi"'];
	t.deepEqual(keyCompletions({prefix: 'var.m', partial: '', form: 'attribute'}, {names}), [
		'var.m.name', 'var.m.my-key', 'var.m["a/b"]', 'var.m["two words"]', 'var.m["a.b"]', 'var.m["$${x}"]', 'var.m["say \\"hi\\""]',
	]);
	t.deepEqual(keyCompletions({prefix: 'var.m', partial: 'a', form: 'attribute'}, {names}), ['var.m["a/b"]', 'var.m["a.b"]']);
	t.deepEqual(keyCompletions({prefix: 'var.m', partial: '', form: 'index'}, {names: ['name', 'a/b']}), ['var.m["name"]', 'var.m["a/b"]']);
	t.deepEqual(keyCompletions({prefix: 'var.l', partial: '', form: 'index', bare: true}, {length: 2}), ['var.l[0]', 'var.l[1]']);
	t.deepEqual(keyCompletions({prefix: 'var.l', partial: '', form: 'attribute'}, {length: 2}), []);
});

const configuration = `variable "policies" {
  default = {
    "/providers/Microsoft.Management/managementGroups/es/providers/Microsoft.Authorization/policyAssignments/Deploy-MDFC" = {effect = "DeployIfNotExists"}
    "/providers/Microsoft.Management/managementGroups/es/providers/Microsoft.Authorization/policyAssignments/Deny-IP" = {effect = "Deny"}
  }
}

locals {
  settings = {
    "os type" = "windows"
    os_name   = "2022"
    zones     = ["1", "2"]
  }
}
`;

test('in the console pane, Tab completes non-identifier keys as ["key"], after a dot, after a [ and inside a typed key', async t => {
	const directory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-completion-'));
	try {
		writeFileSync(path.join(directory, 'main.tf'), configuration);
		const {data} = await loadExplorerData({directory, flags: defaultFlags, environment: {}, cwd: process.cwd()});
		const tab = (input: string): State => reduce(createInitialState({focus: 'console', console: {...createInitialState().console, input}}), {type: 'console-complete'}, data);
		// Every key shares a long start: a dot gives way to the index.
		t.is(tab('var.policies.').console.input, 'var.policies["/providers/Microsoft.Management/managementGroups/es/providers/Microsoft.Authorization/policyAssignments/De');
		const both = tab('var.policies["/providers/Microsoft.Management/managementGroups/es/providers/Microsoft.Authorization/policyAssignments/De');
		t.regex(both.console.output.at(-1)?.text ?? '', /policyAssignments\/Deny-IP"\] {2}var\.policies\["\/providers.*Deploy-MDFC"\]/);
		t.is(tab('var.policies["/providers/Microsoft.Management/managementGroups/es/providers/Microsoft.Authorization/policyAssignments/Dep').console.input, 'var.policies["/providers/Microsoft.Management/managementGroups/es/providers/Microsoft.Authorization/policyAssignments/Deploy-MDFC"]');
		t.is(tab('upper(local.settings["os ').console.input, 'upper(local.settings["os type"]');
		t.is(tab('local.settings.os').console.input, 'local.settings.os');
		t.regex(tab('local.settings.os').console.output.at(-1)?.text ?? '', /^local\.settings\.os_name {2}local\.settings\["os type"\]$/);
		t.is(tab('local.settings.zones[').console.input, 'local.settings.zones[');
		t.regex(tab('local.settings.zones[').console.output.at(-1)?.text ?? '', /^local\.settings\.zones\[0\] {2}local\.settings\.zones\[1\]$/);
		t.is(tab('local.settings["os type"').console.input, 'local.settings["os type"]');
	} finally {
		rmSync(directory, {recursive: true, force: true});
	}
});
