import path from 'node:path';
import {fileURLToPath} from 'node:url';
import test from 'ava';
import {remoteStateKey, stateMethods} from '../../source/config/state-encryption.js';
import {parseConfig} from '../../source/hcl/index.js';
import {blocksOf} from '../../source/hcl/ast.js';
import {formatValue} from '../../source/lang/format-value.js';
import {stringValue} from '../../source/lang/values.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
terraform_remote_state of an OpenTofu encrypted local state: decrypted as --state decrypts one, with the configuration's `remote_state_data_sources` target for that data source (opentofu v1.12 internal/encryption/encryption.go RemoteState: the target named by the key, else `default`; internal/builtin/providers/tf/provider.go ReadDataSourceEncrypted makes the key). Without one, OpenTofu reads the file unencrypted and fails ("This state file is encrypted and can not be read without an encryption configuration", internal/states/statefile/read.go): tfscope says why in one warning at the data source, and its outputs stay unknown. test/fixtures/state-encryption/network.tfstate is written by regenerate.ts there.
*/

const directory = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/state-encryption/remote');
const passphrase = 'network-team-passphrase';

async function load(options: {variables?: string[]; environment?: Record<string, string>; language?: 'terraform' | 'opentofu'} = {}) {
	const workspace = await loadWorkspace({directory, cwd: directory, environment: options.environment ?? {}, variables: options.variables ?? [], ...(options.language && {language: options.language})});
	const warnings = workspace.diagnostics.filter(diagnostic => diagnostic.summary === 'Encrypted state file').map(diagnostic => `${diagnostic.subject?.start.line ?? 0}: ${diagnostic.detail ?? ''}`);
	const printed = (expression: string): string => formatValue(workspace.evaluateAt(expression).value);
	return {workspace, warnings, printed};
}

test('the data source\'s own target decrypts the state: its outputs are read, and what reads them expands', async t => {
	const {workspace, warnings, printed} = await load({variables: [`network_passphrase=${passphrase}`]});
	t.is(workspace.language.rules.mode, 'opentofu');
	t.is(printed('data.terraform_remote_state.network.outputs.vpc_id'), '"vpc-0a1b2c"');
	t.is(printed('terraform_data.subnet[1].input'), '"subnet-2"');
	t.deepEqual([...workspace.instances.resourceInstances.keys()].filter(address => address.startsWith('terraform_data.')), ['terraform_data.subnet[0]', 'terraform_data.subnet[1]']);
	// The other data source has no target: one warning, where it is declared.
	t.deepEqual(warnings, ['37: ../network.tfstate is an OpenTofu encrypted state file that data.terraform_remote_state.shared reads, and tfscope cannot decrypt it: its `remote_state_data_sources` target has neither `default` nor `remote_state_data_source "shared"`, so OpenTofu reads this remote state as unencrypted and fails. Its outputs are unknown.']);
	t.is(printed('data.terraform_remote_state.shared.outputs'), '(known after apply)');
});

test('a default target from TF_ENCRYPTION decrypts the other one, merged as OpenTofu merges it', async t => {
	const {warnings, printed} = await load({variables: [`network_passphrase=${passphrase}`], environment: {TF_ENCRYPTION: 'remote_state_data_sources {\n  default {\n    method = method.aes_gcm.network\n  }\n}\n'}});
	t.deepEqual(warnings, []);
	t.is(printed('data.terraform_remote_state.shared.outputs.subnets[0]'), '"subnet-1"');
});

test('no passphrase known statically, or a wrong one: the warning says why, the outputs stay unknown', async t => {
	const unknown = await load();
	t.is(unknown.warnings.length, 2);
	t.regex(unknown.warnings[0]!, /^29: \.\.\/network\.tfstate is an OpenTofu encrypted state file that data\.terraform_remote_state\.network reads, and tfscope cannot decrypt it: method\.aes_gcm\.network: the passphrase of key_provider\.pbkdf2\.network is not known statically/);
	t.is(unknown.printed('data.terraform_remote_state.network.outputs'), '(known after apply)');
	t.is(unknown.printed('length(terraform_data.subnet)'), '(known after apply)');
	const wrong = await load({variables: ['network_passphrase=not-it']});
	t.regex(wrong.warnings[0]!, /cannot decrypt it: method\.aes_gcm\.network: decryption failed \(a wrong passphrase, or another key\)\. Its outputs are unknown\.$/);
});

test('read as Terraform, the file is named as encrypted, not a JSON error', async t => {
	const {warnings, printed} = await load({variables: [`network_passphrase=${passphrase}`], language: 'terraform'});
	t.is(warnings.length, 2);
	t.regex(warnings[0]!, /cannot decrypt it: its encryption block is read only in OpenTofu mode \(--opentofu\)\. Its outputs are unknown\.$/);
	t.is(printed('data.terraform_remote_state.network.outputs'), '(known after apply)');
});

// Keys as provider.go makes them, with its own examples.
const keys: ReadonlyArray<readonly [string, string]> = [
	['data.terraform_remote_state.foo', 'foo'],
	['data.terraform_remote_state.foo[4]', 'foo[4]'],
	['module.submod[1].data.terraform_remote_state.bar', 'submod[1].bar'],
	['module.a.module.b.data.terraform_remote_state.c["x"]', 'a.module.b.c["x"]'],
];

for (const [address, key] of keys) {
	test(`remote state key of ${address} is ${key}`, t => {
		t.is(remoteStateKey(address), key);
	});
}

test('a named target wins over the default; a fallback nested in a fallback is tried after it', t => {
	const body = parseConfig(`encryption {
  key_provider "pbkdf2" "k" {
    passphrase = "p"
  }
  method "aes_gcm" "a" {
    keys = key_provider.pbkdf2.k
  }
  method "aes_gcm" "b" {
    keys = key_provider.pbkdf2.k
  }
  method "unencrypted" "none" {}
  remote_state_data_sources {
    default {
      method = method.aes_gcm.a
    }
    remote_state_data_source "x[0]" {
      method = method.aes_gcm.b
      fallback {
        method = method.aes_gcm.a
        fallback {
          method = method.unencrypted.none
        }
      }
    }
  }
}
`, 'main.tf').value;
	const blocks = blocksOf(body, 'encryption');
	const evaluate = () => ({value: stringValue('p'), diagnostics: []});
	const named = stateMethods(blocks, undefined, evaluate, {kind: 'remote-state', key: 'x[0]'});
	t.deepEqual(typeof named === 'string' ? named : named.map(method => method.method), ['method.aes_gcm.b', 'method.aes_gcm.a', 'method.unencrypted.none']);
	const other = stateMethods(blocks, undefined, evaluate, {kind: 'remote-state', key: 'y'});
	t.deepEqual(typeof other === 'string' ? other : other.map(method => method.method), ['method.aes_gcm.a']);
	t.is(stateMethods(blocks, undefined, evaluate), 'its encryption block has no `state` target');
});
