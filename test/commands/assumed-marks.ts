import path from 'node:path';
import {PassThrough, Readable} from 'node:stream';
import test from 'ava';
import {type Command, type CommandFlags, defaultFlags} from '../../source/commands/command.js';
import {checkCommand} from '../../source/commands/check.js';
import {consoleCommand} from '../../source/commands/console.js';
import {graphCommand} from '../../source/commands/graph.js';
import {instancesCommand} from '../../source/commands/instances.js';
import {treeCommand} from '../../source/commands/tree.js';
import {parseJsonOutput} from '../helpers/json-schema.js';

/*
What an assumption decides says so wherever it is shown: values in the console (`"eu-west-1a" (assumed)`), instances that exist only because an assumed value gave their count/for_each (instances, tree, graph --instances, the counts of check), and check lists the assumptions themselves. Without assumptions nothing is marked.
*/

const directory = path.join(import.meta.dirname, '..', 'fixtures', 'placeholders', 'data-source-at-plan');
const assumed: Partial<CommandFlags> = {assumeFile: ['assumptions.hcl']};

async function run(command: Command, flags: Partial<CommandFlags>, stdin = ''): Promise<{code: number; stdout: string; stderr: string}> {
	let stdout = '';
	let stderr = '';
	const code = await command({
		arguments: [directory], flags: {...defaultFlags, ...flags}, stdin: stdin === '' ? new PassThrough() : Readable.from([stdin]), stdout: {write: (text: string) => (stdout += text)}, stderr: {write: (text: string) => (stderr += text)}, isTerminal: false, environment: {}, cwd: directory,
	});
	return {code, stdout, stderr};
}

test('console: assumed values and what is computed from them say so', async t => {
	const {stdout} = await run(consoleCommand, assumed, 'local.zones[1]\nlength(local.zones)\nterraform_data.subnet[0].input\nterraform_data.static[0].input\n');
	t.is(stdout, '"eu-west-1b" (assumed)\n3 (assumed)\n{\n  "cidr" = "10.0.0.0/24" (assumed)\n  "zone" = "eu-west-1a" (assumed)\n}\n"static-0"\n');
});

test('instances, tree, graph and check mark what exists only under an assumption', async t => {
	const instances = await run(instancesCommand, assumed);
	t.regex(instances.stdout, /^terraform_data\.route\["eu-west-1a"\] \(assumed\)$/m);
	t.regex(instances.stdout, /^module\.zone\["eu-west-1c"\]\.terraform_data\.per_letter\[1\] \(assumed\)$/m);
	t.regex(instances.stdout, /^terraform_data\.static\[0\]$/m);
	const json = parseJsonOutput<{instances: Array<{address: string; exists_by_assumption: boolean}>}>(t, 'instances', (await run(instancesCommand, {...assumed, json: true})).stdout).instances;
	t.deepEqual(json.filter(entry => entry.exists_by_assumption).length, 15 + 3);
	const tree = await run(treeCommand, assumed);
	t.is(tree.stdout.split('\n')[0], 'root (5 resources, 11 instances, 6 assumed)');
	t.regex(tree.stdout, /module\.zone\["eu-west-1a"\] assumed \(2 resources, 3 instances, 3 assumed\)/);
	const graph = await run(graphCommand, {...assumed, instances: true});
	t.regex(graph.stdout, /"terraform_data\.subnet\[2\]" \[label = "terraform_data\.subnet\[2\] \(assumed\)"/);
	t.regex(graph.stdout, /"terraform_data\.static\[1\]" \[label = "terraform_data\.static\[1\]",/);
	const check = await run(checkCommand, assumed);
	t.regex(check.stdout, /^assumed: data\.terraform_remote_state\.network\.outputs = \{/m);
	t.regex(check.stderr, /and 20 resource instances \(15 assumed\)\.$/m);
});

test('without assumptions nothing is marked', async t => {
	const instances = await run(instancesCommand, {});
	t.notRegex(instances.stdout, /assumed/);
	const tree = await run(treeCommand, {});
	t.notRegex(tree.stdout, /assumed/);
});
