import path from 'node:path';
import process from 'node:process';
import test from 'ava';
import {formatValue} from '../source/lang/format-value.js';
import {loadModuleTree, loadModuleTreeSteps} from '../source/config/load-module-tree.js';
import {loadWorkspace, type ModuleNode} from '../source/workspace.js';
import {buildGraph} from '../source/graph/build.js';
import {exportJson} from '../source/graph/export-json.js';

const root = path.join(import.meta.dirname, '..');
const example = path.join(root, 'examples', 'multi-region');
const fixtures = path.join(import.meta.dirname, 'fixtures', 'configs');

const exampleWorkspace = loadWorkspace({directory: example, environment: {}});

const evaluatesTo = test.macro({
	async exec(t, at: string, expression: string, expected: string) {
		const workspace = await exampleWorkspace;
		const result = workspace.evaluateAt(expression, at);
		t.deepEqual(result.diagnostics.map(diagnostic => diagnostic.summary), []);
		t.is(formatValue(result.value), expected);
	},
	title: (_title, at: string, expression: string) => `${at || 'root'}: ${expression}`,
});

test(evaluatesTo, '', 'local.name_prefix', '"atlas-prod"');
test(evaluatesTo, '', 'var.regions.us.instance_count', '1');
// The process runs in the repository, not in the example: relative paths are the root module's, as Terraform (started there) has them.
test(evaluatesTo, '', 'abspath(path.root)', JSON.stringify(example));
test(evaluatesTo, 'module.network["eu"]', 'abspath(path.module)', JSON.stringify(path.join(example, 'modules', 'network')));
test(evaluatesTo, '', 'abspath(path.cwd) == path.cwd', 'true');
// path.cwd is where tfscope was started (as Terraform's is where it was started, before -chdir), not the root module.
test(evaluatesTo, '', 'path.cwd', JSON.stringify(process.cwd()));

test('path.cwd is the start directory the options give', async t => {
	const workspace = await loadWorkspace({directory: example, environment: {}, startDirectory: '/somewhere/else'});
	t.is(formatValue(workspace.evaluateAt('path.cwd', 'module.network["eu"]').value), '"/somewhere/else"');
});
test(evaluatesTo, '', 'var.db_password', '(sensitive value)');
test(evaluatesTo, '', 'keys(module.network)', '[\n  "eu",\n  "us",\n]');
test(evaluatesTo, '', 'module.network["eu"].subnet_cidrs.public[2]', '"10.10.32.0/20"');
test(evaluatesTo, '', 'aws_s3_bucket.logs["audit"].bucket', '"atlas-prod-audit-logs"');
test(evaluatesTo, '', 'aws_s3_bucket_versioning.logs["audit"].versioning_configuration[0].status', '"Enabled"');
test(evaluatesTo, '', 'aws_route53_record.app["us"].name', '"us.atlas.example.com"');
test(evaluatesTo, '', 'aws_route53_zone.main.zone_id', '(known after apply)');
// records is a set of strings (the AWS provider's schema) holding private IPs known only after apply: its length is not known either, as cty gives it.
test(evaluatesTo, '', 'length(aws_route53_record.app["eu"].records)', '(known after apply)');
test(evaluatesTo, 'module.network["us"]', 'local.private_subnets', '{\n  "us-east-1a" = "10.20.32.0/20"\n  "us-east-1b" = "10.20.48.0/20"\n}');
test(evaluatesTo, 'module.network["us"]', 'length(aws_security_group.web.ingress)', '4');
// ingress is a set of objects: its elements have no index.
test(evaluatesTo, 'module.network["eu"]', 'contains(aws_security_group.web.ingress[*].description, "SSH from 198.51.100.0/24")', 'true');
test(evaluatesTo, 'module.network["eu"]', 'path.module', '"modules/network"');
test(evaluatesTo, 'module.app["eu"].aws_instance.web[2]', 'count.index', '2');
test(evaluatesTo, 'module.app["eu"]', 'aws_instance.web[1].tags.Name', '"atlas-prod-eu-web-02"');
test(evaluatesTo, 'module.app["eu"]', 'aws_instance.web[0].ebs_block_device[*].device_name', 'tolist([\n  "/dev/sdf",\n  "/dev/sdg",\n])');
test(evaluatesTo, 'module.network["eu"].aws_subnet.public["eu-west-1b"]', 'each.value', '"10.10.16.0/20"');
test(evaluatesTo, 'aws_s3_bucket.logs["access"]', 'each.key', '"access"');
test(evaluatesTo, '', 'terraform.workspace', '"default"');

test('the example loads without diagnostics', async t => {
	const workspace = await exampleWorkspace;
	t.deepEqual(workspace.diagnostics, []);
	t.is(workspace.instances.moduleInstances.size, 6);
	t.is(workspace.instances.resourceInstances.size, 42);
	t.deepEqual(workspace.instances.conditions.map(condition => `${condition.owner}: ${condition.status}`).sort(), [
		'aws_db_instance.main: passed',
		'check.every_region_has_two_zones: passed',
		'module.app["eu"].aws_instance.web[0]: passed',
		'module.app["eu"].aws_instance.web[1]: passed',
		'module.app["eu"].aws_instance.web[2]: passed',
		'module.app["eu"].var.instance_count: passed',
		'module.app["us"].aws_instance.web[0]: passed',
		'module.app["us"].var.instance_count: passed',
		'var.environment: passed',
		'var.project: passed',
	]);
});

test('an unknown address is a diagnostic', async t => {
	const workspace = await exampleWorkspace;
	const result = workspace.evaluateAt('1', 'module.network["mars"]');
	t.is(result.diagnostics[0]?.summary, 'No such module instance');
});

test('--var and --var-file win over tfvars files, later wins', async t => {
	const directory = path.join(import.meta.dirname, 'fixtures', 'plan', 'tfvars-precedence');
	const workspace = await loadWorkspace({
		directory, environment: {TF_VAR_from_default: '7', TF_VAR_from_tfvars: '9'}, variableArguments: [{kind: 'var', text: 'from_auto=8'}, {kind: 'var-file', path: path.join(directory, 'extra.tfvars')}],
	});
	const value = (expression: string) => formatValue(workspace.evaluateAt(expression).value);
	t.is(value('var.from_default'), '5', 'var-file after the environment');
	t.is(value('var.from_tfvars'), '3', 'var-file after terraform.tfvars');
	t.is(value('var.from_auto'), '8', '-var after auto.tfvars');
	t.is(value('var.from_json'), 'tolist([\n  "x",\n  "y",\n])', 'auto.tfvars.json');
});

test('workspace name from the data directory, installed module values', async t => {
	const workspace = await loadWorkspace({directory: path.join(fixtures, 'installed'), environment: {TF_DATA_DIR: 'tfdata'}});
	t.is(workspace.workspaceName, 'prod');
	t.is(formatValue(workspace.evaluateAt('terraform_data.remote.input', 'module.remote').value), '"x-prod"');
	t.deepEqual([...workspace.instances.resourceInstances.keys()], ['module.remote.terraform_data.remote', 'module.remote.module.sub[0].terraform_data.sub', 'module.remote.module.sub[1].terraform_data.sub']);
	const named = await loadWorkspace({directory: path.join(fixtures, 'installed'), environment: {TF_DATA_DIR: 'tfdata', TF_WORKSPACE: 'staging'}, workspaceName: 'dev'});
	t.is(named.workspaceName, 'dev');
});

test('state fills in attributes, with sensitive ones marked', async t => {
	const workspace = await loadWorkspace({directory: path.join(fixtures, 'state'), environment: {}});
	const value = (expression: string) => formatValue(workspace.evaluateAt(expression).value);
	t.is(value('terraform_data.known.id'), '"c3b0f2a4-1111-2222-3333-444455556666"');
	t.is(value('terraform_data.known.input'), '"configured"', 'configuration wins over state');
	t.is(value('terraform_data.known.output'), '(sensitive value)');
	t.is(formatValue(workspace.evaluateAt('nonsensitive(terraform_data.known.output)').value), '{\n  "type" = "string"\n  "value" = "configured"\n}');
	t.is(value('terraform_data.counted[1].id'), '"second"');
	t.is(value('terraform_data.counted[0].id'), '(known after apply)');
	t.true(workspace.instances.resourceInstances.get('terraform_data.known')!.fromState);
});

test('a missing required variable is unknown and the rest expands', async t => {
	const workspace = await loadWorkspace({directory: path.join(fixtures, 'errors'), environment: {}});
	t.is(formatValue(workspace.evaluateAt('var.required').value), '(known after apply)');
	t.true(workspace.instances.moduleInstances.has('module.loop'));
});

test('file() and templatefile() read relative to the root directory, path.module is relative to it', async t => {
	const workspace = await loadWorkspace({directory: path.join(fixtures, 'functions'), environment: {}});
	t.deepEqual(workspace.diagnostics, []);
	const value = (expression: string) => workspace.evaluateAt(expression).value;
	t.deepEqual(value('local.data'), {kind: 'string', value: 'root data\n'});
	t.deepEqual(value('module.child.greeting'), {kind: 'string', value: 'Hello, tfscope!\n- a\n- b\n'});
	t.deepEqual(value('module.child.where'), {kind: 'string', value: 'modules/child'});
});

test('a configuration in the style of public modules loads cleanly', async t => {
	const workspace = await loadWorkspace({directory: path.join(fixtures, 'kitchen-sink'), environment: {}});
	t.deepEqual(workspace.diagnostics.map(diagnostic => `${diagnostic.severity} ${diagnostic.subject?.start.line ?? ''}: ${diagnostic.summary}: ${(diagnostic.detail ?? '').replaceAll(path.join(fixtures, 'kitchen-sink') + path.sep, '')}`), [
		'warning 27: Instances known after apply: aws_subnet.this.id (main.tf:27) is known only after apply, so the number of instances of 1 block is not known: aws_route_table.per_subnet. Terraform\'s plan stops on such a count or for_each ("Invalid count argument", "Invalid for_each argument"; -target can apply what it depends on first). tfscope shows it as one placeholder instance ([*]). To see the instances, pin the value: --assume \'aws_subnet.this.id=VALUE\' (or an --assume-file), or --state FILE with a state that has it.',
	], 'the for_each known only after apply is the one warning, naming its root cause');
	t.deepEqual([...workspace.instances.resourceInstances.keys()], [
		'aws_route_table.per_subnet[*]',
		'aws_s3_bucket.replica',
		'aws_security_group.this',
		'aws_subnet.this[0]',
		'aws_subnet.this[1]',
		'aws_vpc.this[0]',
		'data.aws_availability_zones.available',
		'data.aws_caller_identity.current',
		'data.aws_vpc.check',
		'random_id.suffix',
	]);
	const perSubnet = workspace.instances.resources.get('aws_route_table.per_subnet')!;
	t.is(perSubnet.expansion.mode, 'unknown');
	t.deepEqual(perSubnet.instances.map(instance => instance.text), ['aws_route_table.per_subnet[*]']);
	const value = (expression: string) => formatValue(workspace.evaluateAt(expression).value);
	t.is(value('module.label.upper'), '"KITCHEN-A-B"');
	t.is(value('local.rules.ssh.to'), '22');
	t.is(value('output.token'), '(sensitive value)');
	t.is(value('contains([for rule in aws_security_group.this.ingress : rule.description], "ssh")'), 'true');
	t.deepEqual(workspace.instances.conditions.map(condition => `${condition.owner}: ${condition.status}`), ['check.vpc_exists: unknown']);
	const group = workspace.moduleTree.module.resources.get('aws_security_group.this')!;
	t.deepEqual(group.lifecycle.ignoreChanges, ['tags["CreatedAt"]', 'description']);
	t.is(group.lifecycle.createBeforeDestroy, true);
	t.is(workspace.moduleTree.module.resources.get('aws_s3_bucket.replica')!.provider?.alias, 'replica');
	t.deepEqual(workspace.moduleTree.module.terraform.requiredProviders.map(provider => `${provider.name} ${provider.source ?? ''} ${provider.version ?? ''}`), ['aws hashicorp/aws >= 5.0', 'random  ~> 3.0']);
});

test('TF_VAR_ and --var values are strings for primitive types and expressions otherwise', async t => {
	const workspace = await loadWorkspace({
		directory: path.join(import.meta.dirname, 'fixtures', 'plan', 'tfvars-precedence'),
		environment: {TF_VAR_from_json: '["p", "q"]'},
		variables: ['from_default=3', 'undeclared=1', 'from_auto=["m"]'],
	});
	const value = (expression: string) => formatValue(workspace.evaluateAt(expression).value);
	t.is(value('var.from_json'), 'tolist([\n  "x",\n  "y",\n])', 'auto.tfvars.json wins over the environment');
	t.is(value('var.from_default'), '3');
	t.is(value('var.from_auto'), '(known after apply)', 'a number variable given text that is not a number');
	t.deepEqual(workspace.diagnostics.map(diagnostic => diagnostic.summary), ['Value for undeclared variable', 'Invalid value for input variable']);
	const fromEnvironment = await loadWorkspace({
		directory: path.join(fixtures, 'errors'), environment: {TF_VAR_required: '["not", "a", "list"]'},
	});
	t.is(formatValue(fromEnvironment.evaluateAt('var.required').value), '"[\\"not\\", \\"a\\", \\"list\\"]"');
});

test('progress is reported per phase', async t => {
	const phases = new Set<string>();
	let lastExpanded = 0;
	await loadWorkspace({
		directory: example,
		environment: {},
		onProgress(progress) {
			phases.add(progress.phase);
			if (progress.phase === 'expand') {
				lastExpanded = progress.done;
			}
		},
	});
	t.deepEqual([...phases], ['parse', 'modules', 'expand']);
	t.is(lastExpanded, 6);
});

test('an argument set to null on a resource or data source of unknown schema is known after apply; terraform_data keeps its null', async t => {
	// The provider schemas of the types there are left out: this is what tfscope does without them.
	const workspace = await loadWorkspace({directory: path.join(fixtures, 'null-arguments'), environment: {}, bundledSchemas: false});
	t.deepEqual(workspace.diagnostics, []);
	const value = (expression: string) => formatValue(workspace.evaluateAt(expression).value);
	t.is(value('output.az'), '(known after apply)');
	t.is(value('output.region'), '(known after apply)');
	t.is(value('local.region'), '(known after apply)');
	t.is(value('output.timeout'), '(known after apply)', 'in a nested block too');
	t.is(value('aws_subnet.s.vpc_id'), '"vpc-1"');
	t.is(value('var.az'), 'tostring(null)');
	t.is(value('terraform_data.input.input'), 'null');
	t.is(value('output.input_is_null'), 'true');
	t.deepEqual(workspace.evaluateAt('aws_subnet.s.availability_zone').value, {kind: 'unknown', type: {kind: 'string'}}, 'unknown of the configured type');
});

test('ephemeral resources expand like data sources and are read as ephemeral.TYPE.NAME, their values marked ephemeral', async t => {
	const workspace = await loadWorkspace({directory: path.join(fixtures, 'ephemeral'), environment: {}});
	t.deepEqual(workspace.diagnostics, []);
	t.deepEqual([...workspace.instances.resourceInstances.keys()], [
		'aws_db_instance.db',
		'ephemeral.aws_secretsmanager_secret_version.counted[0]',
		'ephemeral.aws_secretsmanager_secret_version.counted[1]',
		'ephemeral.random_password.db',
		'ephemeral.random_password.per_user["alice"]',
		'ephemeral.random_password.per_user["bob"]',
	]);
	const value = (expression: string, address?: string) => formatValue(workspace.evaluateAt(expression, address).value);
	t.is(value('local.length'), '(ephemeral value)');
	t.is(value('ephemeralasnull(local.length)'), 'tonumber(null)');
	t.is(value('local.users'), '[\n  "alice",\n  "bob",\n]');
	t.is(value('length(local.secret_ids)'), '2');
	t.is(value('ephemeral.random_password.db.result'), '(known after apply)', 'attributes only the provider knows');
	t.is(value('self.secret_id', 'ephemeral.aws_secretsmanager_secret_version.counted[1]'), '(ephemeral value)');
	const undeclared = workspace.evaluateAt('ephemeral.random_password.nope.result');
	t.deepEqual(undeclared.diagnostics.map(diagnostic => `${diagnostic.summary}: ${diagnostic.detail ?? ''}`), ['Reference to undeclared resource: An ephemeral resource "random_password" "nope" has not been declared in the root module.']);
	const bare = workspace.evaluateAt('ephemeral.random_password');
	t.deepEqual(bare.diagnostics.map(diagnostic => diagnostic.summary), ['Invalid reference']);
});

test('with state, an argument set to null keeps the stored value; a null only in state stays null', async t => {
	const workspace = await loadWorkspace({directory: path.join(fixtures, 'null-arguments-state'), environment: {}, bundledSchemas: false});
	t.deepEqual(workspace.diagnostics, []);
	const value = (expression: string) => formatValue(workspace.evaluateAt(expression).value);
	t.is(value('aws_subnet.s.availability_zone'), '"eu-west-1a"');
	t.is(value('aws_subnet.s.ipv6_cidr_block'), '(known after apply)');
	t.is(value('aws_subnet.s.map_public_ip_on_launch'), 'null');
	t.is(value('aws_subnet.s.id'), '"subnet-1"');
});

test('with 0 ms slices the event loop runs between every step of both phases, and the counts only grow', async t => {
	let turns = 0;
	let ticking = true;
	const tick = () => {
		turns++;
		if (ticking) {
			setImmediate(tick);
		}
	};

	setImmediate(tick);
	const reports: Array<{readonly phase: string; readonly done: number; readonly resourceInstances?: number; readonly turns: number}> = [];
	const workspace = await loadWorkspace({
		directory: example,
		environment: {},
		sliceMilliseconds: 0,
		onProgress(progress) {
			reports.push({...progress, turns});
		},
	});
	ticking = false;
	const modules = reports.filter(report => report.phase === 'modules');
	// Examples/multi-region: the root, network, flow-logs and app directories, one report each.
	t.deepEqual(modules.map(report => report.done), [1, 2, 3, 4]);
	const expand = reports.filter(report => report.phase === 'expand');
	t.true(expand.length > 6, `${expand.length} expand reports`);
	t.deepEqual(expand.at(-1), {...expand.at(-1)!, done: 6, resourceInstances: workspace.instances.resourceInstances.size});
	for (const [index, report] of expand.entries()) {
		const previous = expand[index - 1];
		if (previous) {
			t.true(report.done >= previous.done && report.resourceInstances! >= previous.resourceInstances!, `report ${index} goes back`);
		}
	}

	// The event loop had a turn between any two reports after the first directory (the UI could repaint each); the 'parse' report only marks the start.
	t.is(reports[0]?.phase, 'parse');
	const stepped = reports.slice(1);
	t.true(stepped.slice(1).every((report, index) => report.turns > stepped[index]!.turns), reports.map(report => `${report.phase} ${report.done} @${report.turns}`).join(', '));
});

test('a load in slices gives the same workspace as one in the default slices', async t => {
	const sliced = await loadWorkspace({directory: example, environment: {}, sliceMilliseconds: 0});
	const whole = await exampleWorkspace;
	t.deepEqual([...sliced.instances.moduleInstances.keys()], [...whole.instances.moduleInstances.keys()]);
	t.deepEqual([...sliced.instances.resourceInstances.keys()], [...whole.instances.resourceInstances.keys()]);
	t.deepEqual([...sliced.instances.resources.keys()], [...whole.instances.resources.keys()]);
	t.deepEqual(sliced.diagnostics.map(diagnostic => diagnostic.summary), whole.diagnostics.map(diagnostic => diagnostic.summary));
	t.is(formatValue(sliced.evaluateAt('module.network["eu"].subnet_cidrs.public[2]').value), '"10.10.32.0/20"');
});

test('the module tree steps yield once per directory read and return the whole tree', t => {
	const steps = loadModuleTreeSteps(example);
	const counts: number[] = [];
	let step = steps.next();
	while (!step.done) {
		counts.push(step.value);
		step = steps.next();
	}

	t.deepEqual(counts, [1, 2, 3, 4]);
	const shape = (node: ModuleNode): string[] => [`${node.path.join('.') || 'root'} ${node.source.kind}`, ...[...node.children.values()].flatMap(child => shape(child))];
	t.deepEqual(shape(step.value.root), ['root root', 'network local', 'network.flow_logs local', 'app local']);
	t.deepEqual(shape(loadModuleTree(example).root), shape(step.value.root));
	t.deepEqual([...step.value.sources.keys()], [...loadModuleTree(example).sources.keys()]);
});

test('with on-demand expansion, loading makes no instances (no expand phase), and the first question makes the same ones, with the same diagnostics', async t => {
	const phases = new Set<string>();
	const options = {
		directory: example,
		environment: {},
		// One assumption that names nothing: its warning is found in the instances.
		assumptions: [{kind: 'text' as const, text: 'aws_nothing.here={}'}],
	};
	const lazy = await loadWorkspace({
		...options,
		expansion: 'on-demand',
		onProgress(progress) {
			phases.add(progress.phase);
		},
	});
	t.deepEqual([...phases], ['parse', 'modules']);
	const eager = await loadWorkspace(options);
	// The block graph needs no instances (what `graph` prints without --instances).
	t.is(exportJson(buildGraph(lazy)), exportJson(buildGraph(eager)));
	t.deepEqual([...phases], ['parse', 'modules'], 'still not expanded');
	t.deepEqual([...lazy.instances.resourceInstances.keys()], [...eager.instances.resourceInstances.keys()]);
	t.deepEqual([...lazy.instances.moduleInstances.keys()], [...eager.instances.moduleInstances.keys()]);
	t.is(lazy.instances, lazy.instances, 'made once');
	t.deepEqual(lazy.startDiagnostics(), eager.startDiagnostics());
	t.deepEqual(lazy.diagnostics, eager.diagnostics);
	t.true(lazy.diagnostics.some(diagnostic => diagnostic.summary === 'Assumption names nothing'));
	t.is(formatValue(lazy.evaluateAt('module.network["eu"].subnet_cidrs.public[2]').value), '"10.10.32.0/20"');
	const relabelled = await lazy.withAssumptions([]);
	t.deepEqual([...relabelled.instances.resourceInstances.keys()], [...eager.instances.resourceInstances.keys()]);
});

test('with on-demand expansion, a question about values comes first and still finds the instances', async t => {
	const lazy = await loadWorkspace({directory: example, environment: {}, expansion: 'on-demand'});
	const eager = await exampleWorkspace;
	t.is(formatValue(lazy.evaluateAt('aws_s3_bucket.logs["audit"].bucket').value), '"atlas-prod-audit-logs"');
	t.deepEqual(lazy.diagnostics.map(diagnostic => diagnostic.summary), eager.diagnostics.map(diagnostic => diagnostic.summary));
});

/** Every module and resource instance with its printed value, and every diagnostic: what a whole load gives. */
function everything(workspace: Awaited<typeof exampleWorkspace>): string[] {
	return [
		...[...workspace.instances.moduleInstances.keys()].map(text => `module ${text}`),
		...[...workspace.instances.resourceInstances].map(([text, instance]) => `${text} = ${formatValue(instance.value)}`),
		...workspace.diagnostics.map(diagnostic => `${diagnostic.severity} ${diagnostic.summary} ${diagnostic.detail ?? ''}`),
	];
}

test('expansion in the background: the walk goes on in slices, its partial tree grows, and the instances, values and diagnostics are those of a whole load', async t => {
	const whole = everything(await exampleWorkspace);
	const workspace = await loadWorkspace({directory: example, environment: {}, expansion: 'background'});
	const first = workspace.expanding;
	t.truthy(first);
	t.is(first!.partial.root.text, '');
	t.true(first!.partial.moduleInstances.has(''));
	await workspace.finishExpansion(0);
	t.is(workspace.expanding, undefined);
	t.deepEqual(everything(workspace), whole);
	// Done: finishing again changes nothing.
	await workspace.finishExpansion(0);
	t.deepEqual(everything(workspace), whole);
});

test('expansion in the background: reading the instances half-way makes the rest at once, by the same walk; a stopped walk stays where it is', async t => {
	const whole = everything(await exampleWorkspace);
	const workspace = await loadWorkspace({directory: example, environment: {}, expansion: 'background'});
	const stop = new AbortController();
	stop.abort();
	await workspace.finishExpansion(0, stop.signal);
	t.truthy(workspace.expanding);
	t.deepEqual(everything(workspace), whole);
	t.is(workspace.expanding, undefined);
});
