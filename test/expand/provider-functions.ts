import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {loadWorkspace} from '../../source/workspace.js';
import {formatValue} from '../../source/lang/format-value.js';
import {unmark} from '../../source/lang/values.js';

/*
Provider-defined functions in a configuration: a provider the module declares in required_providers offers `provider::NAME::FUNCTION` (the terraform provider's functions run; any other provider's give an unknown result, as tfscope runs no provider); an undeclared one is Terraform's "Unknown provider function". Found on okms1017/opentofu-aws examples/provider-defined-fucntion (8ab93c9), where both calls of a declared provider's functions were false errors.
*/

function configuration(text: string): string {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-provider-functions-'));
	fs.writeFileSync(path.join(directory, 'main.tf'), text);
	return directory;
}

const declared = `terraform {
  required_providers {
    corefunc = {
      source  = "northwood-labs/corefunc"
      version = "1.4.0"
    }
    terraform = {
      source = "terraform.io/builtin/terraform"
    }
  }
}

output "snake" {
  value = provider::corefunc::str_snake("Hello world!")
}

output "tfvars" {
  value = provider::terraform::encode_tfvars({a = 1})
}
`;

test('a declared provider\'s functions are offered: no error, the terraform provider\'s run, others are unknown', async t => {
	const directory = configuration(declared);
	const workspace = await loadWorkspace({directory, cwd: directory, environment: {}});
	t.deepEqual(workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error').map(diagnostic => diagnostic.summary), []);
	t.is(formatValue(unmark(workspace.evaluateAt('provider::corefunc::str_snake("Hello world!")').value)[0]), '(known after apply)');
	t.is(formatValue(unmark(workspace.evaluateAt('provider::terraform::encode_tfvars({a = 1})').value)[0]), '<<EOT\na = 1\n\nEOT');
});

test('an undeclared provider\'s function is still Terraform\'s error', async t => {
	const directory = configuration('output "x" {\n  value = provider::corefunc::str_snake("a")\n}\n');
	const workspace = await loadWorkspace({directory, cwd: directory, environment: {}});
	t.deepEqual(workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error').map(diagnostic => `${diagnostic.summary}: ${diagnostic.detail ?? ''}`), ['Unknown provider function: There is no function named "provider::corefunc::str_snake". Ensure that provider name "corefunc" is declared in this module\'s required_providers block, and that this provider offers a function named "str_snake".']);
});
