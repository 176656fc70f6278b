import path from 'node:path';
import test from 'ava';
import {formatTraceText} from '../../source/explain/format-text.js';
import {traceJson} from '../../source/explain/format-json.js';
import {type Trace, type TraceStep, explainAddress, explainExpression} from '../../source/explain/index.js';
import {formatValue} from '../../source/lang/format-value.js';
import {type Workspace, loadWorkspace} from '../../source/workspace.js';
import {golden, goldenName} from '../helpers/golden.js';
import {schemaErrors} from '../helpers/json-schema.js';

const root = path.join(import.meta.dirname, '..', '..');
// The traces as text, one file per subject (UPDATE_GOLDENS=1 writes them).
const goldens = path.join('test', 'fixtures', 'explain', 'why');
const fixture = 'test/fixtures/configs/explain';
const example = 'examples/multi-region';

// Every source kind: tfvars (env), TF_VAR_ (owner), --var (size), defaults (region, zones, the child's suffix), module arguments.
const fixtureWorkspace = loadWorkspace({
	directory: fixture, cwd: root, environment: {TF_VAR_owner: 'ops'}, variables: ['size=3'], bundledSchemas: false,
});
const exampleWorkspace = loadWorkspace({directory: example, cwd: root, environment: {}});

function explained(workspace: Workspace, address: string): Trace {
	const result = explainAddress(workspace, address);
	if (!result.value) {
		throw new Error(result.diagnostics.map(diagnostic => `${diagnostic.summary}: ${diagnostic.detail ?? ''}`).join('\n'));
	}

	return result.value;
}

function steps(step: TraceStep): TraceStep[] {
	return [step, ...step.children.flatMap(child => steps(child))];
}

const fixtureSubjects = [
	// Conditional (the branch taken), tfvars.
	'local.replicas',
	// `for` with a condition: each element.
	'local.names',
	// `try`: the alternative that failed and the one used.
	'local.fallback',
	// A splat over a counted resource: each instance's argument and count.index.
	'local.inputs',
	// TF_VAR_ and --var, object items.
	'local.tags',
	// Module outputs of a counted module call: its arguments in the parent with count.index, a child default.
	'output.labels',
	// A resource instance's argument, and a path into it.
	'terraform_data.node[1].input',
	'terraform_data.vpc.input["owner"]',
	// An instance count.
	'terraform_data.node.count',
	// Unknown for_each: a data source read at plan, an attribute known after apply.
	'terraform_data.per_zone',
	'terraform_data.per_vpc.for_each',
	// A module instance's variable.
	'module.child[1].var.name',
	// Built-in values; an attribute the provider computes.
	'local.where',
	'local.computed',
];

for (const subject of fixtureSubjects) {
	test(`golden trace: ${subject}`, async t => {
		const workspace = await fixtureWorkspace;
		const actual = formatTraceText(explained(workspace, subject));
		t.is(actual, golden(path.join(goldens, 'configs', `${goldenName(subject)}.txt`), actual));
	});
}

const exampleSubjects = [
	'aws_s3_bucket.logs["audit"].tags["owner"]',
	'module.network["eu"].aws_subnet.private["eu-west-1b"].cidr_block',
	'module.app["eu"].aws_instance.web.count',
	// A nested block: its arguments in the instance's scope.
	'aws_s3_bucket_versioning.logs["audit"].versioning_configuration',
];

for (const subject of exampleSubjects) {
	test(`golden trace on the example: ${subject}`, async t => {
		const workspace = await exampleWorkspace;
		const actual = formatTraceText(explained(workspace, subject));
		t.is(actual, golden(path.join(goldens, 'example', `${goldenName(subject)}.txt`), actual));
	});
}

test('the value at each step is what console --at gives for its expression in its scope', async t => {
	const checked = new Set<string>();
	const cases: Array<[Promise<Workspace>, string]> = [
		...fixtureSubjects.map(subject => [fixtureWorkspace, subject] as [Promise<Workspace>, string]),
		...exampleSubjects.map(subject => [exampleWorkspace, subject] as [Promise<Workspace>, string]),
	];
	for (const [pending, subject] of cases) {
		// eslint-disable-next-line no-await-in-loop -- the workspaces are loaded once
		const workspace = await pending;
		for (const step of steps(explained(workspace, subject).root)) {
			if (!step.console) {
				continue;
			}

			const {at, expression} = step.console;
			const console = workspace.evaluateAt(expression, at);
			const errors = console.diagnostics.filter(diagnostic => diagnostic.severity === 'error');
			if (/^(failed|error):/.test(step.note ?? '')) {
				// An alternative `try` passed over fails in the console too.
				t.true(errors.length > 0, `${expression} at ${at}`);
				continue;
			}

			t.deepEqual(errors, [], `${expression} at ${at}`);
			t.is(formatValue(step.value), formatValue(console.value), `${subject}: ${expression} at ${at === '' ? 'the root module' : at}`);
			checked.add(`${at}|${expression}`);
		}
	}

	// Enough distinct steps to mean something: expressions, variables, locals, arguments, in modules and resource instances.
	t.true(checked.size > 60, `${checked.size} steps checked`);
	t.true([...checked].some(key => key.startsWith('module.network["eu"]|')));
	t.true([...checked].some(key => key.startsWith('terraform_data.node[1]|')));
});

test('each source kind is named where the value was given', async t => {
	const workspace = await fixtureWorkspace;
	const all = steps(explained(workspace, 'local.tags').root);
	const owner = all.find(step => step.kind === 'environment');
	t.is(owner?.label, 'TF_VAR_owner=ops');
	const size = all.find(step => step.kind === 'command-line');
	t.is(size?.label, '--var size=3');
	const env = all.find(step => step.kind === 'tfvars');
	t.is(env?.note, `set in ${fixture}/terraform.tfvars`);
	t.is(env?.range?.start.line, 1);
	const region = steps(explained(workspace, 'local.prefix').root).find(step => step.kind === 'default');
	t.is(region?.label, '"eu-west-1"');
	t.is(region?.range?.start.line, 4);
});

test('an unknown for_each: the trace is cut to its root, with the ways out', async t => {
	const workspace = await fixtureWorkspace;
	const perZone = explained(workspace, 'terraform_data.per_zone');
	t.deepEqual(perZone.wayOut, {assume: ['--assume \'data.aws_availability_zones.available.names=VALUE\''], target: [], exclude: ['-exclude=\'terraform_data.per_zone\'']});
	const roots = steps(perZone.root).filter(step => step.kind === 'unknown');
	t.deepEqual(roots.map(step => step.unknown), [{when: 'count', address: 'terraform_data.per_zone'}, {when: 'plan', address: 'data.aws_availability_zones.available.names', block: 'data.aws_availability_zones.available'}]);
	const perVpc = explained(workspace, 'terraform_data.per_vpc.for_each');
	t.deepEqual(perVpc.wayOut?.target, ['-target=\'terraform_data.vpc\'']);
	// Cut to the unknown: no known step is left in the trace.
	t.true(steps(perVpc.root).every(step => step.kind === 'unknown' || formatValue(step.value).includes('known after apply')));
});

test('an assumption is a source', async t => {
	const workspace = await (await fixtureWorkspace).withAssumptions([{kind: 'text', text: 'data.aws_availability_zones.available.names=["x", "y"]'}]);
	const trace = explained(workspace, 'terraform_data.per_zone.for_each');
	t.is(trace.wayOut, undefined);
	const assumption = steps(trace.root).find(step => step.kind === 'assumption');
	t.is(assumption?.label, 'data.aws_availability_zones.available.names');
	t.regex(assumption?.note ?? '', /^assumed by --assume/);
	t.is(trace.root.note, '2 instances');
});

test('a state attribute is a source', async t => {
	const workspace = await loadWorkspace({directory: 'test/fixtures/configs/state', cwd: root, environment: {}});
	const trace = explained(workspace, 'terraform_data.known.id');
	t.is(trace.root.kind, 'state');
	t.is(trace.root.note, 'from the state file');
});

test('the console\'s :why: an expression in a resource instance\'s scope', async t => {
	const workspace = await fixtureWorkspace;
	const result = explainExpression(workspace, 'upper(local.prefix) == "X" ? 1 : count.index', 'terraform_data.node[1]');
	const trace = result.value!;
	t.is(formatValue(trace.root.value), '1');
	t.is(trace.root.note, 'false: the second result');
	t.true(steps(trace.root).some(step => step.kind === 'repetition' && step.label === 'count.index' && formatValue(step.value) === '1'));
	const bad = explainExpression(workspace, 'local.', '');
	t.is(bad.value, undefined);
	t.is(bad.diagnostics[0]?.severity, 'error');
});

test('addresses that name nothing are errors', async t => {
	const workspace = await fixtureWorkspace;
	for (const [address, summary] of [
		['terraform_data.nothing.input', 'No such resource'],
		['terraform_data.node[7].input', 'No such resource instance'],
		['module.child[5].var.name', 'No such module instance'],
		['var.nothing', 'No such value'],
		['aws_x.y[', 'Invalid address'],
		['module.child[0]', 'Nothing to explain'],
	] as const) {
		const result = explainAddress(workspace, address);
		t.is(result.value, undefined, address);
		t.is(result.diagnostics[0]?.summary, summary, address);
	}
});

test('--json: every step with its value, location, scope and console check', async t => {
	const workspace = await fixtureWorkspace;
	const json = traceJson(explained(workspace, 'terraform_data.node[1].input'));
	t.is(schemaErrors('why', JSON.parse(JSON.stringify(json))), '');
	t.is(json.format_version, '1.0');
	t.is(json.subject, 'terraform_data.node[1].input');
	t.is(json.trace.kind, 'argument');
	t.is(json.trace.value, '"prod-eu-west-1-1"');
	t.deepEqual(json.trace.location, {file: `${fixture}/main.tf`, line: 41, column: 3});
	t.is(json.trace.scope, 'terraform_data.node[1]');
	t.deepEqual(json.trace.console, {at: '', expression: 'terraform_data.node[1].input'});
	const unknown = traceJson(explained(workspace, 'terraform_data.per_vpc'));
	t.deepEqual(unknown.way_out?.target, ['-target=\'terraform_data.vpc\'']);
	t.false(unknown.trace.known);
});

test('in one instance\'s for_each, a for expression shows the element that gave the instance, and counts the others', async t => {
	const workspace = await exampleWorkspace;
	for (const [zone, cidr] of [['eu-west-1a', '10.10.48.0/20'], ['eu-west-1c', '10.10.80.0/20']] as const) {
		const all = steps(explained(workspace, `module.network["eu"].aws_subnet.private["${zone}"].cidr_block`).root);
		const elements = all.filter(step => step.kind === 'element' && step.label.includes('zone = '));
		const own = elements.filter(step => step.note === `gives module.network["eu"].aws_subnet.private["${zone}"]`);
		t.is(own.length, 1, zone);
		t.true(own[0]!.label.endsWith(`zone = "${zone}"`));
		t.is(formatValue(own[0]!.value), `"${cidr}"`);
		t.true(all.some(step => step.kind === 'limit' && step.label === '2 other elements (other instances)'));
	}

	// Outside an instance's for_each (the local itself), every element as before.
	const local = steps(explained(workspace, 'module.network["eu"].local.private_subnets').root);
	t.is(local.filter(step => step.kind === 'element' && step.label.startsWith('index = ')).length, 3);
	t.false(local.some(step => step.label.includes('other instances')));
});
