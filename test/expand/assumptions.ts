import {execFileSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {PassThrough} from 'node:stream';
import {checkCommand} from '../../source/commands/check.js';
import {defaultFlags} from '../../source/commands/command.js';
import {countInstances, describeCounts} from '../../source/expand/counts.js';
import {formatValue} from '../../source/lang/format-value.js';
import {loadWorkspace} from '../../source/workspace.js';

const directory = path.join(import.meta.dirname, '..', 'fixtures', 'configs', 'placeholders');
const zones = {kind: 'text', text: 'data.aws_availability_zones.available.names = ["eu-west-1a", "eu-west-1b", "eu-west-1c"]'} as const;

test('assuming the zones turns the placeholders into real instances, downstream and in module instances too', async t => {
	const workspace = await loadWorkspace({directory, assumptions: [zones]});
	t.deepEqual([...workspace.instances.resourceInstances.keys()].filter(address => address.includes('subnet')), [
		'aws_subnet.public[0]',
		'aws_subnet.public[1]',
		'aws_subnet.public[2]',
		'module.net["eu-west-1a"].aws_subnet.this[0]',
		'module.net["eu-west-1a"].aws_subnet.this[1]',
		'module.net["eu-west-1b"].aws_subnet.this[0]',
		'module.net["eu-west-1b"].aws_subnet.this[1]',
		'module.net["eu-west-1c"].aws_subnet.this[0]',
		'module.net["eu-west-1c"].aws_subnet.this[1]',
	]);
	t.is(describeCounts(countInstances(workspace.instances)), '16 resource instances known, 1 block open-ended ([*])');
	t.is(formatValue(workspace.evaluateAt('self.availability_zone', 'aws_subnet.public[2]').value), '"eu-west-1c" (assumed)');
	t.deepEqual(workspace.instances.resourceInstances.get('data.aws_availability_zones.available')!.assumed.map(assumption => assumption.address), ['data.aws_availability_zones.available.names']);
});

test('an assumption file, resource attributes, module variables; a later assumption wins; one that names nothing is a warning', async t => {
	// The fixture's resources leave out arguments the aws schema requires: this test is about assumptions, so it loads without the bundled schemas.
	const workspace = await loadWorkspace({
		directory,
		cwd: directory,
		bundledSchemas: false,
		assumptions: [
			{kind: 'file', path: 'assumptions.tfassume'},
			{kind: 'text', text: 'aws_vpc.this.ipv6_association_id = "assoc"'},
			{kind: 'text', text: 'module.net.var.zone = "zz"'},
			{kind: 'text', text: 'aws_vpc.this.id = "vpc-456"'},
			{kind: 'text', text: 'aws_nope.x.y = 1'},
		],
	});
	const value = (expression: string, address?: string) => formatValue(workspace.evaluateAt(expression, address).value);
	// Assumed values say so wherever they are printed, and what is computed from them too; the configuration's own values do not.
	t.is(value('aws_eip.by_zone["a"].tags.vpc'), '"vpc-456" (assumed)');
	t.is(value('"${aws_vpc.this.id}-x"'), '"vpc-456-x" (assumed)');
	t.is(value('aws_vpc.this.cidr_block'), '"10.0.0.0/16"');
	t.is(value('aws_vpc.this.arn'), '(known after apply)');
	t.is(value('var.zone', 'module.net["eu-west-1b"]'), '"zz" (assumed)');
	t.deepEqual(workspace.instances.resources.get('aws_security_group.per_association')!.instances.map(instance => instance.text), Array.from({length: 5}, (_, index) => `aws_security_group.per_association[${index}]`));
	t.deepEqual(workspace.diagnostics.map(diagnostic => `${diagnostic.severity}: ${diagnostic.summary}`), ['warning: Assumption names nothing']);
});

test('a malformed assumption is an error naming where it came from', async t => {
	const workspace = await loadWorkspace({directory, assumptions: [{kind: 'text', text: 'no equals sign'}, {kind: 'text', text: 'aws_vpc = 1'}]});
	t.deepEqual(workspace.diagnostics.filter(diagnostic => diagnostic.summary === 'Invalid assumption').map(diagnostic => diagnostic.detail), [
		'--assume: expected ADDRESS = EXPRESSION, not "no equals sign".',
		'--assume: aws_vpc: expected a resource, data source or variable address (aws_vpc.this.id, data.aws_region.current.name, var.region).',
	]);
});

test('withAssumptions reuses the parsed modules and expands again', async t => {
	const first = await loadWorkspace({directory});
	const second = await first.withAssumptions([zones]);
	t.is(second.moduleTree, first.moduleTree);
	t.is(second.instances.resources.get('aws_subnet.public')!.instances.length, 3);
	t.is(first.instances.resources.get('aws_subnet.public')!.instances[0]!.text, 'aws_subnet.public[*]');
});

test('check lists the assumptions in force', async t => {
	let stdout = '';
	let stderr = '';
	const code = await checkCommand({
		arguments: [directory], flags: {...defaultFlags, assume: [zones.text], bundledSchemas: false}, stdin: new PassThrough(), stdout: {write: (text: string) => (stdout += text)}, stderr: {write: (text: string) => (stderr += text)}, isTerminal: false, environment: {}, cwd: process.cwd(),
	});
	t.is(code, 0);
	t.regex(stdout, /^assumed: data\.aws_availability_zones\.available\.names = \["eu-west-1a", "eu-west-1b", "eu-west-1c"\] \(from --assume\)$/m);
	t.regex(stderr, /1 warning in 4 module instances and 16 resource instances known \(9 assumed\), 1 block open-ended/);
});

test('an assumption file that is a FIFO is refused without blocking, through the one file reader', async t => {
	const scratch = mkdtempSync(path.join(os.tmpdir(), 'tfscope-assume-'));
	try {
		const fifo = path.join(scratch, 'assumptions.tfassume');
		execFileSync('mkfifo', [fifo]);
		const workspace = await loadWorkspace({directory, bundledSchemas: false, assumptions: [{kind: 'file', path: fifo}]});
		t.deepEqual(workspace.diagnostics.filter(diagnostic => diagnostic.summary === 'Cannot read assumption file').map(diagnostic => diagnostic.detail), [
			`${fifo} is a FIFO, not a regular file; tfscope reads only regular files.`,
		]);
	} finally {
		rmSync(scratch, {recursive: true});
	}
});
