import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {formatValue} from '../../source/lang/format-value.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
The parts of per-instance arguments that every instance shares (lang/eval/invariant.ts) are evaluated once per block and module instance: the instances' values are those each would have alone, in every module instance, and problems are reported as before.
*/

async function load(files: Record<string, string>) {
	const directory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-invariant-'));
	try {
		for (const [name, text] of Object.entries(files)) {
			writeFileSync(path.join(directory, name), text);
		}

		const workspace = await loadWorkspace({directory, environment: {}, bundledSchemas: false});
		const values = [...workspace.instances.resourceInstances].map(([address, instance]) => `${address} = ${formatValue(instance.value)}`);
		return {values, diagnostics: workspace.diagnostics.map(diagnostic => `${diagnostic.summary}: ${diagnostic.detail ?? ''}`)};
	} finally {
		rmSync(directory, {recursive: true, force: true});
	}
}

test('each instance of a counted block has its own value, with the parts every instance shares', async t => {
	const {values, diagnostics} = await load({
		'main.tf': `
variable "zones" {
  default = ["a", "b"]
}

resource "terraform_data" "d" {
  count = 3
  input = {
    text = <<-EOT
      instance \${count.index}
      %{ for zone in var.zones ~}
      zone \${upper(zone)}
      %{ endfor ~}
    EOT
    tags = merge({shared = join(",", var.zones)}, {index = count.index})
    bad  = count.index > 5 ? tonumber("x") : 0
  }
}
`,
	});
	t.deepEqual(diagnostics, []);
	t.is(values.length, 3);
	for (const [index, value] of values.entries()) {
		t.true(value.startsWith(`terraform_data.d[${index}] = `), value);
		t.true(value.includes(`instance ${index}\n`), value);
		t.true(value.includes('zone A\n') && value.includes('zone B\n'), value);
		t.true(value.includes('"shared" = "a,b"'), value);
		t.true(value.includes(`"index" = ${index}`), value);
	}
});

test('a shared part that fails reports its error once, as before', async t => {
	const {diagnostics} = await load({
		'main.tf': `
resource "terraform_data" "d" {
  count = 2
  input = [count.index, tonumber("x")]
}
`,
	});
	t.is(diagnostics.length, 1);
	t.regex(diagnostics[0]!, /Invalid function argument/);
});
