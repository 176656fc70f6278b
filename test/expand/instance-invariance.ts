import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {findAttribute} from '../../source/hcl/ast.js';
import {InstanceInvariance} from '../../source/expand/instance-invariance.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
Which expressions have the same value in every instance of a module node: what the module-instance limit may evaluate once and multiply (test/hardening/round-three.ts has the limit itself).
*/

const root = mkdtempSync(path.join(os.tmpdir(), 'tfscope-invariance-'));

test.after.always(() => {
	rmSync(root, {recursive: true, force: true});
});

const files: Record<string, string> = {
	'main.tf': `variable "top" {
  default = 2
}

locals {
  two = var.top * 1
}

resource "terraform_data" "r" {}

module "child" {
  source   = "./child"
  count    = 2
  same     = local.two
  indexed  = count.index
  computed = terraform_data.r.id
}
`,
	'child/main.tf': `variable "same" {}
variable "indexed" {}
variable "computed" {}
variable "unset" {
  default = 3
}

locals {
  from_same = var.same + 1
  from_index = var.indexed
  loop_a = local.loop_b
  loop_b = local.loop_a
}

resource "terraform_data" "here" {}

locals {
  probe = {
    literal    = 2
    same       = var.same
    unset      = var.unset
    local      = local.from_same
    path       = length(path.module)
    workspace  = terraform.workspace
    for        = [for i in range(var.same) : i * var.unset]
    index      = var.indexed
    via_local  = local.from_index
    computed   = var.computed
    resource   = length(terraform_data.here.id)
    each_key   = each.key
    undeclared = var.nothing
    cycle      = local.loop_a
  }
}
`,
};

for (const [file, text] of Object.entries(files)) {
	mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
	writeFileSync(path.join(root, file), text);
}

test('an expression is the same in every instance only when every reference it makes is', async t => {
	const workspace = await loadWorkspace({directory: root});
	const child = workspace.moduleTree.children.get('child')!;
	const probe = child.module.locals.get('probe')!.expression;
	if (probe.kind !== 'Object') {
		t.fail('the probe local is an object');
		return;
	}

	const answer = (invariance: InstanceInvariance) => Object.fromEntries(probe.items.map(item => [item.key.kind === 'Variable' ? item.key.name : '?', invariance.sameInEveryInstance(child, item.value)]));
	t.deepEqual(answer(new InstanceInvariance(workspace.moduleTree, false)), {
		literal: true,
		same: true,
		unset: true,
		local: true,
		path: true,
		workspace: true,
		for: true,
		index: false,
		via_local: false,
		computed: false,
		resource: false,
		each_key: false,
		undeclared: false,
		cycle: false,
	});
	// A what-if assumption may set a child module variable in one instance only.
	const assumed = answer(new InstanceInvariance(workspace.moduleTree, true));
	t.deepEqual([assumed['literal'], assumed['same'], assumed['unset'], assumed['path']], [true, false, false, true]);
	// The root module has one instance: all of its variables are the same everywhere.
	t.true(new InstanceInvariance(workspace.moduleTree, true).sameInEveryInstance(workspace.moduleTree, findAttribute(workspace.moduleTree.module.moduleCalls.get('child')!.block.body, 'same')!.expression));
});
