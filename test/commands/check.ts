import path from 'node:path';
import {PassThrough} from 'node:stream';
import test from 'ava';
import {defaultFlags} from '../../source/commands/command.js';
import {checkCommand} from '../../source/commands/check.js';

const root = path.join(import.meta.dirname, '..', '..');

async function run(arguments_: string[]): Promise<{code: number; stdout: string; stderr: string}> {
	let stdout = '';
	let stderr = '';
	const code = await checkCommand({
		arguments: arguments_, flags: defaultFlags, stdin: new PassThrough(), stdout: {write: (text: string) => (stdout += text)}, stderr: {write: (text: string) => (stderr += text)}, isTerminal: false, environment: {}, cwd: root,
	});
	return {code, stdout, stderr};
}

test('a clean configuration: no output, exit 0', async t => {
	const {code, stdout, stderr} = await run(['examples/multi-region']);
	t.is(code, 0);
	t.is(stdout, '');
	t.is(stderr, 'Read as Terraform: no .tofu files and no OpenTofu registry providers in .terraform.lock.hcl.\nNo problems found in 6 module instances and 42 resource instances.\n');
});

test('diagnostics start with file:line:col, exit 1 on errors', async t => {
	const {code, stdout, stderr} = await run(['test/fixtures/configs/errors']);
	t.is(code, 1);
	const lines = stdout.split('\n').filter(line => line !== '' && !line.startsWith(' '));
	t.is(lines.length, 15);
	t.true(lines.every(line => /^test\/fixtures\/configs\/errors\/(?:modules\/loop\/)?main\.tf:\d+:\d+: (?:error|warning): /.test(line)));
	t.is(lines[0], 'test/fixtures/configs/errors/main.tf:3:10: error: No value for required variable');
	t.true(stdout.includes('main.tf:12:21: error: Invalid value for variable\n  The port must be below 65536.\n'));
	t.is(stderr, 'Read as Terraform: no .tofu files and no OpenTofu registry providers in .terraform.lock.hcl.\n13 errors, 2 warnings in 6 module instances and 1 resource instance.\n');
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
	t.is(stderr, 'Read as Terraform: no .tofu files and no OpenTofu registry providers in .terraform.lock.hcl.\nNo problems found in 1 module instance and 2 resource instances known, 2 blocks open-ended ([*]).\n');
});

test('the totals leave ephemeral resources out, as instances does', async t => {
	const {stderr} = await run(['test/fixtures/configs/ephemeral']);
	t.regex(stderr, / in 1 module instance and 1 resource instance\.\n$/);
});
