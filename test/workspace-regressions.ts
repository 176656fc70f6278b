import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {Readable} from 'node:stream';
import test from 'ava';
import {main} from '../source/commands/main.js';
import {loadWorkspace} from '../source/workspace.js';
import type {FidelityGolden} from './fixtures/fidelity/regenerate.js';

/*
The regression fixtures of #38 (test/fixtures/fidelity/, one directory per cause that runs offline), against terraform 1.11 (goldens made by its regenerate.ts): the configuration loads without an error, its resource instances are the ones `terraform plan` creates, and each probe prints in `tfscope console` what `terraform console -plan` printed.
*/

const fixtures = path.join(import.meta.dirname, 'fixtures', 'fidelity');
const cases = fs.readdirSync(fixtures, {withFileTypes: true}).filter(entry => entry.isDirectory()).map(entry => entry.name).sort();

async function runConsole(directory: string, input: string): Promise<{stdout: string; stderr: string; exitCode: number}> {
	let stdout = '';
	let stderr = '';
	const before = process.cwd();
	process.chdir(directory);
	const exitCode = await main(['console', '.'], {
		stdin: Readable.from([input]),
		stdout: {write: (text: string) => (stdout += text)},
		stderr: {write: (text: string) => (stderr += text)},
		isTerminal: false,
		stdinIsTerminal: false,
		environment: {},
		cwd: directory,
	}).finally(() => {
		process.chdir(before);
	});
	return {stdout, stderr, exitCode};
}

for (const name of cases) {
	const directory = path.join(fixtures, name);
	const golden = JSON.parse(fs.readFileSync(path.join(directory, 'golden.json'), 'utf8')) as FidelityGolden;

	test(`${name}: no error, and the instances terraform plan creates`, async t => {
		t.is(golden.planExitCode, 0);
		const workspace = await loadWorkspace({directory, environment: {}});
		t.deepEqual(workspace.diagnostics.filter(diagnostic => diagnostic.severity === 'error').map(diagnostic => `${diagnostic.summary}: ${diagnostic.detail}`), []);
		t.deepEqual([...workspace.instances.resourceInstances.keys()].sort(), golden.addresses);
	});

	for (const probe of golden.probes) {
		test.serial(`${name}: ${probe.expression}`, async t => {
			t.deepEqual(await runConsole(directory, `${probe.expression}\n`), {stdout: probe.stdout, stderr: probe.stderr, exitCode: probe.exitCode});
		});
	}
}
