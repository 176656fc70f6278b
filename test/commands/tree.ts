import path from 'node:path';
import {PassThrough} from 'node:stream';
import test from 'ava';
import {defaultFlags} from '../../source/commands/command.js';
import {type TreeJson, treeCommand} from '../../source/commands/tree.js';
import {parseJsonOutput} from '../helpers/json-schema.js';

const root = path.join(import.meta.dirname, '..', '..');

async function run(arguments_: string[]): Promise<{code: number; stdout: string}> {
	let stdout = '';
	const code = await treeCommand({
		arguments: arguments_, flags: defaultFlags, stdin: new PassThrough(), stdout: {write: (text: string) => (stdout += text)}, stderr: {write: () => true}, isTerminal: false, environment: {}, cwd: root,
	});
	return {code, stdout};
}

test('the example module instance tree', async t => {
	const {code, stdout} = await run(['examples/multi-region']);
	t.is(code, 0);
	t.is(stdout, [
		'root (6 resources, 9 instances)',
		'├── module.app["eu"] (3 resources, 5 instances)',
		'├── module.app["us"] (3 resources, 3 instances)',
		'├── module.network["eu"] (7 resources, 13 instances)',
		'│   └── module.flow_logs[0] (2 resources, 2 instances)',
		'└── module.network["us"] (7 resources, 10 instances)',
		'    └── module.flow_logs (count = 0)',
		'',
	].join('\n'));
});

test('unresolved and empty module calls are shown with the reason', async t => {
	const {stdout} = await run(['test/fixtures/configs/errors']);
	t.is(stdout, [
		'root (4 resources, 1 instance)',
		'├── module.child (0 resources, 0 instances)',
		'├── module.gone (0 resources, 0 instances, unresolved: ./modules/does-not-exist)',
		'├── module.loop (0 resources, 0 instances)',
		'│   └── module.again (0 resources, 0 instances, unresolved: ../loop)',
		'└── module.registry (0 resources, 0 instances, unresolved: hashicorp/consul/aws)',
		'',
	].join('\n'));
});

test('ephemeral resources are not counted, as instances leaves them out', async t => {
	const {stdout} = await run(['test/fixtures/configs/ephemeral']);
	t.is(stdout, 'root (1 resource, 1 instance)\n');
});

test('tree --json: the same tree as nested module instances with counts and the calls without instances', async t => {
	let stdout = '';
	const code = await treeCommand({
		arguments: ['examples/multi-region'], flags: {...defaultFlags, json: true}, stdin: new PassThrough(), stdout: {write: (text: string) => (stdout += text)}, stderr: {write: () => true}, isTerminal: true, environment: {}, cwd: root,
	});
	t.is(code, 0);
	const tree = parseJsonOutput<TreeJson>(t, 'tree', stdout);
	const flat = (node: TreeJson): string[] => [`${node.address || 'root'} ${node.resources}/${node.resource_instances}${node.calls_without_instances.map(call => ` -${call.call} (${call.reason})`).join('')}`, ...node.modules.flatMap(child => flat(child))];
	t.deepEqual(flat(tree), [
		'root 6/9',
		'module.app["eu"] 3/5',
		'module.app["us"] 3/3',
		'module.network["eu"] 7/13',
		'module.network["eu"].module.flow_logs[0] 2/2',
		'module.network["us"] 7/10 -flow_logs (count = 0)',
	]);
});

test('a module call whose for_each is empty says it has no instances', async t => {
	const {stdout} = await run(['test/fixtures/configs/empty-for-each']);
	t.is(stdout, 'root (0 resources, 0 instances)\n└── module.none (for_each: no instances)\n');
});
