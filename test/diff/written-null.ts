import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {diffWorkspaces} from '../../source/diff/index.js';
import {loadWorkspace} from '../../source/workspace.js';

/*
An argument written as null is not set: with a provider schema, an optional and computed one (aws `region`) is unknown either way, and adding `region = var.region` with the variable null changes nothing, as Terraform's plan shows no change; a value written is a change.
*/

test('an optional and computed argument newly written as null is no change; a value is', async t => {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tfscope-written-null-'));
	t.teardown(() => {
		fs.rmSync(root, {recursive: true, force: true});
	});
	const write = (side: string, body: string): string => {
		fs.mkdirSync(path.join(root, side));
		fs.writeFileSync(path.join(root, side, 'main.tf'), `variable "region" {\n  type    = string\n  default = null\n}\n\nresource "aws_vpc" "this" {\n  cidr_block = "10.0.0.0/16"\n${body}}\n`);
		return path.join(root, side);
	};

	const before = await loadWorkspace({directory: write('old', '')});
	const same = diffWorkspaces(before, await loadWorkspace({directory: write('null', '  region     = var.region\n')}));
	t.deepEqual(same.changes, []);
	t.deepEqual(same.unchanged, ['aws_vpc.this']);
	const changed = diffWorkspaces(before, await loadWorkspace({directory: write('value', '  region     = "eu-west-1"\n')}));
	t.deepEqual(changed.changes.map(change => [change.address, change.action, change.attributes.map(attribute => `${attribute.name} ${attribute.kind}`)]), [['aws_vpc.this', 'update', ['region added']]]);
});
