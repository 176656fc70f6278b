import {execFileSync} from 'node:child_process';
import {
	closeSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, ftruncateSync, writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {readFileWithLimit, readTextWithLimit} from '../../source/files/read-file.js';
import {loadWorkspace} from '../../source/workspace.js';
import {describeCall} from '../helpers/functions.js';
import {stringValue} from '../../source/lang/values.js';

/*
The one file reader with limits, and every file the loader reads besides `.tf` going through it: a FIFO, a symlink to /dev/zero or a huge sparse file in place of `.terraform/environment`, `modules.json`, `terraform.tfstate`, `*.auto.tfvars`, `--var-file` or `--state` gives a diagnostic (or is ignored, where a missing file would be), never a hang. A hang here would be the test timing out: nothing waits on time.
*/

const root = mkdtempSync(path.join(os.tmpdir(), 'tfscope-reader-'));

test.after.always(() => {
	rmSync(root, {recursive: true, force: true});
});

let counter = 0;

type Hostile = 'fifo' | 'zero' | 'huge';
const hostiles: readonly Hostile[] = ['fifo', 'zero', 'huge'];

/**
Puts a hostile thing at `file`: a FIFO nobody writes to, a symlink to /dev/zero, or a 2 GiB sparse file.
*/
function plant(file: string, kind: Hostile): void {
	mkdirSync(path.dirname(file), {recursive: true});
	if (kind === 'fifo') {
		execFileSync('mkfifo', [file]);
	} else if (kind === 'zero') {
		symlinkSync('/dev/zero', file);
	} else {
		const descriptor = openSync(file, 'w');
		ftruncateSync(descriptor, 2 * 1024 * 1024 * 1024);
		closeSync(descriptor);
	}
}

function configuration(): string {
	const directory = path.join(root, `case-${counter++}`);
	mkdirSync(directory, {recursive: true});
	writeFileSync(path.join(directory, 'main.tf'), 'resource "terraform_data" "survivor" {}\nvariable "v" {\n  default = "d"\n}\n');
	return directory;
}

test('the reader refuses a FIFO, a device and an oversized file without reading them', t => {
	const directory = path.join(root, 'reader');
	for (const kind of hostiles) {
		const file = path.join(directory, kind);
		plant(file, kind);
		const read = readFileWithLimit(file, 1024 * 1024);
		t.false(read.ok, kind);
		if (!read.ok) {
			t.is(read.failure.kind, kind === 'huge' ? 'too-large' : 'not-regular', kind);
		}
	}

	const missing = readFileWithLimit(path.join(directory, 'nothing'), 10);
	t.deepEqual(missing.ok ? undefined : missing.failure.kind, 'missing');
	const directoryRead = readFileWithLimit(directory, 10);
	t.deepEqual(directoryRead.ok ? undefined : directoryRead.failure, {kind: 'not-regular', path: directory, what: 'directory'});
});

test('the reader streams procfs files, which report size 0, up to the limit', t => {
	const environ = readTextWithLimit('/proc/self/status', 1024 * 1024);
	t.true(environ.ok && environ.text.includes('Pid:'));
	const capped = readFileWithLimit('/proc/self/status', 16);
	t.deepEqual(capped.ok ? undefined : capped.failure.kind, 'too-large');
});

for (const kind of hostiles) {
	test(`${kind} in place of every optional file the loader reads: the configuration loads`, async t => {
		const directory = configuration();
		plant(path.join(directory, '.terraform', 'environment'), kind);
		plant(path.join(directory, '.terraform', 'modules', 'modules.json'), kind);
		plant(path.join(directory, 'terraform.tfstate'), kind);
		plant(path.join(directory, 'terraform.tfvars'), kind);
		plant(path.join(directory, 'x.auto.tfvars'), kind);
		const workspace = await loadWorkspace({directory, environment: {}, cwd: directory});
		t.true(workspace.instances.resourceInstances.has('terraform_data.survivor'));
		const messages = workspace.diagnostics.map(diagnostic => `${diagnostic.summary}: ${diagnostic.detail ?? ''}`).join('\n');
		// Each unreadable file that exists is named; none hangs or throws.
		t.regex(messages, /terraform\.tfvars/);
		t.regex(messages, /x\.auto\.tfvars/);
		t.regex(messages, /terraform\.tfstate/);
		t.regex(messages, kind === 'huge' ? /more than|larger than|too large/ : /not a regular file/);
	});

	test(`${kind} as --var-file and --state: a diagnostic naming the file`, async t => {
		const directory = configuration();
		const hostile = path.join(directory, 'hostile');
		plant(hostile, kind);
		const workspace = await loadWorkspace({
			directory, environment: {}, cwd: directory, varFiles: [hostile], stateFile: hostile,
		});
		t.true(workspace.instances.resourceInstances.has('terraform_data.survivor'));
		const summaries = workspace.diagnostics.map(diagnostic => diagnostic.summary);
		t.true(summaries.includes('Failed to read variables file') || summaries.includes('Configuration file too large'), summaries.join(', '));
		t.true(summaries.includes('Failed to read state file'), summaries.join(', '));
	});

	test(`${kind} named main.tf beside the configuration: a diagnostic, the rest loads`, async t => {
		const directory = configuration();
		plant(path.join(directory, 'other.tf'), kind);
		const workspace = await loadWorkspace({directory, environment: {}, cwd: directory});
		t.true(workspace.instances.resourceInstances.has('terraform_data.survivor'));
		t.true(workspace.diagnostics.some(diagnostic => /other\.tf/.test(`${diagnostic.detail ?? ''}`)));
	});
}

test('file() of a procfs file is streamed, not refused for its reported size 0', t => {
	t.regex(describeCall('file', [stringValue('/proc/self/status')]), /Pid:/);
});

test('file() of an unreadable procfs file words the error as Terraform does', t => {
	// /proc/self/mem cannot be read at offset 0: EIO, which Go (and so Terraform) words "input/output error".
	t.is(describeCall('file', [stringValue('/proc/self/mem')]), 'error[0]: failed to read file: read /proc/self/mem: input/output error');
});

test('fileset() ends on a symlink loop and on a wide tree of links', t => {
	const directory = path.join(root, 'loop');
	mkdirSync(path.join(directory, 'd'), {recursive: true});
	writeFileSync(path.join(directory, 'd', 'a.txt'), 'a');
	symlinkSync('..', path.join(directory, 'd', 'loop'));
	t.is(describeCall('fileset', [stringValue(directory), stringValue('**')]), 'toset([\n  "d/a.txt",\n])');
	// Twenty links to the parent in each directory: without the identity check this is 20^64 paths.
	const wide = path.join(root, 'wide');
	mkdirSync(wide);
	for (let index = 0; index < 20; index++) {
		symlinkSync('.', path.join(wide, `l${index}`));
	}

	writeFileSync(path.join(wide, 'f'), '');
	t.is(describeCall('fileset', [stringValue(wide), stringValue('**')]), 'toset([\n  "f",\n])');
});
