import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {collectRootVariables} from '../../source/config/tfvars.js';

test('a variables file gets the configuration files\' encoding checks', t => {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-tfvars-'));
	fs.writeFileSync(path.join(directory, 'terraform.tfvars'), Buffer.concat([Buffer.from('good = "yes"\nname = "caf'), Buffer.from([0xE9]), Buffer.from('"\n')]));
	const collected = collectRootVariables(directory, {}, [], directory);
	t.deepEqual(collected.diagnostics.map(diagnostic => [diagnostic.summary, diagnostic.subject?.start.line]), [['Invalid character encoding', 2]]);
	t.true(collected.values.has('good'));
	fs.rmSync(directory, {recursive: true});
});

test('a missing -var-file is an error, a missing terraform.tfvars is not', t => {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-tfvars-'));
	const collected = collectRootVariables(directory, {}, [{kind: 'var-file', path: 'nope.tfvars'}], directory);
	t.deepEqual(collected.diagnostics.map(diagnostic => diagnostic.summary), ['Failed to read variables file']);
	fs.rmSync(directory, {recursive: true});
});
