import path from 'node:path';
import {PassThrough} from 'node:stream';
import test from 'ava';
import {defaultFlags} from '../../source/commands/command.js';
import {instancesCommand} from '../../source/commands/instances.js';

/*
`tfscope instances --exclude ADDRESS`: what `tofu plan -exclude=ADDRESS` (OpenTofu 1.9, website/docs/cli/commands/plan.mdx) skips: the addressed objects and everything that depends on them.
*/

const root = path.join(import.meta.dirname, '..', '..');

async function run(arguments_: string[], exclude: string[]): Promise<{code: number; stdout: string; stderr: string}> {
	let stdout = '';
	let stderr = '';
	const code = await instancesCommand({
		arguments: arguments_, flags: {...defaultFlags, exclude}, stdin: new PassThrough(), stdout: {write: (text: string) => (stdout += text)}, stderr: {write: (text: string) => (stderr += text)}, isTerminal: false, environment: {}, cwd: root,
	});
	return {code, stdout, stderr};
}

test('excluding one resource instance skips what depends on it, nothing else', async t => {
	const {code, stdout, stderr} = await run(['test/fixtures/configs/opentofu'], ['aws_vpc.private["eu-central-2"]']);
	t.is(code, 0);
	t.is(stdout, [
		'aws_vpc.private["ap-northeast-1"]',
		'module.network["ap-northeast-1"]',
		'module.network["ap-northeast-1"].module.subnets',
		'module.network["ap-northeast-1"].module.subnets.aws_subnet.this["private"]',
		'module.network["ap-northeast-1"].module.subnets.aws_subnet.this["public"]',
		'module.network["eu-central-2"]',
		'module.network["eu-central-2"].module.subnets',
		'',
	].join('\n'));
	t.is(stderr, [
		'3 instances skipped by --exclude (as tofu plan -exclude would skip them):',
		'  aws_vpc.private["eu-central-2"] (excluded: aws_vpc.private["eu-central-2"])',
		'  module.network["eu-central-2"].module.subnets.aws_subnet.this["private"] (depends on aws_vpc.private["eu-central-2"])',
		'  module.network["eu-central-2"].module.subnets.aws_subnet.this["public"] (depends on aws_vpc.private["eu-central-2"])',
		'',
	].join('\n'));
});

test('excluding a module skips everything in it', async t => {
	const {stdout, stderr} = await run(['test/fixtures/configs/opentofu'], ['module.network']);
	t.is(stdout, 'aws_vpc.private["ap-northeast-1"]\naws_vpc.private["eu-central-2"]\n');
	t.regex(stderr, /^8 instances skipped by --exclude/);
	t.regex(stderr, / {2}module\.network\["eu-central-2"\]\.module\.subnets \(excluded: module\.network\)\n/);
});

test('a bad --exclude address is a usage error', async t => {
	const {code, stderr} = await run(['test/fixtures/configs/opentofu'], ['aws_vpc.']);
	t.is(code, 2);
	t.regex(stderr, /^Error: Invalid address\n\n--exclude aws_vpc\.: /);
});
