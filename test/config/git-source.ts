import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import git from 'isomorphic-git';
import {openGitRevision} from '../../source/config/git-source.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
A git revision read as a configuration source. The repositories are made here with isomorphic-git's write functions (tests may write; tfscope never does), in a temporary directory.
*/

type Files = Record<string, string>;

async function commit(directory: string, files: Files, message: string): Promise<string> {
	for (const [name, text] of Object.entries(files)) {
		fs.mkdirSync(path.dirname(path.join(directory, name)), {recursive: true});
		fs.writeFileSync(path.join(directory, name), text);
		// eslint-disable-next-line no-await-in-loop -- one file at a time
		await git.add({fs, dir: directory, filepath: name});
	}

	return git.commit({fs, dir: directory, message, author: {name: 'test', email: 'test@example.com', timestamp: 1_700_000_000, timezoneOffset: 0}});
}

function snapshot(directory: string): string {
	const hash = crypto.createHash('sha256');
	const walk = (current: string): void => {
		for (const entry of fs.readdirSync(current, {withFileTypes: true}).sort((a, b) => a.name.localeCompare(b.name))) {
			const full = path.join(current, entry.name);
			const stat = fs.statSync(full);
			hash.update(`${full}\u0000${stat.mtimeMs}\u0000`);
			if (entry.isDirectory()) {
				walk(full);
			} else {
				hash.update(fs.readFileSync(full));
			}
		}
	};

	walk(directory);
	return hash.digest('hex');
}

const first: Files = {
	'infra/main.tf': 'resource "terraform_data" "web" {\n  count = 2\n  input = templatefile("${path.module}/templates/user-data.tpl", {name = "old"})\n}\n\nmodule "net" {\n  source = "../modules/net"\n}\n',
	'infra/templates/user-data.tpl': 'hello ${name}',
	'infra/terraform.tfvars': '',
	'modules/net/main.tf': 'resource "terraform_data" "vpc" {}\n',
	'readme.md': 'not configuration',
};

async function repository(t: {teardown: (f: () => void) => void}): Promise<{directory: string; commits: string[]}> {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-git-'));
	t.teardown(() => {
		fs.rmSync(directory, {recursive: true, force: true});
	});
	await git.init({fs, dir: directory, defaultBranch: 'main'});
	const one = await commit(directory, first, 'first');
	await git.tag({fs, dir: directory, ref: 'v1'});
	await git.annotatedTag({fs, dir: directory, ref: 'v1-annotated', message: 'release', tagger: {name: 'test', email: 'test@example.com', timestamp: 1_700_000_000, timezoneOffset: 0}});
	const two = await commit(directory, {
		'infra/main.tf': 'resource "terraform_data" "web" {\n  count = 3\n  input = "new"\n}\n',
	}, 'second');
	return {directory, commits: [one, two]};
}

async function instancesAt(directory: string, revision: string, sub = 'infra'): Promise<string[]> {
	const opened = await openGitRevision({revision, directory: path.join(directory, sub), cwd: directory});
	if (!opened.ok) {
		throw new Error(opened.message);
	}

	const workspace = await loadWorkspace({directory: path.join(directory, sub), cwd: directory, source: opened.revision.source});
	return [...workspace.instances.resourceInstances.keys()];
}

test('a branch, a tag, an annotated tag, HEAD~1, HEAD^ and a short commit id all name a revision', async t => {
	const {directory, commits} = await repository(t);
	const old = ['terraform_data.web[0]', 'terraform_data.web[1]', 'module.net.terraform_data.vpc'];
	for (const revision of ['v1', 'v1-annotated', 'HEAD~1', 'HEAD^', 'main~1', commits[0]!.slice(0, 7), commits[0]!]) {
		// eslint-disable-next-line no-await-in-loop -- one revision at a time
		t.deepEqual((await instancesAt(directory, revision)).sort(), [...old].sort(), revision);
	}

	t.deepEqual(await instancesAt(directory, 'HEAD'), ['terraform_data.web[0]', 'terraform_data.web[1]', 'terraform_data.web[2]']);
});

test('the file functions read the revision, not the working tree', async t => {
	const {directory} = await repository(t);
	fs.writeFileSync(path.join(directory, 'infra/templates/user-data.tpl'), 'changed on disk ${name}');
	const opened = await openGitRevision({revision: 'v1', directory: path.join(directory, 'infra'), cwd: directory});
	t.true(opened.ok);
	const workspace = await loadWorkspace({directory: path.join(directory, 'infra'), cwd: directory, source: opened.ok ? opened.revision.source : undefined});
	t.is(workspace.evaluateAt('terraform_data.web[0].input').value.kind, 'string');
	t.deepEqual(workspace.evaluateAt('terraform_data.web[0].input').value, {kind: 'string', value: 'hello old'});
});

test('opening and loading a revision changes nothing in the repository', async t => {
	const {directory} = await repository(t);
	const before = snapshot(directory);
	await instancesAt(directory, 'v1');
	await instancesAt(directory, 'HEAD~1');
	t.is(snapshot(directory), before);
});

test('an unknown revision or a directory outside any repository is a message, not an exception', async t => {
	const {directory} = await repository(t);
	const unknown = await openGitRevision({revision: 'v9', directory, cwd: directory});
	t.false(unknown.ok);
	t.regex(unknown.ok ? '' : unknown.message, /Revision "v9" could not be read/);
	const tooFar = await openGitRevision({revision: 'HEAD~5', directory, cwd: directory});
	t.false(tooFar.ok);
	const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-nogit-'));
	t.teardown(() => {
		fs.rmSync(outside, {recursive: true, force: true});
	});
	const none = await openGitRevision({revision: 'HEAD', directory: outside, cwd: outside});
	t.false(none.ok);
	t.regex(none.ok ? '' : none.message, /not inside a git repository/);
});

test('a bare git directory is read with --git-dir: paths are relative to the repository root', async t => {
	const {directory} = await repository(t);
	const opened = await openGitRevision({revision: 'v1', gitDirectory: path.join(directory, '.git'), cwd: '/nonexistent-root'});
	t.true(opened.ok);
	const workspace = await loadWorkspace({directory: 'modules/net', cwd: '/nonexistent-root', source: opened.ok ? opened.revision.source : undefined});
	t.deepEqual([...workspace.instances.resourceInstances.keys()], ['terraform_data.vpc']);
	t.deepEqual(workspace.diagnostics, []);
});

test('a directory missing at a revision is the loader\'s usual diagnostic', async t => {
	const {directory} = await repository(t);
	const opened = await openGitRevision({revision: 'v1', directory, cwd: directory});
	t.true(opened.ok);
	const workspace = await loadWorkspace({directory: 'absent', cwd: directory, source: opened.ok ? opened.revision.source : undefined});
	t.regex(workspace.diagnostics.map(diagnostic => diagnostic.summary).join('\n'), /No configuration directory/);
});
