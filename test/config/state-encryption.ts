import path from 'node:path';
import {fileURLToPath} from 'node:url';
import test from 'ava';
import {loadWorkspace} from '../../source/workspace.js';
import {formatValue} from '../../source/lang/format-value.js';
import {unmark} from '../../source/lang/values.js';

/*
OpenTofu's encrypted state files under --state: decrypted when the configuration's encryption block (or TF_ENCRYPTION) gives a pbkdf2 passphrase statically, otherwise one warning saying what tfscope would need. The fixtures are written by test/fixtures/state-encryption/regenerate.ts following opentofu v1.12 internal/encryption (cited there).
*/

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/state-encryption');
const directory = path.join(fixtures, 'config');
const passphrase = 'correct-horse-battery-staple';

async function load(stateFile: string, options: {variables?: string[]; environment?: Record<string, string>; language?: 'terraform' | 'opentofu'} = {}) {
	const workspace = await loadWorkspace({
		directory, cwd: directory, stateFile: path.join(fixtures, stateFile), environment: options.environment ?? {}, variables: options.variables ?? [], language: options.language ?? 'opentofu',
	});
	const id = formatValue(unmark(workspace.evaluateAt('terraform_data.x.id').value)[0]);
	const warnings = workspace.diagnostics.filter(diagnostic => diagnostic.summary === 'Encrypted state file' || diagnostic.summary === 'Invalid state file').map(diagnostic => `${diagnostic.summary}: ${diagnostic.detail ?? ''}`);
	return {id, warnings};
}

const stateName = (file: string) => path.join(fixtures, file);

test('a passphrase from -var decrypts the state: its values are read', async t => {
	const {id, warnings} = await load('main.tfstate', {variables: [`passphrase=${passphrase}`]});
	t.deepEqual(warnings, []);
	t.is(id, '"id-from-encrypted-state"');
});

test('the fallback method decrypts a state the primary cannot, under its metadata alias (SHA-256, a 128-bit key)', async t => {
	const {id, warnings} = await load('fallback.tfstate', {variables: [`passphrase=${passphrase}`]});
	t.deepEqual(warnings, []);
	t.is(id, '"id-from-encrypted-state"');
});

test('TF_ENCRYPTION overrides the key provider\'s passphrase, as OpenTofu merges it', async t => {
	const {id, warnings} = await load('main.tfstate', {variables: ['passphrase=not-the-one-that-wrote-it'], environment: {TF_ENCRYPTION: `key_provider "pbkdf2" "main" {\n  passphrase = "${passphrase}"\n}\n`}});
	t.deepEqual(warnings, []);
	t.is(id, '"id-from-encrypted-state"');
});

test('a wrong passphrase: one warning naming each method tried, and the state is ignored', async t => {
	const {id, warnings} = await load('main.tfstate', {variables: ['passphrase=not-the-one-that-wrote-it']});
	t.is(id, '(known after apply)');
	t.deepEqual(warnings, [`Encrypted state file: ${stateName('main.tfstate')} is an OpenTofu encrypted state file, and tfscope cannot decrypt it: method.aes_gcm.main: decryption failed (a wrong passphrase, or another key); method.aes_gcm.old: the file has no metadata for previous. Its values are ignored.`]);
});

test('no passphrase known statically: the warning says what to give', async t => {
	const {warnings} = await load('main.tfstate');
	t.is(warnings.length, 1);
	t.true(warnings[0]!.includes('method.aes_gcm.main: the passphrase of key_provider.pbkdf2.main is not known statically: give the variable it reads a value (a tfvars file, -var, TF_VAR_...)'), warnings[0]);
});

test('in Terraform mode an encrypted state is named as such, not a JSON error', async t => {
	const {id, warnings} = await load('main.tfstate', {variables: [`passphrase=${passphrase}`], language: 'terraform'});
	t.is(id, '(known after apply)');
	t.deepEqual(warnings, [`Encrypted state file: ${stateName('main.tfstate')} is an OpenTofu encrypted state file, and tfscope cannot decrypt it: its encryption block is read only in OpenTofu mode (--opentofu). Its values are ignored.`]);
});

test('a file asking for billions of PBKDF2 iterations is refused before any is run', async t => {
	const {warnings} = await load('hostile-iterations.tfstate', {variables: [`passphrase=${passphrase}`]});
	t.is(warnings.length, 1);
	t.true(warnings[0]!.includes('method.aes_gcm.main: its key derivation asks for 4000000000 PBKDF2 iterations, more than tfscope runs (10000000, maximumPbkdf2Iterations)'), warnings[0]);
});
