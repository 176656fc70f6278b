import path from 'node:path';
import {PassThrough} from 'node:stream';
import test from 'ava';
import {defaultFlags} from '../../source/commands/command.js';
import {checkCommand} from '../../source/commands/check.js';
import {parseJsonOutput} from '../helpers/json-schema.js';

const root = path.join(import.meta.dirname, '..', '..');

async function run(arguments_: string[], flags: Partial<typeof defaultFlags> = {}): Promise<{code: number; stdout: string; stderr: string}> {
	let stdout = '';
	let stderr = '';
	const code = await checkCommand({
		arguments: arguments_, flags: {...defaultFlags, ...flags}, stdin: new PassThrough(), stdout: {write: (text: string) => (stdout += text)}, stderr: {write: (text: string) => (stderr += text)}, isTerminal: false, environment: {}, cwd: root,
	});
	return {code, stdout, stderr};
}

test('a clean configuration: no output, exit 0', async t => {
	const {code, stdout, stderr} = await run(['examples/multi-region']);
	t.is(code, 0);
	t.is(stdout, '');
	t.is(stderr, 'Read as Terraform 1.16: no .tofu files and no OpenTofu registry providers in .terraform.lock.hcl; 1.16, the newest release, meets required_version ">= 1.6".\nNo problems found in 6 module instances and 42 resource instances.\n');
});

test('diagnostics start with file:line:col, exit 1 on errors', async t => {
	const {code, stdout, stderr} = await run(['test/fixtures/configs/errors']);
	t.is(code, 1);
	const lines = stdout.split('\n').filter(line => line !== '' && !line.startsWith(' '));
	t.is(lines.length, 15);
	t.true(lines.every(line => /^test\/fixtures\/configs\/errors\/(?:modules\/loop\/)?main\.tf:\d+:\d+: (?:error|warning): /.test(line)));
	t.is(lines[0], 'test/fixtures/configs/errors/main.tf:3:10: error: No value for required variable');
	t.true(stdout.includes('main.tf:12:21: error: Invalid value for variable\n  The port must be below 65536.\n'));
	t.is(stderr, 'Read as Terraform 1.16: no .tofu files and no OpenTofu registry providers in .terraform.lock.hcl; 1.16 is the newest release.\n13 errors, 2 warnings in 6 module instances and 1 resource instance.\n');
});

test('warnings alone exit 0', async t => {
	const {code, stdout} = await run(['test/fixtures/configs/warnings']);
	t.is(code, 0);
	t.regex(stdout, /main\.tf:1:1: warning: Unsupported block type/);
});

test('count and for_each from a data source: one note per root cause naming it and how to pin it, no warning', async t => {
	const {code, stdout, stderr} = await run(['test/fixtures/configs/unknown-expansion']);
	t.is(code, 0);
	t.is(stdout, [
		'test/fixtures/configs/unknown-expansion/main.tf:1:1: note: Instances known at plan',
		'  data.aws_partition.p.partition (test/fixtures/configs/unknown-expansion/main.tf:1) is read from the provider during plan, so the number of instances of 1 block is not known here: null_resource.by_key. tfscope shows it as one placeholder instance ([*]). To see the instances, pin the value: --assume \'data.aws_partition.p.partition=VALUE\' (or an --assume-file), or --state FILE with a state that has it.',
		'test/fixtures/configs/unknown-expansion/main.tf:1:1: note: Instances known at plan',
		'  data.aws_partition.p.dns_suffix (test/fixtures/configs/unknown-expansion/main.tf:1) is read from the provider during plan, so the number of instances of 1 block is not known here: null_resource.counted. tfscope shows it as one placeholder instance ([*]). To see the instances, pin the value: --assume \'data.aws_partition.p.dns_suffix=VALUE\' (or an --assume-file), or --state FILE with a state that has it.',
		'',
	].join('\n'));
	t.is(stderr, 'Read as Terraform 1.16: no .tofu files and no OpenTofu registry providers in .terraform.lock.hcl; 1.16 is the newest release.\nNo problems found in 1 module instance and 2 resource instances known, 2 blocks open-ended ([*]).\n');
});

test('the totals leave ephemeral resources out, as instances does', async t => {
	const {stderr} = await run(['test/fixtures/configs/ephemeral']);
	t.regex(stderr, / in 1 module instance and 1 resource instance\.\n$/);
});

test('check --json: terraform validate -json\'s shape, exit 1 with errors, nothing on stderr', async t => {
	const {mkdtempSync, writeFileSync, rmSync} = await import('node:fs');
	const os = await import('node:os');
	const directory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-check-json-'));
	// The comment's "é" is two bytes in UTF-8: byte offsets count it twice.
	writeFileSync(path.join(directory, 'main.tf'), '# é\nresource "a" "b" {\n  count = -1\n}\n');
	let stdout = '';
	let stderr = '';
	const code = await checkCommand({
		arguments: [directory], flags: {...defaultFlags, json: true}, stdin: new PassThrough(), stdout: {write: (text: string) => (stdout += text)}, stderr: {write: (text: string) => (stderr += text)}, isTerminal: false, environment: {}, cwd: root,
	});
	rmSync(directory, {recursive: true});
	t.is(code, 1);
	t.is(stderr, '');
	t.deepEqual(parseJsonOutput(t, 'check', stdout), {
		format_version: '1.0',
		valid: false,
		error_count: 1,
		warning_count: 0,
		diagnostics: [{
			severity: 'error',
			summary: 'Invalid count argument',
			detail: 'The given "count" argument value is unsuitable: must be greater than or equal to zero.',
			range: {filename: path.join(directory, 'main.tf'), start: {line: 3, column: 11, byte: 34}, end: {line: 3, column: 13, byte: 36}},
		}],
	});
});

test('check --json on a clean configuration: valid, exit 0', async t => {
	let stdout = '';
	const code = await checkCommand({
		arguments: ['examples/multi-region'], flags: {...defaultFlags, json: true}, stdin: new PassThrough(), stdout: {write: (text: string) => (stdout += text)}, stderr: {write: () => true}, isTerminal: false, environment: {}, cwd: root,
	});
	t.is(code, 0);
	t.deepEqual(parseJsonOutput(t, 'check', stdout), {format_version: '1.0', valid: true, error_count: 0, warning_count: 0, diagnostics: []});
});

test('--schema reads terraform providers schema -json; --no-bundled-schemas leaves the bundled digests out', async t => {
	const {code, stdout} = await run(['test/fixtures/schema/validate'], {schema: ['test/fixtures/schema/builtin-schema.json'], bundledSchemas: false});
	t.is(code, 1);
	t.regex(stdout, /main\.tf:4:3: error: Unsupported argument\n {2}An argument named "inptu" is not expected here\.\n/);
	t.regex(stdout, /main\.tf:12:35: error: Missing required argument\n/);
	const missing = await run(['test/fixtures/schema/validate'], {schema: ['nowhere.json']});
	t.is(missing.code, 1);
	t.regex(missing.stdout, /error: Invalid provider schema file\n {2}\S*nowhere\.json does not exist\./);
});
