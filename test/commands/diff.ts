import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {PassThrough} from 'node:stream';
import zlib from 'node:zlib';
import test from 'ava';
import git from 'isomorphic-git';
import {type CommandFlags, defaultFlags} from '../../source/commands/command.js';
import {diffCommand} from '../../source/commands/diff.js';
import {parseJsonOutput} from '../helpers/json-schema.js';
import {runMain} from '../helpers/run-main.js';

const root = path.join(import.meta.dirname, '..', '..');
const cases = 'test/fixtures/diff';

async function run(arguments_: string[], flags: Partial<CommandFlags>, cwd = root): Promise<{code: number; stdout: string; stderr: string}> {
	let stdout = '';
	let stderr = '';
	const code = await diffCommand({
		arguments: arguments_, flags: {...defaultFlags, ...flags}, stdin: new PassThrough(), stdout: {write: (text: string) => (stdout += text)}, stderr: {write: (text: string) => (stderr += text)}, isTerminal: false, environment: {}, cwd,
	});
	return {code, stdout, stderr};
}

test('the tree: a rename without a moved block, with the block to add; exit 0 (2 with --detailed-exitcode)', async t => {
	const {code, stdout, stderr} = await run([`${cases}/rename-without-moved/new`], {fromDir: `${cases}/rename-without-moved/old`});
	t.is(code, 0);
	t.is((await run([`${cases}/rename-without-moved/new`], {fromDir: `${cases}/rename-without-moved/old`, detailedExitcode: true})).code, 2);
	t.is(stderr, '');
	t.is(stdout, [
		`${cases}/rename-without-moved/old → ${cases}/rename-without-moved/new (working tree)`,
		'2 to add, 0 to change, 2 to destroy; 0 unchanged',
		'',
		'(root module)',
		'  - terraform_data.database  destroy (no longer in the configuration)',
		'  + terraform_data.other  create',
		'  + terraform_data.primary_database  create',
		'  - terraform_data.unrelated  destroy (no longer in the configuration)',
		'',
		'Suspected renames',
		'  Terraform would destroy and recreate these; if they are the same objects, add:',
		'',
		'  terraform_data.database → terraform_data.primary_database  (1 instance, 100% of arguments equal)',
		'    moved {',
		'      from = terraform_data.database',
		'      to   = terraform_data.primary_database',
		'    }',
		'',
	].join('\n'));
});

test('the tree: moved modules, argument changes by path, replacement, forget and import', async t => {
	const moved = await run([`${cases}/moved-module/new`], {fromDir: `${cases}/moved-module/old`});
	t.regex(moved.stdout, /^module\.service {2}→ moved from module\.legacy$/m);
	t.regex(moved.stdout, /^ {2}→ terraform_data\.this {2}moved from module\.legacy\.terraform_data\.this \(moved block at test\/fixtures\/diff\/moved-module\/new\/main\.tf:6\)$/m);
	const updates = await run([`${cases}/updates/new`], {fromDir: `${cases}/updates/old`});
	t.regex(updates.stdout, /^ {2}~ terraform_data\.config {2}update in place\n {6}input\.size: 1 → 2$/m);
	t.regex(updates.stdout, /^ {2}± terraform_data\.replaced {2}replace\n {6}triggers_replace\[0\]: "v1" → "v2"$/m);
	t.regex(updates.stdout, /^0 to add, 1 to change, 1 to replace, 0 to destroy; 1 unchanged$/m);
	const forget = await run([`${cases}/removed-and-forget/new`], {fromDir: `${cases}/removed-and-forget/old`});
	t.regex(forget.stdout, /^ {2}> terraform_data\.forgotten\[0\] {2}forget: leaves the state, the object stays \(removed block at .*main\.tf:1\)$/m);
	t.regex(forget.stdout, /^ {2}- terraform_data\.destroyed {2}destroy \(removed block\)$/m);
	const imported = await run([`${cases}/import/new`], {fromDir: `${cases}/import/old`});
	t.regex(imported.stdout, /^ {2}< terraform_data\.adopted {2}import id "7f5b2c1e-adopted"$/m);
	const implied = await run([`${cases}/implied-moves/new`], {fromDir: `${cases}/implied-moves/old`});
	t.regex(implied.stdout, /^ {2}→ terraform_data\.loses_count {2}moved from terraform_data\.loses_count\[0\] \(implied move\)$/m);
});

test('expansion changes list the keys that come and go', async t => {
	const {stdout} = await run([`${cases}/count-and-for-each/new`], {fromDir: `${cases}/count-and-for-each/old`});
	t.regex(stdout, /^Expansion changes\n {2}terraform_data\.workers: count = 3 → count = 2; -\[2\]\n {2}terraform_data\.zones: \+\["c"\] -\["a"\]$/m);
});

test('--from-var-file and --to-var-file compare two environments of one configuration', async t => {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-diff-vars-'));
	t.teardown(() => {
		fs.rmSync(directory, {recursive: true, force: true});
	});
	fs.writeFileSync(path.join(directory, 'main.tf'), 'variable "n" {\n  type = number\n}\n\nresource "terraform_data" "x" {\n  count = var.n\n}\n');
	fs.writeFileSync(path.join(directory, 'staging.tfvars'), 'n = 1\n');
	fs.writeFileSync(path.join(directory, 'production.tfvars'), 'n = 3\n');
	const {code, stdout} = await run([directory], {fromVarFile: ['staging.tfvars'], toVarFile: ['production.tfvars'], detailedExitcode: true}, directory);
	t.is(code, 2);
	t.regex(stdout, /^\S+ \(working tree\) with staging\.tfvars → \S+ \(working tree\) with production\.tfvars\n2 to add, 0 to change, 0 to destroy; 1 unchanged$/m);
	const same = await run([directory], {fromVarFile: ['staging.tfvars'], toVarFile: ['staging.tfvars'], detailedExitcode: true}, directory);
	t.is(same.code, 0);
});

test('--json: the documented shape', async t => {
	const {code, stdout} = await run([`${cases}/moved-resource/new`], {fromDir: `${cases}/moved-resource/old`, json: true});
	t.is(code, 0);
	const json = parseJsonOutput<Record<string, any>>(t, 'diff', stdout);
	t.is(json['format_version'], '1.0');
	t.deepEqual(json['summary'], {create: 0, delete: 0, update: 0, replace: 0, move: 3, forget: 0, import: 0, unchanged: 0, invoke: 0});
	t.deepEqual(json['resource_changes'][0], {
		address: 'terraform_data.new_name',
		previous_address: 'terraform_data.old_name',
		kind: 'move',
		action: 'no-op',
		type: 'terraform_data',
		module: '',
		move: {implied: false, from: 'terraform_data.old_name', to: 'terraform_data.new_name', declared_at: `${cases}/moved-resource/new/main.tf:5,1-8,2`, across_types: null},
		importing: null,
		reason: null,
		removed_block: null,
		attributes: [],
	});
	t.deepEqual(json['errors'], []);
});

test('--format markdown: counts first, renames with the moved block, details collapsed', async t => {
	const {stdout} = await run([`${cases}/rename-without-moved/new`], {fromDir: `${cases}/rename-without-moved/old`, format: 'markdown'});
	t.true(stdout.startsWith(`### tfscope diff: ${cases}/rename-without-moved/old → ${cases}/rename-without-moved/new (working tree)\n\n**2 to add, 0 to change, 2 to destroy; 0 unchanged**\n`));
	t.true(stdout.includes('```hcl\nmoved {\n  from = terraform_data.database\n  to   = terraform_data.primary_database\n}\n```'));
	t.true(stdout.includes('<details><summary>Destroyed (2)</summary>\n\n- `terraform_data.database`\n- `terraform_data.unrelated`\n\n</details>'));
});

test('no change: exit 0', async t => {
	const {code, stdout} = await run([`${cases}/updates/old`], {fromDir: `${cases}/updates/old`});
	t.is(code, 0);
	t.regex(stdout, /0 to add, 0 to change, 0 to destroy; 3 unchanged/);
});

test('usage errors exit 2, unreadable revisions 1', async t => {
	t.is((await run(['.'], {})).code, 2);
	t.is((await run(['.'], {format: 'dot', fromDir: '.'})).code, 2);
	t.is((await run(['.'], {from: 'HEAD', fromDir: '.'})).code, 2);
	const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-diff-nogit-'));
	t.teardown(() => {
		fs.rmSync(outside, {recursive: true, force: true});
	});
	const result = await run(['.'], {from: 'HEAD'}, outside);
	t.is(result.code, 1);
	t.regex(result.stderr, /not inside a git repository/);
});

test('--from REV against the working tree, and --from/--to between two revisions', async t => {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-diff-git-'));
	t.teardown(() => {
		fs.rmSync(directory, {recursive: true, force: true});
	});
	const author = {name: 'test', email: 'test@example.com', timestamp: 1_700_000_000, timezoneOffset: 0};
	await git.init({fs, dir: directory, defaultBranch: 'main'});
	const write = async (text: string, message: string): Promise<void> => {
		fs.writeFileSync(path.join(directory, 'main.tf'), text);
		await git.add({fs, dir: directory, filepath: 'main.tf'});
		await git.commit({fs, dir: directory, message, author});
	};

	await write('resource "terraform_data" "a" {\n  input = 1\n}\n', 'one');
	await git.tag({fs, dir: directory, ref: 'v1'});
	await write('resource "terraform_data" "b" {\n  input = 1\n}\n\nmoved {\n  from = terraform_data.a\n  to   = terraform_data.b\n}\n', 'two');
	await git.tag({fs, dir: directory, ref: 'v2'});
	fs.writeFileSync(path.join(directory, 'main.tf'), 'resource "terraform_data" "b" {\n  input = 2\n}\n');
	const working = await run([directory], {from: 'v2', detailedExitcode: true}, directory);
	t.is(working.code, 2);
	t.regex(working.stdout, /^v2 \([\da-f]{7}\) → \S+ \(working tree\)\n0 to add, 1 to change, 0 to destroy; 0 unchanged\n\n\(root module\)\n {2}~ terraform_data\.b {2}update in place\n {6}input: 1 → 2\n$/);
	const revisions = await run([directory], {from: 'v1', to: 'v2'}, directory);
	t.regex(revisions.stdout, /→ terraform_data\.b {2}moved from terraform_data\.a \(moved block at \S*main\.tf:5\)/);
	const bare = await run(['.'], {from: 'v1', to: 'v2', gitDir: path.join(directory, '.git')}, directory);
	t.is(bare.code, 0);
	t.is(bare.stdout.split('\n').slice(1).join('\n').replaceAll(directory + '/', ''), revisions.stdout.split('\n').slice(1).join('\n').replaceAll(directory + '/', ''));
});

test('the tree: imports expanded over for_each, moves across resource types with what the provider must support', async t => {
	const imported = await run([`${cases}/import-for-each/new`], {fromDir: `${cases}/import-for-each/old`});
	t.regex(imported.stdout, /^ {2}< terraform_data\.adopted\["green"\] {2}import id "id-green"$/m);
	t.regex(imported.stdout, /^ {2}< terraform_data\.regional\[1\] {2}import id "regional-us"$/m);
	const across = await run([`${cases}/moved-across-types/new`], {fromDir: `${cases}/moved-across-types/old`});
	t.regex(across.stdout, /^ {2}→ terraform_data\.web {2}moved from null_resource\.web \(moved block at .*main\.tf:9; across resource types, Terraform 1\.8\+\)$/m);
	const json = await run([`${cases}/moved-across-types/new`], {fromDir: `${cases}/moved-across-types/old`, json: true});
	const web = (parseJsonOutput<{resource_changes: Array<{address: string; move?: {across_types?: {supported: boolean | null}}}>}>(t, 'diff', json.stdout)).resource_changes.find(change => change.address === 'terraform_data.web');
	t.deepEqual(web?.move?.across_types, {supported: true});
});

test('a damaged repository is exit 1 with one line naming what is damaged and the file that stores it', async t => {
	const author = {name: 'test', email: 'test@example.com', timestamp: 1_700_000_000, timezoneOffset: 0};
	const made: string[] = [];
	t.teardown(() => {
		for (const directory of made) {
			fs.rmSync(directory, {recursive: true, force: true});
		}
	});
	// Two commits of a root module and a child module, then one damage.
	type Damaged = {directory: string; object: (oid: string) => string; ids: Record<string, string>};
	const repository = async (): Promise<Damaged> => {
		const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-diff-damaged-'));
		made.push(directory);
		await git.init({fs, dir: directory, defaultBranch: 'main'});
		fs.mkdirSync(path.join(directory, 'modules', 'net'), {recursive: true});
		for (const input of [1, 2]) {
			fs.writeFileSync(path.join(directory, 'main.tf'), `module "net" {\n  source = "./modules/net"\n}\n\nresource "terraform_data" "a" {\n  input = ${input}\n}\n`);
			fs.writeFileSync(path.join(directory, 'modules', 'net', 'main.tf'), `output "cidr" {\n  value = "10.${input}.0.0/16"\n}\n`);
			// eslint-disable-next-line no-await-in-loop -- one commit after the other
			await git.add({fs, dir: directory, filepath: '.'});
			// eslint-disable-next-line no-await-in-loop
			await git.commit({fs, dir: directory, message: `commit ${input}`, author});
		}

		const first = (await git.readCommit({fs, dir: directory, oid: await git.resolveRef({fs, dir: directory, ref: 'HEAD'})})).commit.parent[0]!;
		const tree = (await git.readCommit({fs, dir: directory, oid: first})).commit.tree;
		const modules = (await git.readTree({fs, dir: directory, oid: tree, filepath: 'modules'})).oid;
		const net = (await git.readTree({fs, dir: directory, oid: tree, filepath: 'modules/net'})).oid;
		const blob = (await git.readBlob({fs, dir: directory, oid: tree, filepath: 'modules/net/main.tf'})).oid;
		return {directory, object: oid => path.join(directory, '.git', 'objects', oid.slice(0, 2), oid.slice(2)), ids: {first, modules, net, blob}};
	};

	const cases: Array<{name: string; damage: (repository: Damaged) => void; stderr: (repository: Damaged) => RegExp}> = [
		{
			name: 'a blob whose content does not match its id',
			damage({object, ids}) {
				fs.chmodSync(object(ids.blob!), 0o644);
				fs.writeFileSync(object(ids.blob!), zlib.deflateSync('blob 5\u0000other'));
			},
			stderr: ({object, ids}) => new RegExp(`the repository is damaged: modules/net/main\\.tf \\(object ${ids.blob!}, stored in ${escape(object(ids.blob!))}\\) cannot be read: its content does not match its id\\.\\n$`),
		},
		{
			name: 'a missing tree',
			damage({object, ids}) {
				fs.rmSync(object(ids.net!));
			},
			stderr: ({ids}) => new RegExp(`the repository is damaged: the tree of modules/net \\(object ${ids.net!}\\) is not in it\\.\\n$`),
		},
		{
			name: 'a commit that does not inflate',
			damage({object, ids}) {
				fs.chmodSync(object(ids.first!), 0o644);
				fs.writeFileSync(object(ids.first!), 'not zlib data');
			},
			stderr: ({object, ids}) => new RegExp(`the repository is damaged: commit ${ids.first!.slice(0, 7)} \\(object ${ids.first!}, stored in ${escape(object(ids.first!))}\\) cannot be read: its compressed data is invalid \\([^)]+\\)\\.\\n$`),
		},
		{
			name: 'HEAD naming an object that is not there',
			damage({directory}) {
				fs.writeFileSync(path.join(directory, '.git', 'HEAD'), `${'0'.repeat(39)}1\n`);
			},
			stderr: () => /the repository is damaged: the object HEAD names \(object 0{39}1\) is not in it\.\n$/,
		},
		{
			name: 'a .git file that names no git directory',
			damage({directory}) {
				fs.rmSync(path.join(directory, '.git'), {recursive: true});
				fs.writeFileSync(path.join(directory, '.git'), 'not a gitdir line\n');
			},
			stderr: ({directory}) => new RegExp(`^Error: ${escape(path.join(directory, '.git'))} is a file that does not name a git directory \\(a "gitdir: PATH" line\\): the repository is damaged\\n$`),
		},
	];
	for (const {name, damage, stderr} of cases) {
		// eslint-disable-next-line no-await-in-loop -- one repository at a time
		const damaged = await repository();
		damage(damaged);
		// eslint-disable-next-line no-await-in-loop
		const result = await runMain(['diff', damaged.directory, '--from', 'HEAD~1']);
		t.is(result.code, 1, name);
		t.is(result.stdout, '', name);
		t.regex(result.stderr, stderr(damaged), name);
		t.is(result.stderr.split('\n').length, 2, name);
		t.notRegex(result.stderr, /internal error|file an issue|please report/i, name);
		// eslint-disable-next-line no-await-in-loop
		t.is((await runMain(['diff', damaged.directory, '--from', 'HEAD~1', '--detailed-exitcode'])).code, 1, name);
	}
});

function escape(text: string): string {
	return text.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
