import path from 'node:path';
import {Readable} from 'node:stream';
import test from 'ava';
import {main} from '../../source/commands/main.js';
import type {TraceJson} from '../../source/explain/format-json.js';
import {parseJsonOutput} from '../helpers/json-schema.js';

/*
`tfscope why` through the dispatcher: the address first and the directory second, text and --json, exit codes.
*/

const root = path.join(import.meta.dirname, '..', '..');

async function run(argv: string[], stdin = ''): Promise<{code: number; stdout: string; stderr: string}> {
	let stdout = '';
	let stderr = '';
	const code = await main(argv, {
		stdin: Readable.from([stdin]),
		stdout: {write: (text: string) => (stdout += text)},
		stderr: {write: (text: string) => (stderr += text)},
		isTerminal: false,
		stdinIsTerminal: false,
		environment: {},
		cwd: root,
	});
	return {code, stdout, stderr};
}

test('why ADDRESS.ATTRIBUTE DIR prints the trace as a tree', async t => {
	const {code, stdout, stderr} = await run(['why', 'module.app["us"].aws_instance.web[0].instance_type', 'examples/multi-region']);
	t.is(stderr, '');
	t.is(code, 0);
	t.is(stdout, [
		'module.app["us"].aws_instance.web[0].instance_type = "t3.small"  (argument, examples/multi-region/modules/app/main.tf:44:3 in module.app["us"].aws_instance.web[0])',
		'└── module.app["us"].var.instance_type = "t3.small"  (variable, examples/multi-region/modules/app/main.tf:14:1 in module.app["us"])',
		'    └── each.value.instance_type = "t3.small"  (module argument, argument "instance_type" of module.app["us"], examples/multi-region/main.tf:40:20 in the root module)',
		'        └── each.value = {cidr, flow_logs, instance_count, … 2 more}  (of module.app["us"])',
		'            └── var.regions = tomap({eu, us})  (for_each, examples/multi-region/variables.tf:22:1)',
		'                └── regions = tomap({eu, us})  (set in examples/multi-region/terraform.tfvars:4:11)',
		'',
	].join('\n'));
});

test('why --json', async t => {
	const {code, stdout} = await run(['why', '--json', 'aws_s3_bucket.logs["audit"].tags["purpose"]', 'examples/multi-region']);
	t.is(code, 0);
	const json = parseJsonOutput<TraceJson>(t, 'why', stdout);
	t.is(json.format_version, '1.0');
	t.is(json.trace.value, '"audit"');
	t.is(json.trace.children[0]?.kind, 'argument');
});

test('why in the current directory, and its errors', async t => {
	t.is((await run(['why'])).code, 2);
	t.is((await run(['why', 'a.b', 'examples/multi-region', 'extra'])).code, 2);
	const missing = await run(['why', 'aws_nothing.here.id', 'examples/multi-region']);
	t.is(missing.code, 1);
	t.regex(missing.stderr, /^Error: No such resource\n/);
	const noDirectory = await run(['why', 'aws_nothing.here.id', 'no/such/directory']);
	t.is(noDirectory.code, 1);
	t.regex(noDirectory.stderr, /no such directory/);
});

test('the console\'s :why EXPRESSION, in the scope of --at', async t => {
	const {code, stdout, stderr} = await run(['console', 'examples/multi-region', '--at', 'module.app["us"].aws_instance.web[0]'], 'count.index\n:why var.instance_type\n:why\n');
	t.is(code, 1);
	t.is(stdout, [
		'0',
		'module.app["us"].var.instance_type = "t3.small"  (variable, examples/multi-region/modules/app/main.tf:14:1 in module.app["us"])',
		'└── each.value.instance_type = "t3.small"  (module argument, argument "instance_type" of module.app["us"], examples/multi-region/main.tf:40:20 in the root module)',
		'    └── each.value = {cidr, flow_logs, instance_count, … 2 more}  (of module.app["us"])',
		'        └── var.regions = tomap({eu, us})  (for_each, examples/multi-region/variables.tf:22:1)',
		'            └── regions = tomap({eu, us})  (set in examples/multi-region/terraform.tfvars:4:11)',
		'',
	].join('\n'));
	t.regex(stderr, /^Error: Missing expression/);
});
