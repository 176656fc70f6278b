import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {detailLines} from '../../../source/ui/text/detail-lines.js';
import {type CommandFlags, defaultFlags} from '../../../source/commands/command.js';
import type {VariableArgument} from '../../../source/commands/variable-arguments.js';
import {loadExplorerData} from '../../../source/ui/data/load.js';
import type {ExplorerData} from '../../../source/ui/explorer-data.js';
import {runMain} from '../../helpers/run-main.js';

/*
The explorer's view of the real Workspace, on the bundled example.
*/

let loaded: Promise<{data: ExplorerData; summary: string}> | undefined;
const example = async () => {
	loaded ??= loadExplorerData({directory: 'examples/multi-region', flags: defaultFlags, environment: {}, cwd: process.cwd()});
	return loaded;
};

test('the module tree lists every module instance, parents first, with counts', async t => {
	const {data, summary} = await example();
	const rows = data.modules();
	// In `tfscope tree`'s order: calls by name, each call's instances in key order.
	t.deepEqual(rows.map(row => row.address), ['', 'module.app["eu"]', 'module.app["us"]', 'module.network["eu"]', 'module.network["eu"].module.flow_logs[0]', 'module.network["us"]']);
	t.is(rows[0]?.label, 'root');
	t.is(rows[4]?.depth, 2);
	t.regex(summary, /^Terraform 1\.16 · 6 module instances · \d+ resource instances · d: diagnostics$/);
	data.diagnostics();
	t.regex(data.status(), /^Terraform 1\.16 · 6 module instances · \d+ resource instances · 0 errors, 0 warnings$/);
});

test('blocks of a module instance, by kind, with their instances', async t => {
	const {data} = await example();
	const logs = data.blocks('').find(entry => entry.label === 'aws_s3_bucket.logs');
	t.deepEqual(logs, {kind: 'resource', address: 'aws_s3_bucket.logs', label: 'aws_s3_bucket.logs', mode: 'for_each', instances: ['aws_s3_bucket.logs["access"]', 'aws_s3_bucket.logs["audit"]']});
	const kinds = new Set(data.blocks('').map(entry => entry.kind));
	for (const kind of ['resource', 'module', 'variable', 'local', 'output'] as const) {
		t.true(kinds.has(kind), kind);
	}
	t.true(data.blocks('module.network["eu"]').some(entry => entry.address === 'module.network["eu"].aws_vpc.this'));
});

test('details of an instance: expansion, each.*, evaluated arguments, source', async t => {
	const {data} = await example();
	const details = data.details('aws_s3_bucket.logs["audit"]');
	t.is(details?.expansion?.source, 'local.log_buckets');
	t.is(details?.expansion?.value, 'toset([\n  "access",\n  "audit",\n])');
	t.deepEqual(details?.expansion?.keys, ['"access"', '"audit"']);
	t.deepEqual(details?.instance, {index: 1, total: 2, bindings: [{name: 'each.key', value: '"audit"'}, {name: 'each.value', value: '"audit"'}]});
	t.deepEqual(details?.attributes.find(attribute => attribute.name === 'bucket'), {name: 'bucket', value: '"atlas-prod-audit-logs"', unknown: false, sensitive: false});
	t.regex(details?.source?.text ?? '', /^resource "aws_s3_bucket" "logs" \{/);
	t.is(details?.location?.filename, 'examples/multi-region/main.tf');
});

test('edges of an instance name the expression; locate finds every address', async t => {
	const {data} = await example();
	const edges = data.edges('aws_s3_bucket_versioning.logs["audit"]');
	t.true(edges.some(edge => edge.direction === 'out' && edge.address === 'aws_s3_bucket.logs["audit"]'), JSON.stringify(edges));
	t.deepEqual(data.locate('aws_s3_bucket.logs["audit"]'), {module: '', block: 'aws_s3_bucket.logs', instance: 'aws_s3_bucket.logs["audit"]'});
	t.deepEqual(data.locate('module.network["eu"]'), {module: 'module.network["eu"]'});
	t.is(data.locate('nothing.here'), undefined);
	for (const address of data.addresses()) {
		t.not(data.locate(address), undefined, address);
	}
});

test('the console evaluates in context, prints like terraform console, errors as diagnostics', async t => {
	const {data} = await example();
	t.deepEqual(data.evaluate('each.value', 'aws_s3_bucket.logs["audit"]'), {ok: true, text: '"audit"'});
	t.deepEqual(data.evaluate('cidrsubnet("10.0.0.0/16", 8, 2)', ''), {ok: true, text: '"10.0.2.0/24"'});
	const failed = data.evaluate('var.nope', '');
	t.false(failed.ok);
	t.regex(failed.text, /Error: /);
});

test('completion offers variables, locals, resource types and functions', async t => {
	const {data} = await example();
	t.true(data.complete('var.', '').includes('var.regions'));
	t.true(data.complete('local.', '').includes('local.log_buckets'));
	t.true(data.complete('cidrsub', '').includes('cidrsubnet('));
	t.true(data.complete('aws_s3', '').includes('aws_s3_bucket.logs'));
	t.true(data.complete('var.', 'module.network["eu"]').includes('var.cidr'));
	// The AWS provider's schema (bundled, 6.66.0): attributes the configuration does not set too.
	t.deepEqual(data.complete('aws_s3_bucket.logs.bucket_', ''), ['aws_s3_bucket.logs.bucket_domain_name', 'aws_s3_bucket.logs.bucket_namespace', 'aws_s3_bucket.logs.bucket_prefix', 'aws_s3_bucket.logs.bucket_region', 'aws_s3_bucket.logs.bucket_regional_domain_name']);
});

test('details of a resource with a schema: the arguments set, then those known after apply, then the unset ones, marked', async t => {
	const {data} = await example();
	const rows = data.details('aws_s3_bucket.logs["audit"]')!.attributes;
	t.is(rows[0]!.name, 'bucket');
	t.true(rows.some(row => row.name === 'arn' && row.unknown));
	const firstUnset = rows.findIndex(row => row.unset);
	t.true(firstUnset > 0);
	t.true(rows.slice(firstUnset).every(row => row.unset && !row.unknown));
	t.true(rows.some(row => row.name === 'force_destroy' && row.unset));
	const lines = (showUnset: boolean) => detailLines(data.details('aws_s3_bucket.logs["audit"]')!, {showUnset}).map(line => line.map(segment => segment.text).join(''));
	t.true(lines(false).some(line => /^\d+ unset attributes of the schema \(u: show\)$/.test(line)));
	t.false(lines(false).some(line => line.startsWith('force_destroy')));
	t.true(lines(true).some(line => line.startsWith('force_destroy')));
});

test('the graph drawing is centred on the selection and lists its neighbours', async t => {
	const {data} = await example();
	const drawing = data.drawGraph('aws_s3_bucket.logs["audit"]', 100, 20);
	t.is(drawing.nodes[0], 'aws_s3_bucket.logs["audit"]');
	t.true(drawing.nodes.includes('aws_s3_bucket_versioning.logs["audit"]'));
	t.true(drawing.lines.some(line => line.includes('aws_s3_bucket.logs["audit"]')));
});

test('ephemeral resources are their own kind, labelled ephemeral.TYPE.NAME, with their instances', async t => {
	const {data} = await loadExplorerData({directory: 'test/fixtures/configs/ephemeral', flags: defaultFlags, environment: {}, cwd: process.cwd()});
	const ephemeral = data.blocks('').filter(entry => entry.kind === 'ephemeral');
	t.deepEqual(ephemeral.map(entry => entry.label), ['ephemeral.random_password.db', 'ephemeral.random_password.per_user', 'ephemeral.aws_secretsmanager_secret_version.counted']);
	t.deepEqual(ephemeral[1]?.instances, ['ephemeral.random_password.per_user["alice"]', 'ephemeral.random_password.per_user["bob"]']);
	t.deepEqual(data.blocks('').filter(entry => entry.kind === 'resource').map(entry => entry.label), ['aws_db_instance.db']);
	t.is(data.details('ephemeral.random_password.per_user["bob"]')?.kind, 'ephemeral');
	t.is(data.details('ephemeral.random_password.db')?.kind, 'ephemeral');
});

test('an instance has instance-level edges (only its own instances of the other side); a block with instances has block-level edges', async t => {
	const {data} = await example();
	const instance = data.edges('aws_s3_bucket.logs["audit"]');
	t.deepEqual(instance.filter(edge => edge.address.startsWith('aws_s3_bucket_versioning')), [{direction: 'in', address: 'aws_s3_bucket_versioning.logs["audit"]', expression: 'aws_s3_bucket.logs, each.value.id'}]);
	t.true(instance.some(edge => edge.direction === 'in' && edge.address === 'module.app["eu"]'));
	const block = data.edges('aws_s3_bucket.logs');
	t.true(block.some(edge => edge.direction === 'in' && edge.address === 'aws_s3_bucket_versioning.logs'));
	t.true(block.some(edge => edge.direction === 'in' && edge.address === 'module.app'));
	t.false(block.some(edge => !edge.address.startsWith('provider[') && edge.address.includes('[')), JSON.stringify(block));
});

test('the background pass finds every diagnostic a slice at a time; then the module rows carry badges and the status the totals', async t => {
	const {data} = await loadExplorerData({directory: 'test/fixtures/ui/badges', flags: defaultFlags, environment: {}, cwd: process.cwd()});
	t.regex(data.status(), /· d: diagnostics$/);
	t.true(data.modules().every(row => row.errors === 0));
	// A zero budget evaluates a few values a call.
	t.false(data.evaluateSome(0));
	t.regex(data.status(), /· checking \d+%$/);
	let calls = 1;
	while (!data.evaluateSome(0)) {
		calls++;
	}

	t.true(calls > 1);
	t.regex(data.status(), /^Terraform 1\.16 · 3 module instances · 0 resource instances · 1 error, 0 warnings$/);
	t.deepEqual(data.modules().map(row => [row.label, row.errors]), [['root', 0], ['module.broken["a"]', 1], ['module.broken["b"]', 1]]);
	t.deepEqual(data.diagnostics().map(row => `${row.where} ${row.summary}`), ['modules/broken/main.tf:6:13 Invalid operand']);
	t.true(data.evaluateSome(0));
});

test('--var and --var-file apply in command-line order, as in every command', async t => {
	const directory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-explorer-vars-'));
	t.teardown(() => {
		rmSync(directory, {recursive: true, force: true});
	});
	writeFileSync(path.join(directory, 'main.tf'), 'variable "colour" {\n  type = string\n}\n\nvariable "size" {\n  type = number\n  default = 1\n}\n');
	writeFileSync(path.join(directory, 'file.tfvars'), 'colour = "from-file"\nsize = 3\n');
	const colourOf = async (variableArguments: VariableArgument[], flags: Partial<CommandFlags> = {}) => {
		const {data} = await loadExplorerData({
			directory, flags: {...defaultFlags, ...flags, variableArguments}, environment: {}, cwd: directory,
		});
		return [data.evaluate('var.colour', '').text, data.evaluate('var.size', '').text];
	};

	t.deepEqual(await colourOf([{kind: 'var', text: 'colour=from-var'}, {kind: 'var-file', path: 'file.tfvars'}]), ['"from-file"', '3']);
	t.deepEqual(await colourOf([{kind: 'var-file', path: 'file.tfvars'}, {kind: 'var', text: 'colour=from-var'}]), ['"from-var"', '3']);
	// The interleaved list wins over the separate per-option lists (which would apply --var last).
	t.deepEqual(await colourOf([{kind: 'var', text: 'colour=from-var'}, {kind: 'var-file', path: 'file.tfvars'}], {var: ['colour=from-var'], varFile: ['file.tfvars']}), ['"from-file"', '3']);
});

test('details found before every address is indexed are the details found after', async t => {
	const fresh = await loadExplorerData({directory: 'examples/multi-region', flags: defaultFlags, environment: {}, cwd: process.cwd()});
	const {data: indexed} = await example();
	const addresses = indexed.addresses();
	t.true(addresses.includes('module.network["eu"].module.flow_logs') && addresses.includes('module.app["us"].var.instance_count'), addresses.join(', '));
	for (const address of addresses) {
		t.deepEqual(fresh.data.details(address), indexed.details(address), address);
	}

	t.is(fresh.data.details('module.network["eu"].var.nope'), undefined);
	t.is(fresh.data.details('module.nowhere.var.region'), undefined);
});

test('details and edges found before every address is indexed are those found after, asked first for the addresses without a key (found without the index) and for the members of calls with for_each (which are nothing)', async t => {
	const {data: fresh} = await loadExplorerData({directory: 'examples/multi-region', flags: defaultFlags, environment: {}, cwd: process.cwd()});
	const {data: indexed} = await example();
	const addresses = indexed.addresses();
	// `module.network.var.cidr`: the Edges pane of a call with for_each reads its child's variables and outputs at the call's own address.
	const members = indexed.blocks('').filter(entry => entry.kind === 'module' && entry.instances.length > 0).flatMap(call => indexed.blocks(call.instances[0]!)
		.filter(entry => entry.kind === 'variable' || entry.kind === 'output')
		.map(entry => `${call.address}.${entry.label}`));
	t.true(members.includes('module.network.var.cidr'), members.join(', '));
	const withoutKey = addresses.filter(address => !address.endsWith(']'));
	t.true(withoutKey.length > 10 && withoutKey.length < addresses.length);
	for (const address of [...members, ...withoutKey, ...addresses.filter(address => address.endsWith(']'))]) {
		t.deepEqual(fresh.details(address), indexed.details(address), address);
		t.deepEqual(fresh.edges(address), indexed.edges(address), address);
	}
});

test('check blocks are their own kind in the block list, with their assertions and their edges', async t => {
	const {data} = await loadExplorerData({directory: 'test/fixtures/graph/plan-fidelity', flags: defaultFlags, environment: {}, cwd: process.cwd()});
	t.deepEqual(data.blocks('').filter(entry => entry.kind === 'check').map(entry => entry.label), ['check.seeded', 'check.scoped']);
	const details = data.details('check.scoped');
	t.is(details?.kind, 'check');
	t.deepEqual(details?.attributes.map(attribute => `${attribute.name} = ${attribute.value}`), ['assert[0] = data.terraform_remote_state.state.outputs != null && local.index > 0']);
	t.deepEqual(data.edges('check.scoped').map(edge => `${edge.direction} ${edge.address}`), ['out data.terraform_remote_state.state', 'out local.index']);
});

test('Details of a module address show the module, and a resource of type "module" with that address the resource, as before', async t => {
	const directory = mkdtempSync(path.join(os.tmpdir(), 'tfscope-module-named-'));
	try {
		mkdirSync(path.join(directory, 'child'));
		writeFileSync(path.join(directory, 'child', 'main.tf'), 'variable "x" {\n  default = 1\n}\n');
		writeFileSync(path.join(directory, 'main.tf'), [
			'module "net" {\n  source = "./child"\n  for_each = toset(["a"])\n}',
			'module "app" {\n  source = "./child"\n}',
			'resource "module" "net" {\n  count = 1\n}',
		].join('\n'));
		const {data} = await loadExplorerData({directory, flags: defaultFlags, environment: {}, cwd: process.cwd()});
		t.is(data.details('module.app')?.kind, 'module-instance');
		t.is(data.details('module.net["a"]')?.kind, 'module-instance');
		t.is(data.details('module.net')?.kind, 'resource', 'the resource block, found before the module call as it always was');
		t.is(data.details('module.net[0]')?.kind, 'resource');
	} finally {
		rmSync(directory, {recursive: true, force: true});
	}
});

/** The module instance addresses `tfscope tree` prints, in its order (calls that expand to no instance left out). */
function treeAddresses(text: string): string[] {
	const addresses: string[] = [];
	const path: string[] = [];
	for (const line of text.split('\n')) {
		const match = /^((?:[│ ] {3})*)[├└]── (module\.\S+?) \((\d+ resources?, .*)\)$/.exec(line);
		if (!match) {
			continue;
		}

		const depth = match[1]!.length / 4;
		path.length = depth;
		path.push(match[2]!);
		addresses.push(path.join('.'));
	}

	return ['', ...addresses];
}

/** The counts in check's last line and in the explorer's status bar, as numbers. */
type Counts = {modules: number; resources: number; openEnded: number; withinPlaceholders: number};

function checkCounts(stderr: string): Counts {
	const match = /in (\d+) module instances? and (\d+) resource instances?(?: known)?(?:, (\d+) blocks? open-ended \(\[\*]\))?(?: \(and (\d+) in placeholder module instances\))?\.\n$/.exec(stderr);
	if (!match) {
		throw new Error(`no counts in check's output:\n${stderr}`);
	}

	return {modules: Number(match[1]), resources: Number(match[2]), openEnded: Number(match[3] ?? 0), withinPlaceholders: Number(match[4] ?? 0)};
}

function statusCounts(status: string): Counts {
	const number = (pattern: RegExp): number => Number(pattern.exec(status)?.[1] ?? 0);
	return {
		modules: number(/(\d+) module instances?/),
		resources: number(/(\d+) resource instances?/),
		openEnded: number(/(\d+) open-ended \[\*]/),
		withinPlaceholders: number(/(\d+) in \[\*] modules/),
	};
}

for (const directory of ['examples/multi-region', 'test/fixtures/configs/placeholders', 'test/fixtures/configs/unknown-expansion', 'test/fixtures/real-world/terraform-aws-eks/examples/karpenter']) {
	test(`${directory}: the Modules pane lists module instances in the order of tfscope tree, and the status bar's totals (placeholders apart) are check's`, async t => {
		const {data} = await loadExplorerData({directory, flags: defaultFlags, environment: {}, cwd: process.cwd()});
		const tree = await runMain(['tree', directory]);
		t.deepEqual(data.modules().map(row => row.address), treeAddresses(tree.stdout));
		const check = await runMain(['check', directory]);
		while (!data.evaluateSome(50)) {
			// The background check, to its end.
		}

		t.deepEqual(statusCounts(data.status()), checkCounts(check.stderr), `${data.status()}\n${check.stderr}`);
	});
}

test('the console at a module instance of a call with for_each or count: Terraform\'s error as the console command prints it, and a hint that each (count) belongs to the call', async t => {
	const {data} = await example();
	const command = await runMain(['console', 'examples/multi-region', '--at', 'module.app["eu"]'], {stdin: 'each.value\n'});
	const result = data.evaluate('each.value', 'module.app["eu"]');
	t.false(result.ok);
	t.is(`${result.text}\n`, command.stdout + command.stderr);
	t.is(result.hint, [
		'Hint: each belongs to the call module.app in the root module, not to the module\'s own scope.',
		'Here each.key = "eu" (Details shows it); the call passes it on as:',
		// Wrapped at 76 columns: the console pane shows each line as it is.
		'var.name, var.instance_count, var.instance_type, var.subnet_ids,',
		'var.security_group',
	].join('\n'));
	const counted = data.evaluate('count.index', 'module.network["eu"].module.flow_logs[0]');
	t.regex(counted.text, /Reference to "count" in non-counted context/);
	t.is(counted.hint, 'Hint: count belongs to the call module.flow_logs in module.network["eu"], not to the module\'s own scope.\nHere count.index = 0 (Details shows it); the call passes none of it on.');
	// Where each is the scope's own (a resource instance of a block with count), or at the root, no hint.
	t.is(data.evaluate('each.value', '').hint, undefined);
	t.true(data.evaluate('count.index', 'module.app["eu"].aws_instance.web[0]').ok);
	t.is(data.evaluate('count.index', 'module.app["eu"].aws_instance.web[0]').hint, undefined);
});
