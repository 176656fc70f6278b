import {mkdtempSync, readdirSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {findCommands, invocationsFor, runCommand} from './_commands.js';
import {exploreSession} from './_session.js';
import {buildFixtureTree, fingerprint} from './_tree.js';

/*
tfscope is read-only: every command, with its flags, and an explorer session run over a fixture tree (configurations, a state file and its backup, a lock file, a module manifest), and the tree is byte-identical afterwards, down to modes and modification times, with nothing added or removed.
*/

const root = mkdtempSync(path.join(os.tmpdir(), 'tfscope-read-only-'));
const tree = path.join(root, 'tree');
const outside = path.join(root, 'state-home');
const directories = buildFixtureTree(tree);
const before = fingerprint(tree);

test.after.always(() => {
	rmSync(root, {recursive: true, force: true});
});

const consoleExpressions = [
	'local.title',
	'var.banner',
	'file("${path.module}/main.tf")',
	'fileset(path.module, "**")',
	'templatefile("${path.module}/templates/self.tftpl", {path = "${path.module}/templates"})',
	'local.zero_device',
	'terraform_data.keys',
];

function changes(after: ReadonlyMap<string, string>): string[] {
	const problems: string[] = [];
	for (const [entry, print] of before) {
		if (!after.has(entry)) {
			problems.push(`removed ${entry}`);
		} else if (after.get(entry) !== print) {
			problems.push(`changed ${entry}`);
		}
	}

	for (const entry of after.keys()) {
		if (!before.has(entry)) {
			problems.push(`added ${entry}`);
		}
	}

	return problems;
}

test.serial('every command leaves the configuration tree byte-identical', async t => {
	const commands = await findCommands();
	t.true(commands.size > 0, 'commands are found');
	const ran: string[] = [];
	for (const [name, command] of commands) {
		for (const directory of Object.values(directories)) {
			const files = readdirSync(directory).filter(file => file.endsWith('.tf')).map(file => path.join(directory, file));
			for (const invocation of invocationsFor(name, directory, files, consoleExpressions)) {
				// eslint-disable-next-line no-await-in-loop
				await runCommand(command, {...invocation, cwd: directory});
				ran.push(invocation.label);
			}
		}
	}

	t.log(`ran: ${[...new Set(ran)].join(', ')}`);
	t.deepEqual(changes(fingerprint(tree)), []);
});

test.serial('an explorer session leaves the tree byte-identical; console history goes to the state directory only', async t => {
	// One session (they are slow on a busy machine): the directory with the state file and its backup, console expressions that read files.
	const session = await exploreSession(directories['escapes']!, {historyFile: path.join(outside, 'tfscope', 'console-history'), consoleExpressions: ['local.title', 'file("${path.module}/main.tf")', 'fileset(path.module, "**")'], blockRows: 5});
	t.true(session.frames.length > 10);

	t.deepEqual(changes(fingerprint(tree)), []);
	t.deepEqual(readdirSync(path.join(outside, 'tfscope')), ['console-history']);
});
