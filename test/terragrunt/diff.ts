import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {PassThrough} from 'node:stream';
import test from 'ava';
import git from 'isomorphic-git';
import {defaultFlags} from '../../source/commands/command.js';
import {diffCommand} from '../../source/commands/diff.js';
import {fixtures} from '../helpers/terragrunt.js';

/*
`diff` of an estate between a git revision and the working tree: unit by unit, with the inputs that change, the shared Terragrunt files that caused it, and each unit's resource instances; a static dependency output that changes flows into the units that read it.
*/

async function run(arguments_: string[], flags: Partial<typeof defaultFlags>, cwd: string): Promise<{code: number; stdout: string; stderr: string}> {
	let stdout = '';
	let stderr = '';
	const code = await diffCommand({
		arguments: arguments_, flags: {...defaultFlags, ...flags}, stdin: new PassThrough(), stdout: {write: (text: string) => (stdout += text)}, stderr: {write: (text: string) => (stderr += text)}, isTerminal: false, environment: {}, cwd,
	});
	return {code, stdout, stderr};
}

test('diff by unit: a shared file and a static dependency output change other units; a new unit is created whole', async t => {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-estate-diff-'));
	t.teardown(() => {
		fs.rmSync(directory, {recursive: true, force: true});
	});
	fs.cpSync(path.join(fixtures, 'estate'), directory, {recursive: true});
	const author = {name: 'test', email: 'test@example.com', timestamp: 1_700_000_000, timezoneOffset: 0};
	await git.init({fs, dir: directory, defaultBranch: 'main'});
	await git.add({fs, dir: directory, filepath: '.'});
	await git.commit({fs, dir: directory, message: 'one', author});
	await git.tag({fs, dir: directory, ref: 'v1'});
	const edit = (file: string, from: string, to: string): void => {
		const full = path.join(directory, file);
		fs.writeFileSync(full, fs.readFileSync(full, 'utf8').replace(from, to));
	};

	edit('live/_envcommon/app.hcl', 'instance_count = 2', 'instance_count = 3');
	edit('live/prod/eu-west-1/vpc/terragrunt.hcl', '10.0.0.0/16', '10.1.0.0/16');
	fs.mkdirSync(path.join(directory, 'live/prod/eu-west-1/cache'));
	fs.copyFileSync(path.join(directory, 'live/prod/eu-west-1/vpc/terragrunt.hcl'), path.join(directory, 'live/prod/eu-west-1/cache/terragrunt.hcl'));
	const {code, stdout} = await run([path.join(directory, 'live')], {from: 'v1', detailedExitcode: true}, directory);
	t.is(code, 2);
	const lines = stdout.split('\n');
	t.regex(lines[0]!, /^v1 \([\da-f]{7}\) → \S+live \(working tree\)$/);
	t.is(lines.slice(1).join('\n'), [
		'Terragrunt estate: 1 unit added, 0 removed, 2 changed, 1 unchanged.',
		'',
		'~ prod/eu-west-1/app',
		'    because _envcommon/app.hcl changed',
		'    input cidr: "10.0.0.0/16" → "10.1.0.0/16"  (live/prod/eu-west-1/app/terragrunt.hcl:30:3; dependency.vpc.outputs.cidr: static)',
		'    input instance_count: 2 → 3  (live/_envcommon/app.hcl:12:3)',
		'    1 to add, 0 to change, 0 to destroy; 2 unchanged',
		'',
		'    (root module)',
		'      + terraform_data.server[2]  create',
		'',
		'    Expansion changes',
		'      terraform_data.server: count = 2 → count = 3; +[2]',
		'',
		'+ prod/eu-west-1/cache  (new unit)',
		'    1 to add, 0 to change, 0 to destroy; 0 unchanged',
		'',
		'    (root module)',
		'      + terraform_data.vpc  create',
		'',
		'~ prod/eu-west-1/vpc',
		'    because prod/eu-west-1/vpc/terragrunt.hcl changed',
		'    input cidr: "10.0.0.0/16" → "10.1.0.0/16"  (live/prod/eu-west-1/vpc/terragrunt.hcl:10:3)',
		'    0 to add, 1 to change, 0 to destroy; 0 unchanged',
		'',
		'    (root module)',
		'      ~ terraform_data.vpc  update in place',
		'          input.cidr: "10.0.0.0/16" → "10.1.0.0/16"',
		'',
	].join('\n'));
	const json = JSON.parse((await run([path.join(directory, 'live')], {from: 'v1', json: true}, directory)).stdout) as {units: Array<{unit: string; status: string; files_changed: string[]; input_changes: unknown[]}>};
	t.deepEqual(json.units.map(unit => `${unit.unit} ${unit.status} ${unit.files_changed.join(',')} ${unit.input_changes.length}`), ['prod/eu-west-1/app changed _envcommon/app.hcl 2', 'prod/eu-west-1/cache added  6', 'prod/eu-west-1/vpc changed prod/eu-west-1/vpc/terragrunt.hcl 1']);
});

test('an input too large to show is one line saying what it is, and compared as a value: unchanged when equal, listed when a leaf differs', async t => {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-estate-diff-large-'));
	t.teardown(() => {
		fs.rmSync(directory, {recursive: true, force: true});
	});
	fs.cpSync(path.join(fixtures, 'estate'), directory, {recursive: true});
	const vpc = path.join(directory, 'live/prod/eu-west-1/vpc/terragrunt.hcl');
	// 2^18 strings through tuples that hold each level twice: about 10 MB printed.
	const levels = Array.from({length: 18}, (_, level) => `  l${level + 1} = [local.l${level}, local.l${level}]`).join('\n');
	const withLeaf = (leaf: string): string => fs.readFileSync(path.join(fixtures, 'estate/live/prod/eu-west-1/vpc/terragrunt.hcl'), 'utf8')
		.replace('inputs = {', `locals {\n  l0 = "${leaf}"\n${levels}\n}\n\ninputs = {\n  big = local.l18`);
	fs.writeFileSync(vpc, withLeaf('a'));
	const author = {name: 'test', email: 'test@example.com', timestamp: 1_700_000_000, timezoneOffset: 0};
	await git.init({fs, dir: directory, defaultBranch: 'main'});
	await git.add({fs, dir: directory, filepath: '.'});
	await git.commit({fs, dir: directory, message: 'one', author});
	await git.tag({fs, dir: directory, ref: 'v1'});
	fs.writeFileSync(vpc, withLeaf('a').replace('10.0.0.0/16', '10.1.0.0/16'));
	let {stdout} = await run([path.join(directory, 'live')], {from: 'v1'}, directory);
	t.regex(stdout, /input cidr: "10\.0\.0\.0\/16" → "10\.1\.0\.0\/16"/);
	t.notRegex(stdout, /input big/);
	fs.writeFileSync(vpc, withLeaf('b'));
	({stdout} = await run([path.join(directory, 'live')], {from: 'v1'}, directory));
	const line = stdout.split('\n').find(each => each.includes('input big'));
	t.is(line?.trim().replace(/ {2}\(live.*$/, ''), 'input big: (too large to show: a tuple of 2 elements, 524,287 elements and attributes counting nested ones, more than 1 MiB (1,048,576 characters) printed) → (too large to show: a tuple of 2 elements, 524,287 elements and attributes counting nested ones, more than 1 MiB (1,048,576 characters) printed)');
	t.true(stdout.length < 100_000);
});
